"""Choices a player announces: numbers (rule 107.1b), X (107.3), and objects chosen once each."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.rules_registry import implements

if TYPE_CHECKING:
    from kb.engine.handles import Card


@implements("107.1b", "a player can't choose a negative number")
def check_not_negative(number: int, what: str) -> None:
    if number < 0:
        raise IllegalAction("negative-number", "107.1b", f"{what} can't be {number}: a player can't choose a negative number")


@implements(
    "107.1b",
    "a calculation that determines the result of an effect uses 0 instead of a negative number",
    when_ablated=lambda number: number,
)
def result_not_negative(number: int) -> int:
    return max(number, 0)


def _x_as_announced(x: int | None, pays_x: bool, spell: Card) -> int:
    """Without rule 107.3b, an X spell cast for a cost without X keeps whatever X was announced."""
    return x or 0


@implements(
    "107.3b",
    "cast without paying a cost that includes X, the only legal choice for X is 0",
    when_ablated=_x_as_announced,
)
def x_for_cost_without_x(x: int | None, pays_x: bool, spell: Card) -> int:
    if pays_x or x in (None, 0):
        return x or 0
    raise IllegalAction(
        "x-must-be-zero", "107.3b", f"{spell} is cast for a cost without X, so the only legal choice for X is 0, not {x}"
    )


def announce_x(x: int | None, has_x: bool, pays_x: bool, source: Card, what: str) -> int:
    """The value of X announced for `source` (rules 107.3a, 601.2b): asked for when the cost has X, else 0."""
    if x is not None:
        check_not_negative(x, f"X for {source}")
    if not has_x:
        if x:
            raise IllegalAction("no-x", "107.3a", f"{source}'s {what} has no X to choose")
        return 0
    if not pays_x:
        return x_for_cost_without_x(x, pays_x, source)
    if x is None:
        raise MissingChoice(f"the value of X for {source}'s {what}", "pass x=N")
    return x


def check_chosen_once(cards: Sequence[Card], code: str, rule: str, what: str) -> None:
    """One card can pay one part of a cost only once: sacrificed, discarded or exiled once (rules 701.21a, 702.66a)."""
    for index, card in enumerate(cards):
        if card in cards[:index]:
            raise IllegalAction(code, rule, f"{card} is chosen twice to {what}")


@implements("701.21a", "a permanent is sacrificed once: one object can't pay a sacrifice cost twice")
def check_sacrificed_once(cards: Sequence[Card], what: str) -> None:
    check_chosen_once(cards, "sacrificed-twice", "701.21a", what)
