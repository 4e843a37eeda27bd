"""Edges the mutation benchmark found untested: each test pins one rule's boundary."""

from __future__ import annotations

from kb.engine import Game, Player, expect_illegal
from kb.engine.cards.parts import Facts, compose


def test_cascade_into_an_x_spell_casts_it_with_x_0(game: Game, alice: Player) -> None:
    elf = game.hand_add("Bloodbraid Elf", alice)
    ballista = game.library_add("Walking Ballista", alice)  # mana value 0: a cascade hit
    game.add_mana(alice, "{R}{G}{C}{C}")
    game.cast(elf)
    alice.will_cast_hit(True)
    game.resolve()  # cascade: Walking Ballista is cast without paying its mana cost, so X is 0 (rule 107.3b)
    assert ballista.zone == "stack" and ballista.x == 0


def test_x_0_may_be_announced_for_an_alternative_cost_without_x(game: Game, alice: Player) -> None:
    jodah = game.battlefield_add("Jodah, Archmage Eternal", alice)
    ballista = game.hand_add("Walking Ballista", alice)
    game.add_mana(alice, "{W}{U}{B}{R}{G}")
    game.cast(ballista, alternative=jodah, x=0)
    assert ballista.zone == "stack"


def test_the_untap_step_untaps_only_the_active_players_permanents(game: Game, alice: Player, bob: Player) -> None:
    mine, theirs = game.battlefield_add("Forest", alice, tapped=True), game.battlefield_add("Forest", bob, tapped=True)
    game.next_turn()  # Bob's turn
    assert (mine.tapped, theirs.tapped) == (True, False)


def test_one_damage_destroys_a_creature_with_toughness_1() -> None:
    pinger = compose(
        Facts("Pinger", "", "Creature — Human Wizard", power="1", toughness="1"),
        [("activated", {"cost": "{T}", "target": "creature", "effect": {"damage": 1}})],
    )
    game = Game(cards=[pinger])
    alice, _ = game.players
    source = game.battlefield_add("Pinger", alice, summoning_sick=False)
    elves, bears = game.battlefield_add("Llanowar Elves", alice), game.battlefield_add("Grizzly Bears", alice)
    game.activate(source, targets=[elves])
    game.resolve()
    assert elves.zone == "graveyard"
    game.next_turn()
    game.next_turn()
    game.activate(source, targets=[bears])
    game.resolve()
    assert (bears.zone, bears.toughness) == ("battlefield", 2)


def test_an_equipment_granting_keywords_changes_no_power_or_toughness() -> None:
    boots = compose(
        Facts("Boots", "{1}", "Artifact — Equipment"),
        [("static", {"to": "equipped creature", "keywords": ["haste"]}), ("equip", "{0}")],
    )
    game = Game(cards=[boots])
    alice, _ = game.players
    equipment, bears = game.battlefield_add("Boots", alice), game.battlefield_add("Grizzly Bears", alice)
    game.attach(equipment, bears)
    assert (bears.power, bears.toughness, bears.keywords) == (2, 2, ["haste"])


def test_rona_doesnt_let_you_play_a_land_exiled_with_it(game: Game, alice: Player) -> None:
    rona = game.battlefield_add("Rona, Disciple of Gix", alice, summoning_sick=False)
    forest = game.library_add("Forest", alice)
    game.add_mana(alice, "{C}{C}{C}{C}")
    game.activate(rona)
    game.resolve()
    assert game.exiled_with(rona) == [forest]
    with expect_illegal(code="no-permission"):
        game.play_land(forest)  # "cast spells from among cards exiled with Rona": lands are played, not cast


def test_damage_equal_to_a_toughness_of_one_is_lethal(game: Game, alice: Player, bob: Player) -> None:
    elves = game.battlefield_add("Llanowar Elves", bob)  # a 1/1
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    game.cast(bolt, targets=[elves])
    game.resolve()
    assert elves.zone == "graveyard"  # rule 704.5g


def test_divination_draws_exactly_two(game: Game, alice: Player) -> None:
    for _ in range(4):
        game.library_add("Island", alice)
    divination = game.hand_add("Divination", alice)
    game.add_mana(alice, "{U}{C}{C}")
    game.cast(divination)
    game.resolve()
    assert (len(alice.hand), len(alice.library)) == (2, 2)
