"""The full Comprehensive Rules in the built site: every rule at its anchor, cited-by lists, changes."""

from __future__ import annotations

import re
from pathlib import Path

from kb.sources.cr_text import read_rules
from kb.urls import glossary_url, rule_url

ID = re.compile(r'\sid="([^"]+)"')


def ids_in(path: Path) -> set[str]:
    return set(ID.findall(path.read_text(encoding="utf-8")))


def test_every_rule_and_glossary_term_has_a_page_and_anchor(full_site: Path, cr_latest: Path):
    doc = read_rules(cr_latest)
    pages: dict[str, set[str]] = {}
    missing = []
    for url in [rule_url(r.number) for r in doc.rules] + [glossary_url(t.id) for t in doc.glossary]:
        page, _, anchor = url.partition("#")
        if page not in pages:
            path = full_site / page
            pages[page] = ids_in(path) if path.is_file() else set()
        # A section's url has no anchor: its page's heading carries the section number.
        if (anchor or Path(page).stem) not in pages[page]:
            missing.append(url)
    assert not missing, missing[:10]
    assert len(pages) >= 146  # one page per section, plus the index and the glossary


def test_rule_page_shows_text_and_who_cites_it(full_site: Path):
    page = (full_site / "rules" / "302.html").read_text(encoding="utf-8")
    rule = page.split('id="302.6"', 1)[1].split('class="kb-rule ', 1)[0]
    assert "controlled continuously" in rule or "control continuously" in rule
    cited = rule.split("Cited by", 1)[1]
    # The glossary's "Summoning Sickness Rule" and the {T} general ruling both cite 302.6.
    assert "#summoning-sickness-rule" in cited
    assert "rulings/index.html#tap-symbol" in cited


def test_seed_references_land_on_full_rule_text(full_site: Path):
    page = (full_site / "rulings" / "index.html").read_text(encoding="utf-8")
    assert 'href="../rules/302.html#302.6"' in page
    assert 'href="../rules/605.html"' in page
    assert "Rule text not loaded" not in (full_site / "rules" / "605.html").read_text(encoding="utf-8")


def test_changes_page_lists_what_changed(full_site: Path):
    page = (full_site / "changes.html").read_text(encoding="utf-8")
    assert "Changes from 2025-06-06 to 2025-09-19" in page
    # Station (702.184) arrived in the September 2025 release.
    added = page.split('id="added"', 1)[1].split('id="changed"', 1)[0]
    assert 'href="rules/702.html#702.184"' in added
    assert "<ins>" in page and "<del>" in page
