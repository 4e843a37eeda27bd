"""Choices an effect offers as it resolves (rule 608.2d): "You may sacrifice a creature. If you don't, you lose
4 life." The player states the option ahead (`player.will_choose(...)`); the engine never takes one for them,
and refuses an option that is illegal or impossible. Several players choose in APNAP order (101.4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_cards

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


def stated_option(player: Player, what: str, options: Sequence[str]) -> tuple[str, list[Card]]:
    """The option `player` stated for this effect, used once, with the objects it names."""
    stated = player.state.option
    if stated is None:
        raise MissingChoice(f"{what} ({' or '.join(options)})", "call player.will_choose(option, ...) before it resolves")
    option, ids = stated
    if option not in options:
        raise IllegalAction("unknown-option", "608.2d", f"{what}: the options are {', '.join(options)}, not {option!r}")
    player.state.option = None
    return option, [player.game.card(i) for i in ids]


@implements("608.2d", "a player can't choose an option of an effect that is illegal or impossible")
def check_possible(player: Player, option: str, possible: bool, why: str) -> None:
    if not possible:
        raise IllegalAction("impossible-option", "608.2d", f"{player} can't choose to {option}: {why}")


def sacrifice_or_lose_life(ctx: EffectContext, quality: Callable[[Any, Any], bool], description: str, life: int) -> None:
    """'You may sacrifice a creature. If you don't, you lose 4 life.'"""
    player = ctx.controller
    option, chosen = stated_option(player, f"whether {player} sacrifices {description}", ("sacrifice", "don't"))
    if option == "don't":
        player.state.life -= life
        return
    fitting = [c for c in chosen if c.zone is Zone.BATTLEFIELD and c.controller == player and quality(ctx.source, c)]
    able = any(quality(ctx.source, ctx.game.card(c)) for c in ctx.game.state.cards if ctx.game.card(c).controller == player)
    check_possible(
        player, f"sacrifice {description}", able and len(fitting) == 1 == len(chosen), f"name one of {description} they control"
    )
    move_cards(ctx.game, fitting, Zone.GRAVEYARD)


def in_apnap_order(ctx: EffectContext) -> list[Player]:
    """The active player, then the others in turn order (rule 101.4)."""
    players, active = ctx.game.players, ctx.game.state.active
    return [players[(active + i) % len(players)] for i in range(len(players))]


def _one_after_another(game: Game, chosen: list[list[Card]]) -> None:
    """Without rule 101.4 each player's action would happen as they chose it, one event after another."""
    for cards in chosen:
        move_cards(game, cards, Zone.GRAVEYARD)


@implements(
    "101.4",
    "when players choose at the same time, they choose in APNAP order, then the actions happen simultaneously",
    when_ablated=_one_after_another,
)
def sacrifice_together(game: Game, chosen: list[list[Card]]) -> None:
    move_cards(game, [card for cards in chosen for card in cards], Zone.GRAVEYARD)


def each_player_sacrifices(ctx: EffectContext, quality: Callable[[Any, Any], bool], description: str) -> None:
    """'Each player sacrifices a creature': each player who controls one names it (`will_choose('sacrifice',
    creature)`), asked in APNAP order; then all are sacrificed at once."""
    chosen = []
    for player in in_apnap_order(ctx):
        theirs = [c for c in player.battlefield if quality(ctx.source, c)]
        if not theirs:
            continue
        _option, cards = stated_option(player, f"which {description} {player} sacrifices", ("sacrifice",))
        check_possible(
            player, f"sacrifice a {description}", len(cards) == 1 and cards[0] in theirs, f"name one {description} they control"
        )
        chosen.append(cards)
    sacrifice_together(ctx.game, chosen)
