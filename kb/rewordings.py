"""Rewordings: one ruling, worded as it was before and after a change of the game's terms.

Wizards rewords rulings in place when a term changes ("converted mana cost"
became "mana value" in 2021), and the sources keep whichever wording they
copied, under the same card and date. `canonical` maps each older phrase to
its newer one, so two wordings of one ruling meet; of two such wordings, the
one with fewer older phrases (`older_phrases`) is the newer, and is shown. Only listed phrases count:
rulings that differ in anything else (day and night, one face and the other)
stay apart.
"""

from __future__ import annotations

import re

# (older, newer), lower case as `kb.merge.normalise` leaves text; the plural forms first.
REWORDINGS: tuple[tuple[str, str], ...] = (
    ("converted mana costs", "mana values"),
    ("converted mana cost", "mana value"),
    ("only triggers once", "triggers only once"),
    ("only trigger once", "trigger only once"),
    ("enters the battlefield", "enters"),
    ("entered the battlefield", "entered"),
    ("entering the battlefield", "entering"),
    ("enter the battlefield", "enter"),
)
_OLDER = re.compile("|".join(re.escape(old) for old, _ in REWORDINGS))
_TO_NEWER = dict(REWORDINGS)


def canonical(normalised: str) -> str:
    """A normalised ruling text with every older phrase in its newer wording."""
    return _OLDER.sub(lambda m: _TO_NEWER[m.group()], normalised)


def older_phrases(normalised: str) -> int:
    """How many phrases of a normalised text are in an older wording."""
    return len(_OLDER.findall(normalised))
