"""kb rules-stats FILE: statistics of one Comprehensive Rules release, as one JSON object."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from kb.rules_stats import rules_stats
from kb.sources.cr_text import read_rules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a Comprehensive Rules .txt file")


def run(args: argparse.Namespace) -> int:
    print(json.dumps(rules_stats(read_rules(args.file)), indent=2, sort_keys=True))
    return 0
