"""A small Magic: The Gathering rules engine, deep enough to stage the seed rulings.

    from kb.engine import Game, expect_illegal

    game = Game()
    alice, bob = game.players
    elves = game.battlefield_add("Llanowar Elves", alice)        # just arrived: summoning sick
    with expect_illegal(code="summoning-sick"):
        game.activate_mana_ability(elves)

It imports nothing of `kb` outside this package.
"""

from kb.engine import (
    abilities,
    casting,
    copies,
    costs,
    entering,
    keyword_actions,
    keywords,
    layers,
    mana,
    power_toughness,
    priority,
    replacement,
    stack,
    triggers,
    turn,
    zones,
)
from kb.engine.cards import definition_of, known_cards
from kb.engine.errors import EngineError, IllegalAction, MissingChoice, UnknownCard, UnknownRule
from kb.engine.game import Game
from kb.engine.handles import Card, Player
from kb.engine.rules_registry import ablated, implemented_rules, implements, tracking
from kb.engine.scenario import NotRefused, Refusal, WronglyRefused, WrongRefusal, expect_illegal, expect_legal
from kb.engine.state import Zone

__all__ = [
    "Card",
    "EngineError",
    "Game",
    "IllegalAction",
    "MissingChoice",
    "NotRefused",
    "Player",
    "Refusal",
    "UnknownCard",
    "UnknownRule",
    "WrongRefusal",
    "WronglyRefused",
    "Zone",
    "abilities",
    "ablated",
    "casting",
    "copies",
    "costs",
    "definition_of",
    "entering",
    "expect_illegal",
    "expect_legal",
    "implemented_rules",
    "implements",
    "keyword_actions",
    "keywords",
    "known_cards",
    "layers",
    "mana",
    "power_toughness",
    "priority",
    "replacement",
    "stack",
    "tracking",
    "triggers",
    "turn",
    "zones",
]
