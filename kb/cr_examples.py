"""The Comprehensive Rules' own examples and their executable counterparts in content/cr-examples/.

A counterpart names the example it proves (rule number and ordinal) and keeps
the text it was written for. Against the loaded release it is one of:

- proved: its code passed, and the release still has that example;
- changed: the release words that example differently (a warning: the proof
  may no longer say what the rule says; the author re-reads and updates it);
- removed: the release has no such example (a warning too; it counts as unproved).

The coverage counts come from here alone, so the Engine page, the API and
`kb check` cannot disagree about them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from kb.model import CrExample, cr_example_id, natural_key, section_of
from kb.store import KnowledgeBase

PROVED, FAILED, NOT_RUN, UNPROVED = "proved", "failed", "not run", "not proved"


@dataclass(frozen=True, slots=True)
class Drift:
    """A counterpart whose CR example the loaded release rewords (`now` set) or no longer has (`now` None)."""

    counterpart: CrExample
    now: str | None

    @property
    def message(self) -> str:
        c = self.counterpart
        if self.now is None:
            return (
                f"CR example {c.ordinal} of rule {c.rule} was removed from this release; "
                f"its executable counterpart {c.id} proves nothing now. It was written for: {c.text!r}"
            )
        return (
            f"CR example {c.ordinal} of rule {c.rule} changed in this release; check that its executable counterpart "
            f"{c.id} still proves it. Written for: {c.text!r}; the release says: {self.now!r}"
        )


def _same(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def drift(kb: KnowledgeBase) -> list[Drift]:
    """Counterparts whose CR example differs in, or is missing from, the loaded release (none without one)."""
    if kb.rules_document is None:
        return []
    found = []
    for counterpart in sorted(kb.cr_examples.values(), key=lambda c: (natural_key(c.rule), c.ordinal)):
        rule = kb.rules.get(counterpart.rule)
        examples = rule.examples if rule else ()
        if counterpart.ordinal > len(examples):
            found.append(Drift(counterpart, None))
        elif not _same(examples[counterpart.ordinal - 1], counterpart.text):
            found.append(Drift(counterpart, examples[counterpart.ordinal - 1]))
    return found


class _Outcome(Protocol):  # what a check result offers here (kb.examples.ExampleResult fits)
    passed: bool


def status(kb: KnowledgeBase, rule: str, ordinal: int, results: Mapping[str, _Outcome]) -> str:
    """PROVED, FAILED, NOT_RUN (its counterpart was not run) or UNPROVED (it has none) for rule `rule`'s
    `ordinal`-th example."""
    counterpart = kb.cr_examples.get(cr_example_id(rule, ordinal))
    if counterpart is None:
        return UNPROVED
    result = results.get(counterpart.id)
    if result is None:
        return NOT_RUN
    return PROVED if result.passed else FAILED


@dataclass
class Coverage:
    """Examples in the release and examples proved: for the whole release, per chapter and per section."""

    total: int = 0
    proved: int = 0
    # chapter or section number -> [examples in the CR, proved, rules implemented]
    rows: dict[str, list[int]] = field(default_factory=dict)

    def table(self) -> list[tuple[str, int, int, int]]:
        """(number, examples in the CR, proved, rules implemented): each chapter, then its sections that have
        examples or implemented rules."""
        ordered = sorted(self.rows, key=lambda n: (n[0], len(n) > 1, natural_key(n)))
        return [(n, *self.rows[n]) for n in ordered if len(n) == 1 or self.rows[n][0] or self.rows[n][2]]


def coverage(kb: KnowledgeBase, results: Mapping[str, _Outcome], implemented: Collection[str]) -> Coverage:
    """Count, per chapter and section of the loaded release, its examples, those proved and the rules implemented."""
    covered = Coverage()
    rows = covered.rows
    for number, rule in kb.rules.items():
        section = section_of(number)
        if section is None:
            continue
        for key in (section[0], section):
            rows.setdefault(key, [0, 0, 0])
        proved = sum(status(kb, number, i, results) == PROVED for i in range(1, len(rule.examples) + 1))
        implemented_here = number in implemented
        for key in (section[0], section):
            rows[key][0] += len(rule.examples)
            rows[key][1] += proved
            rows[key][2] += implemented_here
        covered.total += len(rule.examples)
        covered.proved += proved
    return covered


def summary(kb: KnowledgeBase, results: Mapping[str, _Outcome]) -> str:
    """One line for `kb check` and the build: how many of the release's examples the engine proves."""
    if kb.rules_document is None:
        passed = sum(status(kb, c.rule, c.ordinal, results) == PROVED for c in kb.cr_examples.values())
        return f"CR examples: {passed} of {len(kb.cr_examples)} counterparts passed (no Comprehensive Rules loaded)"
    covered = coverage(kb, results, ())
    return f"CR examples proved by the engine: {covered.proved} of {covered.total}"
