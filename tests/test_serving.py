"""A built site as a web server sees it: readable permissions, and a sitemap with the site's address."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from kb.cli import main


@pytest.fixture
def usual_umask():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_site_is_readable_by_other_users(project: Path, usual_umask):
    site = project / "site"
    assert main(["build", "-d", str(site)]) == 0
    modes = {path.relative_to(site): stat.S_IMODE(path.stat().st_mode) for path in [site, *site.rglob("*")]}
    assert {p: oct(m) for p, m in modes.items() if (project / "site" / p).is_dir() and m != 0o755} == {}
    assert {p: oct(m) for p, m in modes.items() if (project / "site" / p).is_file() and m != 0o644} == {}
    assert Path("search") in modes and Path("api") in modes and Path("kb.sqlite") in modes


def test_site_url_fills_the_sitemap(project: Path):
    site = project / "site"
    assert main(["build", "-d", str(site), "--site-url", "https://rulings.example.org/mtg"]) == 0
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://rulings.example.org/mtg/cards/rona-disciple-of-gix.html</loc>" in sitemap
    assert "<loc>https://rulings.example.org/mtg/rules/302.html</loc>" in sitemap


def test_site_url_from_mkdocs_yml(project: Path):
    config = project / "mkdocs.yml"
    config.write_text("site_url: https://judge.example.net/\n" + config.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["build", "-d", str(project / "site")]) == 0
    assert "<loc>https://judge.example.net/index.html</loc>" in (project / "site" / "sitemap.xml").read_text(encoding="utf-8")


def test_a_bad_site_url_is_one_line(project: Path, capsys):
    assert main(["build", "-d", str(project / "site"), "--site-url", "rulings.example.org"]) != 0
    err = capsys.readouterr().err
    assert "--site-url 'rulings.example.org' is not an http(s) address" in err and "Traceback" not in err
