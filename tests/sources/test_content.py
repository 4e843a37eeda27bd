"""The content/ loader: one test per kind of authoring mistake, each with its file and line."""

from __future__ import annotations

import textwrap
from datetime import date
from pathlib import Path

import pytest

from kb.errors import KbError, KbErrors
from kb.sources.content import _parsed, load_content
from kb.store import assemble

CARD = """\
name: Test Bear
mana_cost: "{1}{G}"
type_line: Creature — Bear
oracle_text: Haste
power: "2"
toughness: "2"
rulings:
  - date: 2020-01-01
    text: A ruling. See rule 302.6.
  - date: 2020-01-01
    text: Another ruling.
"""


def write(root: Path, relative: str, text: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def errors_of(root: Path) -> list[str]:
    with pytest.raises(KbError) as caught:
        content = load_content(root)
        assemble(content.cards, content.rulings)
    error = caught.value
    found = error.errors if isinstance(error, KbErrors) else [error]
    return [str(e) for e in found]


def test_reads_a_card_with_its_rulings_and_their_lines(tmp_path: Path):
    write(tmp_path, "cards/bear.yaml", CARD)
    content = load_content(tmp_path)
    (card,) = content.cards
    assert card.name == "Test Bear" and card.power == "2" and card.oracle_text == "Haste"
    first, second = content.rulings
    assert first.id == "test-bear-2020-01-01-1" and second.id == "test-bear-2020-01-01-2"
    assert first.card == "test-bear" and first.date == date(2020, 1, 1)
    assert first.origin.line == 8 and second.origin.line == 10


def test_reading_again_parses_only_what_changed_and_names_where_it_is_now(tmp_path: Path):
    """The live preview reads content/ again after each edit: unchanged files are not parsed again."""
    write(tmp_path, "cards/bear.yaml", CARD)
    write(tmp_path, "cards/wolf.yaml", CARD.replace("Test Bear", "Test Wolf"))
    load_content(tmp_path)
    write(tmp_path, "cards/wolf.yaml", CARD.replace("Test Bear", "Test Wolf").replace("Haste", "Trample"))
    parsed_before = _parsed.cache_info().misses
    content = load_content(tmp_path)
    assert _parsed.cache_info().misses == parsed_before + 1
    assert [card.oracle_text for card in content.cards] == ["Haste", "Trample"]

    moved = tmp_path / "elsewhere"
    (moved / "cards").mkdir(parents=True)
    (tmp_path / "cards/bear.yaml").rename(moved / "cards/bear.yaml")
    (card,) = load_content(moved).cards
    assert card.origin.path.endswith("elsewhere/cards/bear.yaml") and card.origin.line == 1


def test_example_origin_is_the_first_line_of_its_code(tmp_path: Path):
    write(
        tmp_path,
        "rulings/general.yaml",
        """\
        - id: sample
          rules: ["302.6"]
          text: Something true.
          example:
            rules: ["302.6"]
            code: |
              x = 1
              assert x == 1
        """,
    )
    (ruling,) = load_content(tmp_path).rulings
    assert ruling.example is not None
    assert ruling.example.origin.line == 7
    assert ruling.example.code.splitlines() == ["x = 1", "assert x == 1"]


def test_yaml_syntax_error_names_file_and_line(tmp_path: Path):
    write(tmp_path, "cards/bear.yaml", CARD.replace('power: "2"', 'power: "2'))
    (message,) = errors_of(tmp_path)
    assert message.startswith(f"{tmp_path}/cards/bear.yaml:")
    assert "YAML syntax error" in message
    line = int(message.split(":")[1])
    assert 5 <= line <= 11


def test_unknown_field_is_reported_at_its_line_with_the_known_ones(tmp_path: Path):
    write(tmp_path, "cards/bear.yaml", CARD.replace("power:", "powr:"))
    (message,) = errors_of(tmp_path)
    assert message.startswith(f"{tmp_path}/cards/bear.yaml:5: unknown field 'powr' in a card (known fields: name,")


def test_missing_required_field(tmp_path: Path):
    write(tmp_path, "cards/bear.yaml", CARD.replace("    text: Another ruling.\n", ""))
    (message,) = errors_of(tmp_path)
    assert message == f"{tmp_path}/cards/bear.yaml:10: missing required field 'text' in a card ruling (add 'text:')"


def test_duplicate_card_points_at_both_definitions(tmp_path: Path):
    write(tmp_path, "cards/bear.yaml", CARD)
    write(tmp_path, "cards/bear-again.yaml", "name: Test Bear\n")
    (message,) = errors_of(tmp_path)
    assert (
        message
        == f"{tmp_path}/cards/bear.yaml:1: duplicate card id 'test-bear' (first defined at {tmp_path}/cards/bear-again.yaml:1)"
    )


def test_duplicate_general_ruling_id(tmp_path: Path):
    ruling = '- id: same\n  rules: ["302.6"]\n  text: A.\n'
    write(tmp_path, "rulings/one.yaml", ruling)
    write(tmp_path, "rulings/two.yaml", ruling)
    (message,) = errors_of(tmp_path)
    assert message.startswith(f"{tmp_path}/rulings/two.yaml:1: duplicate ruling id 'same'")


def test_ruling_of_unknown_card(tmp_path: Path):
    write(tmp_path, "rulings/loose.yaml", "- card: No Such Card\n  date: 2020-01-01\n  text: A ruling.\n")
    (message,) = errors_of(tmp_path)
    assert message.startswith(f"{tmp_path}/rulings/loose.yaml:1: ruling of unknown card 'no-such-card'")


def test_reference_to_unknown_general_ruling(tmp_path: Path):
    write(tmp_path, "cards/bear.yaml", CARD.replace("rulings:\n", "general_rulings: [no-such-ruling]\nrulings:\n", 1))
    (message,) = errors_of(tmp_path)
    assert message.startswith(f"{tmp_path}/cards/bear.yaml:1: unknown general ruling 'no-such-ruling'")


def test_malformed_rule_number(tmp_path: Path):
    write(tmp_path, "rulings/general.yaml", '- id: odd\n  rules: ["30.6"]\n  text: A.\n')
    (message,) = errors_of(tmp_path)
    assert message.startswith(f"{tmp_path}/rulings/general.yaml:1: not a rule number: '30.6'")


def test_bad_date(tmp_path: Path):
    write(tmp_path, "cards/bear.yaml", CARD.replace("2020-01-01", "2020-13-01", 1))
    (message,) = errors_of(tmp_path)
    assert message == f"{tmp_path}/cards/bear.yaml:8: not a date: '2020-13-01' (write dates as YYYY-MM-DD)"


def test_all_errors_of_a_run_are_collected(tmp_path: Path):
    write(tmp_path, "cards/bear.yaml", CARD.replace("power:", "powr:").replace("toughness:", "tuffness:"))
    write(tmp_path, "cards/broken.yaml", "name: [unclosed\n")
    messages = errors_of(tmp_path)
    assert len(messages) == 3
    assert [m.split(":")[0].rsplit("/", 1)[1] for m in messages] == ["bear.yaml", "bear.yaml", "broken.yaml"]
