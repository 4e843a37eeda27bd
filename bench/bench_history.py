"""The rules' history at scale: all archived releases imported and traced, cached, and what it adds to the site.

Prints, measured in this run:
  - importing and tracing the archive with no cache: wall and CPU seconds, as a ratio to the 60 s target;
  - the same with the cache file written by the first run (unchanged archive): as a ratio to the 2 s target;
  - the size of a site built with --history against one built without it (target: at most 1.2).
The machine is shared: the CPU time is the figure that does not depend on what else runs, so it is printed too.

    python bench/bench_history.py [--archive DIR] [--rules CR.txt] [--no-site]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kb.history_cache import CACHE_NAME, load_history
from kb.sources.cr_text import read_rules

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the history is traced on every core by forked workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def timed(function):
    wall, cpu = time.perf_counter(), cpu_seconds()
    result = function()
    return result, time.perf_counter() - wall, cpu_seconds() - cpu


def site_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def build(project: Path, site: Path, *flags: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "kb.cli", "build", "-d", str(site), *flags], cwd=project, check=True, stdout=subprocess.DEVNULL
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--archive", type=Path, default=SHARED / "comprehensive-rules-archive")
    parser.add_argument("--rules", type=Path, default=SHARED / "comprehensive-rules" / "MagicCompRules 20250919.txt")
    parser.add_argument("--no-site", action="store_true", help="skip the two site builds (the size comparison)")
    args = parser.parse_args()
    current = read_rules(args.rules)
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as scratch:
        cache = Path(scratch) / "cache"
        (history, _), wall, cpu = timed(lambda: load_history(args.archive, current, args.rules, cache))
        files = len(list(args.archive.glob("*.txt")))
        print(f"cold: {files} files, {len(history.releases)} releases traced, {len(history.lineages)} lineages")
        print(f"  wall {wall:.1f} s = {wall / 60:.2f} of the 60 s target; CPU {cpu:.1f} s = {cpu / 60:.2f} of it")
        _, wall, cpu = timed(lambda: load_history(args.archive, current, args.rules, cache))
        print(f"cached ({(cache / CACHE_NAME).stat().st_size / 1e6:.1f} MB file):")
        print(f"  wall {wall:.2f} s = {wall / 2:.2f} of the 2 s target; CPU {cpu:.2f} s = {cpu / 2:.2f} of it")
        if args.no_site:
            return
        project = Path(scratch) / "project"
        project.mkdir()
        for name in ("mkdocs.yml", "content", "templates"):
            source = REPO / name
            (shutil.copytree if source.is_dir() else shutil.copy)(source, project / name)
        plain_time = build(project, project / "plain", "--rules", str(args.rules))
        history_time = build(project, project / "history", "--rules", str(args.rules), "--history", str(args.archive))
        plain, with_history = site_bytes(project / "plain"), site_bytes(project / "history")
        print(f"site without history {plain / 1e6:.1f} MB, with history {with_history / 1e6:.1f} MB:")
        print(f"  ratio {with_history / plain:.3f} (target at most 1.2)")
        print(f"  build time with history / without: {history_time / plain_time:.2f} (the history traced, not cached)")


if __name__ == "__main__":
    main()
