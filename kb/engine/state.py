"""The game state: plain data, and nothing but data.

Everything that can change during a game lives in one `GameState`, so that an
illegal action can be undone by restoring a deep copy (see `Game.transaction`).
Card definitions (what a card *is*) are not state; they live in `kb.engine.cards`.
Handles given to scenarios (`Card`, `Player`) hold ids and read this state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Zone(StrEnum):
    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"


class Step(StrEnum):
    """The parts of a turn a scenario can stand in (rule 500.1; the untap step has no priority, so it is implicit)."""

    UPKEEP = "upkeep"
    DRAW = "draw"
    MAIN1 = "precombat main"
    DECLARE_ATTACKERS = "declare attackers"
    MAIN2 = "postcombat main"
    END = "end"

    @property
    def is_main(self) -> bool:
        return self in (Step.MAIN1, Step.MAIN2)


TURN_ORDER = (Step.UPKEEP, Step.DRAW, Step.MAIN1, Step.DECLARE_ATTACKERS, Step.MAIN2, Step.END)


@dataclass
class CardState:
    """One physical card and the game object it currently is.

    `card_id` never changes; `object_id` changes whenever the card changes zones
    (rule 400.7), so anything that remembered the old object stops matching.
    """

    card_id: int
    name: str
    owner: int
    object_id: int
    zone: Zone
    controller: int
    entered_at: int  # the game clock when it entered its zone (orders zones, e.g. a graveyard)
    controlled_since: int  # the game clock when its controller gained control (rule 302.6)
    tapped: bool = False
    face_up: bool = True
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    attacking: bool = False
    x: int = 0  # the value of X while it is a spell on the stack (rule 107.3)
    spell_x: int | None = None  # the X of the spell that became this permanent (rules 107.3m, 400.7d)
    was_cast: bool = False
    base_controller: int | None = None  # who put it onto the battlefield: its controller before any effect (613.1b)
    attached_to: tuple[int, int] | None = None  # (card id, object id) of what this Aura/Equipment is attached to
    is_token: bool = False
    ceased: bool = False  # a token that left the battlefield has ceased to exist (rule 704.5d)
    transformed: bool = False  # a double-faced permanent with its back face up (rules 712.8e, 701.27)
    chosen: dict[str, Any] = field(default_factory=dict)  # choices made as it entered ('creature type': 'Elf')
    flipped: bool = False  # a flip card whose alternative characteristics apply (rule 710.2)


@dataclass
class PlayerState:
    index: int
    name: str
    life: int = 20
    mana_pool: dict[str, int] = field(default_factory=dict)
    lands_played: int = 0
    won: bool = False
    land_plays: int = 1  # rule 305.2: one land a turn unless an effect says otherwise
    turn_began_at: int | None = None  # clock at the start of this player's most recent turn
    # Targets stated ahead for triggered abilities, keyed by the source's card id (None: the next one to need targets).
    intended_targets: dict[int | None, list[tuple[str, int]]] = field(default_factory=dict)
    cast_hit: bool | None = None  # stated ahead: cast the card a cascade or discover finds (True) or not (False)
    # Other choices stated ahead, by kind ('color', 'copy' …): made as an effect needs them (see Player.will_choose).
    stated_choices: dict[str, Any] = field(default_factory=dict)


@dataclass
class StackItem:
    """A spell (a card on the stack) or an ability on the stack (an object that's not a card)."""

    item_id: int
    controller: int
    card_id: int | None = None  # set for a spell
    source_card: int | None = None  # set for an ability
    source_object: int | None = None  # the object the ability came from (rule 113.7a)
    ability: str = ""  # key of the ability in the source's card definition
    kind: str = "spell"  # "spell" | "activated" | "triggered"
    targets: tuple[tuple[str, int], ...] = ()
    x: int = 0
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class PlayPermission:
    """'You may play that card this turn': which object, for whom, until which turn."""

    object_id: int
    player: int
    turn: int
    source_name: str


@dataclass
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (rule 611.2): what it changes, for how long.

    The objects it affects are fixed when it begins (rule 611.2c), as object ids: a card that changes
    zones is a new object (rule 400.7), which the effect no longer affects."""

    effect_id: int
    timestamp: int  # rule 613.7
    layer: str  # "control" (613.1b) | "abilities" (613.1f) | "power/toughness" (613.1g)
    objects: tuple[int, ...]
    controller: int  # the player who controlled the spell or ability that created it
    source_card: int
    source_object: int
    duration: str  # see kb.engine.continuous.DURATIONS
    new_controller: int | None = None
    keywords: tuple[str, ...] = ()
    power: int = 0
    toughness: int = 0
    # The layers below are kb.engine.layers' (copy, type, color, abilities removed, P/T set and switched).
    more_layers: tuple[str, ...] = ()  # an effect that applies in several layers (rule 613.6)
    copy: Any = None  # the copiable values it gives (a CardDef), for a copy effect (layer 1)
    types: tuple[str, ...] = ()  # card types added (layer 4)
    subtypes: tuple[str, ...] = ()  # subtypes added (layer 4)
    colors: tuple[str, ...] | None = None  # the new colors (layer 5), e.g. ('W',)
    removes: tuple[str, ...] = ()  # keywords it removes (layer 6)
    set_power: int | None = None  # layer 7b
    set_toughness: int | None = None
    switch: bool = False  # layer 7d
    set_by: Any = None  # layer 7b, a value read as it applies: (game, card) -> (power, toughness)
    affects: Any = None  # without rule 611.2c: which objects, asked anew each time (source, candidate) -> bool


@dataclass
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack (rule 603.3)."""

    source_card: int
    source_object: int
    controller: int
    ability: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class GameState:
    players: list[PlayerState]
    cards: dict[int, CardState] = field(default_factory=dict)
    libraries: dict[int, list[int]] = field(default_factory=dict)  # card ids, top first
    stack: list[StackItem] = field(default_factory=list)  # bottom first
    turn: int = 1
    active: int = 0
    step: Step = Step.MAIN1
    priority: int | None = 0
    passes_in_succession: int = 0
    casting: int | None = None  # card id of a spell being cast (rules 601.2g, 605.3a)
    clock: int = 0
    next_id: int = 1
    links: dict[int, list[int]] = field(default_factory=dict)  # source object id -> object ids exiled with it
    play_permissions: list[PlayPermission] = field(default_factory=list)
    pending_triggers: list[PendingTrigger] = field(default_factory=list)
    effects: list[ContinuousEffect] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def tick(self) -> int:
        """Advance and return the game clock; every zone change and turn start gets its own tick."""
        self.clock += 1
        return self.clock

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id
