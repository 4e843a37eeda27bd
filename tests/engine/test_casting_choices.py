"""Choices announced while casting: kicker, modes, and several instances of the word 'target'."""

from __future__ import annotations

import pytest

from kb.engine import Game, MissingChoice, expect_illegal
from kb.engine.cards.parts import Facts, compose
from kb.engine.cards.vocabulary import DefinitionError

CHARM = compose(
    Facts("Test Charm", "{G}", "Instant"),
    [
        ("kicker", "{1}"),
        (
            "modes",
            {
                "kicked": "any number",
                "options": [{"effect": {"gain life": 1}}, {"target": "creature", "effect": "destroy target"}],
            },
        ),
    ],
)
TWICE_KICKED = compose(
    Facts("Twice Kicked", "{U}", "Creature — Wizard", power="1", toughness="1"),
    [("kicker", ["{W}", "{B}"]), ("triggered", {"when": "enters", "if": "it was kicked", "effect": {"gain life": 2}})],
)
SPLIT_TARGETS = compose(
    Facts("Split Targets", "{R}", "Instant"), [("spell", {"target": ["artifact", "land"], "effect": "destroy target"})]
)


@pytest.fixture
def choosing() -> Game:
    return Game(cards=[CHARM, TWICE_KICKED, SPLIT_TARGETS])


def test_a_modal_spell_needs_its_modes_and_only_the_chosen_modes_targets(choosing: Game) -> None:
    alice, bob = choosing.players
    charm = choosing.hand_add("Test Charm", alice)
    bears = choosing.battlefield_add("Grizzly Bears", bob)
    choosing.add_mana(alice, "{G}")
    with pytest.raises(MissingChoice, match="mode"):
        choosing.cast(charm)
    with expect_illegal(code="wrong-number-of-targets"):
        choosing.cast(charm, modes=[1], targets=[bears])  # the first mode has no target
    with expect_illegal(code="no-such-mode"):
        choosing.cast(charm, modes=[3])
    choosing.cast(charm, modes=[2], targets=[bears])
    choosing.resolve()
    assert (bears.zone, alice.life) == ("graveyard", 20)


def test_kicked_modes_are_chosen_once_each(choosing: Game) -> None:
    alice = choosing.players[0]
    charm = choosing.hand_add("Test Charm", alice)
    choosing.add_mana(alice, "{G}{C}")
    with expect_illegal(code="same-mode-twice"):
        choosing.cast(charm, kicker=True, modes=[1, 1])
    choosing.cast(charm, kicker=True, modes=[1])
    assert alice.mana_pool == "empty"


def test_kicker_announcements_are_checked(choosing: Game) -> None:
    alice = choosing.players[0]
    wizard, bears = choosing.hand_add("Twice Kicked", alice), choosing.hand_add("Grizzly Bears", alice)
    choosing.add_mana(alice, "{U}{W}{B}{G}{G}")
    with expect_illegal(code="which-kicker"):
        choosing.cast(wizard, kicker=True)  # two kicker costs: name the ones paid
    with expect_illegal(code="no-kicker"):
        choosing.cast(wizard, kicker=["{G}"])
    with expect_illegal(code="kicked-twice"):
        choosing.cast(wizard, kicker=["{W}", "{W}"])
    with expect_illegal(code="no-kicker"):
        choosing.cast(bears, kicker=True)
    choosing.cast(wizard, kicker=["{B}", "{W}"])
    choosing.resolve()
    assert (wizard.state.kicked, alice.mana_pool) == ((0, 1), "{G}{G}")
    choosing.resolve()  # 'if it was kicked': either kicker counts
    assert alice.life == 22


def test_kicked_is_forgotten_when_the_permanent_leaves(choosing: Game) -> None:
    alice, bob = choosing.players
    wizard = choosing.hand_add("Twice Kicked", alice)
    unsummon = choosing.hand_add("Unsummon", bob)
    choosing.add_mana(alice, "{U}{W}")
    choosing.cast(wizard, kicker=["{W}"])
    choosing.resolve_stack()
    choosing.add_mana(bob, "{U}")
    choosing.pass_priority()
    choosing.cast(unsummon, by=bob, targets=[wizard])
    choosing.resolve()
    assert wizard.state.kicked == ()


def test_each_instance_of_target_has_its_own_requirement(choosing: Game) -> None:
    alice, bob = choosing.players
    spell = choosing.hand_add("Split Targets", alice)
    forest, stone = choosing.battlefield_add("Forest", bob), choosing.battlefield_add("Fellwar Stone", bob)
    choosing.add_mana(alice, "{R}")
    with expect_illegal(code="illegal-target"):
        choosing.cast(spell, targets=[forest, forest])  # the first target must be an artifact
    choosing.cast(spell, targets=[stone, forest])
    choosing.resolve()
    assert (stone.zone, forest.zone) == ("graveyard", "graveyard")


def test_definition_errors_for_modes_and_target_lists() -> None:
    with pytest.raises(DefinitionError, match="two or more"):
        compose(Facts("One Mode", "{G}", "Instant"), [("modes", {"options": [{"effect": {"draw": 1}}]})])
    with pytest.raises(DefinitionError, match="two or more instances"):
        compose(Facts("One Target", "{G}", "Instant"), [("spell", {"target": ["land"], "effect": "destroy target"})])
    with pytest.raises(DefinitionError, match="kicker cost is mana"):
        compose(Facts("Odd Kicker", "{G}", "Instant"), [("kicker", "Sacrifice a creature")])


def test_a_prohibition_on_opponents_spares_its_controller_and_its_spells_with_x() -> None:
    winnower = compose(
        Facts("Winnower", "{9}", "Creature — Eldrazi", power="1", toughness="1"),
        [("can't cast", {"who": "your opponents", "spells": "with even mana values"})],
    )
    g = Game(cards=[winnower])
    alice, bob = g.players
    g.battlefield_add("Winnower", alice)
    g.add_mana(alice, "{G}{G}")
    g.cast(g.hand_add("Grizzly Bears", alice))  # her own even spell: not prohibited
    g.resolve()
    g.next_turn()
    g.add_mana(bob, "{G}{C}")
    with expect_illegal(code="prohibited", rule="601.3"):
        g.cast(g.hand_add("Grizzly Bears", bob))
    with pytest.raises(DefinitionError, match="knows spells"):
        compose(Facts("Odd", "{1}", "Artifact"), [("can't cast", {"spells": "with mana value 3"})])


def test_another_target_and_keeping_the_targets_of_a_redirected_spell() -> None:
    arc = compose(
        Facts("Arc", "{R}", "Sorcery"),
        [("spell", {"target": ["any target", "another target"], "effect": {"damage by target": [2, 1]}})],
    )
    redirect = compose(
        Facts("Redirector", "{U}", "Instant"), [("spell", {"target": "spell", "effect": "choose new targets for target spell"})]
    )
    g = Game(cards=[arc, redirect])
    alice, bob = g.players
    bears = g.battlefield_add("Grizzly Bears", bob)
    spell = g.hand_add("Arc", alice)
    g.add_mana(alice, "{R}")
    with expect_illegal(code="another-target"):
        g.cast(spell, targets=[bears, bears])
    g.cast(spell, targets=[bears, bob])
    g.add_mana(bob, "{U}")
    g.pass_priority()
    g.cast(g.hand_add("Redirector", bob), by=bob, targets=[spell])
    bob.will_choose("keep")
    g.resolve()
    g.resolve()
    assert (bears.zone, bob.life) == ("graveyard", 19)
    with pytest.raises(DefinitionError, match="two or more instances"):
        compose(
            Facts("Odd", "{R}", "Sorcery"), [("spell", {"target": ["another target", "creature"], "effect": "destroy target"})]
        )
