"""The build, as named steps in the order they run: load, link, check, render, write outputs, mkdocs, swap.

`kb build`, `kb serve`, `mkdocs build` and `mkdocs serve` all run these steps.
mkdocs drives: its build calls the kb plugin (kb/plugin.py, a thin adapter) at
three moments, and the plugin calls the steps below:

    on_config      1. load_sources   content/, the Comprehensive Rules, the card data   (kb/sources/)
                   2. link           merged, indexed and cross-linked                   (kb.store)
                   3. check          every example run against the engine               (kb.check)
                   4. render         the pages, as Markdown                             (kb.render)
                   5. start_outputs  JSON API and search indexes, written meanwhile     (kb.outputs)
    on_files       the pages join mkdocs' files
                   6. mkdocs turns them into HTML, into a work folder
    on_post_build  the outputs are moved into the site mkdocs wrote, then
                   kb.offline hashes it for the service worker (offline manifest, sw.js)
then `kb build` (`build_site`, at the end) swaps the work folder in for site/:

                   7. swap           the new site replaces the old one whole            (kb.site_swap)

While serving, kb.live replaces steps 1-4 with their incremental versions after the
first build.
"""

from __future__ import annotations

import errno
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException

from kb import cr_examples
from kb.aliases import resolve_aliases
from kb.errors import BuildError, KbError, raise_all
from kb.example_runs import ExampleRuns, run_examples
from kb.history import RulesHistory
from kb.history_cache import load_history
from kb.import_summary import summarise
from kb.merge import merge
from kb.model import RuleQuestions, RulesDocument
from kb.outputs import BackgroundOutputs
from kb.progress import progress
from kb.render import Page, render_pages
from kb.site_swap import publishing
from kb.sources import mtgjson, scryfall
from kb.sources.bulk import Imported
from kb.sources.content import Content, load_content
from kb.sources.cr_text import read_rules
from kb.store import KnowledgeBase, assemble
from kb.work_folder import cache_folder


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
    report: ExampleRuns


@dataclass(frozen=True)
class Sources:
    """Everything read from the input files, before it is merged and linked."""

    content: Content
    rules: RulesDocument | None
    previous_rules: RulesDocument | None
    imported: list[Imported]
    history: RulesHistory | None = None


def prepare(settings: Settings) -> Checked:
    """Steps 1-3: the inputs, read, linked and checked, each step shown as a stage of the progress display."""
    with progress.stage("reading sources"):
        sources = load_sources(settings)
    with progress.stage("linking"):
        kb = link(sources)
    with progress.stage("running examples"):
        report = check(kb, cache_folder(settings.work_dir, "examples"))
    _say_what_was_read(kb, report)
    return Checked(kb, report)


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


def link(sources: Sources) -> KnowledgeBase:
    """Curated content merged over the imports, then indexed and linked."""
    cards, rulings = sources.content.cards, sources.content.rulings
    merged = merge(cards, rulings, sources.imported) if sources.imported else None
    if merged is not None:
        cards, rulings = merged.cards, merged.rulings
    kb = assemble(cards, rulings, sources.rules, sources.previous_rules, sources.history, sources.content.cr_examples)
    kb.aliases, kb.phrasings, kb.asked = resolve_aliases(sources.content.aliases, kb)
    kb.questions = _questions(sources.content.questions, kb)
    if merged is not None:
        kb.import_summary = summarise(sources.imported, merged, kb.links.unresolved)
    return kb


def _questions(questions: RuleQuestions | None, kb: KnowledgeBase) -> dict[str, tuple[str, ...]]:
    """The listed questions of the rules the loaded release has, when it numbers its rules as the list's release does.

    An older release numbers them otherwise (702.90 was another keyword in 2015); a newer one keeps most numbers.
    """
    if questions is None or kb.rules_document is None or kb.rules_document.effective_date < questions.release:
        return {}
    return {number: asked for number, asked in questions.by_rule.items() if number in kb.rules}


def load_knowledge_base(settings: Settings) -> KnowledgeBase:
    """Steps 1 and 2 without a word on the progress display (for tests and benchmarks)."""
    return link(load_sources(settings))


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


def check(kb: KnowledgeBase, kept: Path | None = None) -> ExampleRuns:
    """Run every example (not again those that passed with the same inputs, kept in the folder `kept`); a ruling
    whose example no longer holds stops the build."""
    report = run_examples(kb, kept=kept)
    raise_all(report.errors())
    # A reworded or removed CR example is the author's to re-read, not a reason to stop the build.
    for found in cr_examples.drift(kb):
        print(f"warning: {found.counterpart.origin}: {found.message}", file=sys.stderr)
    if kb.cr_examples and kb.rules_document:
        print(cr_examples.summary(kb, report.results), file=sys.stderr)
    return report


def render(checked: Checked, settings: Settings) -> list[Page]:
    if not settings.templates.is_dir():
        raise BuildError(
            f"templates folder not found: {settings.templates}", hint="set the kb plugin's 'templates' option in mkdocs.yml"
        )
    with progress.stage("rendering pages"):
        return render_pages(checked.kb, settings.templates, checked.report, settings.work_dir)


def start_outputs(checked: Checked, site_dir: Path, install_into: Path | None = None) -> BackgroundOutputs:
    """The JSON API and the search indexes, written in the background beside `site_dir` while mkdocs works."""
    return BackgroundOutputs(checked, site_dir.resolve().parent, install_into)


def run_mkdocs(config: MkDocsConfig) -> None:
    """mkdocs' own build, which runs steps 1-5 through the kb plugin; its first error line becomes a one-line BuildError."""
    from mkdocs.commands.build import build  # here, not at the top: `kb check` loads the project but never builds

    logging.getLogger("mkdocs").setLevel(logging.WARNING)
    logged = _ErrorsKept()
    # mkdocs logs a failing page's error before raising it; that line becomes our one-line message.
    logging.getLogger("mkdocs.commands.build").addFilter(logged)
    try:
        build(config)
    except MkDocsException as e:
        # mkdocs says only that it aborted; the kb plugin's own error (a KbError, whose line
        # names the file) is behind mkdocs' PluginError, which is behind its Abort.
        cause = _kb_error(e)
        if cause is not None:
            raise cause from None
        raise BuildError(f"site build failed: {logged.first or e}") from None
    finally:
        logging.getLogger("mkdocs.commands.build").removeFilter(logged)


def build_site(config: MkDocsConfig, site_dir: Path) -> None:
    """`kb build`: steps 1-6 into a work folder beside `site_dir`, then step 7 publishes it in one atomic swap."""
    site_dir = site_dir.resolve()
    staging = None
    try:
        with publishing(site_dir) as staging:  # 7. on leaving this block without an error (kb.site_swap)
            config.site_dir = str(staging)
            run_mkdocs(config)  # 1-6
    except OSError as e:
        raise BuildError(_os_error(e, staging, site_dir), hint=_OS_HINTS.get(e.errno or 0, "")) from None


# --- what the build says ------------------------------------------------------------------------

# What the build read, said at the end of its checks: shown by mkdocs' logging, and printed by `kb build`.
log = logging.getLogger("mkdocs.plugins.kb")


def _say_what_was_read(kb: KnowledgeBase, report: ExampleRuns) -> None:
    if kb.import_summary:
        for line in kb.import_summary.lines():
            log.info(line)
        details = kb.import_summary.details_lines()
        if log.isEnabledFor(logging.DEBUG):
            for line in details:
                log.debug(line)
        elif details:
            log.info("(details: kb build --verbose)")
    passed = len(report.results) - len(report.failures)
    log.info(f"{len(kb.cards)} cards, {len(kb.rulings)} rulings, {len(kb.rules)} rules, {passed} examples verified")


@contextmanager
def printing(verbose: bool = False) -> Iterator[None]:
    """What the build says, printed as plain lines on stdout (`kb build`; every detail with `verbose`)."""
    handler = _Printed()
    level = log.level
    log.addHandler(handler)
    log.setLevel(logging.DEBUG if verbose else logging.INFO)
    log.propagate = False
    try:
        yield
    finally:
        log.removeHandler(handler)
        log.setLevel(level)
        log.propagate = True


class _Printed(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        print(record.getMessage())  # whatever sys.stdout is now


def _kb_error(error: BaseException | None) -> KbError | None:
    while error is not None and not isinstance(error, KbError):
        error = error.__cause__ or error.__context__
    return error


class _ErrorsKept(logging.Filter):
    """Keeps mkdocs' error lines from the console, remembering the first (with the next, when it ends in ':')."""

    def __init__(self) -> None:
        super().__init__()
        self.first = ""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.ERROR:
            return True
        if not self.first or self.first.endswith(":"):  # "Error reading page 'x.md':", then the reason
            self.first = f"{self.first} {record.getMessage()}".strip()
        return False


_OS_HINTS = {
    errno.ENOSPC: "free some disk space; the previous site is unchanged",
    errno.EROFS: "the output folder is read-only; the previous site is unchanged",
    errno.EACCES: "the output folder is not writable; the previous site is unchanged",
    errno.ENAMETOOLONG: "a page's file name is too long for this file system",
}


def _os_error(error: OSError, staging: Path | None, site_dir: Path) -> str:
    """'cannot write site/x.html: No space left on device', naming the file where it would be published."""
    name = str(error.filename or "")
    if staging is not None:
        name = name.replace(str(staging), str(site_dir))
    return f"cannot write {name or site_dir}: {error.strerror or error}"
