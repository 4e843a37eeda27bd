"""Effects that prohibit casting spells with certain qualities: "Your opponents can't cast spells with even mana
values." A player may begin to cast a spell if some choice made while proposing it (its X) could take it out of
the prohibition (rule 601.3a); the spell as proposed is then checked (601.2e)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.costs import parse_mana_cost
from kb.engine.errors import IllegalAction
from kb.engine.rules_registry import implements
from kb.engine.state import Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player

# X values a player could announce, as far as a prohibition by mana value can tell them apart (parity, thresholds).
CHOICES_OF_X = range(21)


@dataclass(frozen=True)
class CastProhibition:
    """'[Who] can't cast spells [with a quality of their mana value]'."""

    text: str
    opponents_only: bool  # "Your opponents can't …" (else every player)
    mana_value: Callable[[int], bool]  # the quality, of the spell's mana value


def prohibitions_for(game: Game, player: Player) -> list[tuple[Card, CastProhibition]]:
    found = []
    for state in game.state.cards.values():
        if state.zone is Zone.BATTLEFIELD and not state.ceased:
            source = game.card(state.card_id)
            for prohibition in source.definition.prohibitions:
                if not prohibition.opponents_only or source.controller != player:
                    found.append((source, prohibition))
    return found


def _as_if_x_were_zero(prohibition: CastProhibition, spell: Card) -> bool:
    """Without rule 601.3a the choices of the proposal would not be considered: X counts as 0 before it is chosen."""
    return not prohibition.mana_value(parse_mana_cost(spell.definition.mana_cost).mana_value(0))


@implements(
    "601.3a",
    "a player may begin to cast a prohibited spell if a choice made while proposing it could lift the prohibition",
    when_ablated=_as_if_x_were_zero,
)
def may_begin_to_cast(prohibition: CastProhibition, spell: Card) -> bool:
    cost = parse_mana_cost(spell.definition.mana_cost)
    choices = CHOICES_OF_X if cost.x_count else (0,)
    return any(not prohibition.mana_value(cost.mana_value(x)) for x in choices)


def check_prohibitions(game: Game, player: Player, spell: Card) -> None:
    """Rules 601.3 and 601.2e: may the player begin to cast it, and is the spell as proposed (its X chosen) legal?"""
    for source, prohibition in prohibitions_for(game, player):
        if not may_begin_to_cast(prohibition, spell):
            raise IllegalAction("prohibited", "601.3", f"{source}: {prohibition.text} {player} can't begin to cast {spell}")
        if prohibition.mana_value(spell.mana_value):
            raise IllegalAction(
                "prohibited", "601.2e", f"{source}: {prohibition.text} {spell} with mana value {spell.mana_value} is illegal"
            )
