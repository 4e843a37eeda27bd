"""Combat after attackers are declared: blockers, combat damage steps, keywords that change damage, and the
strictness of it all (refusals leave the state as it was; divisions are never chosen for a player)."""

from __future__ import annotations

import copy

import pytest

from kb.engine import EngineError, Game, MissingChoice, creature, expect_illegal

CARDS = [
    creature("Striker", 2, 2, "first strike"),
    creature("Double Striker", 2, 2, "double strike"),
    creature("Deadly", 1, 1, "deathtouch"),
    creature("Deadly Trampler", 3, 3, "deathtouch", "trample"),
    creature("Pro-White", 2, 2, "protection from white", mana_cost="{1}{G}"),
    creature("White Wall", 0, 4, mana_cost="{1}{W}"),
    creature("Big", 5, 5),
]


@pytest.fixture
def game() -> Game:
    return Game(cards=CARDS)


def snapshot(game: Game) -> object:
    state = copy.deepcopy(game.state)
    state.rng = None  # type: ignore[assignment]
    return state


def test_first_strike_deals_damage_in_a_step_of_its_own_and_the_victim_never_strikes_back(game, alice, bob):
    striker = game.battlefield_add("Striker", alice, summoning_sick=False)
    bears = game.battlefield_add("Grizzly Bears", bob)
    game.attack(striker)
    game.declare_blockers({bears: striker})
    game.combat_damage()  # the first-strike step: the Bears die before dealing damage
    assert (bears.zone, striker.damage) == ("graveyard", 0)
    game.combat_damage()  # the regular step: nothing left to deal damage
    assert striker.damage == 0
    with pytest.raises(EngineError, match="combat damage has been dealt in this combat"):
        game.combat_damage()  # no third step


def test_double_strike_deals_damage_in_both_steps(game, alice, bob):
    double = game.battlefield_add("Double Striker", alice, summoning_sick=False)
    game.attack(double)
    game.declare_blockers({})
    game.combat_damage()
    assert bob.life == 18
    game.combat_damage()
    assert bob.life == 16


def test_without_first_strike_there_is_one_damage_step_and_both_creatures_deal_damage(game, alice, bob):
    attacker = game.battlefield_add("Grizzly Bears", alice, summoning_sick=False)
    blocker = game.battlefield_add("Grizzly Bears", bob)
    game.attack(attacker)
    game.declare_blockers({blocker: attacker})
    game.combat_damage()
    assert (attacker.zone, blocker.zone) == ("graveyard", "graveyard")
    game.go_to("main2")  # combat is over


def test_any_deathtouch_damage_destroys_and_one_is_lethal_for_trample(game, alice, bob):
    trampler = game.battlefield_add("Deadly Trampler", alice, summoning_sick=False)
    big = game.battlefield_add("Big", bob)
    game.attack(trampler)
    game.declare_blockers({big: trampler})
    game.combat_damage(assign={trampler: {big: 1, bob: 2}})  # 1 is lethal damage from deathtouch (rule 702.2c)
    assert (big.zone, bob.life) == ("graveyard", 18)


def test_a_deathtouch_blocker_destroys_a_big_attacker(game, alice, bob):
    big = game.battlefield_add("Big", alice, summoning_sick=False)
    deadly = game.battlefield_add("Deadly", bob)
    game.attack(big)
    game.declare_blockers({deadly: big})
    game.combat_damage()
    assert (big.zone, deadly.zone) == ("graveyard", "graveyard")


def test_protection_forbids_blocks_by_creatures_of_that_color(game, alice, bob):
    pro = game.battlefield_add("Pro-White", alice, summoning_sick=False)
    wall = game.battlefield_add("White Wall", bob)
    bears = game.battlefield_add("Grizzly Bears", bob)
    game.attack(pro)
    with expect_illegal(code="block-restricted", rule="509.1b"):
        game.declare_blockers({wall: pro})
    game.declare_blockers({bears: pro})  # a green creature may block it


def test_an_illegal_block_leaves_the_game_as_it_was(game, alice, bob):
    attacker = game.battlefield_add("Grizzly Bears", alice, summoning_sick=False)
    tapped = game.battlefield_add("Grizzly Bears", bob, tapped=True)
    game.attack(attacker)
    before = snapshot(game)
    with expect_illegal(code="tapped-blocker", rule="509.1a"):
        game.declare_blockers({tapped: attacker})
    assert snapshot(game) == before
    with expect_illegal(code="not-a-blocker", rule="509.1a"):
        game.declare_blockers({attacker: attacker})  # the attacker's own controller can't block with it


def test_a_division_is_never_chosen_for_the_player_and_a_wrong_total_is_refused(game, alice, bob):
    big = game.battlefield_add("Big", alice, summoning_sick=False)
    first = game.battlefield_add("Grizzly Bears", bob)
    second = game.battlefield_add("Grizzly Bears", bob)
    game.attack(big)
    game.declare_blockers({first: big, second: big})
    before = snapshot(game)
    with pytest.raises(MissingChoice) as missing:
        game.combat_damage()
    assert "how Big divides its 5 combat damage" in missing.value.choice
    with expect_illegal(code="bad-assignment", rule="510.1c"):
        game.combat_damage(assign={big: {first: 2, second: 2}})
    assert snapshot(game) == before
    game.combat_damage(assign={big: {first: 2, second: 3}})
    assert (first.zone, second.zone, big.damage) == ("graveyard", "graveyard", 4)


def test_blockers_are_declared_before_damage_and_combat_must_finish(game, alice, bob):
    attacker = game.battlefield_add("Grizzly Bears", alice, summoning_sick=False)
    game.attack(attacker)
    with pytest.raises(EngineError, match="declare blockers first"):
        game.combat_damage()  # no blockers declared yet, not even "no blocks"
    game.declare_blockers({})
    with pytest.raises(EngineError, match="combat damage isn't dealt yet"):
        game.go_to("main2")  # damage isn't dealt yet
    game.combat_damage()
    assert bob.life == 18


def test_a_blocked_creature_whose_blocker_left_deals_no_damage(game, alice, bob):
    attacker = game.battlefield_add("Grizzly Bears", alice, summoning_sick=False)
    blocker = game.battlefield_add("Grizzly Bears", bob)
    game.attack(attacker)
    game.declare_blockers({blocker: attacker})
    unsummon = game.hand_add("Unsummon", alice)
    game.add_mana(alice, "{U}")
    game.cast(unsummon, targets=[blocker])
    game.resolve()
    game.combat_damage()
    assert (bob.life, attacker.damage) == (20, 0)  # it stays blocked (rule 509.1h)


def test_damage_wears_off_in_the_cleanup_step(game, alice, bob):
    wall = game.battlefield_add("White Wall", bob)
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    game.cast(bolt, targets=[wall])
    game.resolve()
    assert wall.damage == 3
    game.next_turn()
    assert wall.damage == 0


def test_only_the_defending_player_or_their_planeswalker_can_be_attacked(game, alice, bob):
    attacker = game.battlefield_add("Grizzly Bears", alice, summoning_sick=False)
    wall = game.battlefield_add("White Wall", bob)
    with expect_illegal(code="not-attackable", rule="508.1b"):
        game.attack(attacker, at=wall)
    game.attack(attacker, at=bob)
    game.declare_blockers({})
    game.combat_damage()
    assert bob.life == 18


def test_a_creature_attacking_a_planeswalker_that_left_deals_no_damage() -> None:
    from kb.engine.cards.definitions import CardDef

    game = Game(cards=[CardDef(name="Walker", mana_cost="{2}", types=frozenset({"planeswalker"}))])
    alice, bob = game.players
    walker = game.battlefield_add("Walker", bob)
    game.add_counters(walker, 1, "loyalty")
    attacker = game.battlefield_add("Grizzly Bears", alice, summoning_sick=False)
    game.attack(attacker, at=walker)
    game.declare_blockers({})
    walker.state.counters["loyalty"] = 0  # set-up: it dies at the next state-based check
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    game.cast(bolt, targets=[bob])
    game.resolve()
    assert walker.zone == "graveyard"
    game.combat_damage()
    assert bob.life == 17  # the Bolt's damage only: the Bears attack nothing now (rule 510.1b)
