"""Priority (rule 117): who may act, and who acts next."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.errors import IllegalAction
from kb.engine.rules_registry import implements

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Player


@implements("117.1", "only the player with priority may cast spells, activate abilities and play lands")
def require_priority(game: Game, player: Player) -> None:
    if game.state.priority != player.index:
        holder = "nobody" if game.state.priority is None else game.players[game.state.priority].name
        raise IllegalAction("no-priority", "117.1", f"{player} doesn't have priority ({holder} does)")


def _nobody_receives_priority(game: Game) -> None:
    """Without rule 117.3b no rule says who may act after a resolution."""
    game.state.priority = None


@implements(
    "117.3b", "the active player receives priority after a spell or ability resolves", when_ablated=_nobody_receives_priority
)
def priority_after_resolution(game: Game) -> None:
    game.state.priority = game.state.active


@implements("117.3c", "a player who casts a spell or activates an ability receives priority afterward")
def priority_after_action(game: Game, player: Player) -> None:
    """The caster keeps priority, and the passes so far no longer count as 'in succession' (rule 117.4)."""
    game.state.priority = player.index
    game.state.passes_in_succession = 0


def pass_priority(game: Game, player: Player) -> None:
    """`player` passes; when all players have passed in succession the top of the stack resolves (rule 405.5)."""
    from kb.engine.stack import resolve_top

    require_priority(game, player)
    state = game.state
    state.passes_in_succession += 1
    if state.passes_in_succession < len(state.players):
        state.priority = (player.index + 1) % len(state.players)
        return
    state.passes_in_succession = 0
    if state.stack:
        resolve_top(game)
    else:
        state.priority = state.active  # the step would end here; scenarios move on with Game.go_to
