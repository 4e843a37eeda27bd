"""The static JSON API: one file per record under `site/api/`, plus an index.

Layout (every path relative to the site folder; ids are the records' own ids):

    api/index.json              version, effective date, counts, every id with its page URL
    api/rules/<number>.json     a rule, chapter or section: text, structure, links, cited_by
    api/glossary/<id>.json      a glossary term
    api/cards/<id>.json         a card with its rulings (own rulings first, then general ones)
    api/rulings/<id>.json       one ruling (card or general)
    api/examples/<id>.json      an executable example and its `result` (a ruling's, or the
                                counterpart of a CR example: id 'cr-<rule>-<ordinal>')
    api/history.json.gz         built with --history: every release and every version of every rule
                                (kb.history_file); a rule's document then has `history`, the
                                [release, number] of each release where it changed, newest first

A document is a plain dict built by the `*_document` functions below; the
search index stores the same dicts, so `kb show` prints exactly what the API
serves. Output is deterministic: keys sorted, lists in a stable order.

An example's `result` is null until the engine's check supplies results
(`write_api(kb, site, results=...)`); it then holds
`{"passed": bool, "rules_exercised": [...], "message": str}`.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol

from kb import __version__, cr_examples, history, urls
from kb.history_file import HISTORY_FILE, write_history_file
from kb.links import LinkTarget
from kb.model import (
    Card,
    CrExample,
    Example,
    GlossaryTerm,
    Rule,
    Ruling,
    cr_example_id,
    natural_key,
    parent_rule,
    rule_kind,
    section_of,
)
from kb.store import KnowledgeBase

# Bump when a field is renamed or removed, or its meaning changes; adding a field is compatible.
SCHEMA_VERSION = 1

JsonDocument = dict[str, Any]


class ExampleOutcome(Protocol):
    """What the example checker reports for one example; any object with these attributes fits."""

    passed: bool
    rules_exercised: Collection[str]


def write_api(kb: KnowledgeBase, site_dir: Path, results: Mapping[str, ExampleOutcome] | None = None) -> None:
    """Write every API document into `site_dir/api/`."""
    api = ApiDocuments(kb, results)
    root = site_dir / "api"
    files = _Files(root, ("rules", "glossary", "cards", "rulings", "examples"))
    for number, document in api.rules():
        files.dump("rules", number, document)
    for term_id, document in api.glossary():
        files.dump("glossary", term_id, document)

    def ruling_files(document: JsonDocument) -> None:
        files.dump("rulings", document["id"], document)
        if document["example"] is not None:
            files.dump("examples", document["example"]["id"], document["example"])

    # A card's document embeds its rulings' documents: each is built once, for
    # the card, and written to its own file from there (a ruling belongs to one
    # card; general rulings, shared by many cards, are cached by ApiDocuments).
    written: set[str] = set()
    for card_id, document in api.cards():
        files.dump("cards", card_id, document)
        for ruling in document["rulings"]:
            if ruling["id"] not in written:
                written.add(ruling["id"])
                ruling_files(ruling)
    for ruling_id in sorted(kb.rulings.keys() - written):
        ruling_files(api.ruling(kb.rulings[ruling_id]))
    for counterpart in kb.cr_examples.values():
        files.dump("examples", counterpart.id, api.cr_example(counterpart))
    _dump_streamed(api.index(), root / "index.json")
    if kb.history:
        write_history_file(kb.history, site_dir)


class _Files:
    """Writes the API's files: one per document, each encoded in one piece by json's C encoder.

    At full scale that is 100,000 files, and creating them costs more (in the
    kernel) than building and encoding the documents: each takes just the
    three system calls it needs (open, write, close), not the half dozen of a
    Python file object. A second thread writing while this one encoded was
    slower: each of its system calls then waited for the interpreter lock.
    """

    _FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)

    def __init__(self, root: Path, folders: Iterable[str]) -> None:
        self.root = root
        for folder in folders:
            (root / folder).mkdir(parents=True, exist_ok=True)

    def dump(self, folder: str, name: str, document: JsonDocument) -> None:
        data = (_compact(document) + "\n").encode()
        fd = os.open(f"{self.root}/{folder}/{name}.json", self._FLAGS, 0o666)
        try:
            if os.write(fd, data) != len(data):
                raise OSError(f"short write to {self.root}/{folder}/{name}.json")
        finally:
            os.close(fd)


def target_url(kind: str, record_id: str, kb: KnowledgeBase) -> str:
    """The page URL of any linkable or citing record."""
    return urls.ruling_url(kb.rulings[record_id]) if kind == "ruling" else urls.record_url(kind, record_id)


class ApiDocuments:
    """Builds the API documents of one knowledge base; each generator yields (id, document)."""

    def __init__(self, kb: KnowledgeBase, results: Mapping[str, ExampleOutcome] | None = None) -> None:
        self.kb = kb
        self.results = results or {}
        # Without a release loaded, the rules that content cites still get a
        # document (text null), as they get a page: their cited_by is the point.
        self.numbers = kb.rules_with_a_page()
        # Computed once so that each rule's children cost nothing to look up.
        self.children: dict[str, list[str]] = defaultdict(list)
        for number in self.numbers:
            parent = parent_rule(number)
            if parent is not None:
                self.children[parent].append(number)
        for numbers in self.children.values():
            numbers.sort(key=natural_key)
        # General rulings are attached to many cards: their documents are built once.
        self.general: dict[str, JsonDocument] = {}

    # --- collections -------------------------------------------------------------

    def rules(self) -> Iterable[tuple[str, JsonDocument]]:
        for number in self.numbers:
            yield number, self.rule(number)

    def glossary(self) -> Iterable[tuple[str, JsonDocument]]:
        for term_id in sorted(self.kb.glossary):
            yield term_id, self.term(self.kb.glossary[term_id])

    def cards(self) -> Iterable[tuple[str, JsonDocument]]:
        for card_id in sorted(self.kb.cards):
            yield card_id, self.card(self.kb.cards[card_id])

    def rulings(self) -> Iterable[tuple[str, JsonDocument]]:
        for ruling_id in sorted(self.kb.rulings):
            yield ruling_id, self.ruling(self.kb.rulings[ruling_id])

    def examples(self) -> Iterable[tuple[str, JsonDocument]]:
        for ruling_id in sorted(self.kb.rulings):
            ruling = self.kb.rulings[ruling_id]
            if ruling.example is not None:
                yield ruling.example.id, self.example(ruling.example, ruling)

    def index(self) -> JsonDocument:
        """The index document; its five id lists are iterators, written one entry at a time by `write_api`.

        With the full knowledge base they hold 100,000 entries: built as one
        list of dicts and encoded in one piece they would cost ~90 MB at once.
        """
        kb = self.kb
        document = kb.rules_document
        examples = sorted(
            [(r.example.id, urls.ruling_url(r)) for r in kb.rulings.values() if r.example is not None]
            + [(c.id, urls.cr_example_url(c)) for c in kb.cr_examples.values()],
            key=lambda pair: pair[0],
        )
        covered = cr_examples.coverage(kb, self.results, ())
        return {
            "version": {"kb": __version__, "schema": SCHEMA_VERSION},
            "effective_date": document.effective_date.isoformat() if document else None,
            "counts": {
                "rules": len(self.numbers),
                "glossary": len(kb.glossary),
                "cards": len(kb.cards),
                "rulings": len(kb.rulings),
                "examples": len(examples),
                # The CR's own "Example:" paragraphs, and how many the engine proves (kb.cr_examples).
                "cr_examples": covered.total,
                "cr_examples_proved": covered.proved,
            },
            "rules": ({"id": n, "url": urls.rule_url(n)} for n in self.numbers),
            "glossary": ({"id": t, "name": kb.glossary[t].term, "url": urls.glossary_url(t)} for t in sorted(kb.glossary)),
            "cards": ({"id": c, "name": kb.cards[c].name, "url": urls.card_url(c)} for c in sorted(kb.cards)),
            "rulings": ({"id": r, "url": urls.ruling_url(kb.rulings[r])} for r in sorted(kb.rulings, key=natural_key)),
            "examples": ({"id": e, "url": url} for e, url in examples),
            # What the build imported, skipped and merged (kb.import_summary); null without bulk data.
            "import": kb.import_summary.document() if kb.import_summary else None,
            # Every release and every version of every rule (kb.history_file); null without --history.
            "history": HISTORY_FILE if kb.history else None,
        }

    # --- one record --------------------------------------------------------------

    def rule(self, number: str) -> JsonDocument:
        """A rule's document; `text` is null for a rule cited by content when no release is loaded."""
        rule: Rule | None = self.kb.rules.get(number)
        examples = rule.examples if rule else ()
        spans = [("rule", number)] + [("rule-example", f"{number}/{i}") for i in range(len(examples))]
        section = section_of(number)
        section_rule = self.kb.rules.get(section) if section else None
        return {
            "number": number,
            "kind": rule_kind(number).value,
            "text": rule.text if rule else None,
            "examples": list(examples),
            # Each example's proof: "proved", "failed", "not run" or "not proved" (it has no executable counterpart), and its executable counterpart's id.
            "example_proofs": [self.example_proof(number, ordinal) for ordinal in range(1, len(examples) + 1)],
            "section": section,
            "section_title": section_rule.text if section_rule else None,
            "parent": parent_rule(number),
            "children": self.children.get(number, []),
            "links": self.links(spans),
            "cited_by": self.cited_by(number),
            "url": urls.rule_url(number),
            **({"history": self.history(number)} if self.kb.history else {}),
        }

    def example_proof(self, number: str, ordinal: int) -> JsonDocument:
        counterpart = self.kb.cr_examples.get(cr_example_id(number, ordinal))
        return {
            "ordinal": ordinal,
            "status": cr_examples.status(self.kb, number, ordinal, self.results),
            "example": counterpart.id if counterpart else None,
        }

    def cr_example(self, counterpart: CrExample) -> JsonDocument:
        """The document of a CR example's executable counterpart, in the form of a ruling's example."""
        return {
            "id": counterpart.id,
            "rule": counterpart.rule,
            "ordinal": counterpart.ordinal,
            "written_for": counterpart.text,
            "code": counterpart.example.code,
            "rules": list(counterpart.example.rules),
            "result": self.result(counterpart.id),
            "url": urls.cr_example_url(counterpart),
        }

    def result(self, example_id: str) -> JsonDocument | None:
        outcome = self.results.get(example_id)
        if outcome is None:
            return None
        return {
            "passed": bool(outcome.passed),
            "rules_exercised": sorted(outcome.rules_exercised, key=natural_key),
            "message": str(getattr(outcome, "message", "") or ""),
        }

    def history(self, number: str) -> list[list[str]]:
        """[release, number] for each release where the rule's number or text changed, newest first (built with --history).

        The text of every version is in the history file (the index's `history`).
        """
        assert self.kb.history is not None
        return [[e.release.name, e.number] for e in history.entries(self.kb.history, number, diffs=0)]

    def term(self, term: GlossaryTerm) -> JsonDocument:
        return {
            "id": term.id,
            "term": term.term,
            "text": term.text,
            "senses": list(term.senses),
            "obsolete": term.obsolete,
            "links": self.links([("glossary", term.id)]),
            "url": urls.glossary_url(term.id),
        }

    def card(self, card: Card, embed_rulings: bool = True) -> JsonDocument:
        """A card's document; with `embed_rulings=False`, `rulings` lists the rulings' ids (the search index's form)."""
        rulings = self.kb.card_rulings(card.id)
        return {
            "id": card.id,
            "name": card.name,
            "short_name": card.short_name,
            "oracle_id": card.oracle_id,
            "mana_cost": card.mana_cost,
            "type_line": card.type_line,
            "oracle_text": card.oracle_text,
            "power": card.power,
            "toughness": card.toughness,
            "loyalty": card.loyalty,
            "faces": [
                {
                    "name": f.name,
                    "mana_cost": f.mana_cost,
                    "type_line": f.type_line,
                    "oracle_text": f.oracle_text,
                    "power": f.power,
                    "toughness": f.toughness,
                    "loyalty": f.loyalty,
                }
                for f in card.faces
            ],
            "links": self.links([("card", card.id), *(("card-face", f"{card.id}/{i}") for i in range(len(card.faces)))]),
            "rulings": [(self._shared_ruling(r) if r.is_general else self.ruling(r)) if embed_rulings else r.id for r in rulings],
            "url": urls.card_url(card.id),
        }

    def ruling(self, ruling: Ruling) -> JsonDocument:
        return {
            "id": ruling.id,
            "card": ruling.card,
            "general": ruling.is_general,
            "date": ruling.date.isoformat() if ruling.date else None,
            "source": ruling.source,
            "sources": list(ruling.sources),
            "text": ruling.text,
            "rules": list(ruling.rules),
            "links": self.links([("ruling", ruling.id)]),
            "example": self.example(ruling.example, ruling) if ruling.example else None,
            "url": urls.ruling_url(ruling),
        }

    def _shared_ruling(self, ruling: Ruling) -> JsonDocument:
        document = self.general.get(ruling.id)
        if document is None:
            document = self.general[ruling.id] = self.ruling(ruling)
        return document

    def example(self, example: Example, ruling: Ruling) -> JsonDocument:
        return {
            "id": example.id,
            "ruling": ruling.id,
            "card": ruling.card,
            "code": example.code,
            "rules": list(example.rules),
            "result": self.result(example.id),
            "url": urls.ruling_url(ruling),
        }

    # --- links -------------------------------------------------------------------

    def links(self, keys: Iterable[tuple[str, str]]) -> list[JsonDocument]:
        """The distinct targets linked from the given texts of one record, rules in number order."""
        targets: set[LinkTarget] = set()
        for key in keys:
            targets.update(span.target for span in self.kb.links.spans.get(key, []))
        ordered = sorted(targets, key=lambda t: (t.kind, natural_key(t.id)))
        return [{"kind": t.kind, "id": t.id, "url": target_url(t.kind, t.id, self.kb)} for t in ordered]

    def cited_by(self, number: str) -> list[JsonDocument]:
        return [{"kind": c.kind, "id": c.id, "url": target_url(c.kind, c.id, self.kb)} for c in self.kb.cited_by(number)]


def _dump_streamed(document: JsonDocument, path: Path) -> None:
    """Write a document whose values may be iterators: each item is encoded and written on its own.

    The bytes are those json.dumps would give for the same document with lists.
    """
    with path.open("w", encoding="utf-8") as f:
        f.write("{")
        for i, key in enumerate(sorted(document)):
            value = document[key]
            f.write(("," if i else "") + _compact(key) + ":")
            if isinstance(value, Iterator):
                f.write("[")
                for j, item in enumerate(value):
                    f.write(("," if j else "") + _compact(item))
                f.write("]")
            else:
                f.write(_compact(value))
        f.write("}\n")


def _compact(value: object) -> str:
    # Compact and sorted: the API is read by programs, and 100,000 files add up.
    # json.dumps, not json.dump: only the one-shot call uses the C encoder, several times faster.
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
