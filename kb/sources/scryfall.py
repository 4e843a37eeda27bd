"""Scryfall bulk data: the oracle-cards file and the rulings file.

Both are JSON arrays, one object per line, streamed element by element (see
`json_stream`). Rulings name their card only by Oracle id, so reading them needs
the oracle id -> card id map that reading the cards produces.

Imported text is kept as text; nothing here interprets or executes it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any

from kb.model import Card, Face, Origin, Ruling, ruling_id, variant_id
from kb.sources.bulk import (
    SKIPPED_LAYOUTS,
    Imported,
    Note,
    Where,
    layout_notes,
    optional_text,
    plural,
    printed,
    require_addressable,
    require_date,
    require_object,
    require_text,
    shared,
)
from kb.sources.json_stream import iter_array

SOURCE = "scryfall"

_BULK_HINT = "a Scryfall bulk file is a JSON array, as downloaded from the bulk-data listing"


def load(cards_path: Path, rulings_path: Path) -> Imported:
    """Read an oracle-cards file and a rulings file into Card and Ruling records."""
    cards, card_notes = read_cards(cards_path)
    card_ids = {card.oracle_id: card.id for card in cards if card.oracle_id}
    rulings, ruling_notes = read_rulings(rulings_path, card_ids)
    return Imported(tuple(cards), tuple(rulings), tuple(card_notes + ruling_notes), SOURCE)


def read_cards(path: Path) -> tuple[list[Card], list[str]]:
    """The cards of an oracle-cards file, one per Oracle id, in file order; plus notes on what was skipped."""
    by_oracle: dict[str, Card] = {}
    reversible: set[str] = set()  # oracle ids whose card so far is a reversible printing
    skipped: Counter[str] = Counter()
    duplicates = 0
    source = str(path)  # one string shared by every origin
    for element in iter_array(path, item="card", hint=_BULK_HINT):
        where = Where(Origin(source, element.line), f"card {element.index}")
        obj = require_object(element.value, where, "a card")
        _check_object(obj, "card", where)
        layout = optional_text(obj, "layout", where) or "normal"
        if layout in SKIPPED_LAYOUTS:
            skipped[layout] += 1
            continue
        card = require_addressable(_card(obj, where), where)
        assert card.oracle_id is not None  # _card requires it
        previous = by_oracle.get(card.oracle_id)
        if previous is None or (card.oracle_id in reversible and layout != "reversible_card"):
            # A reversible printing carries its Oracle id only on its faces and may
            # duplicate the card's ordinary entry; the ordinary entry is the better record.
            by_oracle[card.oracle_id] = card
            if layout == "reversible_card":
                reversible.add(card.oracle_id)
            else:
                reversible.discard(card.oracle_id)
        else:
            duplicates += 1
    notes: list[str] = list(layout_notes(path, skipped))
    if duplicates:
        notes.append(
            Note(f"{path}: skipped {plural(duplicates, 'card')} repeating an Oracle id", "repeated Oracle id", duplicates)
        )
    return _variants_apart(list(by_oracle.values())), notes


def _variants_apart(cards: list[Card]) -> list[Card]:
    """Cards that share a name (Unstable's variants) each get an address of their own."""
    names = Counter(card.id for card in cards)
    return [
        dataclasses.replace(card, id=variant_id(card.id, card.oracle_id)) if names[card.id] > 1 and card.oracle_id else card
        for card in cards
    ]


# Card and Face field -> its key in Scryfall's objects.
_KEYS = {f: f for f in ("mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty")}
# The bulk file each kind of object comes in; one file given for the other is named as such.
_FILE_OF = {"card": "oracle-cards", "ruling": "rulings"}


def _check_object(obj: Mapping[str, Any], wanted: str, where: Where) -> None:
    kind = obj.get("object", wanted)
    other = next(k for k in _FILE_OF if k != wanted)
    if kind == other:
        raise where.error(
            f"this is a {other}, not a {wanted}",
            hint=f"this looks like the Scryfall {_FILE_OF[other]} file, not the {_FILE_OF[wanted]} file",
        )
    if kind != wanted:
        raise where.error(f"expected a {wanted} object, found object {kind!r}", hint=_BULK_HINT)


def _card(obj: Mapping[str, Any], where: Where) -> Card:
    raw_faces = obj.get("card_faces") or []
    if not isinstance(raw_faces, list):
        raise where.error("field 'card_faces' should be an array")
    faces = [require_object(face, where, "a card face") for face in raw_faces]
    oracle_id = optional_text(obj, "oracle_id", where)
    if oracle_id is None and faces:
        # Reversible cards keep their Oracle id on the faces only.
        oracle_id = optional_text(faces[0], "oracle_id", where)
    if oracle_id is None:
        raise where.error("missing field 'oracle_id'")
    return Card(
        name=require_text(obj, "name", where),
        origin=where.origin,
        **printed(obj, _KEYS, where),
        faces=tuple(_face(face, where) for face in faces),
        oracle_id=oracle_id,
    )


def _face(obj: Mapping[str, Any], where: Where) -> Face:
    return Face(
        name=require_text(obj, "name", where),
        **printed(obj, _KEYS, where),
    )


def read_rulings(path: Path, card_ids: Mapping[str, str]) -> tuple[list[Ruling], list[str]]:
    """The rulings of a rulings file whose Oracle id is in `card_ids` (oracle id -> card id), in file order.

    A ruling's id counts the rulings of its card on its date in file order, so it
    stays the same as long as Scryfall keeps the order of a card's rulings.
    """
    rulings: list[Ruling] = []
    ordinals: Counter[tuple[str, date]] = Counter()
    unknown = 0
    first_unknown: Origin | None = None
    source_path = str(path)  # one string shared by every origin
    for element in iter_array(path, item="ruling", hint=_BULK_HINT):
        origin = Origin(source_path, element.line)
        where = Where(origin, f"ruling {element.index}")
        obj = require_object(element.value, where, "a ruling")
        _check_object(obj, "ruling", where)
        oracle_id = require_text(obj, "oracle_id", where)
        published = require_date(obj, "published_at", where)
        text = require_text(obj, "comment", where)
        source = shared(optional_text(obj, "source", where)) or "wotc"
        card_id = card_ids.get(oracle_id)
        if card_id is None:
            unknown += 1
            first_unknown = first_unknown or origin
            continue
        ordinals[card_id, published] += 1
        rulings.append(
            Ruling(
                id=ruling_id(card_id, published, ordinals[card_id, published]),
                text=text,
                origin=origin,
                card=card_id,
                date=published,
                source=source,
                sources=(SOURCE,),
                imported=True,
            )
        )
    notes = []
    if unknown:
        text = f"{first_unknown}: skipped {plural(unknown, 'ruling')} for cards not in the cards file"
        notes.append(Note(text, "ruling of a card not in the cards file", unknown))
    return rulings, notes
