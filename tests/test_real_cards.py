"""A site built from a hand-picked subset of the real card data, plus the real Comprehensive Rules.

The cards are the ones real data makes hard: every multi-face layout, a meld
pair, a reversible card without an Oracle id, Unstable's six cards under one
name, a name with no letters, a card named like a page, accents, and one name
spelt differently by the two sources. (Scryfall rulings are MTGJSON's,
reshaped: see tests/real_data.py.) The slow tests import the whole pool.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kb.cli import main
from kb.merge import merge
from kb.search import SearchIndex
from kb.sources import mtgjson, scryfall
from kb.web_search import INDEX_DIR
from tests.real_data import (
    CR,
    MTGJSON,
    REPO,
    SCRYFALL,
    mtgjson_entries,
    require,
    scryfall_cards,
    scryfall_rulings,
    write_mtgjson,
    write_scryfall,
)
from tests.test_web_search import run_engine

MTGJSON_NAMES = [
    "Delver of Secrets // Insectile Aberration",
    "Fire // Ice",
    "Bonecrusher Giant // Stomp",
    "Akki Lavarunner // Tok-Tok, Volcano Born",
    "Bruna, the Fading Light // Brisela, Voice of Nightmares",
    "Brisela, Voice of Nightmares",
    "Krark's Thumb",
    "Krark's Thumb // Krark's Thumb",
    "Everythingamajig",
    "_____",
    "Index",
    "Déjà Vu",
    "Aether Vial",
    "Drench the Soil in Their Blood",
]
SCRYFALL_NAMES = {*MTGJSON_NAMES, "Bruna, the Fading Light", "Drench The Soil In Their Blood"}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    require(MTGJSON, SCRYFALL, CR)
    folder = tmp_path_factory.mktemp("real-cards")
    entries = mtgjson_entries()
    chosen = {name: entries[name] for name in MTGJSON_NAMES}
    objects = [obj for obj in scryfall_cards() if obj["name"] in SCRYFALL_NAMES]
    return {
        "mtgjson": write_mtgjson(folder / "atomic.json", chosen),
        "scryfall_cards": write_scryfall(folder / "oracle-cards.json", objects),
        "scryfall_rulings": write_scryfall(folder / "rulings.json", scryfall_rulings(chosen)),
    }


@pytest.fixture(scope="module")
def site(inputs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("real-cards-site") / "site"
    flags = ["--rules", str(CR), "--mtgjson", str(inputs["mtgjson"])]
    flags += ["--scryfall-cards", str(inputs["scryfall_cards"]), "--scryfall-rulings", str(inputs["scryfall_rulings"])]
    assert main(["build", "--config", str(REPO / "mkdocs.yml"), *flags, "--site-dir", str(site)]) == 0
    return site


def api(site: Path, path: str) -> Any:
    return json.loads((site / "api" / path).read_text(encoding="utf-8"))


def card_ids(site: Path) -> list[str]:
    return [card["id"] for card in api(site, "index.json")["cards"]]


# --- addresses ------------------------------------------------------------------------


def test_hostile_names_get_readable_addresses_of_their_own(site: Path) -> None:
    ids = card_ids(site)
    assert len(ids) == len(set(ids))
    assert {"index-card", "low-line-x5", "deja-vu", "aether-vial", "drench-the-soil-in-their-blood"} <= set(ids)
    variants = sorted(i for i in ids if i.startswith("everythingamajig"))
    assert len(variants) == 6 and all(len(i) == len("everythingamajig-") + 8 for i in variants)
    for card_id in ids:
        assert (site / "cards" / f"{card_id}.html").is_file()


def test_every_card_is_linked_from_the_card_index(site: Path) -> None:
    index = (site / "cards" / "index.html").read_text(encoding="utf-8")
    for card_id in card_ids(site):
        assert f'href="{card_id}.html"' in index, card_id


def test_adding_or_removing_a_source_changes_no_address(inputs: dict[str, Path]) -> None:
    from_mtgjson = mtgjson.load(inputs["mtgjson"])
    from_scryfall = scryfall.load(inputs["scryfall_cards"], inputs["scryfall_rulings"])
    both = {c.oracle_id: c.id for c in merge([], [], [from_scryfall, from_mtgjson]).cards}
    for alone in (merge([], [], [from_mtgjson]), merge([], [], [from_scryfall])):
        assert {c.oracle_id: c.id for c in alone.cards if c.oracle_id} == {c.oracle_id: both[c.oracle_id] for c in alone.cards}


# --- multi-face cards --------------------------------------------------------------------


def test_meld_parts_and_reversible_cards_are_single_pages(site: Path) -> None:
    ids = set(card_ids(site))
    assert {"bruna-the-fading-light", "brisela-voice-of-nightmares"} <= ids
    assert [i for i in ids if "krark" in i] == ["krark-s-thumb"]
    texts = [r["text"] for r in api(site, "cards/krark-s-thumb.json")["rulings"]]
    assert len(texts) == len(set(texts)) >= 2


def test_a_keyword_on_a_back_face_links_and_cites_its_rule(site: Path) -> None:
    delver = api(site, "cards/delver-of-secrets-insectile-aberration.json")
    assert {"kind": "rule", "id": "702.9", "url": "rules/702.html#702.9"} in delver["links"]  # Flying, on the back
    cited = api(site, "rules/702.9.json")["cited_by"]
    assert {"kind": "card", "id": "delver-of-secrets-insectile-aberration", "url": delver["url"]} in cited
    page = (site / "cards" / "delver-of-secrets-insectile-aberration.html").read_text(encoding="utf-8")
    assert 'href="../rules/702.html#702.9"' in page


@pytest.mark.parametrize(("face", "card_id"), [("Insectile Aberration", "delver-of-secrets-insectile-aberration"),
                                                ("Stomp", "bonecrusher-giant-stomp"),
                                                ("Tok-Tok, Volcano Born", "akki-lavarunner-tok-tok-volcano-born"),
                                                ("Ice", "fire-ice")])  # fmt: skip
def test_each_face_name_finds_its_card_in_both_searches(site: Path, face: str, card_id: str) -> None:
    with SearchIndex(site / "kb.sqlite") as index:
        assert (index.search(face)[0].kind, index.search(face)[0].id) == ("card", card_id)
    results = run_engine(site / INDEX_DIR, queries=[face])["results"][face]
    assert f"cards/{card_id}.html" in results[:3], results[:5]
