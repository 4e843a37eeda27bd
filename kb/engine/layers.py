"""An object's characteristics, layer by layer (rule 613.1): copy (1), type (4), color (5), abilities (6).

Control (layer 2) and power/toughness (layer 7) are in `kb.engine.continuous`, which also gathers the
effects that apply in a layer. `characteristics` is what `Card.definition` answers: a `CardDef` holding
the values the object has now, starting from the face it shows (rule 712.8) or the values a copy effect
gave it.

While an effect of one layer asks which objects it applies to ("white creatures …"), the object being
computed answers with its characteristics as far as they are computed: the layers before (rule 613.1).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine.cards.definitions import CardDef
from kb.engine.rules_registry import implements
from kb.engine.state import Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card

# card id -> its characteristics as far as computed, for the objects being computed right now
_IN_PROGRESS: ContextVar[dict[int, CardDef]] = ContextVar("kb_engine_characteristics_in_progress", default={})  # noqa: B039


def _never(game: Game, card: Card) -> bool:
    return False


def printed_face(game: Game, card: Card) -> CardDef:
    """The card's own values: its back face's on the battlefield once transformed (rules 712.8a, 712.8e)."""
    printed = game.definition_of(card.state.name)
    if card.state.transformed and printed.back_face is not None and card.zone is Zone.BATTLEFIELD:
        return printed.back_face
    if printed.flip_side is not None and flipped_side_applies(game, card):
        return flipped_values(printed, printed.flip_side)
    return printed


@implements(
    "710.2",
    "a flip card has its alternative characteristics only on the battlefield, once flipped",
    when_ablated=_never,
)
def flipped_side_applies(game: Game, card: Card) -> bool:
    return _flipped_on_the_battlefield(card)


def flipped_values(normal: CardDef, flipped: CardDef) -> CardDef:
    """The alternative name, text, type line, power and toughness; its color and mana cost stay (rule 710.1c)."""
    return replace(flipped, mana_cost=normal.mana_cost, colors=normal.colors)


@implements("613.1a", "layer 1: copy effects give an object the copiable values of another", when_ablated=printed_face)
def copiable_values(game: Game, card: Card) -> CardDef:
    """The face it shows, overwritten by the copy effects that apply to it in timestamp order (rule 707.2).

    Copy effects come from resolved spells and abilities and from entering as a copy, never from a static
    ability here, so this reads no other object's characteristics."""
    from kb.engine.continuous import still_lasts

    copies = [e for e in game.state.effects if e.layer == "copy" and card.object_id in e.objects and still_lasts(game, e)]
    if not copies:
        return printed_face(game, card)
    values = max(copies, key=lambda e: e.timestamp).copy  # each copy effect overwrites the values before it
    if values.flip_side is not None and modified_by_status(game, card):
        values = flipped_values(values, values.flip_side)
    return values


@implements(
    "707.3",
    "a copy's copiable values are modified by its own status: a flipped permanent copying a flip card is its flipped half",
    when_ablated=_never,
)
def modified_by_status(game: Game, card: Card) -> bool:
    return _flipped_on_the_battlefield(card)


def _flipped_on_the_battlefield(card: Card) -> bool:
    """A permanent's flipped status: a flip card's two rules (710.2, 707.3) read it, each ablated on its own."""
    return card.state.flipped and card.zone is Zone.BATTLEFIELD


def characteristics(game: Game, card: Card) -> CardDef:
    """Layers 1, 4, 5 and 6 applied to `card` (see the module docstring)."""
    computing = _IN_PROGRESS.get()
    if card.card_id in computing:
        return computing[card.card_id]
    from kb.engine.continuous import statics_read_once

    with _computing(card.card_id) as partial, statics_read_once(game):
        values = partial[card.card_id] = copiable_values(game, card)
        values = partial[card.card_id] = apply_type_effects(game, card, values)
        values = partial[card.card_id] = apply_color_effects(game, card, values)
        return apply_ability_effects(game, card, values)


@contextmanager
def _computing(card_id: int) -> Iterator[dict[int, CardDef]]:
    partial = dict(_IN_PROGRESS.get())
    token = _IN_PROGRESS.set(partial)
    try:
        yield partial
    finally:
        _IN_PROGRESS.reset(token)


def _unchanged(game: Game, card: Card, values: CardDef) -> CardDef:
    return values


@implements("613.1d", "layer 4: type-changing effects apply after copy and control", when_ablated=_unchanged)
def apply_type_effects(game: Game, card: Card, values: CardDef) -> CardDef:
    from kb.engine.continuous import applied

    for effect in applied(game, card, "type"):
        change = effect.change
        subtypes = set(getattr(change, "subtypes", ()))
        if (
            getattr(change, "chosen_subtype", False)
            and effect.source is not None
            and "creature type" in effect.source.state.chosen
        ):
            subtypes.add(effect.source.state.chosen["creature type"])
        values = replace(values, types=values.types | frozenset(change.types), subtypes=values.subtypes | frozenset(subtypes))
    return values


@implements("613.1e", "layer 5: color-changing effects apply after type-changing ones", when_ablated=_unchanged)
def apply_color_effects(game: Game, card: Card, values: CardDef) -> CardDef:
    """A new color replaces all previous colors (rule 105.3); the latest effect wins (rule 613.7)."""
    from kb.engine.continuous import applied

    for effect in applied(game, card, "color"):
        values = replace(values, colors=frozenset(effect.change.colors))
    return values


@implements("613.1f", "layer 6: ability-adding and ability-removing effects apply after color", when_ablated=_unchanged)
def apply_ability_effects(game: Game, card: Card, values: CardDef) -> CardDef:
    from kb.engine.continuous import applied

    for effect in applied(game, card, "abilities"):
        change = effect.change
        if getattr(change, "lose_all", False):
            values = replace(
                values, keywords=frozenset(), activated=(), triggered=(), statics=(), enters_tapped=False, enters_with=()
            )
        values = replace(values, keywords=(values.keywords | frozenset(change.keywords)) - frozenset(change.removes))
    return values
