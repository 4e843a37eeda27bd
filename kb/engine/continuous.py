"""Continuous effects (rules 611, 613): what they change, for how long, and in which order.

Effects from resolved spells and abilities are state (`GameState.effects`); effects of static
abilities are read from the permanents on the battlefield. Characteristics are computed on demand,
layer by layer: control (613.1b), then abilities (613.1f), then power and toughness (613.1g), each
layer in timestamp order (613.7). Control is also written back into the state whenever it may have
changed, because rule 302.6 needs to know *when* a permanent came under its controller's control.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import StaticAbility
from kb.engine.rules_registry import implements
from kb.engine.state import ContinuousEffect, Zone

if TYPE_CHECKING:
    from collections.abc import Callable

    from kb.engine.effects import EffectContext
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
    """One effect as a layer applies it: its timestamp and what it changes (a ContinuousEffect or a
    StaticAbility: both name their changes alike)."""

    timestamp: int
    change: Any
    new_controller: int | None = None
    source: Card | None = None  # the permanent whose static ability it is

    @property
    def keywords(self) -> tuple[str, ...]:
        return tuple(self.change.keywords)

    @property
    def power(self) -> int:
        return int(self.change.power)

    @property
    def toughness(self) -> int:
        return int(self.change.toughness)


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


def abilities_of_source(game: Game, source: Card) -> tuple[StaticAbility, ...]:
    """The static abilities a permanent has: those of its copiable values (effects that remove a
    permanent's static abilities are not modeled, so reading layer 1 is enough and never recurses)."""
    from kb.engine.layers import copiable_values

    return copiable_values(game, source).statics


# The static abilities in play, read once while one object's characteristics are computed (`kb.engine.layers`):
# the game does not change during that computation, and each of its layers would otherwise read them all again.
_STATICS_WHILE_COMPUTING: ContextVar[list[tuple[Card, StaticAbility]] | None] = ContextVar("kb_engine_statics", default=None)


@contextmanager
def statics_read_once(game: Game) -> Iterator[None]:
    """While in this block, `statics_in_play` reads the battlefield once (the game must not change meanwhile)."""
    if _STATICS_WHILE_COMPUTING.get() is not None:
        yield
        return
    token = _STATICS_WHILE_COMPUTING.set(_read_statics(game))
    try:
        yield
    finally:
        _STATICS_WHILE_COMPUTING.reset(token)


def statics_in_play(game: Game) -> list[tuple[Card, StaticAbility]]:
    read = _STATICS_WHILE_COMPUTING.get()
    return read if read is not None else _read_statics(game)


def _read_statics(game: Game) -> list[tuple[Card, StaticAbility]]:
    found = []
    for state in game.state.cards.values():
        if state.zone is Zone.BATTLEFIELD and not state.ceased:
            source = game.card(state.card_id)
            found.extend((source, static) for static in abilities_of_source(game, source))
    return found


def _in_layer(effect: ContinuousEffect | StaticAbility, layer: str) -> bool:
    return effect.layer == layer or layer in getattr(effect, "more_layers", ())


def _affects(game: Game, effect: ContinuousEffect, card: Card) -> bool:
    if effect.affects is not None:  # rule 611.2c switched off: the set is asked anew
        return card.zone is Zone.BATTLEFIELD and bool(effect.affects(game.card(effect.source_card), card))
    return card.object_id in effect.objects


def applied(game: Game, card: Card, layer: str) -> list[Applied]:
    """The effects of `layer` that apply to `card` now, in timestamp order (rule 613.7)."""
    found = [
        Applied(e.timestamp, e, e.new_controller)
        for e in game.state.effects
        if _in_layer(e, layer) and _affects(game, e, card) and still_lasts(game, e)
    ]
    for source, static in statics_in_play(game):
        if _in_layer(static, layer) and static.affects(source, card):
            # A static ability's effect has the timestamp of its source (rule 613.7a).
            new_controller = source.state.controller if layer == "control" else None
            found.append(Applied(source.state.entered_at, static, new_controller, source))
    return in_timestamp_order(found)


def _in_the_order_found(found: list[Applied]) -> list[Applied]:
    return found


@implements(
    "613.7",
    "within a layer, effects apply in timestamp order: a static ability's has its source's",
    when_ablated=_in_the_order_found,
)
def in_timestamp_order(found: list[Applied]) -> list[Applied]:
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


def keywords_of(game: Game, card: Card) -> frozenset[str]:
    """Its keyword abilities after layer 6 (see kb.engine.layers)."""
    return card.definition.keywords


def _printed_power_toughness(game: Game, card: Card) -> tuple[int, int]:
    counters = card.state.counters.get("+1/+1", 0) - card.state.counters.get("-1/-1", 0)
    return (card.definition.power or 0) + counters, (card.definition.toughness or 0) + counters


@implements("613.1g", "layer 7: power/toughness-changing effects and counters apply last", when_ablated=_printed_power_toughness)
def power_toughness(game: Game, card: Card) -> tuple[int, int]:
    """Layer 7's sublayers in order (rule 613.4): defined (7a), set (7b), modified (7c), switched (7d)."""
    from kb.engine import power_toughness as sublayers

    with statics_read_once(game):
        values = sublayers.defined(game, card)
        values = sublayers.set_by_effects(game, card, values)
        values = sublayers.modified(game, card, values)
        return sublayers.switched(game, card, values)


def _asked_anew(ctx: EffectContext, quality: Callable[[Any, Any], bool]) -> dict[str, Any]:
    return {"affects": quality}


@implements(
    "611.2c",
    "the objects a resolved effect changes are fixed as it begins; objects that qualify later are not affected",
    when_ablated=_asked_anew,
)
def fixed_set(ctx: EffectContext, quality: Callable[[Any, Any], bool]) -> dict[str, Any]:
    permanents = [ctx.game.card(c.card_id) for c in ctx.game.state.cards.values() if c.zone is Zone.BATTLEFIELD]
    return {"objects": [c for c in permanents if quality(ctx.source, c)]}
