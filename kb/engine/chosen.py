"""'As this enters, choose a color' and the abilities linked to that choice (rules 607.2d, 607.4): each one that
refers to "the chosen color" sees the choice this object's own ability made, and one ability may be linked to
several others."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.colors import NAMES
from kb.engine.effect_choices import stated_option
from kb.engine.rules_registry import implements

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card

CODES = {name: code for code, name in NAMES.items()}


def choose_as_enters(game: Game, permanent: Card) -> None:
    """As a permanent that says 'As this enters, choose a color' enters, its controller chooses one (stated
    ahead: `player.will_choose('green')`)."""
    if permanent.definition.enters_choosing != "color":
        return
    player = permanent.controller
    option, _ = stated_option(player, f"the color {player} chooses as {permanent} enters", tuple(CODES))
    permanent.state.chosen_color = CODES[option]
    game.log(f"{player} chooses {option} for {permanent}")


def _first_pair_only(permanent: Card, pair: int) -> str | None:
    """Without rule 607.4 the choosing ability would be linked to one ability only: the first that refers to it."""
    return permanent.state.chosen_color if pair == 1 else None


@implements(
    "607.4",
    "an ability may be part of several pairs of linked abilities: each ability referring to the choice sees it",
    when_ablated=_first_pair_only,
)
def chosen_color(permanent: Card, pair: int) -> str | None:
    """The color this permanent's 'choose a color' ability chose, as seen by the `pair`-th ability linked to it
    (1 for the first printed)."""
    return permanent.state.chosen_color
