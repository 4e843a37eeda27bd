"""What changed between two releases of the Comprehensive Rules.

Rules are matched in stages, cheapest and surest first, so that a wholesale
renumbering (a subrule inserted in the middle shifts every later letter) reads
as "renumbered", not as a run of removals and additions:

1. same number, same text: unchanged (not reported);
2. same text under another number: renumbered (bucketed by exact text);
3. same number, similar text: changed in place;
4. similar text under another number, within the same section (or the
   section it moved to): renumbered (pairwise similarity only among the
   leftovers of one section);
5. what is left: changed in place if the number exists in both releases,
   otherwise removed or added.

A rule's text for comparison includes its examples, so an edited example is a
change of its rule. Everything is reported in rule order.
"""

from __future__ import annotations

import re
from collections import defaultdict, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from difflib import SequenceMatcher
from typing import NamedTuple

from kb.model import GlossaryTerm, Rule, RuleKind, RulesDocument, rule_kind, section_of

# Same number: a rewrite that keeps this much is still "that rule, changed".
_IN_PLACE_SIMILARITY = 0.5
# Another number: only a near-identical text is taken to be the same rule moved.
_MOVED_SIMILARITY = 0.75
# Words with their trailing space, and punctuation marks one by one, so that a
# diff shows "rule 302.6." -> "rule 302.7." as one word and one mark.
_TOKEN = re.compile(r"\w+(?:[’'\-]\w+)*\s*|[^\w\s]\s*|\s+")


class Segment(NamedTuple):
    """A piece of a word diff: op is 'equal', 'delete' (render as <del>) or 'insert' (<ins>)."""

    op: str
    text: str


@dataclass(frozen=True, slots=True)
class RuleChange:
    """A rule whose text changed under the same number."""

    old: Rule
    new: Rule

    @property
    def number(self) -> str:
        return self.new.number

    @property
    def diff(self) -> tuple[Segment, ...]:
        return word_diff(rule_content(self.old), rule_content(self.new))


@dataclass(frozen=True, slots=True)
class Renumbering:
    """A rule that moved to another number; `diff` is all 'equal' when its text is unchanged."""

    old: Rule
    new: Rule
    similarity: float

    @property
    def diff(self) -> tuple[Segment, ...]:
        """All 'equal' when the text is unchanged; computed when asked for (tracing a history never asks)."""
        return word_diff(rule_content(self.old), rule_content(self.new))

    @property
    def identical(self) -> bool:
        return self.similarity == 1.0


@dataclass(frozen=True, slots=True)
class GlossaryChange:
    old: GlossaryTerm
    new: GlossaryTerm

    @property
    def diff(self) -> tuple[Segment, ...]:
        return word_diff(self.old.text, self.new.text)


@dataclass(frozen=True, slots=True)
class Changes:
    old_date: date
    new_date: date
    added: tuple[Rule, ...]
    removed: tuple[Rule, ...]
    changed: tuple[RuleChange, ...]
    renumbered: tuple[Renumbering, ...]
    glossary_added: tuple[GlossaryTerm, ...]
    glossary_removed: tuple[GlossaryTerm, ...]
    glossary_changed: tuple[GlossaryChange, ...]

    def counts(self) -> dict[str, int]:
        """How many changes of each kind, for a summary line."""
        return {
            "added": len(self.added),
            "removed": len(self.removed),
            "changed": len(self.changed),
            "renumbered": len(self.renumbered),
            "glossary_added": len(self.glossary_added),
            "glossary_removed": len(self.glossary_removed),
            "glossary_changed": len(self.glossary_changed),
        }


def diff_releases(old: RulesDocument, new: RulesDocument) -> Changes:
    """Rules and glossary terms added, removed, changed and renumbered from `old` to `new`."""
    matcher = _RuleMatcher(old.rules, new.rules)
    matcher.match()
    g_added, g_removed, g_changed = _diff_glossary(old.glossary, new.glossary)
    return Changes(
        old_date=old.effective_date,
        new_date=new.effective_date,
        added=tuple(sorted(matcher.unmatched_new(), key=_rule_order)),
        removed=tuple(sorted(matcher.unmatched_old(), key=_rule_order)),
        changed=tuple(sorted(matcher.changed, key=lambda c: _order_key(c.number))),
        renumbered=tuple(sorted(matcher.renumbered, key=lambda r: _order_key(r.new.number))),
        glossary_added=g_added,
        glossary_removed=g_removed,
        glossary_changed=g_changed,
    )


def word_diff(old: str, new: str) -> tuple[Segment, ...]:
    """A word-level diff: joining 'equal'+'delete' texts gives `old`, 'equal'+'insert' gives `new`."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    segments: list[Segment] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            _append(segments, "equal", "".join(a[i1:i2]))
            continue
        _append(segments, "delete", "".join(a[i1:i2]))
        _append(segments, "insert", "".join(b[j1:j2]))
    return tuple(segments)


def _append(segments: list[Segment], op: str, text: str) -> None:
    if not text:
        return
    if segments and segments[-1].op == op:
        segments[-1] = Segment(op, segments[-1].text + text)
    else:
        segments.append(Segment(op, text))


def similarity(old: str, new: str) -> float:
    """How alike two texts are, word by word, from 0 to 1."""
    return SequenceMatcher(None, _TOKEN.findall(old), _TOKEN.findall(new), autojunk=False).ratio()


class _RuleMatcher:
    """Pairs old rules with new ones through the stages in the module docstring."""

    def __init__(self, old: Sequence[Rule], new: Sequence[Rule]) -> None:
        self.old = {rule.number: rule for rule in old}
        self.new = {rule.number: rule for rule in new}
        # Rules still waiting for a partner, in document order (dicts keep it).
        unchanged = {n for n, r in self.old.items() if n in self.new and rule_content(self.new[n]) == rule_content(r)}
        self.old_left = {n: r for n, r in self.old.items() if n not in unchanged}
        self.new_left = {n: r for n, r in self.new.items() if n not in unchanged}
        self.changed: list[RuleChange] = []
        self.renumbered: list[Renumbering] = []

    def match(self) -> None:
        self.match_exact_moves()
        self.match_in_place(_IN_PLACE_SIMILARITY)
        self.match_similar_moves()
        self.match_in_place(0.0)

    def unmatched_old(self) -> Iterable[Rule]:
        return self.old_left.values()

    def unmatched_new(self) -> Iterable[Rule]:
        return self.new_left.values()

    def pair(self, old: Rule, new: Rule, score: float | None = None) -> None:
        del self.old_left[old.number], self.new_left[new.number]
        before, after = rule_content(old), rule_content(new)
        if old.number == new.number:
            self.changed.append(RuleChange(old, new))
        else:
            ratio = 1.0 if before == after else (score if score is not None else similarity(before, after))
            self.renumbered.append(Renumbering(old, new, ratio))

    def match_exact_moves(self) -> None:
        waiting: dict[tuple[bool, str], deque[Rule]] = defaultdict(deque)
        for rule in self.old_left.values():
            waiting[(_is_heading(rule), rule_content(rule))].append(rule)
        for rule in list(self.new_left.values()):
            bucket = waiting.get((_is_heading(rule), rule_content(rule)))
            if bucket:
                self.pair(bucket.popleft(), rule, 1.0)

    def match_in_place(self, threshold: float) -> None:
        for number in [n for n in self.new_left if n in self.old_left]:
            old, new = self.old_left[number], self.new_left[number]
            if threshold <= 0 or similarity(rule_content(old), rule_content(new)) >= threshold:
                self.pair(old, new)

    def match_similar_moves(self) -> None:
        # A whole section may have moved ("721. Station Cards" inserted pushes 721
        # to 722): its leftover rules are then looked for in the new section.
        moved_sections = {r.old.number: r.new.number for r in self.renumbered if r.old.kind is RuleKind.SECTION}
        by_section: dict[tuple[bool, str | None], list[Rule]] = defaultdict(list)
        for rule in self.old_left.values():
            section = section_of(rule.number)
            section = moved_sections.get(section, section) if section else None
            by_section[(_is_heading(rule), section)].append(rule)
        old_words = {number: _TOKEN.findall(rule_content(rule)) for number, rule in self.old_left.items()}
        candidates: list[tuple[float, int, int, Rule, Rule]] = []
        for j, new in enumerate(self.new_left.values()):
            olds = by_section.get((_is_heading(new), section_of(new.number)), ())
            # One matcher per new rule: SequenceMatcher indexes its second text once, whatever it is compared with.
            matcher = SequenceMatcher(None, (), _TOKEN.findall(rule_content(new)), autojunk=False)
            for i, old in enumerate(olds):
                matcher.set_seq1(old_words[old.number])
                score = _similar_enough(matcher)
                if score is not None:
                    candidates.append((-score, i, j, old, new))
        # Best pairs first; ties broken by position so the result is deterministic.
        for negative_score, _, _, old, new in sorted(candidates, key=lambda c: c[:3]):
            if old.number in self.old_left and new.number in self.new_left:
                self.pair(old, new, -negative_score)


def _similar_enough(matcher: SequenceMatcher) -> float | None:
    """The similarity of the matcher's two texts if it reaches the 'moved' threshold; the cheap bounds go first."""
    if matcher.real_quick_ratio() < _MOVED_SIMILARITY or matcher.quick_ratio() < _MOVED_SIMILARITY:
        return None
    ratio = matcher.ratio()
    return ratio if ratio >= _MOVED_SIMILARITY else None


def _diff_glossary(
    old: Sequence[GlossaryTerm], new: Sequence[GlossaryTerm]
) -> tuple[tuple[GlossaryTerm, ...], tuple[GlossaryTerm, ...], tuple[GlossaryChange, ...]]:
    """Glossary terms matched by id (the slug of the term): added, removed, changed."""
    before = {term.id: term for term in old}
    after = {term.id: term for term in new}
    added = tuple(after[key] for key in sorted(after.keys() - before.keys()))
    removed = tuple(before[key] for key in sorted(before.keys() - after.keys()))
    changed = tuple(
        GlossaryChange(before[key], after[key])
        for key in sorted(before.keys() & after.keys())
        if _term_content(before[key]) != _term_content(after[key])
    )
    return added, removed, changed


def _term_content(term: GlossaryTerm) -> tuple[str, str, bool]:
    return (term.term, term.text, term.obsolete)


def rule_content(rule: Rule) -> str:
    """What is compared: the text and the examples, as a reader sees them."""
    return "\n".join([rule.text, *(f"Example: {example}" for example in rule.examples)])


def _is_heading(rule: Rule) -> bool:
    return rule.kind in (RuleKind.CHAPTER, RuleKind.SECTION)


def _rule_order(rule: Rule) -> tuple[int, int, str]:
    return _order_key(rule.number)


def _order_key(number: str) -> tuple[int, int, str]:
    """Document order: chapter 1, section 100, rule 100.1, subrule 100.1a, rule 100.2 …, 100.10."""
    kind = rule_kind(number)
    if kind is RuleKind.CHAPTER:
        return (int(number) * 100, -1, "")
    section, _, rest = number.partition(".")
    if kind is RuleKind.SECTION:
        return (int(section), 0, "")
    digits = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    return (int(section), int(digits), rest[len(digits) :])
