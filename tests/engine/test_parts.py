"""Cards composed from named parts: each kind of part works in a game, and a mistake names where it is."""

from __future__ import annotations

import pytest

from kb.engine import Game, MissingChoice, expect_illegal
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
