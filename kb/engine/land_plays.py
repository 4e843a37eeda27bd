"""Effects on playing lands this turn: "you may play an additional land this turn" (rule 305.2) and "you can't
play lands this turn", where the "can't" wins (rule 101.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.errors import IllegalAction
from kb.engine.rules_registry import implements

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Player

ADDITIONAL, CANT = "additional", "can't"


def add_land_play_effect(game: Game, player: Player, kind: str) -> None:
    player.state.land_play_effects.append((game.state.turn, kind))


def effects_this_turn(game: Game, player: Player, kind: str) -> int:
    return sum(1 for turn, k in player.state.land_play_effects if turn == game.state.turn and k == kind)


def land_plays_this_turn(game: Game, player: Player) -> int:
    """One land a turn, plus one for each 'additional land' effect this turn (rule 305.2)."""
    return player.state.land_plays + effects_this_turn(game, player, ADDITIONAL)


def _allowing_effect_wins(game: Game, player: Player) -> None:
    """Without rule 101.2 nothing says which effect wins: an effect allowing a land play would let it happen."""
    if effects_this_turn(game, player, CANT) and not effects_this_turn(game, player, ADDITIONAL):
        raise IllegalAction("cant-play-lands", "101.2", f"an effect says {player} can't play lands this turn")


@implements(
    "101.2",
    "when one effect allows something and another says it can't happen, the 'can't' wins",
    when_ablated=_allowing_effect_wins,
)
def check_no_cant_play_lands(game: Game, player: Player) -> None:
    if effects_this_turn(game, player, CANT):
        raise IllegalAction(
            "cant-play-lands", "101.2", f"an effect says {player} can't play lands this turn, and it wins over any that allows it"
        )
