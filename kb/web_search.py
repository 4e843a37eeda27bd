"""The website's search index: a static, chunked inverted index that a browser loads piece by piece.

Why not material's built-in search: it downloads one JSON file holding every
page (25 MB for the full knowledge base) before it shows a result, ranks pages
rather than rules, and cannot run from `file://`. This index is split in small
JavaScript files that the page loads with `<script>` tags on demand — a
`<script>` works from disk where `fetch()` does not — so a query costs a few
shards, not the whole index.

Layout under `search/kb-index/` in the site:

- `meta.js`     — tokenizer settings (stop words), the list of term shards,
                  document counts; loaded once, on the first keystroke;
- `t/<key>.js`  — the terms starting with `<key>` (a prefix of 1+ characters,
                  longer where a prefix holds many terms) with their postings,
                  each list a string of base-32 digits (see `encode`);
- `f/<term>.js` — the complete postings of a frequent term, whose shard entry
                  only keeps its best-weighted `HEAD` documents;
- `d/<n>.js`    — document records `n*DOC_SHARD .. (n+1)*DOC_SHARD-1`: kind,
                  title, url#anchor, context line, snippet.

Every file calls `kbSearch.<kind>(key, data)`; `templates/static/javascripts/kb-search.js`
defines those and does the querying. A posting's weight is computed here, so
the browser ranks by adding integers.
"""

from __future__ import annotations

import functools
import hashlib
import heapq
import json
import math
import re
import shutil
import unicodedata
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from kb import urls
from kb.model import RuleKind, natural_key, rule_kind, section_of
from kb.store import KnowledgeBase

INDEX_DIR = "search/kb-index"
FORMAT_VERSION = 2
# Documents per document shard: the first page of results needs the records of
# up to 10 documents; small shards keep that to a few kilobytes each.
DOC_SHARD = 16
# A term shard is split by a longer prefix once its JavaScript exceeds this size.
TERM_SHARD_BYTES = 24_000
# Postings kept in a term's shard entry; a term in more documents also gets a
# file of its own with all of them, loaded only when the head is not enough.
HEAD = 300
SNIPPET_CHARS = 280

# Words too common to help find anything; the browser drops them from queries too
# (it reads this list from meta.js, so the two sides cannot disagree).
_STOP_WORDS_TEXT = """
a an and are as at be by for from has have if in into is it its of on or that the their
them then there these this those to was were which will with
"""
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split())

# Field weights: a match in a record's own name outranks one in its text; an
# alias (a glossary term whose definition points at the rule) sits in between.
TITLE, ALIAS, CONTEXT, BODY = 10.0, 5.0, 1.5, 1.0
# Extra weight when the term is the whole title ("605", "Historic", "Opt").
WHOLE_TITLE = 6.0
# Parent rule texts this short are titles ("702.10. Haste") worth giving to children.
SHORT_TITLE_WORDS = 6

_TOKEN = re.compile(r"\d+(?:\.\d+[a-z]?)?|[a-z0-9]+")
_FOLD = str.maketrans({"æ": "ae", "œ": "oe", "ß": "ss", "’": "", "'": "", "‘": ""})
# Dashes and double quotes separate words whether or not they are folded;
# folded, a type line ("Creature — Elf") or a quoting rule stays ASCII and
# takes normalize's fast path.
_FOLD_TO_ASCII = _FOLD | str.maketrans({"—": " ", "–": " ", "“": " ", "”": " "})


def normalize(text: str) -> str:
    """Lower-case ASCII: accents dropped, apostrophes removed ("Lim-Dûl's" -> "lim-duls")."""
    folded = text.lower().translate(_FOLD_TO_ASCII)
    # Most text is ASCII once its apostrophes, dashes and quotes are gone (NFKD
    # leaves all of those alone, and tokens() splits words at them either way):
    # decomposing it character by character was a third of the build time.
    if folded.isascii():
        return folded
    text = unicodedata.normalize("NFKD", text.lower()).translate(_FOLD)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A light plural stemmer (Harman's S-stemmer), so "creatures" finds "creature".

    Light on purpose: rule text is precise, and an aggressive stemmer would merge
    terms a judge keeps apart. Numbers and short words are left alone. Cached:
    the same few thousand words make up most of the text.
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and not word.endswith(("eies", "aies")):
        return word[:-3] + "y"
    if word.endswith("es") and not word.endswith(("aes", "ees", "oes")):
        return word[:-1]
    if word.endswith("s") and not word.endswith(("us", "ss")):
        return word[:-1]
    return word


def tokens(text: str) -> list[str]:
    """The index terms of a text, in order: rule numbers ("302.6", "107.3i") stay whole."""
    return [stem(t) for t in _TOKEN.findall(normalize(text)) if t not in STOP_WORDS]


@dataclass
class Document:
    """One search result: a rule, glossary term, card or ruling, at its own anchor."""

    kind: str  # "rule", "glossary", "card", "ruling"
    title: str
    url: str
    context: str  # shown above the snippet: the rule's section, the ruling's card …
    snippet: str
    fields: dict[float, list[str]] = field(default_factory=dict)  # weight -> texts

    def record(self) -> list[str]:
        return [self.kind, self.title, self.url, self.context, _shorten(self.snippet)]


def documents(kb: KnowledgeBase) -> Iterator[Document]:
    """Every searchable record, ordered so that records found together share a document shard.

    A generator: the index is built in one pass over 100,000 documents, none of which is kept.
    """
    aliases = _glossary_aliases(kb)
    # Without a CR release, the rules that content cites still have pages (listing who cites them).
    numbers = sorted(set(kb.rules) | set(kb.links.backlinks), key=natural_key)
    for number in numbers:
        yield _rule_document(kb, number, aliases.get(number, []))
    for term_id in sorted(kb.glossary):
        yield _glossary_document(kb, term_id)
    for ruling in sorted(kb.rulings.values(), key=lambda r: r.id):
        if ruling.is_general:
            yield _ruling_document(kb, ruling.id)
    for card in sorted(kb.cards.values(), key=lambda c: c.name.lower()):
        # A card and its rulings side by side: searching a card's name finds both.
        yield _card_document(kb, card.id)
        for ruling in kb.card_rulings(card.id):
            if not ruling.is_general:
                yield _ruling_document(kb, ruling.id)


def _glossary_aliases(kb: KnowledgeBase) -> dict[str, list[str]]:
    """Rule number -> names of the glossary terms whose definition links to it.

    This is how "summoning sickness" finds rule 302.6: the glossary entry
    "Summoning Sickness Rule" says "See rule 302.6". No synonym list involved.
    """
    aliases: dict[str, list[str]] = defaultdict(list)
    for term in kb.glossary.values():
        for span in kb.links.spans.get(("glossary", term.id), []):
            if span.target.kind == "rule":
                aliases[span.target.id].append(term.term)
    return aliases


def _rule_document(kb: KnowledgeBase, number: str, aliases: list[str]) -> Document:
    kind = rule_kind(number)
    section = section_of(number)
    rule = kb.rules.get(number)
    if rule is None:
        cites = len(kb.cited_by(number))
        return Document("rule", number, urls.rule_url(number), "", f"Cited by {cites}", {TITLE: [number]})
    if kind in (RuleKind.CHAPTER, RuleKind.SECTION):
        # A chapter or section's text is its title: "302" and "Creatures" are both its name.
        return Document(
            "rule", f"{number}. {rule.text}", urls.rule_url(number), "", "", {TITLE: [number, rule.text], ALIAS: aliases}
        )
    section_rule = kb.rules.get(section or "")
    context = f"{section}. {section_rule.text}" if section_rule else ""
    parent = kb.rules.get(number[:-1]) if kind is RuleKind.SUBRULE else None
    # A subrule of "702.10. Haste" is about haste even when its text never says so.
    parent_title = parent.text if parent and len(parent.text.split()) <= SHORT_TITLE_WORDS else ""
    body = " ".join((rule.text, *rule.examples))
    return Document(
        "rule",
        number,
        urls.rule_url(number),
        context,
        rule.text,
        {TITLE: [number], ALIAS: aliases, CONTEXT: [context.partition(". ")[2], parent_title], BODY: [body]},
    )


def _glossary_document(kb: KnowledgeBase, term_id: str) -> Document:
    term = kb.glossary[term_id]
    return Document("glossary", term.term, urls.glossary_url(term_id), "", term.text, {TITLE: [term.term], BODY: [term.text]})


def _card_document(kb: KnowledgeBase, card_id: str) -> Document:
    card = kb.cards[card_id]
    names = [card.name, *(face.name for face in card.faces), card.short_name or ""]
    texts = [card.type_line, card.oracle_text, *(f"{f.type_line} {f.oracle_text}" for f in card.faces)]
    return Document("card", card.name, urls.card_url(card_id), card.type_line, card.oracle_text, {TITLE: names, BODY: texts})


def _ruling_document(kb: KnowledgeBase, ruling_id: str) -> Document:
    ruling = kb.rulings[ruling_id]
    url = urls.ruling_url(ruling)
    if ruling.card:
        card = kb.cards[ruling.card]
        day = ruling.date.isoformat() if ruling.date else "undated"
        return Document(
            "ruling", f"{card.name} — ruling {day}", url, card.name, ruling.text, {CONTEXT: [card.name], BODY: [ruling.text]}
        )
    explains = ", ".join(ruling.rules)
    context = f"General ruling · rule {explains}" if explains else "General ruling"
    return Document(
        "ruling", _shorten(ruling.text, 70), url, context, ruling.text, {CONTEXT: list(ruling.rules), BODY: [ruling.text]}
    )


def _shorten(text: str, limit: int = SNIPPET_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


# --- weights ---------------------------------------------------------------------


# A term's postings: document numbers in increasing order, and their weights.
Postings = tuple[array, array]


def postings(docs: Iterable[Document]) -> dict[str, Postings]:
    """Term -> (document numbers, integer weights), in document order.

    Weight = field-weighted, saturating term frequency (BM25-like: a tenth
    mention adds little) times the term's inverse document frequency, plus a
    bonus when the term is a record's whole title. Integers keep shards small.

    The full knowledge base has millions of postings: they are kept in arrays
    of machine numbers (4 and 8 bytes each, not a tuple of two Python ints),
    and the idf, known only once every document is counted, turns the
    term-frequency scores into weights in place.
    """
    collected: dict[str, tuple[array, array]] = {}
    total = 0
    for number, doc in enumerate(docs):
        total += 1
        for term, score in _scores(doc).items():
            found = collected.get(term)
            if found is None:
                found = collected[term] = (array("I"), array("d"))
            found[0].append(number)
            found[1].append(score)
    index: dict[str, Postings] = {}
    for term, (numbers, scores) in collected.items():
        factor = math.log(1 + total / len(numbers)) * 4
        # `or 1`: no posting weighs nothing (round() gives 0 below one half).
        index[term] = (numbers, array("I", [round(score * factor) or 1 for score in scores]))
    return index


def _scores(doc: Document) -> dict[str, float]:
    """Term -> field-weighted, saturating term frequency in one document (before idf)."""
    scores: dict[str, float] = {}
    for weight, texts in doc.fields.items():
        terms: list[str] = []
        for text in texts:
            terms += tokens(text)
        for term, tf in Counter(terms).items():
            scores[term] = scores.get(term, 0.0) + weight * (tf * 2.2) / (tf + 1.2)
    title_terms = [t for text in doc.fields.get(TITLE, [])[:1] for t in tokens(text)]
    if len(title_terms) == 1:
        scores[title_terms[0]] += WHOLE_TITLE
    return scores


# --- shards ----------------------------------------------------------------------


def term_shards(index: dict[str, Postings]) -> dict[str, list[str]]:
    """Shard key -> its terms. A term belongs to the longest key that is a prefix of it.

    Keys start as two-character prefixes; a shard over `TERM_SHARD_BYTES` is
    split by one more character, its shorter terms staying in the parent key.
    """
    shards: dict[str, list[str]] = {}
    pending: list[tuple[str, list[str]]] = []
    groups: dict[str, list[str]] = defaultdict(list)
    for term in index:
        groups[term[:2]].append(term)
    pending.extend(groups.items())
    while pending:
        key, terms = pending.pop()
        size = sum(_entry_size(index[t]) for t in terms)
        longer = [t for t in terms if len(t) > len(key)]
        if size <= TERM_SHARD_BYTES or not longer:
            shards[key] = sorted(terms)
            continue
        children: dict[str, list[str]] = defaultdict(list)
        for term in longer:
            children[term[: len(key) + 1]].append(term)
        pending.extend(children.items())
        rest = [t for t in terms if len(t) <= len(key)]
        if rest:
            shards[key] = rest
    return dict(sorted(shards.items()))


def _entry_size(plist: Postings) -> int:
    """Approximate bytes of a term's shard entry (its head only, for a frequent term).

    Estimated as JSON numbers, as postings were once written: encoded they take
    about half of it, so shards are smaller than TERM_SHARD_BYTES, and split
    where they were when the query figures of bench/bench_web_search.py were set.
    """
    return 12 + 9 * min(len(plist[0]), HEAD)


def encode(plist: Postings) -> str:
    """(documents, weights) in document order -> doc gap, weight, doc gap, weight, … as variable-length digits.

    Each number is written in base 32, least significant digit first: a
    digit that more digits follow is a character from "0" (0) to "O" (31), the
    last one from "]" (0) to "|" (31) (ranges without '"' or '\\', so JSON
    keeps them as they are). Most gaps and weights take one or two characters
    where JSON spent three or four with the comma: postings take half the
    bytes, gzipped a tenth less. kb-search.js's `decode` reads them.
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


def head(plist: Postings) -> Postings:
    """A frequent term's best-weighted postings, back in document order."""
    numbers, weights = plist
    # Positions of the heaviest; nlargest keeps equal weights in position (= document) order.
    best = sorted(heapq.nlargest(HEAD, range(len(numbers)), key=weights.__getitem__))
    return array("I", [numbers[i] for i in best]), array("I", [weights[i] for i in best])


def term_file(term: str) -> str:
    """File name of a term's full postings: terms are [a-z0-9.], so '_' is free for '.'."""
    return term.replace(".", "_")


def _js(call: str, key: str | int, data: object) -> str:
    # Compact JSON is valid JavaScript; the call registers the data with kb-search.js.
    return f"kbSearch.{call}({json.dumps(key)},{json.dumps(data, ensure_ascii=False, separators=(',', ':'))});\n"


class _IndexWriter:
    """Writes the index files as they are made, and hashes them into the index's version."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.digest = hashlib.sha256()
        self.documents = 0
        for folder in ("t", "f", "d"):
            (root / folder).mkdir(parents=True, exist_ok=True)

    def write(self, path: str, text: str) -> None:
        data = text.encode()
        self.digest.update(path.encode())
        self.digest.update(data)
        with open(self.root / path, "wb") as f:
            f.write(data)

    def document_shards(self, docs: Iterable[Document]) -> Iterator[Document]:
        """Passes `docs` through, writing their records into document shards on the way."""
        shard: list[list[str]] = []
        for doc in docs:
            shard.append(doc.record())
            self.documents += 1
            if len(shard) == DOC_SHARD:
                self._document_shard(shard)
                shard = []
            yield doc
        if shard:
            self._document_shard(shard)

    def _document_shard(self, records: list[list[str]]) -> None:
        number = (self.documents - 1) // DOC_SHARD
        self.write(f"d/{number}.js", _js("docs", number, records))


def write_web_search(kb: KnowledgeBase, site_dir: Path) -> None:
    """on_post_build step: write the index under `site_dir/search/kb-index/`.

    One pass over the documents writes their shards and collects the postings;
    then the term shards follow, and meta.js last, since it names the version
    that hashes every other file.
    """
    target = site_dir / INDEX_DIR
    if target.exists():
        shutil.rmtree(target)
    writer = _IndexWriter(target)
    index = postings(writer.document_shards(documents(kb)))
    shards = term_shards(index)
    for key, terms in shards.items():
        entries: dict[str, list] = {}
        for term in terms:
            plist = index.pop(term)
            if len(plist[0]) > HEAD:
                entries[term] = [len(plist[0]), encode(head(plist)), 1]
                writer.write(f"f/{term_file(term)}.js", _js("full", term, encode(plist)))
            else:
                entries[term] = [len(plist[0]), encode(plist)]
        writer.write(f"t/{term_file(key)}.js", _js("terms", key, entries))
    meta = {
        "format": FORMAT_VERSION,
        # The version changes with the content, so a browser never mixes shards of two builds.
        "version": writer.digest.hexdigest()[:12],
        # Space-separated words, not JSON lists: every query loads meta.js.
        "stopWords": " ".join(sorted(STOP_WORDS)),
        "shards": " ".join(shards),
        "docs": writer.documents,
        "docShard": DOC_SHARD,
    }
    writer.write("meta.js", _js("meta", "meta", meta))


def index_size(site_dir: Path) -> int:
    """Total bytes of a written index (for the benchmark and the build summary)."""
    return sum(p.stat().st_size for p in _files(site_dir / INDEX_DIR))


def _files(root: Path) -> Iterable[Path]:
    return (p for p in root.rglob("*") if p.is_file())
