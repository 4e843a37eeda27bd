"""The card definitions the engine knows, by exact Oracle name.

The engine ships a few cards of its own (the seed rulings' neighbours), declared in `shipped.yaml` with the
parts authors use. Authors declare more where they write rulings; those are given to the engine with
`declared(...)` (for every game started in the block) or `Game(cards=...)` (for one game), never by
editing the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from types import MappingProxyType

from kb.engine.cards.definitions import CardDef
from kb.engine.errors import UnknownCard

_DECLARED: ContextVar[Mapping[str, CardDef]] = ContextVar("kb_engine_declared_cards", default=MappingProxyType({}))


@cache
def catalogue() -> dict[str, CardDef]:
    """Every card the engine ships, by name (loaded on first use, so definitions can use engine modules)."""
    from kb.engine.cards.shipped import shipped_cards

    found: dict[str, CardDef] = {}
    for definition in shipped_cards():
        if definition.name in found:
            raise ValueError(f"card {definition.name!r} is defined twice")
        found[definition.name] = definition
    return found


@contextmanager
def declared(definitions: Iterable[CardDef]) -> Iterator[None]:
    """Make `definitions` known to every game created inside the block (they win over shipped cards)."""
    token = _DECLARED.set({**_DECLARED.get(), **by_name(definitions)})
    try:
        yield
    finally:
        _DECLARED.reset(token)


def by_name(definitions: Iterable[CardDef]) -> dict[str, CardDef]:
    """Definitions by name, with the tokens each one creates."""
    found: dict[str, CardDef] = {}
    for definition in definitions:
        found.update({token.name: token for token in definition.tokens})
        found[definition.name] = definition
    return found


def in_scope() -> dict[str, CardDef]:
    """The cards known right now: shipped ones, then those declared around the caller."""
    return {**catalogue(), **_DECLARED.get()}


def definition_of(name: str, known: Mapping[str, CardDef] | None = None) -> CardDef:
    """The definition of the card called `name`; raises UnknownCard (with suggestions) otherwise."""
    cards = in_scope() if known is None else known
    try:
        return cards[name]
    except KeyError:
        raise UnknownCard(name, cards) from None


def known_cards() -> list[str]:
    return sorted(in_scope())
