"""Older layouts of the Comprehensive Rules and typos in rule numbers, on variants of the mini release."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from kb.errors import SourceError
from kb.model import Origin, RulesDocument
from kb.sources.cr_text import LineKind, parse_rules, truncation_warning

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "cr" / "mini.txt"


def variant(*replacements: tuple[str, str]) -> str:
    text = MINI.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def parse(text: str, **options: bool) -> RulesDocument:
    return parse_rules(text.encode("utf-8"), "old.txt", **options).document


def numbers(doc: RulesDocument) -> list[str]:
    return [r.number for r in doc.rules]


def notes(doc: RulesDocument) -> list[tuple[int, str]]:
    return [(n.origin.line, n.text) for n in doc.notes]


def test_current_as_of_is_the_effective_date_of_releases_before_mid_2009() -> None:
    doc = parse(variant(("effective as of September 19, 2025.", "current as of March 15, 2003.")))
    assert doc.effective_date == date(2003, 3, 15)
    assert doc.unparsed == () and doc.notes == ()


def test_questions_and_customer_service_are_parts_listed_in_old_contents() -> None:
    doc = parse(variant(("Credits\n\n1. Game", "Credits\n\nQuestions?\n\nCustomer Service Information\n\n1. Game")))
    assert doc.unparsed == ()
    assert doc.contents_lines == 9


def test_a_space_inside_a_number_is_read_as_the_number_and_noted() -> None:
    doc = parse(variant(("101.1b The second", "101. 1b The second")))
    assert "101.1b" in numbers(doc) and doc.unparsed == ()
    assert notes(doc) == [(48, "'101. 1b' read as 101.1b")]


def test_no_space_after_a_number_is_read_and_noted() -> None:
    doc = parse(variant(("700.1. The last rule", "700.1.The last rule")))
    assert next(r for r in doc.rules if r.number == "700.1").text.startswith("The last rule")
    assert notes(doc) == [(58, "no space after 700.1.")]


def test_a_subrule_without_its_rule_digits_takes_the_rule_it_follows() -> None:
    doc = parse(variant(("101.1b The second", "101.b The second")))
    assert "101.1b" in numbers(doc)
    assert notes(doc) == [(48, "'101.b' read as 101.1b")]


def test_a_subrule_letter_used_twice_is_read_as_the_next_letter() -> None:
    doc = parse(variant(("101.1d. A subrule", "101.1b A subrule")))
    assert numbers(doc)[numbers(doc).index("101.1a") :][:3] == ["101.1a", "101.1b", "101.1c"]
    assert notes(doc) == [(50, "101.1b read as 101.1c (it follows 101.1b)")]


def test_a_rule_carrying_another_sections_number_is_read_in_its_own_section() -> None:
    # 2006-05-01: "510. Status" then 510.1, then "501.2.", "501.3." …
    doc = parse(variant(("101.2. A rule that", "100.2. A rule that")))
    assert "101.2" in numbers(doc)
    assert notes(doc) == [(52, "100.2 read as 101.2 (it follows 101.1d)")]


def test_a_rule_number_its_subrules_contradict_takes_theirs() -> None:
    # 2010-06-18: "505.54. Third, …" then 505.5a, 505.5b.
    doc = parse(variant(("101.1. Subrule letters", "101.17. Subrule letters")))
    assert numbers(doc)[numbers(doc).index("101") :][:3] == ["101", "101.1", "101.1a"]
    assert notes(doc) == [(44, "101.17 read as 101.1 (its subrule 101.1a follows)")]


def test_an_unplaceable_number_is_still_refused() -> None:
    with pytest.raises(SourceError, match=r"rule 100\.1 appears twice"):
        parse(variant(("101.2. A rule that", "100.1. A rule that")))


HARD_WRAPPED = """Magic: The Gathering Comprehensive Rules

These rules are current as of October 1, 2003.

Introduction

This booklet is designed for people
who have moved beyond the basics
of the game, and it is printed
the way a booklet is: each line
is cut where the page ends, not
where a sentence does.

Contents

1. The Game
100. General

Glossary

Credits

1. The Game

100. General

100.1. A rule whose text runs over
several lines, and cites rule
100.2 from the middle of a sentence, see rule
100.1. Another line.

100.2. The second rule.
Example: An example that runs over
two lines.

Glossary

Ability
A definition that runs over
two lines.

Credits

The team
"""


def test_a_hard_wrapped_release_joins_its_lines_even_those_starting_with_a_number() -> None:
    parsed = parse_rules(HARD_WRAPPED.encode(), "wrapped.txt")
    doc = parsed.document
    assert doc.unparsed == () and doc.notes == ()
    assert numbers(doc) == ["1", "100", "100.1", "100.2"]
    assert doc.rules[2].text == (
        "A rule whose text runs over several lines, and cites rule 100.2 from the middle of a sentence, see rule 100.1. Another line."
    )
    assert doc.rules[3].examples == ("An example that runs over two lines.",)
    assert parsed.count(LineKind.RULE) == 7  # two headings, four lines of 100.1, one of 100.2


def test_a_line_at_column_one_after_a_rule_of_an_unwrapped_release_is_still_unparsed() -> None:
    doc = parse(variant(("101.1b The second subrule.", "101.1b The second subrule.\nA stray line at column one.")))
    assert [u.text for u in doc.unparsed] == ["A stray line at column one."]


def test_a_paragraph_at_column_one_after_an_example_continues_the_rule_with_a_note() -> None:
    doc = parse(
        variant(
            (
                "Example: The second example cites rules 101.1 and 101.2.",
                "Example: The second example cites rules 101.1 and 101.2.\nThe rule goes on.",
            )
        )
    )
    rule = next(r for r in doc.rules if r.number == "100.3")
    assert rule.text == "A rule with two examples.\nThe rule goes on."
    assert notes(doc) == [(41, "a paragraph after an example of 100.3, not indented, read as part of the rule")]


def test_indented_glossary_blocks_continue_the_entry_above_with_their_heading() -> None:
    doc = parse(variant(("Player\nOne of", "Expansions\n\n     Alpha [symbol]\n\n     Beta [symbol]\n\nPlayer\nOne of")))
    assert doc.unparsed == ()
    bury = next(t for t in doc.glossary if t.term == "Bury")
    assert bury.text == "An obsolete term for destroying a creature.\nExpansions\nAlpha [symbol]\nBeta [symbol]"


def test_a_release_cut_short_in_its_glossary_is_imported_as_far_as_it_goes_when_allowed() -> None:
    text = variant()
    cut = text[: text.index("Player\n") + len("Player\n")]
    with pytest.raises(SourceError, match="the file ends inside the glossary"):
        parse(cut)
    parsed = parse_rules(cut.encode(), "old.txt", allow_truncated=True)
    doc = parsed.document
    assert doc.truncated_at == Origin("old.txt", 71)
    assert [t.term for t in doc.glossary] == ["Ability", "Bury"]
    assert doc.unparsed == () and parsed.count(LineKind.UNPARSED) == 0
    assert truncation_warning(doc) == (
        "warning: old.txt:71: truncated Comprehensive Rules, imported up to here "
        "(download the complete file from https://magic.wizards.com/en/rules)"
    )
