"""Keyword abilities that are triggered abilities (cascade, undying): a card with the keyword has the trigger.

The `keywords` part gives a card these abilities along with the keyword, so no card writes them out.
"""

from __future__ import annotations

from typing import Any

from kb.engine.cards.definitions import Trigger, TriggeredAbility, when_self_cast
from kb.engine.effects import EffectContext
from kb.engine.events import Event, ZoneChange
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_card


@implements("702.93a", "undying: when it dies without +1/+1 counters, it returns with a +1/+1 counter", when_ablated=lambda *_: 0)
def undying_returns(source: Any, event: Event) -> int:
    """Whether this event put `source` into a graveyard from the battlefield without +1/+1 counters, as it last
    existed there (its last known information, rule 603.10a)."""
    if not isinstance(event, ZoneChange) or "undying" not in source.definition.keywords:
        return 0
    return sum(
        1
        for m in event.moves
        if m.card_id == source.card_id
        and m.from_zone is Zone.BATTLEFIELD
        and m.to_zone is Zone.GRAVEYARD
        and not dict(m.counters).get("+1/+1")
    )


def _return_with_counter(ctx: EffectContext) -> None:
    card = ctx.source
    if card.zone is Zone.GRAVEYARD and card.object_id == ctx.item.source_object:
        move_card(ctx.game, card, Zone.BATTLEFIELD, controller=card.owner)
        ctx.put_counters(card, 1)


def _cascade(ctx: EffectContext) -> None:
    ctx.cascade()


TRIGGERED_KEYWORDS = {
    # rule 702.85a: "When you cast this spell, …"
    "cascade": TriggeredAbility("cascade", "Cascade", when_self_cast(), _cascade, zones=frozenset({Zone.STACK})),
    "undying": TriggeredAbility(
        "undying",
        "Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield under its "
        "owner's control with a +1/+1 counter on it.)",
        Trigger("when this dies without +1/+1 counters", undying_returns),
        _return_with_counter,
        zones=frozenset({Zone.GRAVEYARD}),
    ),
}
