"""Exceptions of the engine.

An `IllegalAction` is the game saying "no": it names the rule it enforces and a
stable `code`, so a scenario can expect one refusal and not another. The game
state is left exactly as it was before the refused attempt.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class EngineError(Exception):
    """Something the engine cannot do; a bug in a scenario rather than a rules refusal."""


class IllegalAction(EngineError):
    """A player tried something the rules forbid."""

    def __init__(self, code: str, rule: str, message: str) -> None:
        super().__init__(f"{message} [{code}, rule {rule}]")
        self.code = code
        self.rule = rule
        self.message = message


class MissingChoice(EngineError):
    """A scenario left out a choice a player must make (a target, X, a color, what to sacrifice).

    The engine never makes a player's choice for them: the error names the choice and how to make it."""

    def __init__(self, choice: str, how: str) -> None:
        super().__init__(f"missing choice: {choice} ({how})")
        self.choice = choice


class UnknownCard(EngineError, LookupError):
    """A scenario named a card that has no definition in `kb.engine.cards`."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        close = difflib.get_close_matches(name, list(known), n=3)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        super().__init__(f"the engine does not know the card {name!r}{hint}")
        self.name = name


class UnknownRule(EngineError, LookupError):
    """An ablation or lookup named a rule that no engine code implements."""

    def __init__(self, rules: Iterable[str]) -> None:
        super().__init__(f"no engine code implements rule(s): {', '.join(sorted(rules))}")
