"""Effects that can't be done in full do as much as possible (rule 609.3): discarding more cards than a
player holds, moving more cards out of a library than it has."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.keywords import discard_card
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_cards

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Player

T = TypeVar("T")


def _all_or_nothing(wanted: int, available: Sequence[T]) -> list[T]:
    """Without rule 609.3 an effect that can't be done in full would not be done at all."""
    return list(available) if len(available) >= wanted else []


@implements("609.3", "an effect that attempts something impossible does only as much as possible", when_ablated=_all_or_nothing)
def as_much_as_possible(wanted: int, available: Sequence[T]) -> list[T]:
    """All of `available` when it is no more than `wanted`; otherwise the caller chooses `wanted` of them."""
    return list(available)


def discard(game: Game, player: Player, count: int) -> None:
    """`player` discards `count` cards: all of them when that is all they hold, else the ones they stated
    with `player.will_discard(...)` (rule 608.2d: chosen as the effect is applied)."""
    hand = player.hand
    if len(hand) > count:
        stated = player.state.discards
        if stated is None:
            raise MissingChoice(f"which {count} cards {player} discards", "call player.will_discard(...) before it resolves")
        player.state.discards = None
        chosen = [game.card(i) for i in stated]
        if len(set(stated)) != count or any(c not in hand for c in chosen):
            raise IllegalAction("discard-choice", "608.2d", f"{player} must discard {count} different cards from their hand")
        cards = chosen
    else:
        cards = as_much_as_possible(count, hand)
    for card in cards:
        discard_card(game, player, card)


def library_to_graveyard(game: Game, player: Player, count: int) -> None:
    """'Put the top N cards of your library into your graveyard': as many as there are (rule 609.3)."""
    library = player.library
    cards = library[:count] if len(library) > count else as_much_as_possible(count, library)
    move_cards(game, cards, Zone.GRAVEYARD)
