"""The live preview's build: after the first full build, an edit to `content/` is applied in place.

At full scale a full build takes about a minute; an author editing one ruling
wants to see it in seconds. So while `kb serve` runs, this keeps the knowledge
base, the imported records and the link finder between rebuilds, and on each
rebuild works out what the edit touched:

1. which cards' content records (or their rulings) changed, and which general
   rulings changed;
2. those cards are merged again with their imported records, their rulings
   unlinked and linked again (`relink_rulings`), their examples run again;
3. only the pages that show something that changed are rendered again: the
   cards, the rule sections whose "Cited by" lists changed, and the indexes
   that list what changed.

Anything else (a CR or bulk file, a template, a card added or removed) is
rare while editing and gets a full build.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from kb import urls
from kb.build import Checked, Settings, check, link, load_sources, render
from kb.errors import raise_all
from kb.example_runs import run_examples
from kb.inputs import INPUT_NAMES
from kb.links import Finder, relink_rulings
from kb.merge import merge
from kb.model import Card, Ruling
from kb.render import Page, Renderer
from kb.sources.bulk import Imported
from kb.sources.content import Content, load_content
from kb.store import index_records
from kb.work_folder import cache_folder


@dataclass
class Update:
    """The result of one rebuild: every page, and the paths of those that changed."""

    checked: Checked
    pages: dict[str, Page]
    changed: set[str] = field(default_factory=set)
    full: bool = False


class LiveBuild:
    def __init__(self) -> None:
        self.state: _State | None = None

    def update(self, settings: Settings) -> Update:
        """Bring the knowledge base and pages up to date with the files on disk."""
        state = self.state
        if state is None or state.inputs != _inputs_signature(settings):
            return self._full(settings)
        content = load_content(settings.content)
        edit = _Edit.between(state.content, content)
        if edit is None:
            return self._full(settings)
        if edit.is_empty():
            return Update(state.checked, state.pages)
        return self._apply(state, settings, content, edit)

    def _full(self, settings: Settings) -> Update:
        signature = _inputs_signature(settings)
        sources = load_sources(settings)
        kb = link(sources)
        checked = Checked(kb, check(kb, cache_folder(settings.work_dir, "examples")))
        pages = {page.path: page for page in render(checked, settings)}
        index = _index_imported(sources.imported)
        self.state = _State(signature, sources.content, checked, pages, Finder(kb), index)
        return Update(checked, pages, set(pages), full=True)

    def _apply(self, state: _State, settings: Settings, content: Content, edit: _Edit) -> Update:
        kb = state.checked.kb
        new_cards = {card.id: card for card in content.cards}
        removed = [r.id for c in edit.cards for r in kb.rulings_by_card.get(c, [])] + sorted(edit.general)
        for ruling_id in removed:
            del kb.rulings[ruling_id]
        added: list[Ruling] = [r for r in content.rulings if r.id in edit.general]
        if edit.cards:
            imported = _imported_for(state.imported, [new_cards[c] for c in sorted(edit.cards)])
            curated = [r for r in content.rulings if r.card in edit.cards]
            merged = merge([new_cards[c] for c in sorted(edit.cards)], curated, imported)
            for card in merged.cards:
                kb.cards[card.id] = card
            added += list(merged.rulings)
        for ruling in added:
            kb.rulings[ruling.id] = ruling
        errors = index_records(kb)
        numbers, mentioned, link_errors = relink_rulings(kb, state.finder, removed, added)
        raise_all(errors + link_errors)

        # Examples are few and fast: run them all, so the report stays whole.
        report = run_examples(kb, kept=cache_folder(settings.work_dir, "examples"))
        raise_all(report.errors())
        checked = Checked(kb, report)

        renderer = Renderer(kb, settings.templates, report, settings.work_dir)
        paths = {urls.card_page(c) for c in edit.cards | mentioned if c in kb.cards}
        paths |= {urls.card_page(c.id) for c in kb.cards.values() if set(c.general_rulings) & edit.general}
        paths |= {urls.rule_section_page(n) for n in numbers}
        if edit.general:
            paths.add(urls.GENERAL_RULINGS)
        if edit.cards_listed:
            paths |= {urls.CARDS, urls.HOME}
            paths |= {urls.card_letter_page(urls.card_letter(c)) for c in edit.cards}
        if report.exercised_by != state.checked.report.exercised_by:
            paths.add(urls.ENGINE)
        # Rule pages and the Engine page name each example by its ruling's text.
        edited = {r.id for r in added} | set(removed)
        for results in (state.checked.report.results, report.results):
            exercised = {n for rid in edited if rid in results for n in results[rid].rules_exercised}
            paths |= {urls.rule_section_page(n) for n in exercised}
            if exercised:
                paths.add(urls.ENGINE)
        existing = set(renderer.page_paths())
        if existing != state.pages.keys():
            # A rule section gained its first citation or lost its last: the indexes list sections,
            # and every section page links to its neighbours.
            paths |= {p for p in existing if p.startswith("rules/")} | {urls.HOME}
            for gone in state.pages.keys() - existing:
                del state.pages[gone]
        changed = set()
        for path in sorted(paths & existing):
            page = renderer.render(path)
            if state.pages.get(path) != page:
                state.pages[path] = page
                changed.add(path)
        state.content, state.checked = content, checked
        return Update(checked, state.pages, changed)


@dataclass
class _State:
    inputs: tuple
    content: Content
    checked: Checked
    pages: dict[str, Page]
    finder: Finder
    imported: list[_ImportIndex]


@dataclass
class _ImportIndex:
    """One import's records, findable by card id and Oracle id."""

    cards: dict[str, list[Card]] = field(default_factory=dict)
    rulings: dict[str, list[Ruling]] = field(default_factory=dict)


@dataclass
class _Edit:
    """What changed in content/ between two reads, by card id and general ruling id."""

    cards: set[str]
    general: set[str]
    # True when a change shows on the card list (a type line), not only on the card's page.
    cards_listed: bool

    @classmethod
    def between(cls, old: Content, new: Content) -> _Edit | None:
        """The edit, or None when it adds or removes records (which needs a full build)."""
        old_cards, new_cards = _by_id(old.cards), _by_id(new.cards)
        old_rulings, new_rulings = _by_id(old.rulings), _by_id(new.rulings)
        if old_cards.keys() != new_cards.keys() or len(new_cards) != len(new.cards) or len(new_rulings) != len(new.rulings):
            return None
        old_general = {i for i, r in old_rulings.items() if r.is_general}
        if old_general != {i for i, r in new_rulings.items() if r.is_general}:
            return None
        cards = {c for c in new_cards if new_cards[c] != old_cards[c]}
        general: set[str] = set()
        for ruling_id in old_rulings.keys() | new_rulings.keys():
            before, after = old_rulings.get(ruling_id), new_rulings.get(ruling_id)
            if before == after:
                continue
            for ruling in (before, after):
                if ruling is not None and ruling.card is not None:
                    cards.add(ruling.card)
            if ruling_id in old_general:
                general.add(ruling_id)
        listed = any(new_cards[c].type_line != old_cards[c].type_line for c in cards if c in new_cards)
        if any(c not in new_cards for c in cards):
            return None  # a loose ruling moved to a card that content does not define
        return cls(cards, general, listed)

    def is_empty(self) -> bool:
        return not self.cards and not self.general


def _by_id(records: Iterable) -> dict:
    return {record.id: record for record in records}


def _inputs_signature(settings: Settings) -> tuple:
    """What, besides content/, the knowledge base and pages depend on: a change means a full build."""
    files: list[Path | None] = [getattr(settings, name) for name in INPUT_NAMES]
    if settings.templates.is_dir():
        files += sorted(settings.templates.rglob("*.j2"))
    return tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) if f and f.exists() else (str(f),) for f in files)


def _index_imported(imported: Iterable[Imported]) -> list[_ImportIndex]:
    indexes = []
    for source in imported:
        index = _ImportIndex()
        for card in source.cards:
            index.cards.setdefault(card.id, []).append(card)
            if card.oracle_id:
                index.cards.setdefault(card.oracle_id, []).append(card)
        for ruling in source.rulings:
            if ruling.card is not None:
                index.rulings.setdefault(ruling.card, []).append(ruling)
        indexes.append(index)
    return indexes


def _imported_for(indexes: list[_ImportIndex], cards: list[Card]) -> list[tuple[list[Card], list[Ruling]]]:
    """What each import holds for `cards`, in the imports' order of precedence, as `merge` takes it."""
    out = []
    for index in indexes:
        found: dict[str, Card] = {}
        for card in cards:
            for key in filter(None, (card.id, card.oracle_id)):
                for match in index.cards.get(key, []):
                    found.setdefault(match.id, match)
        rulings = [r for card_id in found for r in index.rulings.get(card_id, [])]
        out.append((list(found.values()), rulings))
    return out
