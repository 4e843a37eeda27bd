"""Cumulative upkeep: a payment is the player's stated choice, and an impossible one is refused."""

from __future__ import annotations

import pytest

from kb.engine import Game, MissingChoice, expect_illegal
from kb.engine.cards.definitions import CardDef
from kb.engine.upkeep import cumulative_upkeep

LIFE_UPKEEP = CardDef(
    name="Life Upkeep",
    mana_cost="{B}",
    types=frozenset({"creature"}),
    power=1,
    toughness=1,
    triggered=(cumulative_upkeep("Pay 3 life"),),
)


def upkeep(life: int) -> tuple[Game, object]:
    game = Game(cards=[LIFE_UPKEEP])
    alice = game.players[0]
    alice.state.life = life
    card = game.battlefield_add("Life Upkeep", alice)
    game.next_turn()
    game.next_turn()
    return game, card


def test_the_engine_never_pays_or_declines_for_the_player() -> None:
    game, _card = upkeep(20)
    with pytest.raises(MissingChoice) as missing:
        game.resolve()
    assert "Life Upkeep's cumulative upkeep" in missing.value.choice
    assert game.stack == ["ability of Life Upkeep"]


def test_life_can_be_paid_only_with_enough_life() -> None:
    game, card = upkeep(2)
    alice = game.players[0]
    alice.will_pay(True)
    with expect_illegal(code="cannot-pay", rule="119.4"):
        game.resolve()
    assert (alice.life, card.counters_of("age")) == (2, 0)
    alice.will_pay(False)
    game.resolve()
    assert card.zone == "graveyard"


def test_an_unknown_cumulative_upkeep_cost_is_an_error() -> None:
    with pytest.raises(ValueError, match="doesn't know the cumulative upkeep cost 'Discard a card'"):
        cumulative_upkeep("Discard a card")
