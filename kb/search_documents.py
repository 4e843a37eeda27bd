"""The searchable documents: one pass over the knowledge base that feeds both search indexes.

`searchable_documents(kb)` is the one place that decides what a record is
found by — its name, its other names (aliases), where it belongs, its text —
and how much each weighs. The terminal's `site/kb.sqlite` and the site's
chunked index are both written from it (`kb.search_postings`), so a query finds
the same records in the same order in `kb search` and in the browser.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field

from kb import urls
from kb.model import RuleKind, natural_key, parent_rule, rule_kind, section_of
from kb.sanitize import visible
from kb.store import KnowledgeBase
from kb.text import shorten

# Field weights: a match in a record's own name outranks one in its text; an
# alias (another name for the record) sits in between; a rule's parent number
# lists it under a search for that number ("605" -> 605.1, 605.2 …).
TITLE, ALIAS, PARENT, CONTEXT, BODY = 10.0, 6.0, 2.0, 1.5, 1.0
# The questions players ask that a rule answers (content/search/questions.yaml) weigh this much of its text's words:
# enough that a question worded as players word it meets its answer, too little for one shared word to outrank the text.
# Chosen among 0.25, 0.5, 0.75 and 1.5 on the tuning and held-out sets' aggregates (bench/README.md, stop 37). A weight
# keys its field: it must differ from the weights above.
QUESTIONS = 0.75
# A card's or ruling's words (its name and text) count for this much of a
# rule's: words ("can one creature block two attackers", "flicker") ask what
# the rules say, and 70,000 cards and rulings that use the same words in
# passing, or in their names, would otherwise outnumber the rule that answers.
# A card's name is still a result of its own (its whole name scores
# WHOLE_TITLE in full), and the search box suggests cards by name as you type.
CARD_TEXT = 0.4
# Parent rule texts this short are titles ("702.10. Haste") worth giving to children.
SHORT_TITLE_WORDS = 6
SNIPPET_CHARS = 280
# Players shorten a name of three words or more to its initials ("SBA", "LKI", "MTMTE"): a glossary term or a rule's
# title is also found by them, unless they spell a word of the rules ("Change a Target" is no "cat").
ACRONYM_WORDS = 3
_NAME_WORD = re.compile(r"[^\W_]+")


@dataclass
class SearchDocument:
    """One search result: a rule, glossary term, card or ruling, at its own anchor."""

    kind: str  # "rule", "glossary", "card", "ruling"
    id: str
    title: str
    url: str
    context: str  # shown above the snippet: the rule's section, the ruling's card …
    snippet: str
    fields: dict[float, list[str]] = field(default_factory=dict)  # weight -> texts
    text_factor: float = 1.0  # times the weight of every field (CARD_TEXT for cards and rulings)
    heading: bool = False  # a rule whose text is only its name ("301. Artifacts", "702.9. Flying")

    def record(self) -> list[str]:
        """What a result shows: kind, title, url#anchor, context line, snippet; control characters as escapes."""
        return [self.kind, visible(self.title), self.url, visible(self.context), visible(shorten(self.snippet, SNIPPET_CHARS))]


def searchable_documents(kb: KnowledgeBase) -> Iterator[SearchDocument]:
    """Every searchable record, ordered so that records found together are stored together.

    A rule or glossary entry is also found by what players call it and how they
    ask about it (`kb.aliases`, `kb.phrasings`, from content/search/aliases.yaml),
    and a rule by the questions players ask that it answers (`kb.questions`,
    from content/search/questions.yaml).
    A generator: the indexes are built in one pass over 100,000 documents, none of which is kept.
    """
    see_rule = _glossary_aliases(kb)
    initials = _acronyms(kb)

    def players_words(kind: str, record_id: str) -> list[str]:
        found = [*kb.aliases.get((kind, record_id), []), *kb.phrasings.get((kind, record_id), [])]
        return [*found, initials[kind, record_id]] if (kind, record_id) in initials else found

    for number in kb.rules_with_a_page():
        yield _rule_document(kb, number, [*see_rule.get(number, []), *players_words("rule", number)])
    for term_id in sorted(kb.glossary):
        yield _glossary_document(kb, term_id, players_words("glossary", term_id))
    for ruling in sorted(kb.rulings.values(), key=lambda r: r.id):
        if ruling.is_general:
            yield _ruling_document(kb, ruling.id)
    for card in sorted(kb.cards.values(), key=lambda c: (c.name.lower(), c.id)):
        # A card and its rulings side by side: searching a card's name finds both.
        yield _card_document(kb, card.id)
        for ruling in kb.card_rulings(card.id):
            if not ruling.is_general:
                yield _ruling_document(kb, ruling.id)


def _glossary_aliases(kb: KnowledgeBase) -> dict[str, list[str]]:
    """Rule number -> names of the glossary terms that send the reader to it by number ("See rule 302.6").

    This is how "summoning sickness" finds rule 302.6: the glossary entry
    "Summoning Sickness Rule" says "See rule 302.6". Only references written as
    numbers count; a term merely mentioned in a definition is not another name.
    """
    aliases: dict[str, list[str]] = defaultdict(list)
    for term in sorted(kb.glossary.values(), key=lambda t: t.id):
        for span in kb.links.spans.get(("glossary", term.id), []):
            label = term.text[span.start : span.end]
            if span.target.kind == "rule" and any(ch.isdigit() for ch in label) and term.term not in aliases[span.target.id]:
                aliases[span.target.id].append(term.term)
    return aliases


def _acronyms(kb: KnowledgeBase) -> dict[tuple[str, str], str]:
    """(kind, id) -> the initials of a glossary term's or a titled rule's name of ACRONYM_WORDS words or more."""
    names = [(("glossary", t.id), t.term) for t in kb.glossary.values()]
    names += [(("rule", n), r.text) for n, r in kb.rules.items() if _is_title(n, r.text)]
    # The rules' runs of letters, read in one pass: tokenizing each rule again took as long as every other document here.
    words = set(re.findall("[a-z]+", "\n".join(r.text for r in kb.rules.values()).lower()))
    found = {}
    for record, name in names:
        spoken = _NAME_WORD.findall(name.lower())
        initials = "".join(w[0] for w in spoken)
        if len(spoken) >= ACRONYM_WORDS and initials not in words:
            found[record] = initials
    return found


def _is_title(number: str, text: str) -> bool:
    """Whether a rule's text is a name ("702.162. More Than Meets the Eye", "704. State-Based Actions"), not a sentence."""
    if rule_kind(number) in (RuleKind.CHAPTER, RuleKind.SECTION):
        return True
    return len(text.split()) <= SHORT_TITLE_WORDS and not text.endswith((".", ":"))


def _rule_document(kb: KnowledgeBase, number: str, aliases: list[str]) -> SearchDocument:
    kind = rule_kind(number)
    section = section_of(number)
    rule = kb.rules.get(number)
    parent = parent_rule(number) or ""
    if rule is None:
        cites = len(kb.cited_by(number))
        return SearchDocument("rule", number, number, urls.rule_url(number), "", f"Cited by {cites}", {TITLE: [number]})
    if kind in (RuleKind.CHAPTER, RuleKind.SECTION):
        # A chapter or section's text is its title: "302" and "Creatures" are both its name.
        return SearchDocument(
            "rule",
            number,
            f"{number}. {rule.text}",
            urls.rule_url(number),
            "",
            _first_rule_text(kb, number),
            {TITLE: [number, rule.text], ALIAS: aliases, PARENT: [parent]},
            heading=True,
        )
    section_rule = kb.rules.get(section or "")
    context = f"{section}. {section_rule.text}" if section_rule else ""
    parent_record = kb.rules.get(number[:-1]) if kind is RuleKind.SUBRULE else None
    # A subrule of "702.10. Haste" is about haste even when its text never says so.
    parent_title = parent_record.text if parent_record and len(parent_record.text.split()) <= SHORT_TITLE_WORDS else ""
    # "702.10. Haste" is a keyword's title: its text is its name.
    heading = _is_title(number, rule.text)
    names = [number, rule.text] if heading else [number]
    return SearchDocument(
        "rule",
        number,
        number,
        urls.rule_url(number),
        context,
        rule.text,
        {
            TITLE: names,
            ALIAS: aliases,
            PARENT: [parent],
            CONTEXT: [context.partition(". ")[2], parent_title],
            BODY: [" ".join((rule.text, *rule.examples))],
            QUESTIONS: list(kb.questions.get(number, ())),
        },
        heading=heading,
    )


def _first_rule_text(kb: KnowledgeBase, number: str) -> str:
    """A section's first rule with a sentence, which tells what the section is about."""
    prefix = f"{number}."
    for candidate in sorted((n for n in kb.rules if n.startswith(prefix)), key=natural_key)[:5]:
        text = kb.rules[candidate].text
        if text.endswith("."):
            return f"{candidate} {text}"
    return ""


def _glossary_document(kb: KnowledgeBase, term_id: str, aliases: list[str]) -> SearchDocument:
    term = kb.glossary[term_id]
    return SearchDocument(
        "glossary",
        term_id,
        term.term,
        urls.glossary_url(term_id),
        "",
        term.text,
        {TITLE: [term.term], ALIAS: aliases, BODY: [term.text]},
    )


def _card_document(kb: KnowledgeBase, card_id: str) -> SearchDocument:
    card = kb.cards[card_id]
    names = [card.name, *(face.name for face in card.faces)]
    texts = [card.type_line, card.oracle_text, *(f"{f.type_line} {f.oracle_text}" for f in card.faces)]
    return SearchDocument(
        "card",
        card_id,
        card.name,
        urls.card_url(card_id),
        card.type_line,
        card.oracle_text,
        {TITLE: names, ALIAS: [card.short_name or ""], BODY: texts},
        CARD_TEXT,
    )


def _ruling_document(kb: KnowledgeBase, ruling_id: str) -> SearchDocument:
    ruling = kb.rulings[ruling_id]
    url = urls.ruling_url(ruling)
    if ruling.card:
        card = kb.cards[ruling.card]
        day = ruling.date.isoformat() if ruling.date else "undated"
        fields = {CONTEXT: [card.name], BODY: [ruling.text]}
        return SearchDocument("ruling", ruling_id, f"{card.name} — ruling {day}", url, card.name, ruling.text, fields, CARD_TEXT)
    explains = ", ".join(ruling.rules)
    context = f"General ruling · rule {explains}" if explains else "General ruling"
    fields = {CONTEXT: list(ruling.rules), BODY: [ruling.text]}
    return SearchDocument("ruling", ruling_id, shorten(ruling.text, 70), url, context, ruling.text, fields, CARD_TEXT)
