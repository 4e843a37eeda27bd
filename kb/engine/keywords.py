"""Keyword abilities and actions the seeds need: cascade, discover, delve, cycling, discard, historic."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kb.engine.cards.definitions import CardDef
from kb.engine.choices import check_chosen_once
from kb.engine.costs import ManaCost
from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_card, move_cards, top_of_library

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


@implements(
    "700.6",
    "historic: an object with the legendary supertype, the artifact card type or the Saga subtype",
    when_ablated=lambda _definition: False,
)
def is_historic(definition: CardDef) -> bool:
    return "legendary" in definition.supertypes or definition.has_type("artifact") or "Saga" in definition.subtypes


def _exile_until(ctx: EffectContext, found: Callable[[Card], bool]) -> tuple[list[Card], Card | None]:
    """Exile cards from the top ONE AT A TIME (each its own event) until one is `found`."""
    exiled: list[Card] = []
    while (top := top_of_library(ctx.game, ctx.controller)) is not None:
        move_card(ctx.game, top, Zone.EXILE)
        exiled.append(top)
        if found(top):
            return exiled, top
    return exiled, None


def _bottom_in_random_order(ctx: EffectContext, cards: list[Card]) -> None:
    rest = [c for c in cards if c.zone is Zone.EXILE]
    ctx.game.state.rng.shuffle(rest)
    move_cards(ctx.game, rest, Zone.LIBRARY, bottom=True)


@implements("702.85a", "cascade: exile cards one at a time until a nonland card of lesser mana value, which may be cast free")
def cascade(ctx: EffectContext) -> None:
    from kb.engine.casting import cast_during_resolution

    limit = ctx.source.mana_value if ctx.source.zone is Zone.STACK else ctx.item.data.get("mana_value", 0)
    exiled, hit = _exile_until(ctx, lambda c: not c.definition.has_type("land") and c.mana_value < limit)
    if hit is not None and _chooses_to_cast(ctx, hit, "cascade"):
        cast_during_resolution(ctx.game, ctx.controller, hit)
    _bottom_in_random_order(ctx, exiled)


def _chooses_to_cast(ctx: EffectContext, hit: Card, keyword: str) -> bool:
    """'You may cast it': the player's stated choice, used once; never made for them."""
    player = ctx.controller
    if player.state.cast_hit is None:
        raise MissingChoice(
            f"whether {player} casts {hit}, found by {keyword}",
            "call player.will_cast_hit(True) or player.will_cast_hit(False) before it resolves",
        )
    cast, player.state.cast_hit = player.state.cast_hit, None
    return cast


@implements(
    "701.57a", "discover N: exile cards one at a time until a nonland card with mana value N or less; cast it free or take it"
)
def discover(ctx: EffectContext, n: int) -> None:
    from kb.engine.casting import cast_during_resolution

    exiled, hit = _exile_until(ctx, lambda c: not c.definition.has_type("land") and c.mana_value <= n)
    if hit is not None:
        if _chooses_to_cast(ctx, hit, f"discover {n}"):
            cast_during_resolution(ctx.game, ctx.controller, hit)
        else:
            move_card(ctx.game, hit, Zone.HAND)
    _bottom_in_random_order(ctx, exiled)


def _delve_ignored(game: Game, player: Player, spell: Card, cost: ManaCost, cards: Sequence[Card]) -> ManaCost:
    return cost


@implements("702.66a", "delve: exile cards from your graveyard to pay for generic mana", when_ablated=_delve_ignored)
def pay_with_delve(game: Game, player: Player, spell: Card, cost: ManaCost, cards: Sequence[Card]) -> ManaCost:
    """Exile `cards` from the graveyard (one event) and reduce the generic part of `cost` by as many."""
    if not cards:
        return cost
    if "delve" not in spell.definition.keywords:
        raise IllegalAction("no-delve", "702.66a", f"{spell} doesn't have delve")
    check_chosen_once(cards, "exiled-twice", "702.66a", f"pay for {spell} with delve")
    if any(c.zone is not Zone.GRAVEYARD or c.owner != player for c in cards):
        raise IllegalAction("cannot-pay", "702.66a", "delve exiles cards from your own graveyard only")
    if len(cards) > cost.generic:
        raise IllegalAction("cannot-pay", "702.66a", "delve pays only for generic mana")
    move_cards(game, list(cards), Zone.EXILE)
    return cost.minus_generic(len(cards))


@implements("701.9a", "to discard a card, move it from its owner's hand to their graveyard")
def check_discardable(player: Player, card: Card) -> None:
    if card.zone is not Zone.HAND or card.owner != player:
        raise IllegalAction("discard-not-in-hand", "701.9a", f"{card} isn't in {player}'s hand, so it can't be discarded")


def discard_card(game: Game, player: Player, card: Card) -> None:
    check_discardable(player, card)
    move_card(game, card, Zone.GRAVEYARD)


@implements("702.29a", "cycling works only while the card is in a player's hand")
def check_cycling_zone(player: Player, card: Card) -> None:
    if card.zone is not Zone.HAND:
        raise IllegalAction("cycling-not-in-hand", "702.29a", f"{card} is in the {card.zone}: cycling works only from the hand")
