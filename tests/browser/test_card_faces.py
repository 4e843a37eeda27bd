"""Multi-face cards of the real card pool, as a reader sees their pages.

A seeded random sample of multi-face cards is cut from each real input file,
built into a site, and every page is opened in Chromium: each face's name,
mana cost, type line, rules text and power/toughness or loyalty from the
input JSON must be visible. The slow variant builds the whole pool instead.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kb.cli import main
from tests.real_data import (
    MTGJSON,
    MULTI_FACE,
    REPO,
    SCRYFALL,
    mtgjson_entries,
    require,
    sample,
    scryfall_cards,
    scryfall_rulings,
    write_mtgjson,
    write_scryfall,
)

SAMPLE = 24  # every multi-face card of both files in the slow test below
SEED = 9


def _face_facts(face: dict[str, Any], keys: dict[str, str]) -> list[str]:
    """What a reader must see of one face, from its input object (`keys`: our field -> the input's)."""
    facts = [face.get(keys[field]) or "" for field in ("name", "mana_cost", "type_line", "oracle_text")]
    if face.get(keys["power"]) is not None:
        facts.append(f"{face[keys['power']]}/{face[keys['toughness']]}")
    if face.get(keys["loyalty"]) is not None:
        facts.append(f"Loyalty: {face[keys['loyalty']]}")
    return [fact for fact in facts if fact]


_MTGJSON_KEYS = {
    "name": "faceName",
    "mana_cost": "manaCost",
    "type_line": "type",
    "oracle_text": "text",
    "power": "power",
    "toughness": "toughness",
    "loyalty": "loyalty",
}
_SCRYFALL_KEYS = {"name": "name", "mana_cost": "mana_cost", "type_line": "type_line", "oracle_text": "oracle_text"} | {
    key: key for key in ("power", "toughness", "loyalty")
}


def mtgjson_expected(entries: dict[str, list[dict[str, Any]]]) -> dict[str, list[list[str]]]:
    """Card name -> the facts of each of its faces, for the multi-face entries of AtomicCards."""
    expected = {}
    for name, faces in entries.items():
        if faces[0].get("layout") in MULTI_FACE and len(faces) > 1:
            ordered = sorted(faces, key=lambda face: face.get("side") or "~")
            if faces[0]["layout"] == "reversible_card" and len({face.get("faceName") for face in faces}) == 1:
                # A reversible card showing one card on both sides is that card, with its page.
                name, ordered = faces[0].get("faceName") or name, ordered[:1]
            expected[name] = [_face_facts(face, _MTGJSON_KEYS) for face in ordered]
    return expected


def scryfall_expected(objects: list[dict[str, Any]]) -> dict[str, list[list[str]]]:
    return {
        obj["name"]: [_face_facts(face, _SCRYFALL_KEYS) for face in obj["card_faces"]]
        for obj in objects
        if obj.get("layout") in MULTI_FACE and obj.get("card_faces")
    }


def _build(site: Path, *flags: str) -> Path:
    assert main(["build", "--config", str(REPO / "mkdocs.yml"), *flags, "--site-dir", str(site)]) == 0
    return site


def _mtgjson_site(folder: Path, whole: bool) -> tuple[Path, dict[str, list[list[str]]]]:
    entries = mtgjson_entries()
    expected = mtgjson_expected(entries)
    if whole:
        return _build(folder / "site", "--mtgjson", str(MTGJSON)), expected
    chosen = sample(sorted(expected), SAMPLE, SEED)
    path = write_mtgjson(folder / "atomic.json", {name: entries[name] for name in chosen})
    return _build(folder / "site", "--mtgjson", str(path)), {name: expected[name] for name in chosen}


def _scryfall_site(folder: Path, whole: bool) -> tuple[Path, dict[str, list[list[str]]]]:
    objects = scryfall_cards()
    expected = scryfall_expected(objects)
    if not whole:
        chosen = set(sample(sorted(expected), SAMPLE, SEED))
        objects = [obj for obj in objects if obj["name"] in chosen]
        expected = {name: expected[name] for name in chosen}
    oracle_ids = {obj["oracle_id"] for obj in objects}
    folder.mkdir(parents=True, exist_ok=True)
    rulings = [r for r in scryfall_rulings(mtgjson_entries()) if r["oracle_id"] in oracle_ids]
    cards = write_scryfall(folder / "oracle-cards.json", objects)
    rulings_path = write_scryfall(folder / "rulings.json", rulings)
    return _build(folder / "site", "--scryfall-cards", str(cards), "--scryfall-rulings", str(rulings_path)), expected


def card_pages(site: Path) -> dict[str, str]:
    """Card name -> its page's URL, from the JSON API's index (where the card index links)."""
    index = json.loads((site / "api" / "index.json").read_text(encoding="utf-8"))
    return {card["name"]: card["url"] for card in index["cards"]}


def missing_facts(page, site: Path, expected: dict[str, list[list[str]]]) -> Iterator[str]:
    pages = card_pages(site)
    for name, faces in sorted(expected.items()):
        assert name in pages, f"no page for {name!r}"
        page.goto((site / pages[name]).as_uri())
        # A symbol is an icon whose text is its alt ("{T}"): read it as a person copying the text would.
        page.eval_on_selector_all("article img.kb-sym", "imgs => imgs.forEach(i => i.replaceWith(i.alt))")
        shown = " ".join(page.inner_text("article").split())
        for face in faces:
            for fact in face:
                if " ".join(fact.split()) not in shown:
                    yield f"{name}: {fact!r}"


@pytest.fixture(scope="module")
def mtgjson_sample(tmp_path_factory: pytest.TempPathFactory):
    require(MTGJSON)
    return _mtgjson_site(tmp_path_factory.mktemp("faces-mtgjson"), whole=False)


@pytest.fixture(scope="module")
def scryfall_sample(tmp_path_factory: pytest.TempPathFactory):
    require(MTGJSON, SCRYFALL)
    return _scryfall_site(tmp_path_factory.mktemp("faces-scryfall"), whole=False)


def test_every_face_of_sampled_mtgjson_cards_is_on_its_page(page, mtgjson_sample) -> None:
    site, expected = mtgjson_sample
    assert len(expected) == SAMPLE
    assert list(missing_facts(page, site, expected)) == []


def test_every_face_of_sampled_scryfall_cards_is_on_its_page(page, scryfall_sample) -> None:
    site, expected = scryfall_sample
    assert len(expected) == SAMPLE
    assert list(missing_facts(page, site, expected)) == []


@pytest.mark.slow
def test_every_face_of_every_multi_face_card_is_on_its_page(page, tmp_path: Path) -> None:
    require(MTGJSON, SCRYFALL)
    site, expected = _mtgjson_site(tmp_path / "mtgjson", whole=True)
    assert list(missing_facts(page, site, expected)) == []
    site, expected = _scryfall_site(tmp_path / "scryfall", whole=True)
    assert list(missing_facts(page, site, expected)) == []
