"""Recognising two wordings of one ruling."""

from __future__ import annotations

from kb.merge import normalise
from kb.rewordings import canonical, older_phrases

OLD = "If you cast it, its converted mana cost is 4. It only triggers once when it enters the battlefield."
NEW = "If you cast it, its mana value is 4. It triggers only once when it enters."


def test_older_and_newer_wordings_meet() -> None:
    assert canonical(normalise(OLD)) == canonical(normalise(NEW)) == normalise(NEW)
    assert (older_phrases(normalise(OLD)), older_phrases(normalise(NEW))) == (3, 0)


def test_rulings_that_differ_otherwise_stay_apart() -> None:
    day = "If it is day, and the active player of the previous turn cast no spells during their turn, it becomes night."
    night = (
        "If it is night, and the active player of the previous turn cast two or more spells during their turn, it becomes day."
    )
    assert canonical(normalise(day)) != canonical(normalise(night))
