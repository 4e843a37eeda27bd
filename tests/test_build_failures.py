"""A build that fails part-way, in this process: one line on stderr, the old site whole, nothing left behind.

tests/test_site_swap.py kills real builds in child processes; these run the
same paths here, where a failure can be put at an exact step: the atomic swap
itself, mkdocs failing on one page, an output writer refused a file.
"""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from kb import outputs
from kb.cli import main
from kb.plugin import KbPlugin
from kb.site_swap import leftovers
from tests.conftest import copy_project

MARKER = "Marker-swap-5d2b"


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled project, built once for the module; tests work on copies of it."""
    root = copy_project(tmp_path_factory.mktemp("failures") / "project")
    assert main(["build", "-f", str(root / "mkdocs.yml"), "-d", str(root / "site")]) == 0
    return root


@pytest.fixture
def root(first_build: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    shutil.copytree(first_build, copy, symlinks=True)
    return copy


def build(root: Path) -> int:
    return main(["build", "-f", str(root / "mkdocs.yml"), "-d", str(root / "site")])


def snapshot(site: Path) -> dict[str, bytes]:
    return {str(path.relative_to(site)): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def mark_a_ruling(root: Path) -> None:
    rulings = root / "content" / "rulings" / "mana.yaml"
    rulings.write_text(rulings.read_text(encoding="utf-8").replace("text: ", f"text: {MARKER} ", 1), encoding="utf-8")


@pytest.mark.parametrize("exchange", ["atomic exchange", "two renames"])
def test_a_successful_build_replaces_the_site_whole(root: Path, exchange: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if exchange == "two renames":
        monkeypatch.setenv("KB_NO_EXCHANGE", "1")
    site = root / "site"
    (site / "stale.html").write_text("from a build long gone", encoding="utf-8")
    inode = site.stat().st_ino
    mark_a_ruling(root)
    assert build(root) == 0
    assert site.stat().st_ino != inode, "the site folder was written in place, not swapped"
    assert not (site / "stale.html").exists()
    assert MARKER in (site / "rulings" / "index.html").read_text(encoding="utf-8")
    assert MARKER in "".join(path.read_text(encoding="utf-8") for path in (site / "api" / "rulings").glob("*.json"))
    assert leftovers(site) == []


def test_mkdocs_failing_on_one_page_keeps_the_old_site(root: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    before = snapshot(root / "site")
    content = KbPlugin.on_page_content

    def fail_on_one_card(self, html, *, page, config, files):
        if page.file.src_uri == "cards/rona-disciple-of-gix.md":
            raise PluginError("cards/rona-disciple-of-gix.md: the theme could not lay out this page")
        return content(self, html, page=page, config=config, files=files)

    monkeypatch.setattr(KbPlugin, "on_page_content", fail_on_one_card)
    mark_a_ruling(root)
    capsys.readouterr()
    assert build(root) == 1
    assert capsys.readouterr().err.splitlines() == [
        "error: site build failed: Error reading page 'cards/rona-disciple-of-gix.md':"
        " cards/rona-disciple-of-gix.md: the theme could not lay out this page"
    ]
    assert snapshot(root / "site") == before
    assert leftovers(root / "site") == []


def test_an_os_error_in_the_output_writer_is_one_line(root: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    before = snapshot(root / "site")

    def full_disk(kb, site_dir: Path, results) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(site_dir / "api" / "index.json"))

    monkeypatch.setattr(outputs, "write_api", full_disk)  # the writer is forked: it runs this
    capsys.readouterr()
    assert build(root) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("error: writing the search indexes and JSON API failed: "), line
    assert line.endswith("/api/index.json: No space left on device"), line
    assert snapshot(root / "site") == before
    assert leftovers(root / "site") == []


def test_an_os_error_installing_the_outputs_is_one_line(root: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    before = snapshot(root / "site")

    def refused(staging: Path, site_dir: Path) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(site_dir / "api"))

    monkeypatch.setattr(outputs, "install", refused)
    capsys.readouterr()
    assert build(root) == 1
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("error: installing the search indexes and JSON API failed: "), line
    assert line.endswith("/api: Permission denied"), line
    assert snapshot(root / "site") == before
    assert leftovers(root / "site") == []
