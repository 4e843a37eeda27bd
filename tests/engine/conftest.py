from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from kb.card_definitions import engine_definitions
from kb.engine import Game, Player
from kb.engine.cards import declared
from kb.engine.cards.definitions import CardDef
from kb.sources.content import load_content

CONTENT = Path(__file__).resolve().parents[2] / "content"


@cache
def content_cards() -> tuple[CardDef, ...]:
    """The cards authors declare in content/cards/ (the seed cards among them)."""
    return tuple(engine_definitions(load_content(CONTENT).cards))


@pytest.fixture(autouse=True)
def _content_cards_known() -> Iterator[None]:
    """Engine tests play with the cards declared in content/, as examples do."""
    with declared(content_cards()):
        yield


@pytest.fixture
def game() -> Game:
    return Game()


@pytest.fixture
def alice(game: Game) -> Player:
    return game.players[0]


@pytest.fixture
def bob(game: Game) -> Player:
    return game.players[1]
