"""Engine definitions of the cards authors declare in content/ (`engine:` of a card, or `cards:` of an example).

The card's printed facts (name, mana cost, type line, P/T, Oracle text) are its record's own fields,
written once; `engine:` lists the parts its abilities are composed of (`kb.engine.cards.parts`). A
mistake is one `file:line` error pointing at the part or setting to fix.
"""

from __future__ import annotations

from collections.abc import Iterable

from kb.engine.cards.definitions import CardDef
from kb.engine.cards.parts import DefinitionError, Facts, compose
from kb.errors import ContentError, KbError, raise_all
from kb.model import Card, Origin


def engine_definition(card: Card) -> CardDef:
    """The engine definition of a card record that declares one (`card.engine` is not None)."""
    assert card.engine is not None
    facts = Facts(card.name, card.mana_cost, card.type_line, card.oracle_text, card.power, card.toughness)
    try:
        return compose(facts, [(part.name, part.value) for part in card.engine])
    except DefinitionError as error:
        index = error.at[0] if error.at and isinstance(error.at[0], int) else None
        if index is None:
            where = card.origin  # a printed fact: the card's own fields
        else:
            part = card.engine[index]
            where = Origin(part.origin.path, part.line_of(error.at[1:]))
        raise ContentError(
            f"in the engine definition of {card.name}: {error.message}",
            where,
            "see 'Declaring a card' in examples/writing-examples.md",
        ) from None


def engine_definitions(cards: Iterable[Card]) -> list[CardDef]:
    """Every declared definition among `cards`; all mistakes are raised together."""
    found: list[CardDef] = []
    errors: list[KbError] = []
    for card in cards:
        if card.engine is None:
            continue
        try:
            found.append(engine_definition(card))
        except ContentError as error:
            errors.append(error)
    raise_all(errors)
    return found
