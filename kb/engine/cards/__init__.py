"""The card definitions the engine knows, by exact Oracle name."""

from __future__ import annotations

from functools import cache

from kb.engine.cards.definitions import CardDef
from kb.engine.errors import UnknownCard


@cache
def catalogue() -> dict[str, CardDef]:
    """Every known card by name (loaded on first use, so definitions can use engine modules)."""
    from kb.engine.cards import creatures, lands, mana_sources, seed, spells

    found: dict[str, CardDef] = {}
    for module in (seed, lands, mana_sources, creatures, spells):
        for definition in module.CARDS:
            if definition.name in found:
                raise ValueError(f"card {definition.name!r} is defined twice")
            found[definition.name] = definition
    return found


def definition_of(name: str) -> CardDef:
    """The definition of the card called `name`; raises UnknownCard (with suggestions) otherwise."""
    try:
        return catalogue()[name]
    except KeyError:
        raise UnknownCard(name, catalogue()) from None


def known_cards() -> list[str]:
    return sorted(catalogue())
