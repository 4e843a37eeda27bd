"""Triggered abilities (rule 603): noticing trigger events and putting triggered abilities on the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import Trigger, TriggeredAbility
from kb.engine.events import Event, SpellCast, TappedForMana, ZoneChange
from kb.engine.rules_registry import implements
from kb.engine.state import PendingTrigger, StackItem, Zone
from kb.engine.targets import choose_targets

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card


@implements("603.2", "an ability triggers whenever a game event matches its trigger event")
def check_triggers(game: Game, event: Event) -> None:
    from kb.engine.delayed import check_delayed_triggers
    from kb.engine.state_triggers import check_state_triggers
    from kb.engine.until import return_exiled_cards

    check_delayed_triggers(game, event)
    check_state_triggers(game)
    for card_state in list(game.state.cards.values()):
        source = game.card(card_state.card_id)
        for ability in source.definition.triggered:
            if zone_for_trigger(source, ability.trigger, event) not in ability.zones:
                continue
            times = times_triggered(ability.trigger, ability.trigger.occurrences(source, event))
            if times and ability.intervening_if is not None and not check_intervening_if(ability, source):
                continue
            data = _what_it_saw(event)
            for _ in range(times):
                game.log(f"{source}'s ability triggers: {ability.text}")
                if resolves_at_once(ability):
                    resolve_mana_trigger(game, source, ability, data)
                    continue
                game.state.pending_triggers.append(
                    PendingTrigger(source.card_id, source.object_id, source.controller.index, ability.key, data)
                )
    return_exiled_cards(game, event)  # rule 610.3: a one-shot effect created right after the event


def _what_it_saw(event: Event) -> dict[str, Any]:
    """What a triggered ability remembers of its trigger event: who tapped and what was made, or who cast."""
    if isinstance(event, TappedForMana):
        return {"player": event.controller, "produced": list(event.mana)}
    if isinstance(event, SpellCast):
        return {"that player": event.controller}
    return {}


def _where_it_is_now(source: Card, trigger: Trigger, event: Event) -> Zone:
    """Without rule 603.10a a trigger would see only the game after the event: a source that left with the
    objects it watches would not see them go."""
    return source.zone


@implements(
    "603.10a",
    "leaves-the-battlefield abilities look back in time: a source that leaves in the same event still triggers",
    when_ablated=_where_it_is_now,
)
def zone_for_trigger(source: Card, trigger: Trigger, event: Event) -> Zone:
    """Where `source` is for `trigger`: for a trigger that looks back, where it was just before `event`."""
    if trigger.looks_back and isinstance(event, ZoneChange):
        for move in event.moves:
            if move.card_id == source.card_id and move.from_zone is not None:
                return move.from_zone
    return source.zone


@implements(
    "605.1b",
    "a triggered mana ability (triggered by mana production, adding mana, no target) resolves at once",
    when_ablated=lambda _ability: False,
)
def resolves_at_once(ability: TriggeredAbility) -> bool:
    return ability.mana_ability


def resolve_mana_trigger(game: Game, source: Card, ability: TriggeredAbility, data: dict[str, int]) -> None:
    """Rule 605.3b: a mana ability doesn't go on the stack; it resolves right after it triggers."""
    from kb.engine.effects import EffectContext

    item = StackItem(
        item_id=game.state.new_id(),
        controller=source.controller.index,
        source_card=source.card_id,
        source_object=source.object_id,
        ability=ability.key,
        kind="triggered",
        data=dict(data),
    )
    ability.effect(EffectContext(game, item, source))


def _not_by_occurrence(trigger: Trigger, occurrences: int) -> int:
    """Without rule 603.2c the count of triggers is not tied to occurrences: 'one or more' would trigger per card,
    and a trigger watching each card would trigger once per event."""
    return occurrences if trigger.batched else min(occurrences, 1)


@implements(
    "603.2c",
    "a trigger fires once per event, or once per occurrence when an event holds several",
    when_ablated=_not_by_occurrence,
)
def times_triggered(trigger: Trigger, occurrences: int) -> int:
    """'Whenever one or more …' triggers once for the whole event; other triggers once per occurrence."""
    if occurrences == 0:
        return 0
    return 1 if trigger.batched else occurrences


@implements(
    "603.4",
    "an intervening 'if' clause is checked when the ability triggers and as it resolves",
    when_ablated=lambda *_args: True,
)
def check_intervening_if(ability: TriggeredAbility, source: Card) -> bool:
    assert ability.intervening_if is not None
    return ability.intervening_if(source)


def triggered_ability(source: Card, key: str) -> TriggeredAbility:
    """One of `source`'s triggered abilities, or a delayed one it created (kb.engine.delayed)."""
    from kb.engine.delayed import PREFIX, delayed_ability

    if key.startswith(PREFIX):
        return delayed_ability(source.game, key)
    return next(a for a in source.definition.triggered if a.key == key)


@implements("603.3", "triggered abilities go on the stack the next time a player would receive priority, in APNAP order")
def put_triggers_on_stack(game: Game) -> None:
    from kb.engine.state_triggers import check_state_triggers

    state = game.state
    check_state_triggers(game)
    while state.pending_triggers:
        pending = sorted(state.pending_triggers, key=lambda p: (p.controller - state.active) % len(state.players))
        state.pending_triggers = []
        for trigger in pending:
            source = game.card(trigger.source_card)
            ability = triggered_ability(source, trigger.ability)
            controller = game.players[trigger.controller]
            targets = choose_targets(game, controller, source, ability.target, kind="triggered", optional=ability.optional)
            if targets is None:
                game.log(f"{source}'s ability is removed: no target chosen (rule 603.3d)")
                continue
            state.stack.append(
                StackItem(
                    item_id=state.new_id(),
                    controller=trigger.controller,
                    source_card=source.card_id,
                    source_object=trigger.source_object,
                    ability=ability.key,
                    kind="triggered",
                    targets=targets,
                    data=dict(trigger.data),
                )
            )
