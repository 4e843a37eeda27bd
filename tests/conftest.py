"""Shared fixtures: the repository's own project, and throwaway copies of it."""

from __future__ import annotations

import os
import pickle
import shutil
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TypeVar

import pytest
from filelock import FileLock

REPO = Path(__file__).resolve().parent.parent
SHARED_CR = REPO.parent / "shared" / "data" / "comprehensive-rules"
T = TypeVar("T")

# Python's bytecode cache (__pycache__ beside each module, ignored by git), even where PYTHONDONTWRITEBYTECODE is
# set, as in this machine's shell: without it each xdist worker compiles and assert-rewrites every test module again
# (collecting takes 2.6–3.0 s of CPU, against 1.1–1.2 s), and each `kb` subprocess compiles kb/ (0.35 s against 0.26 s for a
# small build). Dropped here, in the process that starts the workers, so they and every subprocess inherit it.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than there are cores.

    Tests spend part of their time waiting (on Chromium, on a kb subprocess, on a
    server): with one worker per core, the two cores here were idle for 40 of the
    suite's 290 core-seconds, and with a third worker for 20; the run took 9 % less.
    """
    return (os.cpu_count() or 1) + 1


@pytest.hookimpl(trylast=True)  # after pytest-randomly's shuffle
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser test files first, each group still in its random order.

    They are the longest files (10–30 s each), and xdist hands out whole files
    (--dist loadfile) in this order (--no-loadscope-reorder, in pyproject.toml):
    started last, one of them kept a single worker busy for the last 10 s while
    the others had nothing left. Back to back, this order took 3–5 % less time
    (129.6 s against 133.7 s, 112.8 s against 118.4 s). Without that option xdist
    put the files with the most tests first instead, and a browser file often ran last.
    """
    browser = REPO / "tests" / "browser"
    items.sort(key=lambda item: browser not in item.path.parents)


def shared_release(name: str) -> Path:
    """A real CR release from ../shared, or a skip that says why it is missing."""
    path = SHARED_CR / name
    if not path.is_file():
        pytest.skip(f"real Comprehensive Rules release not available at {path}")
    return path


class Bundled:
    """How many records the bundled content/ holds, counted from the files (content grows; tests must not pin it).

    Read on first use, not when pytest starts: most runs never ask.
    """

    @cached_property
    def _content(self):
        from kb.sources.content import load_content

        return load_content(REPO / "content")

    @property
    def cards(self) -> int:
        return len(self._content.cards)

    @property
    def rulings(self) -> int:
        return len(self._content.rulings)

    @property
    def examples(self) -> int:
        """Every executable example: the rulings', and the counterparts of the CR's own examples."""
        return sum(1 for ruling in self._content.rulings if ruling.example is not None) + self.cr_examples

    @property
    def cr_examples(self) -> int:
        return len(self._content.cr_examples)

    @property
    def card_initials(self) -> list[str]:
        return sorted({card.id[0] for card in self._content.cards})


BUNDLED = Bundled()


@pytest.fixture
def cr_latest() -> Path:
    return shared_release("MagicCompRules 20250919.txt")


@pytest.fixture
def cr_previous() -> Path:
    return shared_release("MagicCompRules 20250606.txt")


@pytest.fixture(scope="session", autouse=True)
def _examples_passed_once(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every build of the run, in any worker or child process, shares one cache of passed examples (kb.example_cache),
    fresh for each run: a developer's own cache never decides a test."""
    base = tmp_path_factory.getbasetemp()
    os.environ["KB_CACHE_DIR"] = str((base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "kb-cache")


@pytest.fixture(scope="session")
def kb_latest():
    """The bundled content linked with the latest real release, loaded once per worker: read it, never change it."""
    from kb.build import Settings, load_knowledge_base

    rules = shared_release("MagicCompRules 20250919.txt")
    return load_knowledge_base(Settings(content=REPO / "content", templates=REPO / "templates", rules=rules))


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of this repository's project (mkdocs.yml, templates, content) to build and break."""
    root = copy_project(tmp_path / "project")
    monkeypatch.chdir(root)
    return root


def copy_project(root: Path) -> Path:
    """Copy this repository's project (mkdocs.yml, templates, content) into `root`."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "templates", root / "templates")
    shutil.copytree(REPO / "content", root / "content")
    return root


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], T]) -> T:
    """`build(folder)` run once per test run, by whichever xdist worker asks first; the others wait for it and reuse it.

    What it builds is shared by every worker: read it, never change it. Its result must survive a pickle round trip
    (a worker that did not build gets the copy the builder left beside the folder).
    """
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder, above each worker's own
    folder, result = base / f"shared-{name}", base / f"shared-{name}.pickle"
    with FileLock(base / f"shared-{name}.lock"):
        if result.is_file():
            return pickle.loads(result.read_bytes())
        shutil.rmtree(folder, ignore_errors=True)  # what a build that failed in another worker left
        built = build(folder)
        result.write_bytes(pickle.dumps(built))
        return built


@pytest.fixture(scope="session")
def built_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled project with its default site built, once per run: read it, never change it (see `site_project`)."""
    return built_once(tmp_path_factory, "built", _build_default)


def _build_default(folder: Path) -> Path:
    from kb.cli import main

    root = copy_project(folder / "project")
    assert main(["build", "-f", str(root / "mkdocs.yml"), "-d", str(root / "site")]) == 0
    return root


@pytest.fixture
def site_project(built_project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of `built_project` to change and rebuild, as the working folder.

    The site's files are hard links (quick, and a build never writes into a
    published site: it swaps a new one in); everything else is copied.
    """
    root = tmp_path / "project"
    shutil.copytree(built_project, root, symlinks=True, ignore=shutil.ignore_patterns("site"))
    shutil.copytree(built_project / "site", root / "site", symlinks=True, copy_function=os.link)
    monkeypatch.chdir(root)
    return root


@pytest.fixture(scope="session")
def full_site(_real_full_site: Path) -> Path:
    """The bundled content built with both shared CR releases (latest, and previous for Changes), and the history of
    three archived ones where ../shared has them."""
    return _real_full_site


# Three archived releases around 2018 (Rules Lawyer's rulings are of 2018-01-19): the full site's rules history.
ARCHIVE = REPO.parent / "shared" / "data" / "comprehensive-rules-archive"
HISTORY_RELEASES = ("2017-09-25.txt", "2018-07-13.txt", "2019-01-25.txt")


@pytest.fixture(scope="session")
def _real_full_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    latest = shared_release("MagicCompRules 20250919.txt")
    previous = shared_release("MagicCompRules 20250606.txt")

    def build(folder: Path) -> Path:
        history = None
        if all((ARCHIVE / name).is_file() for name in HISTORY_RELEASES):
            history = folder / "archive"
            history.mkdir(parents=True)
            for name in HISTORY_RELEASES:
                shutil.copy(ARCHIVE / name, history / name)
        return _build_full(folder / "project", latest, previous, history)

    return built_once(tmp_path_factory, "full", build)


def full_site_has_real_rules() -> bool:
    """Whether `any_full_site` is built from ../shared's real releases (not from tests/rules_fixture.py's)."""
    real = [SHARED_CR / "MagicCompRules 20250919.txt", SHARED_CR / "MagicCompRules 20250606.txt"]
    return all(path.is_file() for path in real) and os.environ.get("KB_TEST_RULES") != "fixture"


@pytest.fixture(scope="session")
def any_full_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`full_site` where ../shared has the releases; else the same build from tests/rules_fixture.py's small releases.

    KB_TEST_RULES=fixture takes the small releases even where the real ones are.
    """
    if full_site_has_real_rules():
        return request.getfixturevalue("_real_full_site")
    from rules_fixture import cited_by_content, write_releases

    def build(root: Path) -> Path:
        return _build_full(root / "project", *write_releases(root / "rules", cited_by_content(REPO)))

    return built_once(tmp_path_factory, "full-from-fixture", build)


def _build_full(root: Path, latest: Path, previous: Path, history: Path | None = None) -> Path:
    from kb.cli import main

    copy_project(root)
    site = root / "site"
    flags = ["--rules", str(latest), "--previous", str(previous), *(["--history", str(history)] if history else [])]
    assert main(["build", "-f", str(root / "mkdocs.yml"), *flags, "-d", str(site)]) == 0
    return site


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory: pytest.TempPathFactory):
    """A sample of the hostile payload corpus in every input field, built once (tests/hostile_inputs.py)."""
    import hostile_inputs

    shared_release("MagicCompRules 20250919.txt")
    shared_release("MagicCompRules 20250606.txt")
    return built_once(
        tmp_path_factory,
        "hostile",
        lambda folder: hostile_inputs.build(folder, hostile_inputs.sample(every=20), whole_rules=False),
    )
