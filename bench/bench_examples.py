"""How fast are executable examples? Prints examples per second and ratios against baselines
measured in the same run (never bare seconds as pass/fail).

    python bench/bench_examples.py [rounds]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from kb.card_definitions import engine_definitions
from kb.examples import ablation, run_example
from kb.model import Example, Origin
from kb.sources.content import load_content

ROOT = Path(__file__).resolve().parents[1]
TRIVIAL = Example("baseline", "from kb.engine import Game\ngame = Game()\nassert game.players\n", ("117.1",), Origin("bench", 1))


def per_second(work: Callable[[], int], min_seconds: float = 1.0) -> float:
    """Items per second, repeating `work` (which returns how many items it did) for at least `min_seconds`."""
    done, started = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - started) < min_seconds:
        done += work()
    return done / elapsed


def main(rounds: int = 3) -> None:
    content = load_content(ROOT / "content")
    examples = [r.example for r in content.rulings if r.example is not None]
    cards = engine_definitions(content.cards)  # the cards content/ adds to the engine, as `kb check` runs them
    assert all(run_example(e, cards=cards).passed for e in examples), "run the tests first: an example fails"
    content_rate = per_second(lambda: sum(1 for e in examples if run_example(e, cards=cards).passed), min_seconds=rounds)
    trivial_rate = per_second(lambda: int(run_example(TRIVIAL) is not None), min_seconds=rounds / 2)
    started = time.perf_counter()
    report = ablation(examples, cards=cards)
    ablation_seconds = time.perf_counter() - started
    print(f"content examples: {len(examples)}")
    print(f"content examples/s:               {content_rate:10.1f}")
    print(f"trivial example (new Game) /s:    {trivial_rate:10.1f}")
    print(f"ratio trivial / content:          {trivial_rate / content_rate:10.1f}x")
    ablation_rate = (len(report.runs) + len(examples)) / ablation_seconds  # the baseline runs count too
    print(f"ablation: {len(report.runs)} runs, kill rate {report.kill_rate:.0%}")
    print(f"ablation example runs/s:          {ablation_rate:10.1f} ({ablation_rate / content_rate:.2f}x the plain rate)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
