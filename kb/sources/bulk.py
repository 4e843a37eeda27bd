"""What the bulk card-data importers (Scryfall, MTGJSON) share.

Both read third-party JSON that we do not control, so every field is checked
for its type before it becomes part of a record: a number where text belongs is
reported with its position instead of surfacing later as a crash in a template.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from datetime import date
from typing import Any, NamedTuple

from kb.errors import SourceError
from kb.model import MAX_ID_LENGTH, Card, Origin, Ruling

# Layouts that are not cards a player looks up rulings for. Tokens and emblems
# share names across many Oracle identities ("Soldier", "Treasure"), which would
# collide on the card id derived from the name; art-series cards are souvenirs.
SKIPPED_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})

# Half of a UTF-16 pair, as a JSON escape such as \ud800 can produce: no file
# or page can hold it as UTF-8, so it is refused where it comes in.
_SURROGATE = re.compile("[\ud800-\udfff]")


class Note(str):
    """A line on what an importer skipped, which also says what kind of thing and how many (for the build summary)."""

    kind: str
    count: int

    def __new__(cls, text: str, kind: str, count: int) -> Note:
        note = super().__new__(cls, text)
        note.kind, note.count = kind, count
        return note


class Imported(NamedTuple):
    """What one source yields: its cards and rulings, plus notes on what it skipped."""

    cards: tuple[Card, ...]
    rulings: tuple[Ruling, ...]
    notes: tuple[str, ...] = ()
    source: str = ""  # "scryfall", "mtgjson"


def layout_notes(path: object, skipped: Mapping[str, int]) -> list[Note]:
    """One note per layout of cards an importer skipped."""
    return [Note(f"{path}: skipped {plural(n, 'card')} of layout {layout!r}", layout, n) for layout, n in sorted(skipped.items())]


class Where(NamedTuple):
    """The element a field is read from, for error messages."""

    origin: Origin
    element: str  # "card 12", "entry 3 ('Opt')"

    def error(self, message: str, hint: str = "") -> SourceError:
        return SourceError(f"{message} ({self.element})", self.origin, hint)


def require_object(value: Any, where: Where, what: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise where.error(f"expected {what} as a JSON object, found {json_type(value)}")
    return value


def require_text(obj: Mapping[str, Any], key: str, where: Where) -> str:
    value = obj.get(key)
    if value is None:
        raise where.error(f"missing field {key!r}")
    if not isinstance(value, str):
        raise where.error(f"field {key!r} should be text, found {json_type(value)}")
    return checked_text(value, key, where)


def optional_text(obj: Mapping[str, Any], key: str, where: Where) -> str | None:
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, str):
        return checked_text(value, key, where)
    raise where.error(f"field {key!r} should be text, found {json_type(value)}")


def checked_text(value: str, key: str, where: Where) -> str:
    """`value`, unless it holds a lone surrogate, which no UTF-8 file can store."""
    found = _SURROGATE.search(value)
    if found:
        raise where.error(
            f"field {key!r} holds a lone surrogate U+{ord(found[0]):04X} at character {found.start() + 1}",
            hint="an invalid \\u escape: the file is damaged",
        )
    return value


def shared(value: str | None) -> str | None:
    """One copy of a short, much-repeated value ("2", "Instant", "wotc") for all records that hold it."""
    return None if value is None else sys.intern(value)


def printed(obj: Mapping[str, Any], keys: Mapping[str, str], where: Where) -> dict[str, str | None]:
    """A card's or face's printed fields (mana cost, type line, text, power, toughness, loyalty) as Card and Face take them.

    `keys` names each field's key in the format (`mana_cost` is MTGJSON's `manaCost`);
    a missing text is "", a missing power, toughness or loyalty None.
    """
    fields: dict[str, str | None] = {name: optional_text(obj, key, where) for name, key in keys.items()}
    for name in ("mana_cost", "type_line", "power", "toughness", "loyalty"):
        fields[name] = shared(fields[name])
    for name in ("mana_cost", "type_line", "oracle_text"):
        fields[name] = fields[name] or ""
    return fields


def require_addressable(card: Card, where: Where) -> Card:
    """`card`, unless its name makes an id too long to name its page's file."""
    if len(card.id) > MAX_ID_LENGTH:
        raise where.error(
            f"card name too long: its address would be {len(card.id)} characters, more than {MAX_ID_LENGTH}",
            hint="the file is damaged or not card data",
        )
    return card


def require_date(obj: Mapping[str, Any], key: str, where: Where) -> date:
    text = require_text(obj, key, where)
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise where.error(f"field {key!r} should be a date YYYY-MM-DD, found {text!r}") from None


def json_type(value: Any) -> str:
    """How JSON would name the type of a decoded value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "an array"
    return "an object"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
