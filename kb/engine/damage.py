"""Dealing damage (rule 120): one damage event, processed in the order of rule 120.4.

All damage dealt at the same time (a Pyroclasm, one combat damage step) is ONE event: prevention
effects apply to it first (120.4b, rule 615), then what is left is processed into its results, which
replacement effects on those results may modify (120.4c: life loss, -1/-1 counters from wither, life
gained through lifelink, poison counters from toxic), then it happens at once. Abilities that modify
life gain or life loss are known by their Oracle text (see `ABILITIES`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.engine.continuous import keywords_of
from kb.engine.events import LifeGained
from kb.engine.rules_registry import implements
from kb.engine.state import PreventionShield, Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player

COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
DOUBLE_LIFE_GAIN = "If you would gain life, you gain twice that much life instead."
LIFE_FLOOR = "If you control a creature, damage that would reduce your life total to less than 1 reduces it to 1 instead."
ABILITIES = (DOUBLE_LIFE_GAIN, LIFE_FLOOR)


@dataclass
class Damage:
    """`amount` damage that `source` would deal to `to` (a creature, or a player)."""

    source: Card
    to: Card | Player
    amount: int
    combat: bool = False


def colors_of(card: Card) -> set[str]:
    """A card's colors, from the colored symbols of its mana cost (rule 105.2)."""
    return {c for c in "WUBRG" if "{" + c + "}" in card.definition.mana_cost}


def abilities_of(card: Card) -> frozenset[str]:
    """Its keywords and other abilities the engine knows by name, where it is now (layer 6 on the battlefield)."""
    return keywords_of(card.game, card) if card.zone is Zone.BATTLEFIELD else card.definition.keywords


def _is_card(thing: object) -> bool:
    return hasattr(thing, "card_id")


def _key(thing: Card | Player) -> tuple[str, int]:
    return ("card", thing.object_id) if _is_card(thing) else ("player", thing.index)  # type: ignore[union-attr]


# -- 120.4b: prevention ----------------------------------------------------------------------


@implements("702.16e", "damage from sources of the stated quality to a permanent with protection is prevented")
def protection_prevents(game: Game, damage: Damage) -> bool:
    if not _is_card(damage.to):
        return False
    protected = {
        COLOR_WORDS.get(k.removeprefix("protection from ")) for k in abilities_of(damage.to) if k.startswith("protection from ")
    }
    return bool(protected & colors_of(damage.source))


@implements("615.10", "a static 'prevent N of that damage' applies separately to each damage event", when_ablated=lambda *_: 0)
def statically_prevented(game: Game, damage: Damage) -> int:
    """How much of `damage` the static abilities on the battlefield prevent (Daunting Defender's kind)."""
    from kb.engine.continuous import statics_in_play

    return sum(s.prevents for source, s in statics_in_play(game) if s.layer == "prevention" and s.affects(source, damage.to))


@implements(
    "615.7",
    "a shield prevents the next N damage to what it shields, then is used up",
    when_ablated=lambda _game, _damage, amount, _gains: amount,
)
def apply_shields(game: Game, damage: Damage, amount: int, gains: list[tuple[Player, int]]) -> int:
    for shield in list(game.state.shields):
        if amount <= 0:
            break
        if shield.turn != game.state.turn:
            continue
        if shield.to is not None and shield.to != _key(damage.to):
            continue
        if shield.source is not None and shield.source != damage.source.object_id:
            continue
        prevented = amount if shield.amount is None else min(amount, shield.amount)
        amount -= prevented
        if shield.amount is None or shield.amount == prevented:
            game.state.shields.remove(shield)
        else:
            shield.amount -= prevented
        if shield.gain_life is not None:  # rule 615.5: the rest of the effect follows the prevention
            gains.append((game.players[shield.gain_life], prevented))
        game.log(f"{prevented} damage from {damage.source} to {damage.to} is prevented")
    return amount


def _unprevented(game: Game, damages: Sequence[Damage], gains: list[tuple[Player, int]]) -> list[Damage]:
    return list(damages)


@implements("120.4b", "damage is dealt as modified by prevention effects", when_ablated=_unprevented)
def prevent(game: Game, damages: Sequence[Damage], gains: list[tuple[Player, int]]) -> list[Damage]:
    left = []
    for damage in damages:
        amount = 0 if protection_prevents(game, damage) else damage.amount
        if amount > 0:
            amount = max(0, amount - statically_prevented(game, damage))
        amount = apply_shields(game, damage, amount, gains)
        if amount > 0:
            left.append(Damage(damage.source, damage.to, amount, damage.combat))
    return left


def add_shield(
    game: Game,
    amount: int | None,
    *,
    to: Card | Player | None = None,
    source: Card | None = None,
    gain_life: Player | None = None,
) -> None:
    """A prevention effect from a resolving spell or ability, for the rest of this turn (rule 615.3)."""
    state = game.state
    state.shields.append(
        PreventionShield(
            state.new_id(),
            amount,
            None if to is None else _key(to),
            None if source is None else source.object_id,
            None if gain_life is None else gain_life.index,
            state.turn,
        )
    )


# -- 120.4c: results -------------------------------------------------------------------------


@dataclass
class Results:
    """What one damage event does once prevention is applied."""

    loss: dict[int, int]  # player index -> life lost
    poison: dict[int, int]
    marked: list[tuple[Card, int]]
    wither: list[tuple[Card, int]]
    gains: list[tuple[Player, int]]  # separate life gain events, in order (rule 702.15e)
    loyalty: list[tuple[Card, int]]  # loyalty counters removed from planeswalkers
    deathtouched: list[Card]


@implements("702.80a", "damage from a source with wither puts -1/-1 counters on a creature instead of being marked")
def has_wither(source: Card) -> bool:
    return "wither" in abilities_of(source)


@implements("702.15b", "damage dealt by a source with lifelink causes its controller to gain that much life")
def lifelink_gain(source: Card, amount: int) -> tuple[Player, int] | None:
    return (source.controller, amount) if "lifelink" in abilities_of(source) else None


@implements(
    "702.164c", "combat damage to a player from a creature with toxic gives poison counters equal to its total toxic value"
)
def toxic_value(source: Card) -> int:
    """Its total toxic value: the sum of the N of its toxic abilities (rule 702.164b)."""
    return sum(int(k.removeprefix("toxic ")) for k in abilities_of(source) if k.startswith("toxic "))


def has_deathtouch(source: Card) -> bool:
    """Deathtouch damage is remembered for the state-based action of rule 704.5h (702.2b)."""
    return "deathtouch" in abilities_of(source)


@implements(
    "120.3c", "damage dealt to a planeswalker removes that many loyalty counters from it", when_ablated=lambda _card: False
)
def to_planeswalker(card: Card) -> bool:
    return card.definition.has_type("planeswalker") and not card.definition.has_type("creature")


def results(game: Game, damages: Sequence[Damage], gains: list[tuple[Player, int]]) -> Results:
    """Damage processed into its results (rule 120.3)."""
    done = Results({}, {}, [], [], list(gains), [], [])
    for damage in damages:
        to, amount = damage.to, damage.amount
        if _is_card(to) and to_planeswalker(to):  # type: ignore[arg-type]
            done.loyalty.append((to, amount))  # type: ignore[arg-type]
        elif _is_card(to):
            (done.wither if has_wither(damage.source) else done.marked).append((to, amount))  # type: ignore[arg-type]
            if has_deathtouch(damage.source):
                done.deathtouched.append(to)  # type: ignore[arg-type]
        else:
            done.loss[to.index] = done.loss.get(to.index, 0) + amount  # type: ignore[union-attr]
            if damage.combat and (toxic := toxic_value(damage.source)):
                done.poison[to.index] = done.poison.get(to.index, 0) + toxic  # type: ignore[union-attr]
        gain = lifelink_gain(damage.source, amount)
        if gain is not None:
            done.gains.append(gain)
    return done


def _results_unreplaced(game: Game, done: Results) -> Results:
    return done


@implements(
    "120.4c",
    "damage is processed into its results, as modified by replacement effects on those results",
    when_ablated=_results_unreplaced,
)
def replace_results(game: Game, done: Results) -> Results:
    """Life gain replacements (Boon Reflection), then the floor on life loss (Worship) seeing the whole event."""
    done.gains = [(player, amount * 2 ** _controls(game, player, DOUBLE_LIFE_GAIN)) for player, amount in done.gains]
    for index, loss in done.loss.items():
        player = game.players[index]
        if not _controls(game, player, LIFE_FLOOR) or not any(c.definition.has_type("creature") for c in player.battlefield):
            continue
        after = player.life - loss + sum(amount for p, amount in done.gains if p == player)
        if after < 1:
            done.loss[index] = loss - (1 - after)
    return done


def _controls(game: Game, player: Player, ability: str) -> int:
    """How many permanents `player` controls with `ability`."""
    return sum(ability in abilities_of(c) for c in player.battlefield)


# -- the whole event ---------------------------------------------------------------------------


@implements("119.3", "an effect that causes a player to gain or lose life adjusts their life total")
def gain_life(game: Game, player: Player, amount: int) -> None:
    """One life gain event (rule 119.9: gaining 0 life is no event)."""
    if amount <= 0:
        return
    player.state.life += amount
    game.log(f"{player} gains {amount} life")
    game.emit(LifeGained(player.index, amount))


def deal_damage(game: Game, damages: Sequence[Damage]) -> None:
    """Deal all of `damages` as one simultaneous event (rule 120.4)."""
    gains: list[tuple[Player, int]] = []
    dealt = prevent(game, [d for d in damages if d.amount > 0], gains)
    done = replace_results(game, results(game, dealt, gains))
    for damage in dealt:
        game.log(f"{damage.source} deals {damage.amount} damage to {damage.to}")
    for card, amount in done.marked:
        if card.zone is Zone.BATTLEFIELD:
            card.state.damage += amount
    for card, amount in done.wither:
        if card.zone is Zone.BATTLEFIELD:
            card.state.counters["-1/-1"] = card.state.counters.get("-1/-1", 0) + amount
    for card, amount in done.loyalty:
        if card.zone is Zone.BATTLEFIELD:
            card.state.counters["loyalty"] = max(0, card.state.counters.get("loyalty", 0) - amount)
    game.state.deathtouched.update(c.object_id for c in done.deathtouched)
    for index, loss in done.loss.items():
        game.state.players[index].life -= loss
    for index, poison in done.poison.items():
        game.state.players[index].poison += poison
    for player, amount in life_gain_events(done.gains):
        gain_life(game, player, amount)


def _one_gain_per_player(gains: list[tuple[Player, int]]) -> list[tuple[Player, int]]:
    merged: dict[Player, int] = {}
    for player, amount in gains:
        merged[player] = merged.get(player, 0) + amount
    return list(merged.items())


@implements(
    "702.15e",
    "several lifelink sources dealing damage at once cause separate life gain events",
    when_ablated=_one_gain_per_player,
)
def life_gain_events(gains: list[tuple[Player, int]]) -> list[tuple[Player, int]]:
    return gains
