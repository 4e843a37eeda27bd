"""State-based actions (rule 704): checked whenever a player would receive priority, all at once, repeated
until none applies. Each one is a registered rule of its own, so an example can claim it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.continuous import refresh_control
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_cards

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card


def _on_battlefield(game: Game) -> list[Card]:
    return [game.card(s.card_id) for s in game.state.cards.values() if s.zone is Zone.BATTLEFIELD and not s.ceased]


def _none(game: Game) -> list[Card]:
    return []


@implements("704.5f", "a creature with toughness 0 or less is put into its owner's graveyard", when_ablated=_none)
def zero_toughness(game: Game) -> list[Card]:
    return [c for c in _on_battlefield(game) if c.definition.has_type("creature") and (c.toughness or 0) <= 0]


@implements("704.5g", "a creature with lethal damage marked on it is destroyed", when_ablated=_none)
def lethal_damage(game: Game) -> list[Card]:
    return [c for c in _on_battlefield(game) if c.definition.has_type("creature") and 0 < (c.toughness or 0) <= c.state.damage]


@implements(
    "704.5m", "an Aura attached to an illegal object, or to nothing, is put into its owner's graveyard", when_ablated=_none
)
def unattached_auras(game: Game) -> list[Card]:
    doomed = []
    for aura in _on_battlefield(game):
        enchant = aura.definition.enchant
        if enchant is None:
            continue
        host = aura.attached_to
        if host is None or not enchant.legal(aura, host):
            doomed.append(aura)
    return doomed


@implements("704.5n", "an Equipment attached to an illegal permanent becomes unattached and stays on the battlefield")
def unattach_equipment(game: Game) -> bool:
    changed = False
    for equipment in _on_battlefield(game):
        if "Equipment" not in equipment.definition.subtypes or equipment.state.attached_to is None:
            continue
        host = equipment.attached_to
        if host is None or not host.definition.has_type("creature"):
            equipment.state.attached_to = None
            changed = True
    return changed


@implements("704.5d", "a token that has left the battlefield ceases to exist")
def tokens_cease_to_exist(game: Game) -> bool:
    changed = False
    for state in game.state.cards.values():
        if state.is_token and not state.ceased and state.zone is not Zone.BATTLEFIELD:
            state.ceased = True
            game.log(f"the {state.name} token ceases to exist")
            changed = True
    return changed


def check_state_based_actions(game: Game) -> None:
    """Perform every applicable state-based action at once, and repeat until none applies (rule 704.3)."""
    while True:
        refresh_control(game)
        doomed = list(dict.fromkeys([*zero_toughness(game), *lethal_damage(game), *unattached_auras(game)]))
        changed = bool(unattach_equipment(game)) | bool(tokens_cease_to_exist(game))
        if doomed:
            move_cards(game, doomed, Zone.GRAVEYARD)
        elif not changed:
            return
