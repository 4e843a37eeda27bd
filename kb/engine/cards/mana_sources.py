"""Permanents about mana: mana creatures and artifacts, a 'tapped for mana' trigger and two replacement effects."""

from __future__ import annotations

from typing import Any

from kb.engine.cards.definitions import (
    ActivatedAbility,
    CardDef,
    Cost,
    ManaProduction,
    Permanents,
    TriggeredAbility,
    whenever_self_tapped_for_mana,
)
from kb.engine.cards.lands import tap_for, tap_for_what_opponents_lands_could_produce
from kb.engine.effects import EffectContext

LLANOWAR_ELVES = CardDef(
    name="Llanowar Elves",
    mana_cost="{G}",
    types=frozenset({"creature"}),
    subtypes=frozenset({"Elf", "Druid"}),
    power=1,
    toughness=1,
    oracle_text="{T}: Add {G}.",
    activated=(tap_for("G"),),
)


def _zhur_taa_pings(ctx: EffectContext) -> None:
    for opponent in ctx.opponents:
        ctx.damage(opponent, 1)


ZHUR_TAA_DRUID = CardDef(
    name="Zhur-Taa Druid",
    mana_cost="{R}{G}",
    types=frozenset({"creature"}),
    subtypes=frozenset({"Human", "Druid"}),
    power=1,
    toughness=1,
    oracle_text="{T}: Add {G}.\nWhenever you tap Zhur-Taa Druid for mana, it deals 1 damage to each opponent.",
    activated=(tap_for("G"),),
    triggered=(
        TriggeredAbility(
            "pings",
            "Whenever you tap Zhur-Taa Druid for mana, it deals 1 damage to each opponent.",
            whenever_self_tapped_for_mana(),
            _zhur_taa_pings,
        ),
    ),
)

FELLWAR_STONE = CardDef(
    name="Fellwar Stone",
    mana_cost="{2}",
    types=frozenset({"artifact"}),
    oracle_text="{T}: Add one mana of any color that a land an opponent controls could produce.",
    activated=(tap_for_what_opponents_lands_could_produce(),),
)

ASHNODS_ALTAR = CardDef(
    name="Ashnod's Altar",
    mana_cost="{3}",
    types=frozenset({"artifact"}),
    oracle_text="Sacrifice a creature: Add {C}{C}.",
    activated=(
        ActivatedAbility(
            "mana",
            "Sacrifice a creature: Add {C}{C}.",
            Cost(sacrifice=Permanents("a creature", 1, lambda d: d.has_type("creature"))),
            produces=ManaProduction(fixed="CC"),
        ),
    ),
)

PILI_PALA = CardDef(
    name="Pili-Pala",
    mana_cost="{2}",
    types=frozenset({"artifact", "creature"}),
    subtypes=frozenset({"Scarecrow"}),
    power=1,
    toughness=1,
    keywords=frozenset({"flying"}),
    oracle_text="Flying\n{2}, {Q}: Add one mana of any color. ({Q} is the untap symbol.)",
    activated=(
        ActivatedAbility(
            "mana", "{2}, {Q}: Add one mana of any color.", Cost(mana="{2}", untap=True), produces=ManaProduction(any_color=True)
        ),
    ),
)


def _doubled_if_yours(effect_source: Any, tapped: Any, mana: tuple[str, ...]) -> tuple[str, ...]:
    """Mana Reflection: if YOU tap a permanent for mana, it produces twice as much of that mana."""
    return mana * 2 if tapped.controller == effect_source.controller else mana


MANA_REFLECTION = CardDef(
    name="Mana Reflection",
    mana_cost="{4}{G}{G}",
    types=frozenset({"enchantment"}),
    oracle_text="If you tap a permanent for mana, it produces twice as much of that mana instead.",
    mana_replacement=_doubled_if_yours,
)


def _black_if_land(effect_source: Any, tapped: Any, mana: tuple[str, ...]) -> tuple[str, ...]:
    """Contamination: a land tapped for mana produces {B} instead of any other type."""
    return tuple("B" for _ in mana) if tapped.definition.has_type("land") else mana


CONTAMINATION = CardDef(
    name="Contamination",
    mana_cost="{2}{B}",
    types=frozenset({"enchantment"}),
    oracle_text=(
        "At the beginning of your upkeep, sacrifice Contamination unless you sacrifice a creature.\n"
        "If a land is tapped for mana, it produces {B} instead of any other type."
    ),
    mana_replacement=_black_if_land,
    not_implemented="the upkeep sacrifice (the engine has no upkeep step)",
)

MOX_AMBER = CardDef(
    name="Mox Amber",
    mana_cost="{0}",
    types=frozenset({"artifact"}),
    supertypes=frozenset({"legendary"}),
    oracle_text="{T}: Add one mana of any color among legendary creatures and planeswalkers you control.",
    not_implemented="its mana ability",
)

CARDS = (LLANOWAR_ELVES, ZHUR_TAA_DRUID, FELLWAR_STONE, ASHNODS_ALTAR, PILI_PALA, MANA_REFLECTION, CONTAMINATION, MOX_AMBER)
