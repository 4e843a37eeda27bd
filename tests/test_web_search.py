"""The website's chunked search index (kb/web_search.py) and the engine that reads it (kb-search.js).

The ranking is tested by running kb-search.js's engine under Node over an index
written here: the same code the browser runs, without a browser. The browser
tests (tests/browser/) cover the page side.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from array import array
from pathlib import Path

import pytest

from kb import search_postings, web_search
from kb.build import Settings, load_knowledge_base
from kb.search_documents import searchable_documents as documents
from kb.search_postings import encode, postings
from kb.search_text import tokens
from kb.store import KnowledgeBase
from kb.web_search import INDEX_DIR, term_shards, write_web_search

REPO = Path(__file__).resolve().parent.parent
KB_SEARCH_JS = REPO / "templates" / "static" / "javascripts" / "kb-search.js"
NODE_HARNESS = REPO / "tests" / "browser" / "web_search_node.js"
SHARED_CR = REPO.parent / "shared" / "data" / "comprehensive-rules"


def test_postings_are_written_as_variable_length_digits():
    # Gaps 3 and 37, weights 7 and 5000: one digit below 32, else low digits first ("0".."O"), the last from "]".."|".
    assert encode((array("I", [3, 40]), array("I", [7, 5000]))) == "`d5^8La"
    assert encode((array("I"), array("I"))) == ""


@pytest.fixture(scope="module")
def content_kb() -> KnowledgeBase:
    return load_knowledge_base(Settings(content=REPO / "content", templates=REPO / "templates"))


def test_every_term_lives_in_exactly_the_shard_its_longest_prefix_names(
    monkeypatch: pytest.MonkeyPatch, content_kb: KnowledgeBase
):
    # A tiny shard size forces multi-level splits, as a large knowledge base does.
    monkeypatch.setattr(web_search, "TERM_SHARD_BYTES", 200)
    index = postings(documents(content_kb))
    shards = term_shards(index)
    assert any(len(key) > 2 for key in shards), "small shards should have been split"
    placed = [term for terms in shards.values() for term in terms]
    assert sorted(placed) == sorted(index)
    for key, terms in shards.items():
        for term in terms:
            longest = max((k for k in shards if term.startswith(k)), key=len)
            assert longest == key, term


def test_frequent_terms_keep_a_head_and_one_further_tier(
    monkeypatch: pytest.MonkeyPatch, content_kb: KnowledgeBase, tmp_path: Path
):
    monkeypatch.setattr(search_postings, "HEAD", 3)
    write_web_search(content_kb, tmp_path)
    root = tmp_path / INDEX_DIR
    further = sorted(p.stem for p in (root / "f").glob("*.js"))
    assert further, "with a head of 3, some term is in more than 3 documents"
    assert all(name.endswith("-1") for name in further), "a head, and one further tier, no more"
    text = (root / "f" / f"{further[0]}.js").read_text(encoding="utf-8")
    assert text.startswith("kbSearch.full(")
    # The shard entry of that term holds its head and the bound of the further tier.
    term = next(name.removesuffix("-1") for name in further if name.removesuffix("-1").isalpha())
    shard = next(p for p in (root / "t").glob("*.js") if f'"{term}":' in p.read_text(encoding="utf-8"))
    entries = json.loads(shard.read_text(encoding="utf-8").split(",", 1)[1].rsplit(")", 1)[0])
    count, _, bounds = entries[term]
    assert count > 3 and len(bounds) == 1 and bounds[0] >= 1


def test_index_records_point_at_anchors(content_kb: KnowledgeBase):
    docs = {d.url: d for d in documents(content_kb)}
    assert "rules/302.html#302.6" in docs
    assert docs["rules/302.html#302.6"].title == "302.6"
    assert "cards/laelia-the-blade-reforged.html" in docs
    assert "rulings/index.html#tap-symbol" in docs


# --- the browser's engine, under Node ------------------------------------------------


def run_engine(index_root: Path, queries: list[str] = (), texts: list[str] = ()) -> dict:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("node is not installed: the engine of kb-search.js cannot run outside a browser")
    request = json.dumps({"queries": list(queries), "texts": list(texts)})
    out = subprocess.run(
        [node, str(NODE_HARNESS), str(KB_SEARCH_JS), str(index_root), request],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(out.stdout)


def test_javascript_tokenizer_matches_python(content_kb: KnowledgeBase, tmp_path: Path):
    write_web_search(content_kb, tmp_path)
    texts = [
        "See rule 302.6. Also rules 601.2a–h and 107.3i, section 605.",
        "The Creature’s ABILITIES in Lim-Dûl's Vault; Æther Vial costs {X}{2}.",
        "Laelia, the Blade Reforged attacks: exile the top card — it’s historic!",
        *(d.snippet for d in documents(content_kb)),
    ]
    assert run_engine(tmp_path / INDEX_DIR, texts=texts)["tokens"] == [tokens(t) for t in texts]


@pytest.fixture(scope="module")
def cr_index(kb_latest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("web-search")
    write_web_search(kb_latest, site)
    return site / INDEX_DIR


@pytest.mark.parametrize(
    ("query", "expected", "within"),
    [
        ("302.6", "rules/302.html#302.6", 1),
        ("107.3i", "rules/107.html#107.3i", 1),
        ("605", "rules/605.html", 1),
        ("rule 702.19b", "rules/702.html#702.19b", 1),
        ("summoning sickness", "rules/302.html#302.6", 3),
        ("laelia", "cards/laelia-the-blade-reforged.html", 1),
        ("lae", "cards/laelia-the-blade-reforged.html", 1),
        ("historic", "glossary/index.html#historic", 1),
        ("historic", "rules/700.html#700.6", 3),
    ],
)
def test_ranking_over_the_full_rules(cr_index: Path, query: str, expected: str, within: int):
    results = run_engine(cr_index, queries=[query])["results"][query]
    assert expected in results[:within], results[:5]


def test_a_query_loads_a_few_shards_not_the_index(cr_index: Path):
    out = run_engine(cr_index, queries=["summoning sickness"])
    loaded = out["loaded"]["summoning sickness"]
    total = sum(1 for _ in cr_index.rglob("*.js"))
    assert loaded and len(loaded) <= 8 < total, loaded
    assert all(name.startswith(("t/", "f/", "d/")) for name in loaded)


def test_card_name_shards_split_by_a_third_letter_when_full(
    monkeypatch: pytest.MonkeyPatch, content_kb: KnowledgeBase, tmp_path: Path
):
    monkeypatch.setattr(web_search, "NAME_SHARD", 0)
    write_web_search(content_kb, tmp_path)
    names = sorted(p.stem for p in (tmp_path / INDEX_DIR / "n").glob("*.js"))
    assert names and all(len(key) == 3 for key in names)
    assert "lae" in names
    assert "Laelia, the Blade Reforged" in (tmp_path / INDEX_DIR / "n" / "lae.js").read_text(encoding="utf-8")
