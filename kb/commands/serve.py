"""kb serve: a live preview that rebuilds only what an edit to content/ changed.

This is `mkdocs serve` (mkdocs.commands.serve) with one difference: each
rebuild reloads mkdocs.yml through kb.project, so the input files given as
flags stay set. The steps each build runs are the build's own (kb.build).
"""

from __future__ import annotations

import argparse
import logging
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.commands.build import build
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer

from kb.commands.inputs import add_input_arguments, input_files
from kb.project import load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument(
        "-a", "--dev-addr", default="127.0.0.1:8000", metavar="IP:PORT", help="where to serve (default 127.0.0.1:8000)"
    )


def run(args: argparse.Namespace) -> int:
    inputs = input_files(args)
    site_dir = tempfile.mkdtemp(prefix="kb-serve-")

    def configured() -> MkDocsConfig:
        return load_project(args.config, inputs, site_dir=site_dir, dev_addr=args.dev_addr)

    try:
        config = configured()  # a missing or broken mkdocs.yml is reported before the server starts
        _quiet_dirty_warning()
        config.plugins.on_startup(command="serve", dirty=True)
        host, port = config.dev_addr
        mount_path = urlsplit(config.site_url or "/").path
        serve_url = f"http://{host}:{port}{mount_path.rstrip('/')}/"

        def builder(config: MkDocsConfig | None = None) -> None:
            logging.getLogger("mkdocs").info("Building documentation...")
            config = config or configured()
            config.site_url = serve_url
            build(config, serve_url=serve_url, dirty=True)

        server = LiveReloadServer(builder=builder, host=host, port=port, root=site_dir, mount_path=mount_path)
        server.error_handler = lambda code: _error_page(site_dir, code)
        builder(config)  # the first build, before the server's threads start (see kb.processes)
        server.watch(config.docs_dir)
        server.watch(str(args.config.resolve()))
        server = config.plugins.on_serve(server, config=config, builder=builder)
        try:
            server.serve()
        except KeyboardInterrupt:
            logging.getLogger("mkdocs").info("Shutting down...")
        finally:
            server.shutdown()
            config.plugins.on_shutdown()
    finally:
        shutil.rmtree(site_dir, ignore_errors=True)
    return 0


def _error_page(site_dir: str, code: int) -> bytes | None:
    """The site's own 404 page, as mkdocs serve shows it."""
    page = Path(site_dir) / f"{code}.html"
    return page.read_bytes() if code in (404, 500) and page.is_file() else None


def _quiet_dirty_warning() -> None:
    """Logging as `mkdocs serve` shows it ("Serving on …", build times), without the dirty-build warning.

    A dirty build rewrites only the pages whose files changed; the kb plugin
    rewrites only the pages an edit touched. That is the point here, so mkdocs'
    warning about dirty builds is only noise.
    """
    logging.basicConfig(format="%(levelname)-7s -  %(message)s", level=logging.INFO)
    logging.getLogger("mkdocs.commands.build").addFilter(lambda record: "'dirty' build" not in record.getMessage())
