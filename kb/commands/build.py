"""kb build: load, check and render the knowledge base, then build the site."""

from __future__ import annotations

import argparse
from pathlib import Path

from kb.errors import BuildError
from kb.fetch import BULK_FILES, CR_FILE
from kb.pipeline import prepare
from kb.site import build_site, load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml")
    parser.add_argument("--rules", type=Path, help="a Comprehensive Rules text file to include")
    parser.add_argument("--previous", type=Path, help="an older Comprehensive Rules file: adds a Changes page")
    parser.add_argument("--scryfall-cards", type=Path, help="a Scryfall oracle-cards bulk file to import")
    parser.add_argument("--scryfall-rulings", type=Path, help="a Scryfall rulings bulk file to import")
    parser.add_argument("--mtgjson", type=Path, help="an MTGJSON AtomicCards file to import")
    parser.add_argument("--cache", type=Path, help="use the files `kb fetch` downloaded into this folder")
    parser.add_argument("-d", "--site-dir", type=Path, help="where to write the site (default: mkdocs.yml's site_dir)")


def run(args: argparse.Namespace) -> int:
    config, plugin = load_project(args.config)
    cached = cached_inputs(args.cache) if args.cache else {}
    settings = plugin.settings(
        config,
        rules=args.rules or cached.get("rules"),
        previous_rules=args.previous,
        scryfall_cards=args.scryfall_cards or cached.get("scryfall_cards"),
        scryfall_rulings=args.scryfall_rulings or cached.get("scryfall_rulings"),
        mtgjson=args.mtgjson,
    )
    checked = plugin.preloaded = prepare(settings)
    site_dir = args.site_dir or Path(config.site_dir)
    build_site(config, site_dir)
    kb, passed = checked.kb, len(checked.report.results) - len(checked.report.failures)
    print(
        f"built {site_dir}: {len(kb.cards)} cards, {len(kb.rulings)} rulings, {len(kb.rules)} rules, {passed} examples verified"
    )
    return 0


def cached_inputs(cache: Path) -> dict[str, Path]:
    """The input files `kb fetch` left in `cache`, by the build option they fill."""
    files = {
        "rules": cache / CR_FILE,
        "scryfall_cards": cache / BULK_FILES["oracle_cards"][0],
        "scryfall_rulings": cache / BULK_FILES["rulings"][0],
    }
    found = {option: path for option, path in files.items() if path.is_file()}
    if not found:
        raise BuildError(f"no fetched files in {cache}", hint="run kb fetch first")
    return found
