"""What a person sees on each kind of page, at a desktop and a phone width."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from kb.build import Settings, load_knowledge_base
from tests.browser.reading import shown_text
from tests.conftest import full_site_has_real_rules

REPO = Path(__file__).resolve().parents[2]
WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.fixture(scope="module")
def kb():
    """The bundled content, as the pages were built from it: examples are compared with their source."""
    return load_knowledge_base(Settings(content=REPO / "content", templates=REPO / "templates"))


@pytest.fixture(params=list(WIDTHS))
def viewer(request, disk_tabs):
    """A page opened from disk at a desktop or a phone width; fails on script errors."""
    with disk_tabs.use(WIDTHS[request.param]) as tab:
        yield tab


def open_page(tab, site: Path, path: str) -> None:
    url, _, anchor = path.partition("#")
    tab.goto(site.joinpath(url).as_uri() + (f"#{anchor}" if anchor else ""))


# What a reader sees of each example on a page, read in one round trip: its badge, whether its code shows before
# and after the badge is clicked, the code's text and the verdict (a locator per field would take minutes in all).
READ_PROOFS = """ids => ids.map(id => {
    const proof = document.getElementById(id)?.querySelector("details.kb-proof");
    if (!proof) return null;
    const code = proof.querySelector("pre > code"), summary = proof.querySelector("summary");
    const shown = () => code.checkVisibility();
    const before = shown();
    summary.click();
    return {badge: summary.innerText, before, after: shown(), code: code.innerText,
            verdict: proof.querySelector(".kb-verdict").innerText};
})"""
CLOSE_PROOFS = "() => document.querySelectorAll('details.kb-proof[open]').forEach(d => { d.open = false; })"


def examples_read_as_their_source(viewer, where: str, on_page: list, click_one: bool) -> None:
    """Each of `on_page`'s examples, as the page in `viewer` shows it: behind its badge, then its source and verdict."""
    if click_one:  # one real click per kind of page and width; the script clicks the rest
        first = viewer.locator(f'[id="{on_page[0].id}"] details.kb-proof')
        first.locator("summary").click()
        assert first.locator("pre > code").is_visible(), where
        first.locator("summary").click()
    for ruling, seen in zip(on_page, viewer.evaluate(READ_PROOFS, [r.id for r in on_page]), strict=True):
        assert seen, f"{where}: no example under ruling {ruling.id}"
        assert "Verified by the engine" in seen["badge"]
        assert not seen["before"], f"{where}: the code of {ruling.id} should wait behind the badge"
        assert seen["after"], f"{where}: clicking the badge of {ruling.id} did not show its code"
        assert seen["code"] == ruling.example.code, f"{where}: example of {ruling.id} differs from its source"
        assert "ran in the engine" in seen["verdict"]
    viewer.evaluate(CLOSE_PROOFS)


def test_every_example_reads_as_its_source(disk_tabs, full_site: Path, kb):
    # Each page is read at both widths in one load, narrowed as a reader narrows a window: the phone's styles apply
    # on the resize, and loading the ~45 pages again at the phone's width took 10 s of this 2-core machine.
    examples = [r for r in kb.rulings.values() if r.example]
    assert examples, "the bundled content has examples"
    pages: dict[str, list] = {}
    for ruling in examples:
        pages.setdefault(f"cards/{ruling.card}.html" if ruling.card else "rulings/index.html", []).append(ruling)
    clicked = set()
    with disk_tabs.use(WIDTHS["desktop"]) as viewer:
        try:
            for page, on_page in sorted(pages.items()):
                open_page(viewer, full_site, page)
                for width, pixels in WIDTHS.items():
                    viewer.set_viewport_size({"width": pixels, "height": 900})
                    assert viewer.evaluate("innerWidth") == pixels
                    kind = (page.split("/")[0], width)
                    examples_read_as_their_source(viewer, f"{page} at {width} width", on_page, kind not in clicked)
                    clicked.add(kind)
        finally:
            viewer.set_viewport_size({"width": WIDTHS["desktop"], "height": 900})


def test_copy_button_copies_the_source(browser, served_sub_path: str, kb):
    ruling = kb.rulings["rona-disciple-of-gix-2018-04-27-4"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served_sub_path.split("/sub/")[0])
    tab = context.new_page()
    try:
        tab.goto(served_sub_path + f"cards/{ruling.card}.html")
        proof = tab.locator(f'[id="{ruling.id}"] details.kb-proof')
        proof.locator("summary").click()
        proof.locator(".highlight").hover()
        proof.locator("button.md-code__button[data-md-type=copy]").click()
        # Material's button copies the code's visible text without trailing whitespace.
        assert tab.evaluate("navigator.clipboard.readText()") == ruling.example.code.rstrip()
    finally:
        context.close()


def rule_block(tab, number: str):
    # The heading's parent, found from its id: a `:has()` selector would scan every rule of a long page (seconds).
    return tab.locator(f'h4[id="{number}"]').locator("xpath=parent::*[contains(concat(' ', @class, ' '), ' kb-rule ')]")


def test_a_permalink_highlights_its_rule(viewer, full_site: Path):
    open_page(viewer, full_site, "rules/302.html#302.6")
    landed, neighbour = rule_block(viewer, "302.6"), rule_block(viewer, "302.5")
    background = "el => getComputedStyle(el).backgroundColor"
    assert landed.evaluate(background) != neighbour.evaluate(background)
    assert neighbour.evaluate(background) == "rgba(0, 0, 0, 0)"
    top = landed.evaluate("el => el.getBoundingClientRect().top")
    assert 0 <= top < viewer.viewport_size["height"] / 2, "the rule is in view, under the header"


def test_the_copy_link_icon_shows_when_the_site_is_opened_from_disk(viewer, full_site: Path):
    # The button of the rule a permalink lands on is shown: on the screen at both widths, with its icon drawn, from
    # disk as from a server.
    open_page(viewer, full_site, "rules/302.html#302.6")
    button = viewer.get_by_role("button", name="Copy link to rule 302.6")
    box = button.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewer.viewport_size["width"], f"the button is off the screen: {box}"
    area = {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}
    shown = viewer.screenshot(clip=area)
    button.evaluate("el => { el.style.visibility = 'hidden'; }")
    drawn = viewer.screenshot(clip=area) != shown
    assert drawn, "the button's area looks the same without the button: its icon is not drawn"


def test_copy_link_copies_the_rule_address(browser, served_sub_path: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served_sub_path.split("/sub/")[0])
    tab = context.new_page()
    try:
        tab.goto(served_sub_path + "rules/302.html")
        rule_block(tab, "302.6").hover()
        tab.get_by_role("button", name="Copy link to rule 302.6").click()
        assert tab.evaluate("navigator.clipboard.readText()") == served_sub_path + "rules/302.html#302.6"
    finally:
        context.close()


def test_cited_by_shows_a_marker_and_a_count_and_expands(viewer, full_site: Path):
    open_page(viewer, full_site, "rules/302.html#302.6")
    cited = rule_block(viewer, "302.6").locator("details.kb-cited-by")
    summary = cited.locator("summary")
    assert summary.evaluate("el => getComputedStyle(el, '::before').content") == '"▸ "'
    count = int(summary.inner_text().removeprefix("Cited by "))
    items = cited.locator("li")
    assert count == items.count() >= 5
    assert not items.first.is_visible()
    summary.click()
    assert items.first.is_visible()


def test_engine_notes_wait_behind_a_toggle_and_name_each_example_once(viewer, full_site: Path):
    open_page(viewer, full_site, "rules/302.html")
    # All of the page's text, drawn or not (a rule page draws only the rules in view).
    assert "exercised by" not in viewer.locator(".md-content").text_content().lower()
    notes = rule_block(viewer, "302.6").locator("details.kb-engine-notes")
    assert notes.count() == 1
    notes.locator("summary").click()
    names = notes.locator("li a").all_inner_texts()
    assert len(names) == len(set(names)) >= 10
    assert all(": " in name for name in names), "each example is named by its card and ruling, never a bare id"
    assert notes.locator("summary").inner_text() == f"Engine: {len(names)} examples"


@pytest.mark.parametrize(
    ("section", "title", "keyword", "number"),
    [("702", "Keyword abilities A–Z", "Deathtouch", "702.2"), ("701", "Keyword actions A–Z", "Scry", "701.22")],
)
def test_keyword_sections_have_an_index(viewer, full_site: Path, section: str, title: str, keyword: str, number: str):
    open_page(viewer, full_site, f"rules/{section}.html")
    index = viewer.get_by_role("navigation", name=title)
    names = [text.split(" ", 1)[1] for text in index.locator("li").all_inner_texts() if text[:3] == section]
    keywords = names[1:]  # after the rule about keywords in general
    assert keywords == sorted(keywords, key=str.lower) and len(keywords) > 40
    index.get_by_role("link", name=f"{number} {keyword}", exact=True).click()
    # A jump within the page: the address changes after the click returns, and the rule now in view is drawn a
    # frame later (content-visibility), so wait for each, reading the text as drawn.
    expect(viewer).to_have_url(re.compile(f"#{re.escape(number)}$"))
    expect(rule_block(viewer, number).locator(".kb-rule-text")).to_have_text(keyword, use_inner_text=True)


def test_rule_page_breadcrumb_contents_and_neighbours(viewer, full_site: Path):
    open_page(viewer, full_site, "rules/302.html")
    assert viewer.get_by_role("navigation", name="Breadcrumb").inner_text() == "Rules › 3. Card Types › 302. Creatures"
    contents = viewer.get_by_role("navigation", name="In this section").locator("li").all_inner_texts()
    assert contents[0].startswith("302.1 ") and any(c.startswith("302.6 ") for c in contents)
    neighbours = viewer.get_by_role("navigation", name="Neighbouring sections")
    assert neighbours.get_by_role("link").all_inner_texts() == ["← 301. Artifacts", "303. Enchantments →"]
    with viewer.expect_navigation():
        neighbours.get_by_role("link", name="303. Enchantments →").click()
    assert viewer.url.endswith("/rules/303.html")


def test_glossary_jump_bar(viewer, full_site: Path):
    open_page(viewer, full_site, "glossary/index.html")
    bar = viewer.get_by_role("navigation", name="Glossary by first letter")
    assert bar.get_by_role("link").count() >= 20
    bar.get_by_role("link", name="M", exact=True).click()
    # A jump within the page: the address and the scroll change after the click returns, and the terms now in
    # view are drawn a frame later (content-visibility), so wait for each, reading the text as drawn.
    expect(viewer).to_have_url(re.compile("#letter-m$"))
    viewer.wait_for_function("() => document.getElementById('letter-m').getBoundingClientRect().top < 200")
    expect(viewer.locator("#letter-m ~ .kb-term h3").first).to_have_text(re.compile("^M"), use_inner_text=True)


def test_engine_table_never_breaks_a_rule_number(viewer, full_site: Path):
    open_page(viewer, full_site, "engine.html")
    cells = viewer.locator("td.kb-rule-cell a")
    assert cells.count() > 20
    lines = cells.evaluate_all("links => links.map(a => a.getClientRects().length)")
    assert set(lines) == {1}, "a rule number wrapped onto two lines"


def copied(tab, locator) -> str:
    """What Ctrl+C puts on the clipboard after selecting the element's contents."""
    locator.evaluate(
        "el => { const r = document.createRange(); r.selectNodeContents(el); getSelection().removeAllRanges(); getSelection().addRange(r); }"
    )
    tab.keyboard.press("Control+C")
    return tab.evaluate("navigator.clipboard.readText()")


def test_symbols_are_icons_that_copy_as_text(browser, full_site: Path, kb):
    card = kb.cards["rona-disciple-of-gix"]
    for width in WIDTHS.values():
        context = browser.new_context(viewport={"width": width, "height": 900})
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        tab = context.new_page()
        requests: list[str] = []
        tab.on("request", lambda request, seen=requests: seen.append(request.url))
        try:
            open_page(tab, full_site, f"cards/{card.id}.html")
            oracle = tab.locator(".kb-oracle")
            assert "{T}" not in oracle.inner_text(), "the symbol shows as an icon, not as text"
            tap = oracle.get_by_role("img", name="{T}")
            assert tap.count() == 1 and tap.evaluate("img => img.complete && img.naturalWidth > 0")
            assert tab.locator(".kb-mana-cost img").evaluate_all("imgs => imgs.map(i => i.alt)") == ["{1}", "{U}", "{B}"]
            assert copied(tab, oracle) == card.oracle_text
            assert oracle.locator("i.kb-reminder").inner_text() == "(Artifacts, legendaries, and Sagas are historic.)"
            # Rule text too: 106.12 speaks of {T}.
            open_page(tab, full_site, "rules/106.html#106.12")
            assert rule_block(tab, "106.12").get_by_role("img", name="{T}").count() == 1
            assert [u for u in requests if not u.startswith("file://")] == [], "an icon came from off the machine"
        finally:
            context.close()


def test_card_links_out_to_scryfall_and_gatherer(viewer, full_site: Path):
    open_page(viewer, full_site, "cards/rona-disciple-of-gix.html")
    scryfall = viewer.get_by_role("link", name="Scryfall", exact=True)
    gatherer = viewer.get_by_role("link", name="Gatherer", exact=True)
    assert scryfall.get_attribute("href") == "https://scryfall.com/search?q=%21%22Rona%2C%20Disciple%20of%20Gix%22"
    assert gatherer.get_attribute("href").startswith("https://gatherer.wizards.com/Pages/Search/Default.aspx?name=")
    assert "Rona%2C%20Disciple%20of%20Gix" in gatherer.get_attribute("href")


def test_general_rulings_list_the_cards_that_attach_them(viewer, full_site: Path, kb):
    open_page(viewer, full_site, "rulings/index.html")
    attached = viewer.locator('[id="tap-symbol"] .kb-attached')
    expected = sorted(c.name for c in kb.cards.values() if "tap-symbol" in c.general_rulings)
    assert expected and attached.get_by_role("link").all_inner_texts() == expected
    assert attached.inner_text().startswith(f"Attached to {len(expected)} cards: ")


def test_a_rule_changed_in_the_latest_release_links_to_its_change(viewer, full_site: Path):
    open_page(viewer, full_site, "rules/104.html#104.6")
    marker = rule_block(viewer, "104.6").locator("a.kb-changed")
    assert marker.inner_text().lower() == "changed 2025-09-19"
    assert rule_block(viewer, "104.5").locator("a.kb-changed").count() == 0
    marker.click()
    viewer.wait_for_url("**/changes.html#changed-104.6")
    entry = viewer.locator('[id="changed-104.6"]')
    expect(entry).to_be_visible()  # the changes page is long: give it time to lay out
    assert entry.locator("ins, del").count() > 0


@pytest.mark.parametrize("build", ["default", "full"])
def test_home_suggested_searches_find_something(viewer, request, build: str):
    site = request.getfixturevalue("default_site" if build == "default" else "full_site")
    open_page(viewer, site, "index.html")
    suggestions = viewer.locator("[data-kb-search-for]")
    assert suggestions.count() >= 3
    for query in suggestions.all_inner_texts():
        viewer.keyboard.press("Escape")
        viewer.locator(f'[data-kb-search-for="{query}"]').click()
        viewer.wait_for_function(
            "q => document.querySelector('[data-kb-search]').dataset.kbSearchState === 'done'"
            " && document.querySelector('[data-kb-search-query]').value === q",
            arg=query,
        )
        assert viewer.locator(".md-search-result__link").count() >= 1, f"no result for the suggested {query!r}"
        viewer.evaluate("document.querySelector('[data-kb-search]').dataset.kbSearchState = ''")
    how = viewer.get_by_role("heading", name="Add the Comprehensive Rules")
    if build == "default":
        assert how.is_visible()
        assert "kb build --cache .cache/kb" in viewer.locator(".md-content").inner_text()
    else:
        assert how.count() == 0


def test_a_proved_cr_example_opens_its_code_under_the_example(viewer, full_site: Path, kb):
    if not full_site_has_real_rules():
        pytest.skip("the CR's own examples are in the real rules' text: the made-up release has none")
    counterpart = kb.cr_examples["cr-106.7-1"]
    open_page(viewer, full_site, "rules/106.html")
    example = viewer.locator(f'[id="{counterpart.id}"]')
    assert "Exotic Orchard has the ability" in shown_text(example.locator("p").first)
    proof = example.locator("details.kb-proof")
    summary = proof.locator("summary")
    assert summary.inner_text().strip() == "✓ Proved by the engine"
    code = proof.locator("pre > code")
    assert not code.is_visible(), "the code waits behind the badge"
    summary.click()
    assert code.inner_text() == counterpart.example.code
    assert "ran in the engine" in proof.locator(".kb-verdict").inner_text()
