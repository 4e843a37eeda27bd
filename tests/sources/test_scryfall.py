"""The Scryfall bulk importer (and the streaming JSON reader under it) on small fixtures."""

from __future__ import annotations

import gzip
import json
from datetime import date
from pathlib import Path

import pytest

from kb.errors import SourceError
from kb.model import Card, Face, Origin
from kb.sources import scryfall
from kb.sources.json_stream import iter_array, iter_members

BULK = Path(__file__).resolve().parent.parent / "fixtures" / "bulk"
CARDS = BULK / "scryfall-oracle-cards.json"
RULINGS = BULK / "scryfall-rulings.json"
RONA_ID = "1b5b6a2c-0000-4000-8000-000000000001"


def write_array(path: Path, items: list[object]) -> Path:
    path.write_text("[\n" + ",\n".join(json.dumps(item) for item in items) + "\n]\n", encoding="utf-8")
    return path


# --- cards ---------------------------------------------------------------------------


def test_cards_are_read_one_per_oracle_id_in_file_order() -> None:
    cards, notes = scryfall.read_cards(CARDS)
    assert [card.id for card in cards] == [
        "rona-disciple-of-gix",
        "jodah-archmage-eternal",
        "opt",
        "island",
        "fire-ice",
        "delver-of-secrets-insectile-aberration",
    ]
    assert cards[0] == Card(
        name="Rona, Disciple of Gix",
        origin=Origin(str(CARDS), 2),
        mana_cost="{1}{U}{B}",
        type_line="Legendary Creature — Human Artificer",
        oracle_text=(
            "When Rona, Disciple of Gix enters, you may exile target historic card from your graveyard.\n"
            "You may cast spells from among cards exiled with Rona.\n"
            "{4}, {T}: Exile the top card of your library."
        ),
        power="2",
        toughness="2",
        oracle_id=RONA_ID,
    )
    assert notes == [f"{CARDS}: skipped 1 card of layout 'token'"]


def test_a_multi_faced_card_keeps_its_faces() -> None:
    cards, _ = scryfall.read_cards(CARDS)
    fire_ice = next(card for card in cards if card.id == "fire-ice")
    assert fire_ice.name == "Fire // Ice"
    assert fire_ice.origin == Origin(str(CARDS), 6)
    assert fire_ice.faces == (
        Face("Fire", "{1}{R}", "Instant", "Fire deals 2 damage divided as you choose among one or two targets."),
        Face("Ice", "{1}{U}", "Instant", "Tap target permanent.\nDraw a card."),
    )
    delver = next(card for card in cards if card.id.startswith("delver"))
    assert (delver.mana_cost, delver.oracle_text) == ("", "")
    assert [(f.name, f.power, f.toughness) for f in delver.faces] == [
        ("Delver of Secrets", "1", "1"),
        ("Insectile Aberration", "3", "2"),
    ]


def test_a_reversible_printing_does_not_replace_the_card(tmp_path: Path) -> None:
    oracle = "00000000-0000-4000-8000-00000000000a"
    face = {"name": "Bolt", "oracle_id": oracle, "type_line": "Instant"}
    path = write_array(
        tmp_path / "cards.json",
        [
            {"object": "card", "layout": "reversible_card", "name": "Bolt // Bolt", "card_faces": [face, face]},
            {"object": "card", "layout": "normal", "oracle_id": oracle, "name": "Bolt", "type_line": "Instant"},
        ],
    )
    cards, notes = scryfall.read_cards(path)
    assert [(card.name, card.oracle_id, card.origin.line) for card in cards] == [("Bolt", oracle, 3)]
    assert notes == []


# --- rulings ---------------------------------------------------------------------------


def test_rulings_get_ids_by_card_date_and_ordinal_and_keep_their_source() -> None:
    imported = scryfall.load(CARDS, RULINGS)
    assert [(r.id, r.source, r.sources, r.origin.line) for r in imported.rulings] == [
        ("rona-disciple-of-gix-2018-04-27-1", "wotc", ("scryfall",), 2),
        ("rona-disciple-of-gix-2018-04-27-2", "wotc", ("scryfall",), 3),
        ("opt-2021-03-19-1", "scryfall", ("scryfall",), 4),
        ("fire-ice-2017-04-18-1", "wotc", ("scryfall",), 5),
        ("rona-disciple-of-gix-2018-04-27-3", "wotc", ("scryfall",), 7),
    ]
    first = imported.rulings[0]
    assert (first.card, first.date) == ("rona-disciple-of-gix", date(2018, 4, 27))
    assert f"{RULINGS}:6: skipped 1 ruling for cards not in the cards file" in imported.notes


def test_imported_text_is_kept_as_text() -> None:
    rulings, _ = scryfall.read_rulings(RULINGS, {RONA_ID: "rona-disciple-of-gix"})
    assert rulings[-1].text.endswith("losing control of Rona won't affect the spell. <script>alert(1)</script>")
    assert rulings[1].text.startswith("You’ll still pay")  # the curly apostrophe is not touched


# --- broken and wrong files -------------------------------------------------------------------


def test_a_truncated_file_is_reported_with_its_position() -> None:
    with pytest.raises(SourceError) as caught:
        scryfall.read_cards(BULK / "scryfall-truncated.json")
    assert str(caught.value) == (
        f"{BULK / 'scryfall-truncated.json'}:4: file ends early inside a value (unterminated string) (column 33, card 2)"
    )


def test_invalid_json_in_the_middle_names_the_element(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text('[\n{"object": "card", "name": "A", "oracle_id": "x"},\n{"object": "card", "name": "B",, }\n]\n')
    with pytest.raises(SourceError, match=r"cards.json:3: invalid JSON: expecting property name enclosed in double quotes "):
        scryfall.read_cards(path)
    with pytest.raises(SourceError) as caught:
        scryfall.read_cards(path)
    assert caught.value.origin == Origin(str(path), 3)
    assert str(caught.value).endswith("(column 32, card 1)")


def test_the_rulings_file_given_as_the_cards_file_is_named() -> None:
    with pytest.raises(SourceError) as caught:
        scryfall.read_cards(RULINGS)
    assert str(caught.value) == (
        f"{RULINGS}:2: this is a ruling, not a card (card 0) "
        "(this looks like the Scryfall rulings file, not the oracle-cards file)"
    )


def test_the_cards_file_given_as_the_rulings_file_is_named() -> None:
    with pytest.raises(
        SourceError, match=r"this is a card, not a ruling \(ruling 0\) \(this looks like the Scryfall oracle-cards"
    ):
        scryfall.read_rulings(CARDS, {})


def test_an_mtgjson_file_is_not_a_scryfall_file() -> None:
    with pytest.raises(SourceError) as caught:
        scryfall.read_cards(BULK / "mtgjson-atomic.json")
    assert "mtgjson-atomic.json:1: expected a JSON array at the top level, found an object" in str(caught.value)
    assert "Scryfall bulk file is a JSON array" in caught.value.hint


def test_a_field_of_the_wrong_type_is_reported(tmp_path: Path) -> None:
    path = write_array(tmp_path / "cards.json", [{"object": "card", "oracle_id": "x", "name": 5}])
    with pytest.raises(SourceError) as caught:
        scryfall.read_cards(path)
    assert str(caught.value) == f"{path}:2: field 'name' should be text, found a number (card 0)"


def test_a_bad_ruling_date_is_reported(tmp_path: Path) -> None:
    path = write_array(
        tmp_path / "rulings.json", [{"object": "ruling", "oracle_id": "x", "published_at": "27/04/2018", "comment": "c"}]
    )
    with pytest.raises(
        SourceError, match=r"rulings.json:2: field 'published_at' should be a date YYYY-MM-DD, found '27/04/2018'"
    ):
        scryfall.read_rulings(path, {"x": "card"})


def test_a_missing_file_is_a_source_error(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"missing.json: cannot open: No such file or directory"):
        scryfall.read_cards(tmp_path / "missing.json")


def test_a_file_that_is_not_utf8_is_a_source_error(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(b'[{"object": "card", "name": "\xff"}]')
    with pytest.raises(SourceError, match=r"cards.json:1: not UTF-8 text"):
        scryfall.read_cards(path)


# --- the streaming reader -----------------------------------------------------------------


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 4096])
def test_streaming_decodes_the_same_values_whatever_the_chunk_size(tmp_path: Path, chunk: int) -> None:
    values = [
        {"n": 1234567890123, "f": -12.5e-3, "s": 'a’\n"b\\u00e9', "t": True, "z": None, "l": [1, [2, {}]]},
        12345678,
        "x" * 300,
        [],
    ]
    path = tmp_path / "values.json"
    path.write_text(json.dumps(values, indent=1), encoding="utf-8")
    assert [element.value for element in iter_array(path, chunk=chunk)] == values
    obj = {"meta": {"v": [1, 2]}, "data": {"A // B": [1], "C": {"d": "e"}}, "after": 3}
    path.write_text(json.dumps(obj), encoding="utf-8")
    assert [(e.key, e.value) for e in iter_members(path, "data", chunk=chunk)] == [("A // B", [1]), ("C", {"d": "e"})]


def test_streaming_reads_gzip_and_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "values.json.gz"
    with gzip.open(path, "wt", encoding="utf-8-sig") as out:
        out.write('[\n{"a": 1},\n{"b": 2}\n]')
    assert [(e.index, e.line, e.value) for e in iter_array(path)] == [(0, 2, {"a": 1}), (1, 3, {"b": 2})]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected a JSON array at the top level, found an empty file (column 1, the file)"),
        ("[1 2]", "expected ',' or ']' after element 0, found '2' (column 4, element 0)"),
        ("[1,2] x", "unexpected text after the JSON value: 'x' (column 7, the end of the file)"),
        ("[1, ", "file ends early: expected a value (column 5, element 1)"),
    ],
)
def test_streaming_errors_say_where(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as caught:
        list(iter_array(path, chunk=2))
    assert str(caught.value) == f"{path}:1: {message}"
