"""The game state: plain data, and nothing but data.

Everything that can change during a game lives in one `GameState`, so that an
illegal action can be undone by restoring a deep copy (see `Game.transaction`).
Card definitions (what a card *is*) are not state; they live in `kb.engine.cards`.
Handles given to scenarios (`Card`, `Player`) hold ids and read this state.
"""

from __future__ import annotations

import copy
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


class Copied:
    """State that `Game.transaction` deep-copies before each action: copied field by field.

    deepcopy's general path (reduce, then rebuild each object, each of the random generator's 625 numbers one by one)
    took a third of an example's run. Here values no one changes in place (numbers, text, enums, None) are shared,
    the generator is copied by its state, and everything else still goes through deepcopy.
    """

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        new = object.__new__(type(self))
        memo[id(self)] = new
        fields = new.__dict__
        for name, value in self.__dict__.items():
            if type(value) in _SHARED:
                fields[name] = value
            elif type(value) is random.Random:
                fields[name] = random.Random()
                fields[name].setstate(value.getstate())
            else:
                fields[name] = copy.deepcopy(value, memo)
        return new


_SHARED = frozenset({int, str, bool, float, type(None), Zone, Step})


@dataclass
class CardState(Copied):
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
    kicked: tuple[int, ...] = ()
    chosen_color: str | None = (
        None  # the color chosen as it entered ('As this enters, choose a color')  # which of its kicker costs (by position) were announced as it was cast (702.33d)
    )
    base_controller: int | None = None  # who put it onto the battlefield: its controller before any effect (613.1b)
    attached_to: tuple[int, int] | None = None  # (card id, object id) of what this Aura/Equipment is attached to
    is_token: bool = False
    ceased: bool = False  # a token that left the battlefield has ceased to exist (rule 704.5d)
    transformed: bool = False  # a double-faced permanent with its back face up (rules 712.8e, 701.27)
    chosen: dict[str, Any] = field(default_factory=dict)  # choices made as it entered ('creature type': 'Elf')
    flipped: bool = False  # a flip card whose alternative characteristics apply (rule 710.2)


@dataclass
class PlayerState(Copied):
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
    # Other choices stated ahead, by kind ('color', 'copy' …): made as an effect needs them (see Player.will_pick).
    stated_choices: dict[str, Any] = field(default_factory=dict)
    poison: int = 0  # poison counters (rule 122.1f)
    lost: bool = False  # lost the game (rule 104.3)
    # "You may pay" choices stated ahead, used in order: False (decline), True, mana symbols, or card ids to sacrifice.
    payments: list[bool | str | tuple[int, ...]] = field(default_factory=list)
    replacement_choices: list[int] = field(default_factory=list)  # card ids of effects to apply first (rule 616.1)
    drew_from_empty: bool = False  # tried to draw from an empty library since state-based actions were checked (704.5b)
    # stated ahead: the option this player takes in the next effect that offers one, with the objects it names
    option: tuple[str, list[int]] | None = None
    discards: list[int] | None = None  # stated ahead: the cards (ids) this player discards to the next discard effect
    # land-play effects of one turn: (turn, "additional") for "you may play an additional land this turn",
    # (turn, "can't") for "you can't play lands this turn" (see kb.engine.land_plays)
    land_play_effects: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class StackItem(Copied):
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
class PlayPermission(Copied):
    """'You may play that card this turn': which object, for whom, until which turn."""

    object_id: int
    player: int
    turn: int
    source_name: str


@dataclass
class ContinuousEffect(Copied):
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
class PendingTrigger(Copied):
    """A triggered ability that has triggered and waits to be put on the stack (rule 603.3)."""

    source_card: int
    source_object: int
    controller: int
    ability: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class CombatState(Copied):
    """One combat: who attacks what, who blocks whom, and which damage steps have happened (rules 506-511).

    Creatures are kept as (card id, object id): a creature that leaves the battlefield is a new object and is
    removed from combat (rule 506.4)."""

    attackers: dict[int, int] = field(default_factory=dict)  # attacker card id -> its object id
    defending: int = 1  # the defending player (rule 506.2)
    walkers: dict[int, tuple[int, int]] = field(default_factory=dict)  # attacker -> planeswalker (card, object id) attacked
    blocks: dict[int, tuple[int, list[int]]] | None = None  # blocker card id -> (object id, attacker card ids); None: undeclared
    blocked: set[int] = field(default_factory=set)  # attackers that became blocked (rule 509.1h): they stay blocked
    damage_steps: list[str] = field(default_factory=list)  # "first strike", "regular": the damage steps already done
    dealt_first: set[int] = field(default_factory=set)  # card ids that dealt first-strike damage (rule 702.7c)


@dataclass
class PreventionShield(Copied):
    """'Prevent the next N damage that would be dealt to X this turn' or 'the next time X would deal damage'."""

    shield_id: int
    amount: int | None  # None: all the damage of the next event it applies to
    to: tuple[str, int] | None = None  # ("card", object id) or ("player", index) the damage would be dealt to
    source: int | None = None  # object id of the source whose next damage is prevented
    gain_life: int | None = None  # the player who gains life equal to the damage prevented (rule 615.5)
    turn: int = 0  # it ends with that turn


@dataclass
class DelayedTrigger(Copied):
    """A delayed triggered ability (rule 603.7a), created by a resolving spell or ability: 'When this creature
    leaves the battlefield this turn, …'. It waits for one object, triggers once, and ends with its turn."""

    key: str
    text: str
    controller: int
    source_card: int
    source_object: int
    watched_object: int  # the object whose event it waits for (rule 400.7: that object only)
    effect: Any  # a function of the resolving ability (kb.engine.effects.EffectContext); definitions never change
    turn: int | None  # the turn it was created, for "this turn"; None: it waits as long as it takes
    fired: bool = False
    event: str = "leaves the battlefield"  # or "becomes untapped"
    target: Any = None  # what it targets, chosen as it is put on the stack (a kb.engine.cards.definitions.Target)


@dataclass
class GameState(Copied):
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
    delayed_triggers: list[DelayedTrigger] = field(default_factory=list)
    # "exiled until this leaves the battlefield": (source object id, exiled card id, its object id in exile)
    until_leaves: list[tuple[int, int, int]] = field(default_factory=list)
    # what happened to which object, in order: ("leaves the battlefield" | "becomes untapped", object id)
    happened: list[tuple[str, int]] = field(default_factory=list)
    effects: list[ContinuousEffect] = field(default_factory=list)
    combat: CombatState | None = None  # the current combat phase, from the declaration of attackers (rule 506)
    shields: list[PreventionShield] = field(default_factory=list)  # prevention effects waiting for damage (rule 615)
    deathtouched: set[int] = field(default_factory=set)  # object ids dealt deathtouch damage since SBAs (rule 704.5h)
    log: list[str] = field(default_factory=list)
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def tick(self) -> int:
        """Advance and return the game clock; every zone change and turn start gets its own tick."""
        self.clock += 1
        return self.clock

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id
