"""Shared fixtures: the repository's own project, and throwaway copies of it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED_CR = REPO.parent / "shared" / "data" / "comprehensive-rules"


def shared_release(name: str) -> Path:
    """A real CR release from ../shared, or a skip that says why it is missing."""
    path = SHARED_CR / name
    if not path.is_file():
        pytest.skip(f"real Comprehensive Rules release not available at {path}")
    return path


@pytest.fixture
def cr_latest() -> Path:
    return shared_release("MagicCompRules 20250919.txt")


@pytest.fixture
def cr_previous() -> Path:
    return shared_release("MagicCompRules 20250606.txt")


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


@pytest.fixture(scope="session")
def full_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled content built with both shared CR releases (latest, and previous for Changes)."""
    from kb.cli import main

    latest = shared_release("MagicCompRules 20250919.txt")
    previous = shared_release("MagicCompRules 20250606.txt")
    root = copy_project(tmp_path_factory.mktemp("full") / "project")
    site = root / "site"
    status = main(["build", "-f", str(root / "mkdocs.yml"), "--rules", str(latest), "--previous", str(previous), "-d", str(site)])
    assert status == 0
    return site


# --- slow tests: the whole 106-release archive and the like -------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="also run tests marked slow (over ~10 s here)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
