"""Lands: the basics, Wastes, Exotic Orchard and Bojuka Bog."""

from __future__ import annotations

from kb.engine.cards.definitions import (
    TARGET_PLAYER,
    ActivatedAbility,
    CardDef,
    Cost,
    ManaProduction,
    TriggeredAbility,
    when_self_enters,
)
from kb.engine.effects import EffectContext


def tap_for(symbol: str) -> ActivatedAbility:
    return ActivatedAbility("mana", f"{{T}}: Add {{{symbol}}}.", Cost(tap=True), produces=ManaProduction(fixed=symbol))


def tap_for_what_opponents_lands_could_produce() -> ActivatedAbility:
    """Exotic Orchard's and Fellwar Stone's ability (rule 106.7)."""
    return ActivatedAbility(
        "mana",
        "{T}: Add one mana of any color that a land an opponent controls could produce.",
        Cost(tap=True),
        produces=ManaProduction(opponents_lands_could_produce=True),
    )


def basic(name: str, symbol: str) -> CardDef:
    return CardDef(
        name=name,
        types=frozenset({"land"}),
        supertypes=frozenset({"basic"}),
        subtypes=frozenset({name}),
        oracle_text=f"({{T}}: Add {{{symbol}}}.)",
        activated=(tap_for(symbol),),
    )


WASTES = CardDef(
    name="Wastes",
    types=frozenset({"land"}),
    supertypes=frozenset({"basic"}),
    oracle_text="{T}: Add {C}.",
    activated=(tap_for("C"),),
)

EXOTIC_ORCHARD = CardDef(
    name="Exotic Orchard",
    types=frozenset({"land"}),
    oracle_text="{T}: Add one mana of any color that a land an opponent controls could produce.",
    activated=(tap_for_what_opponents_lands_could_produce(),),
)


def _exile_targets_graveyard(ctx: EffectContext) -> None:
    ctx.exile(ctx.target.graveyard)


BOJUKA_BOG = CardDef(
    name="Bojuka Bog",
    types=frozenset({"land"}),
    oracle_text="Bojuka Bog enters tapped.\nWhen Bojuka Bog enters, exile target player's graveyard.\n{T}: Add {B}.",
    enters_tapped=True,
    triggered=(
        TriggeredAbility(
            "enters",
            "When Bojuka Bog enters, exile target player's graveyard.",
            when_self_enters(),
            _exile_targets_graveyard,
            target=TARGET_PLAYER,
        ),
    ),
    activated=(tap_for("B"),),
)

CARDS = (
    basic("Plains", "W"),
    basic("Island", "U"),
    basic("Swamp", "B"),
    basic("Mountain", "R"),
    basic("Forest", "G"),
    WASTES,
    EXOTIC_ORCHARD,
    BOJUKA_BOG,
)
