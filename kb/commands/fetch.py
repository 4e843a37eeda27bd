"""kb fetch: download the current Comprehensive Rules and Scryfall bulk files into a local cache."""

from __future__ import annotations

import argparse
from pathlib import Path

from kb.fetch import BULK_LISTING_URL, DEFAULT_CR_URL, fetch

DEFAULT_CACHE = Path(".cache") / "kb"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"where to keep the files (default: {DEFAULT_CACHE})")
    parser.add_argument("--cr-url", default=DEFAULT_CR_URL, help="the Comprehensive Rules .txt to download")
    parser.add_argument("--listing-url", default=BULK_LISTING_URL, help="Scryfall's bulk-data listing")


def run(args: argparse.Namespace) -> int:
    for item in fetch(args.cache, cr_url=args.cr_url, bulk_listing_url=args.listing_url):
        print(f"{item.status:<10} {item.path} ({item.size:,} bytes)")
    print(f"build with: kb build --cache {args.cache}")
    return 0
