"""The real card data in ../shared/data/cards/, for integration and browser tests.

The files are inputs and never copied into the repository: tests read them where
they are, or write small subsets of them to a temporary folder.

Real Scryfall ruling objects are not available in bulk, so `scryfall_rulings`
reshapes the real MTGJSON rulings (real Oracle ids, dates and texts) into
Scryfall ruling objects, as the data folder's README suggests. The Scryfall
rulings importer is then fed real text, but in MTGJSON's order and wording.
"""

from __future__ import annotations

import functools
import gzip
import json
import random
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "data"
CARDS = DATA / "cards"
MTGJSON = CARDS / "mtgjson-AtomicCards-5.2.0.json.gz"
SCRYFALL = CARDS / "scryfall-oracle-cards-2019-09.json.gz"
CR = DATA / "comprehensive-rules" / "MagicCompRules 20250919.txt"

# Layouts whose card shows several faces on one page (meld parts are cards of their own).
MULTI_FACE = frozenset({"split", "aftermath", "adventure", "transform", "modal_dfc", "flip", "reversible_card"})


def require(*paths: Path) -> None:
    """Skip the calling test when a real input is missing."""
    for path in paths:
        if not path.is_file():
            pytest.skip(f"real data not available at {path}")


@functools.cache
def mtgjson_entries() -> dict[str, list[dict[str, Any]]]:
    """AtomicCards' `data`: card name -> its face objects (read once per process: never change what it returns)."""
    with gzip.open(MTGJSON, "rt", encoding="utf-8") as f:
        return json.load(f)["data"]


@functools.cache
def scryfall_cards() -> list[dict[str, Any]]:
    """The Scryfall oracle-cards objects, in file order (read once per process: never change what it returns)."""
    with gzip.open(SCRYFALL, "rt", encoding="utf-8") as f:
        return json.load(f)


def write_mtgjson(path: Path, entries: dict[str, list[dict[str, Any]]]) -> Path:
    path.write_text(json.dumps({"meta": {"version": "5.2.0"}, "data": entries}), encoding="utf-8")
    return path


def write_scryfall(path: Path, objects: Iterable[dict[str, Any]]) -> Path:
    """A Scryfall bulk file: a JSON array, one object per line, as Scryfall writes it."""
    lines = ",\n".join(json.dumps(obj, ensure_ascii=False) for obj in objects)
    path.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    return path


def scryfall_rulings(entries: dict[str, list[dict[str, Any]]]) -> Iterator[dict[str, Any]]:
    """MTGJSON's real rulings reshaped into Scryfall ruling objects (each face repeats them: taken once)."""
    for faces in entries.values():
        seen: set[tuple[str, str, str]] = set()
        for face in faces:
            oracle_id = (face.get("identifiers") or {}).get("scryfallOracleId")
            if not oracle_id:
                continue
            for ruling in face.get("rulings") or []:
                key = (oracle_id, ruling["date"], ruling["text"])
                if key in seen:
                    continue
                seen.add(key)
                yield {
                    "object": "ruling",
                    "oracle_id": oracle_id,
                    "source": "wotc",
                    "published_at": ruling["date"],
                    "comment": ruling["text"],
                }


def sample(items: Iterable[Any], count: int, seed: int) -> list[Any]:
    """A reproducible random sample (all of them when there are fewer)."""
    items = list(items)
    return random.Random(seed).sample(items, min(count, len(items)))
