"""Writing the offline search index: `site/kb.sqlite`, read by `kb.search.SearchIndex`.

Each record is stored with its JSON API document (packed by `Packer`, so what
other columns hold is not stored twice) and the keys it is found under exactly
(rule numbers, names, ids); the words it is searched by are the postings the
site's index holds too (`kb.search_postings`), one row per term.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb import __version__
from kb.api import ApiDocuments
from kb.model import Card, GlossaryTerm, RuleKind, Ruling, slugify
from kb.search import INDEX_NAME, SCHEMA_VERSION, Packer
from kb.search_postings import BuiltSearch, build_search, encode, spelling_buckets, tiers
from kb.search_text import symbol_of
from kb.store import KnowledgeBase

# A short line without a full stop is a title ("702.10. Haste"), not a sentence.
_TITLE = re.compile(r"^[^.!?]{1,50}$")

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE records (
    rowid INTEGER PRIMARY KEY, -- the record's number in the postings, plus one
    kind TEXT NOT NULL,        -- rule, glossary, card, ruling
    id TEXT NOT NULL,
    title TEXT NOT NULL,       -- how a result is shown: "302.6 (Creatures)", "Laelia, the Blade Reforged"; a card's ruling: its date
    url TEXT,                  -- site-relative page URL (kb.urls); a card's ruling: NULL (see _shown)
    name TEXT NOT NULL,        -- what the record is called
    body TEXT NOT NULL,        -- the record's text
    context TEXT NOT NULL,     -- where it belongs (section title, the card of a ruling)
    document TEXT NOT NULL,    -- the record's JSON API document without what other columns hold (Packer)
    parent TEXT,               -- a rule's parent rule, so that "605" can list 605.1, 605.2 …; a ruling's card
    summary TEXT               -- one line to show when no words matched (a section: its first rule); NULL: the body
);
CREATE INDEX records_parent ON records (parent) WHERE kind = 'rule';
-- Exact look-ups: rule numbers as written ("107.3i"), names and ids as slugs ("laelia").
-- Every record's id is one of its keys: this is also how a record is found by kind and id.
CREATE TABLE keys (key TEXT NOT NULL, record INTEGER NOT NULL, PRIMARY KEY (key, record)) WITHOUT ROWID;
-- Postings of each term (kb.search_postings.encode): all of them, or a frequent term's first tier
-- (kb.search_postings.tiers) with the heaviest weight of each further tier ("812 406 95") in bounds;
-- in asked, the whole phrasings listed under the term (kb.search_postings.asked_phrasings), as JSON.
CREATE TABLE terms (term TEXT PRIMARY KEY, count INTEGER NOT NULL, postings TEXT NOT NULL, bounds TEXT, asked TEXT) WITHOUT ROWID;
-- A frequent term's further tiers, numbered from 1.
CREATE TABLE tiers (term TEXT NOT NULL, tier INTEGER NOT NULL, postings TEXT NOT NULL, PRIMARY KEY (term, tier)) WITHOUT ROWID;
-- Card names by suggestion shard ("la", or "lae" where "la" holds too many: kb.search_names.name_shards), in order.
CREATE TABLE names (shard TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL, url TEXT NOT NULL,
                    PRIMARY KEY (shard, position)) WITHOUT ROWID;
-- Words by their spelling keys ("su", "-ng", "-ing"; "w-d" for a 4-letter word: kb.search_rank.spelling_keys), for correcting misspellings.
CREATE TABLE spelling (key TEXT NOT NULL, term TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (key, term)) WITHOUT ROWID;
"""


def write_search_index(kb: KnowledgeBase, site_dir: Path, built: BuiltSearch | None = None) -> None:
    """Write `site_dir/kb.sqlite`; built beside it and renamed, so a reader never sees half an index.

    `built` is the content both search indexes share (`build_search`), computed here when not given.
    """
    site_dir.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=".kb-", suffix=".sqlite", dir=site_dir)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        with _connect(tmp) as db:
            db.executescript(_SCHEMA)
            _fill(db, kb, built or build_search(kb))
        db.close()
        # mkstemp makes the file private; the index is as public as the site beside it.
        tmp.chmod(0o644)
        os.replace(tmp, site_dir / INDEX_NAME)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path)
    # One writer, a throwaway file until renamed: durability on every insert only costs time.
    # 8 KB pages: a few percent smaller and faster to write than 4 KB ones for rows of this size.
    db.execute("PRAGMA page_size = 8192")
    db.execute("PRAGMA journal_mode = OFF")
    db.execute("PRAGMA synchronous = OFF")
    return db


@dataclass(frozen=True, slots=True)
class _Row:
    kind: str
    id: str
    title: str
    url: str | None
    name: str
    body: str
    context: str
    document: dict[str, Any]
    keys: tuple[str, ...]
    summary: str


def _fill(db: sqlite3.Connection, kb: KnowledgeBase, built: BuiltSearch) -> None:
    document = kb.rules_document
    meta = {
        "schema": str(SCHEMA_VERSION),
        "kb_version": __version__,
        "effective_date": document.effective_date.isoformat() if document else "",
        "topics": json.dumps(built.topics),
        "headings": json.dumps(built.headings),
    }
    keys: list[tuple[str, int]] = []
    packer = Packer()

    def records() -> Iterator[tuple[object, ...]]:
        # Rows are streamed into executemany: 100,000 of them are never all in memory.
        for rowid, row in enumerate(_rows(kb, built.refs), start=1):
            keys.extend((key, rowid) for key in row.keys if key)
            summary = row.summary[:300]
            yield (
                rowid,
                row.kind,
                row.id,
                row.title,
                row.url,
                row.name,
                row.body,
                row.context,
                packer.pack(row.kind, row.document),
                row.document.get("parent") if row.kind == "rule" else row.document.get("card"),
                None if summary == row.body[:300] else summary,
            )

    db.executemany("INSERT INTO records VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", records())
    db.executemany("INSERT OR IGNORE INTO keys VALUES (?, ?)", keys)
    meta.update({f"fields:{kind}": json.dumps(fields) for kind, fields in packer.fields.items()})
    db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
    further: list[tuple[str, int, str]] = []
    db.executemany("INSERT INTO terms VALUES (?, ?, ?, ?, ?)", _terms(built, further))
    db.executemany("INSERT INTO tiers VALUES (?, ?, ?)", further)
    db.executemany(
        "INSERT INTO names VALUES (?, ?, ?, ?)",
        ((shard, position, name, url) for shard, names in built.names.items() for position, (name, url) in enumerate(names)),
    )
    db.executemany(
        "INSERT INTO spelling VALUES (?, ?, ?)",
        ((k, w, n) for k, words in spelling_buckets(built.index, built.words) for w, n in words),
    )


def _terms(built: BuiltSearch, further: list[tuple[str, int, str]]) -> Iterator[tuple[str, int, str, str | None, str | None]]:
    """Rows of the terms table; a frequent term's further tiers are added to `further`."""
    for term in sorted(built.index):
        plist = built.index[term]
        parts, bounds = tiers(plist)
        further.extend((term, number, encode(part)) for number, part in enumerate(parts[1:], start=1))
        asked = built.asked.get(term)
        yield term, len(plist[0]), encode(parts[0]), " ".join(map(str, bounds)) or None, json.dumps(asked) if asked else None


def _rows(kb: KnowledgeBase, refs: list[tuple[str, str]]) -> Iterator[_Row]:
    """A row per searchable record, in the order of the postings' record numbers."""
    api = ApiDocuments(kb)
    for kind, record_id in refs:
        if kind == "rule":
            yield _rule_row(kb, api.rule(record_id))
        elif kind == "glossary":
            term = kb.glossary[record_id]
            yield _term_row(term, api.term(term), _players_names(kb, "glossary", record_id))
        elif kind == "card":
            card = kb.cards[record_id]
            yield _card_row(card, api.card(card, embed_rulings=False))
        else:
            ruling = kb.rulings[record_id]
            yield _ruling_row(kb, ruling, api.ruling(ruling))


def _rule_row(kb: KnowledgeBase, doc: dict[str, Any]) -> _Row:
    number = doc["number"]
    # Without a release loaded, a cited rule has no text: it is found by number, and shows who cites it.
    text = doc["text"] or ""
    section_title = doc["section_title"] or ""
    heading = doc["kind"] in (RuleKind.CHAPTER.value, RuleKind.SECTION.value)
    is_title = heading or bool(_TITLE.match(text))
    # "605. Mana Abilities" reads as a heading; "302.6 (Creatures)" tells where a rule belongs.
    title = number
    if heading and text:
        title = f"{number}. {text}"
    elif section_title and not heading:
        title = f"{number} ({section_title})"
    return _Row(
        kind="rule",
        id=number,
        title=title,
        url=doc["url"],
        # A chapter's, section's or keyword's text is its name ("Mana Abilities", "Haste").
        name=text if is_title else "",
        body="" if is_title else "\n".join((text, *doc["examples"])),
        context=section_title if doc["section"] != number else "",
        document=doc,
        keys=(number, slugify(text) if is_title else "", *_players_names(kb, "rule", number)),
        # A title says nothing new next to the number: its first rule tells what it is about.
        summary=(_first_rule_text(kb, doc["children"]) if is_title else text) or "(rule text not loaded)",
    )


def _first_rule_text(kb: KnowledgeBase, children: list[str]) -> str:
    for number in children:
        rule = kb.rules.get(number)
        if rule is not None and not _TITLE.match(rule.text):
            return f"{number} {rule.text}"
    return ""


def _term_row(term: GlossaryTerm, doc: dict[str, Any], names: list[str]) -> _Row:
    return _Row("glossary", term.id, term.term, doc["url"], term.term, term.text, "", doc, (term.id, *names), summary=term.text)


def _players_names(kb: KnowledgeBase, kind: str, record_id: str) -> list[str]:
    """What players call a record (content/search/aliases.yaml), as keys of its name: `kb show LKI`, `kb show {2}`.

    A symbol is its own key ("{2}", "[+1]"); another name without a letter ("21") is left out: numbers name rules.
    """
    keys = (symbol_of(name) or slugify(name) for name in kb.aliases.get((kind, record_id), []))
    return [key for key in keys if any(ch.isalpha() for ch in key) or key.startswith(("{", "["))]


def _card_row(card: Card, doc: dict[str, Any]) -> _Row:
    other_names = [card.short_name or "", *(face.name for face in card.faces)]
    body = "\n".join(
        part for part in (card.type_line, card.oracle_text, *(f"{f.type_line}\n{f.oracle_text}" for f in card.faces)) if part
    )
    return _Row(
        kind="card",
        id=card.id,
        title=card.name,
        url=doc["url"],
        name=card.name,
        body=body,
        context="",
        document=doc,
        keys=(card.id, *(slugify(n) for n in (card.name, *other_names) if n)),
        summary=body,
    )


def _ruling_row(kb: KnowledgeBase, ruling: Ruling, doc: dict[str, Any]) -> _Row:
    if ruling.card is not None and ruling.card in kb.cards:
        # Shown as "<card> — ruling of <date>" at "<card page>#<id>" (see _shown): only the date is stored.
        card_name = kb.cards[ruling.card].name
        title, url = (ruling.date.isoformat() if ruling.date else "undated"), None
    else:
        card_name = ""
        title, url = f"General ruling {ruling.id}", doc["url"]
    return _Row("ruling", ruling.id, title, url, "", ruling.text, card_name, doc, (ruling.id,), summary=ruling.text)
