"""kb build: load, check and render the knowledge base, then build the site."""

from __future__ import annotations

import argparse
from pathlib import Path
from urllib.parse import urlsplit

from kb.commands.inputs import add_input_arguments, input_files
from kb.errors import BuildError
from kb.pipeline import prepare
from kb.site import build_site, load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument("-d", "--site-dir", type=Path, help="where to write the site (default: mkdocs.yml's site_dir)")
    parser.add_argument(
        "--site-url", metavar="URL", help="the address the site is published at, for its sitemap (default: mkdocs.yml's site_url)"
    )


def run(args: argparse.Namespace) -> int:
    config, plugin = load_project(args.config)
    if args.site_url:
        config.site_url = site_url(args.site_url)
    checked = prepare(plugin.settings(config, **input_files(args)))
    kb, passed = checked.kb, len(checked.report.results) - len(checked.report.failures)
    summary = f"{len(kb.cards)} cards, {len(kb.rulings)} rulings, {len(kb.rules)} rules, {passed} examples verified"
    # The plugin takes it from here; holding on to it would keep it in memory for all of mkdocs' build.
    plugin.preloaded = checked
    del checked, kb
    site_dir = args.site_dir or Path(config.site_dir)
    build_site(config, site_dir)
    print(f"built {site_dir}: {summary}")
    return 0


def site_url(url: str) -> str:
    """`url` as mkdocs keeps a site_url: an http(s) address ending in a slash."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BuildError(f"--site-url {url!r} is not an http(s) address", hint="for example --site-url https://rulings.example.org/")
    return url if url.endswith("/") else url + "/"
