"""Cards for combat, damage and life: the Comprehensive Rules' own examples name them.

`creature(...)` builds the unnamed creatures those examples describe ("a 2/2 creature with protection
from green"): only its power, toughness, color and abilities, as the example states them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kb.engine.cards.definitions import (
    ANY_TARGET,
    TARGET_CREATURE,
    ActivatedAbility,
    CardDef,
    Cost,
    StaticAbility,
    Target,
    Trigger,
    TriggeredAbility,
)
from kb.engine.cards.lands import tap_for
from kb.engine.combat import ONE_ATTACKER
from kb.engine.damage import DOUBLE_LIFE_GAIN, LIFE_FLOOR, add_shield
from kb.engine.effects import EffectContext
from kb.engine.events import Event, LifeGained, ZoneChange
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.state_based import LICH
from kb.engine.zones import move_card

CREATURE = frozenset({"creature"})
ENCHANTMENT = frozenset({"enchantment"})


def creature(
    name: str, power: int, toughness: int, *abilities: str, mana_cost: str = "", subtypes: tuple[str, ...] = ()
) -> CardDef:
    """A creature as a rules example describes it: `abilities` are keywords or ability words the engine knows
    ('flying', 'protection from green', 'snow forestwalk', 'toxic 2', 'blocks each combat if able' …)."""
    return CardDef(
        name=name,
        mana_cost=mana_cost,
        types=CREATURE,
        subtypes=frozenset(subtypes),
        power=power,
        toughness=toughness,
        keywords=frozenset(abilities),
        oracle_text="\n".join(abilities),
    )


def instant(
    name: str, mana_cost: str, text: str, effect: Callable[[EffectContext], None], target: Target | None = None
) -> CardDef:
    """An instant as a rules example describes it ("a spell that prevents the next 2 damage …")."""
    return CardDef(
        name=name, mana_cost=mana_cost, types=frozenset({"instant"}), oracle_text=text, spell_effect=effect, spell_target=target
    )


def whenever_you_gain_life() -> Trigger:
    def count(source: Any, event: Event) -> int:
        return int(isinstance(event, LifeGained) and event.player == source.controller.index)

    return Trigger("whenever you gain life", count)


def _counter_on_self(ctx: EffectContext) -> None:
    ctx.put_counters(ctx.source, 1)


AJANIS_PRIDEMATE = CardDef(
    name="Ajani's Pridemate",
    mana_cost="{1}{W}",
    types=CREATURE,
    subtypes=frozenset({"Cat", "Soldier"}),
    power=2,
    toughness=2,
    oracle_text="Whenever you gain life, put a +1/+1 counter on this creature.",
    triggered=(
        TriggeredAbility(
            "pridemate",
            "Whenever you gain life, put a +1/+1 counter on this creature.",
            whenever_you_gain_life(),
            _counter_on_self,
        ),
    ),
)

BOON_REFLECTION = CardDef(
    name="Boon Reflection",
    mana_cost="{4}{W}",
    types=ENCHANTMENT,
    oracle_text=DOUBLE_LIFE_GAIN,
    keywords=frozenset({DOUBLE_LIFE_GAIN}),
)

WORSHIP = CardDef(name="Worship", mana_cost="{3}{W}", types=ENCHANTMENT, oracle_text=LIFE_FLOOR, keywords=frozenset({LIFE_FLOOR}))

DUELING_GROUNDS = CardDef(
    name="Dueling Grounds",
    mana_cost="{1}{G}{W}",
    types=ENCHANTMENT,
    oracle_text=f"{ONE_ATTACKER}\nNo more than one creature can block each turn.",
    keywords=frozenset({ONE_ATTACKER}),
    not_implemented="No more than one creature can block each turn.",
)


def _awe_strike(ctx: EffectContext) -> None:
    add_shield(ctx.game, None, source=ctx.target, gain_life=ctx.controller)


AWE_STRIKE = CardDef(
    name="Awe Strike",
    mana_cost="{W}",
    types=frozenset({"instant"}),
    oracle_text=(
        "The next time target creature would deal damage this turn, prevent that damage. "
        "You gain life equal to the damage prevented this way."
    ),
    spell_effect=_awe_strike,
    spell_target=TARGET_CREATURE,
)


def _clerics_you_control(source: Any, candidate: Any) -> bool:
    return (
        hasattr(candidate, "card_id")
        and candidate.zone is Zone.BATTLEFIELD
        and candidate.definition.has_type("creature")
        and "Cleric" in candidate.definition.subtypes
        and candidate.controller == source.controller
    )


DAUNTING_DEFENDER = CardDef(
    name="Daunting Defender",
    mana_cost="{4}{W}",
    types=CREATURE,
    subtypes=frozenset({"Human", "Cleric"}),
    power=3,
    toughness=3,
    oracle_text="If a source would deal damage to a Cleric creature you control, prevent 1 of that damage.",
    statics=(
        StaticAbility(
            "If a source would deal damage to a Cleric creature you control, prevent 1 of that damage.",
            "prevention",
            _clerics_you_control,
            prevents=1,
        ),
    ),
)


def _pyroclasm(ctx: EffectContext) -> None:
    creatures = [c for p in ctx.game.players for c in p.battlefield if c.definition.has_type("creature")]
    ctx.damage_each(creatures, 2)


PYROCLASM = CardDef(
    name="Pyroclasm",
    mana_cost="{1}{R}",
    types=frozenset({"sorcery"}),
    oracle_text="Pyroclasm deals 2 damage to each creature.",
    spell_effect=_pyroclasm,
)


def _shield_target(ctx: EffectContext) -> None:
    add_shield(ctx.game, 1, to=ctx.target)


SAMITE_HEALER = CardDef(
    name="Samite Healer",
    mana_cost="{1}{W}",
    types=CREATURE,
    subtypes=frozenset({"Human", "Cleric"}),
    power=1,
    toughness=1,
    oracle_text="{T}: Prevent the next 1 damage that would be dealt to any target this turn.",
    activated=(
        ActivatedAbility(
            "prevent",
            "{T}: Prevent the next 1 damage that would be dealt to any target this turn.",
            Cost(tap=True),
            _shield_target,
            target=ANY_TARGET,
        ),
    ),
)


@implements("702.93a", "undying: when it dies without +1/+1 counters, it returns with a +1/+1 counter", when_ablated=lambda *_: 0)
def undying_returns(source: Any, event: Event) -> int:
    """Whether this event put `source` into a graveyard from the battlefield without +1/+1 counters, as it last
    existed there (its last known information, rule 603.10a)."""
    if not isinstance(event, ZoneChange) or "undying" not in source.definition.keywords:
        return 0
    return sum(
        1
        for m in event.moves
        if m.card_id == source.card_id
        and m.from_zone is Zone.BATTLEFIELD
        and m.to_zone is Zone.GRAVEYARD
        and not dict(m.counters).get("+1/+1")
    )


def _return_with_counter(ctx: EffectContext) -> None:
    card = ctx.source
    if card.zone is Zone.GRAVEYARD and card.object_id == ctx.item.source_object:
        move_card(ctx.game, card, Zone.BATTLEFIELD, controller=card.owner)
        ctx.put_counters(card, 1)


UNDYING = TriggeredAbility(
    "undying",
    "Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield under its "
    "owner's control with a +1/+1 counter on it.)",
    Trigger("when this dies without +1/+1 counters", undying_returns),
    _return_with_counter,
    zones=frozenset({Zone.GRAVEYARD}),
)

YOUNG_WOLF = CardDef(
    name="Young Wolf",
    mana_cost="{G}",
    types=CREATURE,
    subtypes=frozenset({"Wolf"}),
    power=1,
    toughness=1,
    keywords=frozenset({"undying"}),
    oracle_text=UNDYING.text,
    triggered=(UNDYING,),
)

COLOSSAL_DREADMAW = CardDef(
    name="Colossal Dreadmaw",
    mana_cost="{4}{G}{G}",
    types=CREATURE,
    subtypes=frozenset({"Dinosaur"}),
    power=6,
    toughness=6,
    keywords=frozenset({"trample"}),
    oracle_text="Trample",
)

LICHS_MIRROR = CardDef(
    name="Lich's Mirror", mana_cost="{5}", types=frozenset({"artifact"}), oracle_text=LICH, keywords=frozenset({LICH})
)


def _nights_whisper(ctx: EffectContext) -> None:
    ctx.draw(2)
    ctx.lose_life(ctx.controller, 2)


NIGHTS_WHISPER = CardDef(
    name="Night's Whisper",
    mana_cost="{1}{B}",
    types=frozenset({"sorcery"}),
    oracle_text="You draw two cards and you lose 2 life.",
    spell_effect=_nights_whisper,
)

SNOW_COVERED_FOREST = CardDef(
    name="Snow-Covered Forest",
    types=frozenset({"land"}),
    supertypes=frozenset({"basic", "snow"}),
    subtypes=frozenset({"Forest"}),
    oracle_text="({T}: Add {G}.)",
    activated=(tap_for("G"),),
)

CARDS = (
    LICHS_MIRROR,
    NIGHTS_WHISPER,
    SNOW_COVERED_FOREST,
    AJANIS_PRIDEMATE,
    BOON_REFLECTION,
    WORSHIP,
    DUELING_GROUNDS,
    AWE_STRIKE,
    DAUNTING_DEFENDER,
    PYROCLASM,
    SAMITE_HEALER,
    YOUNG_WOLF,
    COLOSSAL_DREADMAW,
)
