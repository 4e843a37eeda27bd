"""Cumulative upkeep (rule 702.24) and the "you may pay" choices a resolving ability asks for.

A player states ahead, in order, what they will pay when an ability asks them (`Player.will_pay`): False to
decline, True for a cost without choices (life), the mana symbols chosen for each age counter ("{W}{U}"), or
the permanents to sacrifice. The engine never pays or declines for them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import TriggeredAbility, at_the_beginning_of_your_upkeep
from kb.engine.choices import check_sacrificed_once
from kb.engine.costs import parse_mana_cost, pay_mana
from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_cards

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext
    from kb.engine.handles import Card, Player

_MANA_OPTIONS = re.compile(r"^\{([WUBRG])\}(?: or \{([WUBRG])\})?$")
_LIFE = re.compile(r"^Pay (\d+) life$")
SACRIFICE_A_CREATURE = "Sacrifice a creature"


def stated_payment(player: Player, what: str) -> Any:
    """The next payment `player` stated with `will_pay` (MissingChoice if there is none)."""
    stated = player.state.payments
    if not stated:
        raise MissingChoice(f"whether {player} pays {what}", "call player.will_pay(...) before it resolves")
    payment = stated.pop(0)
    return [player.game.card(i) for i in payment] if isinstance(payment, tuple) else payment


def cumulative_upkeep(cost: str) -> TriggeredAbility:
    """The triggered ability 'Cumulative upkeep [cost]': '{W} or {U}', 'Pay 1 life' or 'Sacrifice a creature'."""
    if not (_MANA_OPTIONS.match(cost) or _LIFE.match(cost) or cost == SACRIFICE_A_CREATURE):
        raise ValueError(f"the engine doesn't know the cumulative upkeep cost {cost!r}")

    def effect(ctx: EffectContext) -> None:
        resolve_cumulative_upkeep(ctx, cost)

    text = f"Cumulative upkeep{' ' if cost.startswith('{') else '—'}{cost}"
    return TriggeredAbility(f"cumulative upkeep: {cost}", text, at_the_beginning_of_your_upkeep(), effect)


@implements("702.24a", "cumulative upkeep: add an age counter, then pay the cost for each age counter or sacrifice it")
def resolve_cumulative_upkeep(ctx: EffectContext, cost: str) -> None:
    permanent, player = ctx.source, ctx.controller
    if permanent.zone is not Zone.BATTLEFIELD or permanent.object_id != ctx.item.source_object:
        return
    counters = permanent.state.counters
    counters["age"] = counters.get("age", 0) + 1
    # Each ability counts every age counter on the permanent, whichever ability put it there (rule 702.24b).
    times = counters["age"]
    payment = stated_payment(player, f"{cost} {times} time(s) for {permanent}'s cumulative upkeep")
    if payment is False:
        ctx.game.log(f"{player} doesn't pay the cumulative upkeep of {permanent}")
        move_cards(ctx.game, [permanent], Zone.GRAVEYARD)
        return
    if (options := _MANA_OPTIONS.match(cost)) is not None:
        _pay_mana_choices(ctx, str(payment), {o for o in options.groups() if o}, times)
    elif (life := _LIFE.match(cost)) is not None:
        _pay_life(player, int(life.group(1)) * times)
    else:
        _sacrifice(ctx, player, list(payment), times)
    ctx.game.log(f"{player} pays the cumulative upkeep of {permanent}: {cost} x{times}")


def _pay_mana_choices(ctx: EffectContext, payment: str, options: set[str], times: int) -> None:
    """A choice for each age counter, then the whole set paid, or none of it (rule 702.24a)."""
    symbols = re.findall(r"\{([^}]+)\}", payment)
    if len(symbols) != times or any(s not in options for s in symbols) or "".join(f"{{{s}}}" for s in symbols) != payment:
        raise IllegalAction(
            "cannot-pay",
            "702.24a",
            f"{payment} isn't one choice among {' or '.join(sorted(options))} for each of the {times} age counters",
        )
    pay_mana(ctx.game, ctx.controller, parse_mana_cost(payment), 0)


@implements("119.4", "a player can pay life only if their life total is at least the payment")
def _pay_life(player: Player, amount: int) -> None:
    if player.life < amount:
        raise IllegalAction("cannot-pay", "119.4", f"{player} has {player.life} life and can't pay {amount}")
    player.state.life -= amount


def _sacrifice(ctx: EffectContext, player: Player, chosen: Sequence[Card], times: int) -> None:
    check_sacrificed_once(chosen, "pay a cumulative upkeep cost")
    if len(chosen) != times:
        raise IllegalAction("cannot-pay", "702.24a", f"the cost is {times} creature(s) to sacrifice, not {len(chosen)}")
    for card in chosen:
        if card.zone is not Zone.BATTLEFIELD or card.controller != player or not card.definition.has_type("creature"):
            raise IllegalAction("cannot-pay", "701.21a", f"{player} can't sacrifice {card}: not a creature they control")
    move_cards(ctx.game, list(chosen), Zone.GRAVEYARD)
