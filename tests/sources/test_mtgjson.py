"""The MTGJSON AtomicCards importer on small fixtures."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from kb.errors import SourceError
from kb.model import Face, Origin
from kb.sources import mtgjson

BULK = Path(__file__).resolve().parent.parent / "fixtures" / "bulk"
ATOMIC = BULK / "mtgjson-atomic.json"
FIRE_ICE_ID = "1b5b6a2c-0000-4000-8000-000000000006"


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps({"meta": {"version": "5"}, "data": data}), encoding="utf-8")
    return path


def test_cards_are_read_entry_by_entry() -> None:
    imported = mtgjson.load(ATOMIC)
    assert [(card.id, card.oracle_id, card.origin) for card in imported.cards] == [
        ("fire-ice", FIRE_ICE_ID, Origin(str(ATOMIC), 7)),
        ("laelia-the-blade-reforged", "1b5b6a2c-0000-4000-8000-000000000002", Origin(str(ATOMIC), 45)),
        ("rona-disciple-of-gix", "1b5b6a2c-0000-4000-8000-000000000001", Origin(str(ATOMIC), 69)),
    ]
    laelia = imported.cards[1]
    assert (laelia.name, laelia.mana_cost, laelia.type_line, laelia.oracle_text, laelia.power, laelia.faces) == (
        "Laelia, the Blade Reforged",
        "{2}{R}",
        "Legendary Creature — Spirit Warrior",
        "Haste",
        "2",
        (),
    )
    assert imported.notes == ()


def test_face_objects_become_one_card_with_faces() -> None:
    fire_ice = mtgjson.load(ATOMIC).cards[0]
    assert fire_ice.name == "Fire // Ice"
    assert (fire_ice.mana_cost, fire_ice.type_line, fire_ice.oracle_text) == ("{1}{R} // {1}{U}", "Instant // Instant", "")
    assert fire_ice.faces == (
        Face("Fire", "{1}{R}", "Instant", "Fire deals 2 damage divided as you choose among one or two targets."),
        Face("Ice", "{1}{U}", "Instant", "Tap target permanent.\nDraw a card."),
    )


def test_faces_are_ordered_by_side(tmp_path: Path) -> None:
    face = {"name": "Up // Down", "identifiers": {"scryfallOracleId": "o"}, "layout": "transform"}
    path = write(
        tmp_path / "atomic.json",
        {"Up // Down": [face | {"faceName": "Down", "side": "b"}, face | {"faceName": "Up", "side": "a"}]},
    )
    assert [f.name for f in mtgjson.load(path).cards[0].faces] == ["Up", "Down"]


def test_rulings_repeated_on_every_face_are_read_once_with_ids_per_date() -> None:
    rulings = mtgjson.load(ATOMIC).rulings
    assert [(r.id, r.date, r.sources, r.origin.line) for r in rulings] == [
        ("fire-ice-2017-04-18-1", date(2017, 4, 18), ("mtgjson",), 7),
        ("laelia-the-blade-reforged-2021-02-05-1", date(2021, 2, 5), ("mtgjson",), 45),
        ("laelia-the-blade-reforged-2021-02-05-2", date(2021, 2, 5), ("mtgjson",), 45),
        ("rona-disciple-of-gix-2018-04-27-1", date(2018, 4, 27), ("mtgjson",), 69),
        ("rona-disciple-of-gix-2018-04-28-1", date(2018, 4, 28), ("mtgjson",), 69),
        ("rona-disciple-of-gix-2018-04-27-2", date(2018, 4, 27), ("mtgjson",), 69),
    ]
    assert rulings[2].text == "Laelia’s last triggered ability doesn’t care which player is exiling cards."
    assert {r.card for r in rulings} == {"fire-ice", "laelia-the-blade-reforged", "rona-disciple-of-gix"}


def test_two_oracle_identities_under_one_name_stay_two_cards(tmp_path: Path) -> None:
    variant = {"name": "Everything", "type": "Artifact", "layout": "normal"}
    path = write(
        tmp_path / "atomic.json",
        {
            "Everything": [
                variant | {"text": "A", "identifiers": {"scryfallOracleId": "a"}},
                variant | {"text": "B", "identifiers": {"scryfallOracleId": "b"}},
            ]
        },
    )
    cards = mtgjson.load(path).cards
    assert [(c.id, c.oracle_id, c.oracle_text, c.faces) for c in cards] == [
        ("everything-a", "a", "A", ()),
        ("everything-b", "b", "B", ()),
    ]


def test_a_meld_part_is_a_card_named_after_its_face(tmp_path: Path) -> None:
    bruna = {"name": "Bruna, the Fading Light // Brisela, Voice of Nightmares", "faceName": "Bruna, the Fading Light"}
    brisela = {"name": "Brisela, Voice of Nightmares", "faceName": "Brisela, Voice of Nightmares", "side": "b"}
    path = write(
        tmp_path / "atomic.json",
        {
            "Brisela, Voice of Nightmares": [
                brisela | {"layout": "meld", "text": "Flying", "identifiers": {"scryfallOracleId": "b"}}
            ],
            bruna["name"]: [
                bruna | {"layout": "meld", "side": "a", "text": "Vigilance", "identifiers": {"scryfallOracleId": "a"}}
            ],
        },
    )
    cards = mtgjson.load(path).cards
    assert [(c.id, c.name, c.oracle_text, c.faces) for c in cards] == [
        ("brisela-voice-of-nightmares", "Brisela, Voice of Nightmares", "Flying", ()),
        ("bruna-the-fading-light", "Bruna, the Fading Light", "Vigilance", ()),
    ]


def test_a_reversible_card_without_oracle_id_is_one_card_of_its_face_name(tmp_path: Path) -> None:
    face = {"name": "Propaganda // Propaganda", "faceName": "Propaganda", "layout": "reversible_card", "identifiers": {}}
    ruling = {"date": "2004-10-04", "text": "Each creature."}
    path = write(
        tmp_path / "atomic.json",
        {face["name"]: [face | {"side": "a", "text": "Tax.", "rulings": [ruling]}, face | {"side": "b", "text": "Tax."}]},
    )
    imported = mtgjson.load(path)
    assert [(c.id, c.name, c.oracle_text, c.faces, c.oracle_id) for c in imported.cards] == [
        ("propaganda", "Propaganda", "Tax.", (), None)
    ]
    assert [r.card for r in imported.rulings] == ["propaganda"]


def test_tokens_are_skipped_with_a_note(tmp_path: Path) -> None:
    path = write(tmp_path / "atomic.json", {"Soldier": [{"name": "Soldier", "layout": "token"}]})
    assert mtgjson.load(path) == ((), (), (f"{path}: skipped 1 card of layout 'token'",))


# --- broken and wrong files -------------------------------------------------------------


def test_a_scryfall_file_is_not_an_mtgjson_file() -> None:
    with pytest.raises(SourceError) as caught:
        mtgjson.load(BULK / "scryfall-oracle-cards.json")
    assert str(caught.value) == (
        f"{BULK / 'scryfall-oracle-cards.json'}:1: expected a JSON object at the top level, found an array "
        "(column 1, the file) (MTGJSON AtomicCards is a JSON object with 'meta' and 'data' members)"
    )


def test_all_printings_is_not_atomic_cards(tmp_path: Path) -> None:
    path = write(tmp_path / "AllPrintings.json", {"LEA": {"name": "Limited Edition Alpha", "cards": []}})
    with pytest.raises(SourceError) as caught:
        mtgjson.load(path)
    assert str(caught.value) == (
        f"{path}:1: expected a list of card faces, found an object (entry 0 ('LEA')) "
        "(this looks like another MTGJSON file (AllPrintings?), not AtomicCards)"
    )


def test_a_file_without_data_is_named(tmp_path: Path) -> None:
    path = tmp_path / "meta.json"
    path.write_text('{"meta": {"version": "5"}}', encoding="utf-8")
    with pytest.raises(SourceError, match=r"meta.json: no 'data' member at the top level"):
        mtgjson.load(path)


def test_a_truncated_file_names_the_entry(tmp_path: Path) -> None:
    text = ATOMIC.read_text(encoding="utf-8")
    path = tmp_path / "atomic.json"
    path.write_text(text[: text.index('"Rona, Disciple of Gix"') + 60], encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        mtgjson.load(path)
    assert caught.value.origin == Origin(str(path), 71)  # where the cut string starts
    assert str(caught.value) == (
        f"{path}:71: file ends early inside a value (unterminated string) "
        "(column 17, entry 2 ('Rona, Disciple of Gix') of 'data')"
    )


def test_a_bad_ruling_is_reported_with_its_entry(tmp_path: Path) -> None:
    path = write(tmp_path / "atomic.json", {"Opt": [{"name": "Opt", "rulings": [{"date": "2021-03-19", "text": None}]}]})
    with pytest.raises(SourceError) as caught:
        mtgjson.load(path)
    assert str(caught.value) == f"{path}:1: missing field 'text' (entry 0 ('Opt'))"
