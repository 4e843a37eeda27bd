"""Turn structure (rule 500): whose turn it is, moving between steps, and declaring attackers (rule 508)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.combat import begin_combat
from kb.engine.continuous import end_turn_effects, end_until_your_next_turn, keywords_of, refresh_control
from kb.engine.costs import check_summoning_sickness
from kb.engine.errors import EngineError, IllegalAction
from kb.engine.events import AttackersDeclared, StepBegan
from kb.engine.rules_registry import implements
from kb.engine.state import TURN_ORDER, Step, Zone
from kb.engine.tapping import become_tapped, become_untapped
from kb.engine.triggers import put_triggers_on_stack
from kb.engine.zones import draw

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


@implements("500.4", "unused mana empties from mana pools when a step or phase ends")
def empty_mana_pools(game: Game) -> None:
    for player in game.state.players:
        player.mana_pool = {}


def _require_empty_stack(game: Game, leaving: str) -> None:
    if game.state.stack:
        raise EngineError(f"can't {leaving} with objects on the stack: resolve them first (game.resolve())")


def begin_turn(game: Game) -> None:
    """The next player's turn: untap step (rule 502.3), upkeep, draw step, then their precombat main phase.

    It stops in the upkeep when abilities triggered there: resolve them, then `go_to('main1')`."""
    state = game.state
    _require_empty_stack(game, "end the turn")
    empty_mana_pools(game)
    cleanup(game)
    state.turn += 1
    state.active = (state.active + 1) % len(state.players)
    end_until_your_next_turn(game, state.active)
    refresh_control(game)
    active = state.players[state.active]
    active.turn_began_at = state.tick()  # rule 302.6 measures control from this moment
    active.lands_played = 0
    for card in list(state.cards.values()):
        if card.zone is Zone.BATTLEFIELD and card.controller == state.active:
            become_untapped(game, game.card(card.card_id))  # the untap step (rule 502.3)
        card.attacking = False
    game.log(f"turn {state.turn}: {active.name}")
    enter_step(game, Step.UPKEEP)
    if not state.stack:
        go_to(game, Step.MAIN1)


def cleanup(game: Game) -> None:
    """The cleanup step (rule 514.2): damage is removed, 'until end of turn' and 'this turn' effects end."""
    end_turn_effects(game)
    for card in game.state.cards.values():
        card.damage = 0
    game.state.shields = []
    game.state.combat = None


def enter_step(game: Game, step: Step) -> None:
    """Begin `step`: its turn-based action, then its triggers, then the active player gets priority."""
    state = game.state
    state.step = step
    if step is Step.DRAW:
        draw_for_turn(game)
    game.emit(StepBegan(str(step), state.active))
    put_triggers_on_stack(game)
    state.priority = state.active
    state.passes_in_succession = 0


@implements("504.1", "the active player draws a card as the draw step begins")
def draw_for_turn(game: Game) -> None:
    draw(game, game.players[game.state.active], 1)


def go_to(game: Game, step: Step) -> None:
    """Move forward within the turn to `step` (mana empties between steps, rule 500.4)."""
    state = game.state
    if TURN_ORDER.index(step) <= TURN_ORDER.index(state.step):
        raise EngineError(f"can't go back from {state.step} to {step}; use game.next_turn()")
    combat = state.combat
    if combat is not None and combat.blocks is not None and "regular" not in combat.damage_steps:
        raise EngineError("blockers are declared but combat damage isn't dealt yet: call game.combat_damage()")
    for next_step in TURN_ORDER[TURN_ORDER.index(state.step) + 1 : TURN_ORDER.index(step) + 1]:
        _require_empty_stack(game, f"leave the {state.step}")
        empty_mana_pools(game)
        enter_step(game, next_step)


@implements(
    "508.1a", "attackers are untapped creatures of the active player that have haste or were controlled since the turn began"
)
def check_attacker(game: Game, creature: Card) -> None:
    if not creature.definition.has_type("creature") or creature.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("not-a-creature", "508.1a", f"{creature} isn't a creature on the battlefield")
    if creature.controller.index != game.state.active:
        raise IllegalAction("not-active-player", "508.1a", f"{creature}'s controller isn't the active player")
    if creature.tapped:
        raise IllegalAction("tapped-attacker", "508.1a", f"{creature} is tapped and can't attack")
    check_summoning_sickness(game, creature, "attack")


@implements("702.20b", "attacking doesn't cause creatures with vigilance to tap", when_ablated=lambda _game, _creature: True)
def taps_to_attack(game: Game, creature: Card) -> bool:
    return "vigilance" not in keywords_of(game, creature)


def declare_attackers(game: Game, creatures: list[Card], at: Card | Player | None = None) -> None:
    state = game.state
    if state.step is not Step.DECLARE_ATTACKERS:
        go_to(game, Step.DECLARE_ATTACKERS)
    for creature in creatures:
        check_attacker(game, creature)
    begin_combat(game, creatures, at)
    for creature in creatures:
        if taps_to_attack(game, creature):  # rule 508.1f
            become_tapped(game, creature)
        creature.state.attacking = True
    game.log(f"{game.players[state.active]} attacks with {', '.join(map(str, creatures))}")
    game.emit(AttackersDeclared(tuple(c.card_id for c in creatures)))  # rule 508.1m
    put_triggers_on_stack(game)
    state.priority = state.active
