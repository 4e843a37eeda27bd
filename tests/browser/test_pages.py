"""What a person sees on each kind of page, at a desktop and a phone width."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.pipeline import Settings, load_knowledge_base

REPO = Path(__file__).resolve().parents[2]
WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.fixture(scope="module")
def kb():
    """The bundled content, as the pages were built from it: examples are compared with their source."""
    return load_knowledge_base(Settings(content=REPO / "content", templates=REPO / "templates"))


@pytest.fixture(params=list(WIDTHS))
def viewer(request, browser):
    """A page at a desktop or a phone width; fails on script errors."""
    context = browser.new_context(viewport={"width": WIDTHS[request.param], "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert errors == [], f"JavaScript errors on the page: {errors}"


def open_page(tab, site: Path, path: str) -> None:
    url, _, anchor = path.partition("#")
    tab.goto(site.joinpath(url).as_uri() + (f"#{anchor}" if anchor else ""))


def test_every_example_reads_as_its_source(viewer, full_site: Path, kb):
    examples = [r for r in kb.rulings.values() if r.example]
    assert examples, "the bundled content has examples"
    for page in sorted({(f"cards/{r.card}.html" if r.card else "rulings/index.html") for r in examples}):
        open_page(viewer, full_site, page)
        for ruling in (r for r in examples if page.endswith(f"{r.card}.html") or (r.card is None and page.startswith("rulings/"))):
            proof = viewer.locator(f'[id="{ruling.id}"] details.kb-proof')
            summary = proof.locator("summary")
            assert "Verified by the engine" in summary.inner_text()
            code = proof.locator("pre > code")
            assert not code.is_visible(), "the code waits behind the badge"
            summary.click()
            assert code.is_visible()
            assert code.inner_text() == ruling.example.code, f"{page}: example of {ruling.id} differs from its source"
            assert "ran in the engine" in proof.locator(".kb-verdict").inner_text()


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
