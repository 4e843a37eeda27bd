"""axe-core on each kind of page, in the light and the dark scheme: no serious or critical violation.

Minutes long (axe checks the contrast of every highlighted token of every
example): marked slow, run with `python -m pytest -m slow`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.reading import draw_everything

PAGES = {
    "home": "index.html",
    "rule section": "rules/302.html#302.6",
    "keyword index": "rules/702.html",
    "glossary": "glossary/index.html",
    "changes": "changes.html",
    "card index": "cards/index.html",
    "card": "cards/rona-disciple-of-gix.html",
    "general rulings": "rulings/index.html",
    "engine": "engine.html",
}


@pytest.fixture(scope="module")
def axe():
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        pytest.skip("axe-playwright-python is not installed")
    return Axe()


@pytest.mark.slow
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", list(PAGES))
def test_no_serious_violation(browser, axe, full_site: Path, kind: str, scheme: str):
    # axe is injected by script: the pages' Content-Security-Policy would refuse it, rightly.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    try:
        url, _, anchor = PAGES[kind].partition("#")
        page.goto(full_site.joinpath(url).as_uri() + (f"#{anchor}" if anchor else ""))
        # Open every toggle, so what hides behind them is checked too.
        page.evaluate("document.querySelectorAll('.md-content details').forEach(d => d.open = true)")
        draw_everything(page)
        expected = "slate" if scheme == "dark" else "default"
        assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == expected
        violations = axe.run(page).response["violations"]
        serious = [
            f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in violations
            if v["impact"] in ("serious", "critical")
        ]
        assert serious == [], "\n".join(serious)
    finally:
        context.close()
