"""Replacement effects on a card going to a graveyard, and how several of them apply to one event (rule 616.1).

Two abilities are modeled, known by their Oracle text: a permanent's "If a card or token would be put into a
graveyard from anywhere, exile it instead." and a creature's own "If this creature would die, instead shuffle
it into its owner's library." When both apply, the affected card's controller (its owner, off the battlefield)
chooses one (`Player.will_apply_first`); then only the effects that still apply to the modified event are
considered again (rule 616.1f). The engine never chooses for the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.rules_registry import implements
from kb.engine.state import Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card

EXILE_INSTEAD = "If a card or token would be put into a graveyard from anywhere, exile it instead."
SHUFFLE_INSTEAD = "If this creature would die, instead shuffle it into its owner's library."


@dataclass(frozen=True)
class Destination:
    zone: Zone
    shuffle: bool = False  # "shuffle it into its owner's library"


@dataclass(frozen=True)
class _Replacement:
    source: Card
    text: str
    to: Destination


def _applicable(game: Game, card: Card, origin: Zone, event: Destination) -> list[_Replacement]:
    if event.zone is not Zone.GRAVEYARD:
        return []
    found = []
    for state in game.state.cards.values():
        if state.zone is Zone.BATTLEFIELD and not state.ceased:
            source = game.card(state.card_id)
            if EXILE_INSTEAD in source.definition.keywords:
                found.append(_Replacement(source, EXILE_INSTEAD, Destination(Zone.EXILE)))
    if origin is Zone.BATTLEFIELD and card.definition.has_type("creature") and SHUFFLE_INSTEAD in card.definition.keywords:
        found.append(_Replacement(card, SHUFFLE_INSTEAD, Destination(Zone.LIBRARY, shuffle=True)))
    return sorted(found, key=lambda r: r.source.state.entered_at)


def _first_found(game: Game, card: Card, options: list[_Replacement]) -> _Replacement:
    """Without rule 616.1 nobody chooses: the oldest effect would simply apply."""
    return options[0]


@implements(
    "616.1",
    "when several replacement effects apply to one event, the affected object's controller chooses one",
    when_ablated=_first_found,
)
def choose_replacement(game: Game, card: Card, options: list[_Replacement]) -> _Replacement:
    if len(options) == 1:
        return options[0]
    player = card.controller if card.zone is Zone.BATTLEFIELD else card.owner
    stated = player.state.replacement_choices
    if not stated:
        raise MissingChoice(
            f"which replacement effect {player} applies first to {card}: " + " or ".join(f"{o.source}'s" for o in options),
            "call player.will_apply_first(<the effect's source>) before the event",
        )
    chosen = next((o for o in options if o.source.card_id == stated[0]), None)
    if chosen is None:
        raise IllegalAction(
            "replacement-not-applicable",
            "616.1",
            f"the effect of {game.card(stated[0])} doesn't apply to {card} going to a graveyard",
        )
    stated.pop(0)
    return chosen


def _all_at_first(game: Game, card: Card, origin: Zone, applied: list[_Replacement], now: Destination) -> list[_Replacement]:
    """Without rule 616.1f, the effects that applied to the original event would all still apply."""
    first = _applicable(game, card, origin, Destination(Zone.GRAVEYARD))
    return [r for r in first if r not in applied]


@implements(
    "616.1f",
    "after one replacement applies, only the effects that apply to the modified event are considered",
    when_ablated=_all_at_first,
)
def still_applicable(game: Game, card: Card, origin: Zone, applied: list[_Replacement], now: Destination) -> list[_Replacement]:
    return [r for r in _applicable(game, card, origin, now) if r not in applied]


def destination(game: Game, card: Card, to: Zone) -> Destination:
    """Where `card`, about to move to `to`, really goes once replacement effects have applied (rule 616)."""
    origin = card.zone
    event = Destination(to)
    applied: list[_Replacement] = []
    options = _applicable(game, card, origin, event)
    while options:
        chosen = choose_replacement(game, card, options)
        applied.append(chosen)
        event = chosen.to
        game.log(f"{chosen.source}'s effect applies: {card} goes to the {event.zone} instead")
        options = still_applicable(game, card, origin, applied, event)
    return event
