"""Creatures and other permanents the scenarios need."""

from __future__ import annotations

from typing import Any

from kb.engine.cards.definitions import (
    CardDef,
    Target,
    TriggeredAbility,
    when_self_cast,
    when_self_enters,
    whenever_you_cast,
)
from kb.engine.effects import EffectContext
from kb.engine.keywords import is_historic
from kb.engine.state import Zone

GRIZZLY_BEARS = CardDef(
    name="Grizzly Bears", mana_cost="{1}{G}", types=frozenset({"creature"}), subtypes=frozenset({"Bear"}), power=2, toughness=2
)

CRAW_WURM = CardDef(
    name="Craw Wurm", mana_cost="{4}{G}{G}", types=frozenset({"creature"}), subtypes=frozenset({"Wurm"}), power=6, toughness=4
)

ISAMARU = CardDef(
    name="Isamaru, Hound of Konda",
    mana_cost="{W}",
    types=frozenset({"creature"}),
    supertypes=frozenset({"legendary"}),
    subtypes=frozenset({"Dog"}),
    power=2,
    toughness=2,
)

WALKING_BALLISTA = CardDef(
    name="Walking Ballista",
    mana_cost="{X}{X}",
    types=frozenset({"artifact", "creature"}),
    subtypes=frozenset({"Construct"}),
    power=0,
    toughness=0,
    oracle_text=(
        "Walking Ballista enters with X +1/+1 counters on it.\n"
        "{4}: Put a +1/+1 counter on Walking Ballista.\n"
        "Remove a +1/+1 counter from Walking Ballista: It deals 1 damage to any target."
    ),
    enters_with_x_counters=True,
    not_implemented="its two activated abilities",
)


def _cascade(ctx: EffectContext) -> None:
    ctx.cascade()


BLOODBRAID_ELF = CardDef(
    name="Bloodbraid Elf",
    mana_cost="{2}{R}{G}",
    types=frozenset({"creature"}),
    subtypes=frozenset({"Elf", "Berserker"}),
    power=3,
    toughness=2,
    keywords=frozenset({"cascade", "haste"}),
    oracle_text="Cascade\nHaste",
    triggered=(TriggeredAbility("cascade", "Cascade", when_self_cast(), _cascade, zones=frozenset({Zone.STACK})),),
)


def _discover_3(ctx: EffectContext) -> None:
    ctx.discover(3)


GEOLOGICAL_APPRAISER = CardDef(
    name="Geological Appraiser",
    mana_cost="{2}{R}{R}",
    types=frozenset({"creature"}),
    subtypes=frozenset({"Human", "Artificer"}),
    power=3,
    toughness=2,
    oracle_text="When Geological Appraiser enters, if you cast it, discover 3.",
    triggered=(
        TriggeredAbility(
            "enters",
            "When Geological Appraiser enters, if you cast it, discover 3.",
            when_self_enters(),
            _discover_3,
            intervening_if=lambda source: source.state.was_cast,
        ),
    ),
)


def _artifact_card_in_your_graveyard(source: Any, candidate: Any) -> bool:
    return (
        hasattr(candidate, "card_id")
        and candidate.zone is Zone.GRAVEYARD
        and candidate.owner == source.controller
        and candidate.definition.has_type("artifact")
    )


def _return_target(ctx: EffectContext) -> None:
    ctx.return_to_hand(ctx.target)


def _grow(ctx: EffectContext) -> None:
    ctx.put_counters(ctx.source, 1)


DARING_ARCHAEOLOGIST = CardDef(
    name="Daring Archaeologist",
    mana_cost="{3}{W}",
    types=frozenset({"creature"}),
    subtypes=frozenset({"Human", "Artificer"}),
    power=3,
    toughness=3,
    oracle_text=(
        "When Daring Archaeologist enters, you may return target artifact card from your graveyard to your hand.\n"
        "Whenever you cast a historic spell, put a +1/+1 counter on Daring Archaeologist. "
        "(Artifacts, legendaries, and Sagas are historic.)"
    ),
    triggered=(
        TriggeredAbility(
            "enters",
            "When Daring Archaeologist enters, you may return target artifact card from your graveyard to your hand.",
            when_self_enters(),
            _return_target,
            target=Target("target artifact card in your graveyard", _artifact_card_in_your_graveyard),
            optional=True,
        ),
        TriggeredAbility(
            "historic",
            "Whenever you cast a historic spell, put a +1/+1 counter on Daring Archaeologist.",
            whenever_you_cast(is_historic, "historic"),
            _grow,
        ),
    ),
)

BONESPLITTER = CardDef(
    name="Bonesplitter",
    mana_cost="{1}",
    types=frozenset({"artifact"}),
    subtypes=frozenset({"Equipment"}),
    oracle_text="Equipped creature gets +2/+0.\nEquip {1}",
    not_implemented="equipping",
)

HISTORY_OF_BENALIA = CardDef(
    name="History of Benalia",
    mana_cost="{1}{W}{W}",
    types=frozenset({"enchantment"}),
    subtypes=frozenset({"Saga"}),
    oracle_text=(
        "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\n"
        "I, II — Create a 2/2 white Knight creature token with vigilance.\n"
        "III — Knights you control get +2/+1 until end of turn."
    ),
    not_implemented="its chapter abilities",
)

CARDS = (
    GRIZZLY_BEARS,
    CRAW_WURM,
    ISAMARU,
    WALKING_BALLISTA,
    BLOODBRAID_ELF,
    GEOLOGICAL_APPRAISER,
    DARING_ARCHAEOLOGIST,
    BONESPLITTER,
    HISTORY_OF_BENALIA,
)
