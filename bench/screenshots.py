"""Screenshots of every kind of page, for looking at the site as a person does.

Builds the bundled content with the real Comprehensive Rules (and the release
before it, for the Changes page) unless `--site` names a built site, then
writes one PNG per page kind, width and colour scheme into `--out`
(default bench/out/screenshots/). Needs Playwright and Debian's Chromium.

    python bench/screenshots.py [--site DIR] [--out DIR] [--full-page]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RULES = REPO.parent / "shared" / "data" / "comprehensive-rules"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Page kind -> its path in the site (a fragment lands on a permalink).
PAGES = {
    "home": "index.html",
    "rule-section": "rules/302.html#302.6",
    "keywords": "rules/702.html",
    "glossary": "glossary/index.html",
    "changes": "changes.html",
    "card-index": "cards/index.html",
    "card": "cards/rona-disciple-of-gix.html",
    "general-rulings": "rulings/index.html",
    "engine": "engine.html",
}
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}


def build(site: Path) -> None:
    from kb.cli import main

    args = ["build", "--config", str(REPO / "mkdocs.yml"), "--site-dir", str(site)]
    args += ["--rules", str(RULES / "MagicCompRules 20250919.txt"), "--previous", str(RULES / "MagicCompRules 20250606.txt")]
    if main(args) != 0:
        sys.exit("build failed")


def shoot(site: Path, out: Path, full_page: bool) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for scheme in ("light", "dark"):
            for device, (width, height) in WIDTHS.items():
                context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
                page = context.new_page()
                for kind, path in PAGES.items():
                    page.goto((site / path.split("#")[0]).as_uri() + ("#" + path.split("#")[1] if "#" in path else ""))
                    page.wait_for_load_state("load")
                    target = out / f"{kind}-{device}-{scheme}.png"
                    page.screenshot(path=str(target), full_page=full_page)
                    written.append(target)
                context.close()
        browser.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "out" / "screenshots")
    parser.add_argument("--full-page", action="store_true", help="the whole page, not only the first screen")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build(site)
        for path in shoot(site.resolve(), args.out, args.full_page):
            print(path)


if __name__ == "__main__":
    main()
