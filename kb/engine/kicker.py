"""Kicker (rule 702.33): optional additional costs announced as a spell is cast (601.2b), remembered by the
spell and the permanent it becomes, and abilities linked to one kicker cost (607.2i, 702.33f)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.cards.definitions import Cost
from kb.engine.errors import IllegalAction
from kb.engine.rules_registry import implements

if TYPE_CHECKING:
    from kb.engine.handles import Card


def announce_kicker(spell: Card, announced: bool | Sequence[str]) -> tuple[int, ...]:
    """The kicker costs (by position) `announced` for `spell`: True for its only kicker, or the costs as printed."""
    printed = spell.definition.kicker
    if announced is False or announced == []:
        return ()
    if not printed:
        raise IllegalAction("no-kicker", "702.33a", f"{spell} has no kicker cost to pay")
    if announced is True:
        if len(printed) != 1:
            raise IllegalAction("which-kicker", "702.33b", f"{spell} has kicker {' and/or '.join(printed)}: name the ones paid")
        return (0,)
    chosen = []
    for cost in announced:
        if cost not in printed:
            raise IllegalAction("no-kicker", "702.33a", f"{spell} has no kicker cost {cost} (it has {' and/or '.join(printed)})")
        if printed.index(cost) in chosen:
            raise IllegalAction("kicked-twice", "702.33d", f"{spell}'s kicker {cost} can be paid once")
        chosen.append(printed.index(cost))
    return tuple(sorted(chosen))


@implements("702.33a", "kicker: its controller may pay an additional cost as they cast the spell", when_ablated=lambda _spell: [])
def kicker_costs(spell: Card) -> list[Cost]:
    """The additional costs of the kicker costs announced for `spell` (paid with the rest: rules 601.2f–h)."""
    return [Cost(mana=spell.definition.kicker[i]) for i in spell.state.kicked]


def _any_kicker(permanent: Card, which: int | None) -> bool:
    """Without rule 607.2i an ability would not be linked to its own kicker: any kicker paid would do."""
    return bool(permanent.state.kicked)


@implements(
    "607.2i",
    "an ability that refers to a kicker cost sees only whether the kicker it is linked to was announced",
    when_ablated=_any_kicker,
)
def was_kicked(permanent: Card, which: int | None = None) -> bool:
    """'If it was kicked' (`which` None) or 'if it was kicked with its [A] kicker' (`which` its position)."""
    return bool(permanent.state.kicked) if which is None else which in permanent.state.kicked
