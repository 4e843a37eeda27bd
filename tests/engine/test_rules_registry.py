"""The @implements registry: coverage, tracking and ablation."""

from __future__ import annotations

import pytest

from kb.engine import Game, UnknownRule, ablated, expect_illegal, implemented_rules, tracking


def test_implemented_rules_lists_the_seed_rules_in_order() -> None:
    rules = implemented_rules()
    for rule in ("106.5", "106.7", "106.12", "106.12a", "106.12b", "107.3m", "107.5", "107.6", "302.6", "400.7"):
        assert rules[rule]
    assert list(rules).index("106.12") < list(rules).index("106.12a") < list(rules).index("107.3m")


def test_tracking_records_the_rules_that_ran() -> None:
    game = Game()
    alice = game.players[0]
    elves = game.battlefield_add("Llanowar Elves", alice)
    with tracking() as exercised, expect_illegal(code="summoning-sick"):
        game.activate_mana_ability(elves)
    assert "302.6" in exercised
    assert "400.7" not in exercised


def test_ablating_summoning_sickness_lets_a_new_creature_tap() -> None:
    game = Game()
    alice = game.players[0]
    elves = game.battlefield_add("Llanowar Elves", alice)
    with ablated({"302.6"}):
        game.activate_mana_ability(elves)
    assert alice.mana_pool == "{G}"


def test_ablation_ends_with_the_block() -> None:
    game = Game()
    alice = game.players[0]
    elves = game.battlefield_add("Llanowar Elves", alice)
    with ablated({"302.6"}):
        pass
    with expect_illegal(code="summoning-sick"):
        game.activate_mana_ability(elves)


def test_ablating_an_unknown_rule_is_an_error() -> None:
    with pytest.raises(UnknownRule, match=r"no engine code implements rule\(s\): 999\.1"), ablated({"999.1"}):
        pass
