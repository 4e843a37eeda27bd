"""The knowledge base's own indexes and orders."""

from __future__ import annotations

from datetime import date

from kb.model import Card, Origin, Ruling, ruling_id
from kb.store import assemble

HERE = Origin("cards.json", 1)


def test_rulings_of_one_date_are_in_ordinal_order_as_numbers() -> None:
    card = Card(name="Opt", origin=HERE)
    day = date(2020, 1, 1)
    rulings = [Ruling(ruling_id("opt", day, n), f"Ruling {n}.", HERE, card="opt", date=day) for n in (1, 10, 11, 2, 3)]
    rulings.append(Ruling(ruling_id("opt", date(2019, 5, 5), 1), "Older.", HERE, card="opt", date=date(2019, 5, 5)))
    kb = assemble([card], rulings)
    assert [r.text for r in kb.card_rulings("opt")] == [
        "Older.",
        "Ruling 1.",
        "Ruling 2.",
        "Ruling 3.",
        "Ruling 10.",
        "Ruling 11.",
    ]
