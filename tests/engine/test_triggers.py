"""Triggered abilities: attack and enters triggers, batched triggers, cascade and discover."""

from __future__ import annotations

import copy

import pytest

from kb.engine import Game, Player, ablated, expect_illegal
from kb.engine.cards.definitions import CardDef
from kb.engine.errors import MissingChoice


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
    alice.will_cast_hit(True)
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


def test_cascade_skips_an_equal_mana_value_and_bottoms_what_it_exiled(game: Game, alice: Player) -> None:
    elf = game.hand_add("Bloodbraid Elf", alice)
    other_elf = game.library_add("Bloodbraid Elf", alice)  # mana value 4: not less than 4
    bears = game.library_add("Grizzly Bears", alice)
    forest = game.library_add("Forest", alice)
    game.add_mana(alice, "{R}{G}{C}{C}")
    game.cast(elf)
    alice.will_cast_hit(True)
    game.resolve()
    assert game.stack == ["Grizzly Bears", "Bloodbraid Elf"] and bears.zone == "stack"
    assert alice.library == [forest, other_elf]  # the skipped card went to the bottom


def test_discover_hits_a_mana_value_equal_to_n(game: Game, alice: Player) -> None:
    appraiser = game.hand_add("Geological Appraiser", alice)  # discover 3
    divination = game.library_add("Divination", alice)  # mana value 3
    game.library_add("Grizzly Bears", alice)
    game.add_mana(alice, "{R}{R}{C}{C}")
    game.cast(appraiser)
    game.resolve()
    alice.will_cast_hit(True)
    game.resolve()
    assert divination.zone == "stack"


def test_discover_declined_puts_the_card_into_the_hand(game: Game, alice: Player) -> None:
    appraiser = game.hand_add("Geological Appraiser", alice)
    forest = game.library_add("Forest", alice)
    divination = game.library_add("Divination", alice)
    game.add_mana(alice, "{R}{R}{C}{C}")
    game.cast(appraiser)
    game.resolve()
    alice.will_cast_hit(False)
    game.resolve()
    assert game.stack == [] and alice.hand == [divination] and alice.library == [forest]


def test_cascade_declined_bottoms_the_hit_with_the_rest(game: Game, alice: Player) -> None:
    elf = game.hand_add("Bloodbraid Elf", alice)
    game.library_add("Forest", alice)
    bears = game.library_add("Grizzly Bears", alice)
    game.add_mana(alice, "{R}{G}{C}{C}")
    game.cast(elf)
    alice.will_cast_hit(False)
    game.resolve()
    assert game.stack == ["Bloodbraid Elf"] and bears.zone == "library" and len(alice.library) == 2


def test_a_missing_cast_choice_is_named_and_changes_nothing(game: Game, alice: Player) -> None:
    elf = game.hand_add("Bloodbraid Elf", alice)
    game.library_add("Forest", alice)
    game.library_add("Grizzly Bears", alice)
    game.add_mana(alice, "{R}{G}{C}{C}")
    game.cast(elf)
    before = (game.stack, alice.library, alice.exile, copy.deepcopy(game.state.cards))
    with pytest.raises(MissingChoice, match="whether Alice casts Grizzly Bears, found by cascade"):
        game.resolve()
    assert (game.stack, alice.library, alice.exile, game.state.cards) == before


def test_two_triggers_at_once_each_get_their_stated_target() -> None:
    from kb.engine.cards.parts import Facts, compose

    def pinger(name: str, damage: int) -> CardDef:
        trigger = ("triggered", {"when": "you cast", "target": "player", "effect": {"damage": damage}})
        return compose(Facts(name, "", "Creature — Elf", power="1", toughness="1"), [trigger])

    game = Game(cards=[pinger("Pinger", 1), pinger("Blaster", 3)])
    alice, bob = game.players
    pinger_card, blaster = game.battlefield_add("Pinger", alice), game.battlefield_add("Blaster", alice)
    bears = game.hand_add("Grizzly Bears", alice)
    game.add_mana(alice, "{G}{G}")
    alice.will_target(bob, trigger_of=pinger_card)  # the two triggers go on the stack together
    with pytest.raises(MissingChoice, match="the target of Blaster"):
        game.cast(bears)
    alice.will_target(alice, trigger_of=blaster)
    game.cast(bears)
    game.resolve_stack()
    assert (alice.life, bob.life) == (17, 19)
