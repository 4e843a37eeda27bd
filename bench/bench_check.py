"""How long does `kb check` take, as a CI job sees it (a fresh process)? Prints medians and ratios
to a baseline measured in the same run (`python -c 'import kb'`), and to the targets (3 s on the
bundled content, 5 s with the full Comprehensive Rules), with the CPU time beside the wall time;
never pass/fail.

    python bench/bench_check.py [--rules CR.txt] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CR = ROOT.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules 20250919.txt"


def seconds(command: list[str], repeat: int) -> tuple[float, float]:
    """The median wall and CPU (user + system) time of `command` run from the repository root; it must succeed.

    On a shared machine the wall time includes waiting for a core; the CPU time is the work itself.
    """
    walls, cpus = [], []
    for _ in range(repeat):
        before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode != 0:
            sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return statistics.median(walls), statistics.median(cpus)


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
    print(f"{'command':<40} {'wall s':>7} {'cpu s':>6} {'× baseline':>11} {'wall ÷ target':>14}")
    for label, command, target in runs:
        took, cpu = seconds(command, args.repeat)
        baseline = baseline or took
        versus = f"{took / target:13.2f}" if target else ""
        print(f"{label:<40} {took:7.3f} {cpu:6.3f} {took / baseline:10.1f}x {versus}")
    print(f"load average at end: {os.getloadavg()[0]:.1f}; '÷ target' below 1 means within the target")


if __name__ == "__main__":
    main()
