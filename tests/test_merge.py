"""Merging curated content with imported card data."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from kb.merge import merge, name_aliases, normalise
from kb.model import Card, Example, Face, Origin, Ruling
from kb.sources import mtgjson, scryfall
from kb.sources.bulk import Imported

BULK = Path(__file__).resolve().parent / "fixtures" / "bulk"
RONA_ORACLE = "1b5b6a2c-0000-4000-8000-000000000001"
CONTENT = Origin("content/cards/rona-disciple-of-gix.yaml", 1)


def imports() -> list[Imported]:
    return [
        scryfall.load(BULK / "scryfall-oracle-cards.json", BULK / "scryfall-rulings.json"),
        mtgjson.load(BULK / "mtgjson-atomic.json"),
    ]


def curated_rona() -> tuple[Card, list[Ruling]]:
    card = Card(name="Rona, Disciple of Gix", origin=CONTENT, short_name="Rona", mana_cost="{1}{U}{B}")
    example = Example("rona-pays-alternative-costs", "assert True", ("118.9",), Origin("content/cards/rona.yaml", 40))
    rulings = [
        Ruling(
            id="rona-disciple-of-gix-2018-04-27-1",
            # Same as the imported ruling but for apostrophes, spacing and case.
            text="You'll still pay all costs for that spell, including additional costs.  You may also pay "
            "alternative costs such as that granted by Jodah, Archmage Eternal.",
            origin=Origin("content/cards/rona.yaml", 38),
            card="rona-disciple-of-gix",
            date=date(2018, 4, 27),
            example=example,
        ),
        Ruling(
            id="rona-disciple-of-gix-2018-04-27-2",
            text="Written by us, about Rona.",
            origin=Origin("content/cards/rona.yaml", 45),
            card="rona-disciple-of-gix",
            date=date(2018, 4, 27),
        ),
    ]
    return card, rulings


def test_one_card_per_oracle_identity_sorted_by_id() -> None:
    merged = merge([], [], imports())
    assert [(card.id, card.origin.path.rsplit("/", 1)[-1]) for card in merged.cards] == [
        ("delver-of-secrets-insectile-aberration", "scryfall-oracle-cards.json"),
        ("fire-ice", "scryfall-oracle-cards.json"),
        ("island", "scryfall-oracle-cards.json"),
        ("jodah-archmage-eternal", "scryfall-oracle-cards.json"),
        ("laelia-the-blade-reforged", "mtgjson-atomic.json"),  # only MTGJSON has it
        ("opt", "scryfall-oracle-cards.json"),
        ("rona-disciple-of-gix", "scryfall-oracle-cards.json"),
    ]
    assert merged.notes == ()


def test_duplicate_rulings_are_shown_once_with_every_source() -> None:
    merged = merge([], [], imports())
    rona = [(r.id, r.date, r.sources, r.text[:30]) for r in merged.rulings if r.card == "rona-disciple-of-gix"]
    assert rona == [
        ("rona-disciple-of-gix-2018-04-27-1", date(2018, 4, 27), ("scryfall", "mtgjson"), "You must follow the normal tim"),
        # MTGJSON dates this one a day later and spaces it differently: still the same ruling.
        ("rona-disciple-of-gix-2018-04-27-2", date(2018, 4, 27), ("scryfall", "mtgjson"), "You’ll still pay all costs for"),
        ("rona-disciple-of-gix-2018-04-27-3", date(2018, 4, 27), ("scryfall",), "Once you begin to cast a card,"),
        ("rona-disciple-of-gix-2018-04-27-4", date(2018, 4, 27), ("mtgjson",), "The cards exiled from your lib"),
    ]
    fire_ice = [(r.id, r.sources) for r in merged.rulings if r.card == "fire-ice"]
    assert fire_ice == [("fire-ice-2017-04-18-1", ("scryfall", "mtgjson"))]


def test_curated_records_win_and_keep_the_imported_sources() -> None:
    card, rulings = curated_rona()
    merged = merge([card], rulings, imports())
    rona = next(c for c in merged.cards if c.id == "rona-disciple-of-gix")
    assert (rona.origin, rona.short_name, rona.mana_cost) == (CONTENT, "Rona", "{1}{U}{B}")
    # What the curated card leaves empty is filled from the first source.
    assert (rona.oracle_id, rona.type_line, rona.power) == (RONA_ORACLE, "Legendary Creature — Human Artificer", "2")

    by_id = {r.id: r for r in merged.rulings if r.card == "rona-disciple-of-gix"}
    kept = by_id["rona-disciple-of-gix-2018-04-27-1"]
    assert kept.origin == Origin("content/cards/rona.yaml", 38)
    assert kept.example is rulings[0].example
    assert kept.sources == ("scryfall", "mtgjson")
    # Imported rulings take ordinals the curated ones leave free.
    assert sorted((r.id, r.sources, r.text[:20]) for r in by_id.values()) == [
        ("rona-disciple-of-gix-2018-04-27-1", ("scryfall", "mtgjson"), "You'll still pay all"),
        ("rona-disciple-of-gix-2018-04-27-2", (), "Written by us, about"),
        ("rona-disciple-of-gix-2018-04-27-3", ("scryfall", "mtgjson"), "You must follow the "),
        ("rona-disciple-of-gix-2018-04-27-4", ("scryfall",), "Once you begin to ca"),
        ("rona-disciple-of-gix-2018-04-27-5", ("mtgjson",), "The cards exiled fro"),
    ]


def test_general_rulings_pass_through() -> None:
    general = Ruling(id="tap-symbol", text="The tap symbol is {T}.", origin=Origin("content/rulings/costs.yaml", 3))
    merged = merge([], [general], imports())
    assert merged.rulings[0] == general


def test_output_is_the_same_for_the_same_input() -> None:
    card, rulings = curated_rona()
    assert merge([card], rulings, imports()) == merge([card], rulings, imports())


def test_cards_sharing_a_name_each_get_a_page_told_apart_by_oracle_id() -> None:
    # As an importer hands them over: ids unique within the source.
    a = Card(name="Everything", origin=Origin("a.json", 2), oracle_text="A", oracle_id="aaaa0001-x", id="everything-aaaa0001")
    b = Card(name="Everything", origin=Origin("a.json", 3), oracle_text="B", oracle_id="bbbb0002-x", id="everything-bbbb0002")
    ruling_b = Ruling(id="r", text="About B.", origin=Origin("r.json", 2), card="everything-bbbb0002", date=date(2020, 1, 1))
    merged = merge([], [], [([a, b], [ruling_b])])
    assert [(c.id, c.oracle_text) for c in merged.cards] == [("everything-aaaa0001", "A"), ("everything-bbbb0002", "B")]
    assert [(r.id, r.card) for r in merged.rulings] == [("everything-bbbb0002-2020-01-01-1", "everything-bbbb0002")]
    # Another source of one of them changes no address.
    only_b = Card(name="Everything", origin=Origin("b.json", 2), oracle_text="B", oracle_id="bbbb0002-x")
    again = merge([], [], [([a, b], []), ([only_b], [])])
    assert [c.id for c in again.cards] == ["everything-aaaa0001", "everything-bbbb0002"]


def test_names_that_make_one_slug_get_addresses_of_their_own() -> None:
    cards = [
        Card(name="Drench the Soil", origin=Origin("a", 1), oracle_id="11111111-a"),
        Card(name="Drench The Soil!", origin=Origin("a", 2), oracle_id="22222222-b"),
        Card(name="Index", origin=Origin("a", 3), oracle_id="33333333-c"),
        Card(name="_____", origin=Origin("a", 4), oracle_id="44444444-d"),
        Card(name="Æther Vial", origin=Origin("a", 5), oracle_id="55555555-e"),
    ]
    ids = [c.id for c in merge([], [], [(cards, [])]).cards]
    assert ids == ["aether-vial", "drench-the-soil-11111111", "drench-the-soil-22222222", "index-card", "low-line-x5"]


def test_a_ruling_whose_card_is_in_no_source_is_dropped_with_a_note() -> None:
    stray = Ruling(id="x-2020-01-01-1", text="?", origin=Origin("r.json", 2), card="x", date=date(2020, 1, 1))
    merged = merge([], [], [([], [stray])])
    assert (merged.rulings, merged.notes) == ((), ("dropped 1 imported ruling(s) whose card is in no source",))


def test_every_face_name_leads_to_its_card() -> None:
    merged = merge([], [], imports())
    assert merged.aliases["Fire"] == merged.aliases["Ice"] == merged.aliases["Fire // Ice"] == "fire-ice"
    assert merged.aliases["Insectile Aberration"] == "delver-of-secrets-insectile-aberration"
    assert merged.aliases["Opt"] == "opt"


def test_a_card_name_beats_another_cards_face_of_the_same_name() -> None:
    fire = Card(name="Fire", origin=Origin("x", 1))
    fire_ice = Card(name="Fire // Ice", origin=Origin("x", 2), faces=(Face("Fire"), Face("Ice")))
    assert name_aliases([fire_ice, fire]) == {"Fire // Ice": "fire-ice", "Fire": "fire", "Ice": "fire-ice"}


def test_normalise_ignores_quotes_spacing_and_case() -> None:
    assert normalise("You’ll  still\npay “X”. ") == normalise('you\'ll still pay "X".') == 'you\'ll still pay "x".'
