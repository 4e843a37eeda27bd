"""Cross-links: every textual reference becomes a typed link, every link a backlink.

Links are computed once, when the knowledge base is assembled; renderers and
the search index only read them. A rule's "Cited by" list is its backlinks.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.cardnames import CardNameMatcher
from kb.errors import ContentError, KbError
from kb.model import Origin, natural_key, rule_kind
from kb.references import find_references
from kb.terms import TermIndex

if TYPE_CHECKING:
    from kb.store import KnowledgeBase


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


def link_records(kb: KnowledgeBase) -> tuple[Links, list[KbError]]:
    """Resolve every reference in the knowledge base; content errors are returned, not raised."""
    linker = _Linker(kb)
    for rule in kb.rules.values():
        citation = Citation("rule", rule.number, rule.origin)
        linker.text(("rule", rule.number), rule.text, citation)
        for i, example in enumerate(rule.examples):
            linker.text(("rule-example", f"{rule.number}/{i}"), example, citation)
    for term in kb.glossary.values():
        linker.text(("glossary", term.id), term.text, Citation("glossary", term.id, term.origin))
    for card in kb.cards.values():
        # A card cites the rules of the keywords in its Oracle text.
        linker.text(("card", card.id), card.oracle_text, Citation("card", card.id, card.origin))
    names = CardNameMatcher(kb.cards.values()) if kb.rulings else None
    for ruling in kb.rulings.values():
        citation = Citation("ruling", ruling.id, ruling.origin)
        cards = [s for s in names.find(ruling.text, ruling.card) if s.card_id != ruling.card] if names else []
        for span in cards:
            linker.mentions[span.card_id].add(ruling.id)
        card_spans = [Span(s.start, s.end, Target("card", s.card_id)) for s in cards]
        linker.text(("ruling", ruling.id), ruling.text, citation, strict=True, extra=card_spans)
        for number in ruling.rules:
            linker.cite(number, citation, strict=True)
        if ruling.example:
            for number in ruling.example.rules:
                linker.cite(number, Citation("ruling", ruling.id, ruling.example.origin), strict=True)
    return linker.finish()


class _Linker:
    def __init__(self, kb: KnowledgeBase) -> None:
        self.kb = kb
        self.terms = TermIndex.from_release(kb.rules.values(), kb.glossary.values())
        self.spans: dict[tuple[str, str], list[Span]] = {}
        # rule number -> (kind, id) -> citation: one entry per citing record
        self.backlinks: dict[str, dict[tuple[str, str], Citation]] = defaultdict(dict)
        self.unresolved: list[Unresolved] = []
        self.mentions: dict[str, set[str]] = defaultdict(set)
        self.errors: list[KbError] = []

    def text(self, key: tuple[str, str], text: str, citation: Citation, strict: bool = False, extra: Sequence[Span] = ()) -> None:
        """Link the rule references and terms in `text`; `extra` links (card names) are kept as given."""
        spans = list(extra)
        for ref in find_references(text):
            for start, end, number in ref.links:
                # Rules inside a range have no text of their own (start == end): cited, not linked.
                if self.cite(number, citation, strict) and start < end:
                    spans.append(Span(start, end, Target("rule", number)))
        taken = [(s.start, s.end) for s in spans]
        for term in self.terms.find(text, exclude=citation.id, single_words=citation.kind != "rule"):
            if any(term.start < end and start < term.end for start, end in taken):
                continue  # inside a rule reference: that link wins
            if term.kind == "rule":
                self.cite(term.id, citation, strict=False)
            spans.append(Span(term.start, term.end, Target(term.kind, term.id)))
        if spans:
            self.spans[key] = spans

    def cite(self, number: str, citation: Citation, strict: bool) -> bool:
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
        return True

    def finish(self) -> tuple[Links, list[KbError]]:
        backlinks = {
            number: [cites[key] for key in sorted(cites, key=lambda k: (k[0], natural_key(k[1])))]
            for number, cites in self.backlinks.items()
        }
        mentions = {card: sorted(rulings, key=natural_key) for card, rulings in self.mentions.items()}
        return Links(self.spans, backlinks, self.unresolved, mentions), self.errors
