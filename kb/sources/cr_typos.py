"""Typos in rule numbers of official releases, tolerated where the meaning is clear.

Twenty years of releases carry a handful of slips in the numbers themselves:
"702. 37a" for 702.37a, "901.4.All" with no space after the number, "306.b"
with the rule's digit missing, a subrule letter used twice, a rule copied from
another section with its old number ("501.2." under "510. Status"). Each is
read as the number the surrounding rules make plain, and the parser lists it
as a note; a number that no reading makes plain is left for the parser to
refuse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kb.model import RuleKind, rule_kind

# "702. 37a Storm …", "606. 8b Players …": a space inside a subrule's number.
_SPACED = re.compile(r"(?P<section>\d{3})\. (?P<rest>\d+[a-z]\.?|\d+\.)\s+(?P<text>\S.*)")
# "901.4.All plane …": no space between the number and the text.
_UNSPACED = re.compile(r"(?P<number>\d{3}\.\d+[a-z]?)\.(?P<text>[A-Z\"“].*)")
# "306.b If an effect …": the rule's digits are missing.
_NO_RULE_DIGITS = re.compile(r"(?P<section>\d{3})\.(?P<letter>[a-z])\s+(?P<text>\S.*)")
_PARTS = re.compile(r"(?P<section>\d{3})(?:\.(?P<rule>\d+)(?P<letter>[a-z])?)?|(?P<chapter>\d)")


@dataclass(frozen=True, slots=True)
class Reading:
    """A numbered line as read: its number, its text, and what was tolerated (empty if nothing)."""

    number: str
    text: str
    note: str = ""


def read_misnumbered(text: str, previous: str | None) -> Reading | None:
    """A line whose number is written with a typo, read as the number meant; None if it is not one."""
    if match := _SPACED.fullmatch(text):
        number = f"{match['section']}.{match['rest'].rstrip('.')}"
        return Reading(number, match["text"], f"'{match['section']}. {match['rest']}' read as {number}")
    if match := _UNSPACED.fullmatch(text):
        return Reading(match["number"], match["text"], f"no space after {match['number']}.")
    if (match := _NO_RULE_DIGITS.fullmatch(text)) and previous and rule_kind(previous) is not RuleKind.CHAPTER:
        parts = _PARTS.fullmatch(previous)
        if parts and parts["rule"] and parts["section"] == match["section"]:
            number = f"{match['section']}.{parts['rule']}{match['letter']}"
            return Reading(number, match["text"], f"'{match['section']}.{match['letter']}' read as {number}")
    return None


def sort_key(number: str) -> tuple[int, int, str]:
    """Document order of rule numbers: chapter 1, section 100, 100.1, 100.1a, 100.2, …, chapter 2."""
    parts = _PARTS.fullmatch(number)
    if parts is None:
        raise ValueError(f"not a rule number: {number!r}")
    if parts["chapter"]:
        return int(parts["chapter"]) * 100, -1, ""
    return int(parts["section"]), int(parts["rule"] or 0), parts["letter"] or ""


def follows(number: str, previous: str) -> bool:
    """Whether rule `number` is the one right after `previous` (the section's heading, or a rule or subrule of it)."""
    this, before = _PARTS.fullmatch(number), _PARTS.fullmatch(previous)
    if not this or not before or not this["rule"] or this["section"] != before["section"]:
        return False
    return int(this["rule"]) == int(before["rule"] or 0) + 1


def place(number: str, previous: str | None, known: set[str]) -> Reading | None:
    """The number a rule line means, given the rule before it and the numbers already used.

    A number that follows the previous rule in order is taken as written
    (returns None). One that is used already, goes backwards, or names a
    section other than the one being read is read, if one reading fits, as
    the previous rule's section with its own rule and letter, the previous
    rule with its own letter, or the previous subrule's next letter.
    """
    if previous is None or rule_kind(number) in (RuleKind.CHAPTER, RuleKind.SECTION):
        return None
    current, wanted = _PARTS.fullmatch(previous), _PARTS.fullmatch(number)
    assert current is not None and wanted is not None
    section = current["section"] or ""
    in_order = number not in known and sort_key(number) > sort_key(previous)
    if in_order and (wanted["section"] == section or wanted["section"] in known):
        return None
    letter = wanted["letter"] or ""
    candidates = [f"{section}.{wanted['rule']}{letter}"]
    if letter and current["rule"]:
        candidates.append(f"{section}.{current['rule']}{letter}")
        if current["letter"]:
            candidates.append(f"{section}.{current['rule']}{chr(ord(current['letter']) + 1)}")
    for candidate in candidates:
        if section and candidate not in known and sort_key(candidate) > sort_key(previous):
            return Reading(candidate, "", f"{number} read as {candidate} (it follows {previous})")
    return None
