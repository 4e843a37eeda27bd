"""Rule histories traced through small releases written for the test."""

from __future__ import annotations

from datetime import date

from kb.history import RulesHistory, entries, former_numbers, trace
from kb.model import RulesDocument
from kb.sources.cr_text import parse_rules

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def release(day: date, body: str) -> RulesDocument:
    return parse_rules(release_text(day, body), f"{day.isoformat()}.txt").document


def release_text(day: date, body: str) -> bytes:
    """A complete release around `body` (chapters, sections and rules, one per paragraph)."""
    headings = [line for line in body.split("\n\n") if line.split(" ")[0].rstrip(".").isdigit()]
    text = "\n\n".join(
        [
            "Magic: The Gathering Comprehensive Rules",
            f"These rules are effective as of {MONTHS[day.month - 1]} {day.day}, {day.year}.",
            "Contents",
            "\n".join([*headings, "Glossary", "Credits"]),
            body,
            "Glossary",
            "Player\nOne of the people in the game.",
            "Credits",
            "The kb team",
        ]
    )
    return text.encode()


# 2020: the starting point.
R2020 = """1. Game Concepts

100. General

100.1. Every game has players.

100.2. A player with no cards to draw loses the next time state-based actions are checked.

100.3. Two-Headed Giant teams share a life total.

101. Mana

101.1. Mana is produced by mana abilities.

101.1a Mana empties from each player's mana pool at the end of each step."""

# 2021: a rule inserted before 100.2 pushes 100.2 and 100.3 down; 101.1a is reworded.
R2021 = (
    R2020.replace("100.2. A player with", "100.2. A new rule inserted before the others.\n\n100.3. A player with")
    .replace("100.3. Two-Headed", "100.4. Two-Headed")
    .replace("at the end of each step", "at the end of each step and phase")
)

# 2022: a section inserted before "101. Mana" moves all of it to 102; 100.4 is deleted.
R2022 = (
    R2021.replace("101. Mana", "101. Colors\n\n101.1. There are five colors.\n\n102. Mana")
    .replace("101.1. Mana is", "102.1. Mana is")
    .replace("101.1a Mana", "102.1a Mana")
    .replace("\n\n100.4. Two-Headed Giant teams share a life total.", "")
)


def history() -> RulesHistory:
    return trace([release(date(2020, 1, 1), R2020), release(date(2021, 1, 1), R2021), release(date(2022, 1, 1), R2022)])


def test_an_inserted_rule_renumbers_the_rules_after_it() -> None:
    h = history()
    assert [(v.release, v.number) for v in h.of("100.3")] == [(0, "100.2"), (1, "100.3")]
    assert former_numbers(h, "100.3") == ["100.2"]
    assert [(v.release, v.number) for v in h.of("100.2")] == [(1, "100.2")]


def test_an_inserted_section_moves_every_rule_of_the_next_section() -> None:
    h = history()
    assert [(v.release, v.number) for v in h.of("102.1a")] == [(0, "101.1a"), (1, "101.1a"), (2, "102.1a")]
    assert [v.number for v in h.of("102")] == ["101", "102"]
    assert former_numbers(h, "102.1a") == ["101.1a"]
    assert [v.number for v in h.of("101.1")] == ["101.1"]  # the new section's rule is new


def test_entries_tell_each_release_newest_first_with_a_word_diff() -> None:
    h = history()
    found = entries(h, "102.1a")
    assert [(e.release.name, e.first, e.renumbered_from) for e in found] == [
        ("2022-01-01", False, "101.1a"),
        ("2021-01-01", False, None),
        ("2020-01-01", True, None),
    ]
    assert found[0].diff == ()  # only the number changed
    new = "".join(s.text for s in found[1].diff if s.op != "delete")
    old = "".join(s.text for s in found[1].diff if s.op != "insert")
    assert (old, new) == (
        "Mana empties from each player's mana pool at the end of each step.",
        "Mana empties from each player's mana pool at the end of each step and phase.",
    )
    assert "and phase" in "".join(s.text for s in found[1].diff if s.op == "insert")
    assert found[2].earliest


def test_a_citation_is_followed_from_the_release_in_force_on_its_date() -> None:
    h = history()
    # In 2020, 100.2 was the drawing rule: today it is 100.3.
    moved = h.resolve("100.2", date(2020, 6, 1))
    assert moved is not None and (moved.current, moved.renumbered, moved.reworded) == ("100.3", True, False)
    assert moved.release.name == "2020-01-01"
    # From 2021 on, 100.2 is the inserted rule, still 100.2.
    same = h.resolve("100.2", date(2021, 6, 1))
    assert same is not None and (same.current, same.renumbered) == ("100.2", False)
    # 101.1a cited in 2020 is today's 102.1a, reworded since.
    reworded = h.resolve("101.1a", date(2020, 6, 1))
    assert reworded is not None and (reworded.current, reworded.renumbered, reworded.reworded) == ("102.1a", True, True)
    # 100.3 of 2020 (Two-Headed Giant) was deleted in 2022.
    deleted = h.resolve("100.3", date(2020, 6, 1))
    assert deleted is not None and deleted.current is None and deleted.deleted_in is not None
    assert deleted.deleted_in.name == "2022-01-01"


def test_no_resolution_before_the_first_release_or_for_an_unknown_number() -> None:
    h = history()
    assert h.resolve("100.1", date(2019, 1, 1)) is None
    assert h.resolve("999.9", date(2021, 6, 1)) is None


def test_typography_is_not_a_change() -> None:
    curly = R2020.replace("player's", "player’s")
    h = trace([release(date(2020, 1, 1), R2020), release(date(2021, 1, 1), curly)])
    assert len(h.of("101.1a")) == 1
