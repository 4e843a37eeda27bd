"""How fast `kb search` and `kb show` answer from a terminal, against starting Python itself.

Builds the bundled content with the real Comprehensive Rules into a temporary
folder (unless `--index` names a kb.sqlite), then runs each command as a user
does, through the installed `kb` script, and `python -c pass` in the same
loop. Prints medians of wall and CPU milliseconds, their ratios to bare
Python, and the 150 ms target beside each; it never passes or fails on time.

    python bench/bench_cli_start.py [--index SITE/kb.sqlite] [--runs 21]
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

REPO = Path(__file__).resolve().parents[1]
RULES = REPO.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules 20250919.txt"
KB = Path(sys.executable).with_name("kb")
TARGET_MS = 150


def build(site: Path) -> Path:
    command = [str(KB), "build", "-f", str(REPO / "mkdocs.yml"), "-d", str(site), "--rules", str(RULES)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return site / "kb.sqlite"


def run_once(command: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) milliseconds of one run; CPU time is what a busy machine inflates least."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--index", type=Path, help="a built kb.sqlite (default: build one)")
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        index = args.index or build(Path(tmp) / "site")
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "kb search summoning sickness": [str(KB), "search", "--index", str(index), "summoning", "sickness"],
            "kb search 302.6": [str(KB), "search", "--index", str(index), "302.6"],
            "kb show 302.6": [str(KB), "show", "--index", str(index), "302.6"],
            "kb show Laelia": [str(KB), "show", "--index", str(index), "Laelia"],
        }
        # Interleaved rounds, so a busy moment of the machine hits every command alike.
        walls: dict[str, list[float]] = {name: [] for name in commands}
        cpus: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                wall, cpu = run_once(command)
                walls[name].append(wall)
                cpus[name].append(cpu)
        base_wall = statistics.median(walls["python -c pass"])
        base_cpu = statistics.median(cpus["python -c pass"])
        print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"{'command':<30} {'wall ms':>8} {'× python':>9} {'CPU ms':>8} {'× python':>9}   wall < {TARGET_MS} ms")
        for name in commands:
            wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
            target = "" if name.startswith("python") else ("yes" if wall < TARGET_MS else "NO")
            print(f"{name:<30} {wall:>8.1f} {wall / base_wall:>9.2f} {cpu:>8.1f} {cpu / base_cpu:>9.2f}   {target}")


if __name__ == "__main__":
    main()
