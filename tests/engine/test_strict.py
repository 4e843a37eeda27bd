"""The engine as a strict judge: every forbidden play is refused with its rule, the state is left as it was,
and a choice a player must make is never made for them."""

from __future__ import annotations

import copy

import pytest

from kb.engine import Game, MissingChoice, Player, expect_illegal


def snapshot(game: Game) -> object:
    state = copy.deepcopy(game.state)
    state.rng = None  # type: ignore[assignment]  # Random objects don't compare by value
    return state


def test_an_opponent_cant_activate_a_mana_ability_while_you_cast(game: Game, alice: Player, bob: Player) -> None:
    bears = game.hand_add("Grizzly Bears", alice)
    bobs_forest = game.battlefield_add("Forest", bob, summoning_sick=False)
    alices_forest = game.battlefield_add("Forest", alice, summoning_sick=False)
    game.add_mana(alice, "{G}")
    with game.casting(bears):
        before = snapshot(game)
        with expect_illegal(code="no-priority", rule="605.3a"):
            game.activate_mana_ability(bobs_forest, by=bob)
        assert snapshot(game) == before
        game.activate_mana_ability(alices_forest)  # the caster may (the control)
    assert (bobs_forest.tapped, bears.zone) == (False, "stack")


def test_x_is_zero_when_cast_for_an_alternative_cost_without_x(game: Game, alice: Player) -> None:
    jodah = game.battlefield_add("Jodah, Archmage Eternal", alice)
    ballista = game.hand_add("Walking Ballista", alice)
    game.add_mana(alice, "{W}{U}{B}{R}{G}")
    before = snapshot(game)
    with expect_illegal(code="x-must-be-zero", rule="107.3b"):
        game.cast(ballista, alternative=jodah, x=3)
    assert snapshot(game) == before
    game.cast(ballista, alternative=jodah)  # X isn't asked for: it can only be 0
    assert ballista.x == 0 and alice.mana_pool == "empty"


def test_a_negative_x_is_refused(game: Game, alice: Player) -> None:
    ballista = game.hand_add("Walking Ballista", alice)
    before = snapshot(game)
    with expect_illegal(code="negative-number", rule="107.1b"):
        game.cast(ballista, x=-2)
    assert snapshot(game) == before and alice.mana_pool == "empty"
    game.cast(ballista, x=0)
    assert ballista.zone == "stack"


def test_one_graveyard_card_pays_delve_once(game: Game, alice: Player) -> None:
    cruise = game.hand_add("Treasure Cruise", alice)
    forest = game.graveyard_add("Forest", alice)
    game.add_mana(alice, "{U}")
    before = snapshot(game)
    with expect_illegal(code="exiled-twice", rule="702.66a"):
        game.cast(cruise, delve=[forest] * 7)
    assert snapshot(game) == before
    others = [game.graveyard_add("Island", alice) for _ in range(6)]
    game.cast(cruise, delve=[forest, *others])
    assert cruise.zone == "stack"


def test_one_permanent_is_sacrificed_once_for_one_cost(game: Game, alice: Player, bob: Player) -> None:
    fireblast = game.hand_add("Fireblast", alice)
    mountain = game.battlefield_add("Mountain", alice)
    before = snapshot(game)
    with expect_illegal(code="sacrificed-twice", rule="701.21a"):
        game.cast(fireblast, targets=[bob], alternative=fireblast, sacrifice=[mountain, mountain])
    assert snapshot(game) == before
    second = game.battlefield_add("Mountain", alice)
    game.cast(fireblast, targets=[bob], alternative=fireblast, sacrifice=[mountain, second])
    assert (mountain.zone, second.zone) == ("graveyard", "graveyard")


def test_a_mana_ability_sacrifices_one_permanent_once(game: Game, alice: Player) -> None:
    altar = game.battlefield_add("Ashnod's Altar", alice)
    bears = game.battlefield_add("Grizzly Bears", alice)
    with expect_illegal(code="sacrificed-twice", rule="701.21a"):
        game.activate_mana_ability(altar, sacrifice=[bears, bears])
    with pytest.raises(MissingChoice, match="what to sacrifice"):
        game.activate_mana_ability(altar)
    game.activate_mana_ability(altar, sacrifice=[bears])
    assert alice.mana_pool == "{C}{C}"


def test_a_single_target_spell_takes_one_target(game: Game, alice: Player, bob: Player) -> None:
    bolt = game.hand_add("Lightning Bolt", alice)
    bears = game.battlefield_add("Grizzly Bears", bob)
    game.add_mana(alice, "{R}")
    before = snapshot(game)
    with expect_illegal(code="wrong-number-of-targets", rule="601.2c"):
        game.cast(bolt, targets=[bob, bears])
    assert snapshot(game) == before
    game.cast(bolt, targets=[bears])
    game.resolve()
    assert (bob.life, bears.zone) == (20, "graveyard")


def test_a_spell_without_targets_takes_none(game: Game, alice: Player, bob: Player) -> None:
    divination = game.hand_add("Divination", alice)
    game.add_mana(alice, "{U}{C}{C}")
    with expect_illegal(code="wrong-number-of-targets", rule="601.2c"):
        game.cast(divination, targets=[bob])


def test_a_missing_target_is_an_error_naming_it_and_changes_nothing(game: Game, alice: Player, bob: Player) -> None:
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    before = snapshot(game)
    with pytest.raises(MissingChoice, match=r"the target of Lightning Bolt \(any target"):
        game.cast(bolt)
    assert snapshot(game) == before


def test_a_missing_trigger_target_is_an_error(game: Game, alice: Player, bob: Player) -> None:
    bog = game.hand_add("Bojuka Bog", alice)
    with pytest.raises(MissingChoice, match="will_target"):
        game.play_land(bog)  # "When Bojuka Bog enters, exile target player's graveyard."
    assert bog.zone == "hand"
    alice.will_target(bob)
    game.play_land(bog)
    assert game.stack == ["ability of Bojuka Bog"]


def test_a_spell_with_no_legal_target_cant_be_cast(game: Game, alice: Player) -> None:
    swords = game.hand_add("Swords to Plowshares", alice)
    game.add_mana(alice, "{W}")
    with expect_illegal(code="no-legal-target", rule="601.2c"):
        game.cast(swords)


def test_the_same_target_twice_is_refused(game: Game, alice: Player, bob: Player) -> None:
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    with expect_illegal(code="wrong-number-of-targets"):
        game.cast(bolt, targets=[bob, bob])


def test_x_must_be_announced_for_a_cost_with_x(game: Game, alice: Player) -> None:
    ballista = game.hand_add("Walking Ballista", alice)
    with pytest.raises(MissingChoice, match="value of X"):
        game.cast(ballista)
    assert ballista.zone == "hand"


def test_a_color_choice_is_never_made_for_the_player(game: Game, alice: Player) -> None:
    pili_pala = game.battlefield_add("Pili-Pala", alice, summoning_sick=False, tapped=True)
    game.add_mana(alice, "{C}{C}")
    with pytest.raises(MissingChoice, match="color"):
        game.activate_mana_ability(pili_pala)
    assert (pili_pala.tapped, alice.mana_pool) == (True, "{C}{C}")


def test_a_refusal_for_lack_of_priority_names_who_has_it(game: Game, alice: Player, bob: Player) -> None:
    bolt = game.hand_add("Lightning Bolt", bob)
    game.add_mana(bob, "{R}")
    with expect_illegal(code="no-priority", rule="117.1") as refusal:
        game.cast(bolt, targets=[alice])
    assert "Alice" in str(refusal.error)
