"""Activating abilities (rule 602) other than mana abilities, including cycling (702.29)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import ActivatedAbility
from kb.engine.costs import check_summoning_sickness, parse_mana_cost, pay_mana, pay_tap_symbol, pay_untap_symbol
from kb.engine.errors import EngineError, IllegalAction
from kb.engine.keywords import check_cycling_zone, discard_card
from kb.engine.priority import priority_after_action, require_priority
from kb.engine.rules_registry import implements
from kb.engine.state import StackItem, Zone
from kb.engine.triggers import choose_targets, put_triggers_on_stack

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


def find_ability(card: Card, key: str | None) -> ActivatedAbility:
    candidates = [a for a in card.definition.activated if not a.is_mana_ability and (key is None or a.key == key)]
    if not candidates:
        raise EngineError(f"{card} has no activated ability {key or ''}".strip())
    return candidates[0]


def _resolve_without_the_stack(game: Game, item: StackItem) -> None:
    """Without rule 602.2a an activated ability would just happen, with no chance to respond."""
    from kb.engine.stack import resolve_ability

    resolve_ability(game, item)


@implements(
    "602.2a", "an activated ability is put on the stack as an object that's not a card", when_ablated=_resolve_without_the_stack
)
def put_ability_on_stack(game: Game, item: StackItem) -> None:
    game.state.stack.append(item)


@implements("113.6", "abilities of permanents function only on the battlefield unless they say otherwise")
def check_ability_zone(card: Card, ability: ActivatedAbility) -> None:
    if card.zone is not ability.zone:
        raise IllegalAction(
            "wrong-zone", "113.6", f"{card}'s ability works only on the {ability.zone}; {card} is in the {card.zone}"
        )


def activate(game: Game, player: Player, card: Card, key: str | None = None, targets: list[Any] | None = None) -> None:
    """Activate a non-mana ability: announce it, pay its costs, then it waits on the stack (rules 602.2, 117.3c)."""
    ability = find_ability(card, key)
    require_priority(game, player)
    if ability.key == "cycling":
        check_cycling_zone(player, card)
    else:
        check_ability_zone(card, ability)
    in_hand = ability.zone is Zone.HAND
    if (card.owner if in_hand else card.controller) != player:
        raise IllegalAction("not-controller", "602.2", f"{player} can't activate {card}'s abilities")
    item = StackItem(
        item_id=game.state.new_id(),
        controller=player.index,
        source_card=card.card_id,
        source_object=card.object_id,
        ability=ability.key,
        kind="activated",
    )
    item.targets = choose_targets(game, player, card, None, chosen=list(targets or [])) or ()
    cost = ability.cost
    if cost.tap or cost.untap:
        check_summoning_sickness(game, card, "use an ability with {T} or {Q} in its cost")
    if cost.tap:
        pay_tap_symbol(game, card)
    if cost.untap:
        pay_untap_symbol(game, card)
    pay_mana(game, player, parse_mana_cost(cost.mana), 0)
    if cost.discard_self:
        discard_card(game, player, card)
    put_ability_on_stack(game, item)
    game.log(f"{player} activates {card}: {ability.text}")
    put_triggers_on_stack(game)
    priority_after_action(game, player)
