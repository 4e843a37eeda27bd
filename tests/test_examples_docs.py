"""The guide to writing examples is itself executed, print checks included."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_examples import CodeExample, EvalExample, find_examples

GUIDE = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("example", list(find_examples(str(GUIDE))), ids=str)
def test_guide_example_runs(example: CodeExample, eval_example: EvalExample) -> None:
    eval_example.run_print_check(example)


def test_the_guide_names_every_part_verb_and_trigger() -> None:
    """An author learns the vocabulary from the guide: every registered part, verb and trigger is in it."""
    from kb.engine.cards.parts import PARTS, TRIGGERS
    from kb.engine.cards.verbs import VERBS

    guide = (GUIDE / "writing-examples.md").read_text(encoding="utf-8")
    missing = [f"part {p}" for p in PARTS if f"`{p}`" not in guide]
    missing += [f"verb {v}" for v in VERBS if f"`{v}`" not in guide]
    missing += [f"trigger {t}" for t in TRIGGERS if t not in guide]
    assert not missing, f"examples/writing-examples.md doesn't mention: {', '.join(missing)}"
