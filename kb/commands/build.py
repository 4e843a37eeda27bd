"""kb build: the build's steps (kb.build) with the input files and site address given as flags."""

from __future__ import annotations

import argparse
from pathlib import Path
from urllib.parse import urlsplit

from kb.build import build_site, printing
from kb.commands.inputs import add_input_arguments, input_files
from kb.errors import BuildError
from kb.project import load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument("-d", "--site-dir", type=Path, help="where to write the site (default: mkdocs.yml's site_dir)")
    parser.add_argument(
        "--site-url", metavar="URL", help="the address the site is published at, for its sitemap (default: mkdocs.yml's site_url)"
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="list every skipped record, note and warning of the import")


def run(args: argparse.Namespace) -> int:
    url = site_url(args.site_url) if args.site_url else None
    config = load_project(args.config, input_files(args), site_url=url)
    site_dir = args.site_dir or Path(config.site_dir)
    with printing(args.verbose):  # what was imported, and the counts of what was built
        build_site(config, site_dir)
    print(f"built {site_dir}")
    return 0


def site_url(url: str) -> str:
    """`url` as mkdocs keeps a site_url: an http(s) address ending in a slash."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BuildError(f"--site-url {url!r} is not an http(s) address", hint="for example --site-url https://rulings.example.org/")
    return url if url.endswith("/") else url + "/"
