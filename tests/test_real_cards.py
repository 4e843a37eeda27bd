"""A site built from a hand-picked subset of the real card data, plus the real Comprehensive Rules.

The cards are the ones real data makes hard: every multi-face layout, a meld
pair, a reversible card without an Oracle id, Unstable's six cards under one
name, a name with no letters, a card named like a page, accents, and one name
spelt differently by the two sources. (Scryfall rulings are MTGJSON's,
reshaped: see tests/real_data.py.) The slow tests import the whole pool.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
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
    rulings = list(scryfall_rulings(chosen))
    for ruling in rulings:  # Scryfall's copy in its pre-2021 wording, as a 2019 file has it
        ruling["comment"] = ruling["comment"].replace("mana value", "converted mana cost")
    # An imported ruling citing a rule the release lacks (real rulings cite only existing ones).
    chosen["Index"] = [dict(chosen["Index"][0], rulings=[{"date": "2020-01-01", "text": "See rule 999.9."}])]
    return {
        "mtgjson": write_mtgjson(folder / "atomic.json", chosen),
        "scryfall_cards": write_scryfall(folder / "oracle-cards.json", objects),
        "scryfall_rulings": write_scryfall(folder / "rulings.json", rulings),
    }


def input_flags(inputs: dict[str, Path]) -> list[str]:
    flags = ["--rules", str(CR), "--mtgjson", str(inputs["mtgjson"])]
    return [*flags, "--scryfall-cards", str(inputs["scryfall_cards"]), "--scryfall-rulings", str(inputs["scryfall_rulings"])]


@pytest.fixture(scope="module")
def built(inputs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The site, and what `kb build --verbose` printed."""
    site = tmp_path_factory.mktemp("real-cards-site") / "site"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        status = main(["build", "--config", str(REPO / "mkdocs.yml"), *input_flags(inputs), "--site-dir", str(site), "-v"])
    assert status == 0, printed.getvalue()
    return site, printed.getvalue()


@pytest.fixture(scope="module")
def site(built: tuple[Path, str]) -> Path:
    return built[0]


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


# --- order, rewordings, the build's summary ---------------------------------------------


def test_rulings_of_one_date_are_in_ordinal_order(site: Path) -> None:
    rulings = api(site, "cards/fire-ice.json")["rulings"]
    keys = [(r["date"], int(r["id"].rsplit("-", 1)[1])) for r in rulings]
    assert keys == sorted(keys)


def test_a_reworded_ruling_is_shown_once_in_its_newest_wording_with_both_sources(site: Path) -> None:
    rulings = api(site, "cards/fire-ice.json")["rulings"]
    about_value = [r for r in rulings if "Fire // Ice is both red and blue" in r["text"]]
    assert [(r["text"].endswith("its mana value is 4."), r["sources"]) for r in about_value] == [(True, ["scryfall", "mtgjson"])]


def test_the_build_prints_and_publishes_what_it_imported_skipped_and_merged(built: tuple[Path, str]) -> None:
    site, printed = built
    summary = api(site, "index.json")["import"]
    assert [s["source"] for s in summary["sources"]] == ["scryfall", "mtgjson"]
    assert summary["merged_cards"] >= len(MTGJSON_NAMES) - 3 and summary["duplicate_rulings"] > 0
    assert summary["reworded_rulings"] >= 1
    assert summary["warnings"] and "refers to rule 999.9" in summary["warnings"][0]
    lines = printed.splitlines()
    assert lines[0].startswith("imported from scryfall: ") and lines[1].startswith("imported from mtgjson: ")
    assert any(line.startswith("merged: ") for line in lines)
    assert "warnings: 1 references in imported rulings to rules the Comprehensive Rules lack" in lines
    assert any("refers to rule 999.9" in line for line in lines)  # --verbose lists it


def test_kb_check_lists_the_imported_reference_as_a_warning(inputs: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--config", str(REPO / "mkdocs.yml"), *input_flags(inputs), "-q"]) == 0  # a warning, not a failure
    assert "refers to rule 999.9, which this release does not have" in capsys.readouterr().err


# --- terminal search ----------------------------------------------------------------------


@pytest.mark.parametrize(("query", "card_id"), [("Aether Vial", "aether-vial"), ("Æther Vial", "aether-vial"), ("Æther", "aether-vial"),
                                                ("deja vu", "deja-vu"), ("Déjà Vu", "deja-vu")])  # fmt: skip
def test_terminal_search_folds_accents_and_ligatures(site: Path, query: str, card_id: str) -> None:
    with SearchIndex(site / "kb.sqlite") as index:
        assert [(hit.kind, hit.id) for hit in index.search(query)][:1] == [("card", card_id)]


def test_kb_show_finds_a_card_by_its_name_with_a_ligature(site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Æther Vial", "--index", str(site / "kb.sqlite")]) == 0
    assert "Aether Vial" in capsys.readouterr().out


# --- the whole pool (slow: pytest -m slow) -------------------------------------------------


def _index_links(site: Path) -> set[str]:
    """The card pages the card index links to (its letter pages too), as site paths."""
    pages = [site / "cards" / "index.html", *sorted((site / "card-index").glob("*.html"))]
    links: set[str] = set()
    for page in pages:
        folder = page.parent.relative_to(site)
        for href in re.findall(r'href="([^"#]+\.html)"', page.read_text(encoding="utf-8")):
            links.add(str(folder / href).replace("card-index/../", ""))
    return links


SKIPPED = ("token", "double_faced_token", "emblem", "art_series")


def _input_identities() -> tuple[set[str], set[str]]:
    """The Oracle ids of every card of both inputs, and the names of the entries that have none (reversible cards)."""
    oracle_ids: set[str] = set()
    without: set[str] = set()
    for name, faces in mtgjson_entries().items():
        for face in faces:
            if face.get("layout") in SKIPPED:
                continue
            oracle_id = (face.get("identifiers") or {}).get("scryfallOracleId")
            if oracle_id:
                oracle_ids.add(oracle_id)
            else:
                without.add(face.get("faceName", name))
    oracle_ids.update(obj["oracle_id"] for obj in scryfall_cards() if obj.get("layout") not in SKIPPED)
    return oracle_ids, without


def check_whole_pool(site: Path) -> None:
    """No two cards share an address; every card is linked from the card index; every input card has a page."""
    cards = api(site, "index.json")["cards"]
    urls = [card["url"] for card in cards]
    assert len(urls) == len(set(urls))
    assert set(urls) <= _index_links(site)
    shown = {api(site, f"cards/{card['id']}.json")["oracle_id"] for card in cards}
    oracle_ids, without = _input_identities()
    assert oracle_ids - shown == set()
    assert without <= {card["name"] for card in cards}


@pytest.mark.slow
def test_every_card_of_the_real_pool_has_its_own_page_reachable_from_the_card_index(tmp_path: Path) -> None:
    require(MTGJSON, SCRYFALL, CR)
    rulings = write_scryfall(tmp_path / "rulings.json", scryfall_rulings(mtgjson_entries()))
    site = tmp_path / "site"
    flags = ["--rules", str(CR), "--mtgjson", str(MTGJSON), "--scryfall-cards", str(SCRYFALL), "--scryfall-rulings", str(rulings)]
    assert main(["build", "--config", str(REPO / "mkdocs.yml"), *flags, "--site-dir", str(site)]) == 0
    check_whole_pool(site)
