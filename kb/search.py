"""The offline search index (one SQLite file beside the site) and its queries.

`kb.search_index.write_search_index` runs at the end of a build and writes `site/kb.sqlite`;
`SearchIndex` answers `kb search` and `kb show` from that file alone, so the
file can be copied anywhere and queried without the sources.

Ranking, in tiers: a record named exactly (a rule number, a card or glossary
name) comes first; then records whose *name* matches the words (a card's name,
a glossary term, a section title, and a rule's aliases: the glossary terms that
send the reader to it with "See rule …"); then records whose text matches all
the words; then, to fill up, records matching any word. Inside a tier, FTS5's
bm25 orders the matches. FTS5's tokenizer splits "302.6" into "302" and "6",
so numbers are looked up exactly in a table of their own before any full text.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml

from kb import urls
from kb.errors import KbError
from kb.model import slugify, transliterate

INDEX_NAME = "kb.sqlite"
# Bump when the tables change: an index of another schema is rebuilt, not misread.
SCHEMA_VERSION = 2


# FTS5 column weights for bm25, in column order (name, aliases, body, context):
# a word in a record's name says much more about what the record is than the
# same word somewhere in a paragraph.
_WEIGHTS = (10.0, 6.0, 1.0, 0.5)


# A record's one-line summary: its own, or else the start of its body (see the schema).
_SUMMARY = "substr(coalesce(r.summary, r.body), 1, 300)"

# The columns that `_shown` makes a record's title and URL of.
_SHOWN = "r.kind, r.id, r.title, r.url, r.parent, r.context"

# Results of equal rank are shown in this order of kinds.
_KIND_ORDER = {"rule": 0, "glossary": 1, "card": 2, "ruling": 3}
# Exact names: a term's definition or a card is likelier what a name means than a keyword's rule.
_EXACT_ORDER = {"glossary": 0, "card": 1, "rule": 2, "ruling": 3}

_RULE_NUMBER = re.compile(r"^(?:\d{3}(?:\.\d+[a-z]?)?|\d)$")
_NUMBER_IN_QUERY = re.compile(r"(?<![\w.])(\d{3}(?:\.\d+[a-z]?)?)\.?(?![\w])", re.IGNORECASE)
# A query word: letters and digits, kept together across "." and apostrophes ("302.6", "Jodah's").
_WORD = re.compile(r"\w+(?:[.'’]\w+)*")
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
    match: str  # why it was found: "number", "name", "title", "text", "any word"

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
        try:
            config = yaml.load(config_file.read_text(encoding="utf-8"), Loader=_LenientLoader)
        except yaml.YAMLError:
            config = None
        if isinstance(config, dict) and isinstance(config.get("site_dir"), str):
            site_dir = config["site_dir"]
    # site_dir is relative to mkdocs.yml; "mkdocs.yml" in the working folder gives "site/kb.sqlite".
    return config_file.parent / site_dir / INDEX_NAME


class _LenientLoader(yaml.SafeLoader):
    """A safe loader that reads any unknown tag (mkdocs' !ENV, !relative) as plain YAML."""


_LenientLoader.add_multi_constructor("", lambda loader, suffix, node: None)


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

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> SearchIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- search ----------------------------------------------------------------

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        """The best `limit` records for `query`, best first. Any text is a valid query."""
        hits: dict[tuple[str, str], Hit] = {}

        def add(found: Iterable[Hit]) -> None:
            for hit in found:
                if len(hits) >= limit:
                    return
                hits.setdefault((hit.kind, hit.id), hit)

        words = _WORD.findall(transliterate(query))  # "Æther" is searched as "AEther", as the index holds it
        numbers = [m.lower() for m in _NUMBER_IN_QUERY.findall(query)]
        if _RULE_NUMBER.match(query.strip().rstrip(".").lower()):
            numbers = [query.strip().rstrip(".").lower()]
        for number in numbers:
            add(self._number(number, with_children=len(words) == 1))
        add(self.exact(query))
        if words and len(hits) < limit:
            add(self._full_text(_fts_all(words, prefix=not query.endswith(" ")), limit, columns="name aliases", match="name"))
        if words and len(hits) < limit:
            add(self._full_text(_fts_all(words, prefix=not query.endswith(" ")), limit, columns=None, match="text"))
        if len(words) > 1 and len(hits) < limit:
            add(self._full_text(_fts_any(words), limit, columns=None, match="any word"))
        return list(hits.values())

    def exact(self, query: str) -> list[Hit]:
        """Records whose number, id or name is `query` (case, accents and punctuation aside)."""
        number = query.strip().rstrip(".").lower()
        if _RULE_NUMBER.match(number):
            return self._lookup(number, "number")
        key = slugify(query)
        return sorted(self._lookup(key, "name"), key=lambda h: _EXACT_ORDER[h.kind]) if key else []

    def _number(self, number: str, with_children: bool) -> list[Hit]:
        """The rule with this number (and its direct children); else its nearest existing ancestor."""
        candidate: str | None = number
        while candidate:
            found = self._lookup(candidate, "number")
            if found:
                if with_children and candidate == number:
                    found += self._children(candidate)
                return found
            candidate = _parent(candidate)
        return []

    def _lookup(self, key: str, match: str) -> list[Hit]:
        rows = self.db.execute(
            f"SELECT {_SHOWN}, {_SUMMARY} FROM keys k JOIN records r ON r.rowid = k.record WHERE k.key = ? ORDER BY r.rowid",
            (key,),
        )
        return [_hit(row, row[-1], match) for row in rows]

    def _children(self, number: str) -> list[Hit]:
        rows = self.db.execute(
            f"SELECT {_SHOWN}, {_SUMMARY} FROM records r WHERE r.parent = ? AND r.kind = 'rule' ORDER BY r.rowid",
            (number,),
        )
        return [_hit(row, row[-1], "number") for row in rows]

    def _full_text(self, expression: str, limit: int, columns: str | None, match: str) -> list[Hit]:
        if columns:
            expression = f"{{{columns}}} : ({expression})"
        weights = ", ".join(str(w) for w in _WEIGHTS)
        kind_order = " ".join(f"WHEN '{k}' THEN {v}" for k, v in _KIND_ORDER.items())
        # snippet() of the body column; a record whose body is empty (a section) shows its name.
        sql = (
            f"SELECT {_SHOWN}, "
            f"snippet(records_fts, 2, '{MARK_START}', '{MARK_END}', '…', 14), {_SUMMARY} "
            "FROM records_fts JOIN records r ON r.rowid = records_fts.rowid "
            f"WHERE records_fts MATCH ? ORDER BY bm25(records_fts, {weights}), CASE r.kind {kind_order} END, r.rowid LIMIT ?"
        )
        try:
            rows = self.db.execute(sql, (expression, limit)).fetchall()
        except sqlite3.OperationalError:
            # The expression is built from quoted words only; should FTS5 still refuse it, no result beats a crash.
            return []
        return [_hit(row, row[-2] or row[-1], match) for row in rows]

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
        if kind == "rule":
            return urls.rule_url(record_id)
        if kind == "glossary":
            return urls.glossary_url(record_id)
        if kind == "card":
            return urls.card_url(record_id)
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


def _parent(number: str) -> str | None:
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".")[0]
    return None


def _fts_phrase(word: str) -> str:
    # A word becomes a quoted FTS5 string: quotes, '-', '*', AND/OR/NOT/NEAR and
    # column names in user input are then plain text, never syntax. Dots and
    # apostrophes inside a word ("302.6", "Jodah's") make a phrase of its parts.
    return '"' + " ".join(re.findall(r"\w+", word)) + '"'


def _fts_all(words: list[str], prefix: bool) -> str:
    """Every word must occur; the last one may be the start of a word (as typed so far)."""
    terms = [_fts_phrase(w) for w in words]
    if prefix:
        terms[-1] += "*"
    return " ".join(terms)


def _fts_any(words: list[str]) -> str:
    return " OR ".join(_fts_phrase(w) for w in words)


def _one_line(text: str) -> str:
    # A card's type line and its abilities are separate lines; keep them apart on one line.
    return " · ".join(" ".join(line.split()) for line in text.splitlines() if line.strip())
