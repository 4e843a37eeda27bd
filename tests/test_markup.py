"""Record text on its way into pages: titles escaped once, control characters and lone surrogates never crash a page."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import yaml

from kb.markup import inert, page_title
from kb.model import Card, GlossaryTerm, Origin, Rule, RulesDocument, Ruling
from kb.render import render_pages
from kb.store import assemble

REPO = Path(__file__).resolve().parent.parent
HERE = Origin("hostile", 1)


def test_a_page_title_is_html_escaped_once_as_yaml_that_reads_back():
    name = 'Fire <b onclick="x()"> & "Ice" — 😀 \x1b'
    title = yaml.safe_load(f"title: {page_title(name)}")["title"]
    assert title == "Fire &lt;b onclick=&#34;x()&#34;&gt; &amp; &#34;Ice&#34; &#8212; &#128512; \\x1b"
    assert str(page_title(name)).isascii()


def test_inert_keeps_markup_markup():
    from markupsafe import Markup

    assert isinstance(inert(Markup("<b>\x1b</b>")), Markup) and inert(Markup("<b>\x1b</b>")) == "<b>\\x1b</b>"
    assert inert(3) == 3


def test_lone_surrogates_and_control_characters_render_as_escapes_on_every_page():
    """Importers refuse lone surrogates; if one ever got through, pages still render, showing it."""
    odd = "odd \ud800 \udfff \x1b[2J \x9b"
    rules = (
        Rule("1", f"Game Concepts {odd}", HERE),
        Rule("100", f"General {odd}", HERE),
        Rule("100.1", f"A rule {odd}. See rule 100.", HERE, (f"Example: {odd}",)),
    )
    glossary = (GlossaryTerm(f"Term {odd}", f"Text {odd}. See rule 100.1.", HERE),)
    card = Card(f"Card {odd}", HERE, odd, odd, odd, odd, odd)
    rulings = [
        Ruling(f"{card.id}-2020-01-01-1", f"Ruling {odd} See rule 100.1.", HERE, card=card.id, date=date(2020, 1, 1)),
        Ruling("general-odd", f"General ruling {odd}", HERE, rules=("100.1",)),
    ]
    document = RulesDocument("cr.txt", date(2025, 9, 19), rules, glossary)
    kb = assemble([card], rulings, document)
    pages = render_pages(kb, REPO / "templates")
    assert pages
    for page in pages:
        page.text.encode("utf-8")  # no lone surrogate left to crash the writer
        assert "\x1b" not in page.text and "\x9b" not in page.text, page.path
    card_page = next(p for p in pages if p.path.startswith("cards/") and p.path != "cards/index.md")
    assert "odd \\ud800 \\udfff \\x1b[2J \\x9b" in card_page.text
    front = yaml.safe_load(card_page.text.split("---")[1])
    assert json.dumps(front["title"]).isascii()
