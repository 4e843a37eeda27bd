"""The rules as of a date (rules/as-of.html): a 2018 date shows that release's text, linked to today's rule.

The site is the tests' shared full site (tests/conftest.py), built with the current
release and the history of three archived ones around 2018, served over HTTP and
opened from disk.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.reading import shown_text
from tests.conftest import ARCHIVE, HISTORY_RELEASES, full_site_has_real_rules

expect = pytest.importorskip("playwright.sync_api").expect

# Straight quotes and dashes: the history leaves typography out (kb.history.plain).
TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-"})


@pytest.fixture(scope="module")
def history_site(request: pytest.FixtureRequest) -> Path:
    if not all((ARCHIVE / name).is_file() for name in HISTORY_RELEASES):
        pytest.skip(f"the archived releases {HISTORY_RELEASES} are not under {ARCHIVE}")
    if not full_site_has_real_rules():
        pytest.skip("the site is built from the made-up rules release (KB_TEST_RULES=fixture): it has no rules history")
    return request.getfixturevalue("_real_full_site")  # built with their history (tests/conftest.py)


@pytest.fixture(scope="module")
def served(history_site: Path, served_sub_path: str) -> str:
    return served_sub_path


def release_line(name: str, number: str) -> str:
    """Rule `number`'s line in an archived release file, as written there (Windows-1252)."""
    for line in (ARCHIVE / name).read_bytes().decode("cp1252").splitlines():
        if line.startswith(number + " "):
            return line.removeprefix(number + " ").strip()
    raise AssertionError(f"{number} is not in {name}")


def test_a_2018_date_shows_that_releases_text_and_links_to_todays_rule(page, served: str) -> None:
    page.goto(served + "rules/as-of.html")
    page.fill("input[name=date]", "2018-08-01")
    page.fill("input[name=section]", "704")
    page.click("form.kb-as-of button")
    rule = page.locator("#then-704\\.5t")
    rule.wait_for()
    assert "the release of 2018-07-13" in page.locator(".kb-as-of-status").inner_text()
    then = shown_text(rule.locator(".kb-rule-text"))
    assert then == "704.5t " + release_line("2018-07-13.txt", "704.5t").translate(TYPOGRAPHY)
    assert "Two-Headed Giant" in then and "0 or less life" in then
    link = rule.locator(".kb-then-now a")
    now = link.inner_text()
    assert now != "704.5t"  # renumbered since (704.6a in the release of 2025-09-19)
    link.click()
    page.wait_for_url(f"**/rules/704.html#{now}")
    today = shown_text(page.locator(f"[id='{now}']").locator("xpath=.."))
    assert "Two-Headed Giant" in today and "0 or less life" in today


def test_a_rule_pages_history_opens_the_rule_as_of_a_date(page, served: str) -> None:
    page.goto(served + "rules/704.html")
    block = page.locator("[id='704.6a']").locator("xpath=..").locator("details.kb-history")
    block.locator("summary").click()
    assert "formerly 704.5t, 704.5s" in block.locator("summary").inner_text()
    block.locator("a", has_text="the text on any date").click()
    # The link opens the rule as it reads today, marked; then an earlier date is chosen.
    expect(page.locator(".kb-then-chosen")).to_have_id("then-704.6a")
    page.fill("input[name=date]", "2018-01-19")
    page.click("form.kb-as-of button")
    page.locator("#then-704\\.5s").wait_for()
    assert release_line("2017-09-25.txt", "704.5s").translate(TYPOGRAPHY) in shown_text(page.locator("#then-704\\.5s"))


def test_a_date_before_the_first_release_says_so(page, served: str) -> None:
    page.goto(served + "rules/as-of.html?date=2010-01-01&section=704")
    expect(page.locator(".kb-as-of-status")).to_contain_text("No release here was in force on 2010-01-01")
    assert "the earliest is 2017-09-29" in page.locator(".kb-as-of-status").inner_text()
    assert page.locator(".kb-then").count() == 0


def test_opened_from_disk_the_date_page_works_as_served(page, history_site: Path) -> None:
    # file:// may load a script but not fetch a file: the history comes as api/history.js.
    page.goto((history_site / "rules" / "as-of.html").as_uri() + "?date=2018-08-01&section=704")
    rule = page.locator("#then-704\\.5t")
    rule.wait_for()
    assert shown_text(rule.locator(".kb-rule-text")) == "704.5t " + release_line("2018-07-13.txt", "704.5t").translate(TYPOGRAPHY)
