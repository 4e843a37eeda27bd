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
    chosen,
    colors,
    combat,
    copies,
    costs,
    damage,
    delayed,
    effect_choices,
    entering,
    hybrid,
    keyword_actions,
    keywords,
    kicker,
    land_plays,
    layers,
    mana,
    modes,
    partial_effects,
    power_toughness,
    priority,
    prohibitions,
    reflexive,
    replacement,
    resolution_costs,
    retargeting,
    stack,
    state_triggers,
    tapping,
    triggers,
    turn,
    until,
    upkeep,
    zones,
)
from kb.engine.cards import definition_of, known_cards
from kb.engine.cards.described import creature, instant
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
    "chosen",
    "colors",
    "combat",
    "copies",
    "costs",
    "creature",
    "damage",
    "definition_of",
    "delayed",
    "effect_choices",
    "entering",
    "expect_illegal",
    "expect_legal",
    "hybrid",
    "implemented_rules",
    "implements",
    "instant",
    "keyword_actions",
    "keywords",
    "kicker",
    "known_cards",
    "land_plays",
    "layers",
    "mana",
    "modes",
    "partial_effects",
    "power_toughness",
    "priority",
    "prohibitions",
    "reflexive",
    "replacement",
    "resolution_costs",
    "retargeting",
    "stack",
    "state_triggers",
    "tapping",
    "tracking",
    "triggers",
    "turn",
    "until",
    "upkeep",
    "zones",
]
