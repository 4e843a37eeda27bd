"""The questions players ask, by rule (content/search/questions.yaml): attached only where the release numbers its
rules as the list's release does, and searched as the rule's own words."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.build import Settings, load_knowledge_base
from kb.search import INDEX_NAME, SearchIndex
from kb.search_index import write_search_index
from tests.conftest import REPO
from tests.rules_fixture import release

QUESTIONS = 'release: 2025-09-19\nquestions:\n  "100.1": |\n    who wins a duel\n  "999.9": |\n    no such rule\n'


def knowledge_base(tmp_path: Path, effective: str):
    content = tmp_path / "content"
    (content / "search").mkdir(parents=True)
    (content / "search" / "questions.yaml").write_text(QUESTIONS)
    rules = tmp_path / "rules.txt"
    rules.write_text(release(date=effective))
    return load_knowledge_base(Settings(content=content, templates=REPO / "templates", rules=rules))


@pytest.mark.parametrize("effective", ["September 19, 2025", "February 7, 2026"])
def test_the_release_written_for_or_a_newer_one_gets_the_questions_of_the_rules_it_has(tmp_path: Path, effective: str):
    assert knowledge_base(tmp_path, effective).questions == {"100.1": ("who wins a duel",)}


def test_an_older_release_numbers_its_rules_otherwise_and_gets_none(tmp_path: Path):
    kb = knowledge_base(tmp_path, "June 6, 2025")
    assert "100.1" in kb.rules and kb.questions == {}


def test_a_rule_is_found_by_the_words_it_is_asked_with(tmp_path: Path):
    kb = knowledge_base(tmp_path, "September 19, 2025")
    write_search_index(kb, tmp_path)
    with SearchIndex(tmp_path / INDEX_NAME) as index:
        assert [(hit.kind, hit.id) for hit in index.search("duel", limit=1)] == [("rule", "100.1")]
