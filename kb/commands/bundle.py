"""kb bundle: the built site as one ZIP to carry (a USB stick, a phone), with the terminal index beside it."""

from __future__ import annotations

import argparse
from pathlib import Path

from kb.bundle import FOLDER, bundle
from kb.search import default_index


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-o", "--output", type=Path, default=Path("rulings.zip"), help="the archive to write (default: rulings.zip)"
    )
    parser.add_argument("-d", "--site-dir", type=Path, help="the built site (default: mkdocs.yml's site_dir)")
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml (for site_dir)")


def run(args: argparse.Namespace) -> int:
    site_dir = args.site_dir or default_index(args.config).parent
    made = bundle(site_dir, args.output)
    size = made.archive.stat().st_size
    print(f"wrote {made.archive}: {size / 1e6:.1f} MB, {made.files:,} files; unpack it and open {FOLDER}/index.html")
    print(f"wrote {made.index}: {made.index.stat().st_size / 1e6:.1f} MB; kb search --index {made.index} QUERY")
    return 0
