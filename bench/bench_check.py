"""How long does `kb check` take, as a CI job sees it (a fresh process)? Prints medians and ratios
to a baseline measured in the same run (`python -c 'import kb'`), and to the targets (3 s on the
bundled content, 5 s with the full Comprehensive Rules); never pass/fail.

    python bench/bench_check.py [--rules CR.txt] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CR = ROOT.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules 20250919.txt"


def seconds(command: list[str], repeat: int) -> float:
    """The median wall time of `command` run from the repository root; it must succeed."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
        times.append(time.perf_counter() - started)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=Path, default=CR, help="a full Comprehensive Rules release")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not args.rules.is_file():
        sys.exit(f"no Comprehensive Rules at {args.rules}: pass --rules")

    python = [sys.executable]
    check = [*python, "-m", "kb.cli", "check", "-q"]
    junit = Path(tempfile.mkdtemp()) / "kb-check.xml"
    runs = [
        ("python -c 'import kb' (baseline)", [*python, "-c", "import kb"], None),
        ("import kb check's modules", [*python, "-c", "import kb.cli, kb.commands.check"], None),
        ("kb check (bundled content)", check, 3.0),
        ("kb check --junit-xml --format github", [*check, "--junit-xml", str(junit), "--format", "github"], 3.0),
        ("kb check --changed-since HEAD", [*check, "--changed-since", "HEAD"], 3.0),
        ("kb check --rules <full CR>", [*check, "--rules", str(args.rules)], 5.0),
    ]
    print(f"load average at start: {os.getloadavg()[0]:.1f} (2 cores shared: figures vary with it)")
    baseline = None
    print(f"{'command':<40} {'median s':>9} {'× baseline':>11} {'÷ target':>9}")
    for label, command, target in runs:
        took = seconds(command, args.repeat)
        baseline = baseline or took
        versus = f"{took / target:8.2f}" if target else " " * 8
        print(f"{label:<40} {took:9.3f} {took / baseline:10.1f}x {versus}")
    print(f"load average at end: {os.getloadavg()[0]:.1f}; '÷ target' below 1 means within the target")


if __name__ == "__main__":
    main()
