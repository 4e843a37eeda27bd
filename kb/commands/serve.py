"""kb serve: a live preview that rebuilds only what an edit to content/ changed."""

from __future__ import annotations

import argparse
import logging

from mkdocs.commands.serve import serve

from kb import plugin
from kb.commands.inputs import add_input_arguments, input_files
from kb.site import load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument(
        "-a", "--dev-addr", default="127.0.0.1:8000", metavar="IP:PORT", help="where to serve (default 127.0.0.1:8000)"
    )


def run(args: argparse.Namespace) -> int:
    load_project(args.config)  # a missing or broken mkdocs.yml is reported before the server starts
    plugin.SERVE_OVERRIDES.update(input_files(args))
    # A dirty build rewrites only the pages whose files changed; the kb plugin
    # rewrites only the pages an edit touched. That is the point here, so mkdocs'
    # warning about dirty builds is only noise.
    logging.basicConfig(format="%(levelname)-7s -  %(message)s", level=logging.INFO)  # "Serving on …", build times
    logging.getLogger("mkdocs.commands.build").addFilter(lambda record: "'dirty' build" not in record.getMessage())
    serve(config_file=str(args.config), build_type="dirty", dev_addr=args.dev_addr, livereload=True)
    return 0
