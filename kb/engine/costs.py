"""Costs: mana costs with generic, colored and X parts (rules 107.3, 202), {T} and {Q} (107.5, 107.6),
summoning sickness (302.6), additional (118.8) and alternative (118.9) costs, and paying them."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.cards.definitions import CardDef, Cost
from kb.engine.continuous import statics_in_play
from kb.engine.errors import EngineError, IllegalAction
from kb.engine.mana_symbols import COLORS, MANA_TYPES, ORDER
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.tapping import become_tapped, become_untapped

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player

_SYMBOL = re.compile(r"\{([^}]+)\}")


@dataclass(frozen=True)
class ManaCost:
    generic: int = 0
    colored: tuple[tuple[str, int], ...] = ()  # (symbol, count) for W U B R G and C
    x_count: int = 0  # how many {X} symbols (Walking Ballista has two)
    hybrid: tuple[str, ...] = ()  # hybrid and Phyrexian symbols, as written: "G/W", "2/B", "W/P" (see kb.engine.hybrid)

    def mana_value(self, x: int = 0) -> int:
        return total_mana_value(self, x)

    def plus(self, other: ManaCost) -> ManaCost:
        counts = Counter(dict(self.colored)) + Counter(dict(other.colored))
        return ManaCost(self.generic + other.generic, _sorted(counts), self.x_count + other.x_count, self.hybrid + other.hybrid)

    def minus_generic(self, amount: int) -> ManaCost:
        return ManaCost(self.generic - amount, self.colored, self.x_count, self.hybrid)


def _generic_only(cost: ManaCost, x: int) -> int:
    """Without rule 202.3 a mana cost's colored symbols would not be counted as an amount of mana."""
    return cost.generic + cost.x_count * x


@implements(
    "202.3", "the mana value is the total amount of mana in the mana cost, regardless of color", when_ablated=_generic_only
)
def total_mana_value(cost: ManaCost, x: int = 0) -> int:
    from kb.engine.hybrid import mana_value_of

    fixed = cost.generic + sum(n for _, n in cost.colored) + cost.x_count * x
    return fixed + sum(mana_value_of(s) for s in cost.hybrid)


def _sorted(counts: Counter[str]) -> tuple[tuple[str, int], ...]:
    return tuple((s, counts[s]) for s in ORDER if counts[s])


def parse_mana_cost(text: str) -> ManaCost:
    """'{X}{X}' -> two X; '{1}{U}{B}' -> 1 generic, U, B; '{G/W}', '{2/B}', '{W/P}' kept as hybrid symbols."""
    from kb.engine.hybrid import halves

    generic, x_count, colored, hybrid = 0, 0, Counter[str](), []
    for symbol in _SYMBOL.findall(text):
        if "/" in symbol:
            halves(symbol)  # refuses a symbol the engine doesn't know
            hybrid.append(symbol)
            continue
        if symbol.isdigit():
            generic += int(symbol)
        elif symbol == "X":
            x_count += 1
        elif symbol in MANA_TYPES:
            colored[symbol] += 1
        else:
            raise EngineError(f"mana symbol {{{symbol}}} is not supported by the engine")
    return ManaCost(generic, _sorted(colored), x_count, tuple(hybrid))


def pay_mana(game: Game, player: Player, cost: ManaCost, x: int) -> None:
    """Pay `cost` from `player`'s mana pool: colored symbols first, then generic from what is left (rule 601.2h)."""
    if cost.hybrid:
        raise EngineError("hybrid and Phyrexian symbols are paid as announced: settle them first (kb.engine.hybrid.settle)")
    pool = Counter(player.state.mana_pool)
    for symbol, count in cost.colored:
        if pool[symbol] < count:
            raise IllegalAction("cannot-pay", "118.3", f"{player} lacks {{{symbol}}} to pay the cost")
        pool[symbol] -= count
    generic = cost.generic + cost.x_count * x
    for symbol in ("C", *COLORS):  # spend colorless first, it is the least useful
        spent = min(generic, pool[symbol])
        pool[symbol] -= spent
        generic -= spent
    if generic:
        raise IllegalAction("cannot-pay", "118.3", f"{player} lacks {generic} more mana to pay the cost")
    player.state.mana_pool = {s: n for s, n in pool.items() if n}


@implements("302.6", "summoning sickness: {T}/{Q} abilities and attacking need control since the turn began")
def check_summoning_sickness(game: Game, permanent: Card, doing: str) -> None:
    if not permanent.definition.has_type("creature") or not is_summoning_sick(game, permanent):
        return
    if has_haste(permanent):
        return
    raise IllegalAction(
        "summoning-sick",
        "302.6",
        f"{permanent} can't {doing}: it hasn't been under its controller's control since their turn began",
    )


def is_summoning_sick(game: Game, permanent: Card) -> bool:
    began = permanent.controller.state.turn_began_at
    return began is None or permanent.state.controlled_since > began


@implements("702.10c", "haste lets a creature use {T}/{Q} abilities and attack right away")
def has_haste(permanent: Card) -> bool:
    from kb.engine.continuous import keywords_of

    return "haste" in keywords_of(permanent.game, permanent)


def _no_tap_symbol(game: Game, permanent: Card) -> None:
    """Without rule 107.5, {T} is a symbol with no meaning: nothing is checked and nothing taps."""


@implements("107.5", "{T} in a cost: tap this permanent; a tapped permanent can't pay it", when_ablated=_no_tap_symbol)
def pay_tap_symbol(game: Game, permanent: Card) -> None:
    if permanent.tapped:
        raise IllegalAction("already-tapped", "107.5", f"{permanent} is already tapped and can't be tapped to pay {{T}}")
    become_tapped(game, permanent)


@implements("107.6", "{Q} in a cost: untap this permanent; an untapped permanent can't pay it")
def pay_untap_symbol(game: Game, permanent: Card) -> None:
    if not permanent.tapped:
        raise IllegalAction("already-untapped", "107.6", f"{permanent} is already untapped and can't be untapped to pay {{Q}}")
    become_untapped(game, permanent)


def pay_sacrifice(game: Game, player: Player, cost: Cost, chosen: list[Card]) -> list[Card]:
    """Check and return the permanents chosen to pay a sacrifice cost (they are moved by the caller)."""
    assert cost.sacrifice is not None
    wanted = cost.sacrifice
    fitting = [c for c in chosen if c.zone is Zone.BATTLEFIELD and c.controller == player and wanted.matches(c.definition)]
    if len(fitting) != wanted.count or len(chosen) != len(fitting):
        raise IllegalAction("cannot-pay", "118.3", f"to pay this cost {player} must sacrifice {wanted.description}")
    return fitting


def _tap_without_checking(game: Game, player: Player, cost: Cost, chosen: list[Card]) -> list[Card]:
    """Without rule 701.26a nothing says a tapped permanent can't be tapped again."""
    for permanent in chosen:
        permanent.state.tapped = True
    return chosen


@implements(
    "701.26a", "to tap a permanent, turn it sideways: only untapped permanents can be tapped", when_ablated=_tap_without_checking
)
def pay_tap_untapped(game: Game, player: Player, cost: Cost, chosen: list[Card]) -> list[Card]:
    """'Tap an untapped creature you control': tap the permanents chosen for it (summoning sickness doesn't
    matter: rule 302.6 is about {T} and {Q} only)."""
    assert cost.tap_untapped is not None
    wanted = cost.tap_untapped
    fitting = [c for c in chosen if c.zone is Zone.BATTLEFIELD and c.controller == player and wanted.matches(c.definition)]
    if len(fitting) != wanted.count or len(chosen) != len(fitting):
        raise IllegalAction("cannot-pay", "118.3", f"to pay this cost {player} must tap {wanted.description}")
    for permanent in fitting:
        if permanent.tapped:
            raise IllegalAction(
                "already-tapped", "701.26a", f"{permanent} is already tapped: only untapped permanents can be tapped"
            )
        become_tapped(game, permanent)
    return fitting


@implements(
    "701.21a",
    "to sacrifice a permanent, its controller moves it from the battlefield to its owner's graveyard",
    when_ablated=lambda _game, _player, permanent: [permanent],
)
def pay_sacrifice_self(game: Game, player: Player, permanent: Card) -> list[Card]:
    """'Sacrifice this': only a permanent its payer controls can be sacrificed."""
    if permanent.zone is not Zone.BATTLEFIELD or permanent.controller != player:
        raise IllegalAction("cannot-pay", "701.21a", f"{player} can't sacrifice {permanent}: not a permanent they control")
    return [permanent]


@implements("118.8", "additional costs are paid on top of the mana cost or alternative cost", when_ablated=lambda *_: None)
def additional_cost_of(definition: CardDef) -> Cost | None:
    return definition.additional_cost


@implements("118.9", "alternative costs may be paid rather than the mana cost", when_ablated=lambda *_: {})
def alternative_costs_for(game: Game, player: Player, spell: Card) -> dict[int, Cost]:
    """The alternative costs available to cast `spell`, keyed by the card offering each one."""
    options: dict[int, Cost] = {}
    if spell.definition.alternative_cost is not None:
        options[spell.card_id] = spell.definition.alternative_cost
    for source, static in statics_in_play(game):
        if static.layer == "alternative cost" and source.controller == player and static.affects(source, spell):
            assert static.alternative_cost is not None
            options[source.card_id] = static.alternative_cost
    return options


@implements("107.3m", "an enters ability refers to the X of the spell that became the permanent", when_ablated=lambda _p: 0)
def x_for_enters_ability(permanent: Card) -> int:
    """The X an enters-the-battlefield trigger or replacement uses: the spell's X, though the permanent's X is 0."""
    return permanent.state.spell_x or 0
