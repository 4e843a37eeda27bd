"""The build as a readable sequence of named steps: sources, knowledge base, checks, pages.

Both `kb build` and the mkdocs plugin (for `mkdocs build` / `mkdocs serve`)
run these steps; the site step belongs to mkdocs.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from kb import cr_examples
from kb.aliases import resolve_aliases
from kb.check import CheckReport, check_examples
from kb.errors import BuildError, raise_all
from kb.history import RulesHistory
from kb.history_cache import load_history
from kb.import_summary import summarise
from kb.merge import merge
from kb.model import RulesDocument
from kb.progress import progress
from kb.render import Page, render_pages
from kb.sources import mtgjson, scryfall
from kb.sources.bulk import Imported
from kb.sources.content import Content, load_content
from kb.sources.cr_text import read_rules
from kb.store import KnowledgeBase, assemble


@dataclass(frozen=True)
class Settings:
    """Where the inputs are. Relative paths are resolved against the project folder."""

    content: Path
    templates: Path
    rules: Path | None = None
    previous_rules: Path | None = None
    scryfall_cards: Path | None = None
    scryfall_rulings: Path | None = None
    mtgjson: Path | None = None
    history: Path | None = None  # a folder of releases
    work_dir: Path | None = None  # where a build keeps what it can reuse next time (the traced history)


@dataclass(frozen=True)
class Checked:
    """A knowledge base that passed its checks, with the report the pages show."""

    kb: KnowledgeBase
    report: CheckReport


@dataclass(frozen=True)
class Sources:
    """Everything read from the input files, before it is merged and linked."""

    content: Content
    rules: RulesDocument | None
    previous_rules: RulesDocument | None
    imported: list[Imported]
    history: RulesHistory | None = None


def load_sources(settings: Settings) -> Sources:
    if not settings.content.is_dir():
        raise BuildError(
            f"content folder not found: {settings.content}", hint="set the kb plugin's 'content' option in mkdocs.yml"
        )
    content = load_content(settings.content)
    rules = read_rules(settings.rules) if settings.rules else None
    previous = read_rules(settings.previous_rules) if settings.previous_rules else None
    return Sources(content, rules, previous, _imports(settings), _history(settings, rules))


def _history(settings: Settings, rules: RulesDocument | None) -> RulesHistory | None:
    """Every rule's history through the archive folder, up to the current release."""
    if settings.history is None:
        return None
    if rules is None or settings.rules is None:
        raise BuildError("a history needs the current rules", hint="give --rules FILE with --history DIR")
    history, warnings = load_history(settings.history, rules, settings.rules, settings.work_dir)
    for warning in warnings:
        print(warning, file=sys.stderr)
    return history


def assemble_sources(sources: Sources) -> KnowledgeBase:
    """Curated content merged over the imports, then indexed and linked."""
    cards, rulings = sources.content.cards, sources.content.rulings
    merged = merge(cards, rulings, sources.imported) if sources.imported else None
    if merged is not None:
        cards, rulings = merged.cards, merged.rulings
    kb = assemble(cards, rulings, sources.rules, sources.previous_rules, sources.history, sources.content.cr_examples)
    kb.aliases = resolve_aliases(sources.content.aliases, kb)
    if merged is not None:
        kb.import_summary = summarise(sources.imported, merged, kb.links.unresolved)
    return kb


def load_knowledge_base(settings: Settings) -> KnowledgeBase:
    """Sources -> records -> one cross-linked knowledge base, rejecting what does not fit."""
    return assemble_sources(load_sources(settings))


def _imports(settings: Settings) -> list[Imported]:
    """Bulk card data, in order of precedence: Scryfall, then MTGJSON."""
    imported = []
    if bool(settings.scryfall_cards) != bool(settings.scryfall_rulings):
        raise BuildError("Scryfall import needs both the oracle-cards file and the rulings file", hint="give both, or neither")
    if settings.scryfall_cards and settings.scryfall_rulings:
        imported.append(scryfall.load(settings.scryfall_cards, settings.scryfall_rulings))
    if settings.mtgjson:
        imported.append(mtgjson.load(settings.mtgjson))
    return imported


def check(kb: KnowledgeBase) -> CheckReport:
    """Run every example; a ruling whose example no longer holds stops the build."""
    report = check_examples(kb)
    raise_all(report.errors())
    # A reworded or removed CR example is the author's to re-read, not a reason to stop the build.
    for found in cr_examples.drift(kb):
        print(f"warning: {found.counterpart.origin}: {found.message}", file=sys.stderr)
    if kb.cr_examples and kb.rules_document:
        print(cr_examples.summary(kb, report.results), file=sys.stderr)
    return report


def prepare(settings: Settings) -> Checked:
    with progress.stage("reading sources"):
        sources = load_sources(settings)
    with progress.stage("linking"):
        kb = assemble_sources(sources)
    with progress.stage("running examples"):
        report = check(kb)
    return Checked(kb, report)


def build_pages(checked: Checked, settings: Settings) -> list[Page]:
    if not settings.templates.is_dir():
        raise BuildError(
            f"templates folder not found: {settings.templates}", hint="set the kb plugin's 'templates' option in mkdocs.yml"
        )
    with progress.stage("rendering pages"):
        return render_pages(checked.kb, settings.templates, checked.report)
