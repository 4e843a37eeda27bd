"""Choices an effect offers as it resolves (rule 608.2d): "You may sacrifice a creature. If you don't, you lose
4 life." The player states the option ahead (`player.will_choose(...)`); the engine never takes one for them,
and refuses an option that is illegal or impossible."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_cards

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext
    from kb.engine.handles import Card, Player


def stated_option(player: Player, what: str, options: Sequence[str]) -> tuple[str, list[Card]]:
    """The option `player` stated for this effect, used once, with the objects it names."""
    stated = player.state.option
    if stated is None:
        raise MissingChoice(f"{what} ({' or '.join(options)})", "call player.will_choose(option, ...) before it resolves")
    option, ids = stated
    if option not in options:
        raise IllegalAction("unknown-option", "608.2d", f"{what}: the options are {', '.join(options)}, not {option!r}")
    player.state.option = None
    return option, [player.game.card(i) for i in ids]


@implements("608.2d", "a player can't choose an option of an effect that is illegal or impossible")
def check_possible(player: Player, option: str, possible: bool, why: str) -> None:
    if not possible:
        raise IllegalAction("impossible-option", "608.2d", f"{player} can't choose to {option}: {why}")


def sacrifice_or_lose_life(ctx: EffectContext, quality: Callable[[Any, Any], bool], description: str, life: int) -> None:
    """'You may sacrifice a creature. If you don't, you lose 4 life.'"""
    player = ctx.controller
    option, chosen = stated_option(player, f"whether {player} sacrifices {description}", ("sacrifice", "don't"))
    if option == "don't":
        player.state.life -= life
        return
    fitting = [c for c in chosen if c.zone is Zone.BATTLEFIELD and c.controller == player and quality(ctx.source, c)]
    able = any(quality(ctx.source, ctx.game.card(c)) for c in ctx.game.state.cards if ctx.game.card(c).controller == player)
    check_possible(
        player, f"sacrifice {description}", able and len(fitting) == 1 == len(chosen), f"name one of {description} they control"
    )
    move_cards(ctx.game, fitting, Zone.GRAVEYARD)
