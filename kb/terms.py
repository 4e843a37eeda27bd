"""Game terms in prose: keyword abilities and glossary terms, found so they can be linked.

Only terms that help a reader are linked: keyword abilities (the titles of
rules 702.2 onwards: "cascade", "delve", "haste") and distinctive keyword
actions (701.x: "discover", "scry") lead to their rule, and glossary terms of
two or more words ("mana ability", "summoning sickness rule") lead to their
glossary entry. Single ordinary words ("card", "player") and keyword actions
that are everyday verbs of the rules ("cast", "exile", "tap") are left alone:
they occur in nearly every sentence, and linking them all would bury the links
that matter. Each term is linked once per text, at its first occurrence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from kb.model import GlossaryTerm, Rule, RuleKind

_WORD = re.compile(r"\w+")
_KEYWORD_ABILITIES = "702."
_KEYWORD_ACTIONS = "701."
# A keyword action used by more rules than this outside its own rule is an
# everyday verb of the rules ("exile", "cast"), not a term a reader looks up.
_EVERYDAY_VERB_RULES = 5
# A keyword's rule is a bare title: "702.85. Cascade", not a sentence.
_TITLE = re.compile(r"^[A-Z][\w’'\- ]{1,40}$")


@dataclass(frozen=True, slots=True)
class TermMatch:
    start: int
    end: int
    kind: str  # "rule" (a keyword's rule) or "glossary"
    id: str


class TermIndex:
    """All linkable terms of one release, indexed by their first word.

    Looking up each word of a text in that index keeps matching linear in the
    text, however many terms there are (one big regex alternation is not).
    """

    def __init__(self, targets: dict[str, tuple[str, str]]) -> None:
        # lower-cased term -> (kind, id)
        self.targets = targets
        self.by_first_word: dict[str, list[str]] = {}
        for term in sorted(targets, key=len, reverse=True):  # longest first: "double strike" before "strike"
            self.by_first_word.setdefault(_WORD.match(term).group(), []).append(term)  # type: ignore[union-attr]

    @classmethod
    def from_release(cls, rules: Iterable[Rule], glossary: Iterable[GlossaryTerm]) -> TermIndex:
        targets: dict[str, tuple[str, str]] = {}
        for term in glossary:
            if " " in term.term and not term.obsolete and "," not in term.term and "“" not in term.term:
                targets[term.term.lower()] = ("glossary", term.id)
        rules = list(rules)
        for rule in _keyword_rules(rules, _KEYWORD_ABILITIES):
            targets[rule.text.lower()] = ("rule", rule.number)
        actions = {rule.text.lower(): rule.number for rule in _keyword_rules(rules, _KEYWORD_ACTIONS)}
        for name, uses in _rules_using(actions, rules).items():
            if uses <= _EVERYDAY_VERB_RULES:
                targets[name] = ("rule", actions[name])
        return cls(targets)

    def find(self, text: str, exclude: str = "", single_words: bool = True) -> list[TermMatch]:
        """First occurrence of each term in `text`; `exclude` is the id of the text's own record.

        `single_words=False` skips one-word terms: the rules use words like
        "dash" or "flash" in their plain sense too, and a rule already says
        which rule it means.
        """
        seen: set[tuple[str, str]] = set()
        matches = []
        lowered = text.lower()
        pos = 0
        for word in _WORD.finditer(lowered):
            if word.start() < pos or (word.start() > 0 and lowered[word.start() - 1] == "-"):
                continue
            for term in self.by_first_word.get(word.group(), ()):
                end = word.start() + len(term)
                if lowered.startswith(term, word.start()) and not _continues_word(lowered, end):
                    break
            else:
                continue
            pos = end
            kind, target = self.targets[term]
            if (not single_words and " " not in term) or (kind, target) in seen or _is_self(target, exclude):
                continue
            seen.add((kind, target))
            matches.append(TermMatch(word.start(), end, kind, target))
        return matches


def _keyword_rules(rules: list[Rule], section: str) -> list[Rule]:
    return [r for r in rules if r.kind is RuleKind.RULE and r.number.startswith(section) and _TITLE.match(r.text)]


def _rules_using(actions: dict[str, str], rules: list[Rule]) -> dict[str, int]:
    """How many rules outside each action's own rule mention it."""
    if not actions:
        return {}
    pattern = re.compile(r"(?<![\w\-])(" + "|".join(re.escape(a) for a in actions) + r")(?:s|d|ed|ing)?(?![\w\-])", re.IGNORECASE)
    uses = dict.fromkeys(actions, 0)
    for rule in rules:
        for name in {m.group(1).lower() for m in pattern.finditer(rule.text)}:
            if not rule.number.startswith(actions[name]):
                uses[name] += 1
    return uses


def _continues_word(text: str, end: int) -> bool:
    return end < len(text) and (text[end].isalnum() or text[end] in "_-")


def _is_self(target: str, exclude: str) -> bool:
    """A rule does not link its own keyword (702.85a mentions cascade), nor a term itself."""
    return exclude == target or (exclude[:-1] == target and exclude[-1:].isalpha())
