"""`kb build` killed at any instant leaves the whole old site or the whole new one, and the next build cleans up.

A real `kb build` runs in a child process and gets `kill -9` at a named step
of the publishing (KB_KILL_AT, see kb.site_swap.checkpoint) or after a delay
spread over its run. After each kill, `site/` must hold exactly the files of a
complete site, all of the old build or all of the new one (a marker in a
ruling's text tells them apart, in the page and in the JSON API alike).
"""

from __future__ import annotations

import errno
import fcntl
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kb.cli import main
from kb.site_swap import leftovers, remove_leftovers
from tests.conftest import copy_project

RULINGS = "content/rulings/mana.yaml"
KEPT_CARDS = {"rona-disciple-of-gix", "laelia-the-blade-reforged", "jodah-archmage-eternal"}
OLD, NEW = "Marker-old-7f3a", "Marker-new-9c1e"


def _files(site: Path) -> set[str]:
    return {str(path.relative_to(site)) for path in site.rglob("*") if path.is_file()}


def _set_marker(root: Path, marker: str) -> None:
    path = root / RULINGS
    text = path.read_text(encoding="utf-8")
    for old in (OLD, NEW):
        text = text.replace(old, marker)
    if marker not in text:
        text = text.replace("text: ", f"text: {marker} ", 1)
    path.write_text(text, encoding="utf-8")


def _version(site: Path, files: dict[str, set[str]]) -> str:
    """'old' or 'new' for a complete site; fails the test for anything else."""
    assert site.is_dir(), "no site/ at all"
    page = (site / "rulings" / "index.html").read_text(encoding="utf-8")
    api = next((site / "api" / "rulings").glob("*.json")).parent
    api_text = "".join(path.read_text(encoding="utf-8") for path in api.glob("*.json"))
    versions = {marker for marker in (OLD, NEW) if marker in page} | {"api:" + m for m in (OLD, NEW) if m in api_text}
    assert versions in ({OLD, "api:" + OLD}, {NEW, "api:" + NEW}), versions
    version = "old" if OLD in versions else "new"
    assert _files(site) == files[version], f"the {version} site is incomplete or mixed"
    return version


def _kb_build(root: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "kb.cli", "build"],
        cwd=root,
        env={**os.environ, **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


class _Project:
    """A project whose site was built from the old marker, while its content now carries the new one."""

    def __init__(self, root: Path, template: _Template) -> None:
        # The site's files are linked, not copied: a build never writes into a published site.
        shutil.copytree(template.root, root, copy_function=lambda a, b: (os.link if "/site/" in a else shutil.copy2)(a, b))
        self.root, self.site, self.seconds, self.files = root, root / "site", template.seconds, template.files
        _set_marker(root, NEW)

    def kill(self, *, at_step: str = "", after: float = 0.0, env: dict[str, str] | None = None) -> str:
        """Run `kb build`, kill -9 it at a step or after a delay; the version of the site it left."""
        extra = {"KB_KILL_AT": at_step} if at_step else {}
        build = _kb_build(self.root, {**extra, **(env or {})})
        if not at_step:
            try:
                build.wait(timeout=after)
            except subprocess.TimeoutExpired:
                build.send_signal(signal.SIGKILL)
        status = build.wait(timeout=120)
        if at_step:
            assert status == -signal.SIGKILL, build.stderr.read().decode() if build.stderr else status
        return _version(self.site, self.files)

    def finish(self) -> None:
        """A build that runs to its end: the new site, and nothing left over."""
        assert _kb_build(self.root).wait(timeout=120) == 0
        assert _version(self.site, self.files) == "new"
        assert leftovers(self.site) == []


def _small_project(root: Path) -> Path:
    """The bundled project with three cards: enough to build a site of every kind of page, and quicker to build."""
    copy_project(root)
    for card in (root / "content" / "cards").glob("*.yaml"):
        if card.stem not in KEPT_CARDS:
            card.unlink()
    shutil.rmtree(root / "content" / "cr-examples")  # their proofs use cards removed above
    return root


class _Template:
    """Built once: the project with the old site, the time a build takes, and the files of each version."""

    def __init__(self, root: Path) -> None:
        self.root = _small_project(root)
        _set_marker(root, OLD)
        started = time.perf_counter()
        assert _kb_build(root).wait(timeout=120) == 0
        self.seconds = time.perf_counter() - started
        # The files of the new version too (the search index's shards depend on the words).
        reference = root.parent / "reference"
        shutil.copytree(root, reference, ignore=shutil.ignore_patterns("site"))
        _set_marker(reference, NEW)
        assert _kb_build(reference).wait(timeout=120) == 0
        self.files = {"old": _files(root / "site"), "new": _files(reference / "site")}
        shutil.rmtree(reference)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> _Template:
    return _Template(tmp_path_factory.mktemp("swap") / "template")


@pytest.fixture
def project(tmp_path: Path, template: _Template) -> _Project:
    return _Project(tmp_path / "project", template)


STEPS = ["locked", "built", "published"]


def test_killed_at_each_step_and_at_moments_of_a_build(project: _Project) -> None:
    # At each step of publishing: before the exchange the old site stands, after it the new one.
    assert [project.kill(at_step=step) for step in STEPS] == ["old", "old", "new"]
    _set_marker(project.root, OLD)  # from here on the site is "new" and content says "old"
    # A few moments spread over the run (each asserts a whole site of one version); sixty in the slow test below.
    seen = _killed_at_spread_delays(project, 3)
    assert "new" in seen
    _set_marker(project.root, NEW)
    project.finish()


def test_without_an_atomic_exchange_a_kill_between_two_renames_is_repaired(project: _Project) -> None:
    """Where the system has no exchange, two renames publish; killed between them, the next build puts the old site back."""
    two_renames = {"KB_NO_EXCHANGE": "1"}
    build = _kb_build(project.root, {"KB_KILL_AT": "between-renames", **two_renames})
    assert build.wait(timeout=120) == -signal.SIGKILL
    assert not project.site.exists()
    assert project.kill(at_step="built", env=two_renames) == "old"  # the next build restores it first
    project.finish()


def _killed_at_spread_delays(project: _Project, count: int) -> list[str]:
    delays = [project.seconds * (index + 0.5) / count for index in range(count)]
    return [project.kill(after=delay) for delay in delays]


@pytest.mark.slow
def test_killed_at_sixty_moments_of_a_build(project: _Project) -> None:
    seen = _killed_at_spread_delays(project, 60)
    assert "old" in seen
    project.finish()


@pytest.mark.slow
def test_two_builds_at_once_take_turns(project: _Project) -> None:
    first = _kb_build(project.root)
    time.sleep(project.seconds / 2)
    second = _kb_build(project.root)
    assert first.wait(timeout=120) == 0
    assert second.wait(timeout=120) == 0
    project.finish()


def test_a_second_build_says_it_waits_for_the_first(project: _Project) -> None:
    with open(project.root / ".site.lock", "a") as holder:  # as a first build holds it
        fcntl.flock(holder, fcntl.LOCK_EX)
        build = _kb_build(project.root)
        assert build.stderr is not None
        ready, _, _ = select.select([build.stderr], [], [], 120)
        assert ready, "the build neither waited nor said so"
        assert build.stderr.readline().decode() == f"waiting for another build of {project.site} to finish\n"
        assert build.poll() is None, "the build did not wait for the lock"
    assert build.wait(timeout=120) == 0
    assert build.stderr.read() == b""
    assert _version(project.site, project.files) == "new"


def test_leftovers_of_older_versions_are_removed(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    for name in (".site-new-abc", ".site-old-def", ".kb-outputs-123", ".site-build-x"):
        (tmp_path / name / "api").mkdir(parents=True)
    (tmp_path / ".sitemap-new-1").mkdir()  # another site's: not ours to remove
    remove_leftovers(site)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".sitemap-new-1", "site"]


def test_a_site_lost_between_two_renames_is_put_back(tmp_path: Path) -> None:
    old = tmp_path / ".site-build-abc" / "old"
    old.mkdir(parents=True)
    (old / "index.html").write_text("old site")
    (tmp_path / ".site-build-abc" / "site").mkdir()  # the new one, never published
    remove_leftovers(tmp_path / "site")
    assert (tmp_path / "site" / "index.html").read_text() == "old site"
    assert leftovers(tmp_path / "site") == []


# --- a full disk and a read-only folder ----------------------------------------------------------------------


def _mount(target: Path, options: str) -> bool:
    target.mkdir(parents=True, exist_ok=True)
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(target)], capture_output=True).returncode == 0


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 12 MB file system holding a copy of the project, or a skip where mounting is not allowed."""
    mount = tmp_path / "disk"
    if os.geteuid() != 0 or not _mount(mount, "size=12m"):
        pytest.skip("mounting a small tmpfs needs root")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def _fill(disk: Path, leave: int) -> None:
    """Fill `disk` until only about `leave` bytes are free."""
    stats = os.statvfs(disk)
    free = stats.f_bavail * stats.f_frsize
    with open(disk / "filler", "wb") as filler:
        try:
            filler.write(b"\0" * max(free - leave, 0))
        except OSError as e:
            assert e.errno == errno.ENOSPC


def test_a_full_disk_is_one_line_and_keeps_the_site(small_disk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _small_project(small_disk / "project")
    assert main(["build", "-f", str(root / "mkdocs.yml"), "-d", str(root / "site")]) == 0
    before = _files(root / "site")
    _fill(small_disk, leave=64 << 10)
    capsys.readouterr()
    assert main(["build", "-f", str(root / "mkdocs.yml"), "-d", str(root / "site")]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert "No space left on device" in err and "free some disk space" in err, err
    assert _files(root / "site") == before
    assert leftovers(root / "site") == []


def test_a_read_only_folder_is_one_line_and_keeps_the_site(small_disk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _small_project(small_disk / "project")
    assert main(["build", "-f", str(root / "mkdocs.yml"), "-d", str(root / "site")]) == 0
    before = _files(root / "site")
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    capsys.readouterr()
    assert main(["build", "-f", str(root / "mkdocs.yml"), "-d", str(root / "site")]) == 1
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"error: cannot write {root / '.site.lock'}: Read-only file system (the output folder is read-only; the previous site is unchanged)"
    ], err
    assert _files(root / "site") == before
