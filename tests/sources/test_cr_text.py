"""The Comprehensive Rules importer on small, hand-written releases (tests/fixtures/cr/mini.txt)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from kb.errors import SourceError
from kb.model import GlossaryTerm, Origin, RuleKind, RulesDocument
from kb.sources.cr_text import LineKind, parse_rules, read_rules

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "cr" / "mini.txt"


def mini_text() -> str:
    return MINI.read_text(encoding="utf-8")


def parse(text: str, source: str = "mini.txt") -> RulesDocument:
    return parse_rules(text.encode("utf-8"), source).document


def rule(doc: RulesDocument, number: str):
    return next(r for r in doc.rules if r.number == number)


# --- the whole release ----------------------------------------------------------


def test_reads_header_introduction_contents_and_credits() -> None:
    doc = read_rules(MINI)
    assert doc.source == str(MINI)
    assert doc.effective_date == date(2025, 9, 19)
    assert doc.introduction == (
        "This miniature release was written for the importer's tests; it is not the real text.\n"
        "A second paragraph of introduction."
    )
    # 2 chapters + 3 sections + "Glossary" + "Credits"
    assert doc.contents_lines == 7
    assert doc.credits == "Design: the kb team\nThese rules are effective as of September 19, 2025."
    assert doc.unparsed == ()


def test_every_numbered_line_becomes_a_rule_in_file_order_with_its_line() -> None:
    doc = read_rules(MINI)
    numbered = [(r.number, r.origin.line) for r in doc.rules]
    assert numbered == [
        ("1", 24), ("100", 26), ("100.1", 28), ("100.1a", 30), ("100.1b", 33), ("100.2", 36), ("100.3", 38),
        ("101", 42), ("101.1", 44), ("101.1a", 46), ("101.1b", 48), ("101.1d", 50), ("101.2", 52),
        ("7", 54), ("700", 56), ("700.1", 58),
    ]  # fmt: skip
    assert all(r.origin.path == str(MINI) for r in doc.rules)


def test_body_headings_win_over_the_contents() -> None:
    doc = read_rules(MINI)
    assert rule(doc, "1").text == "Game Concepts"
    assert rule(doc, "1").kind is RuleKind.CHAPTER
    assert rule(doc, "100").text == "General"
    assert rule(doc, "1").origin.line == 24  # the body's heading, not the contents entry on line 13


def test_the_body_begins_where_a_contents_number_comes_round_again_even_if_reworded() -> None:
    text = mini_text()
    body = text.index("\n1. Game Concepts\n\n100. General")
    doc = parse(text[:body] + text[body:].replace("1. Game Concepts", "1. Concepts of the Game", 1))
    assert rule(doc, "1").text == "Concepts of the Game"
    assert rule(doc, "1").origin.line == 24
    assert doc.contents_lines == 7


def test_rule_text_without_number_and_with_indented_continuation() -> None:
    doc = read_rules(MINI)
    assert rule(doc, "100.1").text == "These rules apply to every game. See section 7, “Additional Rules.”"
    assert rule(doc, "100.1b").text == (
        "A multiplayer game begins with more than two players. See rules 100.1a–c and 101.2.\n"
        "An indented paragraph continues the subrule above."
    )


def test_rule_numbers_with_and_without_the_period() -> None:
    doc = read_rules(MINI)
    assert rule(doc, "100.2").text == "A rule printed without the period after its number still counts."
    assert rule(doc, "101.1d").text == "A subrule printed with a period after its letter."


def test_examples_attach_to_the_rule_they_follow() -> None:
    doc = read_rules(MINI)
    assert rule(doc, "100.1a").examples == ("Alice and Bob start a game. See rule 100.1b.",)
    assert rule(doc, "100.3").examples == ("The first example.", "The second example cites rules 101.1 and 101.2.")
    assert rule(doc, "700.1").examples == ("An example of the last rule.",)
    assert rule(doc, "100.1").examples == ()


def test_glossary_terms_senses_and_obsolete_entries() -> None:
    doc = read_rules(MINI)
    assert doc.glossary == (
        GlossaryTerm(
            term="Ability",
            text="1. Text on an object. See rule 100.1.\n2. An ability on the stack.\nSee section 1, “Game Concepts.”",
            origin=Origin(str(MINI), 63),
            senses=("Text on an object. See rule 100.1.", "An ability on the stack."),
        ),
        GlossaryTerm("Bury", "An obsolete term for destroying a creature.", Origin(str(MINI), 68), obsolete=True),
        GlossaryTerm("Player", "One of the people in the game. See rules 100.1a–b.", Origin(str(MINI), 71)),
    )
    # The numbered senses of a glossary entry are not chapters.
    assert [r.number for r in doc.rules if r.kind is RuleKind.CHAPTER] == ["1", "7"]


def test_every_non_blank_line_is_accounted_for() -> None:
    parsed = parse_rules(MINI.read_bytes(), "mini.txt")
    non_blank = [n for n, line in enumerate(mini_text().split("\n"), start=1) if line.strip()]
    assert [n for n, _ in parsed.line_kinds] == non_blank
    assert parsed.counts() == {
        LineKind.HEADING: 6,  # title, date, Introduction, Contents, Glossary, Credits
        LineKind.INTRODUCTION: 2,
        LineKind.CONTENTS: 7,
        LineKind.RULE: 17,  # 16 numbered lines + 1 indented continuation
        LineKind.EXAMPLE: 4,
        LineKind.GLOSSARY: 8,  # 4 + 2 + 2 lines of three entries
        LineKind.CREDITS: 2,
    }


def test_a_line_that_fits_nowhere_is_unparsed_not_swallowed() -> None:
    text = mini_text().replace("101.1b The second subrule.", "101.1b The second subrule.\nA stray line at column one.")
    parsed = parse_rules(text.encode(), "stray.txt")
    doc = parsed.document
    assert [(u.origin, u.text) for u in doc.unparsed] == [(Origin("stray.txt", 49), "A stray line at column one.")]
    assert rule(doc, "101.1b").text == "The second subrule."
    assert parsed.count(LineKind.UNPARSED) == 1


def test_a_glossary_term_without_definition_is_unparsed() -> None:
    text = mini_text().replace("Player\n", "Lonely Term\n\nPlayer\n")
    doc = parse(text)
    assert [(u.origin.line, u.text) for u in doc.unparsed] == [(71, "Lonely Term")]
    assert [t.term for t in doc.glossary] == ["Ability", "Bury", "Player"]


# --- encodings and line endings ------------------------------------------------------


def _variants() -> dict[str, bytes]:
    text = mini_text()
    return {
        "utf-8 LF": text.encode("utf-8"),
        "utf-8 BOM CRLF": b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"),
        "bare CR": text.replace("\n", "\r").encode("utf-8"),
        "cp1252 CRLF": text.replace("\n", "\r\n").encode("cp1252"),
        "utf-16 BOM": text.encode("utf-16"),
    }


@pytest.mark.parametrize("variant", sorted(_variants()))
def test_encodings_and_line_endings_give_the_same_records_and_lines(variant: str) -> None:
    expected = parse(mini_text())
    parsed = parse_rules(_variants()[variant], "mini.txt")
    assert parsed.document == expected
    assert (
        parsed.encoding
        == {
            "utf-8 LF": "utf-8",
            "utf-8 BOM CRLF": "utf-8-sig",
            "bare CR": "utf-8",
            "cp1252 CRLF": "cp1252",
            "utf-16 BOM": "utf-16",
        }[variant]
    )


def test_cp1252_curly_quotes_are_decoded() -> None:
    doc = parse_rules(mini_text().encode("cp1252"), "old.txt").document
    assert rule(doc, "100.1").text.endswith("“Additional Rules.”")


def test_non_breaking_spaces_read_as_spaces() -> None:
    text = (
        mini_text()
        .replace("100.1a A two-player", "100.1a\u00a0A\u00a0two-player")
        .replace("See rule 100.1b.", "See rule\u00a0100.1b.")
    )
    doc = parse(text)
    assert rule(doc, "100.1a").text == "A two-player game begins with two players."
    assert rule(doc, "100.1a").examples == ("Alice and Bob start a game. See rule 100.1b.",)


def test_u2028_separates_lines_but_keeps_the_physical_line_number() -> None:
    # The rule and its example on one physical line (30), and a paragraph split inside a rule.
    text = (
        mini_text()
        .replace("two players.\nExample: Alice", "two players.\u2028Example: Alice")
        .replace("still counts.", "still\u2028counts.")
    )
    doc = parse(text)
    assert rule(doc, "100.1a").examples == ("Alice and Bob start a game. See rule 100.1b.",)
    assert rule(doc, "100.2").text == "A rule printed without the period after its number still\ncounts."
    # One physical line fewer before rule 100.1b: origins follow the file, not the parser.
    assert rule(doc, "100.1b").origin.line == 32
    assert doc.unparsed == ()


# --- files that are not (complete) releases -----------------------------------


def _error(text: str | bytes, source: str = "bad.txt") -> SourceError:
    data = text.encode("utf-8") if isinstance(text, str) else text
    with pytest.raises(SourceError) as caught:
        parse_rules(data, source)
    return caught.value


def test_not_a_rules_file() -> None:
    error = _error("# My shopping list\n\n- eggs\n")
    assert error.origin == Origin("bad.txt", 1)
    assert str(error) == (
        "bad.txt:1: not a Comprehensive Rules file: it starts with '# My shopping list' "
        "(expected the title 'Magic: The Gathering Comprehensive Rules' on the first line)"
    )


def test_empty_file() -> None:
    assert _error("\n\n").message == "not a Comprehensive Rules file: it is empty"


def test_binary_file() -> None:
    error = _error(b"PK\x03\x04\x00\x00binary\n")
    assert error.origin == Origin("bad.txt", 1)
    assert "not a text file" in error.message


def test_undecodable_bytes_name_their_line() -> None:
    error = _error(b"Magic: The Gathering Comprehensive Rules\r\n\r\n\x81\x8d\r\n")
    assert error.origin == Origin("bad.txt", 3)
    assert error.message == "cannot decode byte 0x81 as cp1252"


def test_missing_effective_date() -> None:
    error = _error("Magic: The Gathering Comprehensive Rules\n\nIntroduction\n\nText.\n")
    assert error.origin == Origin("bad.txt", 3)
    assert error.message == "no effective date before the Introduction"


def test_impossible_effective_date() -> None:
    error = _error(mini_text().replace("September 19, 2025", "Smarch 19, 2025", 1))
    assert error.origin == Origin("bad.txt", 3)
    assert error.message == "not a date: 'These rules are effective as of Smarch 19, 2025.'"


@pytest.mark.parametrize(
    ("cut_before", "message", "line"),
    [
        ("\n1. Game Concepts\n\n100.", "truncated Comprehensive Rules: no numbered rules after the contents", 22),
        ("\nGlossary\n\nAbility", "truncated Comprehensive Rules: no Glossary after the rules", 59),
        ("\nBury (Obsolete)", "truncated Comprehensive Rules: the file ends inside the glossary", 66),
        ("\nContents", "truncated Comprehensive Rules: the file ends before the contents", 9),
    ],
)
def test_truncated_release_names_what_is_missing_and_where(cut_before: str, message: str, line: int) -> None:
    text = mini_text()
    error = _error(text[: text.index(cut_before)] + "\n", "cut.txt")
    assert error.message == message
    assert error.origin == Origin("cut.txt", line)
    assert "magic.wizards.com" in error.hint


def test_duplicate_rule_number() -> None:
    # No reading of a second 100.1 fits after 101.1d: it is refused, not guessed.
    error = _error(mini_text().replace("101.2. A rule", "100.1. A rule"))
    assert error.origin == Origin("bad.txt", 52)
    assert error.message == "rule 100.1 appears twice (first at line 28)"


def test_unreadable_path(tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    with pytest.raises(SourceError) as caught:
        read_rules(missing)
    assert caught.value.origin == Origin(str(missing))
    assert caught.value.message.startswith("cannot read the file")


def test_a_glossary_term_too_long_for_an_address_is_one_line_at_its_line() -> None:
    text = mini_text()
    error = _error(text.replace("\nAbility\n", "\n" + "Ability " * 40 + "\n", 1))
    assert error.origin == Origin("bad.txt", text[: text.index("\nAbility\n")].count("\n") + 2)
    assert error.message.startswith("glossary term too long: its address would be")
