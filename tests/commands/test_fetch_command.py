"""kb fetch into a cache, then kb build --cache, against a loopback server; and without a network."""

from __future__ import annotations

import socket
from pathlib import Path

from kb.cli import main
from tests.rules_fixture import cited_by_content, release
from tests.test_fetch import Site, site  # noqa: F401 - the loopback server fixture


def test_fetch_then_build_from_the_cache(site: Site, project: Path, capsys):  # noqa: F811
    # A small release (tests/rules_fixture.py) citing what the content cites: a real one only makes the build slower.
    site.files["cr.txt"] = release(cited_by_content(project)).encode("utf-8")
    cache = project / ".cache" / "kb"
    args = ["fetch", "--cache", str(cache), "--cr-url", f"{site.base}/cr.txt", "--listing-url", f"{site.base}/bulk-data"]
    assert main(args) == 0
    assert "downloaded" in capsys.readouterr().out
    assert main(["build", "--cache", str(cache), "-d", str(project / "site")]) == 0
    assert (project / "site" / "cards" / "opt.html").is_file()
    assert "Rule text not loaded" not in (project / "site" / "rules" / "302.html").read_text(encoding="utf-8")
    # A second fetch finds nothing changed.
    assert main(args) == 0
    assert "downloaded" not in capsys.readouterr().out


def test_fetch_without_a_network_says_so_in_one_line(tmp_path: Path, capsys):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cache = tmp_path / "cache"
    status = main(["fetch", "--cache", str(cache), "--listing-url", f"http://127.0.0.1:{port}/bulk-data"])
    assert status == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: cannot reach 127.0.0.1")
    assert not cache.exists() or not any(cache.iterdir())


def test_build_from_an_empty_cache_is_a_clear_error(project: Path, capsys):
    assert main(["build", "--cache", str(project / "nothing")]) == 1
    assert "no fetched files in" in capsys.readouterr().err
