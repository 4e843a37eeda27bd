"""The website's chunked search index (kb/web_search.py) and the engine that reads it (kb-search.js).

The ranking is tested by running kb-search.js's engine under Node over an index
written here: the same code the browser runs, without a browser. The browser
tests (tests/browser/) cover the page side.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from array import array
from pathlib import Path

import pytest

from kb import search_names, search_postings, web_search
from kb.build import Settings, load_knowledge_base
from kb.search_documents import SearchDocument
from kb.search_documents import searchable_documents as documents
from kb.search_postings import encode, postings
from kb.search_text import tokens
from kb.store import KnowledgeBase
from kb.web_search import INDEX_DIR, write_web_search

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


def index_file(path: Path) -> tuple[object, object]:
    """The key and data of one index file, `kbSearch.<kind>(key,data);`."""
    key, data = path.read_text(encoding="utf-8").split("(", 1)[1].rsplit(");", 1)[0].split(",", 1)
    return json.loads(key), json.loads(data)


@pytest.mark.parametrize(("folder", "meta_key"), [("t", "terms"), ("s", "spelling")])
def test_blocks_hold_each_key_once_in_the_order_javascript_compares(
    monkeypatch: pytest.MonkeyPatch, content_kb: KnowledgeBase, tmp_path: Path, folder: str, meta_key: str
):
    monkeypatch.setattr(web_search, "BLOCK_BYTES", 300)  # many blocks, as a large knowledge base has
    write_web_search(content_kb, tmp_path)
    root = tmp_path / INDEX_DIR
    _, meta = index_file(root / "meta.js")
    separators = meta[meta_key].split(" ")
    blocks = [index_file(root / folder / f"{n}.js") for n in range(len(separators))]
    assert len(blocks) > 10 and len(list((root / folder).glob("*.js"))) == len(separators)
    keys = [key for number, (key_of_file, block) in enumerate(blocks) for key in block if key_of_file == number]
    assert keys == sorted(keys, key=web_search.js_order) and len(keys) == len(set(keys)), "in order, each once"
    assert not [key for key in keys if " " in key], "meta.js lists the separators in one string, cut at spaces"
    # Each block's separator starts its first key and sorts after the block before it; most are shorter.
    lasts = [""] + [list(block)[-1] for _, block in blocks[:-1]]
    for separator, last, (_, block) in zip(separators, lasts, blocks, strict=True):
        first = next(iter(block))
        assert first.startswith(separator) and web_search.js_order(separator) > web_search.js_order(last), separator
    assert sum(map(len, separators)) < sum(len(next(iter(block))) for _, block in blocks)
    for _, block in blocks:
        assert len(json.dumps(block)) <= 300 + 100 or len(block) == 1, "a block passes its size only for one entry"
    if folder == "t":
        assert set(keys) == set(postings(documents(content_kb)))


def test_tiny_blocks_give_the_same_results(monkeypatch: pytest.MonkeyPatch, content_kb: KnowledgeBase, tmp_path: Path):
    # Prefixes that span blocks, a misspelling corrected from a spelling block, a symbol and a number.
    queries = ["lae", "laelia", "hist", "laelai", "{t}", "302.6", "exile the top card"]
    write_web_search(content_kb, tmp_path / "default")
    expected = run_engine(tmp_path / "default" / INDEX_DIR, queries=queries)["results"]
    monkeypatch.setattr(web_search, "BLOCK_BYTES", 100)
    write_web_search(content_kb, tmp_path / "tiny")
    assert run_engine(tmp_path / "tiny" / INDEX_DIR, queries=queries)["results"] == expected
    assert all(expected[q] for q in queries), expected  # "laelai" finds Laelia only through a spelling block


def test_each_record_is_read_from_the_shard_it_was_written_to(tmp_path: Path):
    # Rules and glossary entries come first, RULE_SHARD to a file, then cards and rulings, DOC_SHARD to a file:
    # Python writes the shards and kb-search.js finds a record in them, each by its own code.
    from rules_fixture import cited_by_content, write_releases

    latest, _ = write_releases(tmp_path / "rules", cited_by_content(REPO))
    kb = load_knowledge_base(Settings(content=REPO / "content", templates=REPO / "templates", rules=latest))
    built = search_postings.build_search(kb)
    write_web_search(kb, tmp_path / "site", built)
    root = tmp_path / "site" / INDEX_DIR
    _, meta = index_file(root / "meta.js")
    rules = meta["ruleDocs"]
    assert built.records[rules - 1][0] == "glossary" and built.records[rules][0] in ("card", "ruling")
    assert rules > 4 * web_search.RULE_SHARD and len(built.records) > rules + 4 * web_search.DOC_SHARD
    shards = {n: index_file(root / "d" / f"{n}.js")[1] for n in range(len(list((root / "d").glob("*.js"))))}
    for doc, record in enumerate(built.records):
        number, place = web_search.shard_of(doc, rules)
        assert shards[number][place] == record, doc
    # Queries whose results are rules, glossary entries, cards and rulings, on both sides of the boundary.
    queries = ["302.6", "laelia", "historic", "last known information", "exile the top card", "token"]
    out = run_engine(root, queries=queries)
    for query in queries:
        assert out["results"][query] == [built.records[doc][2] for doc, _, _ in out["ranked"][query]], query
    kinds = {built.records[doc][0] for query in queries for doc, _, _ in out["ranked"][query]}
    assert kinds == {"rule", "glossary", "card", "ruling"}, kinds


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
    # The block entry of that term holds its head and the bound of the further tier.
    term = next(name.removesuffix("-1") for name in further if name.removesuffix("-1").isalpha())
    entries = next(block for _, block in map(index_file, (root / "t").glob("*.js")) if term in block)
    count, _, bounds = entries[term]
    assert count > 3 and len(bounds) == 1 and bounds[0] >= 1


def test_a_record_shows_control_and_bidi_characters_as_escapes():
    # Both searches show records as stored: an imported name's ESC or right-to-left override is text, not an effect.
    doc = SearchDocument("card", "x", "Evil\u202eeman\x1b[2J", "cards/x.html", "Type\x07", "Text\x00 here")
    assert doc.record() == ["card", "Evil\\u202eeman\\x1b[2J", "cards/x.html", "Type\\x07", "Text\\x00 here"]


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


def test_the_script_reads_the_format_kb_writes():
    declared = re.search(r"var FORMAT = (\d+);", KB_SEARCH_JS.read_text(encoding="utf-8"))
    assert declared and int(declared[1]) == web_search.FORMAT_VERSION


def test_an_index_of_another_format_is_named_not_misread(content_kb: KnowledgeBase, tmp_path: Path):
    # A site whose templates hold the kb-search.js of another version of kb than the one that wrote its index.
    write_web_search(content_kb, tmp_path)
    meta = tmp_path / INDEX_DIR / "meta.js"
    written = f'"format":{web_search.FORMAT_VERSION},'
    assert written in meta.read_text(encoding="utf-8")
    meta.write_text(meta.read_text(encoding="utf-8").replace(written, '"format":1,'), encoding="utf-8")
    with pytest.raises(subprocess.CalledProcessError) as failed:
        run_engine(tmp_path / INDEX_DIR, queries=["haste"])
    said = f"the index is format 1, this page's kb-search.js reads format {web_search.FORMAT_VERSION}"
    assert said in failed.value.stderr


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


def test_a_query_loads_a_few_index_files_not_the_index(cr_index: Path):
    out = run_engine(cr_index, queries=["summoning sickness"])
    loaded = out["loaded"]["summoning sickness"]
    total = sum(1 for _ in cr_index.rglob("*.js"))
    # A block of terms per word, and the shards of the first page's ten records at most.
    assert loaded and len(loaded) <= 2 + 10 < total, loaded
    assert all(name.startswith(("t/", "f/", "d/")) for name in loaded)


def test_card_name_shards_split_by_a_third_letter_when_full(
    monkeypatch: pytest.MonkeyPatch, content_kb: KnowledgeBase, tmp_path: Path
):
    monkeypatch.setattr(search_names, "NAME_SHARD", 0)
    write_web_search(content_kb, tmp_path)
    names = sorted(p.stem for p in (tmp_path / INDEX_DIR / "n").glob("*.js"))
    assert names and all(len(key) == 3 for key in names)
    assert "lae" in names
    assert "Laelia, the Blade Reforged" in (tmp_path / INDEX_DIR / "n" / "lae.js").read_text(encoding="utf-8")


def test_only_a_question_loads_what_only_questions_rank_by(cr_index: Path):
    # questions.js holds the keywords' records and the headings, which only a question's ranking reads.
    queries = ["trample", "302.6", "can a creature with trample assign damage to the player", "what is trample"]
    loaded = run_engine(cr_index, queries=queries)["loaded"]
    assert [q for q in queries if "questions.js" in loaded[q]] == [queries[2]], loaded
