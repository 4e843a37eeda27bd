"""Triggered abilities: attack and enters triggers, batched triggers, cascade and discover."""

from __future__ import annotations

from kb.engine import Game, Player, ablated, expect_illegal


def test_laelia_attack_trigger_exiles_and_permits_play(game: Game, alice: Player) -> None:
    laelia = game.battlefield_add("Laelia, the Blade Reforged", alice)
    bears = game.library_add("Grizzly Bears", alice)
    game.attack(laelia)
    assert game.stack == ["ability of Laelia, the Blade Reforged"]
    game.resolve_stack()
    assert (bears.zone, laelia.counters) == ("exile", 1)
    game.go_to("main2")
    game.add_mana(alice, "{G}{G}")
    game.cast(bears)
    assert game.stack == ["Grizzly Bears"]


def test_play_permission_ends_with_the_turn(game: Game, alice: Player) -> None:
    laelia = game.battlefield_add("Laelia, the Blade Reforged", alice)
    bears = game.library_add("Grizzly Bears", alice)
    game.attack(laelia)
    game.resolve_stack()
    game.next_turn()
    game.next_turn()
    game.add_mana(alice, "{G}{G}")
    with expect_illegal(code="no-permission"):
        game.cast(bears)


def test_a_batched_trigger_fires_once_per_event(game: Game, alice: Player, bob: Player) -> None:
    laelia = game.battlefield_add("Laelia, the Blade Reforged", alice)
    for _ in range(3):
        game.graveyard_add("Forest", alice)
    game.next_turn()
    bog = game.hand_add("Bojuka Bog", bob)
    bob.will_target(alice)
    game.play_land(bog)
    game.resolve_stack()
    assert laelia.counters == 1
    assert bog.tapped  # Bojuka Bog enters tapped


def test_with_603_2c_ablated_a_batch_triggers_per_card(game: Game, alice: Player) -> None:
    laelia = game.battlefield_add("Laelia, the Blade Reforged", alice)
    cruise = game.hand_add("Treasure Cruise", alice)
    graveyard = [game.graveyard_add("Forest", alice) for _ in range(3)]
    game.add_mana(alice, "{U}{C}{C}{C}{C}")
    with ablated({"603.2c"}):
        game.cast(cruise, delve=graveyard)
    assert game.stack.count("ability of Laelia, the Blade Reforged") == 3
    assert laelia.counters == 0


def test_cascade_casts_the_hit_and_bottoms_the_rest(game: Game, alice: Player) -> None:
    elf = game.hand_add("Bloodbraid Elf", alice)
    forest = game.library_add("Forest", alice)
    game.library_add("Grizzly Bears", alice)
    game.add_mana(alice, "{R}{G}{C}{C}")
    game.cast(elf)
    assert game.stack == ["ability of Bloodbraid Elf", "Bloodbraid Elf"]
    game.resolve()
    assert game.stack == ["Grizzly Bears", "Bloodbraid Elf"]
    assert alice.library == [forest]


def test_discover_needs_the_creature_to_have_been_cast(game: Game, alice: Player) -> None:
    game.battlefield_add("Geological Appraiser", alice)  # put onto the battlefield, not cast
    game.library_add("Grizzly Bears", alice)
    assert game.stack == []
    appraiser = game.hand_add("Geological Appraiser", alice)
    game.add_mana(alice, "{R}{R}{C}{C}")
    game.cast(appraiser)
    game.resolve()
    assert game.stack == ["ability of Geological Appraiser"]


def test_a_chosen_target_waits_for_the_trigger_that_targets() -> None:
    from kb.engine.cards.parts import Facts, compose

    herald = compose(
        Facts("Herald", "", "Creature — Human", power="1", toughness="1"),
        [
            ("triggered", {"when": "enters", "effect": {"gain life": 2}}),  # no target: it leaves the choice alone
            ("triggered", {"when": "enters", "target": "opponent", "effect": {"damage": 3}}),
        ],
    )
    game = Game(cards=[herald])
    alice, bob = game.players
    card = game.hand_add("Herald", alice)
    game.cast(card)
    alice.will_target(bob)
    game.resolve()
    assert game.stack == ["ability of Herald", "ability of Herald"]
    game.resolve_stack()
    assert (alice.life, bob.life) == (22, 17)
