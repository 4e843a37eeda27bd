"""The cards the engine ships: `shipped.yaml`, composed from parts exactly as authors' declared cards are.

Each record is a card's printed facts plus `engine:`, its list of parts (`kb.engine.cards.parts.compose`).
A mistake is one error naming shipped.yaml, the card's line and what to fix.
"""

from __future__ import annotations

from dataclasses import fields
from importlib import resources
from typing import Any

import yaml

from kb.engine.cards.definitions import CardDef
from kb.engine.cards.parts import DefinitionError, Facts, compose

SHIPPED = "shipped.yaml"
_FACTS = {f.name for f in fields(Facts)}


def shipped_cards() -> list[CardDef]:
    """Every card in shipped.yaml, in the order written."""
    text = resources.files(__package__).joinpath(SHIPPED).read_text(encoding="utf-8")
    nodes = yaml.compose(text, Loader=yaml.SafeLoader)
    records = yaml.safe_load(text)
    return [_card(record, node.start_mark.line + 1) for record, node in zip(records, nodes.value, strict=True)]


def _card(record: dict[str, Any], line: int) -> CardDef:
    unknown = sorted(set(record) - _FACTS - {"engine"})
    try:
        if unknown or "engine" not in record:
            raise DefinitionError(f"a shipped card is its facts ({', '.join(sorted(_FACTS))}) and engine:, not {unknown}")
        facts = Facts(**{key: value for key, value in record.items() if key != "engine"})
        return compose(facts, [next(iter(part.items())) for part in record["engine"]])
    except DefinitionError as error:
        raise DefinitionError(f"{SHIPPED}:{line}: {record.get('name')}: {error.message}", error.at) from None
