"""Costs paid as a spell or ability resolves (rule 118.12): "[Do something]. If you do, [effect]." The effect
happens only if the cost was paid; a cost that can't be paid isn't, and nothing follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_card

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext


def _paid_or_not(paid: bool) -> bool:
    """Without rule 118.12 'if you do' would not look at the cost: the effect would happen anyway."""
    return True


@implements(
    "118.12", "'[do something]. If you do, [effect]': the effect happens only if that cost was paid", when_ablated=_paid_or_not
)
def if_you_do(paid: bool) -> bool:
    return paid


def sacrifice_source_if_you_do(ctx: EffectContext, then: Callable[[EffectContext], None]) -> None:
    """Sacrifice the ability's source, if it is still the permanent the ability came from (rule 400.7); then
    `then`, if it was sacrificed."""
    source = ctx.source
    can_pay = (
        source.zone is Zone.BATTLEFIELD
        and source.object_id == (ctx.item.source_object or source.object_id)
        and source.controller == ctx.controller
    )
    if can_pay:
        move_card(ctx.game, source, Zone.GRAVEYARD)
    else:
        ctx.game.log(f"{ctx.controller} can't sacrifice {source}: it is no longer on the battlefield")
    if if_you_do(can_pay):
        then(ctx)
