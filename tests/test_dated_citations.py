"""A dated ruling's rule numbers are read as the release in force on its date had them, and followed to today's."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from kb.history import trace
from kb.links import LinkTarget
from kb.model import Card, Origin, Ruling
from kb.render import Renderer
from kb.store import assemble
from kb.verify import dated_citations
from tests.test_history import R2020, R2021, R2022, release

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def knowledge_base(text: str, day: date):
    releases = [release(date(2020, 1, 1), R2020), release(date(2021, 1, 1), R2021), release(date(2022, 1, 1), R2022)]
    card = Card(name="Rules Lawyer", origin=Origin("cards.json", 1))
    ruling = Ruling(f"rules-lawyer-{day.isoformat()}-1", text, Origin("cards.json", 2), card=card.id, date=day, source="mtgjson")
    return assemble([card], [ruling], releases[-1], history=trace(releases)), ruling


def test_a_renumbered_rule_links_to_todays_number_with_a_note() -> None:
    kb, ruling = knowledge_base("You can't lose for drawing from an empty library (see rule 100.2).", date(2020, 6, 1))
    spans = kb.links.spans[("ruling", ruling.id)]
    assert [span.target for span in spans if span.target.kind == "rule"] == [LinkTarget("rule", "100.3")]
    assert [c.id for c in kb.cited_by("100.3")] == [ruling.id]
    assert kb.cited_by("100.2") == []  # today's 100.2 is another rule
    [note] = kb.links.dated[ruling.id]
    assert (note.cited, note.current, note.release.name) == ("100.2", "100.3", "2020-01-01")


def test_the_page_says_what_it_was_cited_as_and_what_it_is_now() -> None:
    kb, _ruling = knowledge_base("See rule 100.2.", date(2020, 6, 1))
    page = Renderer(kb, TEMPLATES, None).render("cards/rules-lawyer.md").text
    assert "Cited as 100.2 in 2020 (rules of 2020-01-01); now" in page
    assert '<a class="kb-ref kb-ref-rule" href="../rules/100.html#100.3">100.3</a>.' in page


def test_a_number_of_the_same_release_is_taken_as_written() -> None:
    kb, ruling = knowledge_base("See rule 100.2.", date(2021, 6, 1))
    assert [s.target for s in kb.links.spans[("ruling", ruling.id)] if s.target.kind == "rule"] == [LinkTarget("rule", "100.2")]
    assert ruling.id not in kb.links.dated


def test_a_deleted_rule_is_not_linked_and_check_lists_it() -> None:
    kb, ruling = knowledge_base("Teams share a life total (rule 100.3).", date(2020, 6, 1))
    assert [s for s in kb.links.spans.get(("ruling", ruling.id), []) if s.target.kind == "rule"] == []
    [problem] = dated_citations(kb)
    assert problem.message == f"ruling {ruling.id} cites rule 100.3 as of the rules of 2020-01-01: deleted in 2022-01-01"
    assert problem.origin == Origin("cards.json", 2)


def test_check_lists_a_rule_renumbered_and_reworded() -> None:
    kb, _ruling = knowledge_base("Mana empties (rule 101.1a).", date(2020, 6, 1))
    [problem] = dated_citations(kb)
    assert problem.message.endswith("cites rule 101.1a as of the rules of 2020-01-01: now 102.1a, reworded since")
