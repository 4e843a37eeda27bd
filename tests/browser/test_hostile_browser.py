"""Hostile input in Chromium: no payload runs on any kind of page or in search results.

Every payload that would run calls `kbPwned(N)`, opens a dialog or logs
KBPWNED (tests/hostile_inputs.py). Each page is opened from disk with a
sentinel `kbPwned` installed before any script, a dialog listener, and a
listener for Content-Security-Policy violations: a violation on a hostile
page would mean that markup from an input reached it (and that only the
second wall stopped it), or that the policy blocks one of the site's own
scripts. The default run opens one page of each kind; `pytest -m slow` opens
every page of a site built from the whole corpus.
"""

from __future__ import annotations

from pathlib import Path

import hostile_inputs
import pytest
from test_site_search import search

from tests.browser.reading import draw_everything

SENTINEL = """
window.__kb = {ran: [], violations: []};
window.kbPwned = n => window.__kb.ran.push(n);
document.addEventListener("securitypolicyviolation",
  e => window.__kb.violations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sample));
"""


class Watch:
    """What ran, was blocked, or spoke up on one browser page, across navigations."""

    def __init__(self, browser) -> None:
        self.context = browser.new_context()
        self.context.add_init_script(SENTINEL)
        self.page = self.context.new_page()
        self.events: list[str] = []
        self.page.on("dialog", self._dialog)
        self.page.on("console", lambda msg: "KBPWNED" in msg.text and self.events.append(f"console: {msg.text}"))
        self.page.on("pageerror", lambda error: self.events.append(f"page error: {error}"))

    def _dialog(self, dialog) -> None:
        self.events.append(f"dialog {dialog.type}: {dialog.message}")
        dialog.dismiss()

    def visit(self, url: str) -> list[str]:
        """Open `url`, give handlers (load, error, focus, animation, hover) their chance; what happened."""
        self.page.goto(url)
        draw_everything(self.page)
        self.page.mouse.move(200, 300)
        self.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        self.page.wait_for_timeout(150)
        return self.happened()

    def happened(self) -> list[str]:
        state = self.page.evaluate("window.__kb")
        found = [f"kbPwned({n})" for n in state["ran"]] + [f"CSP violation: {v}" for v in state["violations"]]
        found += self.events
        self.events = []
        return found

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def _watching(browser):
    # One context for the module (opening one costs a third of a second here); each test starts on a blank page.
    w = Watch(browser)
    yield w
    w.close()


@pytest.fixture
def watch(_watching: Watch):
    _watching.events = []
    yield _watching
    _watching.page.goto("about:blank")


def page_kinds(site: Path) -> list[Path]:
    """One page of each kind; card pages from each source."""
    cards = sorted((site / "cards").glob("*.html"))
    pages = [site / p for p in [*hostile_inputs.PAGE_KINDS, "404.html"]]
    pages += [site / "rules" / f"{s}.html" for s in ("106", "302") if (site / "rules" / f"{s}.html").is_file()]
    for source in ("yaml", "sf", "mj"):
        pages += [p for p in cards if source in p.stem][:2]
    pages += sorted((site / "card-index").glob("*.html"))[:2]
    return pages


def test_no_payload_runs_on_any_kind_of_page(hostile_site, watch):
    pages = page_kinds(hostile_site.site)
    assert len(pages) >= 15
    happened = {str(p.relative_to(hostile_site.site)): watch.visit(p.as_uri()) for p in pages}
    assert {page: events for page, events in happened.items() if events} == {}


def test_a_card_page_shows_its_hostile_name_as_text(hostile_site, watch):
    n, payload = next((n, p) for n, p in hostile_site.payloads.items() if p.startswith("<script>"))
    name = hostile_inputs.card_name("sf", n, payload)
    index = (hostile_site.site / "cards" / "index.html").as_uri()
    assert watch.visit(index) == []
    with watch.page.expect_navigation():
        watch.page.get_by_role("link", name=name, exact=True).click()
    assert watch.page.locator("h1").inner_text() == name
    assert watch.page.title() == f"{name} - MTG Rulings Knowledge Base"
    assert watch.happened() == []


@pytest.mark.parametrize("query", ["kbpwned", "script onerror", "javascript", "kbraw0x", "svg onload"])
def test_no_payload_runs_in_search_results(hostile_site, watch, query):
    assert watch.visit((hostile_site.site / "index.html").as_uri()) == []
    hrefs = search(watch.page, query)
    assert hrefs, f"no results for {query!r}"
    # The results show the payloads as text (the titles hold names such as "<script>kbPwned(0)</script> sf0").
    results = watch.page.locator(".md-search-result__list").inner_text()
    assert "kbPwned(" in results or query == "kbraw0x"
    watch.page.locator(".md-search-result__link").first.hover()
    watch.page.wait_for_timeout(100)
    assert watch.happened() == []


def test_the_policy_stops_handlers_and_script_urls_that_got_in(hostile_site, watch):
    """The second wall: markup added to a built page still cannot run."""
    assert watch.visit((hostile_site.site / "index.html").as_uri()) == []
    watch.page.evaluate("""() => {
        document.body.insertAdjacentHTML("beforeend",
          '<img src="nowhere.png" onerror="kbPwned(-1)"><a id="kb-js" href="javascript:kbPwned(-2)">x</a>');
    }""")
    watch.page.click("#kb-js")
    watch.page.wait_for_timeout(200)
    happened = watch.happened()
    assert not [e for e in happened if e.startswith("kbPwned")]
    assert [e for e in happened if "CSP violation: script-src" in e], "the policy reported what it blocked"


@pytest.fixture(scope="module")
def whole_corpus_site(tmp_path_factory) -> hostile_inputs.HostileSite:
    return hostile_inputs.build(tmp_path_factory.mktemp("hostile-all"), hostile_inputs.sample(every=1), whole_rules=True)


@pytest.mark.slow
def test_no_payload_of_the_whole_corpus_runs_on_any_page(whole_corpus_site, watch):
    """Every page of the site built from every payload (`pytest -m slow`)."""
    pages = sorted(whole_corpus_site.site.rglob("*.html"))
    happened = {}
    for page in pages:
        events = watch.visit(page.as_uri())
        if events:
            happened[str(page.relative_to(whole_corpus_site.site))] = events
    assert happened == {}
