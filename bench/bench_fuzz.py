"""Mutation fuzzing of every importer at length: 1,000 damaged real inputs each, and how many gave a traceback.

    python bench/bench_fuzz.py [--rounds 1000] [--seed 0] [--only cr,content,scryfall,mtgjson]

The inputs are the real files in ../shared/data (a CR release, samples of the
Scryfall and MTGJSON bulk files) and the project's own content/, each damaged
as `tests/fuzzing.py` describes. A round passes when the importer accepts the
input or refuses it with one-line errors; the number that must be 0 is the
last column. A crash prints the seed that reproduces it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests import fuzzing  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default=",".join(fuzzing.TARGETS))
    args = parser.parse_args()
    if missing := fuzzing.available():
        print(f"real inputs not available: {missing}")
        return 2
    print(f"{'importer':<10} {'rounds':>7} {'accepted':>9} {'refused':>8} {'seconds':>8} {'tracebacks':>11}")
    crashes = []
    for name in args.only.split(","):
        started = time.perf_counter()
        tally = fuzzing.run(name, args.rounds, seed=args.seed)
        seconds = time.perf_counter() - started
        print(
            f"{name:<10} {tally.rounds:>7} {tally.accepted:>9} {tally.refused:>8} {seconds:>8.1f} {len(tally.crashes):>11}",
            flush=True,
        )
        crashes += tally.crashes
    for crash in crashes:
        print("\n" + crash)
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
