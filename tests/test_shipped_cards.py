"""The cards the engine ships, and those declared in content/, say what the real cards say: name, mana cost,
type line, power and toughness.

A typo in a shipped card's printed facts would make every example using it prove a ruling about a card
that doesn't exist; the real MTGJSON data in ../shared/data/ is the reference.
"""

from __future__ import annotations

from real_data import MTGJSON, REPO, mtgjson_entries, require

from kb.card_definitions import engine_definitions
from kb.engine.cards import catalogue
from kb.engine.cards.vocabulary import type_line
from kb.sources.content import load_content


def _int_or_none(value: str | None) -> int | None:
    return None if value is None else int(value)


def test_shipped_cards_match_the_real_card_data() -> None:
    require(MTGJSON)
    real = mtgjson_entries()
    mismatches = []
    compared = 0
    cards = {**catalogue(), **{d.name: d for d in engine_definitions(load_content(REPO / "content").cards)}}
    for name, definition in sorted(cards.items()):
        if name not in real:  # printed after the data (April 2022), e.g. Geological Appraiser
            continue
        compared += 1
        face = real[name][0]
        printed = type_line(face["type"])
        engine = (definition.mana_cost, definition.types, definition.supertypes, definition.subtypes)
        expected = (face.get("manaCost", ""), printed.types, printed.supertypes, printed.subtypes)
        stats = (definition.power, definition.toughness)
        expected_stats = (_int_or_none(face.get("power")), _int_or_none(face.get("toughness")))
        if engine != expected or stats != expected_stats:
            mismatches.append(f"{name}: engine {engine} {stats}, card {expected} {expected_stats}")
    assert not mismatches, "\n".join(mismatches)
    assert compared >= len(cards) - 2
