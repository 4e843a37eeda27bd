"""Modal spells (rule 700.2): the modes chosen as the spell is cast (601.2b), how many may be chosen (with
kicker, 601.4), the targets of the chosen modes only (700.2c), and resolving them in printed order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine.cards.definitions import Target
from kb.engine.effects import EffectContext
from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.rules_registry import implements
from kb.engine.state import StackItem

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card


def _kicker_not_yet_known(spell: Card, kicked: bool) -> int:
    """Without rule 601.4 the modes would be chosen before the kicker is announced: 'choose one' stands."""
    return 1


@implements(
    "601.4",
    "an option announced later in 601.2b (kicker) can allow a choice of modes made before it",
    when_ablated=_kicker_not_yet_known,
)
def most_modes(spell: Card, kicked: bool) -> int:
    """How many modes may be chosen: one, or any number if the spell says so once kicked."""
    definition = spell.definition
    return len(definition.modes) if kicked and definition.modes_if_kicked else 1


def announce_modes(spell: Card, modes: Sequence[int] | None, kicked: bool) -> tuple[int, ...]:
    """The modes (1 for the first printed) announced for `spell` (rule 601.2b); none for a spell that isn't modal."""
    printed = spell.definition.modes
    if not printed:
        if modes:
            raise IllegalAction("not-modal", "700.2", f"{spell} isn't modal: it has no modes to choose")
        return ()
    if not modes:
        raise MissingChoice(f"the mode(s) of {spell}", f"pass modes=[...], numbers from 1 to {len(printed)}")
    if any(m < 1 or m > len(printed) for m in modes):
        raise IllegalAction("no-such-mode", "700.2", f"{spell} has modes 1 to {len(printed)}")
    if len(set(modes)) != len(modes):
        raise IllegalAction("same-mode-twice", "700.2d", f"each mode of {spell} can be chosen once")
    most = most_modes(spell, kicked)
    if len(modes) > most:
        raise IllegalAction("too-many-modes", "700.2", f"{spell} lets its caster choose {most} mode(s), not {len(modes)}")
    return tuple(sorted(modes))


def modes_target(spell: Card, modes: Sequence[int]) -> Target | None:
    """The targets the chosen modes need, each instance of 'target' in printed order (rules 700.2c, 601.2c)."""
    instances: list[Target] = []
    for number in modes:
        target = spell.definition.modes[number - 1].target
        if target is not None:
            instances.extend(target.instances or (target,))
    if not instances:
        return None
    if len(instances) == 1:
        return instances[0]
    return Target(
        " and ".join(i.description for i in instances),
        lambda s, c: any(i.legal(s, c) for i in instances),
        count=sum(i.count for i in instances),
        instances=tuple(instances),
    )


def resolve_modes(game: Game, item: StackItem, spell: Card) -> None:
    """Each chosen mode in printed order (rule 700.2), with the targets chosen for it."""
    start = 0
    for number in item.data.get("modes", ()):
        mode = spell.definition.modes[number - 1]
        count = mode.target.count if mode.target is not None else 0
        part = replace(item, targets=item.targets[start : start + count])
        start += count
        mode.effect(EffectContext(game, part, spell))
