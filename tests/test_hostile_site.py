"""Hostile text in every input field builds a site where nothing from an input can run.

A sample of the payload corpus (tests/hostile_inputs.py) goes into content/,
Scryfall, MTGJSON and a CR release; every built page is then read as HTML:
no event handler, no script URL, no frame or object, no script that the
page's Content-Security-Policy does not list, and names and titles shown as
written (escaped exactly once). tests/browser/test_hostile_browser.py opens
the pages; `pytest -m slow` runs the whole corpus.
"""

from __future__ import annotations

from pathlib import Path

import hostile_inputs
import pytest

from kb.sanitize import visible
from kb.sources.cr_text import read_rules

SITE_NAME = "MTG Rulings Knowledge Base"


def shown(text: str) -> str:
    """What a reader sees of `text`: control characters as escapes, runs of white space as one."""
    return " ".join(visible(text).split())


def test_the_corpus_is_large_and_covers_every_kind_of_attack():
    payloads = hostile_inputs.corpus()
    assert len(payloads) >= 500 and len(set(payloads)) == len(payloads)
    joined = "\n".join(payloads)
    for needle in [
        "<script>",
        "onerror=",
        "javascript:",
        "{: onerror",
        "](javascript:",
        "{{ ",
        "{%",
        "--8<--",
        "kbraw0x",
        "<!-- kb:raw -->",
        "\x1b]",
        "\x9b",
        "\x00",
        "\x7f",
        "\u2028",
        "!!! note",
        "```",
    ]:
        assert needle in joined, needle
    assert "" in payloads and max(map(len, payloads)) > 3000


def test_no_page_holds_anything_that_could_run(hostile_site):
    problems = hostile_inputs.audit_site(hostile_site.site)
    assert problems == {}


def test_every_page_kind_was_built_from_hostile_input(hostile_site):
    site = hostile_site.site
    for page in hostile_inputs.PAGE_KINDS:
        assert (site / page).is_file(), page
    assert len(list((site / "cards").glob("*.html"))) > 3 * len(hostile_site.payloads)


def _texts(page: Path, tag: str) -> list[str]:
    audit = hostile_inputs.PageAudit()
    audit.audit(page.read_text(encoding="utf-8"))
    return [text for key, texts in audit.text.items() if key.startswith(tag + "#") for text in texts]


def test_card_names_are_shown_as_written_in_heading_and_title(hostile_site):
    headings = set()
    for page in (hostile_site.site / "cards").glob("*.html"):
        if page.name == "index.html":
            continue
        (h1,) = _texts(page, "h1")
        (title,) = _texts(page, "title")
        assert shown(title) == f"{shown(h1)} - {SITE_NAME}", page.name
        headings.add(shown(h1))
    for n, payload in hostile_site.payloads.items():
        for source in ("yaml", "sf", "mj"):
            assert shown(hostile_inputs.card_name(source, n, payload)) in headings, (source, n)


def test_rule_titles_and_glossary_terms_are_shown_as_written(hostile_site):
    site = hostile_site.site
    release = read_rules(site.parent / "project" / "cr-new.txt")
    section = next(rule for rule in release.rules if rule.number == "100")
    (h1,) = _texts(site / "rules" / "100.html", "h1")
    assert "kbPwned" in section.text and shown(h1) == shown(f"100. {section.text}")
    terms = {shown(t) for t in _texts(site / "glossary" / "index.html", "h3")}
    assert all(shown(term.term) in terms for term in release.glossary)


@pytest.mark.slow
def test_the_whole_corpus_builds_and_no_page_holds_anything_that_could_run(tmp_path):
    """Every payload in every field, with the whole CR (`pytest -m slow`; a few minutes)."""
    built = hostile_inputs.build(tmp_path, hostile_inputs.sample(every=1), whole_rules=True)
    assert hostile_inputs.audit_site(built.site) == {}
