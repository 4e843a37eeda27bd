"""End to end: `kb build` on the bundled content, and what a failed build leaves behind."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag

import pytest

from kb.cli import main
from kb.sources.content import load_content
from tests.conftest import BUNDLED


class _Page(HTMLParser):
    """Ids, links and text of one built page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []  # (href, class)
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "a" and a.get("href"):
            self.links.append((a["href"] or "", a.get("class") or ""))
        if tag == "img" and a.get("alt"):  # a symbol's icon reads (and copies) as its text
            self.text.append(a["alt"] or "")

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.fixture
def built(built_project: Path) -> Path:
    return built_project / "site"


def test_every_seed_card_has_a_page_with_all_its_rulings(built: Path, project: Path):
    content = load_content(project / "content")
    for card in content.cards:
        page_path = built / "cards" / f"{card.id}.html"
        assert page_path.is_file(), card.name
        page = parse(page_path)
        text = re.sub(r"\s+", " ", "".join(page.text))
        for ruling in content.rulings:
            if ruling.card == card.id or ruling.id in card.general_rulings:
                assert ruling.id in page.ids, ruling.id
                assert re.sub(r"\s+", " ", ruling.text) in text, ruling.id


def test_every_rule_reference_on_a_card_page_resolves(built: Path):
    checked = 0
    targets: dict[Path, _Page] = {}  # a rule page is parsed once, however many links point at it
    for page_path in sorted((built / "cards").glob("*.html")):
        for href, css_class in parse(page_path).links:
            if "kb-ref-rule" not in css_class:
                continue
            target, anchor = urldefrag(href)
            target_path = (page_path.parent / unquote(target)).resolve()
            assert target_path.is_file(), f"{page_path.name}: {href}"
            if anchor:
                if target_path not in targets:
                    targets[target_path] = parse(target_path)
                assert unquote(anchor) in targets[target_path].ids, f"{page_path.name}: {href}"
            checked += 1
    # The seed rulings cite 302.6 and 605 and explain 106.x and 107.x.
    assert checked >= 10


def test_rule_page_lists_the_rulings_that_cite_it(built: Path):
    page = parse(built / "rules" / "302.html")
    assert "302.6" in page.ids
    cited = [href for href, _ in page.links if "rulings/index.html#tap-symbol" in href]
    assert cited, "the {T} general ruling cites rule 302.6"


def test_the_themes_own_search_is_left_out_of_the_site(built: Path):
    # kb's search replaces material's: its lunr scripts and worker are never loaded, so never written.
    scripts = built / "assets" / "javascripts"
    theme_scripts = sorted(p.relative_to(scripts).as_posix() for p in scripts.rglob("*"))
    assert theme_scripts and all(name.startswith("bundle.") for name in theme_scripts), theme_scripts
    assert not [p for p in built.rglob("*.html") if "lunr" in p.read_text(encoding="utf-8")]


def test_malformed_content_fails_with_one_line_and_leaves_the_site(site_project: Path, capsys):
    project, built = site_project, site_project / "site"
    before = {p: p.stat().st_mtime_ns for p in built.rglob("*")}
    card = project / "content" / "cards" / "rona-disciple-of-gix.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("type_line:", "type_lines:"), encoding="utf-8")
    capsys.readouterr()
    assert main(["build", "--site-dir", str(built)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith("error: content/cards/rona-disciple-of-gix.yaml:4: unknown field 'type_lines'")
    assert {p: p.stat().st_mtime_ns for p in built.rglob("*")} == before
    assert not list(project.glob(".site-*")), "no staging folder left behind"


def test_check_reports_the_same_errors(project: Path, capsys):
    (project / "content" / "cards" / "broken.yaml").write_text("name: Broken\nrulings:\n  - date: 2020-01-01\n", encoding="utf-8")
    assert main(["check"]) == 1
    assert capsys.readouterr().err == (
        "error: content/cards/broken.yaml:3: missing required field 'text' in a card ruling (add 'text:')\n"
    )


def test_reference_to_a_rule_missing_from_the_release_is_an_error(project: Path, capsys):
    rules = Path(__file__).parent / "fixtures" / "cr" / "mini.txt"
    general = project / "content" / "rulings" / "extra.yaml"
    general.write_text("- id: dangling\n  rules: ['100.1']\n  text: See rule 999.9 for more.\n", encoding="utf-8")
    assert main(["check", "--rules", str(rules)]) == 1
    err = capsys.readouterr().err
    assert (
        "error: content/rulings/extra.yaml:1: reference to unknown rule 999.9 (no such rule in the loaded Comprehensive Rules)"
        in err
    )


def test_build_merges_imported_bulk_data_with_content(project: Path):
    bulk = Path(__file__).parent / "fixtures" / "bulk"
    site = project / "site"
    status = main(
        [
            "build",
            "--scryfall-cards", str(bulk / "scryfall-oracle-cards.json"),
            "--scryfall-rulings", str(bulk / "scryfall-rulings.json"),
            "--mtgjson", str(bulk / "mtgjson-atomic.json"),
            "-d", str(site),
        ]
    )  # fmt: skip
    assert status == 0
    assert (site / "cards" / "opt.html").is_file() and (site / "cards" / "fire-ice.html").is_file()
    rona = (site / "cards" / "rona-disciple-of-gix.html").read_text(encoding="utf-8")
    # A ruling found in content, Scryfall and MTGJSON is shown once, with where it was found.
    assert rona.count("You must follow the normal timing permissions") == 1
    assert "(via scryfall, mtgjson)" in rona
    # Imported text is escaped, never markup.
    assert "alert(1)" in rona and "<script>alert" not in rona
    opt = (site / "cards" / "opt.html").read_text(encoding="utf-8")
    assert 'href="../rules/701.html#701.22"' in opt
    assert (site / "rules" / "701.html").is_file()


def test_card_pages_show_verified_examples_and_related_cards(built: Path):
    rona = (built / "cards" / "rona-disciple-of-gix.html").read_text(encoding="utf-8")
    assert rona.count("✓ Verified by the engine") == 9 + 8  # its own rulings and the general ones
    assert "FAILED" not in rona
    assert 'Related: <a href="jodah-archmage-eternal.html"' in rona
    engine = (built / "engine.html").read_text(encoding="utf-8")
    assert 'id="engine-302.6"' in engine and 'id="engine-400.7"' in engine
    assert f"{BUNDLED.examples} of {BUNDLED.examples} examples passed" in engine


def test_a_large_card_index_is_split_by_letter(project: Path, monkeypatch: pytest.MonkeyPatch):
    from kb import render

    monkeypatch.setattr(render, "CARDS_ON_ONE_PAGE", 2)
    site = project / "site"
    assert main(["build", "-d", str(site)]) == 0
    index = parse(site / "cards" / "index.html")
    letters = [href for href, _ in index.links if "card-index/" in href]
    assert letters == [f"../card-index/{letter}.html" for letter in BUNDLED.card_initials]
    r_page = parse(site / "card-index" / "r.html")
    r_cards = [href for href, _ in r_page.links if href.startswith("../cards/") and "index" not in href]
    assert "../cards/rona-disciple-of-gix.html" in r_cards
    assert all(href.startswith("../cards/r") for href in r_cards)
