"""Choosing new targets for a spell (rule 115.7): "You may choose new targets for target spell." Only the final
set of targets is judged (115.7e), by the same requirements as when the spell was cast."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.effect_choices import stated_option
from kb.engine.modes import modes_target
from kb.engine.rules_registry import implements
from kb.engine.state import StackItem
from kb.engine.targets import TargetRecord, choose_targets

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


def _judged(game: Game, player: Player, spell: Card, item: StackItem, targets: Sequence[Any]) -> tuple[TargetRecord, ...]:
    modes = item.data.get("modes", ())
    wanted = modes_target(spell, modes) if modes else spell.definition.spell_target
    return choose_targets(game, player, spell, wanted, kind="spell", chosen=list(targets)) or ()


def _each_change_alone(game: Game, player: Player, spell: Card, item: StackItem, new: Sequence[Any]) -> tuple[TargetRecord, ...]:
    """Without rule 115.7e each target would be changed in turn, and every set along the way judged."""
    current = [game.lookup(record) for record in item.targets]
    judged: tuple[TargetRecord, ...] = item.targets
    for index, replacement in enumerate(new):
        current[index] = replacement
        judged = _judged(game, player, spell, item, current)
    return judged


@implements(
    "115.7e",
    "when targets are changed or chosen anew, only the final set of targets is judged",
    when_ablated=_each_change_alone,
)
def judge_new_targets(game: Game, player: Player, spell: Card, item: StackItem, new: Sequence[Any]) -> tuple[TargetRecord, ...]:
    return _judged(game, player, spell, item, new)


def choose_new_targets(ctx: EffectContext) -> None:
    """'You may choose new targets for target spell': the player states `will_choose('new targets', …)`, the
    new targets in the spell's order, or `will_choose('keep')`."""
    spells = [t for t in ctx.targets if hasattr(t, "card_id")]
    if not spells:
        return
    spell = spells[0]
    item = next(i for i in ctx.game.state.stack if i.card_id == spell.card_id)
    option, new = stated_option(
        ctx.controller, f"whether {ctx.controller} chooses new targets for {spell}", ("new targets", "keep")
    )
    if option == "keep":
        return
    item.targets = judge_new_targets(ctx.game, ctx.controller, spell, item, new)
    ctx.game.log(f"{ctx.controller} chooses new targets for {spell}: {', '.join(map(str, new))}")
