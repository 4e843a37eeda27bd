"""The built site in a real browser: search from the header, from disk and from a sub-path, and rule links."""

from __future__ import annotations

from pathlib import Path

import pytest

RESULT = ".md-search-result__link"


def search(page, query: str) -> list[str]:
    """Type `query` into the header search like a user (focus with "/"); the result links' hrefs."""
    page.keyboard.press("Escape")
    page.keyboard.press("/")
    box = page.locator("[data-kb-search-query]")
    assert box.evaluate("el => el === document.activeElement"), "'/' focuses the search box"
    box.fill(query)
    page.wait_for_function(
        """query => {
          const box = document.querySelector("[data-kb-search]");
          return box.dataset.kbSearchState === "done" && box.querySelector("[data-kb-search-query]").value === query;
        }""",
        arg=query,
    )
    hrefs = page.locator(RESULT).evaluate_all("links => links.map(a => a.href)")
    page.evaluate("document.querySelector('[data-kb-search]').dataset.kbSearchState = ''")
    return hrefs


def rule_in_view(page, number: str) -> bool:
    return page.evaluate(
        """number => {
          const box = document.getElementById(number).getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight;
        }""",
        number,
    )


@pytest.fixture
def home(page, full_site: Path):
    page.goto(full_site.joinpath("index.html").as_uri())
    return page


def test_rule_number_goes_first_and_lands_on_the_rule(home):
    hrefs = search(home, "302.6")
    assert hrefs[0].endswith("/rules/302.html#302.6"), hrefs[:3]
    with home.expect_navigation():
        home.keyboard.press("Enter")
    assert home.url.endswith("/rules/302.html#302.6")
    assert rule_in_view(home, "302.6")
    assert not home.locator("#__search").is_checked(), "the search closes once a result is opened"


@pytest.mark.parametrize(
    ("query", "expected", "within"),
    [
        ("107.3i", "/rules/107.html#107.3i", 1),
        ("605", "/rules/605.html", 1),
        ("summoning sickness", "/rules/302.html#302.6", 3),
        ("laelia", "/cards/laelia-the-blade-reforged.html", 1),
        ("historic", "/glossary/index.html#historic", 1),
    ],
)
def test_search_finds(home, query: str, expected: str, within: int):
    hrefs = search(home, query)
    assert any(h.endswith(expected) for h in hrefs[:within]), hrefs[:5]


def test_results_highlight_the_query_and_show_the_rule_number(home):
    search(home, "summoning sickness")
    first_rule = home.locator(f"{RESULT}[data-kb-kind=rule]").first
    assert first_rule.locator(".kb-search-number").inner_text() == "302.6"
    marks = home.locator(f"{RESULT} mark").all_inner_texts()
    assert {"summoning", "sickness"} <= {m.lower() for m in marks}


def test_keyboard_arrows_and_escape(home):
    hrefs = search(home, "laelia")
    home.keyboard.press("ArrowDown")
    home.keyboard.press("ArrowDown")
    assert home.evaluate("document.activeElement.href") == hrefs[1]
    home.keyboard.press("Escape")
    assert not home.locator("#__search").is_checked()
    home.keyboard.press("s")
    assert home.locator("#__search").is_checked(), "'s' opens the search"


def test_material_search_does_not_run(home):
    search(home, "302.6")
    assert home.locator("[data-md-component=search]").count() == 0
    assert not [u for u in home.requests if "search_index" in u or "/workers/" in u], "material's search loaded"


def test_rule_link_on_a_card_page_and_back(page, full_site: Path):
    card = full_site.joinpath("cards", "rona-disciple-of-gix.html").as_uri()
    page.goto(card)
    # Rona's page shows the {T} general ruling, whose text says "See rule 302.6".
    link = page.locator("#tap-symbol a.kb-ref-rule", has_text="302.6").first
    with page.expect_navigation():
        link.click()
    assert page.url.endswith("/rules/302.html#302.6")
    assert rule_in_view(page, "302.6")
    page.go_back()
    assert page.url == card


def test_disk_copy_searches_without_any_network_request(page, usb_copy: Path):
    page.goto(usb_copy.joinpath("cards", "laelia-the-blade-reforged.html").as_uri())
    for query, expected in [("302.6", "/rules/302.html#302.6"), ("historic", "/glossary/index.html#historic")]:
        hrefs = search(page, query)
        assert hrefs[0].startswith(usb_copy.as_uri()) and hrefs[0].endswith(expected), hrefs[:3]
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith("/glossary/index.html#historic")
    off_disk = [u for u in page.requests if not u.startswith("file://")]
    assert off_disk == [], "a page opened from disk made requests off the machine"
    assert any("/search/kb-index/" in u for u in page.requests), "the index shards load from disk"


def test_served_from_a_sub_path(page, served_sub_path: str):
    page.goto(served_sub_path + "rules/index.html")
    hrefs = search(page, "summoning sickness")
    assert served_sub_path + "rules/302.html#302.6" in hrefs[:3]
    with page.expect_navigation():
        page.locator(f'{RESULT}[href$="rules/302.html#302.6"]').click()
    assert page.url == served_sub_path + "rules/302.html#302.6"
    elsewhere = [u for u in page.requests if not u.startswith(served_sub_path)]
    assert elsewhere == [], "every request stays under the sub-path"
