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

_KEYWORD_ABILITIES = "702."
_KEYWORD_ACTIONS = "701."
# A keyword's rule is its name ("702.85. Cascade", "702.163. For Mirrodin!"), not a sentence; no name is longer.
_KEYWORD_NAME_LENGTH = 40
# A keyword action used by more rules than this outside its own rule is an
# everyday verb of the rules ("exile", "cast"), not a term a reader looks up.
_EVERYDAY_VERB_RULES = 5


# The longest real glossary term or keyword has under 60 characters.
MAX_TERM_LENGTH = 100


@dataclass(frozen=True, slots=True)
class TermMatch:
    start: int
    end: int
    kind: str  # "rule" (a keyword's rule) or "glossary"
    id: str


class TermIndex:
    """All linkable terms of one release, compiled into one regular expression.

    The pattern is written as a trie ("double(?: strike)?|d(?:ash|elve)…") so
    the regex engine branches on one character at a time: matching costs the
    length of the text, not the number of terms, and the greedy trie prefers
    the longest term at each position.
    """

    def __init__(self, targets: dict[str, tuple[str, str]]) -> None:
        # lower-cased term -> (kind, id); a term too long to be a real one (a hostile
        # release's) is not looked for: the trie is built by recursion over its characters.
        targets = {term: target for term, target in targets.items() if len(term) <= MAX_TERM_LENGTH}
        self.targets = targets
        trie = _trie_pattern(targets)
        self.pattern = re.compile(rf"(?<![\w\-])(?:{trie})(?![\w\-])") if targets else None

    @classmethod
    def from_release(cls, rules: Iterable[Rule], glossary: Iterable[GlossaryTerm]) -> TermIndex:
        targets: dict[str, tuple[str, str]] = {}
        for term in glossary:
            if " " in term.term and not term.obsolete and "," not in term.term and "“" not in term.term:
                targets[term.term.lower()] = ("glossary", term.id)
        rules = list(rules)
        keywords = keyword_rules(rules)
        for rule in keywords:
            if rule.number.startswith(_KEYWORD_ABILITIES):
                targets[rule.text.lower()] = ("rule", rule.number)
        actions = {rule.text.lower(): rule.number for rule in keywords if rule.number.startswith(_KEYWORD_ACTIONS)}
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
        if self.pattern is None:
            return []
        seen: set[tuple[str, str]] = set()
        matches = []
        for m in self.pattern.finditer(text.lower()):
            term = m.group()
            kind, target = self.targets[term]
            if (not single_words and " " not in term) or (kind, target) in seen or _is_self(target, exclude):
                continue
            seen.add((kind, target))
            matches.append(TermMatch(m.start(), m.end(), kind, target))
        return matches


def keyword_rules(rules: Iterable[Rule]) -> list[Rule]:
    """The rules that name a keyword ability or action ("702.10. Haste", "701.15. Goad"), in the order given."""
    return [rule for rule in rules if is_keyword_rule(rule)]


def is_keyword_rule(rule: Rule) -> bool:
    """Whether a rule of 701 or 702 is a keyword's name ("702.2. Deathtouch"), not a sentence ("702.1. Most abilities …")."""
    named = len(rule.text) <= _KEYWORD_NAME_LENGTH and not rule.text.endswith(".")
    return rule.kind is RuleKind.RULE and rule.number.startswith((_KEYWORD_ABILITIES, _KEYWORD_ACTIONS)) and named


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


def _trie_pattern(words: Iterable[str]) -> str:
    """A regex source matching exactly `words`, factored by common prefixes."""
    trie: dict = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}  # end of a word

    def pattern(node: dict) -> str:
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(trie)


def _is_self(target: str, exclude: str) -> bool:
    """A rule does not link its own keyword (702.85a mentions cascade), nor a term itself."""
    return exclude == target or (exclude[:-1] == target and exclude[-1:].isalpha())
