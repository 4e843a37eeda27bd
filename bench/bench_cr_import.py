"""Importing and linking a full Comprehensive Rules release, as a ratio to reading it.

    python bench/bench_cr_import.py [RELEASE.txt] [--repeat N]

Baseline: read the file's bytes and decode them (the least any importer does).
Measured: `read_rules` (read, decode, parse into records) plus linking: finding
every textual reference in rules, examples and glossary, and checking each
denoted number against the release's rules. Both are timed in this one run,
interleaved, N times each; medians are compared. Nothing passes or fails.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # run from a checkout without installing

from kb.references import find_references, unresolved  # noqa: E402
from kb.sources.cr_text import read_rules  # noqa: E402
from kb.sources.text_decoding import decode_text  # noqa: E402

DEFAULT_RELEASE = REPO.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules 20250919.txt"


def read_and_decode(path: Path) -> int:
    return len(decode_text(path.read_bytes(), str(path)).text)


def import_and_link(path: Path) -> int:
    doc = read_rules(path)
    known = {rule.number for rule in doc.rules}
    texts = [text for rule in doc.rules for text in (rule.text, *rule.examples)]
    texts += [term.text for term in doc.glossary]
    references = [ref for text in texts for ref in find_references(text)]
    return len(unresolved(references, known)) + len(references)


def measure(tasks: dict[str, Callable[[Path], int]], path: Path, repeat: int) -> dict[str, list[float]]:
    """Time each task `repeat` times, interleaved so that drift in the machine hits both alike."""
    times: dict[str, list[float]] = {name: [] for name in tasks}
    for task in tasks.values():  # warm-up: imports, regex compilation, file cache
        task(path)
    for _ in range(repeat):
        for name, task in tasks.items():
            start = time.perf_counter()
            task(path)
            times[name].append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("release", nargs="?", type=Path, default=DEFAULT_RELEASE)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    if not args.release.is_file():
        print(f"skipped: no release at {args.release}")
        return 0
    times = measure({"read+decode": read_and_decode, "import+link": import_and_link}, args.release, args.repeat)
    base = statistics.median(times["read+decode"])
    work = statistics.median(times["import+link"])
    size = args.release.stat().st_size
    print(f"release: {args.release.name} ({size / 1e6:.2f} MB), {args.repeat} runs each, medians")
    print(f"  read+decode  {base * 1000:8.2f} ms")
    print(f"  import+link  {work * 1000:8.2f} ms")
    print(f"  ratio import+link / read+decode: {work / base:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
