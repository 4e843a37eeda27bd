"""kb check: validate the knowledge base without building the site."""

from __future__ import annotations

import argparse
from pathlib import Path

from kb.pipeline import load_knowledge_base
from kb.site import load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml")
    parser.add_argument("--rules", help="a Comprehensive Rules text file to check references against")


def run(args: argparse.Namespace) -> int:
    config, plugin = load_project(args.config)
    kb = load_knowledge_base(plugin.settings(config, rules=args.rules))
    print(f"ok: {len(kb.cards)} cards, {len(kb.rulings)} rulings, {len(kb.links.backlinks)} cited rules")
    return 0
