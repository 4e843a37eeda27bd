"""The vocabulary card definitions are written in: declarative, frozen, no game logic.

A card definition says what a card *is* (its Oracle facts and abilities). The
rules that give those abilities meaning live in the engine modules; an ability's
effect is a small function of an `EffectContext` (see `kb.engine.effects`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kb.engine.events import AttackersDeclared, Event, LifeGained, SpellCast, StepBegan, TappedForMana, ZoneChange
from kb.engine.state import Zone

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext
    from kb.engine.handles import Card

Effect = Callable[["EffectContext"], None]


@dataclass(frozen=True)
class Permanents:
    """The permanents a cost asks for: 'Sacrifice a creature', 'sacrifice two Mountains',
    'Tap an untapped creature you control'."""

    description: str
    count: int
    matches: Callable[[CardDef], bool]


@dataclass(frozen=True)
class Cost:
    """A cost: mana symbols ("{4}", "{X}{X}") plus {T}, {Q}, a sacrifice, tapping other permanents, discarding
    this card or other cards."""

    mana: str = ""
    tap: bool = False
    untap: bool = False
    sacrifice: Permanents | None = None
    discard_self: bool = False
    discard_cards: int = 0  # "discard N cards": cards from the hand, chosen as the cost is paid
    sacrifice_self: bool = False  # "Sacrifice this"
    exile_from_graveyard: int = 0  # "Exile N cards from your graveyard", chosen as the cost is paid
    tap_untapped: Permanents | None = None  # "Tap an untapped creature you control", chosen as the cost is paid


@dataclass(frozen=True)
class ManaProduction:
    """What a mana ability adds: fixed symbols ("G", "CC") or a choice of color."""

    fixed: str = ""
    any_color: bool = False
    # "any color that a land an opponent controls could produce" (Fellwar Stone, Exotic Orchard; rule 106.7)
    opponents_lands_could_produce: bool = False
    # "any type that a land you control could produce" (Reflecting Pool; rule 106.7): colorless included
    your_lands_could_produce: bool = False
    # "Choose a color of a permanent you control. Add one mana of that color." (Meteor Crater; rule 106.5)
    color_of_your_permanents: bool = False
    # "Add {G} for each creature you control" (Gaea's Cradle): `fixed` once for each object this phrase selects
    for_each: str = ""
    chosen_color: int = 0  # "Add one mana of the chosen color": the pair it forms with the choice (kb.engine.chosen)


@dataclass(frozen=True)
class ActivatedAbility:
    key: str
    text: str
    cost: Cost
    effect: Effect | None = None
    produces: ManaProduction | None = None  # set for a mana ability (rule 605.1a)
    zone: Zone = Zone.BATTLEFIELD  # the zone it can be activated from (cycling: the hand)
    target: Target | None = None
    sorcery_speed: bool = False  # "Activate only as a sorcery" (rule 602.5d)

    @property
    def is_mana_ability(self) -> bool:
        return self.produces is not None


@dataclass(frozen=True)
class Trigger:
    """A trigger event: which events match, and whether 'one or more' collapses a batch into one trigger."""

    describe: str
    occurrences: Callable[[Card, Event], int]  # how many occurrences of the trigger event this event holds
    batched: bool = False  # "whenever one or more …": once per event (rule 603.2c)
    remembers: Callable[[Card, Event], dict[str, Any]] | None = None  # what its effect needs of the event ("that creature")
    looks_back: bool = False  # a leaves-the-battlefield trigger: it sees the game as it was before the event (603.10a)
    state: Callable[[Card], bool] | None = None  # a state trigger: the game state it waits for (rule 603.8)


@dataclass(frozen=True)
class Target:
    """What a targeted ability may target; `rule` names the rule defining the quality checked."""

    description: str
    legal: Callable[[Card, Any], bool]  # (source, candidate Card or Player) -> bool
    rule: str = "115.1"
    count: int = 1  # "two target creatures": how many targets this one instance of "target" takes
    # "target artifact and target land": each instance of the word "target", in order; `count` is then their sum
    instances: tuple[Target, ...] = ()
    different: bool = False  # "… and another target": no object or player is chosen for two of its instances


@dataclass(frozen=True)
class Mode:
    """One option of a modal spell (rule 700.2): what it does, and the targets it needs if chosen (700.2c)."""

    text: str
    effect: Effect
    target: Target | None = None


@dataclass(frozen=True)
class TriggeredAbility:
    key: str
    text: str
    trigger: Trigger
    effect: Effect
    target: Target | None = None
    optional: bool = False  # "you may": without a chosen target it is not put on the stack
    intervening_if: Callable[[Card], bool] | None = None  # rule 603.4
    zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})  # where the ability functions
    mana_ability: bool = False  # triggered by mana production and adds mana, no target: rule 605.1b


@dataclass(frozen=True)
class StaticAbility:
    """A static ability (rule 604): while its source is on the battlefield it changes the objects it `affects`.

    `layer` says what it changes: "control" (you control them), "abilities" (they have `keywords`),
    "power/toughness" (they get +`power`/+`toughness`), "cost" (spells it affects cost `cost_change`
    more generic mana; less when negative), "alternative cost" (its controller may cast the spells it
    affects for `alternative_cost` instead: rule 118.9) or "cast from exile" (its controller may cast
    the exiled cards it affects: rule 601.3)."""

    text: str
    layer: str
    affects: Callable[[Card, Any], bool]  # (source, candidate object) -> bool
    keywords: tuple[str, ...] = ()
    power: int = 0
    toughness: int = 0
    cost_change: int = 0
    alternative_cost: Cost | None = None
    # Layers 4–7b and entering (kb.engine.layers, kb.engine.entering): "type" adds `types`, "color" sets
    # `colors`, "abilities" also removes `removes` or all abilities, "set power/toughness" sets them,
    # "enter tapped" makes the permanents it affects enter tapped (rule 614.12).
    types: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    removes: tuple[str, ...] = ()
    lose_all: bool = False
    set_power: int | None = None
    set_toughness: int | None = None
    chosen_subtype: bool = False  # "type": it also adds the creature type chosen as its source entered
    prevents: int = 0  # layer "prevention": prevent this much of each damage event to what it affects (rule 615.10)


@dataclass(frozen=True)
class CardDef:
    name: str
    mana_cost: str = ""
    types: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    oracle_text: str = ""
    keywords: frozenset[str] = frozenset()  # flying, haste, cascade, delve …
    activated: tuple[ActivatedAbility, ...] = ()
    triggered: tuple[TriggeredAbility, ...] = ()
    statics: tuple[StaticAbility, ...] = ()
    enchant: Target | None = None  # an Aura's enchant ability (rule 303.4a): what it can be attached to
    spell_effect: Effect | None = None  # what an instant or sorcery does as it resolves
    spell_target: Target | None = None
    additional_cost: Cost | None = None  # rule 118.8
    alternative_cost: Cost | None = None  # its own "rather than pay this spell's mana cost" (rule 118.9)
    kicker: tuple[str, ...] = ()  # its kicker costs, in printed order: "Kicker {W} and/or {2}{B}" (rule 702.33)
    modes: tuple[Mode, ...] = ()  # a modal spell's options (rule 700.2); it chooses one …
    modes_if_kicked: bool = False  # … or any number if it was kicked ("If this spell was kicked, choose any number")
    prohibitions: tuple[Any, ...] = ()
    enters_choosing: str = ""  # "As this enters, choose a color" ("color")  # "Your opponents can't cast spells with even mana values" (kb.engine.prohibitions)
    mana_replacement: Callable[[Card, Card, tuple[str, ...]], tuple[str, ...]] | None = None  # rule 106.12b
    enters_with_x_counters: bool = False  # "enters with X +1/+1 counters" (rules 107.3m, 614.1c)
    enters_tapped: bool = False
    tokens: tuple[CardDef, ...] = ()  # the tokens its abilities create, defined with it
    not_implemented: str = ""  # Oracle text the engine does not model, stated honestly
    colors: frozenset[str] | None = None  # a color indicator, or colors set by an effect (rule 202.2e, 105.3)
    back_face: CardDef | None = None  # the back face of a double-faced card (rule 712)
    flip_side: CardDef | None = None  # a flip card's alternative characteristics (rule 710.1b)
    enters_as_copy: Any = None  # "You may have this enter as a copy of …" (kb.engine.copies.EntersAsCopy)
    enters_with: tuple[tuple[str, int], ...] = ()  # "enters with N KIND counters" (rule 614.1c)
    power_cda: Any = None  # a characteristic-defining ability: (game, card) -> (power, toughness) (rule 604.3)
    choose_as_enters: str | None = None  # "As this enters, choose a creature type" (rule 614.12a): the kind of choice

    def has_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def color(self) -> frozenset[str]:
        """Its colors: set by an effect or an indicator, else those of its mana cost's symbols (see kb.engine.colors)."""
        from kb.engine.colors import colors_of

        return colors_of(self)

    @property
    def is_permanent_card(self) -> bool:
        return bool(self.types & {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"})


# -- trigger builders: the common trigger events, named as card text names them ----------------


def when_self_enters() -> Trigger:
    def count(source: Card, event: Event) -> int:
        if not isinstance(event, ZoneChange):
            return 0
        return sum(1 for m in event.moves if m.new_object == source.object_id and m.to_zone is Zone.BATTLEFIELD)

    return Trigger("when this enters", count)


def when_self_attacks() -> Trigger:
    def count(source: Card, event: Event) -> int:
        return int(isinstance(event, AttackersDeclared) and source.card_id in event.card_ids)

    return Trigger("whenever this attacks", count)


def when_self_cast() -> Trigger:
    def count(source: Card, event: Event) -> int:
        return int(isinstance(event, SpellCast) and event.card_id == source.card_id)

    return Trigger("when you cast this spell", count)


def whenever_you_cast(quality: Callable[[CardDef], bool], describe: str) -> Trigger:
    def count(source: Card, event: Event) -> int:
        if not isinstance(event, SpellCast) or event.controller != source.controller.index:
            return 0
        return int(quality(source.game.card(event.card_id).definition))

    return Trigger(f"whenever you cast a {describe} spell", count)


def whenever_one_or_more_enter(quality: Callable[[CardDef], bool], describe: str) -> Trigger:
    """'Whenever one or more creatures enter': once for each event that puts any onto the battlefield."""

    def count(source: Card, event: Event) -> int:
        if not isinstance(event, ZoneChange):
            return 0
        return sum(1 for m in event.moves if m.to_zone is Zone.BATTLEFIELD and quality(source.game.card(m.card_id).definition))

    return Trigger(describe, count, batched=True)


def whenever_a_player_casts_a_spell_of_the_chosen_color(pair: int) -> Trigger:
    """Paradise Plume's: 'Whenever a player casts a spell of the chosen color' (linked to its choice: rule 607.4)."""

    def count(source: Card, event: Event) -> int:
        from kb.engine.chosen import chosen_color
        from kb.engine.colors import colors_of

        color = chosen_color(source, pair)
        return int(isinstance(event, SpellCast) and color in colors_of(source.game.card(event.card_id).definition))

    return Trigger("whenever a player casts a spell of the chosen color", count)


def whenever_becomes_tapped(quality: Callable[[CardDef], bool], describe: str) -> Trigger:
    """'Whenever a land becomes tapped' (rule 603.2f: not when it enters tapped)."""

    def count(source: Card, event: Event) -> int:
        from kb.engine.tapping import times_became_tapped

        return times_became_tapped(source.game, event, quality)

    return Trigger(describe, count)


def whenever_you_have_no_cards_in_hand() -> Trigger:
    """A state trigger (rule 603.8): it triggers whenever its controller's hand is empty, not on an event."""
    return Trigger(
        "whenever you have no cards in hand", lambda _source, _event: 0, state=lambda source: not source.controller.hand
    )


def whenever_a_player_casts_a_spell() -> Trigger:
    """Standstill's: 'When a player casts a spell' (any player, any spell)."""

    def count(source: Card, event: Event) -> int:
        return int(isinstance(event, SpellCast))

    return Trigger("whenever a player casts a spell", count)


def whenever_self_tapped_for_mana() -> Trigger:
    def count(source: Card, event: Event) -> int:
        return int(isinstance(event, TappedForMana) and event.card_id == source.card_id)

    return Trigger("whenever you tap this for mana", count)


def when_self_leaves(to: Zone | None = None) -> Trigger:
    """'When this leaves the battlefield' (or 'dies': to the graveyard); it looks back in time (rule 603.10a)."""

    def count(source: Card, event: Event) -> int:
        if not isinstance(event, ZoneChange):
            return 0
        return sum(
            1
            for m in event.moves
            if m.card_id == source.card_id and m.from_zone is Zone.BATTLEFIELD and (to is None or m.to_zone is to)
        )

    return Trigger("when this dies" if to is Zone.GRAVEYARD else "when this leaves the battlefield", count)


def whenever_put_into_graveyard_from_battlefield(
    quality: Callable[[CardDef], bool], describe: str, *, batched: bool = False
) -> Trigger:
    """'Whenever a creature dies', 'whenever a land is put into a graveyard from the battlefield': once for each
    such card an event moves (rule 603.2c); it looks back in time (603.10a)."""

    def count(source: Card, event: Event) -> int:
        if not isinstance(event, ZoneChange):
            return 0
        return sum(
            1
            for m in event.moves
            if m.from_zone is Zone.BATTLEFIELD and m.to_zone is Zone.GRAVEYARD and quality(source.game.card(m.card_id).definition)
        )

    return Trigger(describe, count, batched=batched, looks_back=True)


def whenever_you_gain_life() -> Trigger:
    def count(source: Card, event: Event) -> int:
        return int(isinstance(event, LifeGained) and event.player == source.controller.index)

    return Trigger("whenever you gain life", count)


def at_the_beginning_of_your_upkeep() -> Trigger:
    def count(source: Card, event: Event) -> int:
        return int(isinstance(event, StepBegan) and event.step == "upkeep" and event.active == source.controller.index)

    return Trigger("at the beginning of your upkeep", count)


def whenever_a_player_taps_a_land_for_mana() -> Trigger:
    """Heartbeat of Spring's: 'Whenever a player taps a land for mana' (any player's land)."""

    def count(source: Card, event: Event) -> int:
        return int(isinstance(event, TappedForMana) and source.game.card(event.card_id).definition.has_type("land"))

    return Trigger("whenever a player taps a land for mana", count)


def whenever_enchanted_tapped_for_mana() -> Trigger:
    """Wild Growth's: 'Whenever enchanted land is tapped for mana'."""

    def count(source: Card, event: Event) -> int:
        host = source.attached_to
        return int(isinstance(event, TappedForMana) and host is not None and event.card_id == host.card_id)

    return Trigger("whenever enchanted permanent is tapped for mana", count)


def whenever_cards_exiled_from_your_library_or_graveyard() -> Trigger:
    """'Whenever one or more cards are put into exile from your library and/or your graveyard' (once per event)."""

    def count(source: Card, event: Event) -> int:
        if not isinstance(event, ZoneChange):
            return 0
        return sum(
            1
            for m in event.moves
            if m.to_zone is Zone.EXILE and m.from_zone in (Zone.LIBRARY, Zone.GRAVEYARD) and m.owner == source.controller.index
        )

    return Trigger("whenever one or more cards are put into exile from your library and/or graveyard", count, batched=True)


# -- target qualities used by several cards --------------------------------------------------


def is_creature_on_battlefield(candidate: Any) -> bool:
    return hasattr(candidate, "card_id") and candidate.zone is Zone.BATTLEFIELD and candidate.definition.has_type("creature")


TARGET_CREATURE = Target("target creature", lambda _s, c: is_creature_on_battlefield(c))
