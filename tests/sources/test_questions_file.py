"""content/search/questions.yaml: the questions players ask, by the rule that answers each, read with their lines."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
import yaml

from kb.errors import ContentError, KbError
from kb.model import Origin
from kb.sources.content import load_content
from kb.sources.questions import parse_questions

REPO = Path(__file__).resolve().parents[2]


def parse(text: str):
    return parse_questions(yaml.compose(text), "content/search/questions.yaml")


def test_questions_keep_their_release_rules_and_order():
    listed = parse(
        "# header\nrelease: 2025-09-19\nquestions:\n"
        '  "302.6": |\n    can my creature attack the turn I cast it\n\n     summoning sick tap ability: why? \n'
        '  "704": what does the game check on its own\n'
    )
    assert listed.release == date(2025, 9, 19)
    assert listed.by_rule == {
        "302.6": ("can my creature attack the turn I cast it", "summoning sick tap ability: why?"),
        "704": ("what does the game check on its own",),
    }
    assert listed.origin == Origin("content/search/questions.yaml", 2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("- a\n", r"questions.yaml:1: expected 'release:' and 'questions:'"),
        ('questions:\n  "302.6": a\n', r"questions.yaml:1: missing release"),
        ("release: 2025-09-19\n", r"questions.yaml:1: missing questions"),
        ('release: 2025-09-19\nquestion:\n  "302.6": a\n', r"questions.yaml:2: unknown field 'question'"),
        ('release: soon\nquestions:\n  "302.6": a\n', r"questions.yaml:1: release is not a date"),
        ("release: 2025-09-19\nquestions: [a]\n", r"questions.yaml:2: expected a mapping of rule numbers to questions"),
        ('release: 2025-09-19\nquestions:\n  "3O2.6": a\n', r"questions.yaml:3: '3O2.6' is not a rule number"),
        ('release: 2025-09-19\nquestions:\n  "302.6": a\n  "302.6": b\n', r"questions.yaml:4: rule 302.6 is listed twice \(first at line 3\)"),
        ('release: 2025-09-19\nquestions:\n  "302.6": [can it attack]\n', r"questions.yaml:3: rule 302.6: expected its questions, one a line"),
        ('release: 2025-09-19\nquestions:\n  "302.6":\n', r"questions.yaml:3: rule 302.6: expected its questions, one a line"),
        ('release: 2025-09-19\nquestions:\n  "302.6": |\n    \n  "704": a\n', r"questions.yaml:3: rule 302.6: expected its questions, one a line"),
    ],
)  # fmt: skip
def test_a_malformed_file_is_one_error_at_its_line(text: str, message: str):
    with pytest.raises(ContentError, match=message):
        parse(text)


def test_a_malformed_file_in_content_stops_the_load_naming_it(tmp_path: Path):
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "questions.yaml").write_text('release: 2025-09-19\nquestions:\n  "302.6": [a, b]\n')
    with pytest.raises(KbError, match=r"search/questions.yaml:3: rule 302.6: expected its questions, one a line"):
        load_content(tmp_path)


def test_the_bundled_questions_name_only_rules_of_the_release_they_follow(kb_latest):
    listed = load_content(REPO / "content").questions
    assert listed is not None and listed.release == kb_latest.rules_document.effective_date
    assert [number for number in listed.by_rule if number not in kb_latest.rules] == []
    # Every rule that says something has its questions; only titles ("702.9. Flying") may have none.
    assert len(listed.by_rule) >= 2800
    assert kb_latest.questions == listed.by_rule
