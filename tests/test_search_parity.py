"""One search model: `kb search` and the site's search rank the same records in the same order.

Both indexes are written from one build of the real Comprehensive Rules; the
terminal's ranking (kb.search over kb.sqlite) and the browser's (kb-search.js
under Node over the chunked index) answer a shared query set: the relevance
benchmark's queries, plus odd input.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from kb import search_names
from kb.build import Settings, load_knowledge_base
from kb.search import INDEX_NAME, SearchIndex
from kb.search_index import write_search_index
from kb.search_postings import build_search
from kb.search_rank import Ranker
from kb.search_text import tokens
from kb.web_search import INDEX_DIR, write_web_search

REPO = Path(__file__).resolve().parent.parent
KB_SEARCH_JS = REPO / "templates" / "static" / "javascripts" / "kb-search.js"
NODE_HARNESS = REPO / "tests" / "browser" / "web_search_node.js"
QUERY_SETS = [REPO / "bench" / f"search_queries{part}.yaml" for part in ("", "_unseen", "_fresh", "_heldout", "_definitions")]
ODD = ["", "   ", '"', "-", "*", "AND", "NEAR(a b)", "{name}: x", "(", "é", "\x00", "'", "’", "{T}{Q}", "1" * 200,
       "302.99", "rule 605.", "lae", "laelia ", "Æther", "the of and", "zzzzzzzz", "summoning sick", "creature",
       "at the same", "at the same time", "same same time time", "+1/+1", "+1/+", "−1/−1 counters", "zero zero", "wrad", "mnaa tpa",
       "ontinuousyl", "kontinuousyl", "summoning sicknes", "summoning sicknes ", "how does lifelink damage", "What is LKI",
       "∞", "{∞}", "∞ infinity", "prevension", "regeneraton ", "destrucion", "[+1]", "[−2]", "[-5]", "[+1", "whats a token", "what is", "what does the stack do to a copy of a spell", "firststrike", "doublestrike ",
       "first firststrike", "sumoning summoning", "thestack", "mvs", "MVs ", "E.T.B.", "s.b.a", "{tap}", "manaability", "firststrike" * 10, "CR702.9", "rule302.6a", "section605.",
       "battle field", "hex  proof ", "life link", "counter spell", "face-down", "up keep step", "fore tell",
       " ".join(["lifelink", *(f"w{n}" for n in range(40)), "haste"]), "flash back " * 40, "302.6," * 40 + "haste",
       "+1", "−2", "-X ability", "LEVEL 1-3", "a+1", "battle\x0bfield", "battle\u00a0field", "battle\tfield\n", "BATTLE Field", "*/*", "power is *", "1+*/1+*", "**",
       "how does first strike work with double strike", "can a creature with first strike and deathtouch block ", "does trample",
       "{U/W}", "u/w hybrid", "what does r/p mean", "{P/G}", "2/w", "the Q symbol", "chaos symbol", "p/t",
       "cascade what can I cast off it", "lae it", "lae", "laelia the", "the",
       "does having flying twice do anything", "how does regenerate work", "how do i declare blockers", "MV of a split card",
       "does a copied creature spell become a token", "card text contradicts the rules which one wins",
       "colored dot next to the type line", "who picks the value of X when I cast a spell"]  # fmt: skip


def shared_queries() -> list[str]:
    queries = [q for path in QUERY_SETS for q in yaml.safe_load(path.read_text(encoding="utf-8"))["queries"]]
    return [q["query"] for q in queries] + ODD


@pytest.fixture(scope="module")
def both_indexes(kb_latest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("parity")
    built = build_search(kb_latest)
    write_search_index(kb_latest, site, built)
    write_web_search(kb_latest, site, built)
    return site


def run_node(index_root: Path, queries: list[str], texts: list[str] = ()) -> dict:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("node is not installed: the engine of kb-search.js cannot run outside a browser")
    request = json.dumps({"queries": queries, "texts": list(texts), "limit": 10})
    out = subprocess.run([node, str(NODE_HARNESS), str(KB_SEARCH_JS), str(index_root), request],
                         capture_output=True, text=True, check=True, timeout=120)  # fmt: skip
    return json.loads(out.stdout)


def names_a_whole_phrasing(postings, words) -> bool:
    """Whether the query has every word of one of content/search/aliases.yaml's whole phrasings (`asked`)."""
    terms = {w.term for w in words}
    return any(terms.issuperset(p.split()) for w in words if (e := postings.entry(w.term)) for p, _ in e.asked)


def test_the_same_query_ranks_the_same_records_in_the_same_order(both_indexes: Path):
    queries = shared_queries()
    browser = run_node(both_indexes / INDEX_DIR, queries)
    with SearchIndex(both_indexes / INDEX_NAME) as index:
        ranker = Ranker(index.postings())
        # The shared queries go through every step of the ranking, whole phrasings included.
        assert sum(names_a_whole_phrasing(index.postings(), ranker.rank(q).words) for q in queries) >= 10
        for query in queries:
            ranking = ranker.rank(query)
            terminal = [[doc, matched, score] for doc, matched, score in ranking.ranked[:10]]
            assert browser["ranked"][query] == terminal, query
            assert browser["corrections"][query] == [list(c) for c in ranking.corrections], query
    assert sum(1 for q in queries if browser["ranked"][q]) > 100, "the query set finds records"


def test_hits_of_kb_search_are_the_records_the_site_shows(both_indexes: Path):
    queries = ["302.6", "summoning sickness", "sumoning sickness", "{T}", "laelia", "historic"]
    browser = run_node(both_indexes / INDEX_DIR, queries)
    with SearchIndex(both_indexes / INDEX_NAME) as index:
        for query in queries:
            assert [h.url for h in index.search(query)] == browser["results"][query], query


def test_the_browser_cuts_text_into_the_terms_python_does(both_indexes: Path):
    texts = [
        "See rule 302.6. Also rules 601.2a–h and 107.3i, section 605.",
        "The Creature’s ABILITIES in Lim-Dûl's Vault; Æther Vial costs {X}{2}{W/U}{2/B}{G/P}.",
        "Laelia, the Blade Reforged attacks: exile the top card — it’s historic! Œuvre, Straße, Ødegaard, Łódź.",
        "How does a token go to the graveyard when it dies? Does it?",
        "Both players lose at the same time if it comes into play; +1/+1 and −1/−1 counters, +X/+0, zero at the same",
        "E.T.B. (e.g. s.b.a) in 302.6. and 107.3i.; a.k.a. U.S.A. CR702.9, rule302.6, crab702, rules1.",
        "{U/W} or u/w, {B/2}, r/p, {P/R}, u/g/p, {{w/u}}, w/u/, /r/p, P/T of a 2/2, and/or; the Q symbol, PW symbol.",
    ]
    assert run_node(both_indexes / INDEX_DIR, [], texts)["tokens"] == [tokens(t) for t in texts]


@pytest.mark.parametrize("shard_size", [search_names.NAME_SHARD, 1])
def test_both_searches_suggest_the_same_card_names(shard_size: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # With shards of one name, every two-letter shard that holds two is split: a suggestion waits for the third letter.
    monkeypatch.setattr(search_names, "NAME_SHARD", shard_size)
    kb = load_knowledge_base(Settings(content=REPO / "content", templates=REPO / "templates"))
    built = build_search(kb)
    write_search_index(kb, tmp_path, built)
    write_web_search(kb, tmp_path, built)
    names = sorted(card.name for card in kb.cards.values())
    queries = ["", "l", "la", "lae", "Laelia, the", "LAELIA THE BLADE", "laelia the blade reforged x", "Æ", "zz", "'", "{T}"]
    queries += [name[:size] for name in names for size in (2, 3, 6)]
    browser = run_node(tmp_path / INDEX_DIR, queries)["suggestions"]
    with SearchIndex(tmp_path / INDEX_NAME) as index:
        for query in queries:
            assert [list(card) for card in index.suggest(query)] == browser[query], query
        assert [name for name, _ in index.suggest("Laelia, the")] == ["Laelia, the Blade Reforged"]
    assert sum(1 for q in queries if browser[q]) > len(names), "most of the names' starts suggest something"
