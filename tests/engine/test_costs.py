"""Costs: mana, X, {T}, {Q}, summoning sickness, additional and alternative costs, delve."""

from __future__ import annotations

from kb.engine import Game, Player, expect_illegal
from kb.engine.costs import parse_mana_cost


def test_parse_mana_cost() -> None:
    cost = parse_mana_cost("{X}{X}{1}{U}{B}")
    assert (cost.generic, cost.x_count, cost.mana_value(3)) == (1, 2, 9)


def test_generic_mana_is_paid_with_any_type(game: Game, alice: Player) -> None:
    bears = game.hand_add("Grizzly Bears", alice)
    game.add_mana(alice, "{G}{R}")
    game.cast(bears)
    assert alice.mana_pool == "empty"


def test_colored_mana_must_match(game: Game, alice: Player) -> None:
    bears = game.hand_add("Grizzly Bears", alice)
    game.add_mana(alice, "{R}{R}")
    with expect_illegal(code="cannot-pay"):
        game.cast(bears)


def test_haste_ignores_summoning_sickness(game: Game, alice: Player) -> None:
    laelia = game.battlefield_add("Laelia, the Blade Reforged", alice)
    bears = game.battlefield_add("Grizzly Bears", alice)
    with expect_illegal(code="summoning-sick", rule="302.6"):
        game.attack(bears)
    game.attack(laelia)
    assert laelia.tapped


def test_x_is_zero_off_the_stack(game: Game, alice: Player) -> None:
    ballista = game.hand_add("Walking Ballista", alice)
    assert (ballista.x, ballista.mana_value) == (0, 0)
    game.add_mana(alice, "{C}{C}{C}{C}{C}{C}")
    game.cast(ballista, x=3)
    assert ballista.mana_value == 6
    game.resolve()
    assert (ballista.counters, ballista.mana_value) == (3, 0)


def test_ballista_with_x_zero_dies_to_state_based_actions(game: Game, alice: Player) -> None:
    ballista = game.hand_add("Walking Ballista", alice)
    game.cast(ballista, x=0)
    game.resolve()
    assert ballista.zone == "graveyard"


def test_jodahs_alternative_cost_with_an_additional_cost(game: Game, alice: Player) -> None:
    jodah = game.battlefield_add("Jodah, Archmage Eternal", alice)
    elves = game.battlefield_add("Llanowar Elves", alice)
    rites = game.hand_add("Village Rites", alice)
    game.add_mana(alice, "{W}{U}{B}{R}{G}")
    game.cast(rites, alternative=jodah, sacrifice=[elves])  # rule 118.9d: additional costs still apply
    assert (alice.mana_pool, elves.zone) == ("empty", "graveyard")


def test_only_an_offered_alternative_cost_can_be_chosen(game: Game, alice: Player) -> None:
    bears = game.hand_add("Grizzly Bears", alice)
    other = game.battlefield_add("Grizzly Bears", alice)
    game.add_mana(alice, "{W}{U}{B}{R}{G}")
    with expect_illegal(code="no-alternative-cost", rule="118.9"):
        game.cast(bears, alternative=other)


def test_delve_exiles_from_your_graveyard_for_generic_mana_only(game: Game, alice: Player) -> None:
    cruise = game.hand_add("Treasure Cruise", alice)
    graveyard = [game.graveyard_add("Forest", alice) for _ in range(8)]
    game.add_mana(alice, "{U}")
    with expect_illegal(code="cannot-pay", rule="702.66a"):
        game.cast(cruise, delve=graveyard)  # eight cards, but only seven generic mana
    game.cast(cruise, delve=graveyard[:7])
    assert [c.zone for c in graveyard].count("exile") == 7
