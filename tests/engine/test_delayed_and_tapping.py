"""Delayed triggered abilities, 'becomes tapped' events, and 'sacrifice this. If you do'."""

from __future__ import annotations

import pytest

from kb.engine import Game
from kb.engine.cards.parts import Facts, compose

SCOUT = compose(
    Facts("Scout", "{W}", "Creature — Scout", power="1", toughness="1"),
    [("activated", {"cost": "{1}", "effect": {"when this leaves the battlefield this turn": {"gain life": 2}}})],
)
WATCHER = compose(
    Facts("Watcher", "{W}", "Enchantment"), [("triggered", {"when": "a creature becomes tapped", "effect": {"gain life": 1}})]
)
TRADE = compose(
    Facts("Trade", "{U}", "Enchantment"),
    [
        (
            "triggered",
            {"when": "a player casts a spell", "effect": {"sacrifice this, if you do": {"opponents of that player draw": 1}}},
        )
    ],
)


@pytest.fixture
def g() -> Game:
    return Game(cards=[SCOUT, WATCHER, TRADE])


def test_a_delayed_ability_triggers_once_and_ends_with_its_turn(g: Game) -> None:
    alice, bob = g.players
    scout = g.battlefield_add("Scout", alice)
    g.add_mana(alice, "{C}")
    g.activate(scout)
    g.resolve()
    g.next_turn()  # "this turn" is over: the Scout leaving now triggers nothing
    unsummon = g.hand_add("Unsummon", bob)
    g.add_mana(bob, "{U}")
    g.cast(unsummon, targets=[scout])
    g.resolve()
    assert (scout.zone, g.stack, alice.life) == ("hand", [], 20)


def test_two_delayed_abilities_from_two_activations_each_trigger(g: Game) -> None:
    alice, bob = g.players
    scout = g.battlefield_add("Scout", alice)
    g.add_mana(alice, "{C}{C}")
    g.activate(scout)
    g.activate(scout)
    g.resolve_stack()
    g.add_mana(bob, "{U}")
    g.pass_priority()
    g.cast(g.hand_add("Unsummon", bob), by=bob, targets=[scout])
    g.resolve()
    assert g.stack == ["ability of Scout", "ability of Scout"]
    g.resolve_stack()
    assert alice.life == 24


def test_attacking_taps_and_reports_it_but_vigilance_does_not(g: Game) -> None:
    alice = g.players[0]
    g.battlefield_add("Watcher", alice)
    bears = g.battlefield_add("Grizzly Bears", alice, summoning_sick=False)
    g.attack(bears)
    assert g.stack == ["ability of Watcher"]


def test_sacrifice_this_if_you_do_when_it_is_still_there(g: Game) -> None:
    alice, bob = g.players
    trade = g.battlefield_add("Trade", bob)
    g.library_add("Island", bob)
    bolt = g.hand_add("Lightning Bolt", alice)
    g.add_mana(alice, "{R}")
    g.cast(bolt, targets=[bob])
    g.resolve()
    assert (trade.zone, len(bob.hand)) == ("graveyard", 1)


def test_a_state_trigger_triggers_again_once_it_has_left_the_stack() -> None:
    engine = compose(
        Facts("Engine", "{3}", "Artifact"), [("triggered", {"when": "you have no cards in hand", "effect": {"gain life": 1}})]
    )
    g = Game(cards=[engine])
    alice = g.players[0]
    g.battlefield_add("Engine", alice)
    g.add_mana(alice, "{C}")  # the state is checked at the next event: an empty hand already
    g.play_land(g.hand_add("Forest", alice))
    assert g.stack == ["ability of Engine"]
    g.resolve()  # gaining life doesn't fill her hand: it triggers again as soon as it has left the stack
    assert (alice.life, g.stack) == (21, ["ability of Engine"])


def test_untapping_is_an_event_only_for_a_tapped_permanent() -> None:
    sentry = compose(
        Facts("Sentry", "{W}", "Creature — Soldier", power="1", toughness="1"),
        [("activated", {"cost": "{T}", "effect": {"when this becomes untapped": {"gain life": 1}}})],
    )
    g = Game(cards=[sentry])
    alice = g.players[0]
    card = g.battlefield_add("Sentry", alice, summoning_sick=False)
    g.activate(card)
    g.resolve()
    g.next_turn()
    g.next_turn()  # her untap step untaps it: the delayed ability triggers in her upkeep, once
    assert (g.step, g.stack) == ("upkeep", ["ability of Sentry"])
    g.resolve()
    g.go_to("main1")
    g.next_turn()
    g.next_turn()  # untapped already: no event, and the ability has triggered once and is done
    assert (g.step, g.stack, alice.life) == ("precombat main", [], 21)


def test_exile_until_its_source_leaves_does_nothing_if_the_source_already_left() -> None:
    priest = compose(
        Facts("Priest", "{W}", "Creature — Cleric", power="2", toughness="2"),
        [
            (
                "triggered",
                {
                    "when": "enters",
                    "target": "creature an opponent controls",
                    "effect": "exile target until this leaves the battlefield",
                },
            )
        ],
    )
    g = Game(cards=[priest])
    alice, bob = g.players
    bears = g.battlefield_add("Grizzly Bears", bob)
    card = g.hand_add("Priest", alice)
    g.add_mana(alice, "{W}")
    g.cast(card)
    alice.will_target(bears)
    g.resolve()  # the ability waits on the stack; Bob bounces the Priest first (rule 610.3b)
    g.add_mana(bob, "{U}")
    g.pass_priority()
    g.cast(g.hand_add("Unsummon", bob), by=bob, targets=[card])
    g.resolve()
    g.resolve()
    assert (card.zone, bears.zone) == ("hand", "battlefield")
