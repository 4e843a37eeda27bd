"""Exile "until this leaves the battlefield" (rule 610.3): a second one-shot effect, created when the source
leaves, returns the exiled card under its owner's control (610.3c); returns that follow simultaneous events are
simultaneous (610.3d). If the source left before the exile would happen, nothing is exiled (610.3b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.events import Event, ZoneChange
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_cards

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext
    from kb.engine.game import Game
    from kb.engine.handles import Card


def exile_until_source_leaves(ctx: EffectContext, cards: list[Card]) -> None:
    """Exile `cards` until the ability's source leaves the battlefield; not at all if it already has (610.3b)."""
    source = ctx.source
    if source.zone is not Zone.BATTLEFIELD or source.object_id != (ctx.item.source_object or source.object_id):
        ctx.game.log(f"{source} has already left the battlefield: nothing is exiled (rule 610.3b)")
        return
    moved = move_cards(ctx.game, [c for c in cards if c.zone is Zone.BATTLEFIELD], Zone.EXILE)
    for move in moved:
        ctx.game.state.until_leaves.append((source.object_id, move.card_id, move.new_object))


def _one_at_a_time(game: Game, cards: list[Card]) -> None:
    """Without rule 610.3d each return would be its own event, one after the other."""
    for card in cards:
        move_cards(game, [card], Zone.BATTLEFIELD)


@implements(
    "610.3d",
    "the returns created by simultaneous events happen simultaneously, as one event",
    when_ablated=_one_at_a_time,
)
def return_together(game: Game, cards: list[Card]) -> None:
    move_cards(game, cards, Zone.BATTLEFIELD)  # under their owners' control (rule 610.3c)


def return_exiled_cards(game: Game, event: Event) -> None:
    """After an event in which sources left the battlefield, return what each exiled until then."""
    if not isinstance(event, ZoneChange):
        return
    left = {m.old_object for m in event.moves if m.from_zone is Zone.BATTLEFIELD}
    state = game.state
    due = [link for link in state.until_leaves if link[0] in left]
    if not due:
        return
    state.until_leaves = [link for link in state.until_leaves if link[0] not in left]
    # A card that left exile meanwhile is a new object (rule 400.7): it doesn't return.
    cards = [game.card(card_id) for _, card_id, object_id in due if game.card(card_id).object_id == object_id]
    if cards:
        return_together(game, cards)
