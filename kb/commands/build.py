"""kb build: load, check and render the knowledge base, then build the site."""

from __future__ import annotations

import argparse
from pathlib import Path

from kb.pipeline import load_knowledge_base
from kb.site import build_site, load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml")
    parser.add_argument("--rules", type=Path, help="a Comprehensive Rules text file to include")
    parser.add_argument("--previous", type=Path, help="an older Comprehensive Rules file: adds a Changes page")
    parser.add_argument("-d", "--site-dir", type=Path, help="where to write the site (default: mkdocs.yml's site_dir)")


def run(args: argparse.Namespace) -> int:
    config, plugin = load_project(args.config)
    settings = plugin.settings(config, rules=args.rules, previous_rules=args.previous)
    plugin.preloaded = load_knowledge_base(settings)
    site_dir = args.site_dir or Path(config.site_dir)
    build_site(config, site_dir)
    kb = plugin.preloaded
    print(f"built {site_dir}: {len(kb.cards)} cards, {len(kb.rulings)} rulings, {len(kb.rules)} rules")
    return 0
