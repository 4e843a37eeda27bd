"""Counts that describe one imported release of the Comprehensive Rules (`kb rules-stats FILE`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kb.model import Origin, RuleKind, RulesDocument
from kb.references import Reference, find_references


def rules_stats(doc: RulesDocument) -> dict[str, Any]:
    """Statistics of a release, as plain JSON-ready values.

    Keys:
      effective_date         ISO date of the release
      chapters, sections     headings ("1. Game Concepts", "100. General")
      rules                  every numbered rule and subrule ("100.1", "100.1a");
                             chapters and sections are NOT included (they are
                             titles, counted under their own keys)
      rules_top_level, subrules   `rules` split by kind
      examples               "Example:" paragraphs
      glossary_terms, obsolete_glossary_terms
      contents_lines         entries of the table of contents
      references             textual references found in rule texts, examples and
                             glossary definitions (one per "rule …"/"section …"
                             phrase, so "rules 110.2 and 112.2" is one)
      reference_targets      rule numbers those references denote (ranges expanded)
      unresolved_references  how many denoted numbers the release does not have
      unresolved             those, each {"origin", "in", "text", "number"}, where
                             `origin` is the line of the citing rule or glossary term
      unparsed_lines         lines the importer could not place
      notes                  typos in the official text read the way their meaning
                             is clear, each {"origin", "text"}
      truncated_at           where a release cut short ends (null for a whole one)
    """
    kinds = [rule.kind for rule in doc.rules]
    known = {rule.number for rule in doc.rules}
    references = list(_references(doc))
    unresolved = [
        {"origin": str(origin), "in": where, "text": ref.text, "number": number}
        for origin, where, ref in references
        for number in ref.targets
        if number not in known
    ]
    return {
        "effective_date": doc.effective_date.isoformat(),
        "chapters": kinds.count(RuleKind.CHAPTER),
        "sections": kinds.count(RuleKind.SECTION),
        "rules": kinds.count(RuleKind.RULE) + kinds.count(RuleKind.SUBRULE),
        "rules_top_level": kinds.count(RuleKind.RULE),
        "subrules": kinds.count(RuleKind.SUBRULE),
        "examples": sum(len(rule.examples) for rule in doc.rules),
        "glossary_terms": len(doc.glossary),
        "obsolete_glossary_terms": sum(term.obsolete for term in doc.glossary),
        "contents_lines": doc.contents_lines,
        "references": len(references),
        "reference_targets": sum(len(ref.targets) for _, _, ref in references),
        "unresolved_references": len(unresolved),
        "unresolved": unresolved,
        "unparsed_lines": len(doc.unparsed),
        "notes": [{"origin": str(note.origin), "text": note.text} for note in doc.notes],
        "truncated_at": str(doc.truncated_at) if doc.truncated_at else None,
    }


def _references(doc: RulesDocument) -> Iterator[tuple[Origin, str, Reference]]:
    """Every textual reference with the origin and id of the record that contains it."""
    for rule in doc.rules:
        for text in (rule.text, *rule.examples):
            for ref in find_references(text):
                yield rule.origin, f"rule {rule.number}", ref
    for term in doc.glossary:
        for ref in find_references(term.text):
            yield term.origin, f"glossary {term.term}", ref
