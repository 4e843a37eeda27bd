"""The ranking both searches share (kb.search_rank), over postings held in a dictionary."""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterable

import pytest

from kb import search_rank
from kb.search_postings import encode, tiers
from kb.search_rank import PAGE, Asked, Entry, Ranker, Topic


class DictPostings:
    """Terms -> postings as the indexes store them: tiers, and the bound of each further tier."""

    def __init__(
        self,
        index: dict[str, tuple[list[int], list[int]]],
        topics: list[Topic] = (),
        headings: frozenset[int] = frozenset(),
        asked: dict[str, list[Asked]] | None = None,
    ) -> None:
        self.keywords = list(topics)
        self.heading_records = headings
        self.entries: dict[str, Entry] = {}
        self.tiers: dict[tuple[str, int], str] = {}
        self.read: list[tuple[str, int]] = []
        for term, (docs, values) in index.items():
            parts, bounds = tiers((array("I", docs), array("I", values)))
            self.entries[term] = Entry(len(docs), encode(parts[0]), tuple(bounds))
            for number, part in enumerate(parts[1:], start=1):
                self.tiers[(term, number)] = encode(part)
        for term, phrasings in (asked or {}).items():  # a term only phrasings have: no postings (asked_phrasings)
            for word in {w for terms, _ in phrasings for w in terms.split()}:
                self.entries.setdefault(word, Entry(0, ""))
            entry = self.entries[term]
            self.entries[term] = Entry(entry.count, entry.postings, entry.bounds, tuple(phrasings))

    def entry(self, term: str) -> Entry | None:
        return self.entries.get(term)

    def tier(self, term: str, number: int) -> str:
        self.read.append((term, number))
        return self.tiers[(term, number)]

    def starting_with(self, prefix: str) -> Iterable[tuple[str, Entry]]:
        return [(t, e) for t, e in sorted(self.entries.items()) if t.startswith(prefix)]

    def spelling(self, key: str) -> Iterable[tuple[str, int]]:
        return []

    def topics(self) -> Iterable[Topic]:
        return self.keywords

    def headings(self) -> frozenset[int]:
        return self.heading_records


def random_index(seed: int, docs: int = 4000) -> dict[str, tuple[list[int], list[int]]]:
    """Three frequent terms (each in thousands of records, over several tiers) with random weights, titles unmarked."""
    rng = random.Random(seed)
    index = {}
    for term in ("alpha", "beta", "gamma"):
        chosen = sorted(rng.sample(range(docs), rng.randint(1000, 3000)))
        index[term] = (chosen, [2 * rng.randint(1, 400) for _ in chosen])
    return index


# A keyword whose records are every tenth of the first 2000: their weights double in a question that names it.
TOPICS = [("gamma", start, start + 9) for start in range(0, 2000, 100)]
# Headings, some of them inside those topics: their weights count for a quarter in a question.
HEADINGS = frozenset(range(0, 4000, 7))


@pytest.mark.parametrize("query", ["alpha beta gamma ", "how does alpha beta gamma "])
@pytest.mark.parametrize("seed", range(8))
def test_the_first_page_is_the_one_all_tiers_give(monkeypatch: pytest.MonkeyPatch, seed: int, query: str):
    tiered = Ranker(DictPostings(random_index(seed), TOPICS, HEADINGS)).rank(query).ranked[:PAGE]
    monkeypatch.setattr(search_rank, "settled", lambda *args: False)
    every = Ranker(DictPostings(random_index(seed), TOPICS, HEADINGS)).rank(query).ranked[:PAGE]
    # Records outside the first page could not enter it; inside it, each record's
    # weight is what the tiers read give (at most its full weight).
    assert {doc for doc, _, _ in tiered} == {doc for doc, _, _ in every}


def test_a_further_tier_is_read_only_when_it_may_change_the_first_page():
    # "alpha"'s heaviest records all have "beta" too: no unread posting can outweigh them.
    docs = list(range(2000))
    index = {"alpha": (docs, [2 * (1000 if d < 400 else 1) for d in docs]), "beta": (docs[:400], [2 * 500] * 400)}
    postings = DictPostings(index)
    Ranker(postings).rank("alpha beta ")
    assert postings.read == []
    # Heavy "beta" records among alpha's weak ones: the bound of alpha's next tier could lift them.
    index = {"alpha": (docs, [2 * (1000 if d < 400 else 900) for d in docs]), "beta": (docs[1000:1300], [2 * 2000] * 300)}
    postings = DictPostings(index)
    Ranker(postings).rank("alpha beta ")
    assert postings.read == [("alpha", 1)]


def test_a_question_counts_a_titles_word_for_less():
    # Record 0 has "lifelink" in its title (lowest bit set), record 1 in its text, lighter.
    index = {"lifelink": ([0, 1], [2 * 100 + 1, 2 * 60]), "damag": ([0, 1], [2 * 10, 2 * 20])}
    ranker = Ranker(DictPostings(index))
    assert [doc for doc, _, _ in ranker.rank("lifelink damage ").ranked] == [0, 1]
    assert [doc for doc, _, _ in ranker.rank("how does lifelink damage ").ranked] == [1, 0]


def test_a_question_that_names_a_keyword_ranks_its_rules_higher():
    # Records 3-5 are the rule of the keyword "first strike" and its subrules; record 0 a rule that mentions it.
    index = {"first": ([0, 4], [2 * 30, 2 * 20]), "strik": ([0, 4], [2 * 30, 2 * 20]), "damag": ([0, 4], [2 * 10, 2 * 10])}
    ranker = Ranker(DictPostings(index, [("first strik", 3, 5)]))
    assert [doc for doc, _, _ in ranker.rank("how does first strike deal damage ").ranked] == [4, 0]
    # Not a question: the query's words decide alone. A question that names only part of the keyword has no topic.
    assert [doc for doc, _, _ in ranker.rank("first strike damage ").ranked] == [0, 4]
    assert [doc for doc, _, _ in ranker.rank("how does a strike deal damage ").ranked] == [0, 4]


def test_a_heading_counts_for_less_in_a_question(monkeypatch: pytest.MonkeyPatch):
    # Record 3 is the heading "702.9. Flying", heavy with its name (a title's word); record 4 a subrule under it.
    index = {"flying": ([3, 4], [2 * 100 + 1, 2 * 15])}
    ranker = Ranker(DictPostings(index, [("flying", 3, 5)], frozenset({3})))
    # In a question, 100 x 0.2 (a title's word) x 0.25 (a heading) = 5 against 15 (both x 2, the topic).
    assert [doc for doc, _, _ in ranker.rank("is flying ").ranked] == [4, 3]
    # Not a question: a heading counts in full.
    assert [doc for doc, _, _ in ranker.rank("flying ").ranked] == [3, 4]
    # Without the heading factor, 20 against 15: the heading came first.
    monkeypatch.setattr(search_rank, "HEADING_FACTOR", 1.0)
    assert [doc for doc, _, _ in ranker.rank("is flying ").ranked] == [3, 4]


def test_a_whole_phrasing_ranks_its_records_up_only_when_the_query_has_all_its_words(monkeypatch: pytest.MonkeyPatch):
    # Records 0 and 1 say "block" and "creature" often; record 2, the answer, says them once each and never "ground".
    # The phrasing "block creatur ground" (content/search/aliases.yaml's asked) names record 2; "ground" is in no record.
    index = {"block": ([0, 1, 2], [2 * 30, 2 * 20, 2 * 5]), "creatur": ([0, 1, 2], [2 * 10, 2 * 10, 2 * 5])}
    ranker = Ranker(DictPostings(index, asked={"ground": [("block creatur ground", (2,))]}))
    # 10 + 2 (ASKED_FACTOR) x 40 (the first's score) x 3 words / 4 ("flyers" is the fourth), against 40 and 30.
    assert [doc for doc, _, _ in ranker.rank("can flyers block ground creatures ").ranked] == [2, 0, 1]
    # "ground" is kept as typed (its entry has no postings), not corrected to a word of the text.
    assert [w.term for w in ranker.rank("block ground creatures").words] == ["block", "ground", "creatur"]
    # Without one of its words, a phrasing counts for nothing: its words alone are common.
    assert [doc for doc, _, _ in ranker.rank("block creatures ").ranked] == [0, 1, 2]
    assert [doc for doc, _, _ in ranker.rank("ground creatures ").ranked] == [0, 1, 2]
    monkeypatch.setattr(search_rank, "ASKED_FACTOR", 0)
    assert [doc for doc, _, _ in ranker.rank("can flyers block ground creatures ").ranked] == [0, 1, 2]


def test_a_whole_phrasing_of_words_no_record_has_still_names_its_records():
    ranker = Ranker(DictPostings({"block": ([0], [2 * 30])}, asked={"reach": [("ground reach", (4, 2))]}))
    assert ranker.rank("ground reach ").ranked == [(2, 1, 2.0), (4, 1, 2.0)]  # 2 x 1 (no first result) x 2/2 words
    # Of two phrasings naming a record, the longer counts: 2 x 1 x 3/3.
    asked = {"reach": [("ground reach", (4,)), ("flying ground reach", (4,))]}
    assert Ranker(DictPostings({}, asked=asked)).rank("ground reach flyers ").ranked == [(4, 1, 2.0)]


@pytest.mark.parametrize(
    ("query", "factor"),
    [
        ("the stack", 1.0),
        ("what is the stack", 1.0),  # asks what something is: the record that names it answers
        ("whats a token", 1.0),
        ("what does tapped mean", 1.0),
        ("what does a static ability do", 1.0),
        ("how does the stack work", 1.0),  # asks how a thing works: the record that names it answers too
        ("how do blockers work", 1.0),
        ("how do i declare blockers", search_rank.QUESTION_TITLE),  # asks for steps
        ("how does deathtouch work with trample", search_rank.QUESTION_TITLE),  # a situation
        ("how does first strike work", 1.0),
        ("how does combat damage assignment work", search_rank.QUESTION_TITLE),  # more than DEFINITION_WORDS words
        ("what is x if i cast a spell without paying its mana cost", search_rank.QUESTION_TITLE),  # a situation
        ("what happens to the stack", search_rank.QUESTION_TITLE),
    ],
)
def test_a_question_that_asks_what_something_is_counts_titles_in_full(query: str, factor: float):
    assert search_rank.title_factor(query) == factor


def test_a_query_reads_its_first_words_only():
    """A pasted page costs what its first MAX_QUERY_WORDS words cost: the words after them are not looked up."""
    looked_up: list[str] = []

    class Counting(DictPostings):
        def entry(self, term: str) -> Entry | None:
            looked_up.append(term)
            return super().entry(term)

    filler = [f"word{n}" for n in range(search_rank.MAX_QUERY_WORDS - 1)]
    index = {"lifelink": ([0], [2 * 100]), "haste": ([1], [2 * 100])}
    first = Ranker(Counting(index)).rank(" ".join(["lifelink", *filler, "haste"]))
    assert [w.raw for w in first.words] == ["lifelink", *filler]
    assert [doc for doc, _, _ in first.ranked] == [0]
    assert "hast" not in looked_up and "haste" not in looked_up
    # The last word read is whole, not the start of a word still being typed: the query went on.
    assert first.words[-1].prefix is None


def one_edit(word: str) -> set[str]:
    """Every word one edit from `word`: a letter dropped, added, changed, or two neighbours swapped."""
    cuts = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    found = {a + b[1:] for a, b in cuts if b}
    found |= {a + c + b for a, b in cuts for c in "xq"}
    found |= {a + c + b[1:] for a, b in cuts if b for c in "xq"}
    found |= {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1}
    return found - {word}


@pytest.mark.parametrize("word", ["ward", "haste", "trample", "deathtouch", "indestructible", "firststrike"])
def test_every_one_edit_misspelling_looks_up_a_bucket_its_word_is_listed_in(word: str):
    listed = set(search_rank.spelling_keys(word))
    for misspelt in one_edit(word):
        if len(misspelt) >= search_rank.MIN_CORRECTED_LENGTH:
            assert listed & set(search_rank.lookup_keys(misspelt)), (word, misspelt)
