"""Mana: the pool, mana abilities (rule 605), what a permanent could produce (106.7),
undefined mana (106.5) and "tapped for mana" (106.12)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine.abilities import Payment, pay_activation_cost
from kb.engine.cards.definitions import ActivatedAbility, ManaProduction
from kb.engine.errors import EngineError, IllegalAction, MissingChoice
from kb.engine.events import TappedForMana
from kb.engine.mana_symbols import COLORS, ORDER, parse_symbols
from kb.engine.replacement import Mana, replace_tapped_for_mana
from kb.engine.rules_registry import implements
from kb.engine.triggers import put_triggers_on_stack

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


@implements(
    "106.12", "to tap a permanent for mana is to activate its mana ability with {T} in the cost", when_ablated=lambda _a: False
)
def is_tapping_for_mana(ability: ActivatedAbility) -> bool:
    return ability.is_mana_ability and ability.cost.tap


def mana_abilities(permanent: Card) -> list[ActivatedAbility]:
    return [a for a in permanent.definition.activated if is_mana_ability(permanent, a)]


def _only_if_it_can_produce_now(permanent: Card, ability: ActivatedAbility) -> bool:
    """Without rule 605.2 an ability would be a mana ability only while the game lets it produce mana."""
    if not ability.is_mana_ability or (ability.cost.tap and permanent.tapped):
        return False
    assert ability.produces is not None
    return not ability.produces.for_each or _times(permanent.game, permanent, ability.produces) > 0


@implements(
    "605.2",
    "a mana ability remains a mana ability even if the game state doesn't allow it to produce mana",
    when_ablated=_only_if_it_can_produce_now,
)
def is_mana_ability(permanent: Card, ability: ActivatedAbility) -> bool:
    """Rule 605.1a: it could add mana and has no target (the engine's activated abilities with `produces`)."""
    return ability.is_mana_ability


def _times(game: Game, permanent: Card, produces: ManaProduction) -> int:
    """How many times 'for each …' counts now (once without it)."""
    if not produces.for_each:
        return 1
    from kb.engine.cards.vocabulary import selector

    quality = selector(produces.for_each)
    return sum(1 for c in sorted(game.state.cards) if quality(permanent, game.card(c)))


@implements("605.3a", "a player may activate mana abilities while holding priority or while paying for a spell")
def check_may_activate_mana_ability(game: Game, player: Player) -> None:
    casting = game.state.casting
    if casting is not None:
        caster = game.card(casting).controller
        if caster != player:
            raise IllegalAction("no-priority", "605.3a", f"{player} can't activate a mana ability while {caster} casts a spell")
    elif game.state.priority != player.index:
        raise IllegalAction("no-priority", "605.3a", f"{player} can't activate a mana ability without priority")


def activate_mana_ability(
    game: Game,
    player: Player,
    permanent: Card,
    *,
    color: str | None = None,
    sacrifice: Sequence[Card] = (),
    tap: Sequence[Card] = (),
    index: int = 0,
) -> None:
    """Activate and immediately resolve a mana ability: it never uses the stack (rule 605.3b)."""
    abilities = mana_abilities(permanent)
    if not abilities:
        raise EngineError(f"{permanent} has no mana ability")
    ability = abilities[index]
    if permanent.zone is not ability.zone:
        raise IllegalAction("wrong-zone", "113.6", f"{permanent}'s abilities function only on the {ability.zone}")
    if permanent.controller != player:
        raise IllegalAction("not-controller", "602.2", f"{player} doesn't control {permanent}")
    check_may_activate_mana_ability(game, player)
    pay_activation_cost(game, player, permanent, ability.cost, 0, Payment(sacrifice=tuple(sacrifice), tap=tuple(tap)))
    assert ability.produces is not None
    mana = _mana_made_by(game, player, permanent, ability.produces, color)
    produce_mana(game, player, permanent, mana, tapped_for_mana=is_tapping_for_mana(ability))
    if game.state.casting is None:
        put_triggers_on_stack(game)  # e.g. Zhur-Taa Druid's non-mana trigger (rule 605.5a)


def _mana_made_by(game: Game, player: Player, source: Card, produces: ManaProduction, color: str | None) -> Mana:
    if produces.fixed:
        return tuple(parse_symbols(produces.fixed)) * _times(game, source, produces)
    if produces.any_color:
        options: frozenset[str] = frozenset(COLORS)
    elif produces.color_of_your_permanents:
        options = colors_of_permanents(game, player)
        if not options:
            return (None,)  # no color to choose: the mana's type is undefined (rule 106.5)
    elif produces.chosen_color:
        from kb.engine.chosen import chosen_color

        return (chosen_color(source, produces.chosen_color),)  # none chosen: undefined (rule 106.5)
    else:
        options = _lands_could_produce(game, player, produces, frozenset({source.card_id}))
        if not options:
            return (None,)  # no type of mana can be defined (rule 106.7), so the type is undefined
    if color is None:
        raise MissingChoice(f"the type of mana {source} adds", f"pass color='G', one of {''.join(sorted(options))}")
    if color not in options:
        raise IllegalAction("mana-type-unavailable", "106.7", f"{source} can't add {{{color}}} now")
    return (color,)


def _undefined_mana_anyway(mana: Mana) -> tuple[str, ...]:
    """Without rule 106.5 nothing says mana of an undefined type isn't made: it is added as mana with no color."""
    return tuple(m or "C" for m in mana)


@implements("106.5", "an ability that would produce mana of an undefined type produces none", when_ablated=_undefined_mana_anyway)
def drop_undefined_mana(mana: Mana) -> tuple[str, ...]:
    return tuple(m for m in mana if m is not None)


@implements("106.12a", "'tapped for mana' triggers fire when such an ability resolves and produces mana")
def report_tapped_for_mana(game: Game, source: Card, player: Player, produced: tuple[str, ...]) -> None:
    if produced:
        game.emit(TappedForMana(source.card_id, player.index, produced))


def produce_mana(game: Game, player: Player, source: Card, mana: Mana, *, tapped_for_mana: bool) -> tuple[str, ...]:
    """Add mana to `player`'s pool after replacement effects; report 'tapped for mana' if it was."""
    if tapped_for_mana:
        mana = replace_tapped_for_mana(game, source, mana)
    produced = drop_undefined_mana(mana) if None in mana else tuple(m for m in mana if m is not None)
    pool = player.state.mana_pool
    for symbol in produced:
        pool[symbol] = pool.get(symbol, 0) + 1
    game.log(f"{source} adds {''.join(produced) or 'no mana'} to {player}'s pool")
    if tapped_for_mana:
        report_tapped_for_mana(game, source, player, produced)
    return produced


def add_mana(player: Player, symbols: str) -> None:
    """Put mana straight into a pool (scenario set-up, e.g. '{U}{B}{C}')."""
    for symbol in parse_symbols(symbols):
        player.state.mana_pool[symbol] = player.state.mana_pool.get(symbol, 0) + 1


@implements(
    "106.7",
    "the mana a permanent could produce: its mana abilities as if resolving now, costs ignored",
    when_ablated=lambda *_args: frozenset(),
)
def could_produce(game: Game, permanent: Card, _seen: frozenset[int] = frozenset()) -> frozenset[str]:
    """Types of mana `permanent` could produce now, with replacement effects, ignoring costs (rule 106.7)."""
    seen = _seen | {permanent.card_id}
    types: set[str] = set()
    for ability in mana_abilities(permanent):
        assert ability.produces is not None
        produces = ability.produces
        if produces.fixed:
            candidates: list[Mana] = [tuple(parse_symbols(produces.fixed))]
        elif produces.any_color:
            candidates = [(c,) for c in COLORS]
        elif produces.color_of_your_permanents:
            candidates = [(c,) for c in COLORS if c in colors_of_permanents(game, permanent.controller)]
        else:
            types_ = _lands_could_produce(game, permanent.controller, produces, seen)
            candidates = [(c,) for c in sorted(types_)]
        for mana in candidates:
            if is_tapping_for_mana(ability):
                mana = replace_tapped_for_mana(game, permanent, mana)
            types.update(m for m in mana if m is not None)
    return frozenset(types)


def colors_of_permanents(game: Game, player: Player) -> frozenset[str]:
    """The colors among the permanents `player` controls (rule 202.2)."""
    from kb.engine.colors import colors_of

    found: set[str] = set()
    for permanent in player.battlefield:
        found |= colors_of(permanent.definition)
    return frozenset(found)


def _lands_could_produce(game: Game, player: Player, produces: ManaProduction, seen: frozenset[int]) -> frozenset[str]:
    """Fellwar Stone's colors (lands an opponent controls) or Reflecting Pool's types (lands you control)."""
    if produces.your_lands_could_produce:
        return frozenset(ORDER) & _lands_of([player], game, seen)
    return frozenset(COLORS) & _lands_of(player.opponents, game, seen)


def _lands_of(players: list[Player], game: Game, seen: frozenset[int]) -> frozenset[str]:
    found: set[str] = set()
    for someone in players:
        for land in someone.battlefield:
            if land.definition.has_type("land") and land.card_id not in seen:
                found |= could_produce(game, land, seen)
    return frozenset(found)
