"""Every rule's history across releases of the Comprehensive Rules.

Consecutive releases are compared with `kb.changes.diff_releases`, which
pairs a rule with its new number when it is renumbered (a rule inserted before
it, a section inserted before its own, a move to another section). Following
those pairs from the first release to the last gives each rule a *lineage*:
the versions where its number or its text changed. A lineage that reaches the
last release is a current rule's history; one that ends earlier is a rule
deleted since.

A citation made on a date is resolved against the release in force on that
date and followed along its lineage to today's number (`RulesHistory.resolve`).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from kb.changes import Segment, diff_releases, rule_content, similarity, word_diff
from kb.model import Rule, RuleKind, RulesDocument
from kb.processes import parallel_map


@dataclass(frozen=True, slots=True)
class Release:
    """One release in the history: its effective date and the file it came from."""

    effective_date: date
    source: str

    @property
    def name(self) -> str:
        return self.effective_date.isoformat()


@dataclass(frozen=True, slots=True)
class Version:
    """A rule as it read from release `release` (an index) on, until its lineage's next version.

    `text` is the rule's text with its examples; None means the rule was
    deleted in that release.
    """

    release: int
    number: str
    text: str | None


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a citation of `cited` in release `release` is today."""

    cited: str
    release: Release
    current: str | None  # today's number; None if the rule was deleted since
    renumbered: bool
    reworded: bool  # its text changed after the cited release
    deleted_in: Release | None = None


@dataclass
class RulesHistory:
    """The releases, oldest first, and every rule's lineage through them."""

    releases: tuple[Release, ...]
    lineages: tuple[tuple[Version, ...], ...]
    _current: dict[str, int] = field(init=False, repr=False)
    _spans: dict[str, list[tuple[int, int, int]]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        last = len(self.releases) - 1
        self._current = {}
        # number -> (first release, release after the last, lineage), to resolve old citations
        self._spans = {}
        for index, lineage in enumerate(self.lineages):
            for version, after in zip(lineage, [*lineage[1:], None], strict=True):
                if version.text is None:
                    continue
                end = after.release if after else last + 1
                self._spans.setdefault(version.number, []).append((version.release, end, index))
            final = lineage[-1]
            if final.text is not None:
                self._current[final.number] = index
        for spans in self._spans.values():
            spans.sort()

    @property
    def latest(self) -> Release:
        return self.releases[-1]

    def of(self, number: str) -> tuple[Version, ...]:
        """The versions of today's rule `number`, oldest first; () if it has no history."""
        index = self._current.get(number)
        return self.lineages[index] if index is not None else ()

    def in_force(self, on: date) -> int | None:
        """The index of the release in force on a date; None before the first one."""
        index = bisect.bisect_right([r.effective_date for r in self.releases], on) - 1
        return index if index >= 0 else None

    def resolve(self, number: str, on: date) -> Resolution | None:
        """A rule cited by `number` on date `on`, followed to today; None if that release had no such rule."""
        release = self.in_force(on)
        if release is None:
            return None
        for start, end, index in self._spans.get(number, ()):
            if start <= release < end:
                return self._follow(number, release, self.lineages[index])
        return None

    def _follow(self, cited: str, release: int, lineage: tuple[Version, ...]) -> Resolution:
        text_then = next(v.text for v in reversed(lineage) if v.release <= release and v.text is not None)
        final = lineage[-1]
        if final.text is None:
            return Resolution(cited, self.releases[release], None, False, False, self.releases[final.release])
        return Resolution(cited, self.releases[release], final.number, final.number != cited, final.text != text_then)


# Releases switch between straight and curly quotes and dashes wholesale; that
# is typography, not a change of the rule, and is left out of its history.
_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-"})
_LOST_APOSTROPHE = re.compile(r"(?<=[A-Za-z])\?(?=[a-z])")


def plain(document: RulesDocument) -> RulesDocument:
    """A release with its typography made uniform, as its history compares it."""
    rules = tuple(
        replace(rule, text=_plain_text(rule.text), examples=tuple(_plain_text(e) for e in rule.examples))
        for rule in document.rules
    )
    return replace(document, rules=rules)


def _plain_text(text: str) -> str:
    # A question mark between two letters ("creature?s", 2008) is an apostrophe lost in conversion.
    return _LOST_APOSTROPHE.sub("'", text.translate(_TYPOGRAPHY))


# A rule removed from one section and one added to another are the same rule
# moved when this much of their text is alike (2009 rewrote the whole layout:
# the "summoning sickness" rule went from 212.3f to 302.6, slightly reworded).
_FAR_MOVE_SIMILARITY = 0.6
# Cheap bound checked first: the share of distinct words the two texts have in common.
_FAR_MOVE_WORDS = 0.4


def far_moves(removed: Sequence[Rule], added: Sequence[Rule]) -> list[tuple[Rule, Rule]]:
    """Rules `diff_releases` saw removed and added that are one rule moved to another section; best pairs first."""
    old = [(rule, set(rule_content(rule).lower().split())) for rule in removed]
    new = [(rule, set(rule_content(rule).lower().split())) for rule in added]
    candidates = []
    for i, (before, before_words) in enumerate(old):
        for j, (after, after_words) in enumerate(new):
            if _is_heading(before) != _is_heading(after):
                continue
            if len(before_words & after_words) < _FAR_MOVE_WORDS * len(before_words | after_words):
                continue
            score = similarity(rule_content(before), rule_content(after))
            if score >= _FAR_MOVE_SIMILARITY:
                candidates.append((-score, i, j, before, after))
    pairs, used_old, used_new = [], set(), set()
    for _, i, j, before, after in sorted(candidates, key=lambda c: c[:3]):
        if i not in used_old and j not in used_new:
            used_old.add(i)
            used_new.add(j)
            pairs.append((before, after))
    return pairs


def _is_heading(rule: Rule) -> bool:
    return rule.kind in (RuleKind.CHAPTER, RuleKind.SECTION)


def trace(documents: Sequence[RulesDocument]) -> RulesHistory:
    """The history of every rule through `documents`, which must be in release order."""
    releases = tuple(Release(doc.effective_date, Path(doc.source).name) for doc in documents)
    documents = [plain(doc) for doc in documents]
    # Comparing consecutive releases is most of the work, and each pair is independent: every core takes some.
    steps = parallel_map(
        lambda pairs: [_step(documents[i - 1], documents[i]) for i in pairs], range(1, len(documents)), min_items=2
    )
    lineages: list[list[Version]] = []
    alive: dict[str, int] = {}  # number in the previous release -> its lineage
    for index, doc in enumerate(documents):
        now: dict[str, int] = {}
        if index == 0:
            for rule in doc.rules:
                now[rule.number] = len(lineages)
                lineages.append([Version(0, rule.number, rule_content(rule))])
            alive = now
            continue
        came_from, added, removed = steps[index - 1]
        for rule in doc.rules:
            text = rule_content(rule)
            if rule.number in added:
                now[rule.number] = len(lineages)
                lineages.append([Version(index, rule.number, text)])
                continue
            lineage = alive[came_from.get(rule.number, rule.number)]
            last = lineages[lineage][-1]
            if last.number != rule.number or last.text != text:
                lineages[lineage].append(Version(index, rule.number, text))
            now[rule.number] = lineage
        for number in removed:
            lineages[alive[number]].append(Version(index, number, None))
        alive = now
    return RulesHistory(releases, tuple(tuple(lineage) for lineage in lineages))


def _step(old: RulesDocument, new: RulesDocument) -> tuple[dict[str, str], set[str], list[str]]:
    """From one release to the next: where each moved rule came from, the numbers added and those removed."""
    changes = diff_releases(old, new)
    moves = [(move.old, move.new) for move in changes.renumbered] + far_moves(changes.removed, changes.added)
    came_from = {after.number: before.number for before, after in moves}
    moved_away = {before.number for before, _ in moves}
    added = {rule.number for rule in changes.added} - came_from.keys()
    return came_from, added, [rule.number for rule in changes.removed if rule.number not in moved_away]


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One release in which a rule changed, as a reader is told it."""

    release: Release
    number: str
    first: bool  # the release the rule first appears in (the archive's earliest, if `earliest`)
    earliest: bool
    renumbered_from: str | None
    diff: tuple[Segment, ...]  # the word diff of its text; () if only the number changed


def entries(history: RulesHistory, number: str, context: int = 60) -> list[HistoryEntry]:
    """Today's rule `number`'s history, newest first; long unchanged stretches of a diff shortened to `context` characters."""
    versions = history.of(number)
    result = []
    for before, version in zip([None, *versions], versions, strict=False):
        release = history.releases[version.release]
        if before is None:
            result.append(HistoryEntry(release, version.number, True, version.release == 0, None, ()))
            continue
        assert before.text is not None and version.text is not None  # a current rule's lineage has no deletion
        moved = before.number if before.number != version.number else None
        diff = shorten_diff(word_diff(before.text, version.text), context) if before.text != version.text else ()
        result.append(HistoryEntry(release, version.number, False, False, moved, diff))
    return result[::-1]


def former_numbers(history: RulesHistory, number: str) -> list[str]:
    """The numbers today's rule `number` had before, most recent first."""
    seen: list[str] = []
    for version in reversed(history.of(number)):
        if version.number != number and version.number not in seen:
            seen.append(version.number)
    return seen


def shorten_diff(diff: tuple[Segment, ...], context: int) -> tuple[Segment, ...]:
    """The diff with each unchanged stretch longer than twice `context` cut to its ends around "…"."""
    shortened = []
    for index, segment in enumerate(diff):
        text = segment.text
        if segment.op == "equal" and len(text) > 2 * context + 10:
            head = text[:context] if index > 0 else ""
            tail = text[-context:] if index < len(diff) - 1 else ""
            text = f"{head}…{tail}"
        shortened.append(Segment(segment.op, text))
    return tuple(shortened)
