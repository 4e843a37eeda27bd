"""Copy effects (rule 707): copiable values, copies made with exceptions, and entering as a copy.

A copy effect is a continuous effect of layer 1 (rule 613.1a) whose `copy` is a snapshot of the copiable
values (rule 707.2b: later changes to the original don't change the copy). `kb.engine.layers` applies it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import CardDef, TriggeredAbility
from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.rules_registry import implements
from kb.engine.state import ContinuousEffect
from kb.engine.zones import becomes_a_new_object

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


@dataclass(frozen=True)
class CopyException:
    """What a copy effect changes while copying (rule 707.9): types added, power and toughness given, the
    copy's own color kept ('except it doesn't copy that creature's color'), triggered abilities gained."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keeps_color: bool = False
    gains: tuple[TriggeredAbility, ...] = ()

    def __bool__(self) -> bool:
        return bool(
            self.types or self.subtypes or self.power is not None or self.toughness is not None or self.keeps_color or self.gains
        )


@dataclass(frozen=True)
class EntersAsCopy:
    """'You may have this enter as a copy of any creature on the battlefield[, except …]'."""

    description: str  # 'any creature on the battlefield'
    legal: Callable[[Any, Any], bool]  # (the entering object, candidate) -> bool
    exception: CopyException = CopyException()


def _everything(game: Game, original: Card) -> CardDef:
    return original.definition  # without rule 707.2, every effect on the original would be copied too


@implements(
    "707.2",
    "a copy acquires the copiable values of the original: what is printed, as changed by other copy effects only",
    when_ablated=_everything,
)
def copiable_of(game: Game, original: Card) -> CardDef:
    from kb.engine.layers import copiable_values

    return copiable_values(game, original)


def _ignoring_exception(values: CardDef, exception: CopyException, own: CardDef) -> CardDef:
    return values


@implements(
    "707.9b",
    "a copy effect's modification of a characteristic becomes part of the copiable values",
    when_ablated=_ignoring_exception,
)
def with_exception(values: CardDef, exception: CopyException, own: CardDef) -> CardDef:
    """`values` copied, changed by `exception`; `own` are the copy's copiable values before it copies."""
    if not exception:
        return values
    if exception.keeps_color:  # the copy's own color, and no color indicator of the original (rule 707.9d)
        values = replace(values, colors=own.color)
    values = with_gained_abilities(values, exception)
    values = replace(
        values, types=values.types | frozenset(exception.types), subtypes=values.subtypes | frozenset(exception.subtypes)
    )
    if exception.power is not None or exception.toughness is not None:
        values = replace(values, power=exception.power, toughness=exception.toughness, power_cda=without_defining_ability(values))
    return values


def _not_gained(values: CardDef, exception: CopyException) -> CardDef:
    return values


@implements(
    "707.9a", "an ability a copy gains as part of the copying becomes part of its copiable values", when_ablated=_not_gained
)
def with_gained_abilities(values: CardDef, exception: CopyException) -> CardDef:
    return replace(values, triggered=values.triggered + exception.gains) if exception.gains else values


def _kept(values: CardDef) -> Any:
    return values.power_cda


@implements(
    "707.9d",
    "a copy given specific power and toughness doesn't copy an ability that defines them",
    when_ablated=_kept,
)
def without_defining_ability(values: CardDef) -> Any:
    return None


def snapshot(game: Game, original: Card, copy: Card, exception: CopyException = CopyException()) -> CardDef:
    """The values `copy` gets as a copy of `original` now (fixed: rule 707.2b)."""
    from kb.engine.layers import copiable_values

    return with_exception(copiable_of(game, original), exception, copiable_values(game, copy))


def start_copy_effect(game: Game, controller: Player, source: Card, copy: Card, values: CardDef, duration: str) -> None:
    """`copy` becomes a copy with `values` (layer 1), for `duration`."""
    from kb.engine.continuous import FOREVER

    state = game.state
    state.effects.append(
        ContinuousEffect(
            effect_id=state.new_id(),
            timestamp=state.tick(),
            layer="copy",
            objects=(copy.object_id,),
            controller=controller.index,
            source_card=source.card_id,
            source_object=source.object_id,
            duration=duration or FOREVER,
            copy=values,
        )
    )
    game.log(f"{copy} becomes a copy of {values.name}")


@implements(
    "707.4",
    "a permanent that becomes a copy while on the battlefield stays the same object: other effects on it go on applying",
    when_ablated=becomes_a_new_object,
)
def stays_the_same_object(game: Game, card: Card) -> None:
    """Nothing to do: its object id stays (without this rule it would be a new object, and lose those effects)."""


def chosen_to_copy(game: Game, player: Player, copy: Card, description: str) -> Card | None:
    """The object `player` stated ahead for `copy` to copy (`Player.will_pick('copy', …)`); None: nothing."""
    stated = player.state.stated_choices
    if "copy" not in stated:
        raise MissingChoice(
            f"what {copy} copies ({description})",
            f"call {player.name.lower()}.will_pick('copy', card) or will_pick('copy', None)",
        )
    key = stated.pop("copy")
    return None if key is None else game.card(key[1])


def check_copy_choice(entering: Card, rule: str, chosen: Card, legal: Callable[[Any, Any], bool], description: str) -> None:
    if not legal(entering, chosen):
        raise IllegalAction("illegal-copy-choice", rule, f"{entering} can copy {description}; {chosen} isn't one")
