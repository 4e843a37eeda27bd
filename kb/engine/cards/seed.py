"""The cards of the seed rulings pages: Rona, Laelia and Jodah."""

from __future__ import annotations

from typing import Any

from kb.engine.cards.definitions import (
    ActivatedAbility,
    CardDef,
    Cost,
    Target,
    TriggeredAbility,
    when_self_attacks,
    when_self_enters,
    whenever_cards_exiled_from_your_library_or_graveyard,
)
from kb.engine.effects import EffectContext
from kb.engine.keywords import is_historic
from kb.engine.state import Zone


def _historic_card_in_your_graveyard(source: Any, candidate: Any) -> bool:
    return (
        hasattr(candidate, "card_id")
        and candidate.zone is Zone.GRAVEYARD
        and candidate.owner == source.controller
        and is_historic(candidate.definition)
    )


def _rona_exiles_target(ctx: EffectContext) -> None:
    card = ctx.target
    ctx.exile([card])
    ctx.link_to_source(card)


def _rona_exiles_top(ctx: EffectContext) -> None:
    card = ctx.exile_top_card()
    if card is not None:
        ctx.link_to_source(card)


RONA = CardDef(
    name="Rona, Disciple of Gix",
    mana_cost="{1}{U}{B}",
    types=frozenset({"creature"}),
    supertypes=frozenset({"legendary"}),
    subtypes=frozenset({"Human", "Artificer"}),
    power=2,
    toughness=2,
    oracle_text=(
        "When Rona, Disciple of Gix enters, you may exile target historic card from your graveyard. "
        "(Artifacts, legendaries, and Sagas are historic.)\n"
        "You may cast spells from among cards exiled with Rona.\n"
        "{4}, {T}: Exile the top card of your library."
    ),
    triggered=(
        TriggeredAbility(
            "enters",
            "When Rona enters, you may exile target historic card from your graveyard.",
            when_self_enters(),
            _rona_exiles_target,
            target=Target("target historic card in your graveyard", _historic_card_in_your_graveyard, rule="700.6"),
            optional=True,
        ),
    ),
    activated=(
        ActivatedAbility(
            "exile-top", "{4}, {T}: Exile the top card of your library.", Cost(mana="{4}", tap=True), _rona_exiles_top
        ),
    ),
    casts_linked_exile=True,
)


def _laelia_exiles_top(ctx: EffectContext) -> None:
    card = ctx.exile_top_card()
    if card is not None:
        ctx.allow_play_this_turn(card)


def _laelia_grows(ctx: EffectContext) -> None:
    ctx.put_counters(ctx.source, 1)


LAELIA = CardDef(
    name="Laelia, the Blade Reforged",
    mana_cost="{2}{R}",
    types=frozenset({"creature"}),
    supertypes=frozenset({"legendary"}),
    subtypes=frozenset({"Spirit", "Warrior"}),
    power=2,
    toughness=2,
    keywords=frozenset({"haste"}),
    oracle_text=(
        "Haste\n"
        "Whenever Laelia, the Blade Reforged attacks, exile the top card of your library. You may play that card this turn.\n"
        "Whenever one or more cards are put into exile from your library and/or your graveyard, put a +1/+1 counter on Laelia."
    ),
    triggered=(
        TriggeredAbility(
            "attacks",
            "Whenever Laelia attacks, exile the top card of your library. You may play that card this turn.",
            when_self_attacks(),
            _laelia_exiles_top,
        ),
        TriggeredAbility(
            "grows",
            "Whenever one or more cards are put into exile from your library and/or your graveyard, "
            "put a +1/+1 counter on Laelia.",
            whenever_cards_exiled_from_your_library_or_graveyard(),
            _laelia_grows,
        ),
    ),
)

JODAH = CardDef(
    name="Jodah, Archmage Eternal",
    mana_cost="{1}{U}{R}{W}",
    types=frozenset({"creature"}),
    supertypes=frozenset({"legendary"}),
    subtypes=frozenset({"Human", "Wizard"}),
    power=4,
    toughness=3,
    keywords=frozenset({"flying"}),
    oracle_text="Flying\nYou may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.",
    grants_alternative_cost="{W}{U}{B}{R}{G}",
)

CARDS = (RONA, LAELIA, JODAH)
