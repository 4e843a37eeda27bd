"""Browser fixtures: headless Debian Chromium, a sub-path HTTP server (the site is tests/conftest.py's any_full_site).

Chromium is Debian's, driven by Playwright: browsers are never downloaded. The
tests open pages in its old headless shell (package chromium-headless-shell),
which loads a page for about half the CPU time of the full browser's headless
mode (without it, the full browser opens them). The one check that needs the
full browser (its install button's) uses /usr/bin/chromium. Without either,
the browser tests are reported as skipped, with the reason.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SUB_PATH = "sub/path"


@pytest.fixture(scope="session")
def full_site(any_full_site: Path) -> Path:
    """The site the browser tests open: built from the real releases, or without ../shared from tests/rules_fixture.py's."""
    return any_full_site


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed")
    # The same engine either way; the full browser only costs more CPU per page.
    binary = next((path for path in (HEADLESS_SHELL, CHROMIUM) if path.is_file()), None)
    if binary is None:
        pytest.skip(f"Debian's Chromium is not installed ({HEADLESS_SHELL} nor {CHROMIUM})")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(binary), args=CHROMIUM_ARGS)
        yield ReducedMotion(chromium)
        chromium.close()


class ReducedMotion:
    """The browser, whose contexts ask for reduced motion unless told otherwise.

    Material then switches its transitions off, as it does for readers who ask the
    same. Otherwise Playwright waits for each transition to end before it clicks:
    a click just after the search overlay closed took a second instead of 50 ms.
    """

    def __init__(self, browser) -> None:
        self._browser = browser

    def new_context(self, **options):
        return self._browser.new_context(**{"reduced_motion": "reduce", **options})

    def __getattr__(self, name: str):
        return getattr(self._browser, name)


@pytest.fixture
def page(browser):
    """A fresh page that records every request it makes (`page.requests`) and fails on script errors."""
    context = browser.new_context()
    tab = context.new_page()
    tab.requests = []
    errors: list[str] = []
    tab.on("request", lambda request: tab.requests.append(request.url))
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


class DiskTabs:
    """Tabs kept for a worker's whole session, one per viewport width: opening one costs a third of a second here.

    Only for pages opened from disk (file://): a site served over http registers a
    service worker, which would outlive the test; those tests take `page`. Each use
    starts with the tab's recorded requests and script errors cleared, and leaves it
    blank with empty storage, so no test sees what the one before it left.
    """

    def __init__(self, browser) -> None:
        self.browser = browser
        self.contexts: dict[int, object] = {}
        self.tabs: dict[int, object] = {}

    def tab(self, width: int):
        if width not in self.tabs:
            context = self.browser.new_context(viewport={"width": width, "height": 900})
            tab = context.new_page()
            tab.requests, tab.errors = [], []
            tab.on("request", lambda request, tab=tab: tab.requests.append(request.url))
            tab.on("pageerror", lambda error, tab=tab: tab.errors.append(str(error)))
            self.contexts[width], self.tabs[width] = context, tab
        return self.tabs[width]

    @contextlib.contextmanager
    def use(self, width: int = 1280) -> Iterator:
        tab = self.tab(width)
        tab.requests.clear()
        tab.errors.clear()
        yield tab
        errors = list(tab.errors)
        # Stored settings (the palette, the search) must not reach the next test, nor the document itself
        # (a later visit to the same page with another #fragment would otherwise not load it again).
        if tab.url.startswith("file:"):
            tab.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        tab.goto("about:blank")
        assert errors == [], f"JavaScript errors on the page: {errors}"

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="session")
def disk_tabs(browser) -> Iterator[DiskTabs]:
    tabs = DiskTabs(browser)
    yield tabs
    tabs.close()


@pytest.fixture
def disk_page(disk_tabs: DiskTabs):
    """A desktop-width page for the site opened from disk, which records its requests (`.requests`) and fails on
    script errors; kept for the session (see DiskTabs)."""
    with disk_tabs.use() as tab:
        yield tab


@pytest.fixture(scope="session")
def usb_copy(full_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site copied elsewhere, as onto a USB stick: nothing may depend on where it was built.

    Its files are hard links (3 s of copying saved; the test only reads them): what matters is the other path.
    """
    copy = tmp_path_factory.mktemp("usb") / "rulings"
    shutil.copytree(full_site, copy, copy_function=os.link)
    return copy


@contextlib.contextmanager
def serving(site: Path, root: Path) -> Iterator[str]:
    """`site` served by python's http.server on 127.0.0.1 under /sub/path/ (from the folder `root`); yields its URL.

    The server is a process of its own: a thread here would keep later builds in this
    process from forking (see kb.processes).
    """
    (root / SUB_PATH).parent.mkdir(parents=True)
    (root / SUB_PATH).symlink_to(site, target_is_directory=True)
    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        announced = re.search(r" port (\d+) ", server.stdout.readline())  # "Serving HTTP on 127.0.0.1 port N (…)"
        assert announced, "http.server did not say where it serves"
        yield f"http://127.0.0.1:{announced[1]}/{SUB_PATH}/"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def served_sub_path(full_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The full site served under /sub/path/; yields its URL."""
    with serving(full_site, tmp_path_factory.mktemp("www")) as url:
        yield url


@pytest.fixture(scope="session")
def default_site(built_project: Path) -> Path:
    """The default build: the bundled content alone, without the Comprehensive Rules."""
    return built_project / "site"
