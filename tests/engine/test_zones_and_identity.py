"""Zones and object identity (rule 400.7)."""

from __future__ import annotations

import pytest

from kb.engine import Game, Player, UnknownCard, Zone, ablated


def test_a_card_changing_zones_becomes_a_new_object(game: Game, alice: Player) -> None:
    bears = game.hand_add("Grizzly Bears", alice)
    before = bears.object_id
    game.add_mana(alice, "{G}{C}")
    game.cast(bears)
    on_stack = bears.object_id
    game.resolve()
    assert len({before, on_stack, bears.object_id}) == 3
    assert bears.zone is Zone.BATTLEFIELD


def test_with_400_7_ablated_the_object_keeps_its_identity(game: Game, alice: Player) -> None:
    bears = game.hand_add("Grizzly Bears", alice)
    before = bears.object_id
    game.add_mana(alice, "{G}{C}")
    with ablated({"400.7"}):
        game.cast(bears)
    assert bears.object_id == before


def test_library_is_ordered_top_first(game: Game, alice: Player) -> None:
    first = game.library_add("Forest", alice)
    second = game.library_add("Island", alice)
    assert alice.library == [first, second]


def test_cards_exiled_are_face_up_unless_exiled_face_down(game: Game, alice: Player, bob: Player) -> None:
    rona = game.battlefield_add("Rona, Disciple of Gix", alice, summoning_sick=False)
    top = game.library_add("Forest", alice)
    hidden = game.exile_add("Island", alice, face_down=True)
    game.add_mana(alice, "{C}{C}{C}{C}")
    game.activate(rona)
    game.resolve()
    assert (top.face_up, top.visible_to(bob)) == (True, True)
    assert (hidden.face_up, hidden.visible_to(bob)) == (False, False)
    placed = game.exile_add("Island", alice)  # a scenario's exiled card is face up too, unless it says otherwise
    assert (placed.face_up, placed.visible_to(bob)) == (True, True)


def test_exiled_with_forgets_a_source_that_changed_zones(game: Game, alice: Player) -> None:
    rona = game.battlefield_add("Rona, Disciple of Gix", alice, summoning_sick=False)
    game.library_add("Forest", alice)
    unsummon = game.hand_add("Unsummon", alice)
    game.add_mana(alice, "{C}{C}{C}{C}{U}")
    game.activate(rona)
    game.resolve()
    assert len(game.exiled_with(rona)) == 1
    game.cast(unsummon, targets=[rona])
    game.resolve()
    assert rona.zone is Zone.HAND
    assert game.exiled_with(rona) == []


def test_an_unknown_card_name_is_a_clear_error(game: Game, alice: Player) -> None:
    with pytest.raises(UnknownCard, match="Rona, Disciple of Gix"):
        game.battlefield_add("Rona, Disciple of Gixx", alice)
