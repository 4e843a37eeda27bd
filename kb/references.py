"""Textual references to rules: finding "rule 302.6", "rules 601.2a–h", "section 6" in prose.

The forms the Comprehensive Rules use (all found in the 2025 releases):

- one number after a keyword: "rule 302.6", "rule 605" (a section), "section 6"
  (a chapter), "subrule 704.5k", capitalised or not: "Rules 506.7 …";
- lists joined by ", ", " and ", " or ", ", and ": "rules 613.2, 707.2, and 707.3";
- a sibling subrule by its letter alone: "rules 608.3a and b";
- ranges with an en dash or a hyphen: letters ("601.2a–h", "510.1c-d"), rule
  numbers ("119.7–8", "903.6–903.11") or sections;
- a dotted number without a keyword: "see 601.2b", "as specified in 101.4a"
  (three digits, a dot and a number cannot be anything else in these texts).

A range denotes every rule it covers; subrule letters skip "l" and "o" (rule
100.1a–k is followed by 100.1m). Expanding a range may name numbers that a
release does not have: `unresolved()` checks references against a rule set.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import NamedTuple

# Letters subrules use, in order: "l" and "o" are skipped (they read as 1 and 0).
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"
# A range wider than this is a typo or not a range; it is read as its first number.
_MAX_RANGE = 60

# Where a reference may begin: a keyword followed by a digit, or a bare dotted number.
_START = re.compile(
    r"\b(?P<keyword>[Rr]ules?|[Ss]ubrules?|[Ss]ections?)\s+(?=\d)"
    r"|(?<![\w.])(?=\d{3}\.\d)"
)
# One rule number: section, optional rule, optional subrule letter. The atomic
# group stops "601.2ab" from being read as "601" by backtracking.
_NUMBER = re.compile(r"(?>(?P<section>\d{3})(?:\.(?P<rule>\d+)(?P<letter>[a-z])?)?)(?![\w])")
_CHAPTER = re.compile(r"(?P<chapter>\d)(?![\w]|\.\d)")
_DASH = re.compile(r"[–-]")  # en dash or hyphen, never spaced in the rules
_DIGITS_END = re.compile(r"(?P<digits>\d+)(?![\w])")
_LETTER_END = re.compile(r"(?P<letter>[a-z])(?![\w])")
_SEPARATOR = re.compile(r",\s+(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


class Link(NamedTuple):
    """One rule a reference points at, and the stretch of text that should link to it.

    A number written out gets its own span. The rules inside a range that are not
    written ("601.2b"…"601.2g" in "601.2a–h") get an empty span (start == end)
    at the dash: they count as cited, but a renderer has no text to link.
    """

    start: int
    end: int
    number: str


@dataclass(frozen=True, slots=True)
class ReferencePart:
    """One item of a reference's list: a number ("613.2"), a range ("601.2a–h") or a letter ("b")."""

    start: int
    end: int
    text: str
    links: tuple[Link, ...]

    @property
    def targets(self) -> tuple[str, ...]:
        return tuple(link.number for link in self.links)


@dataclass(frozen=True, slots=True)
class Reference:
    """A textual reference: its span in the text, the keyword used ('' for a bare number), its items."""

    start: int
    end: int
    text: str
    keyword: str
    parts: tuple[ReferencePart, ...]

    @property
    def targets(self) -> tuple[str, ...]:
        """The rule numbers denoted, in order of appearance, each once."""
        return tuple(dict.fromkeys(link.number for part in self.parts for link in part.links))

    @property
    def links(self) -> tuple[Link, ...]:
        return tuple(link for part in self.parts for link in part.links)


def find_references(text: str) -> list[Reference]:
    """Every reference to a rule, section or chapter in `text`, in order."""
    references: list[Reference] = []
    end = 0
    for start in _START.finditer(text):
        if start.start() < end:  # inside a reference already read
            continue
        keyword = (start["keyword"] or "").lower().rstrip("s")
        parts = _read_list(text, start.end(), allow_chapter=keyword == "section")
        if not parts:
            continue
        end = parts[-1].end
        references.append(Reference(start.start(), end, text[start.start() : end], keyword, tuple(parts)))
    return references


def unresolved(references: Iterable[Reference], known_numbers: Collection[str]) -> list[tuple[Reference, str]]:
    """The (reference, number) pairs whose number is not in `known_numbers`, in order."""
    return [(ref, number) for ref in references for number in ref.targets if number not in known_numbers]


def _read_list(text: str, pos: int, allow_chapter: bool) -> list[ReferencePart]:
    """Read "A", "A and B", "A, B, and C" … starting at `pos`; [] if no number is there."""
    first = _read_item(text, pos, allow_chapter)
    if first is None:
        return []
    parts = [first]
    while separator := _SEPARATOR.match(text, parts[-1].end):
        following = _read_item(text, separator.end(), allow_chapter)
        if following is None and separator.group(0).rstrip().endswith(("and", "or")):
            following = _read_letter(text, separator.end(), parts[-1])
        if following is None:
            break
        parts.append(following)
    return parts


def _read_item(text: str, pos: int, allow_chapter: bool) -> ReferencePart | None:
    """A rule number, possibly the start of a range; or, after "section", a chapter digit."""
    number = _NUMBER.match(text, pos)
    if number is None:
        chapter = _CHAPTER.match(text, pos) if allow_chapter else None
        if chapter is None:
            return None
        return _part(text, pos, chapter.end(), (Link(pos, chapter.end(), chapter["chapter"]),))
    first = Link(pos, number.end(), number.group(0))
    dash = _DASH.match(text, number.end())
    if dash:
        expanded = _read_range_end(text, dash.end(), number)
        if expanded is not None:
            last, middle = expanded
            inner = tuple(Link(dash.start(), dash.start(), n) for n in middle)
            return _part(text, pos, last.end, (first, *inner, last))
    return _part(text, pos, number.end(), (first,))


def _read_range_end(text: str, pos: int, start: re.Match[str]) -> tuple[Link, list[str]] | None:
    """The end of a range after its dash, and the numbers strictly between; None if it is no range."""
    last = _range_end(text, pos, start)
    if last is None:
        return None
    middle = _between(start.group(0), last.number)
    return None if middle is None else (last, middle)


def _range_end(text: str, pos: int, start: re.Match[str]) -> Link | None:
    """The end of a range as a full number, with the span it is written in."""
    if start["letter"] and (letter := _LETTER_END.match(text, pos)):  # "601.2a–h"
        return Link(pos, letter.end(), start.group(0)[:-1] + letter["letter"])
    if full := _NUMBER.match(text, pos):  # "903.6–903.11"
        return Link(pos, full.end(), full.group(0))
    if not start["letter"] and (digits := _DIGITS_END.match(text, pos)):
        # "119.7–8": the end replaces the last number of the start.
        head = f"{start['section']}." if start["rule"] else ""
        return Link(pos, digits.end(), head + digits["digits"])
    return None


def _between(first: str, last: str) -> list[str] | None:
    """The numbers strictly between two of the same kind and parent, ascending; None otherwise."""
    a, b = _NUMBER.fullmatch(first), _NUMBER.fullmatch(last)
    if a is None or b is None:
        return None
    if a["letter"] and b["letter"] and first[:-1] == last[:-1]:
        prefix = first[:-1]
        lo, hi = ord(a["letter"]), ord(b["letter"])
        middle = [prefix + chr(c) for c in range(lo + 1, hi) if chr(c) in SUBRULE_LETTERS]
    elif a["rule"] and b["rule"] and not (a["letter"] or b["letter"]) and a["section"] == b["section"]:
        lo, hi = int(a["rule"]), int(b["rule"])
        middle = [f"{a['section']}.{n}" for n in range(lo + 1, hi)]
    elif not (a["rule"] or b["rule"]):
        lo, hi = int(a["section"]), int(b["section"])
        middle = [f"{n:03d}" for n in range(lo + 1, hi)]
    else:
        return None
    return middle if lo < hi and len(middle) <= _MAX_RANGE else None


def _read_letter(text: str, pos: int, previous: ReferencePart) -> ReferencePart | None:
    """A sibling subrule by its letter alone, as in "rules 608.3a and b"."""
    letter = _LETTER_END.match(text, pos)
    last = previous.links[-1].number
    if letter is None or not last[-1:].isalpha() or letter["letter"] <= last[-1]:
        # "rule 601.2b and a spell …": an article, not a subrule ("a" can never follow).
        return None
    return _part(text, pos, letter.end(), (Link(pos, letter.end(), last[:-1] + letter["letter"]),))


def _part(text: str, start: int, end: int, links: tuple[Link, ...]) -> ReferencePart:
    return ReferencePart(start, end, text[start:end], links)
