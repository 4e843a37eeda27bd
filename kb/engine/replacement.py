"""Replacement effects (rule 614) the engine models: on mana production and on entering the battlefield."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.costs import x_for_enters_ability
from kb.engine.rules_registry import implements
from kb.engine.state import Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card

Mana = tuple[str | None, ...]  # None is mana of an undefined type (rule 106.5)


def _unreplaced(game: Game, tapped: Card, mana: Mana) -> Mana:
    return mana


@implements(
    "106.12b",
    "replacement effects on 'tapped for mana' modify the mana production while the ability resolves",
    when_ablated=_unreplaced,
)
def replace_tapped_for_mana(game: Game, tapped: Card, mana: Mana) -> Mana:
    """Apply each 'if a permanent is tapped for mana' replacement, oldest first (one order of rule 616.1)."""
    for effect_source in sorted(_battlefield(game), key=lambda c: c.state.entered_at):
        replace = effect_source.definition.mana_replacement
        if replace is not None:
            defined = tuple(m for m in mana if m is not None)
            undefined = tuple(m for m in mana if m is None)
            mana = replace(effect_source, tapped, defined) + undefined
    return mana


@implements("614.1c", "'enters with' counters are a replacement effect applied as the permanent enters")
def enters_with_counters(game: Game, permanent: Card) -> None:
    if permanent.definition.enters_with_x_counters:
        amount = x_for_enters_ability(permanent)
        if amount:
            permanent.state.counters["+1/+1"] = permanent.state.counters.get("+1/+1", 0) + amount


def _battlefield(game: Game) -> list[Card]:
    return [game.card(c.card_id) for c in game.state.cards.values() if c.zone is Zone.BATTLEFIELD]
