"""Instants and sorceries the scenarios need."""

from __future__ import annotations

from kb.engine.cards.definitions import (
    ANY_TARGET,
    TARGET_CREATURE,
    ActivatedAbility,
    CardDef,
    Cost,
    Permanents,
)
from kb.engine.effects import EffectContext
from kb.engine.state import Zone

INSTANT = frozenset({"instant"})
SORCERY = frozenset({"sorcery"})


def _draw(count: int):  # type: ignore[no-untyped-def]
    def effect(ctx: EffectContext) -> None:
        ctx.draw(count)

    return effect


def _deal(amount: int):  # type: ignore[no-untyped-def]
    def effect(ctx: EffectContext) -> None:
        ctx.damage(ctx.target, amount)

    return effect


LIGHTNING_BOLT = CardDef(
    name="Lightning Bolt",
    mana_cost="{R}",
    types=INSTANT,
    oracle_text="Lightning Bolt deals 3 damage to any target.",
    spell_effect=_deal(3),
    spell_target=ANY_TARGET,
)

DIVINATION = CardDef(name="Divination", mana_cost="{2}{U}", types=SORCERY, oracle_text="Draw two cards.", spell_effect=_draw(2))

HIEROGLYPHIC_ILLUMINATION = CardDef(
    name="Hieroglyphic Illumination",
    mana_cost="{3}{U}",
    types=INSTANT,
    oracle_text="Draw two cards.\nCycling {U} ({U}, Discard this card: Draw a card.)",
    spell_effect=_draw(2),
    activated=(ActivatedAbility("cycling", "Cycling {U}", Cost(mana="{U}", discard_self=True), _draw(1), zone=Zone.HAND),),
)

VILLAGE_RITES = CardDef(
    name="Village Rites",
    mana_cost="{B}",
    types=INSTANT,
    oracle_text="As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.",
    additional_cost=Cost(sacrifice=Permanents("a creature", 1, lambda d: d.has_type("creature"))),
    spell_effect=_draw(2),
)

CATHARTIC_REUNION = CardDef(
    name="Cathartic Reunion",
    mana_cost="{1}{R}",
    types=SORCERY,
    oracle_text="As an additional cost to cast this spell, discard two cards.\nDraw three cards.",
    additional_cost=Cost(discard_cards=2),
    spell_effect=_draw(3),
)

FIREBLAST = CardDef(
    name="Fireblast",
    mana_cost="{4}{R}{R}",
    types=INSTANT,
    oracle_text=(
        "You may sacrifice two Mountains rather than pay this spell's mana cost.\nFireblast deals 4 damage to any target."
    ),
    alternative_cost=Cost(sacrifice=Permanents("two Mountains", 2, lambda d: "Mountain" in d.subtypes)),
    spell_effect=_deal(4),
    spell_target=ANY_TARGET,
)

TREASURE_CRUISE = CardDef(
    name="Treasure Cruise",
    mana_cost="{7}{U}",
    types=SORCERY,
    keywords=frozenset({"delve"}),
    oracle_text="Delve (Each card you exile from your graveyard while casting this spell pays for {1}.)\nDraw three cards.",
    spell_effect=_draw(3),
)


def _swords(ctx: EffectContext) -> None:
    creature = ctx.target
    power, controller = creature.power or 0, creature.controller
    ctx.exile([creature])
    ctx.gain_life(controller, power)


SWORDS_TO_PLOWSHARES = CardDef(
    name="Swords to Plowshares",
    mana_cost="{W}",
    types=INSTANT,
    oracle_text="Exile target creature. Its controller gains life equal to its power.",
    spell_effect=_swords,
    spell_target=TARGET_CREATURE,
)


def _unsummon(ctx: EffectContext) -> None:
    ctx.return_to_hand(ctx.target)


UNSUMMON = CardDef(
    name="Unsummon",
    mana_cost="{U}",
    types=INSTANT,
    oracle_text="Return target creature to its owner's hand.",
    spell_effect=_unsummon,
    spell_target=TARGET_CREATURE,
)

CARDS = (
    LIGHTNING_BOLT,
    DIVINATION,
    HIEROGLYPHIC_ILLUMINATION,
    VILLAGE_RITES,
    CATHARTIC_REUNION,
    FIREBLAST,
    TREASURE_CRUISE,
    SWORDS_TO_PLOWSHARES,
    UNSUMMON,
)
