"""Continuous effects: durations, layers in order, and what ends them."""

from __future__ import annotations

from kb.engine import Game, Player
from kb.engine.cards.parts import Facts, compose
from kb.engine.continuous import (
    AS_LONG_AS_YOU_CONTROL_SOURCE,
    UNTIL_END_OF_TURN,
    UNTIL_YOUR_NEXT_TURN,
    start_effect,
)


def test_until_your_next_turn_lasts_through_the_opponents_turn(game: Game, alice: Player, bob: Player) -> None:
    source = game.battlefield_add("Grizzly Bears", alice)
    wurm = game.battlefield_add("Craw Wurm", bob)
    start_effect(game, alice, source, [wurm], "control", UNTIL_YOUR_NEXT_TURN, new_controller=alice.index)
    assert wurm.controller == alice
    game.next_turn()  # Bob's turn: still Alice's
    assert wurm.controller == alice
    game.next_turn()  # Alice's next turn begins: the effect ends
    assert wurm.controller == bob


def test_as_long_as_you_control_ends_when_control_of_the_source_changes(game: Game, alice: Player, bob: Player) -> None:
    source = game.battlefield_add("Grizzly Bears", alice)
    wurm = game.battlefield_add("Craw Wurm", bob)
    start_effect(game, alice, source, [wurm], "control", AS_LONG_AS_YOU_CONTROL_SOURCE, new_controller=alice.index)
    assert wurm.controller == alice
    start_effect(game, bob, wurm, [source], "control", UNTIL_END_OF_TURN, new_controller=bob.index)
    assert (source.controller, wurm.controller) == (bob, bob)


def test_later_control_effects_win_and_a_change_of_control_makes_it_sick(game: Game, alice: Player, bob: Player) -> None:
    source = game.battlefield_add("Grizzly Bears", alice)
    wurm = game.battlefield_add("Craw Wurm", bob, summoning_sick=False)
    start_effect(game, alice, source, [wurm], "control", UNTIL_END_OF_TURN, new_controller=alice.index)
    start_effect(game, bob, source, [wurm], "control", UNTIL_END_OF_TURN, new_controller=bob.index)
    assert wurm.controller == bob  # timestamp order (rule 613.7)
    game.next_turn()
    game.attack(wurm)  # Bob has controlled it since his turn began


def test_power_and_toughness_add_up_with_counters(game: Game, alice: Player) -> None:
    bears = game.battlefield_add("Grizzly Bears", alice)
    game.add_counters(bears, 2)
    start_effect(game, alice, bears, [bears], "power/toughness", UNTIL_END_OF_TURN, power=3, toughness=-1)
    assert (bears.power, bears.toughness) == (7, 3)
    game.next_turn()
    assert (bears.power, bears.toughness) == (4, 4)


def test_a_static_ability_sees_control_from_layer_2(game: Game, alice: Player, bob: Player) -> None:
    anthem = compose(
        Facts("Anthem", type_line="Enchantment"), [("static", {"to": "creatures you control", "power": 1, "toughness": 1})]
    )
    game = Game(cards=[anthem])
    alice, bob = game.players
    source = game.battlefield_add("Anthem", alice)
    mine, theirs = game.battlefield_add("Grizzly Bears", alice), game.battlefield_add("Grizzly Bears", bob)
    assert (mine.power, theirs.power) == (3, 2)
    start_effect(game, alice, source, [theirs], "control", UNTIL_END_OF_TURN, new_controller=alice.index)
    assert theirs.power == 3  # control is applied first (613.1b), so the anthem now includes it
    game.next_turn()
    assert (theirs.controller, theirs.power) == (bob, 2)


def test_a_card_put_on_top_of_the_library_is_drawn_next(game: Game, alice: Player) -> None:
    from kb.engine.state import Zone
    from kb.engine.zones import draw, move_card

    bottom = game.library_add("Forest", alice)
    bears = game.hand_add("Grizzly Bears", alice)
    move_card(game, bears, Zone.LIBRARY)
    assert [c.name for c in alice.library] == ["Grizzly Bears", "Forest"]
    assert draw(game, alice, 1) == [bears] and bottom.zone == "library"
