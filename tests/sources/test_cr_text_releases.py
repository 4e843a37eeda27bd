"""The importer on the two real releases in ../shared: counts checked by independent means."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from kb.model import RuleKind, RulesDocument
from kb.references import find_references, unresolved
from kb.sources.cr_text import LineKind, ParsedRules, parse_rules

SHARED_CR = Path(__file__).resolve().parents[3] / "shared" / "data" / "comprehensive-rules"
RELEASES = {
    "MagicCompRules 20250606.txt": date(2025, 6, 6),
    "MagicCompRules 20250919.txt": date(2025, 9, 19),
}
# Deliberately plain: a numbered rule or subrule line, with or without the period.
_RULE_LINE = re.compile(r"^\d{3}\.\d+[a-z]?\.? ")
_SECTION_LINE = re.compile(r"^\d{3}\. ")


@pytest.fixture(scope="module", params=sorted(RELEASES))
def release(request: pytest.FixtureRequest) -> tuple[Path, list[str], ParsedRules]:
    path = SHARED_CR / request.param
    if not path.is_file():
        pytest.skip(f"real Comprehensive Rules release not available at {path}")
    raw_lines = path.read_bytes().decode("utf-8-sig").split("\r\n")
    return path, raw_lines, parse_rules(path.read_bytes(), str(path))


def _body(raw_lines: list[str]) -> list[str]:
    """The raw lines between the body's first chapter heading and its Glossary heading."""
    start = [i for i, line in enumerate(raw_lines) if line == "1. Game Concepts"][1]
    end = [i for i, line in enumerate(raw_lines) if line == "Glossary"][1]
    return raw_lines[start:end]


def _glossary_blocks(raw_lines: list[str]) -> list[list[str]]:
    start = [i for i, line in enumerate(raw_lines) if line == "Glossary"][1]
    end = [i for i, line in enumerate(raw_lines) if line == "Credits"][1]
    text = "\n".join(raw_lines[start + 1 : end])
    return [block.split("\n") for block in re.split(r"\n\s*\n", text.strip())]


def test_effective_date_and_no_unparsed_lines(release) -> None:
    path, _, parsed = release
    assert parsed.document.effective_date == RELEASES[path.name]
    assert parsed.encoding == "utf-8-sig"
    assert parsed.document.unparsed == ()
    assert parsed.count(LineKind.UNPARSED) == 0


def test_rule_and_section_counts_match_a_plain_count(release) -> None:
    _, raw_lines, parsed = release
    body = _body(raw_lines)
    kinds = [r.kind for r in parsed.document.rules]
    assert kinds.count(RuleKind.RULE) + kinds.count(RuleKind.SUBRULE) == sum(bool(_RULE_LINE.match(x)) for x in body)
    assert kinds.count(RuleKind.SECTION) == sum(bool(_SECTION_LINE.match(x)) for x in body)
    assert kinds.count(RuleKind.CHAPTER) == 9


def test_example_count_matches_the_lines_starting_with_example(release) -> None:
    _, raw_lines, parsed = release
    assert sum(len(r.examples) for r in parsed.document.rules) == sum(x.startswith("Example: ") for x in raw_lines)
    assert parsed.count(LineKind.EXAMPLE) == sum(x.startswith("Example: ") for x in raw_lines)


def test_glossary_count_matches_blank_separated_blocks(release) -> None:
    _, raw_lines, parsed = release
    blocks = _glossary_blocks(raw_lines)
    assert len(parsed.document.glossary) == len(blocks)
    assert [t.obsolete for t in parsed.document.glossary] == [b[0].endswith("(Obsolete)") for b in blocks]
    assert parsed.count(LineKind.GLOSSARY) == sum(len(b) for b in blocks)


def test_contents_lines_are_the_body_headings_plus_glossary_and_credits(release) -> None:
    _, _, parsed = release
    headings = [r for r in parsed.document.rules if r.kind in (RuleKind.CHAPTER, RuleKind.SECTION)]
    assert parsed.document.contents_lines == len(headings) + 2


def test_every_non_blank_line_is_accounted_for_once(release) -> None:
    _, raw_lines, parsed = release
    non_blank = [n for n, line in enumerate(raw_lines, start=1) if line.strip()]
    assert [n for n, _ in parsed.line_kinds] == non_blank
    # Only the two indented paragraphs continue a rule; everything else numbered is a rule line.
    continuations = sum(1 for line in _body(raw_lines) if line[:1] == " " and line.strip())
    assert continuations == 2
    assert parsed.count(LineKind.RULE) == len(parsed.document.rules) + continuations


def test_origins_point_at_the_rule_lines_in_the_file(release) -> None:
    _, raw_lines, parsed = release
    for rule in parsed.document.rules:
        line = raw_lines[rule.origin.line - 1]
        assert line.startswith(rule.number), (rule.number, line)
    for term in parsed.document.glossary:
        assert raw_lines[term.origin.line - 1].startswith(term.term)


def test_every_reference_resolves_or_is_listed_as_unresolved(release) -> None:
    _, _, parsed = release
    doc: RulesDocument = parsed.document
    known = {r.number for r in doc.rules}
    texts = [t for r in doc.rules for t in (r.text, *r.examples)] + [t.text for t in doc.glossary]
    references = [ref for text in texts for ref in find_references(text)]
    missing = unresolved(references, known)
    assert len(references) > 1700
    assert [(ref.text, number) for ref, number in missing] == [("rule 110.10", "110.10")]
    resolved = sum(len(ref.targets) for ref in references) - len(missing)
    assert resolved == sum(1 for ref in references for n in ref.targets if n in known)
