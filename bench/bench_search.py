"""Query time of the offline search index on the full Comprehensive Rules plus the seed content.

    python bench/bench_search.py [--rules FILE] [--queries N] [--repeat R]

Builds the index into a temporary folder, then times at least 100 varied
queries (rule numbers, words, card names and their prefixes, glossary terms,
odd input) through `SearchIndex.search`, the function `kb search` calls. It
prints the median and 95th percentile, and their ratio to a trivial baseline
measured in the same run on the same connection (`SELECT 1`), so the figures
compare across machines.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from kb.build import Settings, load_knowledge_base  # noqa: E402
from kb.search import SearchIndex  # noqa: E402
from kb.search_index import write_search_index  # noqa: E402
from kb.store import KnowledgeBase  # noqa: E402

DEFAULT_RULES = REPO.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules 20250919.txt"
WORDS = [
    "summoning sickness", "mana ability", "first strike", "double strike", "trample damage", "tap symbol",
    "priority", "state-based actions", "commander damage", "legend rule", "copy of a spell", "cascade",
    "exile the top card", "attacking creature", "replacement effect", "layer", "protection from",
    "counter on", "token", "hexproof", "phasing", "morph face down", "split second", "the stack",
]  # fmt: skip
ODD = ['"', "-", "*", "AND", "NOT tap", 'mana "abil', "302.6*", "(", "a OR", "{T}", "NEAR(x y)", "ünicode"]


def queries(kb: KnowledgeBase, count: int, rng: random.Random) -> list[str]:
    """A fixed mix: a third numbers, then names and prefixes, words, odd input."""
    numbers = rng.sample(sorted(kb.rules), k=min(len(kb.rules), count // 3))
    terms = rng.sample(sorted(t.term for t in kb.glossary.values()), k=min(len(kb.glossary), count // 4))
    cards = sorted(c.name for c in kb.cards.values())
    names = cards + [c.split(",")[0][:4].lower() for c in cards] + [c.lower() for c in cards]
    mixed = numbers + terms + names + WORDS + ODD
    while len(mixed) < count:
        mixed.append(rng.choice(WORDS + terms))
    return mixed


def timed(fn: Callable[[], object], repeat: int) -> float:
    """The best of `repeat` runs, in seconds: the query's own cost, without scheduler noise."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES)
    parser.add_argument("--queries", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not args.rules.is_file():
        print(f"Comprehensive Rules file not found: {args.rules}", file=sys.stderr)
        return 1

    kb = load_knowledge_base(Settings(content=REPO / "content", templates=REPO / "templates", rules=args.rules))
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        write_search_index(kb, Path(tmp))
        build_seconds = time.perf_counter() - start
        size = (Path(tmp) / "kb.sqlite").stat().st_size
        qs = queries(kb, args.queries, random.Random(20250919))
        with SearchIndex(Path(tmp) / "kb.sqlite") as index:
            for q in qs:  # warm the page cache, as a second query in a session would find it
                index.search(q)
            baseline = statistics.median(timed(lambda: index.db.execute("SELECT 1").fetchone(), args.repeat) for _ in range(200))
            times = [timed(lambda q=q: index.search(q, limit=10), args.repeat) for q in qs]

    median, p95 = statistics.median(times), percentile(times, 95)
    slowest = max(zip(times, qs, strict=True))
    print(f"index: {len(kb.rules)} rules, {len(kb.glossary)} glossary terms, {len(kb.cards)} cards, {len(kb.rulings)} rulings")
    print(f"index build: {build_seconds * 1000:.0f} ms, {size / 1e6:.1f} MB")
    print(f"queries: {len(qs)} (best of {args.repeat} runs each)")
    print(f"baseline SELECT 1: {baseline * 1e6:.1f} µs")
    print(f"median: {median * 1000:.2f} ms  ({median / baseline:.0f}× baseline)")
    print(f"p95:    {p95 * 1000:.2f} ms  ({p95 / baseline:.0f}× baseline)")
    print(f"slowest: {slowest[0] * 1000:.2f} ms for {slowest[1]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
