"""The input-file flags that `kb build` and `kb serve` share, and how they resolve."""

from __future__ import annotations

import argparse
from pathlib import Path

from kb.errors import BuildError
from kb.fetch import BULK_FILES, CR_FILE


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml")
    parser.add_argument("--rules", type=Path, help="a Comprehensive Rules text file to include")
    parser.add_argument("--previous", type=Path, help="an older Comprehensive Rules file: adds a Changes page")
    parser.add_argument("--scryfall-cards", type=Path, help="a Scryfall oracle-cards bulk file to import")
    parser.add_argument("--scryfall-rulings", type=Path, help="a Scryfall rulings bulk file to import")
    parser.add_argument("--mtgjson", type=Path, help="an MTGJSON AtomicCards file to import")
    parser.add_argument("--cache", type=Path, help="use the files `kb fetch` downloaded into this folder")


def input_files(args: argparse.Namespace) -> dict[str, Path]:
    """The input files named on the command line, by plugin option; files named outright beat the cache's."""
    files = cached_inputs(args.cache) if args.cache else {}
    flags = {
        "rules": args.rules,
        "previous_rules": args.previous,
        "scryfall_cards": args.scryfall_cards,
        "scryfall_rulings": args.scryfall_rulings,
        "mtgjson": args.mtgjson,
    }
    files.update({name: path for name, path in flags.items() if path})
    return {name: path.resolve() for name, path in files.items()}


def cached_inputs(cache: Path) -> dict[str, Path]:
    """The input files `kb fetch` left in `cache`, by the plugin option they fill."""
    files = {
        "rules": cache / CR_FILE,
        "scryfall_cards": cache / BULK_FILES["oracle_cards"][0],
        "scryfall_rulings": cache / BULK_FILES["rulings"][0],
    }
    found = {option: path for option, path in files.items() if path.is_file()}
    if not found:
        raise BuildError(f"no fetched files in {cache}", hint="run kb fetch first")
    return found
