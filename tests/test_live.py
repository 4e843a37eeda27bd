"""The live preview's incremental build gives the pages a full build would, and only redoes what changed."""

from __future__ import annotations

from pathlib import Path

from kb.build import Settings, prepare, render
from kb.live import LiveBuild

BULK = Path(__file__).parent / "fixtures" / "bulk"


def settings_for(project: Path, **files: Path) -> Settings:
    return Settings(content=project / "content", templates=project / "templates", **files)


def full_build_pages(settings: Settings) -> dict[str, str]:
    return {page.path: page.text for page in render(prepare(settings), settings)}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_editing_a_ruling_redoes_its_card_and_the_rules_it_cites(project: Path):
    settings = settings_for(project)
    live = LiveBuild()
    assert live.update(settings).full
    edit(
        project / "content" / "cards" / "laelia-the-blade-reforged.yaml",
        "Cards exiled by Laelia, the Blade Reforged are exiled face up.",
        "Cards exiled by Laelia, the Blade Reforged are exiled face up (see rule 702.2 and rule 101.1).",
    )
    update = live.update(settings)
    assert not update.full
    # 702 gains a citation; 101 is cited for the first time, so the rules index lists it now (and the
    # section pages link to a new neighbour); rule pages name the edited example by its ruling's text.
    assert {"cards/laelia-the-blade-reforged.md", "rules/702.md", "rules/101.md", "rules/index.md", "index.md"} <= update.changed
    assert "cards/rona-disciple-of-gix.md" not in update.changed and "rulings/index.md" not in update.changed
    assert "(see rule" in update.pages["cards/laelia-the-blade-reforged.md"].text
    # Whatever the shortcut, the result is what a full build of the same files gives.
    assert {path: page.text for path, page in update.pages.items()} == full_build_pages(settings)


def test_no_edit_changes_nothing(project: Path):
    settings = settings_for(project)
    live = LiveBuild()
    first = live.update(settings)
    again = live.update(settings)
    assert not again.full and not again.changed and again.pages == first.pages


def test_editing_a_general_ruling_redoes_the_cards_that_attach_it(project: Path):
    settings = settings_for(project)
    live = LiveBuild()
    live.update(settings)
    edit(project / "content" / "rulings" / "costs.yaml", "The untap symbol is {Q}.", "The untap symbol is {Q} (see rule 302.6).")
    update = live.update(settings)
    assert {"rulings/index.md", "cards/rona-disciple-of-gix.md", "cards/laelia-the-blade-reforged.md"} <= update.changed
    assert {path: page.text for path, page in update.pages.items()} == full_build_pages(settings)


def test_a_card_merged_with_imports_stays_merged(project: Path):
    bulk = {
        "scryfall_cards": BULK / "scryfall-oracle-cards.json",
        "scryfall_rulings": BULK / "scryfall-rulings.json",
        "mtgjson": BULK / "mtgjson-atomic.json",
    }
    settings = settings_for(project, **bulk)
    live = LiveBuild()
    live.update(settings)
    edit(
        project / "content" / "cards" / "rona-disciple-of-gix.yaml",
        "The cards exiled from your library are exiled face up.",
        "The cards exiled from your library are exiled face up, for all to see.",
    )
    update = live.update(settings)
    assert not update.full and "cards/rona-disciple-of-gix.md" in update.changed
    assert {path: page.text for path, page in update.pages.items()} == full_build_pages(settings)


def test_adding_a_card_falls_back_to_a_full_build(project: Path):
    settings = settings_for(project)
    live = LiveBuild()
    live.update(settings)
    (project / "content" / "cards" / "bear.yaml").write_text("name: Grizzly Bears\n", encoding="utf-8")
    update = live.update(settings)
    assert update.full and "cards/grizzly-bears.md" in update.pages
