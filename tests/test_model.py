from datetime import date

import pytest

from kb.model import Card, Origin, RuleKind, natural_key, parent_rule, rule_kind, ruling_id, section_of, slugify


def test_origin_prints_as_file_and_line():
    assert str(Origin("content/cards/rona.yaml", 12)) == "content/cards/rona.yaml:12"
    assert str(Origin("content/cards/rona.yaml")) == "content/cards/rona.yaml"


def test_slugs_are_ascii_and_stable():
    assert slugify("Laelia, the Blade Reforged") == "laelia-the-blade-reforged"
    assert slugify("Jötun Grunt") == "jotun-grunt"
    assert slugify("Borrowing 100,000 Arrows") == "borrowing-100-000-arrows"


@pytest.mark.parametrize(
    ("number", "kind", "parent", "section"),
    [
        ("3", RuleKind.CHAPTER, None, None),
        ("302", RuleKind.SECTION, "3", "302"),
        ("302.6", RuleKind.RULE, "302", "302"),
        ("601.2a", RuleKind.SUBRULE, "601.2", "601"),
    ],
)
def test_rule_numbers_know_their_kind_and_parent(number, kind, parent, section):
    assert rule_kind(number) is kind
    assert parent_rule(number) == parent
    assert section_of(number) == section


@pytest.mark.parametrize("bad", ["30", "302.", "302.6.", "3026", "302.6aa", "rule"])
def test_malformed_rule_numbers_are_rejected(bad):
    with pytest.raises(ValueError, match="not a rule number"):
        rule_kind(bad)


def test_records_are_immutable_and_identified_by_their_facts():
    card = Card(name="Rona, Disciple of Gix", origin=Origin("x.yaml", 1))
    assert card.id == "rona-disciple-of-gix"
    with pytest.raises(AttributeError):
        card.name = "other"  # type: ignore[misc]


def test_ruling_ids_are_card_date_and_ordinal():
    assert ruling_id("rona-disciple-of-gix", date(2018, 4, 27), 3) == "rona-disciple-of-gix-2018-04-27-3"


def test_natural_order_of_rule_numbers():
    assert sorted(["302.10", "302.2", "302.1a"], key=natural_key) == ["302.1a", "302.2", "302.10"]
