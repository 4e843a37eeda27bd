"""Mana symbols and their text form: the six types of mana (rule 106.1b)."""

from __future__ import annotations

from collections.abc import Iterable

COLORS = ("W", "U", "B", "R", "G")
ORDER = (*COLORS, "C")  # the five colors, then colorless
MANA_TYPES = frozenset(ORDER)


def format_mana(symbols: Iterable[str]) -> str:
    """('G', 'G') -> '{G}{G}', in WUBRGC order."""
    ordered = sorted(symbols, key=ORDER.index)
    return "".join(f"{{{s}}}" for s in ordered)


def parse_symbols(text: str) -> list[str]:
    """'{G}{G}' -> ['G', 'G']; also accepts bare 'GG'."""
    cleaned = text.replace("{", "").replace("}", "")
    return list(cleaned)
