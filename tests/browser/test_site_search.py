"""The built site in a real browser: search from the header, from disk and from a sub-path, and rule links."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.conftest import full_site_has_real_rules

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


def ranked(page, query: str, n: int) -> list[str]:
    """The URLs of the engine's best `n` records, in rank order (the list shows them grouped by kind)."""
    return page.evaluate(
        """async ([query, n]) => {
          const engine = window.kbSearch.engine;
          const result = await engine.search(query);
          return (await engine.records(result.ranked, 0, n)).map(r => r.url);
        }""",
        [query, n],
    )


def rule_in_view(page, number: str) -> bool:
    return page.evaluate(
        """number => {
          const box = document.getElementById(number).getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight;
        }""",
        number,
    )


@pytest.fixture
def home(disk_page, full_site: Path):
    disk_page.goto(full_site.joinpath("index.html").as_uri())
    return disk_page


@pytest.fixture(scope="module")
def _home_kept(browser, full_site: Path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.errors = []
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    tab.goto(full_site.joinpath("index.html").as_uri())
    yield tab
    context.close()


@pytest.fixture
def searching(_home_kept):
    """The home page, loaded once for the tests that only type queries into it (one after another, as a reader
    does): a load per query was a third of these tests' time. A test that leaves the page or reads its requests
    takes `home`."""
    home_url = _home_kept.url
    _home_kept.errors.clear()
    yield _home_kept
    assert _home_kept.url == home_url, "a test that follows a link takes `home`, not `searching`"
    assert _home_kept.errors == [], f"JavaScript errors on the page: {_home_kept.errors}"


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
def test_search_finds(searching, query: str, expected: str, within: int):
    hrefs = search(searching, query)
    assert any(h.endswith(expected) for h in hrefs), hrefs[:5]
    assert any(u.endswith(expected.lstrip("/")) for u in ranked(searching, query, within)), ranked(searching, query, 5)


def test_results_highlight_the_query_and_show_the_rule_number(searching):
    search(searching, "summoning sickness")
    first_rule = searching.locator(f"{RESULT}[data-kb-kind=rule]").first
    assert first_rule.locator(".kb-search-number").inner_text() == "302.6"
    marks = searching.locator(f"{RESULT} mark").all_inner_texts()
    assert {"summoning", "sickness"} <= {m.lower() for m in marks}


def test_keyboard_arrows_and_escape(searching):
    hrefs = search(searching, "laelia")
    searching.keyboard.press("ArrowDown")
    searching.keyboard.press("ArrowDown")
    assert searching.evaluate("document.activeElement.href") == hrefs[1]
    searching.keyboard.press("Escape")
    assert not searching.locator("#__search").is_checked()
    searching.keyboard.press("s")
    assert searching.locator("#__search").is_checked(), "'s' opens the search"


def test_material_search_does_not_run(home):
    search(home, "302.6")
    assert home.locator("[data-md-component=search]").count() == 0
    assert not [u for u in home.requests if "search_index" in u or "/workers/" in u], "material's search loaded"


def test_rule_link_on_a_card_page_and_back(disk_page, full_site: Path):
    card = full_site.joinpath("cards", "rona-disciple-of-gix.html").as_uri()
    disk_page.goto(card)
    # Rona's page shows the {T} general ruling, whose text says "See rule 302.6".
    link = disk_page.locator("#tap-symbol a.kb-ref-rule", has_text="302.6").first
    with disk_page.expect_navigation():
        link.click()
    assert disk_page.url.endswith("/rules/302.html#302.6")
    assert rule_in_view(disk_page, "302.6")
    disk_page.go_back()
    assert disk_page.url == card


def test_disk_copy_searches_without_any_network_request(disk_page, usb_copy: Path):
    disk_page.goto(usb_copy.joinpath("cards", "laelia-the-blade-reforged.html").as_uri())
    for query, expected in [("302.6", "/rules/302.html#302.6"), ("historic", "/glossary/index.html#historic")]:
        hrefs = search(disk_page, query)
        assert hrefs[0].startswith(usb_copy.as_uri()) and hrefs[0].endswith(expected), hrefs[:3]
    with disk_page.expect_navigation():
        disk_page.keyboard.press("Enter")
    assert disk_page.url.endswith("/glossary/index.html#historic")
    # A misspelling (spelling blocks) and card-name suggestions (name shards) load from disk too.
    search(disk_page, "sumoning sickness")
    assert disk_page.locator(".md-search-result__meta").inner_text().startswith("Showing results for")
    search(disk_page, "lae")
    expect(disk_page.locator(".kb-search-suggestion")).to_have_count(1)
    off_disk = [u for u in disk_page.requests if not u.startswith("file://")]
    assert off_disk == [], "a page opened from disk made requests off the machine"
    for folder in ("t", "d", "s", "n"):
        assert any(f"/search/kb-index/{folder}/" in u for u in disk_page.requests), f"the index's {folder}/ shards load from disk"


def test_served_from_a_sub_path(page, served_sub_path: str):
    page.goto(served_sub_path + "rules/index.html")
    hrefs = search(page, "summoning sickness")
    assert served_sub_path + "rules/302.html#302.6" in hrefs
    with page.expect_navigation():
        page.locator(f'{RESULT}[href$="rules/302.html#302.6"]').click()
    assert page.url == served_sub_path + "rules/302.html#302.6"
    elsewhere = [u for u in page.requests if not u.startswith(served_sub_path)]
    assert elsewhere == [], "every request stays under the sub-path"


# --- how players ask: misspellings, abbreviations, symbols, questions ---------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("sumoning sickness", "/rules/302.html#302.6"),
        ("SBA", "/rules/704.html"),
        ("LKI", "/glossary/index.html#last-known-information"),
        ("{T}", "/rules/107.html#107.5"),
        ("{W/U}", "/rules/107.html#107.4e"),
        # The halves in the other order, and a Phyrexian symbol typed without braces.
        ("{U/W}", "/rules/107.html#107.4e"),
        ("what does r/p mean", "/rules/107.html#107.4f"),
        # A token dies (700.4: put into a graveyard from the battlefield), then ceases to exist (111.7, 704.5d).
        ("does a token go to the graveyard when it dies", "/rules/700.html#700.4 /rules/111.html#111.7 /rules/704.html#704.5d"),
        # Players' phrasing read as the rules' words ("simultaneously"), and +1/+1 as one word.
        ("both players lose at the same time", "/rules/104.html#104.4a"),
        ("+1/+1 and -1/-1 counters", "/rules/704.html#704.5q"),
        ("when does a spell fizzle", "/rules/608.html#608.2b"),
        # Asked what something is, the record that names it answers: the glossary's "Stack", or 405.
        ("what is the stack", "/glossary/index.html#stack /rules/405.html"),
        ("{G}", "/rules/107.html#107.4a"),
        ("*/*", "/rules/208.html#208.2"),
        ("RFG", "/rules/406.html /glossary/index.html#exile"),
    ],
)
def test_players_words_find_their_rule_in_the_first_three(searching, query: str, expected: str):
    if not full_site_has_real_rules():
        pytest.skip("players' questions need the real rules' text: the made-up release has placeholder text")
    hrefs = search(searching, query)
    best = ranked(searching, query, 3)
    accepted = expected.split()
    assert any(u.endswith(a.lstrip("/")) for u in best for a in accepted), best
    assert any(h.endswith(a) for h in hrefs for a in accepted), hrefs[:10]


@pytest.mark.parametrize(
    ("typed", "searched"),
    [("sumoning sickness", "summoning sickness"), ("firststrike", "first strike"), ("hex proof", "hexproof")],
)
def test_a_misspelling_says_what_it_showed_results_for(searching, typed: str, searched: str):
    if typed != "sumoning sickness" and not full_site_has_real_rules():
        pytest.skip("the made-up rules release has neither first strike nor hexproof")
    search(searching, typed)
    assert searching.locator(".md-search-result__meta").inner_text().startswith(f"Showing results for “{searched}” · ")


def test_results_are_grouped_by_kind_in_best_first_order(searching):
    search(searching, "summoning sickness")
    titles = searching.locator(".kb-search-group-title").all_inner_texts()
    kinds = searching.locator(RESULT).evaluate_all("links => links.map(a => a.dataset.kbKind)")
    # Each kind is one run of results, under its own heading, groups ordered by their best result.
    runs = [k for i, k in enumerate(kinds) if i == 0 or kinds[i - 1] != k]
    assert len(runs) == len(set(runs)) == len(titles)
    labels = {"rule": "Rules", "glossary": "Glossary", "card": "Cards", "ruling": "Rulings"}
    assert [t.split(" (")[0].title() for t in titles] == [labels[k] for k in runs]
    best = [
        url.split("/")[0].replace("rules", "rule").replace("cards", "card") for url in ranked(searching, "summoning sickness", 10)
    ]
    assert runs[0] == best[0], "the best result's group comes first"
    assert searching.locator(RESULT).first.get_attribute("href").endswith(ranked(searching, "summoning sickness", 1)[0])


def test_card_names_are_suggested_as_you_type(home):
    search(home, "lae")
    suggestions = home.locator(".kb-search-suggestion")
    assert suggestions.all_inner_texts() == ["Laelia, the Blade Reforged"]
    with home.expect_navigation():
        suggestions.first.click()
    assert home.url.endswith("/cards/laelia-the-blade-reforged.html")


def test_no_suggestion_when_no_card_name_starts_so(searching):
    search(searching, "302.6")
    assert searching.locator(".kb-search-suggestion").count() == 0
    assert searching.locator("[data-kb-search-suggest]").is_hidden()
