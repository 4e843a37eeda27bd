from __future__ import annotations

import pytest

from kb.engine import Game, Player


@pytest.fixture
def game() -> Game:
    return Game()


@pytest.fixture
def alice(game: Game) -> Player:
    return game.players[0]


@pytest.fixture
def bob(game: Game) -> Player:
    return game.players[1]
