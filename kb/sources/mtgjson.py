"""MTGJSON AtomicCards: `{"meta": {...}, "data": {"Card Name": [face, ...]}}`.

The `data` object is streamed one entry (one card name) at a time. An entry's
list holds one object per face, each repeating the card's rulings; a list can in
rare cases hold several Oracle identities under one name (Un-set variants), so
faces are grouped by their Scryfall Oracle id.

Imported text is kept as text; nothing here interprets or executes it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from kb.model import Card, Face, Origin, Ruling, ruling_id, variant_id
from kb.sources.bulk import (
    SKIPPED_LAYOUTS,
    Imported,
    Where,
    checked_text,
    json_type,
    layout_notes,
    optional_text,
    printed,
    require_addressable,
    require_date,
    require_object,
    require_text,
)
from kb.sources.json_stream import iter_members

SOURCE = "mtgjson"

# Card and Face field -> its key in MTGJSON's objects.
_KEYS = {
    "mana_cost": "manaCost",
    "type_line": "type",
    "oracle_text": "text",
    "power": "power",
    "toughness": "toughness",
    "loyalty": "loyalty",
}
_HINT = "MTGJSON AtomicCards is a JSON object with 'meta' and 'data' members"


def load(path: Path) -> Imported:
    """Read an AtomicCards file into Card and Ruling records, in file order."""
    cards: list[Card] = []
    rulings: list[Ruling] = []
    skipped: Counter[str] = Counter()
    source = str(path)  # one string shared by every origin
    for element in iter_members(path, "data", item="entry", hint=_HINT):
        where = Where(Origin(source, element.line), f"entry {element.index} ({element.key!r})")
        entry = element.value
        if not isinstance(entry, list):
            raise where.error(
                f"expected a list of card faces, found {json_type(entry)}",
                hint="this looks like another MTGJSON file (AllPrintings?), not AtomicCards",
            )
        objects = [require_object(face, where, "a card face") for face in entry]
        groups = _by_identity(objects, where)
        for group in groups:
            layout = optional_text(group[0], "layout", where) or "normal"
            if layout in SKIPPED_LAYOUTS:
                skipped[layout] += 1
                continue
            card = _card(element.key or "", group, where)
            if len(groups) > 1 and card.oracle_id:  # one name, several cards (Unstable's variants)
                card = dataclasses.replace(card, id=variant_id(card.id, card.oracle_id))
            card = require_addressable(card, where)
            cards.append(card)
            rulings.extend(_rulings(card, group, where))
    return Imported(tuple(cards), tuple(rulings), tuple(layout_notes(path, skipped)), SOURCE)


def _oracle_id(obj: Mapping[str, Any], where: Where) -> str | None:
    identifiers = obj.get("identifiers") or {}
    if not isinstance(identifiers, dict):
        raise where.error(f"field 'identifiers' should be an object, found {json_type(identifiers)}")
    return optional_text(identifiers, "scryfallOracleId", where)


def _by_identity(objects: Sequence[Mapping[str, Any]], where: Where) -> list[list[Mapping[str, Any]]]:
    groups: dict[str | None, list[Mapping[str, Any]]] = {}
    for obj in objects:
        groups.setdefault(_oracle_id(obj, where), []).append(obj)
    return list(groups.values())


def _card(key: str, group: Sequence[Mapping[str, Any]], where: Where) -> Card:
    first = group[0]
    name = optional_text(first, "name", where) or checked_text(key, "name", where)
    if not name:
        raise where.error("missing field 'name'")
    oracle_id = _oracle_id(first, where)
    layout = optional_text(first, "layout", where)
    face_names = {optional_text(obj, "faceName", where) for obj in group}
    if layout == "meld" or (layout == "reversible_card" and len(face_names) == 1 and None not in face_names):
        # A meld part ("Bruna, the Fading Light // Brisela, …") is a card of its own, as
        # Scryfall has it; a reversible card shows one card twice. Both go by their face's name.
        name = optional_text(first, "faceName", where) or name
        group = group[:1]
    multi = len(group) > 1 or (optional_text(first, "faceName", where) or name) != name
    if not multi:
        return Card(
            name=name,
            origin=where.origin,
            **printed(first, _KEYS, where),
            oracle_id=oracle_id,
        )
    # Faces in side order ("a", "b", …); a face without a side keeps its place at the end.
    ordered = sorted(group, key=lambda obj: optional_text(obj, "side", where) or "~")
    faces = tuple(_face(obj, where) for obj in ordered)
    return Card(
        name=name,
        origin=where.origin,
        mana_cost=" // ".join(face.mana_cost for face in faces if face.mana_cost),
        type_line=" // ".join(face.type_line for face in faces if face.type_line),
        faces=faces,
        oracle_id=oracle_id,
    )


def _face(obj: Mapping[str, Any], where: Where) -> Face:
    return Face(
        name=optional_text(obj, "faceName", where) or require_text(obj, "name", where),
        **printed(obj, _KEYS, where),
    )


def _rulings(card: Card, group: Sequence[Mapping[str, Any]], where: Where) -> list[Ruling]:
    """The card's rulings: every face repeats them, so each (date, text) is taken once."""
    seen: set[tuple[date, str]] = set()
    ordinals: Counter[date] = Counter()
    rulings: list[Ruling] = []
    for obj in group:
        raw = obj.get("rulings") or []
        if not isinstance(raw, list):
            raise where.error(f"field 'rulings' should be an array, found {json_type(raw)}")
        for item in raw:
            ruling = require_object(item, where, "a ruling")
            published = require_date(ruling, "date", where)
            text = require_text(ruling, "text", where)
            if (published, text) in seen:
                continue
            seen.add((published, text))
            ordinals[published] += 1
            rulings.append(
                Ruling(
                    id=ruling_id(card.id, published, ordinals[published]),
                    text=text,
                    origin=where.origin,
                    card=card.id,
                    date=published,
                    sources=(SOURCE,),
                    imported=True,
                )
            )
    return rulings
