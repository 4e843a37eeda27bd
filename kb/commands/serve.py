"""kb serve: a live preview that rebuilds only what an edit to content/ changed."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from mkdocs.commands.serve import serve

from kb import plugin
from kb.commands.build import cached_inputs
from kb.site import load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml")
    parser.add_argument(
        "-a", "--dev-addr", default="127.0.0.1:8000", metavar="IP:PORT", help="where to serve (default 127.0.0.1:8000)"
    )
    parser.add_argument("--rules", type=Path, help="a Comprehensive Rules text file to include")
    parser.add_argument("--previous", type=Path, help="an older Comprehensive Rules file: adds a Changes page")
    parser.add_argument("--scryfall-cards", type=Path, help="a Scryfall oracle-cards bulk file to import")
    parser.add_argument("--scryfall-rulings", type=Path, help="a Scryfall rulings bulk file to import")
    parser.add_argument("--mtgjson", type=Path, help="an MTGJSON AtomicCards file to import")
    parser.add_argument("--cache", type=Path, help="use the files `kb fetch` downloaded into this folder")


def run(args: argparse.Namespace) -> int:
    load_project(args.config)  # a missing or broken mkdocs.yml is reported before the server starts
    files = cached_inputs(args.cache) if args.cache else {}
    flags = {
        "rules": args.rules,
        "previous_rules": args.previous,
        "scryfall_cards": args.scryfall_cards,
        "scryfall_rulings": args.scryfall_rulings,
        "mtgjson": args.mtgjson,
    }
    files.update({name: path.resolve() for name, path in flags.items() if path})
    plugin.SERVE_OVERRIDES.update({name: Path(path).resolve() for name, path in files.items()})
    # A dirty build rewrites only the pages whose files changed; the kb plugin
    # rewrites only the pages an edit touched. That is the point here, so mkdocs'
    # warning about dirty builds is only noise.
    logging.getLogger("mkdocs.commands.build").addFilter(lambda record: "'dirty' build" not in record.getMessage())
    serve(config_file=str(args.config), build_type="dirty", dev_addr=args.dev_addr, livereload=True)
    return 0
