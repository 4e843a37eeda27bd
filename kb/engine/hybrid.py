"""Hybrid and Phyrexian mana symbols (rules 107.4e, 107.4f): how each may be paid, what it adds to a mana
value (202.3f, 202.3g), and the caster's announcement of how they will pay them (601.2b).

A symbol is kept as written between its braces: "G/W", "2/B", "W/P", "G/W/P". The engine never picks a
payment: casting a spell whose cost has such symbols needs `hybrid=[...]`, one payment per symbol in the
order the cost shows them ("G", "2", or "life" for 2 life).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.errors import EngineError, IllegalAction, MissingChoice
from kb.engine.mana_symbols import COLORS
from kb.engine.rules_registry import implements

if TYPE_CHECKING:
    from kb.engine.costs import ManaCost
    from kb.engine.handles import Card, Player

LIFE = "life"


def halves(symbol: str) -> tuple[str, ...]:
    """'G/W' -> ('G', 'W'); '2/B' -> ('2', 'B'); 'W/P' -> ('W', 'P'); anything else is not a hybrid or Phyrexian symbol."""
    parts = tuple(symbol.split("/"))
    colors = [p for p in parts if p in COLORS]
    phyrexian = parts[-1] == "P"
    valid = (
        (len(parts) == 2 and phyrexian and len(colors) == 1)  # {W/P}
        or (len(parts) == 3 and phyrexian and len(colors) == 2 and colors[0] != colors[1])  # {G/W/P}
        or (len(parts) == 2 and len(colors) == 2 and colors[0] != colors[1])  # {G/W}
        or (len(parts) == 2 and parts[0] == "2" and len(colors) == 1)  # {2/B}
    )
    if not valid:
        raise EngineError(f"mana symbol {{{symbol}}} is not supported by the engine")
    return parts


def is_phyrexian(symbol: str) -> bool:
    return symbol.endswith("/P")


def _every_component(symbol: str) -> int:
    """Without rule 202.3f nothing says which component counts: each one adds its amount."""
    return sum(2 if part == "2" else 1 for part in halves(symbol))


@implements("202.3f", "a hybrid symbol adds its largest component to the mana value", when_ablated=_every_component)
def hybrid_mana_value(symbol: str) -> int:
    return 2 if "2" in halves(symbol) else 1


@implements("202.3g", "each Phyrexian mana symbol contributes 1 to the mana value", when_ablated=lambda _symbol: 0)
def phyrexian_mana_value(symbol: str) -> int:
    return 1


def mana_value_of(symbol: str) -> int:
    return phyrexian_mana_value(symbol) if is_phyrexian(symbol) else hybrid_mana_value(symbol)


def _first_half_only(symbol: str) -> frozenset[str]:
    """Without rule 107.4e a hybrid symbol would be read as its first half alone."""
    return frozenset({halves(symbol)[0]})


@implements(
    "107.4e", "a hybrid symbol is paid with one of its two halves ({2/B}: {B} or two mana)", when_ablated=_first_half_only
)
def hybrid_payments(symbol: str) -> frozenset[str]:
    return frozenset(halves(symbol))


def _mana_only(symbol: str) -> frozenset[str]:
    """Without rule 107.4f a Phyrexian symbol is only a colored symbol: no life can pay it."""
    return frozenset(p for p in halves(symbol) if p != "P")


@implements("107.4f", "a Phyrexian symbol is paid with one mana of its color or 2 life", when_ablated=_mana_only)
def phyrexian_payments(symbol: str) -> frozenset[str]:
    return frozenset({*(p for p in halves(symbol) if p != "P"), LIFE})


def payments_for(symbol: str) -> frozenset[str]:
    return phyrexian_payments(symbol) if is_phyrexian(symbol) else hybrid_payments(symbol)


def settle(cost: ManaCost, announced: Sequence[str] | None, spell: Card) -> tuple[ManaCost, int]:
    """Rule 601.2b: the nonhybrid cost the caster announced, and the life they pay for Phyrexian symbols."""
    from kb.engine.costs import ManaCost

    if not cost.hybrid:
        if announced:
            raise IllegalAction("no-hybrid", "601.2b", f"{spell}'s cost has no hybrid or Phyrexian symbol to announce")
        return cost, 0
    written = "".join(f"{{{s}}}" for s in cost.hybrid)
    if announced is None:
        raise MissingChoice(
            f"how {spell}'s {written} will be paid", "pass hybrid=[...], one payment per symbol: a color, '2' or 'life'"
        )
    if len(announced) != len(cost.hybrid):
        raise IllegalAction(
            "hybrid-announcement",
            "601.2b",
            f"{spell}'s cost has {len(cost.hybrid)} such symbols ({written}), {len(announced)} announced",
        )
    generic, colored, life = cost.generic, dict(cost.colored), 0
    for symbol, payment in zip(cost.hybrid, announced, strict=True):
        if payment not in payments_for(symbol):
            rule = "107.4f" if is_phyrexian(symbol) else "107.4e"
            raise IllegalAction("hybrid-payment", rule, f"{{{symbol}}} can't be paid with {payment!r}")
        if payment == LIFE:
            life += 2
        elif payment == "2":
            generic += 2
        else:
            colored[payment] = colored.get(payment, 0) + 1
    from kb.engine.mana_symbols import ORDER

    return ManaCost(generic, tuple((s, colored[s]) for s in ORDER if colored.get(s)), cost.x_count), life


def _pay_anyway(player: Player, amount: int) -> None:
    """Without rule 119.4 a player could pay more life than they have."""
    player.state.life -= amount


@implements("119.4", "a player can pay life only if their life total is at least the payment", when_ablated=_pay_anyway)
def pay_life(player: Player, amount: int) -> None:
    if amount > player.state.life:
        raise IllegalAction("cannot-pay-life", "119.4", f"{player} has {player.state.life} life and can't pay {amount} life")
    player.state.life -= amount
