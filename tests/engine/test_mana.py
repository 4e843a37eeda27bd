"""Mana: pools, mana abilities without the stack, could-produce, undefined mana, tapped for mana."""

from __future__ import annotations

from kb.engine import Game, Player, ablated, expect_illegal


def test_a_mana_ability_resolves_at_once_without_the_stack(game: Game, alice: Player) -> None:
    forest = game.battlefield_add("Forest", alice)
    game.activate_mana_ability(forest)
    assert (alice.mana_pool, game.stack, forest.tapped) == ("{G}", [], True)


def test_mana_empties_between_steps(game: Game, alice: Player) -> None:
    game.add_mana(alice, "{G}")
    game.go_to("combat")
    assert alice.mana_pool == "empty"


def test_could_produce_ignores_costs_and_counts_replacements(game: Game, alice: Player, bob: Player) -> None:
    forest = game.battlefield_add("Forest", bob, tapped=True)
    assert game.could_produce(forest) == "{G}"
    game.battlefield_add("Contamination", alice)
    assert game.could_produce(forest) == "{B}"
    with ablated({"106.7"}):
        assert game.could_produce(forest) == "nothing"


def test_undefined_mana_type_produces_nothing(game: Game, alice: Player) -> None:
    orchard = game.battlefield_add("Exotic Orchard", alice)
    game.activate_mana_ability(orchard)
    assert alice.mana_pool == "empty"


def test_with_106_5_ablated_undefined_mana_is_added_without_raising(game: Game, alice: Player) -> None:
    orchard = game.battlefield_add("Exotic Orchard", alice)
    with ablated({"106.5"}):
        game.activate_mana_ability(orchard)  # a switched-off rule never raises just because it is off
    assert alice.mana_pool == "{C}"


def test_a_color_no_opposing_land_could_produce_is_refused(game: Game, alice: Player, bob: Player) -> None:
    stone = game.battlefield_add("Fellwar Stone", alice)
    game.battlefield_add("Island", bob)
    with expect_illegal(code="mana-type-unavailable", rule="106.7"):
        game.activate_mana_ability(stone, color="G")
    game.activate_mana_ability(stone, color="U")
    assert alice.mana_pool == "{U}"


def test_tapped_for_mana_trigger_and_replacement(game: Game, alice: Player, bob: Player) -> None:
    game.battlefield_add("Mana Reflection", alice)
    druid = game.battlefield_add("Zhur-Taa Druid", alice, summoning_sick=False)
    game.activate_mana_ability(druid)
    assert alice.mana_pool == "{G}{G}"
    game.resolve()
    assert bob.life == 19


def test_sacrificing_for_mana_is_not_tapping_for_mana(game: Game, alice: Player) -> None:
    game.battlefield_add("Mana Reflection", alice)
    altar = game.battlefield_add("Ashnod's Altar", alice)
    bears = game.battlefield_add("Grizzly Bears", alice)
    game.activate_mana_ability(altar, sacrifice=[bears])
    assert alice.mana_pool == "{C}{C}"


def test_your_lands_could_produce_looks_at_your_lands_only(game: Game, alice: Player, bob: Player) -> None:
    pool = game.battlefield_add("Reflecting Pool", alice)
    game.battlefield_add("Island", alice)
    game.battlefield_add("Forest", bob)  # an opponent's land doesn't count for "a land you control"
    assert game.could_produce(pool) == "{U}"
    with expect_illegal(code="mana-type-unavailable", rule="106.7"):
        game.activate_mana_ability(pool, color="G")
    game.activate_mana_ability(pool, color="U")
    assert alice.mana_pool == "{U}"
