"""Hybrid and Phyrexian mana: parsing, mana value, colors, announced payments, paying life."""

from __future__ import annotations

import pytest

from kb.engine import Game, MissingChoice, expect_illegal
from kb.engine.cards.parts import Facts, compose
from kb.engine.cards.vocabulary import DefinitionError
from kb.engine.costs import parse_mana_cost
from kb.engine.errors import EngineError


def card(name: str, cost: str, type_line: str = "Creature — Bear", parts: list[tuple[str, object]] | None = None):  # type: ignore[no-untyped-def]
    return compose(Facts(name, cost, type_line, power="2", toughness="2"), parts or [])


@pytest.fixture
def hybrid_game() -> Game:
    return Game(
        cards=[
            card("Kitchen Bear", "{1}{G/W}{G/W}"),
            card("Beseech Bear", "{2/B}"),
            card("Mite Bear", "{U/P}"),
            card("Glint Bear", "{G/U/P}"),
        ]
    )


def test_parsing_keeps_hybrid_symbols_and_refuses_unknown_ones() -> None:
    cost = parse_mana_cost("{1}{G/W}{2/B}{W/P}{G/U/P}")
    assert (cost.generic, cost.hybrid, cost.mana_value()) == (1, ("G/W", "2/B", "W/P", "G/U/P"), 1 + 1 + 2 + 1 + 1)
    for bad in ("{G/G}", "{2/2}", "{C/P}", "{G/W/U}"):
        with pytest.raises(EngineError, match="not supported"):
            parse_mana_cost(bad)


def test_colors_of_hybrid_and_phyrexian_costs(hybrid_game: Game) -> None:
    alice = hybrid_game.players[0]
    found = [hybrid_game.hand_add(n, alice).colors for n in ("Kitchen Bear", "Beseech Bear", "Mite Bear", "Glint Bear")]
    assert found == [["white", "green"], ["black"], ["blue"], ["blue", "green"]]


def test_a_missing_or_miscounted_announcement_is_refused_and_nothing_is_paid(hybrid_game: Game) -> None:
    alice = hybrid_game.players[0]
    bear = hybrid_game.hand_add("Kitchen Bear", alice)
    hybrid_game.add_mana(alice, "{G}{G}{C}")
    with pytest.raises(MissingChoice, match=r"\{G/W\}\{G/W\}"):
        hybrid_game.cast(bear)
    with expect_illegal(code="hybrid-announcement", rule="601.2b"):
        hybrid_game.cast(bear, hybrid=["G"])
    assert (bear.zone, alice.mana_pool) == ("hand", "{G}{G}{C}")
    hybrid_game.cast(bear, hybrid=["G", "G"])
    assert alice.mana_pool == "empty"


def test_an_announcement_for_a_cost_without_hybrid_symbols_is_refused(game: Game) -> None:
    alice = game.players[0]
    bears = game.hand_add("Grizzly Bears", alice)
    game.add_mana(alice, "{G}{G}")
    with expect_illegal(code="no-hybrid"):
        game.cast(bears, hybrid=["G"])


def test_two_generic_for_a_monocolored_hybrid_symbol(hybrid_game: Game) -> None:
    alice = hybrid_game.players[0]
    first, second = (hybrid_game.hand_add("Beseech Bear", alice) for _ in range(2))
    hybrid_game.add_mana(alice, "{R}")
    with expect_illegal(code="cannot-pay"):
        hybrid_game.cast(first, hybrid=["2"])  # two mana, not one
    hybrid_game.add_mana(alice, "{G}")
    hybrid_game.cast(first, hybrid=["2"])
    hybrid_game.resolve()
    hybrid_game.add_mana(alice, "{B}")
    hybrid_game.cast(second, hybrid=["B"])
    assert alice.mana_pool == "empty"


def test_life_for_phyrexian_symbols_needs_that_much_life(hybrid_game: Game) -> None:
    alice = hybrid_game.players[0]
    mite, glint = hybrid_game.hand_add("Mite Bear", alice), hybrid_game.hand_add("Glint Bear", alice)
    alice.state.life = 2
    hybrid_game.cast(mite, hybrid=["life"])  # exactly 2 life is enough (rule 119.4)
    hybrid_game.resolve()
    assert alice.life == 0
    with expect_illegal(code="cannot-pay-life", rule="119.4"):
        hybrid_game.cast(glint, hybrid=["life"])
    hybrid_game.add_mana(alice, "{U}")
    hybrid_game.cast(glint, hybrid=["U"])  # either color of a hybrid Phyrexian symbol
    assert alice.mana_pool == "empty"


def test_mana_for_each_creature_you_control_counts_as_it_resolves() -> None:
    cradle = compose(Facts("Cradle", "", "Land"), [("mana", {"add": "{G}", "for_each": "creature you control"})])
    g = Game(cards=[cradle])
    alice, bob = g.players
    land = g.battlefield_add("Cradle", alice)
    for owner in (alice, alice, bob):
        g.battlefield_add("Grizzly Bears", owner)
    g.activate_mana_ability(land)
    assert alice.mana_pool == "{G}{G}"
    with pytest.raises(DefinitionError, match="multiplies fixed mana"):
        compose(Facts("Odd", "", "Land"), [("mana", {"add": "any color", "for_each": "creature you control"})])
