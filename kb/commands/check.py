"""kb check: validate the knowledge base without building the site."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kb.pipeline import load_knowledge_base
from kb.site import load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml")
    parser.add_argument("--rules", type=Path, help="a Comprehensive Rules text file to check references against")


def run(args: argparse.Namespace) -> int:
    config, plugin = load_project(args.config)
    kb = load_knowledge_base(plugin.settings(config, rules=args.rules))
    # The release's own dangling references are reported, not fatal: the release is not ours to fix.
    for dangling in kb.links.unresolved:
        where = f"{dangling.citation.kind} {dangling.citation.id}"
        print(
            f"warning: {dangling.citation.origin}: {where} refers to rule {dangling.number}, which this release does not have",
            file=sys.stderr,
        )
    print(f"ok: {len(kb.cards)} cards, {len(kb.rulings)} rulings, {len(kb.links.backlinks)} cited rules")
    return 0
