"""Zones and moving cards between them (rules 400–406), with object identity per rule 400.7."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kb.engine.entering import as_it_enters
from kb.engine.events import Moved, ZoneChange
from kb.engine.replacement import enters_with_counters
from kb.engine.rules_registry import implements
from kb.engine.state import CardState, Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


def _keep_old_identity(game: Game, card: CardState) -> int:
    """Without rule 400.7 an object would remember its previous existence: same object, new zone."""
    return card.object_id


@implements(
    "400.7", "a card that changes zones becomes a new object with no memory of the old one", when_ablated=_keep_old_identity
)
def object_after_zone_change(game: Game, card: CardState) -> int:
    return game.state.new_id()


def becomes_a_new_object(game: Game, card: Card) -> None:
    """What a permanent that becomes a copy (rule 707.4) or transforms (712.18) would do without the rule that keeps
    its identity: become a new object, as a zone change makes it (400.7)."""
    card.state.object_id = game.state.new_id()


@implements(
    "406.3", "exiled cards are face up by default; cards exiled face down are hidden", when_ablated=lambda _face_down: False
)
def exiled_face_up(face_down: bool) -> bool:
    return not face_down


def move_cards(
    game: Game,
    cards: Sequence[Card],
    to: Zone,
    *,
    controller: Player | None = None,
    bottom: bool = False,
    face_down: bool = False,
    tapped: bool = False,
) -> list[Moved]:
    """Move `cards` to `to` as ONE event (so a batched trigger sees one event) and report it to triggers.
    Replacement effects may send a card elsewhere (see kb.engine.graveyard_replacements)."""
    from kb.engine.graveyard_replacements import destination

    afterwards: list[Callable[[], None]] = []  # what happens only once they are there (see kb.engine.entering)
    movable = [card for card in cards if can_change_zones(card)]
    destinations = [destination(game, card, to) for card in movable]
    moves = [
        _move_one(
            game,
            card,
            where.zone,
            controller=controller,
            bottom=bottom,
            face_down=face_down,
            tapped=tapped,
            afterwards=afterwards,
        )
        for card, where in zip(movable, destinations, strict=True)
    ]
    for card, where in zip(movable, destinations, strict=True):
        if where.shuffle:
            game.state.rng.shuffle(game.state.libraries[card.state.owner])
    if moves:
        game.emit(ZoneChange(tuple(moves)))
    for then in afterwards:
        then()
    return moves


def move_card(game: Game, card: Card, to: Zone, **options: object) -> Moved | None:
    moved = move_cards(game, [card], to, **options)  # type: ignore[arg-type]
    return moved[0] if moved else None


@implements("111.8", "a token that has left the battlefield can't move to another zone", when_ablated=lambda _card: True)
def can_change_zones(card: Card) -> bool:
    return not (card.state.is_token and card.state.zone is not Zone.BATTLEFIELD)


def choose_as_enters(game: Game, card: Card) -> None:
    from kb.engine.chosen import choose_as_enters as choose

    choose(game, card)


def _move_one(
    game: Game,
    card: Card,
    to: Zone,
    *,
    controller: Player | None,
    bottom: bool,
    face_down: bool,
    tapped: bool,
    afterwards: list[Callable[[], None]],
) -> Moved:
    state = card.state
    origin = state.zone
    before = card.definition if to is Zone.BATTLEFIELD else None  # what it was where it came from (rule 614.12)
    if origin is Zone.LIBRARY:
        game.state.libraries[state.owner].remove(state.card_id)
    if origin is Zone.STACK:
        game.state.stack = [item for item in game.state.stack if item.card_id != state.card_id]
    old_object = state.object_id
    counters = tuple(sorted((kind, n) for kind, n in state.counters.items() if n))
    state.object_id = object_after_zone_change(game, state)
    state.zone = to
    state.entered_at = game.state.tick()
    state.controller = controller.index if controller is not None and to in (Zone.BATTLEFIELD, Zone.STACK) else state.owner
    state.controlled_since = state.entered_at
    state.base_controller = state.controller if to is Zone.BATTLEFIELD else None
    state.attached_to = None  # a new object is attached to nothing (rule 400.7)
    # A new object starts fresh: untapped, no counters, no damage, not attacking (rule 400.7).
    state.tapped = tapped and to is Zone.BATTLEFIELD
    state.counters = {}
    state.damage = 0
    state.attacking = False
    state.transformed = False  # a double-faced card enters with its front face up (rule 712.8a)
    state.chosen = {}  # a new object: choices made for the old one are gone (rule 400.7)
    state.flipped = False  # it retains no memory of having flipped (rule 710.4)
    state.face_up = exiled_face_up(face_down) if to is Zone.EXILE else to is not Zone.LIBRARY
    if to is not Zone.BATTLEFIELD:
        state.spell_x = None
        state.was_cast = False
        state.kicked = ()
    state.chosen_color = None  # a choice made as the old object entered belongs to that object (rule 400.7)
    if to is Zone.BATTLEFIELD:
        assert before is not None
        as_it_enters(game, card, before, afterwards)
        enters_with_counters(game, card)
        choose_as_enters(game, card)
    if to is Zone.LIBRARY:
        library = game.state.libraries[state.owner]
        library.insert(len(library) if bottom else 0, state.card_id)
    game.log(f"{card} moves from {origin} to {to}")
    return Moved(state.card_id, state.owner, origin, to, old_object, state.object_id, counters)


def top_of_library(game: Game, player: Player) -> Card | None:
    library = game.state.libraries[player.index]
    return game.card(library[0]) if library else None


def draw(game: Game, player: Player, count: int) -> list[Card]:
    drawn = []
    for _ in range(count):
        top = top_of_library(game, player)
        if top is None:
            player.state.drew_from_empty = True  # the player loses at the next check (rule 704.5b)
            break
        move_card(game, top, Zone.HAND)
        drawn.append(top)
    return drawn


def exile_top_of_library(game: Game, player: Player) -> Card | None:
    """Exile the top card of `player`'s library, face up; None if the library is empty."""
    top = top_of_library(game, player)
    if top is not None:
        move_card(game, top, Zone.EXILE)
    return top


@implements("111.1", "an effect can create a token: a permanent that isn't represented by a card")
def create_tokens(game: Game, name: str, controller: Player, count: int) -> list[Card]:
    """Put `count` tokens named `name` (defined in the game) onto the battlefield under `controller`'s control."""
    created = []
    for _ in range(count):
        card = game.create_object(name, controller, Zone.BATTLEFIELD)
        card.state.is_token = True
        created.append(card)
    moves = tuple(Moved(c.card_id, controller.index, None, Zone.BATTLEFIELD, c.object_id, c.object_id) for c in created)
    if moves:
        game.emit(ZoneChange(moves))
    return created
