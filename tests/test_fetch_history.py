"""kb fetch --history: an archive folder of CR releases brought up to date, against a local HTTP server."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from kb.cli import main
from kb.errors import KbError
from kb.fetch import fetch_history
from kb.sources.cr_archive import read_archive, release_files
from tests import test_fetch
from tests.test_fetch import Site
from tests.test_history import R2020, R2021, R2022, release_text

site = test_fetch.site  # the loopback server fixture

RELEASES = {
    "2020-01-01.txt": release_text(date(2020, 1, 1), R2020),
    "2021-01-01.txt": release_text(date(2021, 1, 1), R2021),
    "2022-01-01.txt": release_text(date(2022, 1, 1), R2022),
}


def serve_archive(site: Site, releases: dict[str, bytes]) -> str:
    """Serve `releases` and a GitHub contents listing of them (plus a README, which is not a release)."""
    site.files.update({f"txt/{name}": body for name, body in releases.items()})
    listing = [
        {"name": name, "type": "file", "size": len(body), "download_url": f"{site.base}/txt/{name}"}
        for name, body in releases.items()
    ] + [{"name": "README.md", "type": "file", "size": 3, "download_url": f"{site.base}/txt/README.md"}]
    site.files["listing"] = json.dumps(listing).encode()
    return f"{site.base}/listing"


def run(url: str, folder: Path) -> dict[str, str]:
    return {item.path.name: item.status for item in fetch_history(folder, listing_url=url, progress=None)}


def test_missing_releases_are_downloaded_and_the_folder_imports(site: Site, tmp_path: Path) -> None:
    url = serve_archive(site, RELEASES)
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "2020-01-01.txt").write_bytes(RELEASES["2020-01-01.txt"])  # already there
    assert run(url, folder) == {"2020-01-01.txt": "unchanged", "2021-01-01.txt": "downloaded", "2022-01-01.txt": "downloaded"}
    assert site.asked("txt/2020-01-01.txt") == [] and site.asked("txt/README.md") == []
    documents, warnings = read_archive(release_files(folder))
    assert [d.effective_date for d in documents] == [date(2020, 1, 1), date(2021, 1, 1), date(2022, 1, 1)]
    assert warnings == []
    site.requests.clear()
    assert set(run(url, folder).values()) == {"unchanged"}
    assert [path for path, _ in site.requests] == ["listing"]


def test_an_interrupted_download_resumes_and_keeps_what_was_finished(site: Site, tmp_path: Path) -> None:
    url = serve_archive(site, RELEASES)
    site.cut_after["txt/2021-01-01.txt"] = 100
    with pytest.raises(KbError, match="interrupted after 100 of"):
        run(url, tmp_path)
    assert (tmp_path / "2020-01-01.txt").read_bytes() == RELEASES["2020-01-01.txt"]  # finished before: kept
    assert not (tmp_path / "2021-01-01.txt").exists()
    del site.cut_after["txt/2021-01-01.txt"]
    assert run(url, tmp_path)["2021-01-01.txt"] == "resumed"
    assert site.asked("txt/2021-01-01.txt")[-1]["Range"] == "bytes=100-"
    assert (tmp_path / "2021-01-01.txt").read_bytes() == RELEASES["2021-01-01.txt"]


def test_a_file_that_is_not_a_release_is_refused_and_not_kept(site: Site, tmp_path: Path) -> None:
    url = serve_archive(site, {**RELEASES, "2023-01-01.txt": b"<html>Rate limit exceeded</html>"})
    with pytest.raises(KbError, match=r"release 2023-01-01\.txt .* failed verification: it does not import as a release"):
        run(url, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".txt") == sorted(RELEASES)


def test_a_size_other_than_the_listed_one_is_downloaded_again(site: Site, tmp_path: Path) -> None:
    url = serve_archive(site, RELEASES)
    (tmp_path / "2021-01-01.txt").write_bytes(RELEASES["2021-01-01.txt"][:50])  # cut short earlier
    assert run(url, tmp_path)["2021-01-01.txt"] == "downloaded"
    assert (tmp_path / "2021-01-01.txt").read_bytes() == RELEASES["2021-01-01.txt"]


def test_a_listing_that_is_not_an_archive_is_one_line(site: Site, tmp_path: Path) -> None:
    site.files["listing"] = b'{"message": "Not Found"}'
    with pytest.raises(KbError, match=r"unexpected archive listing .*: not a list of files"):
        run(f"{site.base}/listing", tmp_path)


def test_the_command_prints_what_it_fetched(site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = serve_archive(site, RELEASES)
    assert main(["fetch", "--history", str(tmp_path / "archive"), "--archive-url", url]) == 0
    out = capsys.readouterr().out
    assert "3 releases in" in out and "3 new" in out
    assert "downloaded" in out and "2022-01-01.txt" in out
