"""Keyword actions (rule 701) about permanents' identity and control — exchange, transform, flip — and searching."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.continuous import FOREVER
from kb.engine.errors import IllegalAction
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import becomes_a_new_object

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext
    from kb.engine.game import Game
    from kb.engine.handles import Card


def _any_part(wanted: int, still_there: Sequence[Card]) -> bool:
    return bool(still_there)


@implements("701.12a", "if the entire exchange can't be completed, no part of the exchange occurs", when_ablated=_any_part)
def whole_exchange_possible(wanted: int, still_there: Sequence[Card]) -> bool:
    return len(still_there) == wanted


def exchange_control(ctx: EffectContext, wanted: Sequence[tuple[int, int]]) -> None:
    """Exchange control of the two permanents `wanted` (card id, object id), if both are still those objects
    on the battlefield (rule 701.12b: each player gains control of the one the other controlled)."""
    game = ctx.game
    cards = [game.card(card_id) for card_id, _ in wanted]
    still_there = [c for c, (_, obj) in zip(cards, wanted, strict=True) if c.object_id == obj and c.zone is Zone.BATTLEFIELD]
    if not whole_exchange_possible(len(wanted), still_there):
        game.log("the exchange can't be completed: nothing is exchanged")
        return
    first, second = cards
    if first.controller == second.controller:
        return
    gains = {first: second.controller, second: first.controller}
    for card in still_there:
        ctx.start_effect([card], "control", FOREVER, new_controller=gains[card].index)


def _found_anyway(card: Card, description: str, matches: bool) -> None:
    return None


@implements("701.23a", "searching finds a card that matches the given description", when_ablated=_found_anyway)
def check_found(card: Card, description: str, matches: bool) -> None:
    if not matches:
        raise IllegalAction("not-a-match", "701.23a", f"{card} isn't {description}: a search can't find it")


def _every_permanent(game: Game, card: Card) -> bool:
    return True


@implements(
    "712.9",
    "only a permanent represented by a double-faced card can transform; told to, any other does nothing",
    when_ablated=_every_permanent,
)
def can_transform(game: Game, card: Card) -> bool:
    """The card that represents it decides, not the values it copies (rule 712.9)."""
    return game.definition_of(card.state.name).back_face is not None


@implements(
    "712.18",
    "a permanent that transforms doesn't become a new object: effects that applied to it go on applying",
    when_ablated=becomes_a_new_object,
)
def keeps_its_identity(game: Game, card: Card) -> None:
    """Nothing to do: the object id stays (without this rule it would be a new object, like a zone change)."""


def transform(game: Game, card: Card) -> None:
    """Turn it over: its other face is up (rule 701.27a); a permanent that can't transform stays as it is."""
    if card.zone is not Zone.BATTLEFIELD:
        return
    if not can_transform(game, card):
        game.log(f"{card} can't transform: it isn't a double-faced card (rule 712.9)")
        return
    card.state.transformed = not card.state.transformed
    keeps_its_identity(game, card)
    game.log(f"{game.definition_of(card.state.name).name} transforms: {card} is up")


def flip(game: Game, card: Card) -> None:
    """Flip a flip card on the battlefield: turn it 180 degrees; it is the same object, and flipping
    is one way (rule 710.4). Any other permanent stays as it is."""
    if card.zone is Zone.BATTLEFIELD and game.definition_of(card.state.name).flip_side is not None:
        card.state.flipped = True
        game.log(f"{game.definition_of(card.state.name).name} flips: {card} is up")
