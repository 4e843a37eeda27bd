"""A permanent becoming tapped or untapped (rule 701.26) as an event: "whenever a permanent becomes tapped" triggers see
a permanent already on the battlefield change from untapped to tapped, never one that enters tapped (603.2f)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine.events import BecameTapped, BecameUntapped, Event, ZoneChange
from kb.engine.rules_registry import implements
from kb.engine.state import Zone

if TYPE_CHECKING:
    from kb.engine.cards.definitions import CardDef
    from kb.engine.game import Game
    from kb.engine.handles import Card


def become_tapped(game: Game, permanent: Card) -> None:
    """Tap an untapped permanent and report it; tapping a tapped one changes nothing and reports nothing."""
    if not permanent.state.tapped:
        permanent.state.tapped = True
        game.emit(BecameTapped(permanent.card_id))


def become_untapped(game: Game, permanent: Card) -> None:
    """Untap a tapped permanent and report it."""
    if permanent.state.tapped:
        permanent.state.tapped = False
        game.emit(BecameUntapped(permanent.card_id, permanent.object_id))


def _entering_tapped_too(game: Game, event: Event, quality: Callable[[CardDef], bool]) -> int:
    """Without rule 603.2f a permanent entering the battlefield tapped would count as becoming tapped."""
    entering = 0
    if isinstance(event, ZoneChange):
        for move in event.moves:
            card = game.card(move.card_id)
            if move.to_zone is Zone.BATTLEFIELD and card.tapped and quality(card.definition):
                entering += 1
    return entering + _became_tapped(game, event, quality)


def _became_tapped(game: Game, event: Event, quality: Callable[[CardDef], bool]) -> int:
    return int(isinstance(event, BecameTapped) and quality(game.card(event.card_id).definition))


@implements(
    "603.2f",
    "'becomes tapped' triggers only when a permanent on the battlefield changes from untapped to tapped",
    when_ablated=_entering_tapped_too,
)
def times_became_tapped(game: Game, event: Event, quality: Callable[[CardDef], bool]) -> int:
    """How many permanents matching `quality` became tapped in `event`."""
    return _became_tapped(game, event, quality)
