"""Replacement effects on going to a graveyard, and the affected player's choice among several (rule 616.1)."""

from __future__ import annotations

from kb.engine import Game, creature, expect_illegal
from kb.engine.cards.definitions import CardDef
from kb.engine.graveyard_replacements import EXILE_INSTEAD, SHUFFLE_INSTEAD

CARDS = [
    CardDef(name="Exiler", mana_cost="{1}{W}", types=frozenset({"enchantment"}), keywords=frozenset({EXILE_INSTEAD})),
    creature("Returner", 2, 2, SHUFFLE_INSTEAD),
]


def test_a_resolved_spell_is_exiled_instead_of_going_to_the_graveyard() -> None:
    game = Game(cards=CARDS)
    alice, bob = game.players
    game.battlefield_add("Exiler", bob)
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    game.cast(bolt, targets=[bob])
    game.resolve()
    assert (bolt.zone, bob.life) == ("exile", 17)


def test_a_stated_effect_that_does_not_apply_is_refused() -> None:
    game = Game(cards=CARDS)
    alice, bob = game.players
    game.battlefield_add("Exiler", bob)
    returner = game.battlefield_add("Returner", alice)
    bears = game.battlefield_add("Grizzly Bears", alice)
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    game.cast(bolt, targets=[returner])
    alice.will_apply_first(bears)
    with expect_illegal(code="replacement-not-applicable", rule="616.1"):
        game.resolve()
    assert returner.zone == "battlefield"
    alice.will_apply_first(returner)
    game.resolve()
    assert (returner.zone, bolt.zone) == ("library", "exile")
