"""Every curated example run against the engine, before anything is published (the build's "check" step).

The site shows what this report says; it never reaches into the engine itself.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from kb.card_definitions import engine_definitions
from kb.engine import implemented_rules
from kb.errors import KbError
from kb.example_cache import ExampleCache
from kb.examples import AblationReport, ExampleResult, ablation, run_example
from kb.model import Example, natural_key
from kb.store import KnowledgeBase


class ExampleFailed(KbError):
    """A ruling's example no longer holds."""


@dataclass
class ExampleRuns:
    # ruling id -> the result of its example
    results: dict[str, ExampleResult] = field(default_factory=dict)
    # rule number -> what the engine implements for it
    implemented: dict[str, str] = field(default_factory=dict)
    # rule number -> ids of the rulings whose examples exercised it
    exercised_by: dict[str, list[str]] = field(default_factory=dict)

    @property
    def failures(self) -> list[ExampleResult]:
        return [r for r in self.results.values() if not r.passed]

    def errors(self) -> list[KbError]:
        """Each failing example as an error at the line where it failed."""
        return [
            ExampleFailed(f"example of ruling {r.example_id} failed: {r.message}", r.origin, "fix the example or the engine")
            for r in self.failures
        ]


def examples_of(kb: KnowledgeBase) -> list[Example]:
    """Every executable example: the rulings', then the counterparts of the CR's own examples."""
    return [ruling.example for ruling in kb.rulings.values() if ruling.example is not None] + [
        counterpart.example for counterpart in kb.cr_examples.values()
    ]


def run_examples(kb: KnowledgeBase, only: Collection[str] | None = None, kept: Path | None = None) -> ExampleRuns:
    """Run every example in the knowledge base (or those whose id is in `only`) against the engine; with `kept`, a
    folder of earlier passes (kb.example_cache), an example whose inputs have not changed is not run again."""
    report = ExampleRuns(implemented=implemented_rules())
    exercised_by: dict[str, list[str]] = defaultdict(list)
    cards = engine_definitions(kb.cards.values())
    passes = ExampleCache(kept, kb.cards.values()) if kept is not None else None
    for example in examples_of(kb):
        if only is not None and example.id not in only:
            continue
        result = passes.get(example) if passes else None
        if result is None:
            result = run_example(example, cards=cards)
            if passes:
                passes.put(result, example)
        report.results[example.id] = result
        if result.passed:
            for rule in result.rules_exercised:
                exercised_by[rule].append(example.id)
    # Sorted, so the pages that list them do not depend on the order rulings were loaded in.
    report.exercised_by = {rule: sorted(ids, key=natural_key) for rule, ids in exercised_by.items()}
    return report


def ablate(kb: KnowledgeBase, rules: list[str] | None = None, passing: Collection[str] = ()) -> AblationReport:
    """Switch off each implemented rule (or just `rules`) and re-run the examples that name it; `passing`: the ids of
    examples already seen to pass."""
    return ablation(examples_of(kb), rules, engine_definitions(kb.cards.values()), passing)
