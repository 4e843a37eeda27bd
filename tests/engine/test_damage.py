"""One damage event: prevention first, then results and the replacement effects on them (rule 120.4)."""

from __future__ import annotations

from kb.engine import Game
from kb.engine.damage import Damage, add_shield, deal_damage


def bolt(game: Game, target) -> None:
    alice = game.players[0]
    spell = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    game.cast(spell, targets=[target])
    game.resolve()


def test_a_shield_lasts_this_turn_only(game, alice, bob) -> None:
    add_shield(game, 2, to=bob)
    bolt(game, bob)
    assert bob.life == 19  # 2 of the 3 prevented, the shield used up
    add_shield(game, 3, to=bob)
    game.next_turn()
    game.next_turn()
    bolt(game, bob)
    assert bob.life == 16  # last turn's shield is gone (rule 514.2)


def test_worship_needs_its_controller_to_control_a_creature(game, alice, bob) -> None:
    bob.state.life = 3
    game.battlefield_add("Worship", bob)
    bolt(game, bob)
    assert (bob.life, bob.has_lost) == (0, True)


def test_worship_keeps_a_player_with_a_creature_at_1(game, alice, bob) -> None:
    bob.state.life = 3
    game.battlefield_add("Worship", bob)
    game.battlefield_add("Grizzly Bears", bob)
    bolt(game, bob)
    assert (bob.life, bob.has_lost) == (1, False)


def test_boon_reflection_doubles_life_gain_from_any_source(game, alice, bob) -> None:
    game.battlefield_add("Boon Reflection", alice)
    healer = game.battlefield_add("Samite Healer", bob, summoning_sick=False)
    add_shield(game, None, source=healer, gain_life=alice)  # Awe Strike's shield, made by Alice
    assert alice.life == 20
    deal_damage(game, [Damage(healer, alice, 1)])
    assert alice.life == 22  # the 1 damage prevented, 1 life gained, doubled
