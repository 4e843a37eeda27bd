"""What happens as a permanent enters the battlefield (rules 614.1c, 614.12, 707.5): it may enter as a copy,
tapped, or with counters. These are replacement effects: the permanent never exists without them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kb.engine.cards.definitions import CardDef
from kb.engine.errors import MissingChoice
from kb.engine.rules_registry import implements
from kb.engine.state import Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card


def as_it_enters(game: Game, card: Card, before: CardDef, afterwards: list[Callable[[], None]]) -> None:
    """`card` has just been put onto the battlefield (nothing has seen it yet); `before` is what it was in the
    zone it came from. `afterwards` runs once every card of the event is there and triggers have looked."""
    enter_as_copy(game, card, afterwards)
    make_entering_choice(game, card)
    if enters_tapped(game, card, before):
        card.state.tapped = True
    put_entering_counters(game, card)


def _then_become_a_copy(game: Game, card: Card, afterwards: list[Callable[[], None]]) -> None:
    """Without rule 707.5 a permanent would enter, and then become a copy, too late for what it copies to
    replace how it enters or to trigger on its entering."""
    afterwards.append(lambda: _become_a_copy(game, card))


@implements(
    "707.5",
    "a permanent that enters as a copy is a copy as it enters: what it copies modifies how it enters and triggers",
    when_ablated=_then_become_a_copy,
)
def enter_as_copy(game: Game, card: Card, afterwards: list[Callable[[], None]]) -> None:
    _become_a_copy(game, card)


def _become_a_copy(game: Game, card: Card) -> None:
    from kb.engine.continuous import FOREVER
    from kb.engine.copies import check_copy_choice, chosen_to_copy, snapshot, start_copy_effect
    from kb.engine.layers import copiable_values

    ability = copiable_values(game, card).enters_as_copy
    if ability is None or card.zone is not Zone.BATTLEFIELD:
        return
    chosen = chosen_to_copy(game, card.controller, card, ability.description)
    if chosen is None:
        return
    check_copy_choice(card, "707.5", chosen, ability.legal, ability.description)
    start_copy_effect(game, card.controller, card, card, snapshot(game, chosen, card, ability.exception), FOREVER)
    choices_of_a_copy(game, card, chosen)


def _copied_too(game: Game, copy: Card, original: Card) -> None:
    copy.state.chosen = dict(original.state.chosen)


@implements(
    "707.6",
    "the choices made for a permanent aren't copied: a copy entering makes its own 'as this enters' choices",
    when_ablated=_copied_too,
)
def choices_of_a_copy(game: Game, copy: Card, original: Card) -> None:
    """Nothing is taken from `original`: `make_entering_choice` asks the copy's controller."""


def make_entering_choice(game: Game, card: Card) -> None:
    """'As this enters, choose a creature type': its controller's choice, stated ahead (rule 614.12a)."""
    kind = card.definition.choose_as_enters
    if kind is None or kind in card.state.chosen:
        return
    stated = card.controller.state.stated_choices
    if kind not in stated:
        raise MissingChoice(
            f"the {kind} chosen as {card} enters", f"call {card.controller.name.lower()}.will_pick({kind!r}, ...)"
        )
    card.state.chosen[kind] = stated.pop(kind)
    game.log(f"{card.controller} chooses {card.state.chosen[kind]} for {card}")


def _as_it_was(game: Game, card: Card, before: CardDef) -> CardDef:
    return before


@implements(
    "614.12",
    "how a permanent enters is decided by what it will be on the battlefield, and by effects of other permanents already there",
    when_ablated=_as_it_was,
)
def entering_values(game: Game, card: Card, before: CardDef) -> CardDef:
    return card.definition


def _every_permanent(game: Game, card: Card) -> list[Card]:
    return [game.card(c.card_id) for c in game.state.cards.values() if c.zone is Zone.BATTLEFIELD and not c.ceased]


@implements(
    "614.12",
    "a replacement effect of a permanent applies to itself only if it affects only that permanent",
    when_ablated=_every_permanent,
)
def other_permanents(game: Game, card: Card) -> list[Card]:
    return [p for p in _every_permanent(game, card) if p != card]


def enters_tapped(game: Game, card: Card, before: CardDef) -> bool:
    """'This enters tapped' (its own), or 'Permanents enter tapped' of another permanent (Orb of Dreams)."""
    from kb.engine.continuous import abilities_of_source

    if entering_values(game, card, before).enters_tapped:
        return True
    return any(
        static.layer == "enter tapped" and static.affects(source, card)
        for source in other_permanents(game, card)
        for static in abilities_of_source(game, source)
    )


@implements("614.1c", "'enters with' counters are a replacement effect applied as the permanent enters")
def put_entering_counters(game: Game, card: Card) -> None:
    for kind, count in card.definition.enters_with:
        card.state.counters[kind] = card.state.counters.get(kind, 0) + count
