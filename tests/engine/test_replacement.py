"""Replacement effects on mana production and on entering the battlefield."""

from __future__ import annotations

from kb.engine import Game, Player, ablated


def test_mana_reflection_doubles_only_for_its_controller(game: Game, alice: Player, bob: Player) -> None:
    game.battlefield_add("Mana Reflection", alice)
    mine, theirs = game.battlefield_add("Forest", alice), game.battlefield_add("Forest", bob)
    game.activate_mana_ability(mine)
    game.pass_priority()
    game.activate_mana_ability(theirs)
    assert (alice.mana_pool, bob.mana_pool) == ("{G}{G}", "{G}")


def test_contamination_turns_land_mana_black(game: Game, alice: Player) -> None:
    game.battlefield_add("Contamination", alice)
    island = game.battlefield_add("Island", alice)
    game.activate_mana_ability(island)
    assert alice.mana_pool == "{B}"


def test_replacement_switched_off(game: Game, alice: Player) -> None:
    game.battlefield_add("Contamination", alice)
    island = game.battlefield_add("Island", alice)
    with ablated({"106.12b"}):
        game.activate_mana_ability(island)
    assert alice.mana_pool == "{U}"


def test_enters_with_x_counters_uses_the_spells_x(game: Game, alice: Player) -> None:
    ballista = game.hand_add("Walking Ballista", alice)
    game.add_mana(alice, "{C}{C}")
    game.cast(ballista, x=1)
    game.resolve()
    assert ballista.counters == 1
    assert (ballista.x, ballista.mana_value) == (0, 0)  # rule 107.3m: the permanent's own X is 0
