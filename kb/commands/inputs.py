"""The input flags that `kb build`, `kb check` and `kb serve` share, derived from `kb.inputs.INPUTS`."""

from __future__ import annotations

import argparse
from pathlib import Path

from kb.errors import BuildError
from kb.inputs import INPUTS


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml")
    for item in INPUTS:
        parser.add_argument(
            item.flag,
            dest=item.name,
            type=Path,
            metavar=item.metavar,
            help=f"{item.help} (overrides the kb plugin's '{item.name}'; read by kb/sources/{item.importer}.py)",
        )
    parser.add_argument("--cache", type=Path, metavar="DIR", help="use the files `kb fetch` downloaded into this folder")


def input_files(args: argparse.Namespace) -> dict[str, Path]:
    """The input files named on the command line, by plugin option; files named outright beat the cache's."""
    files = cached_inputs(args.cache) if args.cache else {}
    files.update({item.name: getattr(args, item.name) for item in INPUTS if getattr(args, item.name)})
    return {name: path.resolve() for name, path in files.items()}


def cached_inputs(cache: Path) -> dict[str, Path]:
    """The input files `kb fetch` left in `cache`, by the plugin option they fill."""
    files = {item.name: cache / item.cached_as for item in INPUTS if item.cached_as}
    found = {name: path for name, path in files.items() if path.is_file()}
    if not found:
        raise BuildError(f"no fetched files in {cache}", hint="run kb fetch first")
    return found
