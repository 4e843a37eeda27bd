"""The offline site at full scale: what "Make available offline" downloads, and what `kb bundle` writes.

    python bench/bench_offline.py [--site DIR] [--data DIR] [--out bench/out/offline]

Without --site, builds the full real knowledge base first (the latest CR with the
previous one for Changes, and the real MTGJSON AtomicCards from ../shared/data/,
about 24,000 cards and 45,000 rulings; ten minutes or more on a busy machine).
A --site built before the offline step existed gets it (kb/offline.py) first.

Prints, all measured in this run:

- the download of "Make available offline", per part (files, MB as stored, MB
  gzip-compressed file by file as a server sending gzip would), as the control
  shows it before downloading;
- the time to hash the site into its offline manifest, as a ratio to reading the
  same files;
- `kb bundle`: the archive's size and time, as ratios to the site folder's size
  and to the time to read it; the terminal index's size beside it.
"""

from __future__ import annotations

import argparse
import gzip
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "data"
sys.path.insert(0, str(REPO))

from kb import offline  # noqa: E402
from kb.bundle import bundle  # noqa: E402
from kb.search import INDEX_NAME  # noqa: E402


def build(data: Path, out: Path) -> Path:
    site = out / "site"
    rules = data / "comprehensive-rules"
    command = [
        sys.executable, "-m", "kb.cli", "build", "-f", str(REPO / "mkdocs.yml"), "-d", str(site),
        "--rules", str(rules / "MagicCompRules 20250919.txt"), "--previous", str(rules / "MagicCompRules 20250606.txt"),
        "--mtgjson", str(data / "cards" / "mtgjson-AtomicCards-5.2.0.json.gz"),
    ]  # fmt: skip
    subprocess.run(command, check=True, cwd=REPO)
    return site


def read_all(files: list[Path]) -> int:
    return sum(len(f.read_bytes()) for f in files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="an existing full-scale build (default: build one)")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "out" / "offline")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    site = args.site or build(args.data, args.out)
    if not (site / offline.MANIFEST_NAME).is_file():
        offline.write(site, "MTG Rulings Knowledge Base")
    files = [p for p in site.rglob("*") if p.is_file()]

    read_all(files)  # the first read fills the page cache; both timed passes read from memory
    started = time.perf_counter()
    read_all(files)
    read_seconds = time.perf_counter() - started
    started = time.perf_counter()
    manifest = offline.offline_manifest(site)
    hash_seconds = time.perf_counter() - started

    print('\n"Make available offline" downloads (as the control shows it, before downloading):')
    print(f"{'part':<10}{'files':>9}{'MB':>10}{'MB gzip':>10}")
    total = [0, 0, 0]
    for part, entries in manifest["parts"].items():
        raw = sum(e[2] for e in entries)
        zipped = sum(len(gzip.compress((site / e[0]).read_bytes(), 6)) for e in entries)
        total = [total[0] + len(entries), total[1] + raw, total[2] + zipped]
        print(f"{part:<10}{len(entries):>9,}{raw / 1e6:>10.1f}{zipped / 1e6:>10.1f}")
    print(f"{'total':<10}{total[0]:>9,}{total[1] / 1e6:>10.1f}{total[2] / 1e6:>10.1f}")
    site_bytes = sum(f.stat().st_size for f in files)
    print(
        f"of the site's {len(files):,} files, {site_bytes / 1e6:.1f} MB (the JSON API and terminal index are not offered offline)"
    )
    print(
        f"offline manifest: {(site / offline.MANIFEST_NAME).stat().st_size / 1e6:.2f} MB; hashing the site "
        f"{hash_seconds:.1f} s = {hash_seconds / read_seconds:.2f} x reading it ({read_seconds:.1f} s)"
    )

    archive = args.out / "rulings.zip"
    started = time.perf_counter()
    made = bundle(site, archive)
    bundle_seconds = time.perf_counter() - started
    zipped = made.archive.stat().st_size
    without_index = site_bytes - (site / INDEX_NAME).stat().st_size
    print(
        f"\nkb bundle: {made.archive} {zipped / 1e6:.1f} MB, {made.files:,} files, in {bundle_seconds:.1f} s "
        f"= {bundle_seconds / read_seconds:.1f} x reading the site"
    )
    print(f"  archive / site without the terminal index ({without_index / 1e6:.1f} MB): {zipped / without_index:.2f}")
    print(f"  beside it: {made.index} {made.index.stat().st_size / 1e6:.1f} MB")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
