"""Statistics of an imported release (`kb rules-stats FILE`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.rules_stats import rules_stats
from kb.sources.cr_text import read_rules

HERE = Path(__file__).resolve().parent
MINI = HERE / "fixtures" / "cr" / "mini.txt"
SHARED_CR = HERE.parent.parent / "shared" / "data" / "comprehensive-rules"


def test_stats_of_the_mini_release() -> None:
    stats = rules_stats(read_rules(MINI))
    origin = f"{MINI}:"
    assert stats == {
        "effective_date": "2025-09-19",
        "chapters": 2,
        "sections": 3,
        "rules": 11,  # numbered rules and subrules; chapters and sections are not counted here
        "rules_top_level": 6,
        "subrules": 5,
        "examples": 4,
        "glossary_terms": 3,
        "obsolete_glossary_terms": 1,
        "contents_lines": 7,
        # 100.1: section 7 | 100.1a example: rule 100.1b | 100.1b: rules 100.1a–c and 101.2 |
        # 100.3 example: rules 101.1 and 101.2 | 101.2: rule 605, rules 100.2 or 100.3 |
        # 700.1: rule 999.9 | glossary: rule 100.1, section 1, rules 100.1a–b
        "references": 10,
        "reference_targets": 16,
        "unresolved_references": 3,
        "unresolved": [
            {"origin": origin + "33", "in": "rule 100.1b", "text": "rules 100.1a–c and 101.2", "number": "100.1c"},
            {"origin": origin + "52", "in": "rule 101.2", "text": "rule 605", "number": "605"},
            {"origin": origin + "58", "in": "rule 700.1", "text": "rule 999.9", "number": "999.9"},
        ],
        "unparsed_lines": 0,
        "notes": [],
        "truncated_at": None,
    }
    json.dumps(stats)  # plain values only: the CLI prints them as JSON


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("MagicCompRules 20250606.txt", {"sections": 145, "rules": 3059, "examples": 275, "glossary_terms": 711}),
        ("MagicCompRules 20250919.txt", {"sections": 146, "rules": 3093, "examples": 275, "glossary_terms": 721}),
    ],
)
def test_stats_of_the_real_releases(name: str, expected: dict[str, int]) -> None:
    path = SHARED_CR / name
    if not path.is_file():
        pytest.skip(f"real Comprehensive Rules release not available at {path}")
    stats = rules_stats(read_rules(path))
    assert {key: stats[key] for key in expected} == expected
    assert stats["chapters"] == 9
    assert stats["unparsed_lines"] == 0
    assert stats["references"] > 1700
    # The only dangling reference in both releases: the glossary's "Map" cites a rule 110.10 that does not exist.
    assert [(u["in"], u["text"], u["number"]) for u in stats["unresolved"]] == [("glossary Map", "rule 110.10", "110.10")]
    assert stats["unresolved_references"] == 1
