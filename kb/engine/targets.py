"""Choosing targets (rules 115, 601.2c, 602.2b, 603.3d): the player chooses; the engine only judges.

A missing target is never picked for the player: it is a `MissingChoice` naming the target to choose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import Target
from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.rules_registry import implements

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player

TargetRecord = tuple[str, int, int]

# The rule that says how targets are chosen, for each kind of object that has them.
ANNOUNCED_IN = {"spell": "601.2c", "activated": "602.2b", "triggered": "603.3d"}
HOW_TO_CHOOSE = {
    "spell": "pass targets=[...] to cast",
    "activated": "pass targets=[...] to activate",
    "triggered": "call player.will_target(..., trigger_of=source) before the ability is put on the stack",
}


@implements("115.3", "the same object or player can't be chosen twice for one instance of the word 'target'")
def check_distinct_targets(source: Card, chosen: Sequence[Any]) -> None:
    for index, candidate in enumerate(chosen):
        if candidate in chosen[:index]:
            raise IllegalAction("same-target-twice", "115.3", f"{candidate} is chosen twice as a target of {source}")


@implements("601.2c", "the number of targets is fixed by the text: each one must be announced, and no more")
def check_target_count(source: Card, target: Target | None, chosen: Sequence[Any], kind: str) -> None:
    wanted = 0 if target is None else target.count
    if len(chosen) != wanted:
        raise IllegalAction(
            "wrong-number-of-targets",
            ANNOUNCED_IN[kind],
            f"{source}'s {kind if kind != 'spell' else 'spell'} has {wanted} target(s), {len(chosen)} chosen",
        )


@implements("702.18a", "shroud: a permanent with shroud can't be the target of spells or abilities")
def check_targetable(game: Game, candidate: Any) -> None:
    from kb.engine.continuous import keywords_of
    from kb.engine.handles import Card
    from kb.engine.state import Zone

    if isinstance(candidate, Card) and candidate.zone is Zone.BATTLEFIELD and "shroud" in keywords_of(game, candidate):
        raise IllegalAction("shroud", "702.18a", f"{candidate} has shroud: it can't be the target of spells or abilities")


def check_another_target(source: Card, chosen: Sequence[Any]) -> None:
    """'… and another target': the text asks for a different object or player for each instance (rule 115.1)."""
    for index, candidate in enumerate(chosen):
        if candidate in chosen[:index]:
            raise IllegalAction("another-target", "115.1", f"{candidate} can't also be {source}'s other target")


def _one_instance(target: Target | None, chosen: Sequence[Any]) -> list[tuple[Target | None, Sequence[Any]]]:
    """Without rule 601.2c's 'once for each instance', all the targets would form one instance of 'target'."""
    return [(target, chosen)]


@implements(
    "601.2c",
    "the same object or player can be chosen once for each instance of the word 'target'",
    when_ablated=_one_instance,
)
def by_instance(target: Target | None, chosen: Sequence[Any]) -> list[tuple[Target | None, Sequence[Any]]]:
    """The chosen targets split by instance of the word 'target', in the order the text names them."""
    if target is None or not target.instances:
        return [(target, chosen)]
    split, start = [], 0
    for instance in target.instances:
        split.append((instance, chosen[start : start + instance.count]))
        start += instance.count
    return split


def choose_targets(
    game: Game,
    player: Player,
    source: Card,
    target: Target | None,
    *,
    kind: str,
    optional: bool = False,
    chosen: list[Any] | None = None,
) -> tuple[TargetRecord, ...] | None:
    """The targets `player` announced for a spell or ability; None when a triggered ability gets none."""
    if target is None and chosen is None:
        return ()  # a trigger without a target leaves `will_target` to the next one that has one
    if chosen is None:
        stated = player.state.intended_targets
        key = source.card_id if source.card_id in stated else None
        chosen = [game.lookup(k) for k in stated.pop(key, [])]
    intended = chosen
    if target is not None and not intended:
        if optional:
            return None  # "you may … target": choosing no target declines the ability
        if not legal_candidates(game, player, source, target):
            if kind == "triggered":
                return None  # rule 603.3d: it is removed from the stack
            raise IllegalAction("no-legal-target", ANNOUNCED_IN[kind], f"there is no {target.description} to choose")
        raise MissingChoice(f"the target of {source} ({target.description})", HOW_TO_CHOOSE[kind])
    check_target_count(source, target, intended, kind)
    if target is not None and target.different:
        check_another_target(source, intended)
    for instance, chosen_for_it in by_instance(target, intended):
        check_distinct_targets(source, chosen_for_it)
        for candidate in chosen_for_it:
            if instance is not None and not instance.legal(source, candidate):
                raise IllegalAction("illegal-target", instance.rule, f"{candidate} isn't a legal target: {instance.description}")
            check_targetable(game, candidate)
    return tuple(game.target_record(t) for t in intended)


def legal_candidates(game: Game, player: Player, source: Card, target: Target) -> list[Any]:
    """Every legal target, opponents first, then cards in the order they were created."""
    players = [*player.opponents, player]
    cards = [game.card(cid) for cid in sorted(game.state.cards)]
    return [c for c in [*players, *cards] if target.legal(source, c) and not _has_shroud(game, c)]


def _has_shroud(game: Game, candidate: Any) -> bool:
    try:
        check_targetable(game, candidate)
    except IllegalAction:
        return True
    return False
