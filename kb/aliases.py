"""The community's names for rules and glossary entries, attached to the records they mean."""

from __future__ import annotations

from collections.abc import Iterable

from kb.errors import ContentError, KbError, raise_all
from kb.model import Alias
from kb.store import KnowledgeBase


def resolve_aliases(aliases: Iterable[Alias], kb: KnowledgeBase) -> dict[tuple[str, str], list[str]]:
    """(kind, id) -> names players use for it, in the order written.

    With a Comprehensive Rules release loaded, every rule and glossary entry an
    alias names must exist in it: a typo in the list is an error at its line.
    Without one there is nothing to point at, and the list waits for the rules.
    """
    found: dict[tuple[str, str], list[str]] = {}
    errors: list[KbError] = []
    for alias in aliases:
        targets = [("rule", n) for n in alias.rules] + [("glossary", g) for g in alias.glossary]
        for kind, record_id in targets:
            exists = record_id in (kb.rules if kind == "rule" else kb.glossary)
            if not exists:
                if kb.rules_document is not None:
                    hint = "write the rule's number" if kind == "rule" else "write the glossary entry's id, as in its URL"
                    errors.append(ContentError(f"alias {alias.names[0]!r} names an unknown {kind} {record_id!r}", alias.origin, hint))
                continue
            names = found.setdefault((kind, record_id), [])
            names.extend(n for n in alias.names if n not in names)
    raise_all(errors)
    return found
