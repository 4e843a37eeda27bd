"""Merge curated content with imported card data into one card per Oracle identity.

Precedence is the order of the inputs: curated records first, then each import
in the order given. For a card the earlier record wins field by field and later
ones only fill what it leaves empty. For a ruling the key is (card, normalised
text): the first record with that key is kept (curated ones with their
examples), and every later one only adds its sources to `Ruling.sources`.

Imported rulings get their final ids here, because two sources may number the
same card's rulings differently: ordinals count a card's rulings on a date in
input order, skipping ids that curated rulings already use. Given the same
inputs, the ids are the same.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from kb.model import Card, Ruling, card_slug, ruling_id, variant_id
from kb.rewordings import canonical, older_phrases
from kb.text import one_line

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201b": "'", "\u2032": "'", "\u201c": '"', "\u201d": '"'})
# Card fields a later source may fill in when an earlier one leaves them empty.
_FILLABLE = ("mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "oracle_id", "short_name")
_FACE_FIELDS = ("oracle_text", "power", "toughness", "loyalty")


@dataclass(frozen=True, slots=True)
class Merged:
    """The merged records, sorted, and a map from every name a card goes by to its id."""

    cards: tuple[Card, ...]
    rulings: tuple[Ruling, ...]
    aliases: dict[str, str]
    notes: tuple[str, ...] = ()
    # What merging did, for the build summary: card records merged into another
    # source's card, rulings shown once (duplicates, rewordings), rulings dropped.
    counts: dict[str, int] = field(default_factory=dict)


def normalise(text: str) -> str:
    """Text as compared for duplicates: same characters, quotes, spacing and case."""
    if not text.isascii():  # most rulings are plain ASCII: skip the slow steps for them
        text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    return one_line(text).casefold()


def merge(
    curated_cards: Iterable[Card],
    curated_rulings: Iterable[Ruling],
    imported: Iterable[tuple[Sequence[Card], Sequence[Ruling]]],
) -> Merged:
    """One card per Oracle identity and each ruling once, curated records winning.

    `imported` holds one (cards, rulings) pair per source, in order of precedence;
    `kb.sources.bulk.Imported` values fit.
    """
    sources: list[tuple[Sequence[Card], Sequence[Ruling]]] = [(list(curated_cards), list(curated_rulings))]
    sources.extend((item[0], item[1]) for item in imported)
    cards = _Cards()
    for number, (source_cards, _) in enumerate(sources):
        for card in source_cards:
            cards.add(number, card)
    cards.addresses()
    rulings = _Rulings()
    for number, (_, source_rulings) in enumerate(sources):
        for ruling in source_rulings:
            card_id = cards.final_id(number, ruling.card) if ruling.card is not None else None
            if ruling.card is not None and card_id is None:
                rulings.orphans += 1
                continue
            rulings.add(ruling, card_id, curated=number == 0)
    merged_cards = tuple(slot.card for slot in sorted(cards.slots, key=lambda slot: slot.id))
    notes = list(cards.notes)
    if rulings.orphans:
        notes.append(f"dropped {rulings.orphans} imported ruling(s) whose card is in no source")
    counts = {
        "merged_cards": cards.merged,
        "duplicate_rulings": rulings.duplicates,
        "reworded_rulings": rulings.rewordings,
        "dropped_rulings": rulings.orphans,
    }
    return Merged(merged_cards, rulings.result(), name_aliases(merged_cards), tuple(notes), counts)


def name_aliases(cards: Iterable[Card]) -> dict[str, str]:
    """Every name a card goes by -> its id: full names, then face names ('Fire' -> 'fire-ice').

    A card's own name beats another card's face of the same name; between two
    faces, the card that sorts first by id wins.
    """
    aliases: dict[str, str] = {}
    faces: dict[str, str] = {}
    for card_id, card in sorted(((card.id, card) for card in cards), key=lambda pair: pair[0]):
        aliases.setdefault(card.name, card_id)
        for face in card.faces:
            faces.setdefault(face.name, card_id)
    for name, card_id in faces.items():
        aliases.setdefault(name, card_id)
    return aliases


@dataclass
class _Slot:
    card: Card
    id: str  # the card's final address (see `addresses`)
    oracle_ids: set[str] = field(default_factory=set)


class _Cards:
    """Cards keyed by Oracle id where known, else by id (the slug of the name)."""

    def __init__(self) -> None:
        self.slots: list[_Slot] = []
        self.by_oracle: dict[str, _Slot] = {}
        self.by_id: dict[str, _Slot] = {}
        self.by_source: dict[tuple[int, str], _Slot] = {}  # (source number, card id in that source)
        self.notes: list[str] = []
        self.merged = 0  # card records that joined a card already read

    def add(self, source: int, card: Card) -> None:
        card_id = card.id
        slot = self.by_oracle.get(card.oracle_id) if card.oracle_id else None
        if slot is None:
            slot = self.by_id.get(card_id)
            if slot is not None and card.oracle_id and slot.oracle_ids:
                slot = None  # another card of the same name: a page of its own (see `addresses`)
        if slot is None:
            slot = _Slot(card, card_id)
            self.slots.append(slot)
        else:
            slot.card = _fill(slot.card, card)
            self.merged += 1
        if card.oracle_id:
            slot.oracle_ids.add(card.oracle_id)
            self.by_oracle.setdefault(card.oracle_id, slot)
        self.by_id.setdefault(card_id, slot)
        self.by_source.setdefault((source, card_id), slot)

    def final_id(self, source: int, card_id: str) -> str | None:
        slot = self.by_source.get((source, card_id)) or self.by_id.get(card_id)
        return slot.id if slot else None

    def addresses(self) -> None:
        """Give every card its final address, from its final name; no two cards get the same one.

        Cards whose names make one slug (Unstable's six "Everythingamajig", or two
        names differing only in case or punctuation) each add the start of their
        Oracle id (`variant_id`). Either way the address depends on the card's own
        name and Oracle id only, not on which sources were read.
        """
        by_slug: dict[str, list[_Slot]] = {}
        for slot in self.slots:
            by_slug.setdefault(card_slug(slot.card.name), []).append(slot)
        taken = {slug for slug, slots in by_slug.items() if len(slots) == 1}
        for slug, slots in by_slug.items():
            for slot in slots:
                oracle_id = slot.card.oracle_id
                if len(slots) == 1 or oracle_id is None:
                    slot.id = slug  # a card without an Oracle id is curated: content keeps its ids unique
                else:
                    length = 8
                    while (candidate := variant_id(slug, oracle_id, length)) in taken and length < len(oracle_id):
                        length += 4  # another card's address starts the same: take more of the id
                    slot.id = candidate
                taken.add(slot.id)
                if slot.card.id != slot.id:
                    slot.card = dataclasses.replace(slot.card, id=slot.id)


def _fill(primary: Card, other: Card) -> Card:
    """`primary` with its empty fields taken from `other`."""
    changes: dict[str, object] = {}
    for name in _FILLABLE:
        if not getattr(primary, name) and getattr(other, name):
            changes[name] = getattr(other, name)
    if primary.faces:
        # A multi-faced card keeps its text on its faces; don't graft a flat version on.
        for name in _FACE_FIELDS:
            changes.pop(name, None)
    elif other.faces and not primary.oracle_text:
        changes["faces"] = other.faces
    return dataclasses.replace(primary, **changes) if changes else primary


@dataclass
class _Entry:
    ruling: Ruling
    card: str | None
    seq: int
    sources: list[str]
    curated: bool


class _Rulings:
    def __init__(self) -> None:
        self.entries: list[_Entry] = []
        self.by_key: dict[tuple[str, str], _Entry] = {}
        # (card, date, text in the newest terms) -> the entry: finds rewordings (kb.rewordings)
        self.by_wording: dict[tuple[str, date | None, str], _Entry] = {}
        self.orphans = 0
        self.duplicates = 0
        self.rewordings = 0

    def add(self, ruling: Ruling, card: str | None, *, curated: bool) -> None:
        if card is None:  # a general ruling: only curated content has those
            self.entries.append(_Entry(ruling, None, len(self.entries), list(ruling.sources), curated))
            return
        text = normalise(ruling.text)
        key = (card, text)
        wording = (card, ruling.date, canonical(text))
        entry = self.by_key.get(key)
        if entry is not None:
            self.duplicates += 1
        else:
            entry = self.by_wording.get(wording)
            if entry is not None:
                self.rewordings += 1
                if not entry.curated and older_phrases(text) < older_phrases(normalise(entry.ruling.text)):
                    entry.ruling = dataclasses.replace(entry.ruling, text=ruling.text)  # the newer wording
                self.by_key[key] = entry
        if entry is None:
            entry = _Entry(ruling, card, len(self.entries), list(ruling.sources), curated)
            self.entries.append(entry)
            self.by_key[key] = entry
            self.by_wording.setdefault(wording, entry)
        else:
            entry.sources.extend(s for s in ruling.sources if s not in entry.sources)

    def result(self) -> tuple[Ruling, ...]:
        used = {entry.ruling.id for entry in self.entries if entry.curated}
        ordinals: Counter[tuple[str | None, date | None]] = Counter()
        out: list[tuple[tuple[str, date, int], Ruling]] = []
        for entry in self.entries:
            ruling = entry.ruling
            changes: dict[str, object] = {}
            if not entry.curated:
                new_id = _next_id(entry.card or "", ruling.date, ordinals, used)
                if new_id != ruling.id:
                    changes["id"] = new_id
            if entry.card != ruling.card:
                changes["card"] = entry.card
            if tuple(entry.sources) != ruling.sources:
                changes["sources"] = tuple(entry.sources)
            if changes:
                ruling = dataclasses.replace(ruling, **changes)
            out.append(((entry.card or "", ruling.date or date.min, entry.seq), ruling))
        out.sort(key=lambda pair: pair[0])
        return tuple(ruling for _, ruling in out)


def _next_id(card: str, published: date | None, ordinals: Counter[tuple[str | None, date | None]], used: set[str]) -> str:
    while True:
        ordinals[card, published] += 1
        candidate = ruling_id(card, published, ordinals[card, published])
        if candidate not in used:
            used.add(candidate)
            return candidate
