"""The offline search index (one SQLite file beside the site) and its queries.

`kb.search_index.write_search_index` runs at the end of a build and writes `site/kb.sqlite`;
`SearchIndex` answers `kb search` and `kb show` from that file alone, so the
file can be copied anywhere and queried without the sources.

A search ranks the postings the file holds with `kb.search_rank`, the ranking
the site's search runs in the browser over the same postings: a query finds
the same records in the same order in `kb search` and on the site.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from kb import urls
from kb.errors import KbError
from kb.model import slugify
from kb.search_names import suggested
from kb.search_rank import Entry, Ranker, Topic, Word
from kb.search_text import symbol_of, tokens, written_words

INDEX_NAME = "kb.sqlite"
# Bump when the tables change: an index of another schema is rebuilt, not misread.
SCHEMA_VERSION = 10
# Card names suggested for a query, as many as the site's search box shows (kb-search.js's SUGGESTIONS).
SUGGESTIONS = 6


# A record's one-line summary: its own, or else the start of its body (see the schema).
_SUMMARY = "substr(coalesce(r.summary, r.body), 1, 300)"

# The columns that `_shown` makes a record's title and URL of.
_SHOWN = "r.kind, r.id, r.title, r.url, r.parent, r.context"

# Exact names: a term's definition or a card is likelier what a name means than a keyword's rule.
_EXACT_ORDER = {"glossary": 0, "card": 1, "rule": 2, "ruling": 3}

_RULE_NUMBER = re.compile(r"^(?:\d{3}(?:\.\d+[a-z]?)?|\d)$")
# Words shown on either side of the first matched word in a snippet.
_SNIPPET_WORDS = 14
# snippet() marks the matched words with these; the CLI turns them into colour or nothing.
MARK_START, MARK_END = "\x02", "\x03"


class NoIndexError(KbError):
    """There is no usable search index at the given path."""


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result."""

    kind: str
    id: str
    title: str
    url: str
    snippet: str  # one line; matched words between MARK_START and MARK_END
    match: str  # why it was found: "number", "name" (all words in its name), "text" (all words), "any word"

    def as_json(self) -> dict[str, str]:
        data = asdict(self)
        data["snippet"] = strip_marks(self.snippet)
        return data


def strip_marks(text: str) -> str:
    return text.replace(MARK_START, "").replace(MARK_END, "")


# The fields of a stored document that its row holds in a column of its own,
# by kind; `SearchIndex.document` takes them from there (see _COLUMN_OF).
_OMITTED = {
    "rule": ("number", "url"),
    "glossary": ("id", "term", "text", "url"),
    "card": ("id", "name", "url"),
    "ruling": ("card", "id", "text", "url"),
}
# Document field -> the column that holds its value.
_COLUMN_OF = {"card": "parent", "id": "id", "number": "id", "term": "name", "name": "name", "text": "body", "url": "url"}


class Packer:
    """Stores API documents without the copies that `SearchIndex.document` puts back.

    Left out: the fields in _OMITTED; the url of every link and citation (each
    is a record with its own row), which become [kind, id] pairs; and the field
    names: every document of a kind has the same fields, listed once in the
    meta table, so a document is a JSON array of values. A card's `rulings`
    are already ids (see `_rows`): embedding the rulings' documents stored each
    one twice, and a general ruling once per card. Copies were 3/4 of the file.
    """

    def __init__(self) -> None:
        self.fields: dict[str, list[str]] = {}

    def pack(self, kind: str, document: dict[str, Any]) -> str:
        fields = self.fields.get(kind)
        if fields is None:
            fields = self.fields[kind] = sorted(set(document) - set(_OMITTED[kind]))
        elif len(document) != len(fields) + len(_OMITTED[kind]):
            raise ValueError(f"the {kind} documents do not all have the same fields")
        values = [document[field] for field in fields]
        for i, field in enumerate(fields):
            if field in ("links", "cited_by"):
                values[i] = [[link["kind"], link["id"]] for link in values[i]]
        return json.dumps(values, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _shown(kind: str, record_id: str, title: str, url: str | None, parent: str | None, context: str) -> tuple[str, str]:
    """A record's title and URL from its row.

    A card's 72,000 rulings would spell out "<card name> — ruling of <date>"
    and "cards/<card>.html#<id>" in full, a tenth of the file: their rows hold
    the date as title, the card's id as parent and its name as context.
    """
    if kind == "ruling" and url is None:
        return f"{context} — ruling of {title}", f"{urls.card_url(parent or '')}#{record_id}"
    return title, url or ""


def _hit(row: tuple[Any, ...], snippet: str, match: str) -> Hit:
    """A Hit from a row that starts with the _SHOWN columns."""
    kind, record_id = row[0], row[1]
    title, url = _shown(*row[:6])
    return Hit(kind, record_id, title, url, _one_line(snippet), match)


# --- querying ------------------------------------------------------------------------


def default_index(config_file: Path) -> Path:
    """SITE_DIR/kb.sqlite for the project of `config_file`; site/kb.sqlite without one.

    Only `site_dir` is read from mkdocs.yml, with a YAML loader that tolerates
    mkdocs' own tags (!ENV …): loading mkdocs and its theme would cost more
    than the query itself.
    """
    site_dir = "site"
    if config_file.is_file():
        import yaml  # here, not at the top: `kb search --index FILE` never reads YAML

        class LenientLoader(yaml.SafeLoader):
            """A safe loader that reads any unknown tag (mkdocs' !ENV, !relative) as plain YAML."""

        LenientLoader.add_multi_constructor("", lambda loader, suffix, node: None)
        try:
            config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=LenientLoader)
        except yaml.YAMLError:
            config = None
        if isinstance(config, dict) and isinstance(config.get("site_dir"), str):
            site_dir = config["site_dir"]
    # site_dir is relative to mkdocs.yml; "mkdocs.yml" in the working folder gives "site/kb.sqlite".
    return config_file.parent / site_dir / INDEX_NAME


class SearchIndex:
    """A read-only connection to one search index."""

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            raise NoIndexError(f"no search index at {path}: run kb build first")
        self.path = path
        # Read-only: a query must never create or change the file.
        self.db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            meta = dict(self.db.execute("SELECT key, value FROM meta"))
        except sqlite3.DatabaseError:
            self.db.close()
            raise NoIndexError(f"{path} is not a kb search index: run kb build again") from None
        if meta.get("schema") != str(SCHEMA_VERSION):
            self.db.close()
            raise NoIndexError(f"the search index at {path} was written by another version of kb: run kb build again")
        self.meta = meta
        # Read once, used by every query.
        self.topics: list[Topic] = [tuple(topic) for topic in json.loads(meta["topics"])]
        self.headings = frozenset(json.loads(meta["headings"]))

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> SearchIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- search ----------------------------------------------------------------

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        """The best `limit` records for `query`, best first. Any text is a valid query."""
        return self.query(query, limit).hits

    def query(self, query: str, limit: int = 10) -> Results:
        """`search`, and the words a misspelling was corrected to (for "showing results for …")."""
        ranking = Ranker(self.postings()).rank(query)
        words = ranking.words
        top = ranking.ranked[:limit]
        rows = {}
        if top:
            marks = ",".join("?" * len(top))
            sql = f"SELECT r.rowid, {_SHOWN}, r.name, coalesce(r.summary, r.body) FROM records r WHERE r.rowid IN ({marks})"
            rows = {row[0]: row[1:] for row in self.db.execute(sql, [doc + 1 for doc, _, _ in top])}
        hits = []
        for doc, matched, _ in top:
            row = rows[doc + 1]
            hits.append(_hit(row, _snippet(row[-1], words), _match(row, words, matched)))
        return Results(hits, ranking.corrections)

    def suggest(self, query: str, most: int = SUGGESTIONS) -> list[tuple[str, str]]:
        """(name, url) of the cards whose name starts with `query`, as the site suggests them while it is typed."""

        def shard(key: str) -> list[list[str]] | None:
            rows = self.db.execute("SELECT name, url FROM names WHERE shard = ? ORDER BY position", (key,)).fetchall()
            return [list(row) for row in rows] or None

        return [(name, url) for name, url in suggested(shard, query, most)]

    def postings(self) -> _StoredPostings:
        """The file's terms, as the ranker reads them."""
        return _StoredPostings(self.db, self.topics, self.headings)

    def exact(self, query: str) -> list[Hit]:
        """Records whose number, id or name is `query` (case, accents and punctuation aside)."""
        number = query.strip().rstrip(".").lower()
        if _RULE_NUMBER.match(number):
            return self._lookup(number, "number")
        key = slugify(query)
        # A symbol is first looked up as written ("{2}": generic mana), and never as the bare number of a chapter.
        symbol = symbol_of(query)
        if symbol:
            found = self._lookup(symbol, "name")
            if found or not any(ch.isalpha() for ch in key):
                return self._by_kind(found)
        found = self._lookup(key, "name") if key else []
        written = "-".join(written_words(query))
        if not found and written and written != key:
            # As both searches read it: "E.T.B." is "etb", which a slug would cut into letters.
            found = self._lookup(written, "name")
        return self._by_kind(found)

    @staticmethod
    def _by_kind(hits: list[Hit]) -> list[Hit]:
        return sorted(hits, key=lambda h: _EXACT_ORDER[h.kind])

    def _lookup(self, key: str, match: str) -> list[Hit]:
        rows = self.db.execute(
            f"SELECT {_SHOWN}, {_SUMMARY} FROM keys k JOIN records r ON r.rowid = k.record WHERE k.key = ? ORDER BY r.rowid",
            (key,),
        )
        return [_hit(row, row[-1], match) for row in rows]

    # --- records ---------------------------------------------------------------

    def document(self, kind: str, record_id: str) -> dict[str, Any] | None:
        """A record's JSON API document, as `write_api` writes it (a card with its rulings' documents)."""
        row = self._record(f"{_SHOWN}, r.name, r.body, r.document", kind, record_id)
        if row is None:
            return None
        # Put back what Packer left out.
        *shown, name, body, packed = row
        columns = {"id": record_id, "name": name, "body": body, "parent": shown[4], "url": _shown(*shown)[1]}
        document: dict[str, Any] = dict(zip(json.loads(self.meta[f"fields:{kind}"]), json.loads(packed), strict=True))
        document.update({field: columns[_COLUMN_OF[field]] for field in _OMITTED[kind]})
        for key in ("links", "cited_by"):
            if key in document:
                document[key] = [{"kind": k, "id": i, "url": self._url(k, i)} for k, i in document[key]]
        if kind == "card":
            document["rulings"] = [self.document("ruling", ruling_id) for ruling_id in document["rulings"]]
        return document

    def _record(self, columns: str, kind: str, record_id: str) -> tuple[Any, ...] | None:
        """The given columns of one record; found through its id's key, which needs no index of (kind, id)."""
        sql = f"SELECT {columns} FROM keys k JOIN records r ON r.rowid = k.record WHERE k.key = ? AND r.kind = ? AND r.id = ?"
        return self.db.execute(sql, (record_id, kind, record_id)).fetchone()

    def _url(self, kind: str, record_id: str) -> str:
        if kind != "ruling":
            return urls.record_url(kind, record_id)
        # A ruling's page is its card's (or the general rulings'): its row knows which.
        row = self._record(_SHOWN, kind, record_id)
        return _shown(*row)[1] if row else ""

    def labels(self, records: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
        """One-line labels of the given (kind, id) records that exist: a rule's number and text, else the title."""
        found: dict[tuple[str, str], str] = {}
        for kind, record_id in records:
            row = self._record(f"{_SHOWN}, r.name, {_SUMMARY}", kind, record_id)
            if row:
                title, name, summary = _shown(*row[:6])[0], row[6], row[7]
                found[(kind, record_id)] = f"{record_id}  {_one_line(name or summary)}" if kind == "rule" else title
        return found


@dataclass(frozen=True, slots=True)
class Results:
    """A search's hits, and the misspelt words it corrected as (typed, searched) pairs."""

    hits: list[Hit]
    corrections: list[tuple[str, str]]

    def showing_results_for(self, query: str) -> str | None:
        """The query with each corrected word replaced by its correction; None when nothing was corrected."""
        if not self.corrections:
            return None
        for typed, searched in self.corrections:
            # Two words joined into one ("battle field") may have been typed with more than one space between them.
            typed_as = re.escape(typed).replace(r"\ ", r"\s+")
            query = re.sub(rf"(?i)(?<![\w]){typed_as}(?![\w])", searched, query)
        return query.strip()


class _StoredPostings:
    """The index file's terms as `kb.search_rank.Postings`."""

    def __init__(self, db: sqlite3.Connection, topics: list[Topic], headings: frozenset[int]) -> None:
        self.db = db
        self.cache: dict[str, Entry | None] = {}
        self._topics = topics
        self._headings = headings

    def entry(self, term: str) -> Entry | None:
        if term not in self.cache:
            row = self.db.execute("SELECT count, postings, bounds, asked FROM terms WHERE term = ?", (term,)).fetchone()
            self.cache[term] = _entry(*row) if row else None
        return self.cache[term]

    def tier(self, term: str, number: int) -> str:
        return self.db.execute("SELECT postings FROM tiers WHERE term = ? AND tier = ?", (term, number)).fetchone()[0]

    def starting_with(self, prefix: str) -> Iterable[tuple[str, Entry]]:
        rows = self.db.execute(
            "SELECT term, count, postings, bounds, asked FROM terms WHERE term >= ? AND term < ?",
            (prefix, prefix + "\U0010ffff"),
        )
        return [(term, _entry(*row)) for term, *row in rows]

    def spelling(self, key: str) -> Iterable[tuple[str, int]]:
        return self.db.execute("SELECT term, count FROM spelling WHERE key = ?", (key,)).fetchall()

    def topics(self) -> list[Topic]:
        return self._topics

    def headings(self) -> frozenset[int]:
        return self._headings


def _entry(count: int, postings: str, bounds: str | None, asked: str | None) -> Entry:
    phrasings = tuple((terms, tuple(records)) for terms, records in json.loads(asked)) if asked else ()
    return Entry(count, postings, tuple(map(int, bounds.split())) if bounds else (), phrasings)


def _found(term: str, words: list[Word]) -> bool:
    return any(term == w.term or (w.prefix is not None and term.startswith(w.prefix)) for w in words)


def _match(row: tuple[Any, ...], words: list[Word], matched: int) -> str:
    """Why a record was found: its number, every word in its name, every word, or some."""
    kind, record_id, title, name = row[0], row[1], row[2], row[6]
    if kind == "rule" and any(w.term == record_id for w in words):
        return "number"
    if matched < len(words):
        return "any word"
    named = set(tokens(f"{title} {name}"))
    if all(w.term in named or (w.prefix and any(t.startswith(w.prefix) for t in named)) for w in words):
        return "name"
    return "text"


def _snippet(text: str, words: list[Word]) -> str:
    """One line of `text` around its first matched word, each matched word between MARK_START and MARK_END."""
    pieces = _one_line(text).split(" ")
    hits = [i for i, piece in enumerate(pieces) if any(_found(t, words) for t in tokens(piece))]
    if not hits:
        return " ".join(pieces)
    start = max(0, hits[0] - _SNIPPET_WORDS // 2)
    shown = [f"{MARK_START}{p}{MARK_END}" if i in hits else p for i, p in enumerate(pieces)][start : start + 2 * _SNIPPET_WORDS]
    return ("…" if start else "") + " ".join(shown) + ("…" if start + 2 * _SNIPPET_WORDS < len(pieces) else "")


def _one_line(text: str) -> str:
    # A card's type line and its abilities are separate lines; keep them apart on one line.
    return " · ".join(" ".join(line.split()) for line in text.splitlines() if line.strip())
