"""Cards composed from named parts: each kind of part works in a game, and a mistake names where it is."""

from __future__ import annotations

import pytest

from kb.engine import Game, IllegalAction, MissingChoice, expect_illegal
from kb.engine.cards.parts import DefinitionError, Facts, compose


def card(name: str, type_line: str, *parts: tuple[str, object], cost: str = "", pt: str | None = None) -> object:
    return compose(Facts(name, cost, type_line, power=pt, toughness=pt), list(parts))


def test_type_line_and_facts_are_read_once() -> None:
    rona = card("Copy", "Legendary Creature — Human Artificer", cost="{1}{U}{B}", pt="2")
    assert (rona.supertypes, rona.types, rona.subtypes) == ({"legendary"}, {"creature"}, {"Human", "Artificer"})
    assert (rona.power, rona.toughness, rona.mana_cost) == (2, 2, "{1}{U}{B}")


def test_an_activated_ability_with_x_sacrifice_and_a_target() -> None:
    launcher = card(
        "Launcher",
        "Artifact",
        ("activated", {"cost": "{X}, Sacrifice a creature", "target": "any target", "effect": {"damage": "X"}}),
    )
    game = Game(cards=[launcher])
    alice, bob = game.players
    source = game.battlefield_add("Launcher", alice)
    bears = game.battlefield_add("Grizzly Bears", alice)
    game.add_mana(alice, "{C}{C}{C}")
    with pytest.raises(MissingChoice, match="value of X"):
        game.activate(source, targets=[bob], sacrifice=[bears])
    with pytest.raises(MissingChoice, match="what to sacrifice"):
        game.activate(source, targets=[bob], x=3)
    with expect_illegal(code="sacrificed-twice"):
        game.activate(source, targets=[bob], x=3, sacrifice=[bears, bears])
    game.activate(source, targets=[bob], x=3, sacrifice=[bears])
    game.resolve()
    assert (bob.life, bears.zone, alice.mana_pool) == (17, "graveyard", "empty")


def test_discard_and_exile_from_graveyard_costs() -> None:
    engine = card(
        "Engine",
        "Artifact",
        ("activated", {"cost": "Discard a card, Exile two cards from your graveyard", "effect": {"draw": 2}}),
    )
    game = Game(cards=[engine])
    alice, _ = game.players
    source = game.battlefield_add("Engine", alice)
    card_in_hand = game.hand_add("Island", alice)
    graveyard = [game.graveyard_add("Forest", alice) for _ in range(2)]
    for _ in range(2):
        game.library_add("Mountain", alice)
    with expect_illegal(code="exiled-twice"):
        game.activate(source, discard=[card_in_hand], exile=[graveyard[0], graveyard[0]])
    game.activate(source, discard=[card_in_hand], exile=graveyard)
    game.resolve()
    assert [c.zone for c in graveyard] == ["exile", "exile"] and len(alice.hand) == 2


def test_triggers_enters_dies_and_you_cast() -> None:
    watcher = card(
        "Watcher",
        "Creature — Bird",
        ("triggered", {"when": "enters", "effect": {"gain life": 1}}),
        ("triggered", {"when": "dies", "effect": {"gain life": 2}}),
        ("triggered", {"when": "you cast", "spell": "instant spell", "effect": {"gain life": 3}}),
        pt="1",
    )
    game = Game(cards=[watcher])
    alice, _ = game.players
    bird = game.hand_add("Watcher", alice)
    game.cast(bird)
    game.resolve_stack()
    assert alice.life == 21
    bolt = game.hand_add("Lightning Bolt", alice)
    game.add_mana(alice, "{R}")
    game.cast(bolt, targets=[bird])  # "you cast" an instant: +3; then it dies: +2
    game.resolve_stack()
    assert (bird.zone, alice.life) == ("graveyard", 26)


def test_static_cost_change_for_your_spells_only() -> None:
    discount = card("Discount", "Enchantment", ("cost change", {"spells": "creature spells you cast", "amount": -1}))
    game = Game(cards=[discount])
    alice, bob = game.players
    game.battlefield_add("Discount", alice)
    bears, bobs_bears = game.hand_add("Grizzly Bears", alice), game.hand_add("Grizzly Bears", bob)
    game.add_mana(alice, "{G}")
    game.cast(bears)  # {1}{G} less {1}
    game.resolve()
    game.next_turn()
    game.add_mana(bob, "{G}")
    with expect_illegal(code="cannot-pay"):
        game.cast(bobs_bears)


def test_replacement_enters_tapped_and_a_token() -> None:
    maker = card(
        "Maker",
        "Land",
        ("replacement", "enters tapped"),
        ("triggered", {"when": "enters", "effect": {"create token": {"name": "Spirit", "count": 2}}}),
        (
            "token",
            {"name": "Spirit", "type_line": "Creature — Spirit", "power": 1, "toughness": 1, "parts": [{"keywords": ["flying"]}]},
        ),
    )
    game = Game(cards=[maker])
    alice, _ = game.players
    land = game.play_land(game.hand_add("Maker", alice))
    game.resolve()
    spirits = [c for c in alice.battlefield if c.is_token]
    assert land.tapped and [(s.name, s.keywords, s.power) for s in spirits] == [("Spirit", ["flying"], 1)] * 2


@pytest.mark.parametrize(
    ("parts", "message", "at"),
    [
        ([("mana", {"add": "{Z}"})], "add mana", (0, "add")),
        ([("activated", {"cost": "{T}, Pay 2 life", "effect": "draw"})], "unknown cost 'Pay 2 life'", (0, "cost")),
        ([("activated", {"cost": "{T}", "effect": {"damge": 1}})], "unknown effect 'damge'", (0, "effect", 0)),
        ([("triggered", {"when": "sunrise", "effect": {"draw": 1}})], "unknown trigger 'sunrise'", (0, "when")),
        ([("static", {"to": "wizzards you control", "keywords": ["haste"]})], "unknown word", (0, "to")),
        ([("keywords", ["haste"]), ("flyng", True)], "unknown part 'flyng'", (1,)),
        ([("spell", {"effect": {"draw": 1}, "colour": "red"})], "unknown setting 'colour'", (0, "colour")),
        ([("triggered", {"when": "upkeep"})], "needs 'effect'", (0,)),
        ([("keywords", ["hasty"])], "unknown keyword 'hasty'", (0, "keywords")),
        ([("ability", "Creatures can't block.")], "doesn't know the ability", (0, "text")),
        ([("spell", {"effect": {"prevent damage": {"amount": 1}}})], "of damage to target", (0, "effect", 0)),
        ([("not implemented", "a"), ("not implemented", "b")], "given twice", (1,)),
    ],
)
def test_a_mistake_names_the_part_and_setting(parts: list[tuple[str, object]], message: str, at: tuple[object, ...]) -> None:
    with pytest.raises(DefinitionError, match=message) as raised:
        compose(Facts("Bad", "", "Creature — Bird", power="1", toughness="1"), parts)
    assert raised.value.at[: len(at)] == at


def test_a_type_line_the_engine_cant_read_is_an_error() -> None:
    with pytest.raises(DefinitionError, match="not a type line") as raised:
        compose(Facts("Bad", type_line="Creatur — Bird"), [])
    assert raised.value.at == ("type_line",)


def test_exile_the_top_card_then_play_it_or_cast_it_from_exile() -> None:
    scout = card(
        "Scout",
        "Creature — Human Scout",
        ("activated", {"cost": "{T}", "effect": {"exile top card": {"then": "you may play it this turn"}}}),
        pt="1",
    )
    vault = card(
        "Vault",
        "Artifact",
        ("activated", {"cost": "{1}", "effect": {"exile top card": {"then": "link to this"}}}),
        ("cast from exile", "exiled with this"),
    )
    game = Game(cards=[scout, vault])
    alice, _ = game.players
    source = game.battlefield_add("Scout", alice, summoning_sick=False)
    box = game.battlefield_add("Vault", alice)
    forest, bears = game.library_add("Forest", alice), game.library_add("Grizzly Bears", alice)
    game.activate(source)
    game.resolve()
    game.play_land(forest)  # played from exile this turn
    game.add_mana(alice, "{C}{G}{G}")
    game.activate(box)
    game.resolve()
    game.cast(bears)  # cast from among cards exiled with the Vault
    assert (forest.zone, bears.zone) == ("battlefield", "stack")


def test_a_granted_alternative_cost_covers_only_the_spells_it_names_and_only_its_controller() -> None:
    sage = card(
        "Sage",
        "Creature — Human Wizard",
        ("grant alternative cost", {"cost": "{B}", "spells": "instant spells you cast"}),
        pt="1",
    )
    game = Game(cards=[sage])
    alice, bob = game.players
    mine = game.battlefield_add("Sage", alice)
    theirs = game.battlefield_add("Sage", bob)
    wurm = game.battlefield_add("Craw Wurm", bob)
    cut = game.hand_add("Murderous Cut", alice)  # an instant, {4}{B}
    divination = game.hand_add("Divination", alice)  # a sorcery
    game.add_mana(alice, "{B}")
    with expect_illegal(code="no-alternative-cost", rule="118.9"):
        game.cast(divination, alternative=mine)  # not an instant
    with expect_illegal(code="no-alternative-cost", rule="118.9"):
        game.cast(cut, targets=[wurm], alternative=theirs)  # Bob's Sage grants Bob's spells only
    game.cast(cut, targets=[wurm], alternative=mine)
    game.resolve()
    assert (wurm.zone, alice.mana_pool) == ("graveyard", "empty")


def test_a_granted_alternative_cost_is_for_spells_you_cast() -> None:
    with pytest.raises(DefinitionError, match="spells you cast") as raised:
        card("Sage", "Creature — Human", ("grant alternative cost", {"cost": "{B}", "spells": "instant spells"}), pt="1")
    assert raised.value.at == (0, "spells")


def test_a_card_exiled_by_a_targeted_ability_can_be_linked_and_cast() -> None:
    keeper = card(
        "Keeper",
        "Artifact",
        (
            "activated",
            {"cost": "{T}", "target": "instant card in a graveyard", "effect": {"exile target": {"then": "link to this"}}},
        ),
        ("cast from exile", {"cards": "exiled with this"}),
    )
    game = Game(cards=[keeper])
    alice, bob = game.players
    source = game.battlefield_add("Keeper", alice)
    bolt = game.graveyard_add("Lightning Bolt", bob)
    other = game.exile_add("Lightning Bolt", bob)  # exiled, but not with the Keeper
    game.activate(source, targets=[bolt])
    game.resolve()
    assert (bolt.zone, game.exiled_with(source)) == ("exile", [bolt])
    game.add_mana(alice, "{R}{R}")
    with expect_illegal(code="no-permission", rule="601.3"):
        game.cast(other, by=alice, targets=[bob])
    game.cast(bolt, by=alice, targets=[bob])  # Bob's card, cast by Alice thanks to her Keeper
    game.resolve()
    assert (bob.life, bolt.zone) == (17, "graveyard")


def test_what_follows_an_exile_is_one_the_engine_knows() -> None:
    with pytest.raises(DefinitionError, match="then") as raised:
        card(
            "Odd", "Artifact", ("activated", {"cost": "{T}", "target": "creature", "effect": {"exile target": {"then": "keep"}}})
        )
    assert raised.value.at[:3] == (0, "effect", 0)


def test_a_tap_cost_taps_untapped_creatures_the_payer_controls_each_once() -> None:
    drum = card("Drum", "Artifact", ("mana", {"add": "any color", "cost": "{T}, Tap an untapped creature you control"}))
    game = Game(cards=[drum])
    alice, bob = game.players
    source = game.battlefield_add("Drum", alice)
    elves = game.battlefield_add("Llanowar Elves", alice)
    bears = game.battlefield_add("Grizzly Bears", bob)
    forest = game.battlefield_add("Forest", alice)
    for wrong in ([bears], [forest], [elves, elves]):
        with pytest.raises(IllegalAction) as refused:
            game.activate_mana_ability(source, color="G", tap=wrong)
        assert refused.value.rule in ("118.3", "701.26a")
        assert (source.tapped, elves.tapped, bears.tapped, forest.tapped, alice.mana_pool) == (False,) * 4 + ("empty",)
    game.activate_mana_ability(source, color="G", tap=[elves])
    assert (source.tapped, elves.tapped, alice.mana_pool) == (True, True, "{G}")


def test_a_tap_cost_names_how_many() -> None:
    with pytest.raises(DefinitionError, match="say how many"):
        card("Drum", "Artifact", ("mana", {"add": "{G}", "cost": "{T}, Tap untapped creatures you control"}))


def test_a_second_ability_without_a_key_is_activated_by_its_number() -> None:
    tool = card(
        "Tool",
        "Artifact",
        ("activated", {"cost": "{T}", "effect": {"gain life": 1}}),
        ("activated", {"cost": "{1}", "effect": {"draw": 1}}),
    )
    game = Game(cards=[tool])
    alice, _ = game.players
    source = game.battlefield_add("Tool", alice)
    game.library_add("Island", alice)
    game.add_mana(alice, "{C}")
    game.activate(source, "ability-2")
    game.resolve()
    assert (len(alice.hand), alice.life, source.tapped) == (1, 20, False)


def test_costs_count_in_words() -> None:
    delver = card("Delver", "Artifact", ("activated", {"cost": "Exile five cards from your graveyard", "effect": {"draw": 1}}))
    assert delver.activated[0].cost.exile_from_graveyard == 5


def test_a_verb_without_settings_may_be_written_true() -> None:
    relic = card("Relic", "Artifact", ("activated", {"cost": "{T}", "target": "creature", "effect": {"tap target": True}}))
    game = Game(cards=[relic])
    alice, bob = game.players
    source = game.battlefield_add("Relic", alice)
    bears = game.battlefield_add("Grizzly Bears", bob)
    game.activate(source, targets=[bears])
    game.resolve()
    assert bears.tapped


def test_a_triggered_keyword_brings_its_trigger_and_cycling_draws_from_the_hand() -> None:
    wolf = card("Wolf", "Creature — Wolf", ("keywords", ["undying"]), pt="1")
    cycler = card("Cycler", "Instant", ("cycling", "{U}"), ("spell", {"effect": {"draw": 1}}))
    assert [a.key for a in wolf.triggered] == ["undying"]
    game = Game(cards=[wolf, cycler])
    alice, _ = game.players
    game.library_add("Island", alice)
    source = game.hand_add("Cycler", alice)
    game.add_mana(alice, "{U}")
    game.cycle(source)
    game.resolve()
    assert (source.zone, [c.name for c in alice.hand]) == ("graveyard", ["Island"])


def test_a_mistake_in_a_shipped_card_names_shipped_yaml_and_its_line() -> None:
    from kb.engine.cards.shipped import _card

    with pytest.raises(DefinitionError, match=r"^shipped\.yaml:12: Bad: unknown part 'flyng'"):
        _card({"name": "Bad", "type_line": "Creature — Bird", "engine": [{"flyng": True}]}, 12)
