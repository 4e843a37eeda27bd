"""What a build did with the bulk card data: imported, skipped, merged, warned about.

`kb build` prints it in a few lines (`lines`; every detail with `--verbose`),
and the JSON API's index holds it (`document`), so a person and a program can
both see what went in and what did not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kb.links import Unresolved
from kb.merge import Merged
from kb.sources.bulk import Imported


@dataclass(frozen=True)
class ImportSummary:
    sources: tuple[tuple[str, int, int], ...]  # (source, cards, rulings) as each importer read them
    skipped: dict[str, int]  # what the importers left out, by kind ("token", "repeated Oracle id" …)
    counts: dict[str, int]  # what merging did (`kb.merge.Merged.counts`)
    warnings: tuple[str, ...] = ()  # references in imported text to rules the loaded release lacks
    details: tuple[str, ...] = field(default=())  # every importer's and merge's notes, for --verbose

    def lines(self) -> list[str]:
        """The summary as `kb build` prints it."""
        out = [f"imported from {name}: {cards} cards, {rulings} rulings" for name, cards, rulings in self.sources]
        if self.skipped:
            out.append("skipped: " + ", ".join(f"{n} {kind}" for kind, n in sorted(self.skipped.items())))
        c = self.counts
        out.append(
            f"merged: {c.get('merged_cards', 0)} card records into cards of another source; shown once: "
            f"{c.get('duplicate_rulings', 0)} duplicate rulings, {c.get('reworded_rulings', 0)} rewordings"
            + (f"; dropped {c['dropped_rulings']} rulings of cards in no source" if c.get("dropped_rulings") else "")
        )
        if self.warnings:
            out.append(f"warnings: {len(self.warnings)} references in imported rulings to rules the Comprehensive Rules lack")
        return out

    def details_lines(self) -> list[str]:
        """Every note and warning, for `kb build --verbose`."""
        return [f"  {line}" for line in (*self.details, *self.warnings)]

    def document(self) -> dict[str, Any]:
        """The summary for the JSON API's index."""
        return {
            "sources": [{"source": name, "cards": cards, "rulings": rulings} for name, cards, rulings in self.sources],
            "skipped": dict(sorted(self.skipped.items())),
            **self.counts,
            "warnings": list(self.warnings),
            "details": list(self.details),
        }


def summarise(imported: Sequence[Imported], merged: Merged, unresolved: Iterable[Unresolved]) -> ImportSummary:
    """The summary of one build's imports."""
    skipped: Counter[str] = Counter()
    details: list[str] = []
    for source in imported:
        for note in source.notes:
            details.append(str(note))
            kind, count = getattr(note, "kind", "other"), getattr(note, "count", 1)
            skipped[kind] += count
    details += merged.notes
    warnings = tuple(
        f"{u.citation.origin}: {u.citation.kind} {u.citation.id} refers to rule {u.number}"
        for u in unresolved
        if u.citation.kind == "ruling"
    )
    sources = tuple((source.source or "import", len(source.cards), len(source.rulings)) for source in imported)
    return ImportSummary(sources, dict(skipped), dict(merged.counts), warnings, tuple(details))
