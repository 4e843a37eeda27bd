"""kb rules-stats FILE|DIR …: statistics of Comprehensive Rules releases, as JSON.

One file gives one JSON object; a folder of releases (such as the archive) or
several files give one object per file, keyed by its name. A release cut short
is imported as far as it goes, with a one-line warning on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from kb.rules_stats import rules_stats
from kb.sources.cr_text import read_rules, truncation_warning


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE", help="Comprehensive Rules .txt files or folders of them")


def run(args: argparse.Namespace) -> int:
    paths = [path for given in args.files for path in (sorted(given.glob("*.txt")) if given.is_dir() else [given])]
    stats = {path.name: _stats(path) for path in paths}
    single = len(args.files) == 1 and not args.files[0].is_dir()
    print(json.dumps(next(iter(stats.values())) if single else stats, indent=2, sort_keys=True))
    return 0


def _stats(path: Path) -> dict[str, Any]:
    document = read_rules(path, allow_truncated=True)
    if warning := truncation_warning(document):
        print(warning, file=sys.stderr)
    return rules_stats(document)
