"""Link check over a full build (the real Comprehensive Rules plus content/): no broken internal link or anchor.

Every relative href of every page must name an existing file and, with a
fragment, an existing id in it. The search index's records are links too:
each must land on an existing page and anchor.
"""

from __future__ import annotations

import json
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from kb.web_search import INDEX_DIR


class _Links(HTMLParser):
    """The ids of one page and the targets of its links (a, link, script, img)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name in ("id", "name") if tag == "a" else ("id",):
            if a.get(name):
                self.ids.add(a[name] or "")
        target = a.get("href") if tag in ("a", "link") else a.get("src") if tag in ("script", "img") else None
        if target:
            self.hrefs.append(target)


@cache
def _parse(path: Path) -> _Links:
    page = _Links()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _broken(page: Path, href: str, root: Path) -> str | None:
    """Why `href` on `page` is broken, or None. External and special links are not checked here."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:", "data:")):
        return None
    if parts.path.startswith("/"):
        # Only the 404 page may do this: a server shows it at any depth, so mkdocs
        # writes it with root-absolute links. Anywhere else it breaks file:// and sub-paths.
        if page.name != "404.html" or page.parent != root:
            return "absolute path"
        parts = parts._replace(path=parts.path.lstrip("/"))
        page = root / "index.html"
    target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    if target.is_dir():
        target = target / "index.html"
    if not target.is_file():
        return "no such file"
    if parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in _parse(target).ids:
        return "no such anchor"
    return None


def test_no_broken_internal_links_or_anchors(full_site: Path):
    pages = sorted(full_site.rglob("*.html"))
    assert len(pages) > 150, "the full CR build has a page per section"
    checked = 0
    broken: list[str] = []
    for page in pages:
        for href in _parse(page).hrefs:
            reason = _broken(page, href, full_site)
            checked += 1
            if reason:
                broken.append(f"{page.relative_to(full_site)}: {href} ({reason})")
    assert checked > 10_000
    assert broken == [], f"{len(broken)} broken links, first: {broken[:20]}"


def test_every_search_result_lands_on_an_existing_anchor(full_site: Path):
    index = full_site / INDEX_DIR
    urls: list[str] = []
    for shard in sorted((index / "d").glob("*.js")):
        # Each document shard is one call: kbSearch.docs(n, [[kind, title, url, context, snippet], …]);
        payload = re.fullmatch(r"kbSearch\.docs\((\d+),(.*)\);\n", shard.read_text(encoding="utf-8"), re.S)
        assert payload, shard
        urls += [record[2] for record in json.loads(payload[2])]
    assert len(urls) > 3000
    home = full_site / "index.html"
    broken = [url for url in urls if _broken(home, url, full_site)]
    assert broken == []
