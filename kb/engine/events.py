"""Game events: what just happened, as triggered abilities see it (rule 603.2)."""

from __future__ import annotations

from dataclasses import dataclass

from kb.engine.state import Zone


@dataclass(frozen=True)
class Moved:
    """One card changing zones: the object it was and the new object it became (rule 400.7)."""

    card_id: int
    owner: int
    from_zone: Zone | None  # None for a token, created out of nothing (rule 111.1)
    to_zone: Zone
    old_object: int
    new_object: int
    counters: tuple[tuple[str, int], ...] = ()  # the counters it had where it was: last known information (rule 608.2h)


@dataclass(frozen=True)
class ZoneChange:
    """One event that moves one or more cards at the same time (e.g. delve exiles all its cards at once)."""

    moves: tuple[Moved, ...]


@dataclass(frozen=True)
class SpellCast:
    card_id: int
    controller: int


@dataclass(frozen=True)
class AttackersDeclared:
    card_ids: tuple[int, ...]


@dataclass(frozen=True)
class TappedForMana:
    """A mana ability with {T} in its cost resolved and produced mana (rule 106.12a)."""

    card_id: int
    controller: int
    mana: tuple[str, ...]


@dataclass(frozen=True)
class BecameTapped:
    """A permanent on the battlefield changed from untapped to tapped (rule 603.2f)."""

    card_id: int


@dataclass(frozen=True)
class BecameUntapped:
    """A permanent on the battlefield changed from tapped to untapped (rule 603.2f)."""

    card_id: int
    object_id: int


@dataclass(frozen=True)
class StepBegan:
    """A step of the turn began (rule 500): 'at the beginning of your upkeep' triggers see it."""

    step: str
    active: int


@dataclass(frozen=True)
class LifeGained:
    """One life gain event (rule 119.9): 'whenever you gain life' triggers once per event."""

    player: int
    amount: int


Event = ZoneChange | SpellCast | AttackersDeclared | TappedForMana | BecameTapped | BecameUntapped | StepBegan | LifeGained
