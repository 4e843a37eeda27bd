"""Pages: the knowledge base rendered to Markdown through the Jinja2 templates.

Nothing else writes pages. Templates autoescape, so imported text reaches a
page only as escaped text; the links this module inserts are the only markup.
Text from a record is never left to Markdown: templates put it inside raw HTML
blocks (kb.raw_html), and the few places Markdown must see it have a filter
of their own (kb.markup).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup, escape

from kb import compiled_templates, cr_examples, history, markup, symbols, urls
from kb.card_links import gatherer_url, scryfall_url
from kb.changes import Changes, diff_releases
from kb.code_html import python_block
from kb.errors import BuildError
from kb.history_file import HISTORY_SCRIPT
from kb.links import LinkTarget, Span
from kb.model import Origin, Rule, RuleKind, cr_example_id, natural_key, rule_kind, section_of, slugify
from kb.processes import parallel_map
from kb.rule_nav import section_nav
from kb.store import KnowledgeBase
from kb.text import shorten

if TYPE_CHECKING:  # the report is data here: rendering never runs the engine
    from kb.example_runs import ExampleRuns


@dataclass(frozen=True, slots=True)
class Page:
    """A generated Markdown page: its path under the docs folder and its text."""

    path: str
    text: str


def render_pages(
    kb: KnowledgeBase, templates: Path, report: ExampleRuns | None = None, work_dir: Path | None = None
) -> list[Page]:
    """Every page of the site, in a stable order; `report` says what the engine verified."""
    return Renderer(kb, templates, report, work_dir).pages()


# Reminder text: a parenthesized aside in a card's text (no nested parentheses in Oracle text).
_REMINDER = re.compile(r"\([^()\n]*\)")

# Beyond this many cards, the card index is split into one page per first letter:
# one page listing 27,000 cards would be megabytes to download.
CARDS_ON_ONE_PAGE = 1000


# A rule page lists this many of the rule's newest changes with their word diff: a
# hundred releases of diffs on every page would be most of the site's size.
HISTORY_LISTED = 2


class Renderer:
    """Renders the pages of one knowledge base; `render(path)` redoes a single page."""

    def __init__(self, kb: KnowledgeBase, templates: Path, report: ExampleRuns | None, work_dir: Path | None = None) -> None:
        """`work_dir` is the build's work folder, where compiled templates are kept for the next build."""
        self.kb = kb
        self.report = report
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(templates),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            # Every printed value: control characters and lone surrogates become visible escapes.
            finalize=markup.inert,
            bytecode_cache=compiled_templates.pages(work_dir),
        )
        self.env.filters.update(
            page_title=markup.page_title,
        )
        # The page being rendered: links are written relative to it.
        self.here = "index.html"
        self._sections: dict[str, list[str]] | None = None
        self._changes: Changes | None = None
        self._rule_changes: dict[str, str] | None = None
        self._attached: dict[str, list] | None = None
        self.env.filters["groupby_letter"] = _by_letter
        # Helpers are globals, not per-render variables, so imported macros need no
        # `with context` and Jinja can reuse the macro module for every page.
        self.env.globals.update(
            kb=kb,
            report=report,
            result_of=lambda ruling_id: report.results.get(ruling_id) if report else None,
            implemented=lambda number: report.implemented.get(number) if report else None,
            exercised_by=lambda number: report.exercised_by.get(number, []) if report else [],
            related=self.related_cards,
            link=lambda url: urls.relative(url, self.here),
            linked=lambda kind, record_id, text: self.linked(kind, record_id, text, self.here),
            rule=kb.rules.get,
            rule_shown=kb.has_a_page,
            rule_title=self.rule_title,
            rule_url=urls.rule_url,
            card_url=urls.card_url,
            card_letter_url=urls.card_letter_url,
            ruling_url=urls.ruling_url,
            example_url=self.example_url,
            cr_coverage=lambda: cr_examples.coverage(kb, report.results, report.implemented) if report else None,
            cr_example=lambda number, ordinal: kb.cr_examples.get(cr_example_id(number, ordinal)),
            glossary_url=urls.glossary_url,
            cited_by=kb.cited_by,
            shorten=_shorten,
            example_label=self.example_label,
            python_block=python_block,
            card_text=self.card_text,
            scryfall_url=scryfall_url,
            gatherer_url=gatherer_url,
            attached_to=self.attached_to,
            rule_change=self.rule_change,
            dated_citations=lambda ruling_id: kb.links.dated.get(ruling_id, []),
            history_entries=lambda number: history.entries(kb.history, number, 30, HISTORY_LISTED) if kb.history else [],
            history_listed=HISTORY_LISTED,
            former_numbers=lambda number: history.former_numbers(kb.history, number) if kb.history else [],
            depth=lambda number: {RuleKind.RULE: 1, RuleKind.SUBRULE: 2}.get(rule_kind(number), 0),
        )

    def pages(self) -> list[Page]:
        """Every page; card pages, most of the site, are rendered on every core."""
        paths = self.page_paths()
        cards = [p for p in paths if p.startswith("cards/") and p != urls.CARDS]
        others = [self.render(p) for p in paths if not (p.startswith("cards/") and p != urls.CARDS)]
        # (card pages last: rendered in parallel below)
        return others + parallel_map(lambda indices: [self.render(cards[i]) for i in indices], range(len(cards)))

    def page_paths(self) -> list[str]:
        """The path of every page the knowledge base has."""
        kb = self.kb
        paths = [urls.HOME, urls.CARDS, urls.GENERAL_RULINGS, urls.RULES]
        paths += [urls.card_letter_page(letter) for letter in self.card_letters()]
        paths += [urls.card_page(card.id) for card in self.sorted_cards()]
        paths += [urls.rule_section_page(section) for section in self.sections()]
        if kb.history:
            paths.append(urls.RULES_AS_OF)
        if kb.glossary:
            paths.append(urls.GLOSSARY)
        if self.report and self.report.implemented:
            paths.append(urls.ENGINE)
        if kb.rules_document and kb.previous_rules:
            paths.append(urls.CHANGES)
        return paths

    def render(self, path: str) -> Page:
        """The page at `path` (one of `page_paths()`)."""
        kb = self.kb
        folder, _, name = path.rpartition("/")
        stem = name.removesuffix(".md")
        if path == urls.HOME:
            return self.page(path, "home.md.j2", cards=self.sorted_cards(), sections=len(self.sections()))
        if path == urls.CARDS:
            letters = self.card_letters()
            if letters:
                counts = {letter: len(cards) for letter, cards in letters.items()}
                return self.page(path, "cards_index.md.j2", title="Cards", cards=[], letters=counts, total=len(kb.cards))
            return self.page(path, "cards_index.md.j2", title="Cards", cards=self.sorted_cards(), letters={}, total=len(kb.cards))
        if folder == "card-index":
            cards = self.card_letters().get(stem, [])
            title = "Cards: " + ("0–9 and symbols" if stem == "0" else stem.upper())
            return self.page(path, "cards_index.md.j2", title=title, cards=cards, letters={}, total=len(kb.cards))
        if path == urls.GENERAL_RULINGS:
            general = sorted((r for r in kb.rulings.values() if r.is_general), key=lambda r: r.origin)  # as authored
            return self.page(path, "general_rulings.md.j2", rulings=general)
        if path == urls.RULES:
            return self.page(path, "rules_index.md.j2", chapters=self.chapters())
        if path == urls.GLOSSARY:
            terms = sorted(kb.glossary.values(), key=lambda t: t.term.lower())
            # Its own name is not another one ("legend rule" under Legend Rule).
            also_called = {t.id: [n for n in kb.aliases.get(("glossary", t.id), []) if slugify(n) != t.id] for t in terms}
            return self.page(path, "glossary.md.j2", terms=terms, also_called=also_called)
        if path == urls.ENGINE:
            return self.page(path, "engine.md.j2")
        if path == urls.CHANGES:
            assert kb.rules_document and kb.previous_rules
            return self.page(path, "changes.md.j2", changes=self.changes())
        if folder == "cards":
            return self.page(path, "card.md.j2", card=kb.cards[stem], rulings=kb.card_rulings(stem))
        if path == urls.RULES_AS_OF:
            assert kb.history
            return self.page(path, "rules_as_of.md.j2", releases=kb.history.releases, history_script=HISTORY_SCRIPT)
        if folder == "rules":
            numbers = self.sections().get(stem, [])
            nav = section_nav(kb, list(self.sections()), stem, numbers)
            return self.page(path, "section.md.j2", section=stem, title=self.rule_title(stem), numbers=numbers, nav=nav)
        raise ValueError(f"no page at {path}")

    def page(self, path: str, template: str, **context: Any) -> Page:
        self.here = urls.source_path(path).removesuffix(".md") + ".html"
        try:
            return Page(path, self.env.get_template(template).render(**context))
        except jinja2.TemplateSyntaxError as e:
            raise BuildError(f"template error: {e.message}", Origin(str(e.filename or template), e.lineno or 0)) from None
        except jinja2.TemplateError as e:
            raise BuildError(f"template error while rendering {path}: {e}", Origin(template)) from None

    # --- text with links -------------------------------------------------------

    def linked(self, kind: str, record_id: str, text: str, here: str) -> Markup:
        """Escaped `text` with each resolved reference turned into a link."""
        return Markup(self._linked_html(kind, record_id, text, here, 0, len(text)))

    def card_text(self, text: str, kind: str = "", record_id: str = "") -> Markup:
        """A card's printed text: escaped, references linked, symbols as icons, reminder text in italics."""
        out, pos = [], 0
        for reminder in _REMINDER.finditer(text):
            out.append(self._linked_html(kind, record_id, text, self.here, pos, reminder.start()))
            inner = self._linked_html(kind, record_id, text, self.here, reminder.start(), reminder.end())
            out.append(f'<i class="kb-reminder">{inner}</i>')
            pos = reminder.end()
        out.append(self._linked_html(kind, record_id, text, self.here, pos, len(text)))
        return Markup("".join(out))

    def _linked_html(self, kind: str, record_id: str, text: str, here: str, start: int, end: int) -> str:
        """HTML of `text[start:end]`: the references wholly inside it linked, the rest escaped with symbol icons."""
        spans = self.kb.links.spans.get((kind, record_id), []) if kind else []
        out: list[str] = []
        pos = start
        for span in sorted(spans, key=lambda s: s.start):
            if span.start < pos or span.end > end:  # overlapping, or not inside this piece: left as text
                continue
            out.append(symbols.with_icons(escape(text[pos : span.start]), here))
            out.append(self.anchor(span, text[span.start : span.end], here))
            pos = span.end
        out.append(symbols.with_icons(escape(text[pos:end]), here))
        return "".join(out)

    def anchor(self, span: Span, label: str, here: str) -> str:
        url = self.target_url(span.target)
        tip = self.tooltip(span.target)
        title = f' title="{escape(_shorten(tip))}"' if tip else ""
        return f'<a class="kb-ref kb-ref-{span.target.kind}" href="{escape(urls.relative(url, here))}"{title}>{escape(label)}</a>'

    def tooltip(self, target: LinkTarget) -> str:
        """What a link's target says, for a hover: a rule's text, or a keyword's definition."""
        if target.kind == "glossary" and target.id in self.kb.glossary:
            return self.kb.glossary[target.id].text
        rule = self.kb.rules.get(target.id) if target.kind == "rule" else None
        if rule is None:
            return ""
        # A keyword's rule is only its title; its first subrule defines it.
        first = self.kb.rules.get(rule.number + "a")
        return f"{rule.text}: {first.text}" if first and rule.kind is RuleKind.RULE and len(rule.text) < 40 else rule.text

    @staticmethod
    def target_url(target: LinkTarget) -> str:
        return urls.record_url(target.kind, target.id)

    def related_cards(self, card_id: str) -> list[tuple[Any, str]]:
        """Cards this card's rulings name, and cards whose rulings name this one: (card, how)."""
        named = {
            span.target.id
            for ruling in self.kb.rulings_by_card.get(card_id, [])
            for span in self.kb.links.spans.get(("ruling", ruling.id), [])
            if span.target.kind == "card"
        }
        naming = {self.kb.rulings[r].card for r in self.kb.links.mentions.get(card_id, [])} - {None, card_id}
        related = [(c, "named in its rulings") for c in named] + [(c, "its rulings name this card") for c in naming - named]
        return sorted(((self.kb.cards[c], how) for c, how in related if c in self.kb.cards), key=lambda pair: pair[0].name)

    def example_url(self, example_id: str) -> str:
        """Where an example is shown: under its ruling, or under the CR example it proves."""
        if example_id in self.kb.cr_examples:
            return urls.cr_example_url(self.kb.cr_examples[example_id])
        return urls.ruling_url(self.kb.rulings[example_id])

    def example_label(self, ruling_id: str) -> str:
        """An example named for a reader: its card (or "General ruling") and the start of its ruling,
        or the CR example it proves."""
        if ruling_id in self.kb.cr_examples:
            counterpart = self.kb.cr_examples[ruling_id]
            return f"CR example {counterpart.rule} #{counterpart.ordinal}: {_shorten(counterpart.text, 60)}"
        ruling = self.kb.rulings[ruling_id]
        owner = self.kb.cards[ruling.card].name if ruling.card in self.kb.cards else "General ruling"
        return f"{owner}: {_shorten(ruling.text, 70)}"

    def attached_to(self, ruling_id: str) -> list:
        """The cards whose pages attach the general ruling `ruling_id`, by name."""
        if self._attached is None:
            self._attached = defaultdict(list)
            for card in self.sorted_cards():
                for general in card.general_rulings:
                    self._attached[general].append(card)
        return self._attached.get(ruling_id, [])

    # --- what changed in the latest release --------------------------------------

    def changes(self) -> Changes:
        if self._changes is None:
            assert self.kb.rules_document and self.kb.previous_rules
            self._changes = diff_releases(self.kb.previous_rules, self.kb.rules_document)
        return self._changes

    def rule_change(self, number: str) -> str | None:
        """How rule `number` changed in the latest release ("added", "changed", "renumbered"), or None.

        The answer is also the anchor's prefix on the Changes page: `changes.html#changed-302.6`.
        """
        if not (self.kb.rules_document and self.kb.previous_rules):
            return None
        if self._rule_changes is None:
            changes = self.changes()
            self._rule_changes = {r.number: "added" for r in changes.added}
            self._rule_changes |= {c.new.number: "changed" for c in changes.changed}
            self._rule_changes |= {m.new.number: "renumbered" for m in changes.renumbered}
        return self._rule_changes.get(number)

    # --- structure ---------------------------------------------------------------

    def card_letters(self) -> dict[str, list]:
        """Letter -> its cards, when there are too many cards for one index page; else nothing."""
        if len(self.kb.cards) <= CARDS_ON_ONE_PAGE:
            return {}
        letters: dict[str, list] = defaultdict(list)
        for card in self.sorted_cards():
            letters[urls.card_letter(card.id)].append(card)
        return dict(sorted(letters.items()))

    def sorted_cards(self) -> list:
        return sorted(self.kb.cards.values(), key=lambda c: c.name.lower())

    def rule_title(self, number: str) -> str:
        rule: Rule | None = self.kb.rules.get(number)
        return f"{number}. {rule.text}" if rule else f"Rule {number}"

    def sections(self) -> dict[str, list[str]]:
        """Section -> the rule numbers shown on its page: the release's rules, or just the cited ones."""
        if self._sections is None:
            self._sections = self._group_sections()
        return self._sections

    def _group_sections(self) -> dict[str, list[str]]:
        numbers = self.kb.rules_with_a_page()
        by_section: dict[str, list[str]] = defaultdict(list)
        for number in numbers:
            section = section_of(number)
            if section is not None and number != section:
                by_section[section].append(number)
            elif section is not None:
                by_section.setdefault(section, [])
        return {s: sorted(by_section[s], key=natural_key) for s in sorted(by_section)}

    def chapters(self) -> list[tuple[str, str, list[str]]]:
        """(chapter number, title, its sections) for the rules index."""
        by_chapter: dict[str, list[str]] = defaultdict(list)
        for section in self.sections():
            by_chapter[section[0]].append(section)
        chapters = []
        for chapter in sorted(by_chapter):
            rule = self.kb.rules.get(chapter)
            chapters.append((chapter, rule.text if rule else "", by_chapter[chapter]))
        return chapters


def _by_letter(terms: list) -> dict[str, list]:
    """Glossary terms under their first letter, A to Z, then "#" for digits and symbols."""
    groups: dict[str, list] = defaultdict(list)
    for term in terms:
        first = term.term[:1].upper()
        groups[first if "A" <= first <= "Z" else "#"].append(term)
    return {letter: groups[letter] for letter in sorted(groups, key=lambda g: (g == "#", g))}


def _shorten(text: str, limit: int = 160) -> str:
    return shorten(text, limit)
