"""The layer system (rule 613), copies (707), entering replacements (614.12) and double-faced cards (712)."""

from __future__ import annotations

import copy

import pytest

from kb.engine import Game, IllegalAction, MissingChoice, Player, expect_illegal
from kb.engine.cards.parts import Facts, compose
from kb.engine.cards.vocabulary import DefinitionError
from kb.engine.continuous import FOREVER, UNTIL_END_OF_TURN, start_effect
from kb.engine.copies import start_copy_effect


def snapshot(game: Game) -> object:
    state = copy.deepcopy(game.state)
    state.rng = None  # type: ignore[assignment]  # Random objects don't compare by value
    return state


CLONE = compose(
    Facts("Clone", "{3}{U}", "Creature — Shapeshifter", power="0", toughness="0"), [("enters as copy", {"of": "creature"})]
)
HONOR = compose(
    Facts("Honor of the Pure", "{1}{W}", "Enchantment"),
    [("static", {"to": "white creatures you control", "power": 1, "toughness": 1})],
)
ORB = compose(Facts("Orb of Dreams", "{3}", "Artifact"), [("static effect", {"to": "permanents", "enter tapped": True})])
WEREWOLF = compose(
    Facts("Village Ironsmith", "{1}{R}", "Creature — Human Werewolf", power="1", toughness="1"),
    [("back face", {"name": "Ironfang", "type_line": "Creature — Werewolf", "power": 3, "toughness": 1, "colors": "red"})],
)
SWITCHEROO = compose(
    Facts("Switcheroo", "{4}{U}", "Sorcery"),
    [("spell", {"target": "creature", "targets": 2, "effect": "exchange control of targets"})],
)
CARDS = [CLONE, HONOR, ORB, WEREWOLF, SWITCHEROO]


@pytest.fixture
def game() -> Game:
    return Game(cards=CARDS)


def test_a_color_change_feeds_effects_of_later_layers_and_the_newest_color_wins(game: Game, alice: Player) -> None:
    game.battlefield_add("Honor of the Pure", alice)
    bears = game.battlefield_add("Grizzly Bears", alice)
    assert (bears.colors, bears.power) == (["green"], 2)
    start_effect(game, alice, bears, [bears], "color", UNTIL_END_OF_TURN, colors=("W",))
    assert (bears.colors, bears.power, bears.toughness) == (["white"], 3, 3)
    start_effect(game, alice, bears, [bears], "color", UNTIL_END_OF_TURN, colors=("R",))
    assert (bears.colors, bears.power) == (["red"], 2)
    game.next_turn()  # both end: green again
    assert bears.colors == ["green"]


def test_power_and_toughness_sublayers_apply_in_order_whatever_the_timestamps(game: Game, alice: Player) -> None:
    bears = game.battlefield_add("Grizzly Bears", alice)
    start_effect(game, alice, bears, [bears], "switch", UNTIL_END_OF_TURN, switch=True)  # 7d, oldest
    start_effect(game, alice, bears, [bears], "power/toughness", UNTIL_END_OF_TURN, power=3)  # 7c
    start_effect(game, alice, bears, [bears], "set power/toughness", UNTIL_END_OF_TURN, set_power=0, set_toughness=1)  # 7b
    game.add_counters(bears, 1)
    # 0/1, +3/+0 and a counter: 4/2, then switched: 2/4.
    assert (bears.power, bears.toughness) == (2, 4)


def test_a_land_that_becomes_a_creature_has_power_and_toughness(game: Game, alice: Player) -> None:
    land = game.battlefield_add("Forest", alice)
    assert land.power is None
    start_effect(
        game,
        alice,
        land,
        [land],
        "type",
        UNTIL_END_OF_TURN,
        types=("creature",),
        more_layers=("set power/toughness",),
        set_power=3,
        set_toughness=3,
    )
    assert (land.types, land.power, land.toughness) == (["creature", "land"], 3, 3)


def test_a_copy_takes_copiable_values_only_and_does_not_follow_later_changes(game: Game, alice: Player, bob: Player) -> None:
    bears = game.battlefield_add("Grizzly Bears", bob)
    start_effect(game, bob, bears, [bears], "power/toughness", FOREVER, power=2, toughness=2)
    alice.will_pick("copy", bears)
    clone = game.hand_add("Clone", alice)
    game.add_mana(alice, "{U}{C}{C}{C}")
    game.cast(clone)
    game.resolve()
    assert (clone.name, clone.power, clone.toughness, clone.colors) == ("Grizzly Bears", 2, 2, ["green"])
    wurm = game.battlefield_add("Craw Wurm", bob)
    alice.will_pick("copy", wurm)
    other = game.hand_add("Clone", alice)
    game.add_mana(alice, "{U}{C}{C}{C}")
    game.cast(other)
    game.resolve()
    start_effect(game, bob, bears, [bears], "type", FOREVER, types=("artifact",))
    assert clone.types == ["creature"]  # the copy was made before; other effects on the original aren't copied


def test_entering_as_a_copy_is_a_choice_the_player_states(game: Game, alice: Player, bob: Player) -> None:
    game.battlefield_add("Grizzly Bears", bob)
    clone = game.hand_add("Clone", alice)
    game.add_mana(alice, "{U}{C}{C}{C}")
    game.cast(clone)
    before = snapshot(game)
    with pytest.raises(MissingChoice, match="what Clone copies"):
        game.resolve()
    assert snapshot(game) == before  # nothing happened


def test_a_copy_choice_the_ability_does_not_allow_is_refused(game: Game, alice: Player, bob: Player) -> None:
    forest = game.battlefield_add("Forest", bob)
    clone = game.hand_add("Clone", alice)
    game.add_mana(alice, "{U}{C}{C}{C}")
    game.cast(clone)
    alice.will_pick("copy", forest)
    with expect_illegal(code="illegal-copy-choice"):
        game.resolve()
    assert clone.zone.value == "stack"


def test_another_permanents_enters_tapped_effect_does_not_apply_to_itself(game: Game, alice: Player) -> None:
    orb = game.hand_add("Orb of Dreams", alice)
    game.add_mana(alice, "{C}{C}{C}")
    game.cast(orb)
    game.resolve()
    assert not orb.tapped
    land = game.hand_add("Forest", alice)
    game.play_land(land)
    assert land.tapped


def test_a_transformed_permanent_keeps_its_identity_and_only_double_faced_cards_transform(game: Game, alice: Player) -> None:
    from kb.engine.keyword_actions import transform

    smith = game.battlefield_add("Village Ironsmith", alice)
    bears = game.battlefield_add("Grizzly Bears", alice)
    identity = smith.object_id
    transform(game, smith)
    transform(game, bears)
    assert (smith.name, smith.colors, smith.power, smith.object_id) == ("Ironfang", ["red"], 3, identity)
    assert (bears.name, bears.transformed) == ("Grizzly Bears", False)
    transform(game, smith)
    assert smith.name == "Village Ironsmith"


def test_a_double_faced_card_leaves_the_battlefield_front_face_up(game: Game, alice: Player) -> None:
    from kb.engine.keyword_actions import transform
    from kb.engine.state import Zone
    from kb.engine.zones import move_card

    smith = game.battlefield_add("Village Ironsmith", alice)
    transform(game, smith)
    move_card(game, smith, Zone.HAND)
    assert (smith.name, smith.transformed) == ("Village Ironsmith", False)


def test_exchanging_control_of_two_permanents_of_one_player_does_nothing(game: Game, alice: Player) -> None:
    bears = game.battlefield_add("Grizzly Bears", alice)
    wurm = game.battlefield_add("Craw Wurm", alice)
    game.add_mana(alice, "{U}{C}{C}{C}{C}")
    game.cast(game.hand_add("Switcheroo", alice), targets=[bears, wurm])
    game.resolve()
    assert (bears.controller, wurm.controller) == (alice, alice)
    assert game.state.effects == []


def test_an_unknown_color_or_count_is_a_definition_error() -> None:
    with pytest.raises(DefinitionError, match="unknown color 'mauve'"):
        compose(
            Facts("Mauve Mantle", "{W}", "Enchantment — Aura"),
            [("static effect", {"to": "enchanted creature", "colors": "mauve"})],
        )
    with pytest.raises(DefinitionError, match="unknown count"):
        compose(Facts("Goyf", "{1}{G}", "Creature — Lhurgoyf"), [("defined power/toughness", {"count": "lands you control"})])


def test_a_color_choice_must_be_a_color() -> None:
    ghoul = compose(
        Facts("Mood Ghoul", "{1}{B}", "Creature — Zombie", power="2", toughness="2"),
        [("activated", {"cost": "{1}", "effect": {"become color": {"color": "chosen", "to": "this"}}})],
    )
    game = Game(cards=[ghoul])
    alice = game.players[0]
    card = game.battlefield_add("Mood Ghoul", alice)
    game.add_mana(alice, "{C}")
    game.activate(card)
    alice.will_pick("color", "purple")
    with pytest.raises(IllegalAction, match="not a color"):
        game.resolve()
    alice.will_pick("color", "U")
    game.resolve()
    assert card.colors == ["blue"]


SHAPESHIFTER = compose(
    Facts("Unstable Shapeshifter", "{3}{U}", "Creature — Shapeshifter", power="0", toughness="1"),
    [
        (
            "whenever another creature enters",
            {
                "key": "shift",
                "effect": {"become a copy": {"of": "that creature", "keeps this ability": True, "duration": "indefinitely"}},
            },
        )
    ],
)
AUTOMATON = compose(
    Facts("Adaptive Automaton", "{3}", "Artifact Creature — Construct", power="2", toughness="2"),
    [("choose a creature type", {"is that type": True, "others get": "+1/+1"})],
)


def test_a_trigger_remembers_the_creature_that_entered_and_the_copy_keeps_the_ability() -> None:
    game = Game(cards=[SHAPESHIFTER])
    alice = game.players[0]
    shapeshifter = game.battlefield_add("Unstable Shapeshifter", alice)
    bears = game.hand_add("Grizzly Bears", alice)
    game.add_mana(alice, "{G}{C}")
    game.cast(bears)
    game.resolve()
    identity = shapeshifter.object_id
    game.resolve()
    assert (shapeshifter.name, shapeshifter.power, shapeshifter.object_id) == ("Grizzly Bears", 2, identity)
    assert [a.key for a in shapeshifter.definition.triggered] == ["shift"]
    assert bears.definition.triggered == ()  # the original is unchanged


def test_a_creature_that_left_before_the_trigger_resolves_is_not_copied() -> None:
    from kb.engine.state import Zone
    from kb.engine.zones import move_card

    game = Game(cards=[SHAPESHIFTER])
    alice = game.players[0]
    shapeshifter = game.battlefield_add("Unstable Shapeshifter", alice)
    bears = game.hand_add("Grizzly Bears", alice)
    game.add_mana(alice, "{G}{C}")
    game.cast(bears)
    game.resolve()
    move_card(game, bears, Zone.HAND)  # a new object now (rule 400.7)
    game.resolve()
    assert shapeshifter.name == "Unstable Shapeshifter"


def test_an_entering_choice_is_the_players_and_sets_what_the_permanent_is() -> None:
    game = Game(cards=[AUTOMATON])
    alice = game.players[0]
    elves = game.battlefield_add("Llanowar Elves", alice)
    automaton = game.hand_add("Adaptive Automaton", alice)
    game.add_mana(alice, "{C}{C}{C}")
    game.cast(automaton)
    with pytest.raises(MissingChoice, match="the creature type chosen as Adaptive Automaton enters"):
        game.resolve()
    alice.will_pick("creature type", "Elf")
    game.resolve()
    assert (automaton.subtypes, elves.power, automaton.power) == (["Construct", "Elf"], 2, 2)


def test_a_power_counted_as_it_applies_follows_the_graveyard(game: Game, alice: Player) -> None:
    from kb.engine.cards.layer_parts import COUNTS

    land = game.battlefield_add("Forest", alice)
    start_effect(
        game,
        alice,
        land,
        [land],
        "type",
        UNTIL_END_OF_TURN,
        types=("creature",),
        more_layers=("set power/toughness",),
        set_by=lambda g, c: (COUNTS["creature cards in your graveyard"](g, c),) * 2,
    )
    game.graveyard_add("Grizzly Bears", alice)
    game.graveyard_add("Forest", alice)
    assert (land.power, land.toughness) == (1, 1)
    game.graveyard_add("Craw Wurm", alice)
    assert land.power == 2


def test_an_activated_ability_resolves_as_activated_after_its_source_changed() -> None:
    pinger = compose(
        Facts("Pinger", "{1}{R}", "Creature — Goblin", power="1", toughness="1"),
        [("activated", {"cost": "{1}", "target": "player", "effect": {"damage": 1}})],
    )
    game = Game(cards=[pinger])
    alice, bob = game.players
    source = game.battlefield_add("Pinger", alice)
    game.add_mana(alice, "{C}")
    game.activate(source, targets=[bob])
    start_copy_effect(game, alice, source, source, game.definition_of("Grizzly Bears"), FOREVER)  # now it has none
    game.resolve()
    assert (source.name, bob.life) == ("Grizzly Bears", 19)


LAVARUNNER = compose(
    Facts("Akki Lavarunner", "{3}{R}", "Creature — Goblin Warrior", power="1", toughness="1"),
    [
        (
            "flipped",
            {"name": "Tok-Tok, Volcano Born", "type_line": "Legendary Creature — Goblin Shaman", "power": 2, "toughness": 2},
        )
    ],
)
TUTOR = compose(
    Facts("Time of Need", "{1}{G}", "Sorcery"), [("spell", {"effect": {"search library": {"for": "legendary creature card"}}})]
)


def test_a_flipped_permanent_keeps_its_color_and_forgets_the_flip_when_it_leaves() -> None:
    from kb.engine.keyword_actions import flip
    from kb.engine.state import Zone
    from kb.engine.zones import move_card

    game = Game(cards=[LAVARUNNER])
    alice = game.players[0]
    runner = game.battlefield_add("Akki Lavarunner", alice)
    identity = runner.object_id
    flip(game, runner)
    assert (runner.name, runner.colors, runner.power, runner.object_id) == ("Tok-Tok, Volcano Born", ["red"], 2, identity)
    move_card(game, runner, Zone.HAND)
    assert (runner.name, runner.state.flipped) == ("Akki Lavarunner", False)


def test_a_search_is_the_players_choice_and_may_find_nothing() -> None:
    game = Game(cards=[TUTOR])
    alice = game.players[0]
    isamaru = game.library_add("Isamaru, Hound of Konda", alice)
    game.add_mana(alice, "{G}{C}{G}{C}")
    game.cast(game.hand_add("Time of Need", alice))
    with pytest.raises(MissingChoice, match="legendary creature card Alice finds"):
        game.resolve()
    alice.will_pick("search", None)  # rule 701.23b: not required to find it
    game.resolve()
    assert isamaru.zone.value == "library"
    game.cast(game.hand_add("Time of Need", alice))
    alice.will_pick("search", isamaru)
    game.resolve()
    assert isamaru.zone.value == "hand"
