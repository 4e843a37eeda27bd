"""Activating abilities (rule 602) other than mana abilities, including cycling (702.29)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import ActivatedAbility, Cost
from kb.engine.choices import announce_x, check_chosen_once, check_sacrificed_once
from kb.engine.costs import (
    check_summoning_sickness,
    parse_mana_cost,
    pay_mana,
    pay_sacrifice,
    pay_sacrifice_self,
    pay_tap_symbol,
    pay_tap_untapped,
    pay_untap_symbol,
)
from kb.engine.errors import EngineError, IllegalAction, MissingChoice
from kb.engine.keywords import check_cycling_zone, discard_card
from kb.engine.priority import priority_after_action, require_priority
from kb.engine.rules_registry import implements
from kb.engine.state import StackItem, Zone
from kb.engine.targets import choose_targets
from kb.engine.triggers import put_triggers_on_stack
from kb.engine.zones import move_cards

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


def _as_the_source_has_it_now(game: Game, item: StackItem, source: Card) -> Any:
    """Without rule 113.7a the ability would be read off its source as it resolves: gone if the source changed."""
    return next((a.effect for a in source.definition.activated if a.key == item.ability), None)


@implements(
    "113.7a",
    "an activated ability on the stack exists independently of its source: it resolves as activated",
    when_ablated=_as_the_source_has_it_now,
)
def effect_on_the_stack(game: Game, item: StackItem, source: Card) -> Any:
    return item.data["effect"] if "effect" in item.data else _as_the_source_has_it_now(game, item, source)


@implements("113.6", "abilities of permanents function only on the battlefield unless they say otherwise")
def check_ability_zone(card: Card, ability: ActivatedAbility) -> None:
    if card.zone is not ability.zone:
        raise IllegalAction(
            "wrong-zone", "113.6", f"{card}'s ability works only on the {ability.zone}; {card} is in the {card.zone}"
        )


@dataclass(frozen=True)
class Payment:
    """The objects a player chose to pay a cost with: what to sacrifice, tap, discard, or exile from the graveyard."""

    sacrifice: tuple[Card, ...] = ()
    tap: tuple[Card, ...] = ()
    discard: tuple[Card, ...] = ()
    exile: tuple[Card, ...] = ()


def pay_activation_cost(game: Game, player: Player, source: Card, cost: Cost, x: int, chosen: Payment) -> None:
    """Pay an activation cost in full (rules 602.2b, 601.2h); a refused part undoes the rest (the transaction)."""
    if cost.tap or cost.untap:
        check_summoning_sickness(game, source, "use an ability with {T} or {Q} in its cost")
    if cost.tap:
        pay_tap_symbol(game, source)
    if cost.untap:
        pay_untap_symbol(game, source)
    pay_mana(game, player, parse_mana_cost(cost.mana), x)
    check_sacrificed_once(chosen.sacrifice, f"pay for {source}'s ability")
    _choose_objects(source, chosen.sacrifice, cost.sacrifice.count if cost.sacrifice else 0, "sacrifice", "sacrifice=[...]")
    if cost.sacrifice is not None:
        move_cards(game, pay_sacrifice(game, player, cost, list(chosen.sacrifice)), Zone.GRAVEYARD)
    check_chosen_once(chosen.tap, "tapped-twice", "701.26a", f"pay for {source}'s ability")
    _choose_objects(source, chosen.tap, cost.tap_untapped.count if cost.tap_untapped else 0, "tap", "tap=[...]")
    if cost.tap_untapped is not None:
        pay_tap_untapped(game, player, cost, list(chosen.tap))
    check_chosen_once(chosen.discard, "discarded-twice", "701.9a", f"pay for {source}'s ability")
    _choose_objects(source, chosen.discard, cost.discard_cards, "discard", "discard=[...]")
    for card in chosen.discard:
        discard_card(game, player, card)
    check_chosen_once(chosen.exile, "exiled-twice", "118.3", f"pay for {source}'s ability")
    _choose_objects(source, chosen.exile, cost.exile_from_graveyard, "exile from your graveyard", "exile=[...]")
    if any(c.zone is not Zone.GRAVEYARD or c.owner != player for c in chosen.exile):
        raise IllegalAction("cannot-pay", "118.3", f"{source}'s cost exiles cards from {player}'s own graveyard only")
    if chosen.exile:
        move_cards(game, list(chosen.exile), Zone.EXILE)
    if cost.discard_self:
        discard_card(game, player, source)
    if cost.sacrifice_self:
        move_cards(game, pay_sacrifice_self(game, player, source), Zone.GRAVEYARD)


def _choose_objects(source: Card, chosen: Sequence[Card], wanted: int, verb: str, how: str) -> None:
    """A cost that asks for N objects gets exactly N, chosen by the player, never picked for them."""
    if wanted and not chosen:
        raise MissingChoice(f"what to {verb} for {source}'s cost ({wanted})", f"pass {how}")
    if len(chosen) != wanted:
        raise IllegalAction("cannot-pay", "118.3", f"{source}'s cost asks to {verb} {wanted}, not {len(chosen)}")


@implements("602.5d", "an ability that says 'activate only as a sorcery' follows the timing of a sorcery")
def check_activation_timing(game: Game, player: Player, card: Card, ability: ActivatedAbility) -> None:
    state = game.state
    if ability.sorcery_speed and (state.active != player.index or not state.step.is_main or state.stack):
        raise IllegalAction(
            "sorcery-timing", "602.5d", f"{card}'s ability can be activated only in {player}'s main phase with an empty stack"
        )


def activate(
    game: Game,
    player: Player,
    card: Card,
    key: str | None = None,
    targets: list[Any] | None = None,
    *,
    x: int | None = None,
    chosen: Payment = Payment(),
) -> None:
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
    check_activation_timing(game, player, card, ability)
    cost = ability.cost
    announced = announce_x(x, parse_mana_cost(cost.mana).x_count > 0, True, card, "activation cost")
    item = StackItem(
        item_id=game.state.new_id(),
        controller=player.index,
        source_card=card.card_id,
        source_object=card.object_id,
        ability=ability.key,
        kind="activated",
        x=announced,
        data={"effect": ability.effect},  # the ability as activated: it no longer needs its source (rule 113.7a)
    )
    item.targets = choose_targets(game, player, card, ability.target, kind="activated", chosen=list(targets or [])) or ()
    pay_activation_cost(game, player, card, cost, announced, chosen)
    put_ability_on_stack(game, item)
    game.log(f"{player} activates {card}: {ability.text}")
    put_triggers_on_stack(game)
    priority_after_action(game, player)
