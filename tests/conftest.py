"""Shared fixtures: the repository's own project, and throwaway copies of it."""

from __future__ import annotations

import shutil
from functools import cached_property
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


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory: pytest.TempPathFactory):
    """A sample of the hostile payload corpus in every input field, built once (tests/hostile_inputs.py)."""
    import hostile_inputs

    shared_release("MagicCompRules 20250919.txt")
    shared_release("MagicCompRules 20250606.txt")
    return hostile_inputs.build(tmp_path_factory.mktemp("hostile"), hostile_inputs.sample(every=20), whole_rules=False)
