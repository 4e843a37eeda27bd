"""Cross-links: every textual reference becomes a typed link, every link a backlink.

Links are computed once, when the knowledge base is assembled; renderers and
the search index only read them. A rule's "Cited by" list is its backlinks.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from kb.cardnames import CardNameMatcher
from kb.errors import ContentError, KbError
from kb.history import Resolution
from kb.model import Origin, Ruling, natural_key, rule_kind
from kb.processes import parallel_map
from kb.references import find_references
from kb.terms import TermIndex

if TYPE_CHECKING:
    from kb.store import KnowledgeBase


# What a dated citation of a rule deleted since becomes: cited, but linked to nothing.
_DELETED = "deleted"


@dataclass(frozen=True, slots=True)
class Target:
    kind: str  # "rule", "card" or "glossary"
    id: str


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of a record's text that links to `target`."""

    start: int
    end: int
    target: Target


@dataclass(frozen=True, slots=True, order=True)
class Citation:
    """Who cites a rule: a rule, a glossary term, a ruling or a card."""

    kind: str
    id: str
    origin: Origin


@dataclass(frozen=True, slots=True)
class Unresolved:
    """A reference to a rule number that the loaded release does not have."""

    citation: Citation
    number: str


@dataclass
class Links:
    # (record kind, record id) -> links inside that record's text
    spans: dict[tuple[str, str], list[Span]] = field(default_factory=dict)
    # rule number -> who cites it
    backlinks: dict[str, list[Citation]] = field(default_factory=dict)
    unresolved: list[Unresolved] = field(default_factory=list)
    # card id -> ids of other cards' rulings that name it
    mentions: dict[str, list[str]] = field(default_factory=dict)
    # (record kind, record id) -> the rule numbers it cites: lets a record be unlinked again
    cites: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    # ruling id -> its citations whose rule was renumbered, reworded or deleted since the ruling's date
    dated: dict[str, list[Resolution]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Job:
    """One text to link: whose it is, and whose card a ruling belongs to (its own name is not linked)."""

    key: tuple[str, str]
    text: str
    citation: Citation
    strict: bool
    card: str | None = None
    on: date | None = None  # a ruling's date: its rule numbers are those of the release in force then


# What finding links in one text yields: its spans as (start, end, target kind, target id),
# and (rule number, strict) for every rule it cites. Plain tuples: they cross processes.
_Found = tuple[list[tuple[int, int, str, str]], list[tuple[str, bool]]]


def link_records(kb: KnowledgeBase) -> tuple[Links, list[KbError]]:
    """Resolve every reference in the knowledge base; content errors are returned, not raised."""
    jobs: list[_Job] = []
    for rule in kb.rules.values():
        citation = Citation("rule", rule.number, rule.origin)
        jobs.append(_Job(("rule", rule.number), rule.text, citation, False))
        for i, example in enumerate(rule.examples):
            jobs.append(_Job(("rule-example", f"{rule.number}/{i}"), example, citation, False))
    for term in kb.glossary.values():
        jobs.append(_Job(("glossary", term.id), term.text, Citation("glossary", term.id, term.origin), False))
    for card in kb.cards.values():
        # A card cites the rules of the keywords in its Oracle text.
        citation = Citation("card", card.id, card.origin)
        jobs.append(_Job(("card", card.id), card.oracle_text, citation, False))
        for i, face in enumerate(card.faces):  # and of the keywords on each face
            jobs.append(_Job(("card-face", f"{card.id}/{i}"), face.oracle_text, citation, False))
    linker = _Linker(kb)
    _link_jobs(Finder(kb), linker, jobs, kb.rulings.values())
    return linker.finish()


def relink_rulings(
    kb: KnowledgeBase, finder: Finder, removed: Iterable[str], added: Iterable[Ruling]
) -> tuple[set[str], set[str], list[KbError]]:
    """Update `kb.links` in place after rulings were removed, added or changed (a change is both).

    Returns the rule numbers whose backlinks changed, the cards whose mentions
    changed, and the errors of the added rulings. This is what keeps a live
    preview fast: the rest of the knowledge base is not linked again.
    """
    links = kb.links
    numbers: set[str] = set()
    cards: set[str] = set()
    for ruling_id in removed:
        key = ("ruling", ruling_id)
        links.dated.pop(ruling_id, None)
        for number in links.cites.pop(key, ()):
            numbers.add(number)
            links.backlinks[number] = [c for c in links.backlinks.get(number, []) if (c.kind, c.id) != key]
        for span in links.spans.pop(key, []):
            if span.target.kind == "card":
                cards.add(span.target.id)
                links.mentions[span.target.id] = [r for r in links.mentions.get(span.target.id, []) if r != ruling_id]
    linker = _Linker(kb)
    _link_jobs(finder, linker, [], added)
    fresh, errors = linker.finish()
    links.spans.update(fresh.spans)
    links.cites.update(fresh.cites)
    links.dated.update(fresh.dated)
    for number, citations in fresh.backlinks.items():
        numbers.add(number)
        links.backlinks[number] = sorted([*links.backlinks.get(number, []), *citations], key=_citation_order)
    for card, ruling_ids in fresh.mentions.items():
        cards.add(card)
        links.mentions[card] = sorted({*links.mentions.get(card, []), *ruling_ids}, key=natural_key)
    return numbers, cards, errors


def _link_jobs(finder: Finder, linker: _Linker, jobs: list[_Job], rulings: Iterable[Ruling]) -> None:
    """Find and apply the links of `jobs` and of `rulings` (their text, the rules they explain, their examples' claims)."""
    rulings = list(rulings)
    # Curated text naming a rule the release lacks is an error; imported text, a warning (`Links.unresolved`).
    jobs = jobs + [_Job(("ruling", r.id), r.text, Citation("ruling", r.id, r.origin), not r.imported, r.card, r.date) for r in rulings]
    # Finding links is the costly, independent part: it runs on every core. Workers
    # are forked with `jobs` in memory: only indices go out, plain tuples come back.
    found = parallel_map(lambda indices: [finder.find(jobs[i]) for i in indices], range(len(jobs)))
    for job, (spans, cited) in zip(jobs, found, strict=True):
        linker.apply(job, [Span(start, end, Target(kind, target)) for start, end, kind, target in spans], cited)
    for ruling in rulings:
        citation = Citation("ruling", ruling.id, ruling.origin)
        for number in ruling.rules:
            linker.cite(linker.today(number, ruling.id, ruling.date), citation, strict=True)
        if ruling.example:
            for number in ruling.example.rules:
                linker.cite(number, Citation("ruling", ruling.id, ruling.example.origin), strict=True)


def _citation_order(citation: Citation) -> tuple:
    return (citation.kind, natural_key(citation.id))


class Finder:
    """Finds rule references, game terms and card names in texts; changes nothing.

    Building one indexes every term and card name, so a live preview keeps it.
    """

    def __init__(self, kb: KnowledgeBase) -> None:
        self.terms = TermIndex.from_release(kb.rules.values(), kb.glossary.values())
        self.names = CardNameMatcher(kb.cards.values(), texts=_ruling_texts(kb)) if kb.rulings else None

    def find(self, job: _Job) -> _Found:
        spans: list[tuple[int, int, str, str]] = []
        cited: list[tuple[str, bool]] = []
        if job.citation.kind == "ruling" and self.names is not None:
            for name in self.names.find(job.text, job.card):
                if name.card_id != job.card:
                    spans.append((name.start, name.end, "card", name.card_id))
        for ref in find_references(job.text):
            for start, end, number in ref.links:
                cited.append((number, job.strict))
                # Rules inside a range have no text of their own (start == end): cited, not linked.
                if start < end:
                    spans.append((start, end, "rule", number))
        taken = [(start, end) for start, end, _, _ in spans]
        for term in self.terms.find(job.text, exclude=job.citation.id, single_words=job.citation.kind != "rule"):
            if any(term.start < end and start < term.end for start, end in taken):
                continue  # inside a rule reference or a card name: that link wins
            if term.kind == "rule":
                cited.append((term.id, False))
            spans.append((term.start, term.end, term.kind, term.id))
        return spans, cited


def _ruling_texts(kb: KnowledgeBase) -> Iterable[str]:
    """What tells a common word from a name: the rulings' own text, and the cards'."""
    yield from (ruling.text for ruling in kb.rulings.values())
    for card in kb.cards.values():
        yield card.oracle_text
        yield from (face.oracle_text for face in card.faces)


class _Linker:
    """Applies what the finder found: backlinks, mentions, and the errors content must fix."""

    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self.spans: dict[tuple[str, str], list[Span]] = {}
        # rule number -> (kind, id) -> citation: one entry per citing record
        self.backlinks: dict[str, dict[tuple[str, str], Citation]] = defaultdict(dict)
        self.unresolved: list[Unresolved] = []
        self.mentions: dict[str, set[str]] = defaultdict(set)
        self.cites: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.errors: list[KbError] = []
        self.dated: dict[str, list[Resolution]] = {}

    def apply(self, job: _Job, spans: list[Span], cited: list[tuple[str, bool]]) -> None:
        if job.on is not None and self.kb.history is not None:
            # A dated ruling's numbers are followed through the rules' history to today's.
            cited = [(self.today(number, job.citation.id, job.on), strict) for number, strict in cited]
            spans = [self.today_span(span, job) for span in spans]
        linked = {number for number, strict in dict.fromkeys(cited) if self.cite(number, job.citation, strict)}
        kept = [s for s in spans if s.target.kind != "rule" or s.target.id in linked]
        for span in kept:
            if span.target.kind == "card":
                self.mentions[span.target.id].add(job.citation.id)
        if kept:
            self.spans[job.key] = kept

    def today(self, number: str, ruling: str, on: date | None) -> str:
        """The number today of rule `number` as a ruling of date `on` meant it; noted when it moved or changed."""
        history = self.kb.history
        if history is None or on is None:
            return number
        resolution = history.resolve(number, on)
        if resolution is None or not (resolution.renumbered or resolution.reworded or resolution.current is None):
            return number
        noted = self.dated.setdefault(ruling, [])
        if resolution not in noted:
            noted.append(resolution)
        # A rule deleted since keeps its old number: linking it to today's rule of that number would mislead.
        return resolution.current or _DELETED

    def today_span(self, span: Span, job: _Job) -> Span:
        if span.target.kind != "rule":
            return span
        return Span(span.start, span.end, Target("rule", self.today(span.target.id, job.citation.id, job.on)))

    def cite(self, number: str, citation: Citation, strict: bool) -> bool:
        if number == _DELETED:
            return False
        """Record that `citation` cites rule `number`; False when the rule cannot be linked.

        Without a Comprehensive Rules release loaded, any well-formed number is
        accepted (its page lists the citations without the rule text). With one,
        content that names a missing rule is an error; the release's own
        dangling references are only listed, since the release is not ours to fix.
        """
        try:
            rule_kind(number)
        except ValueError:
            self.errors.append(
                ContentError(f"not a rule number: '{number}'", citation.origin, "write rule numbers like 302.6 or 601.2a")
            )
            return False
        if self.kb.rules and number not in self.kb.rules:
            if strict:
                self.errors.append(
                    ContentError(
                        f"reference to unknown rule {number}", citation.origin, "no such rule in the loaded Comprehensive Rules"
                    )
                )
            else:
                self.unresolved.append(Unresolved(citation, number))
            return False
        if citation.kind != "rule" or citation.id != number:
            self.backlinks[number].setdefault((citation.kind, citation.id), citation)
        self.cites[(citation.kind, citation.id)].add(number)
        return True

    def finish(self) -> tuple[Links, list[KbError]]:
        backlinks = {number: sorted(cites.values(), key=_citation_order) for number, cites in self.backlinks.items()}
        mentions = {card: sorted(rulings, key=natural_key) for card, rulings in self.mentions.items()}
        return Links(self.spans, backlinks, self.unresolved, mentions, dict(self.cites), self.dated), self.errors
