"""Layer 7's sublayers (rule 613.4): power and toughness defined, set, modified, then switched.

Each sublayer applies its effects in timestamp order (rule 613.7); `kb.engine.continuous.power_toughness`
runs them in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.rules_registry import implements

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card

PT = tuple[int, int]


def _printed(game: Game, card: Card) -> PT:
    values = card.definition
    return values.power or 0, values.toughness or 0


@implements("613.4a", "layer 7a: a characteristic-defining ability defines power and toughness", when_ablated=_printed)
def defined(game: Game, card: Card) -> PT:
    """The values printed (or copied), or those its characteristic-defining ability defines (rule 604.3)."""
    values = card.definition
    if values.power_cda is not None:
        return values.power_cda(game, card)  # type: ignore[no-any-return]
    return values.power or 0, values.toughness or 0


def _as_before(game: Game, card: Card, values: PT) -> PT:
    return values


@implements("613.4b", "layer 7b: effects that set power and/or toughness apply", when_ablated=_as_before)
def set_by_effects(game: Game, card: Card, values: PT) -> PT:
    from kb.engine.continuous import applied

    power, toughness = values
    for effect in applied(game, card, "set power/toughness"):
        change = effect.change
        if getattr(change, "set_by", None) is not None:  # "… are each equal to the number of …", counted now
            power, toughness = change.set_by(game, card)
            continue
        power = change.set_power if change.set_power is not None else power
        toughness = change.set_toughness if change.set_toughness is not None else toughness
    return power, toughness


@implements("613.4c", "layer 7c: effects and counters that modify power and/or toughness apply", when_ablated=_as_before)
def modified(game: Game, card: Card, values: PT) -> PT:
    from kb.engine.continuous import applied
    from kb.engine.state import Zone

    counters = card.state.counters.get("+1/+1", 0) - card.state.counters.get("-1/-1", 0)
    power, toughness = values[0] + counters, values[1] + counters
    if card.zone is Zone.BATTLEFIELD:
        for effect in applied(game, card, "power/toughness"):
            power, toughness = power + effect.power, toughness + effect.toughness
    return power, toughness


@implements("613.4d", "layer 7d: effects that switch power and toughness apply last", when_ablated=_as_before)
def switched(game: Game, card: Card, values: PT) -> PT:
    from kb.engine.continuous import applied

    power, toughness = values
    for _ in applied(game, card, "switch"):
        power, toughness = toughness, power
    return power, toughness
