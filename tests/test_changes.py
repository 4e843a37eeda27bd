"""Differences between two releases: added, removed, changed, renumbered rules and glossary terms."""

from __future__ import annotations

import itertools
import time
from datetime import date
from pathlib import Path

import pytest

from kb.changes import Segment, diff_releases, similarity, word_diff
from kb.model import GlossaryTerm, Origin, Rule, RulesDocument
from kb.sources.cr_text import read_rules

SHARED_CR = Path(__file__).resolve().parents[2] / "shared" / "data" / "comprehensive-rules"


def release(rules: dict[str, str], glossary: dict[str, str] | None = None, day: int = 1) -> RulesDocument:
    return RulesDocument(
        source="test",
        effective_date=date(2025, 1, day),
        rules=tuple(Rule(n, text, Origin("test", i)) for i, (n, text) in enumerate(rules.items(), start=1)),
        glossary=tuple(GlossaryTerm(term, text, Origin("g", 1)) for term, text in (glossary or {}).items()),
    )


BASE = {
    "1": "Game Concepts",
    "100": "General",
    "100.1": "These rules apply to any game with two or more players.",
    "100.1a": "A two-player game is a game that begins with only two players.",
    "100.1b": "A multiplayer game is a game that begins with more than two players.",
    "100.2": "Each player needs their own deck of cards.",
}


def test_identical_releases_have_no_changes() -> None:
    changes = diff_releases(release(BASE), release(BASE, day=2))
    assert set(changes.counts().values()) == {0}
    assert (changes.old_date, changes.new_date) == (date(2025, 1, 1), date(2025, 1, 2))


def test_added_removed_and_changed_in_place() -> None:
    new = dict(BASE)
    del new["100.2"]
    new["100.3"] = "A brand new rule about sideboards, unlike any other."
    new["100.1"] = "These rules apply to any game with two or more people."
    changes = diff_releases(release(BASE), release(new))
    assert [r.number for r in changes.added] == ["100.3"]
    assert [r.number for r in changes.removed] == ["100.2"]
    assert [c.number for c in changes.changed] == ["100.1"]
    assert changes.renumbered == ()
    assert [s for s in changes.changed[0].diff if s.op != "equal"] == [Segment("delete", "players"), Segment("insert", "people")]


def test_an_inserted_subrule_is_one_addition_and_renumberings_not_a_cascade() -> None:
    new = {
        **{n: t for n, t in BASE.items() if n not in ("100.1a", "100.1b", "100.2")},
        "100.1a": "A brand new first subrule about team games.",
        "100.1b": BASE["100.1a"],
        "100.1c": BASE["100.1b"],
        "100.2": BASE["100.2"],
    }
    changes = diff_releases(release(BASE), release(new))
    assert [r.number for r in changes.added] == ["100.1a"]
    assert changes.removed == changes.changed == ()
    assert [(r.old.number, r.new.number, r.identical) for r in changes.renumbered] == [
        ("100.1a", "100.1b", True),
        ("100.1b", "100.1c", True),
    ]


def test_a_renumbered_rule_with_a_small_edit_is_still_renumbered() -> None:
    new = dict(BASE)
    del new["100.2"]
    new["100.3"] = "Each player needs their own deck of Magic cards."
    changes = diff_releases(release(BASE), release(new))
    assert changes.added == changes.removed == ()
    (moved,) = changes.renumbered
    assert (moved.old.number, moved.new.number, moved.identical) == ("100.2", "100.3", False)
    assert moved.similarity == pytest.approx(similarity(BASE["100.2"], new["100.3"]))
    assert [s for s in moved.diff if s.op != "equal"] == [Segment("insert", "Magic ")]


def test_a_dissimilar_rule_in_another_section_is_removed_and_added() -> None:
    new = dict(BASE)
    del new["100.2"]
    new["101.1"] = BASE["100.2"] + " It must also contain sixty cards, a sideboard and a playmat."
    changes = diff_releases(release(BASE), release(new))
    assert [r.number for r in changes.removed] == ["100.2"]
    assert [r.number for r in changes.added] == ["101.1"]


def test_an_edited_example_changes_its_rule() -> None:
    old = release(BASE)
    rules = tuple(r if r.number != "100.2" else Rule(r.number, r.text, r.origin, ("Sixty cards.",)) for r in old.rules)
    new = RulesDocument("test", old.effective_date, rules, ())
    (change,) = diff_releases(old, new).changed
    assert change.number == "100.2"
    assert [s.op for s in change.diff if s.op != "equal"] == ["insert"]
    assert "".join(s.text for s in change.diff if s.op != "delete") == BASE["100.2"] + "\nExample: Sixty cards."


def test_glossary_terms_added_removed_and_changed() -> None:
    old = release(BASE, {"Ability": "Text on an object.", "Bury": "Destroy.", "Zone": "A place."})
    new = release(BASE, {"Ability": "Text on an object or a spell.", "Zone": "A place.", "Warp": "A keyword."})
    changes = diff_releases(old, new)
    assert [t.term for t in changes.glossary_added] == ["Warp"]
    assert [t.term for t in changes.glossary_removed] == ["Bury"]
    assert [c.new.term for c in changes.glossary_changed] == ["Ability"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("See rule 302.6.", "See rule 302.7."),
        ("", "A new text."),
        ("An old text.", ""),
        ("  leading space and “quotes” (kept)", "leading space and ‘quotes’ (changed)\nsecond line"),
    ],
)
def test_word_diff_reconstructs_both_texts(old: str, new: str) -> None:
    diff = word_diff(old, new)
    assert "".join(s.text for s in diff if s.op != "insert") == old
    assert "".join(s.text for s in diff if s.op != "delete") == new
    assert all(a.op != b.op for a, b in itertools.pairwise(diff))  # adjacent pieces are merged


def test_word_diff_works_on_words_not_characters() -> None:
    assert word_diff("the active player draws", "the nonactive player draws") == (
        Segment("equal", "the "),
        Segment("delete", "active "),
        Segment("insert", "nonactive "),
        Segment("equal", "player draws"),
    )


@pytest.fixture(scope="module")
def real_changes():
    paths = [SHARED_CR / "MagicCompRules 20250606.txt", SHARED_CR / "MagicCompRules 20250919.txt"]
    if not all(p.is_file() for p in paths):
        pytest.skip(f"real Comprehensive Rules releases not available in {SHARED_CR}")
    old, new = (read_rules(p) for p in paths)
    start = time.perf_counter()
    changes = diff_releases(old, new)
    return changes, time.perf_counter() - start, diff_releases(old, new)


def test_real_releases(real_changes) -> None:
    changes, seconds, again = real_changes
    assert changes == again  # deterministic
    assert seconds < 2.0, f"diffing two releases took {seconds:.2f}s"
    assert changes.counts() == {
        "added": 35,
        "removed": 0,
        "changed": 87,
        "renumbered": 116,
        "glossary_added": 10,
        "glossary_removed": 0,
        "glossary_changed": 29,
    }
    moved = {(r.old.number, r.new.number) for r in changes.renumbered}
    # "721. Station Cards" was inserted: the old sections 721–731 each moved up by one.
    assert {(str(n), str(n + 1)) for n in range(721, 732)} <= moved
    assert ("722.1a", "723.1a") in moved  # edited as it moved
    assert "721" in {r.number for r in changes.added}
