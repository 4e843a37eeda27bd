"""Finding textual references to rules, in every form the Comprehensive Rules use."""

from __future__ import annotations

import pytest

from kb.references import Link, Reference, find_references, unresolved


def targets(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(ref.text, ref.targets) for ref in find_references(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # one number after a keyword
        ("See rule 302.6.", [("rule 302.6", ("302.6",))]),
        ("as described in rule 605, “Mana Abilities.”", [("rule 605", ("605",))]),
        ("See section 6, “Spells, Abilities, and Effects.”", [("section 6", ("6",))]),
        ("See rule 701.33, “Abandon.”", [("rule 701.33", ("701.33",))]),
        ("Rule 100.1a applies.", [("Rule 100.1a", ("100.1a",))]),
        ("subrule 704.5k is next", [("subrule 704.5k", ("704.5k",))]),
        # lists
        ("rules 110.2 and 112.2.", [("rules 110.2 and 112.2", ("110.2", "112.2"))]),
        ("rules 613.2, 707.2, and 707.3.", [("rules 613.2, 707.2, and 707.3", ("613.2", "707.2", "707.3"))]),
        ("rules 101.2 or 101.3", [("rules 101.2 or 101.3", ("101.2", "101.3"))]),
        ("rules 614 and 615.", [("rules 614 and 615", ("614", "615"))]),
        ("rules 608.3a and b are", [("rules 608.3a and b", ("608.3a", "608.3b"))]),
        # letter ranges, en dash and hyphen
        ("rules 601.2a–d.", [("rules 601.2a–d", ("601.2a", "601.2b", "601.2c", "601.2d"))]),
        ("rules 510.1c-d.", [("rules 510.1c-d", ("510.1c", "510.1d"))]),
        ("rules 111.10j–r", [("rules 111.10j–r", ("111.10j", "111.10k", "111.10m", "111.10n", "111.10p", "111.10q", "111.10r"))]),
        # numeric ranges
        ("rules 119.7–8", [("rules 119.7–8", ("119.7", "119.8"))]),
        ("rules 903.6–903.9.", [("rules 903.6–903.9", ("903.6", "903.7", "903.8", "903.9"))]),
        ("rules 614–616", [("rules 614–616", ("614", "615", "616"))]),
        # mixtures
        ("Rules 100.2a–c and 100.3", [("Rules 100.2a–c and 100.3", ("100.2a", "100.2b", "100.2c", "100.3"))]),
        (
            "rules 701.27a–c, 712.9–10, and 712.18.",
            [("rules 701.27a–c, 712.9–10, and 712.18", ("701.27a", "701.27b", "701.27c", "712.9", "712.10", "712.18"))],
        ),
        ("rule 110.5 and rule 702.26, “Phasing.”", [("rule 110.5", ("110.5",)), ("rule 702.26", ("702.26",))]),
        ("See rule 113, “Abilities,” and section 6.", [("rule 113", ("113",)), ("section 6", ("6",))]),
        # bare dotted numbers
        ("as specified in 101.4a.", [("101.4a", ("101.4a",))]),
        ("(see 601.2b), then", [("601.2b", ("601.2b",))]),
        ("follows steps 601.2a–h.", [("601.2a–h", tuple(f"601.2{c}" for c in "abcdefgh"))]),
    ],
)
def test_reference_forms(text: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    assert targets(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "rule 601.2ab",  # not a rule number
        "rule 12 of the tournament",  # "rule" needs a three-digit number
        "section 12",  # neither a chapter nor a section
        "a 2/2 creature with 100 counters",
        "version 1.25 of the file",
        "costs {3}.",
    ],
)
def test_not_references(text: str) -> None:
    assert find_references(text) == []


def test_an_article_after_and_is_not_a_subrule_letter() -> None:
    assert targets("rule 601.2b and a spell") == [("rule 601.2b", ("601.2b",))]


def test_a_comma_then_a_letter_is_not_a_subrule_letter() -> None:
    assert targets("after 704.5m, t is next") == [("704.5m", ("704.5m",))]


def test_backwards_or_mixed_ranges_are_not_expanded() -> None:
    assert targets("rules 601.2h–a") == [("rules 601.2h", ("601.2h",))]
    # A range across rules cannot be expanded; both ends are still cited.
    assert targets("rules 601.2–602.3") == [("rules 601.2", ("601.2",)), ("602.3", ("602.3",))]


def test_spans_are_offsets_into_the_text() -> None:
    text = "First see rule 302.6. Then rules 613.2, 707.2, and 707.3 apply."
    refs = find_references(text)
    assert [(r.start, r.end) for r in refs] == [(10, 20), (27, 56)]
    assert all(text[r.start : r.end] == r.text for r in refs)
    assert [r.keyword for r in refs] == ["rule", "rule"]


def test_each_written_number_has_its_own_link_span() -> None:
    text = "rules 613.2, 707.2, and 707.3"
    (ref,) = find_references(text)
    assert [(text[link.start : link.end], link.number) for link in ref.links] == [
        ("613.2", "613.2"),
        ("707.2", "707.2"),
        ("707.3", "707.3"),
    ]
    assert [part.text for part in ref.parts] == ["613.2", "707.2", "707.3"]


def test_a_range_links_its_ends_and_cites_its_middle_with_empty_spans() -> None:
    text = "rules 601.2a–d"
    (ref,) = find_references(text)
    assert ref.links == (
        Link(6, 12, "601.2a"),
        Link(12, 12, "601.2b"),
        Link(12, 12, "601.2c"),
        Link(13, 14, "601.2d"),
    )
    assert text[13:14] == "d"
    assert ref.parts[0].targets == ref.targets


def test_letter_continuation_links_the_letter() -> None:
    text = "rules 608.3a and b"
    (ref,) = find_references(text)
    assert ref.links[-1] == Link(17, 18, "608.3b")


def test_targets_are_listed_once_in_order() -> None:
    (ref,) = find_references("rules 100.1a–c and 100.1b")
    assert ref.targets == ("100.1a", "100.1b", "100.1c")
    assert len(ref.links) == 4  # both mentions of 100.1b keep their span


def test_unresolved_lists_the_numbers_a_release_lacks() -> None:
    refs = find_references("See rules 111.10j–n and rule 999.9, and section 7.")
    known = {"111.10j", "111.10k", "111.10n", "7"}
    missing = unresolved(refs, known)
    assert [(ref.text, number) for ref, number in missing] == [
        ("rules 111.10j–n", "111.10m"),
        ("rule 999.9", "999.9"),
    ]
    assert all(isinstance(ref, Reference) for ref, _ in missing)


def test_unresolved_is_empty_when_everything_resolves() -> None:
    refs = find_references("rule 100.1 and rule 100.2")
    assert refs and unresolved(refs, {"100.1", "100.2"}) == []
