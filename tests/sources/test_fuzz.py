"""A short mutation-fuzzing run per importer, on the real inputs: no damaged file may end in a traceback.

`bench/bench_fuzz.py` runs the same rounds a thousand times per importer.
"""

from __future__ import annotations

import random

import pytest

from tests import fuzzing

# Rounds that keep each test to a few seconds here; every round is a different damaged file.
ROUNDS = {"cr": 10, "content": 20, "scryfall": 40, "mtgjson": 40}


@pytest.fixture(autouse=True)
def _real_inputs() -> None:
    if missing := fuzzing.available():
        pytest.skip(f"real inputs not available: {missing}")


@pytest.mark.parametrize("target", list(ROUNDS))
def test_damaged_inputs_are_accepted_or_refused_in_one_line(target: str) -> None:
    tally = fuzzing.run(target, ROUNDS[target], seed=1000)
    assert tally.crashes == []
    assert tally.rounds == ROUNDS[target]
    # The damage must reach the importer's error paths.
    assert tally.refused > 0


def test_the_mutator_damages_and_is_repeatable() -> None:
    data = b'[{"name": "Opt"}]'
    first = [fuzzing.mutate(data, random.Random(seed)) for seed in range(50)]
    assert first == [fuzzing.mutate(data, random.Random(seed)) for seed in range(50)]
    assert sum(m != data for m in first) >= 45
