"""State-based actions (rule 704): checked whenever a player would receive priority, all at once, repeated
until none applies. Each one is a registered rule of its own, so an example can claim it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.continuous import refresh_control
from kb.engine.rules_registry import implements
from kb.engine.state import PlayerState, Zone
from kb.engine.zones import draw, move_cards

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


@implements("704.5i", "a planeswalker with loyalty 0 is put into its owner's graveyard", when_ablated=_none)
def zero_loyalty(game: Game) -> list[Card]:
    return [c for c in _on_battlefield(game) if c.definition.has_type("planeswalker") and c.counters_of("loyalty") <= 0]


def deathtouch_damage(game: Game) -> list[Card]:
    """Rule 704.5h: a creature dealt damage by a source with deathtouch is destroyed."""
    dealt = game.state.deathtouched
    return [c for c in _on_battlefield(game) if c.object_id in dealt and (c.toughness or 0) > 0]


LICH = (
    "If you would lose the game, instead shuffle your hand, your graveyard, and all permanents you own into your "
    "library, then draw seven cards and your life total becomes 20."
)


def _nobody(game: Game) -> list[PlayerState]:
    return []


@implements("704.5a", "a player with 0 or less life loses the game", when_ablated=_nobody)
def zero_life(game: Game) -> list[PlayerState]:
    return [p for p in game.state.players if p.life <= 0 and not p.lost]


@implements("704.5b", "a player who attempted to draw from an empty library loses the game", when_ablated=_nobody)
def drew_from_empty_library(game: Game) -> list[PlayerState]:
    return [p for p in game.state.players if p.drew_from_empty and not p.lost]


@implements("704.5c", "a player with ten or more poison counters loses the game", when_ablated=_nobody)
def ten_poison(game: Game) -> list[PlayerState]:
    return [p for p in game.state.players if p.poison >= 10 and not p.lost]


def _each_separately(game: Game, losses: list[list[PlayerState]]) -> bool:
    """Without rule 704.7, each state-based action's game loss would be a separate event to replace."""
    for found in losses:
        for player in found:
            lose_the_game(game, player)
    return any(losses)


@implements(
    "704.7",
    "state-based actions with the same result at the same time are replaced by a single replacement effect",
    when_ablated=_each_separately,
)
def players_lose(game: Game, losses: list[list[PlayerState]]) -> bool:
    players = list({id(p): p for found in losses for p in found}.values())
    for player in players:
        lose_the_game(game, player)
    return bool(players)


def lose_the_game(game: Game, player: PlayerState) -> None:
    """`player` loses the game (rule 104.3), unless a permanent of theirs replaces that (Lich's Mirror)."""
    if player.lost:
        return
    mirror = next((c for c in game.players[player.index].battlefield if LICH in c.definition.keywords), None)
    if mirror is None:
        player.lost = True
        game.log(f"{player.name} loses the game")
        return
    game.log(f"{mirror} replaces {player.name}'s loss of the game")
    owned = [c for c in game.state.cards.values() if c.owner == player.index and not c.ceased]
    gathered = [c for c in owned if c.zone in (Zone.HAND, Zone.GRAVEYARD, Zone.BATTLEFIELD)]
    move_cards(game, [game.card(c.card_id) for c in gathered], Zone.LIBRARY)
    game.state.rng.shuffle(game.state.libraries[player.index])
    player.drew_from_empty = False
    draw(game, game.players[player.index], 7)
    player.life = 20


@implements("704.5q", "N +1/+1 and N -1/-1 counters on a permanent are removed, N the smaller number")
def annihilate_counters(game: Game) -> bool:
    changed = False
    for card in _on_battlefield(game):
        both = min(card.state.counters.get("+1/+1", 0), card.state.counters.get("-1/-1", 0))
        if both:
            card.state.counters["+1/+1"] -= both
            card.state.counters["-1/-1"] -= both
            changed = True
    return changed


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
        doomed = list(
            dict.fromkeys(
                [
                    *zero_toughness(game),
                    *lethal_damage(game),
                    *deathtouch_damage(game),
                    *zero_loyalty(game),
                    *unattached_auras(game),
                ]
            )
        )
        game.state.deathtouched = set()  # "since the last time state-based actions were checked" (rule 704.5h)
        changed = perform_together(game, doomed)
        if not (doomed or changed):
            return


def _others(game: Game) -> bool:
    changed = bool(unattach_equipment(game)) | bool(tokens_cease_to_exist(game)) | bool(annihilate_counters(game))
    losses = [zero_life(game), drew_from_empty_library(game), ten_poison(game)]
    for player in game.state.players:
        player.drew_from_empty = False  # "since the last time state-based actions were checked"
    return players_lose(game, losses) | changed


def _others_first(game: Game, doomed: list[Card]) -> bool:
    """Without rule 704.8, permanents would leave after the other actions changed them."""
    changed = _others(game)
    if doomed:
        move_cards(game, doomed, Zone.GRAVEYARD)
    return changed


@implements(
    "704.8",
    "permanents that leave through state-based actions keep their state from before any of them was performed",
    when_ablated=_others_first,
)
def perform_together(game: Game, doomed: list[Card]) -> bool:
    """All applicable actions happen at once (rule 704.3): those leaving the battlefield go as the state was."""
    if doomed:
        move_cards(game, doomed, Zone.GRAVEYARD)
    return _others(game)
