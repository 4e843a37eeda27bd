"""Delayed triggered abilities (rule 603.7): created as a spell or ability resolves, they wait for a later event
("When this creature leaves the battlefield this turn, …", "When this creature becomes untapped, …"), trigger
once, and refer to one object (400.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import Effect, Trigger, TriggeredAbility
from kb.engine.events import BecameUntapped, Event, ZoneChange
from kb.engine.rules_registry import implements
from kb.engine.state import DelayedTrigger, PendingTrigger, Zone

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext
    from kb.engine.game import Game

PREFIX = "delayed-"
LEAVES, UNTAPS = "leaves the battlefield", "becomes untapped"


def when_source(ctx: EffectContext, event: str, text: str, effect: Effect, *, this_turn: bool) -> None:
    """The resolving ability creates 'When this creature [event] (this turn), [effect]': "this creature" is the
    object the ability came from (rule 113.7a)."""
    state = ctx.game.state
    delayed = DelayedTrigger(
        key=f"{PREFIX}{state.new_id()}",
        text=text,
        controller=ctx.controller.index,
        source_card=ctx.source.card_id,
        source_object=ctx.item.source_object or ctx.source.object_id,
        watched_object=ctx.item.source_object or ctx.source.object_id,
        effect=effect,
        turn=state.turn if this_turn else None,
        event=event,
    )
    create_delayed_trigger(ctx.game, delayed)


def _fires_for_earlier_events(game: Game, delayed: DelayedTrigger) -> None:
    """Without rule 603.7a a delayed ability would also see its trigger event from before it was created."""
    game.state.delayed_triggers.append(delayed)
    if (delayed.event, delayed.watched_object) in game.state.happened:
        _trigger(game, delayed)


@implements(
    "603.7a",
    "a delayed triggered ability won't trigger until it is created, even if its event occurred just before",
    when_ablated=_fires_for_earlier_events,
)
def create_delayed_trigger(game: Game, delayed: DelayedTrigger) -> None:
    game.state.delayed_triggers.append(delayed)
    game.log(f"a delayed triggered ability is created: {delayed.text}")


def check_delayed_triggers(game: Game, event: Event) -> None:
    """Notice objects leaving the battlefield or becoming untapped, and the delayed abilities waiting for them."""
    if isinstance(event, ZoneChange):
        seen = [(LEAVES, m.old_object) for m in event.moves if m.from_zone is Zone.BATTLEFIELD]
    elif isinstance(event, BecameUntapped):
        seen = [(UNTAPS, event.object_id)]
    else:
        return
    state = game.state
    for happening in seen:
        state.happened.append(happening)
        for delayed in state.delayed_triggers:
            current = delayed.turn is None or delayed.turn == state.turn
            if not delayed.fired and current and (delayed.event, delayed.watched_object) == happening:
                _trigger(game, delayed)


def _trigger(game: Game, delayed: DelayedTrigger, data: dict[str, Any] | None = None) -> None:
    delayed.fired = True  # a delayed triggered ability triggers only once
    game.log(f"a delayed triggered ability triggers: {delayed.text}")
    game.state.pending_triggers.append(
        PendingTrigger(delayed.source_card, delayed.source_object, delayed.controller, delayed.key, dict(data or {}))
    )


def delayed_ability(game: Game, key: str) -> TriggeredAbility:
    """The delayed ability called `key`, as a triggered ability the stack can hold and resolve."""
    delayed = next(d for d in game.state.delayed_triggers if d.key == key)
    never = Trigger(delayed.text, lambda _source, _event: 0)  # it has already triggered: nothing else triggers it
    return TriggeredAbility(key, delayed.text, never, delayed.effect, target=delayed.target)
