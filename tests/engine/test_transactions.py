"""An illegal action leaves the game exactly as it was before the attempt."""

from __future__ import annotations

import copy

from kb.engine import Game, Player, expect_illegal
from kb.engine.state import GameState


def snapshot(game: Game) -> object:
    return _without_rng(copy.deepcopy(game.state))


def test_a_refused_cast_restores_everything(game: Game, alice: Player) -> None:
    rites = game.hand_add("Village Rites", alice)
    game.add_mana(alice, "{B}")
    before = snapshot(game)
    with expect_illegal(code="additional-cost-unpaid"):
        game.cast(rites)  # it was already moved to the stack and its X announced when the cost failed
    assert snapshot(game) == before
    assert rites.zone == "hand"


def test_a_refusal_half_way_through_payment_undoes_the_payment(game: Game, alice: Player) -> None:
    wurm = game.hand_add("Craw Wurm", alice)
    altar = game.battlefield_add("Ashnod's Altar", alice)
    bears = game.battlefield_add("Grizzly Bears", alice)
    before = snapshot(game)
    with expect_illegal(code="cannot-pay"), game.casting(wurm):
        game.activate_mana_ability(altar, sacrifice=[bears])  # {C}{C} is not {4}{G}{G}
    assert snapshot(game) == before
    assert bears.zone == "battlefield"


def test_a_refused_mana_ability_pays_nothing(game: Game, alice: Player) -> None:
    pili_pala = game.battlefield_add("Pili-Pala", alice, tapped=True)  # summoning sick
    game.add_mana(alice, "{C}{C}")
    before = snapshot(game)
    with expect_illegal(code="summoning-sick"):
        game.activate_mana_ability(pili_pala, color="G")
    assert snapshot(game) == before


def test_a_refused_trigger_target_leaves_the_spell_on_the_stack(game: Game, alice: Player) -> None:
    rona = game.hand_add("Rona, Disciple of Gix", alice)
    bears = game.graveyard_add("Grizzly Bears", alice)
    game.add_mana(alice, "{U}{B}{C}")
    game.cast(rona)
    alice.will_target(bears)
    with expect_illegal(code="illegal-target", rule="700.6"):
        game.resolve()
    assert (game.stack, rona.zone) == (["Rona, Disciple of Gix"], "stack")


def test_the_copy_a_transaction_restores_shares_nothing_that_changes(game: Game, alice: Player) -> None:
    """kb.engine.state.Copied: what changes in the live state after the copy never reaches the copy, shuffles included."""
    bears = game.battlefield_add("Grizzly Bears", alice)
    game.library_add("Forest", alice)
    game.library_add("Island", alice)
    game.add_mana(alice, "{G}")
    copied = copy.deepcopy(game.state)
    assert snapshot(game) == _without_rng(copy.deepcopy(copied))

    game.state.cards[bears.card_id].counters["+1/+1"] = 2
    game.state.players[0].mana_pool.clear()
    game.state.libraries[0].reverse()
    game.state.log.append("later")
    next_numbers = [game.state.rng.random() for _ in range(3)]

    assert copied.cards[bears.card_id].counters == {}
    assert copied.players[0].mana_pool == {"G": 1}
    assert copied.libraries[0] == game.state.libraries[0][::-1]
    assert "later" not in copied.log
    assert [copied.rng.random() for _ in range(3)] == next_numbers  # the generator, copied at the same point


def _without_rng(state: GameState) -> GameState:
    state.rng = None  # type: ignore[assignment]  # Random objects don't compare by value
    return state
