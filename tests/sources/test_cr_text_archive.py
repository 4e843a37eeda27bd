"""Every release in ../shared/data/comprehensive-rules-archive imports, with every line placed.

Each file is parsed once for the whole module. The typos tolerated are listed
here in full, so a change in what the importer tolerates shows up as a diff.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from kb.sources.cr_text import LineKind, ParsedRules, parse_rules
from kb.sources.text_decoding import decode_text, split_lines

ARCHIVE = Path(__file__).resolve().parents[3] / "shared" / "data" / "comprehensive-rules-archive"

pytestmark = pytest.mark.slow

# (file, line, note): every typo of the official text the importer reads anyway.
TOLERATED = {
    ("2003-03-15.txt", 755, "a paragraph after an example of 410.10d, not indented, read as part of the rule"),
    *((name, line, "'606. 8b' read as 606.8b") for name, line in [
        ("2005-08-01.txt", 2104), ("2005-10-01.txt", 2146), ("2006-02-01.txt", 2183), ("2006-05-01.txt", 2225),
        ("2006-07-15.txt", 2256), ("2006-10-01.txt", 2317), ("2007-02-01.txt", 2339), ("2007-05-01.txt", 2533),
    ]),
    ("2005-08-01.txt", 2189, "605.2c read as 609.2c (it follows 609.2b)"),
    *(("2006-05-01.txt", line, f"501.{n} read as 510.{n} (it follows 510.{n - 1})")
      for n, line in [(2, 2026), (3, 2028), (4, 2030), (5, 2033), (6, 2035)]),
    ("2006-06-01.txt", 1618, "502.35b read as 502.36b (it follows 502.36a)"),
    *((name, line, "432.2b read as 423.2b (it follows 423.2a)") for name, line in [
        ("2006-10-01.txt", 1404), ("2007-02-01.txt", 1413), ("2007-05-01.txt", 1479),
        ("2007-07-13.txt", 1484), ("2007-09-07.txt", 1484),
    ]),
    ("2008-10-01.txt", 837, "'306.b' read as 306.3b"),
    ("2008-10-01.txt", 839, "306.1c read as 306.3c (it follows 306.3b)"),
    ("2009-07-11.txt", 2576, "'702. 37a' read as 702.37a"),
    ("2009-07-11.txt", 2578, "'702. 37b' read as 702.37b"),
    ("2009-09-04.txt", 2611, "702.30d read as 702.30e (it follows 702.30d)"),
    ("2009-10-01.txt", 2680, "702.30d read as 702.30e (it follows 702.30d)"),
    ("2010-06-18.txt", 1545, "505.54 read as 505.5 (its subrule 505.5a follows)"),
    *((name, line, "no space after 901.4.") for name, line in [
        ("2022-10-07.txt", 6022), ("2022-11-18.txt", 6088), ("2023-10-13.txt", 6285), ("2023-11-17.txt", 6307),
        ("2024-02-06.txt", 6386), ("2024-03-08.txt", 6397), ("2024-06-07.txt", 6451), ("2024-08-02.txt", 6504),
        ("2024-11-08.txt", 6515), ("2025-02-07.txt", 6547),
    ]),
}  # fmt: skip


@pytest.fixture(scope="module")
def archive() -> dict[str, tuple[bytes, ParsedRules]]:
    if not ARCHIVE.is_dir():
        pytest.skip(f"the archive of Comprehensive Rules releases is not available at {ARCHIVE}")
    files = sorted(ARCHIVE.glob("*.txt"))
    return {p.name: (data, parse_rules(data, p.name, allow_truncated=True)) for p in files for data in [p.read_bytes()]}


def test_every_release_imports_with_every_non_blank_line_placed(archive) -> None:
    assert len(archive) == 106
    for name, (data, parsed) in archive.items():
        non_blank = [line.number for line in split_lines(decode_text(data, name).text) if line.text.strip()]
        assert parsed.document.unparsed == (), name
        assert [n for n, _ in parsed.line_kinds] == non_blank, name
        assert parsed.count(LineKind.RULE) > 0 and parsed.document.glossary, name


def test_only_the_2013_02_01_release_is_truncated_inside_its_glossary(archive) -> None:
    truncated = {name: str(parsed.document.truncated_at) for name, (_, parsed) in archive.items() if parsed.document.truncated_at}
    assert truncated == {"2013-02-01.txt": "2013-02-01.txt:4609"}


def test_the_typos_tolerated_are_exactly_the_known_ones(archive) -> None:
    found = {(name, note.origin.line, note.text) for name, (_, parsed) in archive.items() for note in parsed.document.notes}
    assert found == TOLERATED


def test_every_example_line_of_the_rules_is_an_example(archive) -> None:
    # An "Example:" line read as rule text would mean a paragraph was swallowed.
    for name, (data, parsed) in archive.items():
        kinds = dict(parsed.line_kinds)
        lines = split_lines(decode_text(data, name).text)
        misplaced = [
            line.number for line in lines if line.text.startswith("Example:") and kinds.get(line.number) is LineKind.RULE
        ]
        assert misplaced == [], name


def test_rule_numbers_are_unique_and_effective_dates_match_file_names(archive) -> None:
    for name, (_, parsed) in archive.items():
        numbers = [rule.number for rule in parsed.document.rules]
        assert len(numbers) == len(set(numbers)), name
        published = date.fromisoformat(name.removesuffix(".txt"))
        # 2006-06-01.txt holds the release of June 1, 2004; the others are within days of their name.
        expected_gap = 730 if name == "2006-06-01.txt" else 14
        assert abs((parsed.document.effective_date - published).days) <= expected_gap, name


def test_the_rule_count_grows_from_hundreds_to_thousands(archive) -> None:
    counts = {name: len(parsed.document.rules) for name, (_, parsed) in archive.items()}
    assert 500 < counts["2003-03-15.txt"] < 1000
    assert counts["2009-10-01.txt"] > 1600  # the 2009 renumbering into the current layout
    assert counts["2025-09-19.txt"] > 3200
