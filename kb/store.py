"""The knowledge base: every record in one place, indexed by id, with its links.

`assemble` is the only way to make one. It rejects what cannot be published
(duplicate ids, a ruling of an unknown card, a reference to an unknown record)
and collects every such problem before raising, so one run shows them all.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.errors import ContentError, KbError, raise_all
from kb.history import RulesHistory
from kb.links import Citation, Links, link_records
from kb.model import Card, CrExample, GlossaryTerm, Rule, RulesDocument, Ruling, natural_key

if TYPE_CHECKING:
    from kb.import_summary import ImportSummary


@dataclass
class KnowledgeBase:
    cards: dict[str, Card]
    rulings: dict[str, Ruling]
    rules: dict[str, Rule]
    glossary: dict[str, GlossaryTerm]
    rules_document: RulesDocument | None = None
    previous_rules: RulesDocument | None = None
    # Every name a card can be found under (full name, face names), lower-cased.
    card_names: dict[str, str] = field(default_factory=dict)
    rulings_by_card: dict[str, list[Ruling]] = field(default_factory=dict)
    links: Links = field(default_factory=Links)
    # What the build did with bulk card data; None when it read none.
    import_summary: ImportSummary | None = None
    # (kind, id) -> what players call that rule or glossary entry, how they ask about it, and how they ask
    # about it in whole phrasings (content/search/aliases.yaml): all are searched; the glossary shows the names.
    aliases: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    phrasings: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    asked: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    # Rule number -> the questions players ask that it answers (content/search/questions.yaml), searched as its text.
    questions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    history: RulesHistory | None = None  # every rule's past releases, when built with --history
    # Executable counterparts of the Comprehensive Rules' own examples, by id ('cr-601.2c-1').
    cr_examples: dict[str, CrExample] = field(default_factory=dict)

    def rules_with_a_page(self) -> list[str]:
        """Every rule number the site shows, in order: the release's rules, and the rules content cites.

        Without a CR release, a cited rule still has a place on its section's
        page (listing who cites it), a JSON document and a search entry.
        """
        return sorted(set(self.rules) | set(self.links.backlinks), key=natural_key)

    def has_a_page(self, rule_number: str) -> bool:
        return rule_number in self.rules or rule_number in self.links.backlinks

    def cited_by(self, rule_number: str) -> list[Citation]:
        return self.links.backlinks.get(rule_number, [])

    def card_rulings(self, card_id: str) -> list[Ruling]:
        """A card's own rulings, oldest first, then the general rulings it attaches."""
        # Ids end in the ruling's ordinal on its date: compared as numbers, 2 comes before 10.
        own = sorted(self.rulings_by_card.get(card_id, []), key=lambda r: (r.date is None, r.date, natural_key(r.id)))
        general = [self.rulings[g] for g in self.cards[card_id].general_rulings if g in self.rulings]
        return own + general


def assemble(
    cards: Iterable[Card],
    rulings: Iterable[Ruling],
    rules_document: RulesDocument | None = None,
    previous_rules: RulesDocument | None = None,
    history: RulesHistory | None = None,
    cr_examples: Iterable[CrExample] = (),
) -> KnowledgeBase:
    """Index the records, check that they fit together, and resolve their links."""
    errors: list[KbError] = []
    kb = KnowledgeBase(
        cards=_unique(cards, "card", errors),
        rulings=_unique(rulings, "ruling", errors),
        rules={r.number: r for r in rules_document.rules} if rules_document else {},
        glossary={t.id: t for t in rules_document.glossary} if rules_document else {},
        rules_document=rules_document,
        previous_rules=previous_rules,
        history=history,
        cr_examples=_unique(cr_examples, "CR example", errors),
    )
    errors.extend(index_records(kb))
    kb.links, link_errors = link_records(kb)
    errors.extend(link_errors)
    raise_all(errors)
    return kb


def index_records(kb: KnowledgeBase) -> list[KbError]:
    """(Re)build the name and per-card indexes; report records that point at nothing."""
    errors: list[KbError] = []
    kb.card_names = {}
    for card in kb.cards.values():
        kb.card_names[card.name.lower()] = card.id
        for face in card.faces:
            kb.card_names.setdefault(face.name.lower(), card.id)
        for general in card.general_rulings:
            if general not in kb.rulings or not kb.rulings[general].is_general:
                errors.append(
                    ContentError(
                        f"unknown general ruling '{general}'", card.origin, "give the id of a ruling in content/rulings/"
                    )
                )
    by_card: dict[str, list[Ruling]] = defaultdict(list)
    for ruling in kb.rulings.values():
        if ruling.card is None:
            continue
        if ruling.card not in kb.cards:
            errors.append(
                ContentError(
                    f"ruling of unknown card '{ruling.card}'",
                    ruling.origin,
                    "add a card record to content/cards/ or fix the name",
                )
            )
        by_card[ruling.card].append(ruling)
    kb.rulings_by_card = dict(by_card)
    return errors


def _unique(records: Iterable, kind: str, errors: list[KbError]) -> dict:
    """Index records by id; a second record with a taken id is an error at its own origin."""
    index: dict = {}
    for record in records:
        if record.id in index:
            first = index[record.id].origin
            errors.append(ContentError(f"duplicate {kind} id '{record.id}'", record.origin, f"first defined at {first}"))
            continue
        index[record.id] = record
    return index
