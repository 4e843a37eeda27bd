"""A small Magic: The Gathering rules engine, deep enough to stage the seed rulings.

    from kb.engine import Game, expect_illegal

    game = Game()
    alice, bob = game.players
    elves = game.battlefield_add("Llanowar Elves", alice)        # just arrived: summoning sick
    with expect_illegal(code="summoning-sick"):
        game.activate_mana_ability(elves)

It imports nothing of `kb` outside this package.
"""

from kb.engine import abilities, casting, costs, keywords, mana, priority, replacement, stack, triggers, turn, zones
from kb.engine import copies, entering, keyword_actions, layers, power_toughness  # noqa: F401  (they register rules)
from kb.engine.cards import parts  # noqa: F401  (its parts register rules: 611.2c)
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
    "costs",
    "definition_of",
    "expect_illegal",
    "expect_legal",
    "implemented_rules",
    "implements",
    "keywords",
    "known_cards",
    "mana",
    "priority",
    "replacement",
    "stack",
    "tracking",
    "triggers",
    "turn",
    "zones",
]
