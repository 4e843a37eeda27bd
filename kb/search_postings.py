"""The postings both search indexes hold: term -> (records, weights), computed once from the searchable documents.

A posting's weight is computed here, so either search ranks by adding numbers
(`kb.search_rank`, kb-search.js). `encode` writes a posting list as text both
read: SQLite stores it in a column, the site in a JavaScript shard.
"""

from __future__ import annotations

import functools
import math
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import pairwise

from kb.model import parent_rule
from kb.search_documents import BODY, TITLE, SearchDocument, searchable_documents
from kb.search_names import name_shards
from kb.search_rank import Asked, Topic, listed_middle_keys, spelling_keys
from kb.search_text import STOP_WORDS, read_as_rules, stem, tokens, word_term, written_words
from kb.store import KnowledgeBase
from kb.terms import keyword_rules

# A frequent term's postings are stored in tiers of decreasing weight: its HEAD
# best-weighted records first, then TIER_GROWTH times as many in the next tier,
# read only when a query needs it (`kb.search_rank.settled`). Beyond its best
# HEAD x (1 + TIER_GROWTH) records, a word's weaker matches are not kept: a
# browser would load 70 KB to rank "creature" over all 25,000 cards and rulings
# that say it, and a record only found by such a match ranks below a page of better ones.
HEAD = 300
TIER_GROWTH = 4
TIERS = 2
# Extra weight when the term is the whole title ("605", "Historic", "Opt"), or a card face's whole name.
WHOLE_TITLE = 6.0
# BM25's saturation (K1) and length normalisation of a record's text (LENGTH_B):
# a word in a one-line rule says more about it than the same word in a
# paragraph, so a question's words find the short rule that answers it
# ("planeswalker loyalty 0" -> 704.5i) above long rules that mention them in passing.
K1 = 1.2
LENGTH_B = 0.75
TYPICAL_BODY_TERMS = 25  # about a rule's text without stop words

# A term's postings: document numbers in increasing order, and their weights,
# each as 2 x weight, plus 1 when the term is in the record's title (see `named`).
Postings = tuple[array, array]


def weight_of(value: int) -> int:
    """A posting's weight without its title mark."""
    return value >> 1


def postings(docs: Iterable[SearchDocument], words: set[str] | None = None) -> dict[str, Postings]:
    """Term -> (document numbers, integer weights), in document order.

    Weight = field-weighted, saturating term frequency (BM25-like: a tenth
    mention adds little, and a long text's words count less) times the term's
    inverse document frequency, plus a bonus when the term is a record's whole title. Integers keep the indexes small.
    Each weight is written doubled, plus 1 when the term is in the record's
    title, or the record is a glossary entry: a question counts those at less
    (`kb.search_rank.QUESTION_TITLE`).

    The full knowledge base has millions of postings: they are kept in arrays
    of machine numbers, and the idf, known only once every document is counted,
    turns the term-frequency scores into weights in place. `words`, when
    given, collects the words as written (folded, before stemming), from which
    misspellings are corrected.
    """
    collected: dict[str, tuple[array, array]] = {}
    total = 0
    for number, doc in enumerate(docs):
        total += 1
        for term, score in _scores(doc, words).items():
            found = collected.get(term)
            if found is None:
                found = collected[term] = (array("I"), array("d"))
            found[0].append(number)
            found[1].append(score)
    index: dict[str, Postings] = {}
    for term, (numbers, scores) in collected.items():
        factor = math.log(1 + total / len(numbers)) * 4
        # `or 1`: no posting weighs nothing (round() gives 0 below one half). A title's term has a negative score.
        index[term] = (numbers, array("I", [2 * (round(abs(score) * factor) or 1) + (score < 0) for score in scores]))
    return index


def _scores(doc: SearchDocument, words: set[str] | None) -> dict[str, float]:
    """Term -> field-weighted, saturating term frequency in one document (before idf); negative for the title's terms."""
    scores: dict[str, float] = {}
    for weight, texts in doc.fields.items():
        terms: list[str] = []
        for text in texts:
            written = written_words(text)
            if words is not None:
                words.update(written)
            terms += (stem(t) for t in read_as_rules(written) if t not in STOP_WORDS)
        length = 1 - LENGTH_B + LENGTH_B * len(terms) / TYPICAL_BODY_TERMS if weight == BODY else 1.0
        weighed = weight * doc.text_factor
        for term, tf in Counter(terms).items():
            scores[term] = scores.get(term, 0.0) + weighed * (tf * (K1 + 1)) / (tf + K1 * length)
    titles = [tokens(text) for text in doc.fields.get(TITLE, [])]
    # A card is found by the name of any of its faces typed alone ("Ice" is Fire // Ice), as by its own name.
    for term in {terms[0] for terms in (titles if doc.kind == "card" else titles[:1]) if len(terms) == 1}:
        scores[term] += WHOLE_TITLE
    # A glossary entry names and sums up a topic, all of it: a question's answer is the rule that settles it.
    named = scores if doc.kind == "glossary" else {t for terms in titles for t in terms}
    for term in list(named):
        scores[term] = -scores[term]
    return scores


def tiers(plist: Postings) -> tuple[list[Postings], list[int]]:
    """A term's postings in tiers (each in document order), and the heaviest weight of each tier after the first.

    One tier when the term is in HEAD records or fewer; else up to TIERS of HEAD, HEAD x TIER_GROWTH, …
    records by decreasing weight, and no more.
    """
    numbers, weights = plist
    if len(numbers) <= HEAD:
        return [plist], []
    # Heaviest first; equal weights in document order (a title's mark breaks no tie: it is the lowest bit).
    order = sorted(range(len(numbers)), key=lambda i: (-weight_of(weights[i]), i))
    out: list[Postings] = []
    bounds: list[int] = []
    start, size = 0, HEAD
    while start < len(order) and len(out) < TIERS:
        chosen = sorted(order[start : start + size])
        if start:
            bounds.append(weight_of(weights[order[start]]))
        out.append((array("I", [numbers[i] for i in chosen]), array("I", [weights[i] for i in chosen])))
        start += size
        size *= TIER_GROWTH
    return out, bounds


def encode(plist: Postings) -> str:
    """(documents, weights) in document order -> doc gap, weight, doc gap, weight, … as variable-length digits.

    Each number is written in base 32, least significant digit first: a
    digit that more digits follow is a character from "0" (0) to "O" (31), the
    last one from "]" (0) to "|" (31) (ranges without '"' or '\\', so JSON
    keeps them as they are). `kb.search_rank.decode` and kb-search.js's `decode` read them.
    """
    numbers, weights = plist
    flat = [0] * (2 * len(numbers))
    flat[0::2] = [n - p for p, n in pairwise([0, *numbers])]
    flat[1::2] = weights
    small = _SMALL_NUMBERS
    return "".join([small[n] if n < len(small) else _digits(n) for n in flat])


def _digits(number: int) -> str:
    out = []
    while number >= 32:
        out.append(chr(48 + (number & 31)))
        number >>= 5
    out.append(chr(93 + number))
    return "".join(out)


# Looked up rather than computed: millions of numbers are written, nearly all small.
_SMALL_NUMBERS = [_digits(n) for n in range(4096)]


def spelling_buckets(index: dict[str, Postings], words: Iterable[str]) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """Spelling key -> the words of the text listed under it, with the record count of their terms; in order.

    Only words of letters count: a number or a symbol is never a misspelling's correction.
    """
    buckets: dict[str, list[tuple[str, int]]] = {}
    for word in sorted(words):
        if len(word) < 3 or not word.isalpha() or not word.isascii():
            continue
        term = word_term(word)  # "prevention" is listed, as the term "prevent" it stands for
        if term in index:
            for key in (*spelling_keys(word), *listed_middle_keys(word)):
                buckets.setdefault(key, []).append((word, len(index[term][0])))
    yield from sorted(buckets.items())


@dataclass
class BuiltSearch:
    """Both indexes' content, computed in one pass: each record as shown, its (kind, id), and the postings."""

    records: list[list[str]]
    refs: list[tuple[str, str]]
    index: dict[str, Postings]
    words: set[str]  # the words of the text as written, for correcting misspellings
    topics: list[Topic]  # the keywords a question may be about (`keyword_topics`)
    headings: list[int]  # the records of rules whose text is only their name (`kb.search_rank.HEADING_FACTOR`)
    asked: dict[str, list[Asked]]  # whole phrasings, each under its rarest term (`asked_phrasings`)

    @functools.cached_property
    def names(self) -> dict[str, list[list[str]]]:
        """The card-name suggestion shards (`name_shards`)."""
        return name_shards(self.records)


def build_search(kb: KnowledgeBase) -> BuiltSearch:
    """The searchable documents of `kb` turned into postings, once for both indexes."""
    records: list[list[str]] = []
    refs: list[tuple[str, str]] = []
    headings: list[int] = []

    def passing(docs: Iterable[SearchDocument]) -> Iterator[SearchDocument]:
        for doc in docs:
            if doc.heading:
                headings.append(len(records))
            records.append(doc.record())
            refs.append((doc.kind, doc.id))
            yield doc

    words: set[str] = set()
    index = postings(passing(searchable_documents(kb)), words)
    asked = asked_phrasings(kb, refs, index)
    return BuiltSearch(records, refs, index, words, keyword_topics(kb, refs), headings, asked)


def asked_phrasings(kb: KnowledgeBase, refs: list[tuple[str, str]], index: dict[str, Postings]) -> dict[str, list[Asked]]:
    """Each whole phrasing (`KnowledgeBase.asked`) as its terms and the records it names, listed under its rarest term.

    A query that has all of a phrasing's words has read that term's entry, so the
    phrasing is read where it can count (`kb.search_rank.ASKED_FACTOR`). A term that
    only phrasings have gets an entry without postings: a query keeps it as typed,
    instead of correcting it to another word of the text.
    """
    where = {ref: number for number, ref in enumerate(refs)}
    named: dict[str, list[int]] = {}
    for ref, texts in kb.asked.items():
        for text in texts if ref in where else ():
            # Two words or more: kb.aliases refuses fewer.
            records = named.setdefault(" ".join(sorted(set(tokens(text)))), [])
            if where[ref] not in records:
                records.append(where[ref])
    anchored: dict[str, list[Asked]] = {}
    for terms, records in sorted(named.items()):
        for term in terms.split():
            index.setdefault(term, (array("I"), array("I")))
        rarest = min(terms.split(), key=lambda t: (len(index[t][0]), t))
        anchored.setdefault(rarest, []).append((terms, tuple(sorted(records))))
    return anchored


def keyword_topics(kb: KnowledgeBase, refs: list[tuple[str, str]]) -> list[Topic]:
    """Each keyword's name as query terms, and the first and last record of its rule and subrules (`kb.search_rank.TOPIC_FACTOR`).

    Rules are indexed in order, so a rule's subrules ("702.10a", "702.10b") follow it.
    """
    where = {ref: number for number, ref in enumerate(refs)}
    topics: list[Topic] = []
    for rule in keyword_rules(kb.rules.values()):
        names = " ".join(dict.fromkeys(tokens(rule.text)))
        first = last = where.get(("rule", rule.number))
        if not names or first is None:
            continue
        while last + 1 < len(refs) and refs[last + 1][0] == "rule" and parent_rule(refs[last + 1][1]) == rule.number:
            last += 1
        topics.append((names, first, last))
    return topics
