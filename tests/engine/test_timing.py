"""Timing and priority: sorcery speed, instants, lands, priority after actions and resolutions."""

from __future__ import annotations

from kb.engine import Game, Player, expect_illegal


def test_sorcery_needs_own_main_phase_and_empty_stack(game: Game, alice: Player, bob: Player) -> None:
    divination = game.hand_add("Divination", alice)
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}{U}{C}{C}")
    game.cast(bolt, targets=[bob])
    with expect_illegal(code="sorcery-timing", rule="117.1a"):
        game.cast(divination)  # the stack isn't empty
    game.resolve()
    game.cast(divination)
    assert game.stack == ["Divination"]


def test_the_caster_keeps_priority_and_the_active_player_gets_it_after_resolution(game: Game, alice: Player, bob: Player) -> None:
    game.next_turn()  # Bob's turn
    game.pass_priority()
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    game.cast(bolt, targets=[bob])
    assert game.priority_player == alice  # rule 117.3c
    game.resolve()
    assert (game.priority_player, bob.life) == (bob, 17)  # rule 117.3b


def test_only_the_player_with_priority_may_act(game: Game, bob: Player) -> None:
    bolt = game.hand_add("Lightning Bolt", bob)
    game.add_mana(bob, "{R}")
    with expect_illegal(code="no-priority", rule="117.1"):
        game.cast(bolt, targets=[game.players[0]])


def test_one_land_per_turn_in_a_main_phase(game: Game, alice: Player) -> None:
    forest, island = game.hand_add("Forest", alice), game.hand_add("Island", alice)
    game.play_land(forest)
    with expect_illegal(code="no-land-plays", rule="305.2"):
        game.play_land(island)
    game.next_turn()
    game.next_turn()
    game.go_to("combat")
    with expect_illegal(code="land-timing", rule="305.1"):
        game.play_land(island)
    game.go_to("main2")
    game.play_land(island)
    assert alice.lands_played == 1


def test_a_land_cannot_be_cast(game: Game, alice: Player) -> None:
    forest = game.hand_add("Forest", alice)
    with expect_illegal(code="land-not-castable"):
        game.cast(forest)


def test_a_card_in_the_graveyard_cannot_be_cast_without_permission(game: Game, alice: Player) -> None:
    bears = game.graveyard_add("Grizzly Bears", alice)
    game.add_mana(alice, "{G}{G}")
    with expect_illegal(code="no-permission", rule="601.3"):
        game.cast(bears)
