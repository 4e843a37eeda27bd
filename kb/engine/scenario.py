"""Helpers that make a scenario read like a rules test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from kb.engine.errors import IllegalAction


class WrongRefusal(AssertionError):
    """The action was refused, but for another reason (code) than the one the scenario expected."""


class NotRefused(AssertionError):
    """The scenario expected a refusal and the action was allowed."""


@dataclass
class Refusal:
    """What `expect_illegal` caught, for further assertions."""

    error: IllegalAction | None = None

    @property
    def code(self) -> str:
        return self.error.code if self.error else ""

    @property
    def rule(self) -> str:
        return self.error.rule if self.error else ""


@contextmanager
def expect_illegal(code: str, rule: str | None = None) -> Iterator[Refusal]:
    """Assert that the block is refused with `code` (and `rule`, if given).

    The refused action leaves the game as it was, so the scenario can go on.
    """
    refusal = Refusal()
    try:
        yield refusal
    except IllegalAction as error:
        if error.code != code or (rule is not None and error.rule != rule):
            raise WrongRefusal(
                f"expected a refusal {code!r}{f' (rule {rule})' if rule else ''}, "
                f"but it was refused as {error.code!r} (rule {error.rule}): {error.message}"
            ) from error
        refusal.error = error
    else:
        raise NotRefused(f"expected a refusal {code!r}{f' (rule {rule})' if rule else ''}, but the action was allowed")


class WronglyRefused(AssertionError):
    """The scenario expected an action to be allowed and the rules refused it."""


@contextmanager
def expect_legal() -> Iterator[None]:
    """Assert that the actions in the block are allowed: a refusal fails the scenario's check, naming the rule.

    This is the positive twin of `expect_illegal`: it turns "this play is legal" into a check of its own."""
    try:
        yield
    except IllegalAction as error:
        raise WronglyRefused(f"expected the play to be allowed, but it was refused: {error}") from error
