"""Color (rule 202.2): an object is the colors of the mana symbols in its mana cost, hybrid and Phyrexian
symbols included (202.2d); and an effect that names a color checks only for that color (608.2j)."""

from __future__ import annotations

import re

from kb.engine.cards.definitions import CardDef
from kb.engine.mana_symbols import COLORS
from kb.engine.rules_registry import implements

NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SYMBOL = re.compile(r"\{([^}]+)\}")


@implements("202.2", "an object is the color or colors of the mana symbols in its mana cost", when_ablated=lambda _d: frozenset())
def colors_of(definition: CardDef) -> frozenset[str]:
    """'W', 'B' … for each color among the symbols of the mana cost; a hybrid symbol is all its colors (202.2d)."""
    found: set[str] = set()
    for symbol in _SYMBOL.findall(definition.mana_cost):
        found.update(part for part in symbol.split("/") if part in COLORS)
    return frozenset(found)


def color_names(definition: CardDef) -> list[str]:
    """['white', 'black'] in WUBRG order, or ['colorless']."""
    colors = colors_of(definition)
    return [NAMES[c] for c in COLORS if c in colors] or ["colorless"]


def _only_that_color(definition: CardDef, color: str) -> bool:
    """Without rule 608.2j an effect naming a color would look at the object's other colors too: only an
    object of that color alone would match."""
    return colors_of(definition) == {color}


@implements(
    "608.2j",
    "an effect that refers to a color checks only for that color, whatever other colors the object has",
    when_ablated=_only_that_color,
)
def has_color(definition: CardDef, color: str) -> bool:
    return color in colors_of(definition)
