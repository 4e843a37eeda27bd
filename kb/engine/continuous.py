"""Continuous effects (rules 611, 613): what they change, for how long, and in which order.

Effects from resolved spells and abilities are state (`GameState.effects`); effects of static
abilities are read from the permanents on the battlefield. Characteristics are computed on demand,
layer by layer: control (613.1b), then abilities (613.1f), then power and toughness (613.1g), each
layer in timestamp order (613.7). Control is also written back into the state whenever it may have
changed, because rule 302.6 needs to know *when* a permanent came under its controller's control.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.cards.definitions import StaticAbility
from kb.engine.rules_registry import implements
from kb.engine.state import ContinuousEffect, Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player

UNTIL_END_OF_TURN = "until end of turn"
UNTIL_YOUR_NEXT_TURN = "until your next turn"
UNTIL_SOURCE_LEAVES = "until this leaves the battlefield"
AS_LONG_AS_YOU_CONTROL_SOURCE = "for as long as you control this"
FOREVER = "indefinitely"  # no duration stated: until the end of the game (rule 611.2a)
DURATIONS = (UNTIL_END_OF_TURN, UNTIL_YOUR_NEXT_TURN, UNTIL_SOURCE_LEAVES, AS_LONG_AS_YOU_CONTROL_SOURCE, FOREVER)
LAYERS = ("control", "abilities", "power/toughness")


@dataclass(frozen=True)
class Applied:
    """One effect as a layer applies it: its timestamp and what it changes."""

    timestamp: int
    new_controller: int | None = None
    keywords: tuple[str, ...] = ()
    power: int = 0
    toughness: int = 0


def start_effect(
    game: Game, controller: Player, source: Card, objects: Iterable[Card], layer: str, duration: str, **change: object
) -> None:
    """A resolving spell or ability creates a continuous effect on `objects` (fixed now: rule 611.2c)."""
    state = game.state
    state.effects.append(
        ContinuousEffect(
            effect_id=state.new_id(),
            timestamp=state.tick(),
            layer=layer,
            objects=tuple(card.object_id for card in objects),
            controller=controller.index,
            source_card=source.card_id,
            source_object=source.object_id,
            duration=duration,
            **change,  # type: ignore[arg-type]
        )
    )
    refresh_control(game)


def _lasts_anyway(game: Game, effect: ContinuousEffect) -> bool:
    return True


@implements(
    "611.2b",
    "an effect 'for as long as …' or 'until this leaves the battlefield' ends when its condition does",
    when_ablated=_lasts_anyway,
)
def still_lasts(game: Game, effect: ContinuousEffect) -> bool:
    if effect.duration not in (UNTIL_SOURCE_LEAVES, AS_LONG_AS_YOU_CONTROL_SOURCE):
        return True
    source = game.card(effect.source_card)
    if source.zone is not Zone.BATTLEFIELD or source.object_id != effect.source_object:
        return False  # the source left the battlefield: it is a new object now (rule 400.7)
    return effect.duration != AS_LONG_AS_YOU_CONTROL_SOURCE or source.state.controller == effect.controller


@implements("611.2a", "an effect lasts as long as it says: 'until end of turn' ends in the cleanup step")
def end_turn_effects(game: Game) -> None:
    game.state.effects = [e for e in game.state.effects if e.duration != UNTIL_END_OF_TURN]


@implements("611.2a", "an effect lasts as long as it says: 'until your next turn' ends as that turn begins")
def end_until_your_next_turn(game: Game, active: int) -> None:
    game.state.effects = [e for e in game.state.effects if not (e.duration == UNTIL_YOUR_NEXT_TURN and e.controller == active)]


def statics_in_play(game: Game) -> list[tuple[Card, StaticAbility]]:
    found = []
    for state in game.state.cards.values():
        if state.zone is Zone.BATTLEFIELD and not state.ceased:
            source = game.card(state.card_id)
            found.extend((source, static) for static in source.definition.statics)
    return found


def applied(game: Game, card: Card, layer: str) -> list[Applied]:
    """The effects of `layer` that apply to `card` now, in timestamp order (rule 613.7)."""
    found = [
        Applied(e.timestamp, e.new_controller, e.keywords, e.power, e.toughness)
        for e in game.state.effects
        if e.layer == layer and card.object_id in e.objects and still_lasts(game, e)
    ]
    for source, static in statics_in_play(game):
        if static.layer == layer and static.affects(source, card):
            # A static ability's effect has the timestamp of its source (rule 613.7a).
            new_controller = source.state.controller if layer == "control" else None
            found.append(Applied(source.state.entered_at, new_controller, static.keywords, static.power, static.toughness))
    return sorted(found, key=lambda a: a.timestamp)


def _controller_as_entered(game: Game, card: Card) -> int:
    return card.state.controller


@implements("613.1b", "layer 2: control-changing effects apply in timestamp order", when_ablated=_controller_as_entered)
def controller_after_effects(game: Game, card: Card) -> int:
    controller = card.state.base_controller if card.state.base_controller is not None else card.state.controller
    for effect in applied(game, card, "control"):
        controller = effect.new_controller if effect.new_controller is not None else controller
    return controller


def refresh_control(game: Game) -> None:
    """Write layer 2's answer into the state; a permanent that changes controller does so now (rule 302.6)."""
    for state in list(game.state.cards.values()):
        if state.zone is Zone.BATTLEFIELD and not state.ceased:
            controller = controller_after_effects(game, game.card(state.card_id))
            if controller != state.controller:
                state.controller = controller
                state.controlled_since = game.state.tick()


def _printed_keywords(game: Game, card: Card) -> frozenset[str]:
    return card.definition.keywords


@implements("613.1f", "layer 6: ability-adding effects apply after control", when_ablated=_printed_keywords)
def keywords_of(game: Game, card: Card) -> frozenset[str]:
    keywords = set(card.definition.keywords)
    if card.zone is Zone.BATTLEFIELD:
        for effect in applied(game, card, "abilities"):
            keywords.update(effect.keywords)
    return frozenset(keywords)


def _printed_power_toughness(game: Game, card: Card) -> tuple[int, int]:
    counters = card.state.counters.get("+1/+1", 0) - card.state.counters.get("-1/-1", 0)
    return (card.definition.power or 0) + counters, (card.definition.toughness or 0) + counters


@implements("613.1g", "layer 7: power/toughness-changing effects and counters apply last", when_ablated=_printed_power_toughness)
def power_toughness(game: Game, card: Card) -> tuple[int, int]:
    power, toughness = _printed_power_toughness(game, card)
    if card.zone is Zone.BATTLEFIELD:
        for effect in applied(game, card, "power/toughness"):
            power, toughness = power + effect.power, toughness + effect.toughness
    return power, toughness
