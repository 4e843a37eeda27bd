"""Effects as they resolve: destroy all, doing as much as possible, options, land-play effects, 'if you do'."""

from __future__ import annotations

import pytest

from kb.engine import Game, MissingChoice, expect_illegal
from kb.engine.cards.parts import Facts, compose
from kb.engine.cards.vocabulary import DefinitionError


def spell(name: str, effect: object, target: str | None = None):  # type: ignore[no-untyped-def]
    settings = {"effect": effect} if target is None else {"effect": effect, "target": target}
    return compose(Facts(name, "{B}", "Instant"), [("spell", settings)])


@pytest.fixture
def g() -> Game:
    return Game(
        cards=[
            spell("Wrath", {"destroy all": "creatures"}),
            spell("Rot", {"discard": {"count": 2, "who": "target player"}}, target="player"),
            spell("Toll", {"may sacrifice or lose life": {"sacrifice": "creature", "life": 3}}),
            spell("Stop Lands", {"can't play lands": {"who": "target player"}}, target="player"),
            compose(
                Facts("Mourner", "{2}", "Artifact"), [("triggered", {"when": "a creature dies", "effect": {"gain life": 1}})]
            ),
        ]
    )


def test_destroy_all_is_one_event_and_dies_triggers_look_back(g: Game) -> None:
    alice, bob = g.players
    mourner = g.battlefield_add("Mourner", alice)
    creatures = [g.battlefield_add("Grizzly Bears", p) for p in (alice, bob, bob)]
    wrath = g.hand_add("Wrath", alice)
    g.add_mana(alice, "{B}")
    g.cast(wrath)
    g.resolve()
    assert [c.zone for c in creatures] == ["graveyard"] * 3 and mourner.zone == "battlefield"
    assert g.stack == ["ability of Mourner"] * 3


def test_dies_is_said_of_creatures_only() -> None:
    with pytest.raises(DefinitionError, match="creatures only"):
        compose(Facts("Odd", "{1}", "Artifact"), [("triggered", {"when": "a land dies", "effect": {"gain life": 1}})])


def test_a_discard_choice_must_name_cards_in_hand_and_a_refusal_changes_nothing(g: Game) -> None:
    alice, bob = g.players
    rot = g.hand_add("Rot", alice)
    held = [g.hand_add("Forest", bob) for _ in range(3)]
    g.add_mana(alice, "{B}")
    g.cast(rot, targets=[bob])
    bob.will_discard(held[0], held[0])
    with expect_illegal(code="discard-choice"):
        g.resolve()
    assert (len(bob.hand), g.stack) == (3, ["Rot"])  # the refused resolution changed nothing, the choice included
    bob.will_discard(held[0], held[1])
    g.resolve()
    assert bob.hand == [held[2]]


def test_an_option_must_be_stated_and_be_one_of_those_offered(g: Game) -> None:
    alice = g.players[0]
    toll = g.hand_add("Toll", alice)
    g.add_mana(alice, "{B}")
    g.cast(toll)
    with pytest.raises(MissingChoice, match="sacrifice or don't"):
        g.resolve()
    alice.will_choose("pay")
    with expect_illegal(code="unknown-option"):
        g.resolve()
    bears = g.battlefield_add("Grizzly Bears", alice)
    alice.will_choose("sacrifice", bears, bears)  # one creature, named once
    with expect_illegal(code="impossible-option"):
        g.resolve()
    alice.will_choose("sacrifice", bears)
    g.resolve()
    assert (bears.zone, alice.life) == ("graveyard", 20)


def test_cant_play_lands_lasts_this_turn_only(g: Game) -> None:
    alice, bob = g.players
    stop = g.hand_add("Stop Lands", bob)
    forest = g.hand_add("Forest", alice)
    g.add_mana(bob, "{B}")
    g.pass_priority()
    g.cast(stop, by=bob, targets=[alice])
    g.resolve()
    with expect_illegal(code="cant-play-lands"):
        g.play_land(forest)
    g.next_turn()
    g.next_turn()
    g.play_land(forest)
    assert forest.zone == "battlefield"


def test_each_player_sacrifices_skips_a_player_without_creatures_and_refuses_a_wrong_choice() -> None:
    blood = compose(Facts("Blood", "{B}", "Sorcery"), [("spell", {"effect": {"each player sacrifices": "creature"}})])
    g = Game(cards=[blood])
    alice, bob = g.players
    forest, bears = g.battlefield_add("Forest", bob), g.battlefield_add("Grizzly Bears", bob)
    g.add_mana(alice, "{B}")
    g.cast(g.hand_add("Blood", alice))  # Alice controls no creature: only Bob chooses
    bob.will_choose("sacrifice", forest)
    with expect_illegal(code="impossible-option"):
        g.resolve()
    bob.will_choose("sacrifice", bears)
    g.resolve()
    assert (bears.zone, forest.zone) == ("graveyard", "battlefield")


def test_a_color_chosen_as_it_enters_must_be_stated_and_is_forgotten_when_it_leaves() -> None:
    plume = compose(
        Facts("Plume", "{1}", "Artifact"), [("choose as enters", "color"), ("mana", {"add": "one mana of the chosen color"})]
    )
    bounce = spell("Bounce", "return target to hand", target="artifact")
    g = Game(cards=[plume, bounce])
    alice = g.players[0]
    card = g.hand_add("Plume", alice)
    g.add_mana(alice, "{C}")
    g.cast(card)
    with pytest.raises(MissingChoice, match="color"):
        g.resolve()
    alice.will_choose("purple")
    with expect_illegal(code="unknown-option"):
        g.resolve()
    alice.will_choose("blue")
    g.resolve()
    g.activate_mana_ability(card)
    assert (alice.mana_pool, card.state.chosen_color) == ("{U}", "U")
    g.add_mana(alice, "{B}")
    g.cast(g.hand_add("Bounce", alice), targets=[card])
    g.resolve()
    assert (card.zone, card.state.chosen_color) == ("hand", None)  # a new object: no color chosen
