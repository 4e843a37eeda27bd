"""The published site offline, in Chromium: the service worker, "Make available offline", updates, installability.

Service workers need a secure context, so the site is served from http://127.0.0.1
by a server that records every path it is asked for. The site is the run's
default build (bundled content, no CR file); the test that rebuilds it with one
card changed works on a copy.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
import time
import zipfile
from pathlib import Path

import pytest
import yaml

from tests.browser.test_site_search import search

CARD = "thalia-guardian-of-thraben"
MARKER = "Zyxwv marker of the second build."
QUERIES = ["302.6", "tap symbol", "laelia", "laelai", "haste"]


class Server:
    """http.server over `root`, keeping the paths it was asked for (`requested`); `delay` slows each answer."""

    def __init__(self, root: Path) -> None:
        self.requested: list[str] = []
        self.delay = 0.0
        requested = self.requested
        server = self

        class Recording(http.server.SimpleHTTPRequestHandler):
            def do_GET(self) -> None:
                time.sleep(server.delay)
                super().do_GET()

            def log_message(self, format: str, *args: object) -> None:
                requested.append(self.path.split("?")[0])

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Recording, directory=str(root)))
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/site/"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()


def build(project: Path) -> None:
    from kb.cli import main

    assert main(["build", "-f", str(project / "mkdocs.yml"), "-d", str(project / "site")]) == 0


@pytest.fixture
def project(site_project: Path):
    """A built copy of the default project to change and rebuild; the server serves its site/ folder, whatever build
    it holds."""
    server = Server(site_project)
    yield site_project, server
    server.close()


@pytest.fixture
def served(built_project: Path):
    """The default build, read-only, behind a server of this test's own (its `requested` starts empty)."""
    server = Server(built_project)
    yield built_project, server
    server.close()


@pytest.fixture
def context(browser):
    """A browser profile of its own (its service workers and caches die with it); fails on script errors."""
    context = browser.new_context()
    context.errors = []
    yield context
    context.close()
    assert context.errors == [], f"JavaScript errors: {context.errors}"


def open_page(context, url: str):
    page = context.new_page()
    page.on("pageerror", lambda error: context.errors.append(str(error)))
    page.goto(url)
    return page


def offline_files(site: Path) -> dict[str, str]:
    manifest = json.loads((site / "offline-manifest.json").read_text())
    return {path: digest for entries in manifest["parts"].values() for path, digest, _ in entries}


def make_available_offline(page) -> str:
    """Press "Make available offline" on the home page and wait until it says everything is stored; its text."""
    panel = page.locator("[data-kb-offline]")
    page.keyboard.press("Escape")  # close the search, if open
    panel.locator("button", has_text="Make available offline").click()
    page.wait_for_selector("[data-kb-offline][data-kb-offline-state=done]", timeout=120_000)
    return panel.inner_text()


def test_made_available_offline_it_reads_and_searches_without_a_connection(served, context):
    root, server = served
    site = root / "site"
    home = open_page(context, server.url + "index.html")
    panel = home.locator("[data-kb-offline]")
    panel.locator("button", has_text="Make available offline").wait_for()
    # The size is shown before anything is downloaded.
    files = offline_files(site)
    megabytes = (
        sum(e[2] for entries in json.loads((site / "offline-manifest.json").read_text())["parts"].values() for e in entries) / 1e6
    )
    assert f"{len(files):,} files, {megabytes:.1f} MB" in panel.inner_text()
    online = {query: search(home, query) for query in QUERIES}
    assert all(online.values()), online
    seen = set(server.requested)

    assert "✓ Available offline on this device" in make_available_offline(home)
    context.set_offline(True)

    rule_pages = sorted(p for p in files if p.startswith("rules/") and p != "rules/index.html")
    card_pages = sorted(p for p in files if p.startswith("cards/") and p != "cards/index.html")
    # Neither page was opened before: the download brought them.
    assert f"/site/{rule_pages[-1]}" not in seen and f"/site/{card_pages[0]}" not in seen
    rule = open_page(context, server.url + rule_pages[-1])
    assert rule.locator("h1").inner_text().strip()
    assert "Not downloaded yet" not in rule.content()
    # Numbers, words, a misspelling and card names find offline exactly what they found online.
    for query in QUERIES:
        assert search(rule, query) == online[query], query
    search(rule, "lae")
    assert rule.locator(".kb-search-suggestion").all_inner_texts() == ["Laelia, the Blade Reforged"]
    card = open_page(context, server.url + card_pages[0])
    assert card.locator("h1").inner_text().strip()
    assert "Not downloaded yet" not in card.content()


def test_a_download_cancelled_resumes_where_it_stopped(served, context):
    _, server = served
    home = open_page(context, server.url + "index.html")
    panel = home.locator("[data-kb-offline]")
    panel.locator("button", has_text="Make available offline").wait_for()
    server.delay = 0.05  # a slow connection: the download is still running when Cancel is pressed
    server.requested.clear()
    panel.locator("button", has_text="Make available offline").click()
    home.wait_for_selector("[data-kb-offline][data-kb-offline-state=downloading]")
    panel.locator("button", has_text="Cancel").click()
    home.wait_for_selector("[data-kb-offline][data-kb-offline-state=paused]", timeout=60_000)
    assert "still to download" in panel.inner_text()
    before_cancel = set(server.requested)
    assert before_cancel, "nothing was downloaded before the cancel"

    server.delay = 0.0
    server.requested.clear()
    panel.locator("button", has_text="Resume").click()
    home.wait_for_selector("[data-kb-offline][data-kb-offline-state=done]", timeout=120_000)
    after = set(server.requested)
    assert after, "the resume downloaded nothing"
    assert not before_cancel & after - {"/site/offline-manifest.json"}, "a file stored before the cancel was fetched again"


def test_offline_before_downloading_it_says_what_is_missing(served, context):
    _, server = served
    home = open_page(context, server.url + "index.html")
    home.locator("[data-kb-offline][data-kb-offline-state=ready]").wait_for()
    # Seen once, online: the home page is kept, and search can start.
    context.set_offline(True)
    again = open_page(context, server.url + "index.html")
    assert again.locator("h1").first.inner_text().startswith("Magic: The Gathering rulings")
    card = open_page(context, server.url + f"cards/{CARD}.html")
    assert "Not downloaded yet" in card.locator("h1").inner_text()
    again.keyboard.press("/")
    again.locator("[data-kb-search-query]").fill("haste")
    again.wait_for_selector("[data-kb-search][data-kb-search-state=failed]")
    said = again.locator(".md-search-result__meta").inner_text()
    assert "You are offline" in said and "the search index (" in said and "files stored" in said, said


def test_a_rebuild_that_changes_one_card_fetches_only_what_changed(project, context):
    root, server = project
    site = root / "site"
    home = open_page(context, server.url + "index.html")
    make_available_offline(home)
    before = offline_files(site)

    card_file = root / "content" / "cards" / f"{CARD}.yaml"
    card = yaml.safe_load(card_file.read_text())
    card["rulings"][0]["text"] += " " + MARKER
    card_file.write_text(yaml.safe_dump(card, allow_unicode=True, sort_keys=False))
    build(root)
    after = offline_files(site)
    changed = {path for path, digest in after.items() if before.get(path) != digest}
    assert f"cards/{CARD}.html" in changed
    assert not any(p.startswith("cards/") and p != f"cards/{CARD}.html" for p in changed), changed

    server.requested.clear()
    home.evaluate("navigator.serviceWorker.ready.then(reg => reg.update())")
    bar = home.locator("[data-kb-update]")
    bar.wait_for(timeout=60_000)
    assert "A newer version of this site is ready" in bar.inner_text()
    fetched = {p.removeprefix("/site/") for p in server.requested}
    assert fetched == {"sw.js", "offline-manifest.json", *changed}, fetched ^ {"sw.js", "offline-manifest.json", *changed}

    with home.expect_navigation():
        bar.locator("button", has_text="Reload").click()
    context.set_offline(True)
    updated = open_page(context, server.url + f"cards/{CARD}.html")
    assert MARKER in updated.locator("article").inner_text()
    # Everything stays stored across the update.
    open_page(context, server.url + "index.html").locator("[data-kb-offline][data-kb-offline-state=done]").wait_for()


@pytest.fixture(scope="module")
def served_default(default_site: Path):
    server = Server(default_site.parent)
    yield server
    server.close()


def test_installable_by_chromiums_own_check(served_default, browser, tmp_path: Path):
    """Chromium's own install check (what its install button asks), in a profile on disk: a private one is never installable."""
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    if not CHROMIUM.is_file():
        pytest.skip(f"the install check needs Debian's full Chromium at {CHROMIUM}")
    profile = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
    )
    try:
        page = profile.new_page()
        page.goto(served_default.url + "index.html")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cdp = profile.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"] == served_default.url + "manifest.webmanifest"
    finally:
        profile.close()


def test_from_disk_nothing_changes(default_site: Path, context):
    """file://: no worker, no offline control, not one console error; search works as before."""
    page = context.new_page()
    console = []
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: context.errors.append(str(error)))
    page.goto((default_site / "index.html").as_uri())
    assert search(page, "laelia")
    assert page.locator("[data-kb-offline]").is_hidden()
    assert page.evaluate("'serviceWorker' in navigator ? navigator.serviceWorker.controller : null") is None
    assert console == []


def test_the_bundle_unpacks_opens_from_disk_and_searches(default_site: Path, context, tmp_path: Path, capsys):
    from kb.cli import main

    archive = tmp_path / "stick" / "rulings.zip"
    assert main(["bundle", "-d", str(default_site), "-o", str(archive)]) == 0
    printed = capsys.readouterr().out
    assert f"wrote {archive}: {archive.stat().st_size / 1e6:.1f} MB" in printed
    index = tmp_path / "stick" / "rulings.kb.sqlite"
    assert f"wrote {index}" in printed

    with zipfile.ZipFile(archive) as zf:
        zf.extractall(tmp_path / "phone")
    page = context.new_page()
    page.on("pageerror", lambda error: context.errors.append(str(error)))
    page.goto((tmp_path / "phone" / "rulings" / "index.html").as_uri())
    found = search(page, "laelia")
    assert found and found[0].endswith("/rulings/cards/laelia-the-blade-reforged.html")
    page.goto(found[0])
    assert page.locator("h1").first.inner_text().startswith("Laelia, the Blade Reforged")

    # The terminal index beside the archive answers kb search where it lies.
    assert main(["search", "--index", str(index), "laelia"]) == 0
    assert "Laelia, the Blade Reforged" in capsys.readouterr().out


def test_bundle_without_a_built_site_says_so(tmp_path: Path, capsys):
    from kb.cli import main

    assert main(["bundle", "-d", str(tmp_path / "nothing"), "-o", str(tmp_path / "rulings.zip")]) == 1
    assert (
        capsys.readouterr().err
        == f"error: {tmp_path / 'nothing'}: no built site there (run kb build first, or pass --site-dir)\n"
    )
    assert not (tmp_path / "rulings.zip").exists()
