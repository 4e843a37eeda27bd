"""The guide to writing examples is itself executed, print checks included."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_examples import CodeExample, EvalExample, find_examples

GUIDE = Path(__file__).resolve().parents[1] / "examples"


@pytest.mark.parametrize("example", list(find_examples(str(GUIDE))), ids=str)
def test_guide_example_runs(example: CodeExample, eval_example: EvalExample) -> None:
    eval_example.run_print_check(example)
