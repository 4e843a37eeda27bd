"""The community's names for rules and glossary entries, attached to the records they mean."""

from __future__ import annotations

import re
from collections.abc import Iterable

from kb.errors import ContentError, KbError, raise_all
from kb.model import Alias, slugify
from kb.search_text import tokens
from kb.store import KnowledgeBase

_RULE_NUMBER = re.compile(r"^[0-9]{1,3}(\.[0-9]+[a-z]?)?$")


Texts = dict[tuple[str, str], list[str]]


def resolve_aliases(aliases: Iterable[Alias], kb: KnowledgeBase) -> tuple[Texts, Texts, Texts]:
    """(kind, id) -> the names players use for it, the phrasings they ask about it with, and the whole phrasings
    (`Alias.asked`); as written.

    A target that cannot be a rule number or a glossary id is an error at its
    line. One the loaded release lacks is left out: the list is written for the
    current rules, and an older (or no) release lacks entries newer ones have.
    `missing_targets` lists them, for a test against the current release.
    """
    names: Texts = {}
    phrasings: Texts = {}
    asked: Texts = {}
    errors: list[KbError] = []
    for alias in aliases:
        for number in alias.rules:
            if not _RULE_NUMBER.match(number):
                errors.append(
                    ContentError(
                        f"alias {alias.label!r}: {number!r} is not a rule number", alias.origin, "write it as 704 or 704.5j"
                    )
                )
        for text in alias.asked:
            if len(searched := set(tokens(text))) < 2:
                errors.append(
                    ContentError(
                        f"alias {alias.label!r}: asked {text!r} has {len(searched)} searched word(s) ({' '.join(sorted(searched))})",
                        alias.origin,
                        "a whole phrasing needs two words besides 'what', 'does', 'it' …; one word is a name",
                    )
                )
        for term_id in alias.glossary:
            if slugify(term_id) != term_id:
                hint = f"write the glossary entry's id, as in its URL: {slugify(term_id)}"
                errors.append(ContentError(f"alias {alias.label!r}: {term_id!r} is not a glossary id", alias.origin, hint))
        for kind, record_id in _targets(alias):
            if record_id in (kb.rules if kind == "rule" else kb.glossary):
                for texts, found in ((alias.names, names), (alias.phrasings, phrasings), (alias.asked, asked)):
                    if texts:
                        listed = found.setdefault((kind, record_id), [])
                        # Searches fold case: "BO3" beside "Bo3" finds nothing more, and the glossary would show both.
                        for text in texts:
                            if text.casefold() not in {t.casefold() for t in listed}:
                                listed.append(text)
    raise_all(errors)
    return names, phrasings, asked


def missing_targets(aliases: Iterable[Alias], kb: KnowledgeBase) -> list[str]:
    """'file:line: kind id' of every target the knowledge base lacks."""
    return [
        f"{alias.origin}: {kind} {record_id}"
        for alias in aliases
        for kind, record_id in _targets(alias)
        if record_id not in (kb.rules if kind == "rule" else kb.glossary)
    ]


def _targets(alias: Alias) -> list[tuple[str, str]]:
    return [("rule", n) for n in alias.rules] + [("glossary", g) for g in alias.glossary]
