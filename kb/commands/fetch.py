"""kb fetch: download the current Comprehensive Rules and Scryfall bulk files into a local cache.

With --history DIR, instead bring a folder of CR releases up to date from a public archive.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from kb.fetch import ARCHIVE_LISTING_URL, BULK_LISTING_URL, DEADLINE, DEFAULT_CR_URL, LIMITS, fetch, fetch_history

DEFAULT_CACHE = Path(".cache") / "kb"
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help=f"where to keep the files (default: {DEFAULT_CACHE})")
    parser.add_argument("--cr-url", default=DEFAULT_CR_URL, help="the Comprehensive Rules .txt to download")
    parser.add_argument("--listing-url", default=BULK_LISTING_URL, help="Scryfall's bulk-data listing")
    parser.add_argument(
        "--history",
        type=Path,
        metavar="DIR",
        help="instead: bring a folder of CR releases (for kb build --history DIR) up to date from a public archive",
    )
    parser.add_argument(
        "--archive-url", default=ARCHIVE_LISTING_URL, help="the archive's listing of releases (GitHub contents API)"
    )
    parser.add_argument(
        "--timeout", type=_seconds, default=60.0, help="seconds to wait for each read from the server (default: 60)"
    )
    parser.add_argument(
        "--deadline", type=_seconds, default=DEADLINE, help=f"seconds one whole download may take (default: {DEADLINE:g})"
    )
    limits = ", ".join(f"{kind}={size >> 20}M" for kind, size in LIMITS.items())
    parser.add_argument(
        "--max-size",
        type=_limit,
        action="append",
        default=[],
        metavar="KIND=SIZE",
        help=f"the most a download of KIND may weigh, e.g. oracle_cards=2G (defaults: {limits})",
    )


def run(args: argparse.Namespace) -> int:
    if args.history is not None:
        return _run_history(args)
    results = fetch(
        args.cache,
        cr_url=args.cr_url,
        bulk_listing_url=args.listing_url,
        timeout=args.timeout,
        deadline=args.deadline,
        limits=dict(args.max_size),
    )
    for item in results:
        print(f"{item.status:<10} {item.path} ({item.size:,} bytes)")
    print(f"build with: kb build --cache {args.cache}")
    return 0


def _run_history(args: argparse.Namespace) -> int:
    results = fetch_history(
        args.history, listing_url=args.archive_url, timeout=args.timeout, deadline=args.deadline, limits=dict(args.max_size)
    )
    fetched = [item for item in results if item.status != "unchanged"]
    for item in fetched:
        print(f"{item.status:<10} {item.path} ({item.size:,} bytes)")
    print(f"{len(results)} releases in {args.history}, {len(fetched)} new")
    print(f"build with: kb build --rules FILE --history {args.history}")
    return 0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < 1e7:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}")
    return value


def _limit(text: str) -> tuple[str, int]:
    m = re.fullmatch(r"(\w+)=(\d+)([KMG]?)B?", text.strip(), re.IGNORECASE)
    if not m or m[1] not in LIMITS:
        raise argparse.ArgumentTypeError(f"expected KIND=SIZE with KIND one of {', '.join(LIMITS)}, e.g. oracle_cards=2G")
    return m[1], int(m[2]) * _UNITS[m[3].upper()]
