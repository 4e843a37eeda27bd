"""The stack (rule 405) and resolving what is on it (rule 608)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.effects import EffectContext
from kb.engine.errors import EngineError
from kb.engine.modes import resolve_modes
from kb.engine.priority import priority_after_resolution
from kb.engine.rules_registry import implements
from kb.engine.state import StackItem, Zone
from kb.engine.state_based import check_state_based_actions
from kb.engine.triggers import check_intervening_if, put_triggers_on_stack, triggered_ability
from kb.engine.zones import move_card

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card


def resolve_top(game: Game) -> StackItem:
    """Resolve the top object of the stack, then check state-based actions, triggers and priority."""
    if not game.state.stack:
        raise EngineError("the stack is empty: there is nothing to resolve")
    item = game.state.stack[-1]
    if item.kind == "spell":
        resolve_spell(game, item)
    else:
        game.state.stack.pop()
        resolve_ability(game, item)
    after_resolution(game)
    return item


def after_resolution(game: Game) -> None:
    check_state_based_actions(game)
    put_triggers_on_stack(game)
    priority_after_resolution(game)
    game.state.passes_in_succession = 0


@implements(
    "608.2b",
    "a spell or ability whose targets are all illegal as it resolves doesn't resolve",
    when_ablated=lambda _game, _item: True,
)
def targets_still_legal(game: Game, item: StackItem) -> bool:
    """A target that changed zones is a new object, so it is no longer the target (rule 400.7)."""
    if not item.targets:
        return True
    return any(kind == "player" or game.card(ident).object_id == object_id for kind, ident, object_id in item.targets)


def resolve_spell(game: Game, item: StackItem) -> None:
    assert item.card_id is not None
    card = game.card(item.card_id)
    definition = card.definition
    if not definition.is_permanent_card:
        if definition.spell_effect is not None and targets_still_legal(game, item):
            definition.spell_effect(EffectContext(game, item, card))
        elif definition.modes and targets_still_legal(game, item):
            resolve_modes(game, item, card)
        if card.zone is Zone.STACK:
            move_card(game, card, Zone.GRAVEYARD)  # rule 608.2n
        return
    if not targets_still_legal(game, item):
        move_card(game, card, Zone.GRAVEYARD)  # rule 608.3b: an Aura spell whose target is gone doesn't resolve
        return
    # A permanent spell becomes a permanent under its controller's control (rule 608.3); it
    # remembers the X that was paid for it (rules 400.7d, 107.3m).
    card.state.spell_x = card.state.x
    was_cast, kicked = card.state.was_cast, card.state.kicked
    move_card(game, card, Zone.BATTLEFIELD, controller=game.players[item.controller], tapped=definition.enters_tapped)
    card.state.was_cast, card.state.kicked = was_cast, kicked  # rules 603.4 'if you cast it', 607.2i
    if definition.enchant is not None and item.targets:
        enters_attached(game, card, item)


@implements("608.3c", "an Aura spell resolves into a permanent attached to the object it targeted")
def enters_attached(game: Game, aura: Card, item: StackItem) -> None:
    _, card_id, object_id = item.targets[0]
    aura.state.attached_to = (card_id, object_id)
    game.log(f"{aura} enters attached to {game.card(card_id)}")


def resolve_ability(game: Game, item: StackItem) -> None:
    assert item.source_card is not None
    source = game.card(item.source_card)
    if item.kind == "triggered":
        ability = triggered_ability(source, item.ability)
        if ability.intervening_if is not None and not check_intervening_if(ability, source):
            return
        effect = ability.effect
    else:
        effect = next(a for a in source.definition.activated if a.key == item.ability).effect
    if effect is not None and targets_still_legal(game, item):
        effect(EffectContext(game, item, source))
