"""Ways around the rule pages: breadcrumb, previous and next section, a section's contents.

Sections 701 and 702 list keyword actions and abilities, one rule each titled by
its keyword ("702.2. Deathtouch"): their contents are an A–Z keyword index.
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.model import RuleKind, rule_kind
from kb.store import KnowledgeBase
from kb.terms import is_keyword_rule

KEYWORD_SECTIONS = {"701": "Keyword actions", "702": "Keyword abilities"}


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of a section's contents: a rule and what it is called."""

    number: str
    title: str


@dataclass(frozen=True, slots=True)
class SectionNav:
    chapter: str | None  # "3"
    previous: str | None  # "301"
    next: str | None  # "303"
    contents: list[Entry]
    keyword_index: str | None  # "Keyword abilities" on 702's page


def section_nav(kb: KnowledgeBase, sections: list[str], section: str, numbers: list[str]) -> SectionNav:
    """Where section `section` (one of the ordered `sections`, showing `numbers`) sits, and what it holds."""
    at = sections.index(section)
    chapter = section[0] if section[0] in kb.rules else None
    rules = [n for n in numbers if rule_kind(n) is RuleKind.RULE]
    keywords = [n for n in rules if n in kb.rules and is_keyword_rule(kb.rules[n])] if section in KEYWORD_SECTIONS else []
    # Rules about keywords in general ("702.1. Most abilities describe…") first, then the keywords A–Z.
    contents = [Entry(n, _first_words(kb, n)) for n in rules if n not in keywords]
    contents += sorted((Entry(n, kb.rules[n].text) for n in keywords), key=lambda e: e.title.lower())
    return SectionNav(
        chapter=chapter,
        previous=sections[at - 1] if at > 0 else None,
        next=sections[at + 1] if at + 1 < len(sections) else None,
        contents=contents,
        keyword_index=KEYWORD_SECTIONS.get(section),
    )


def _first_words(kb: KnowledgeBase, number: str) -> str:
    rule = kb.rules.get(number)
    if rule is None:
        return ""
    words = rule.text.split()
    return " ".join(words[:7]) + ("…" if len(words) > 7 else "")
