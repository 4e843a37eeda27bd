"""content/search/aliases.yaml: the names players use and how they ask, read with their lines."""

from __future__ import annotations

import pytest
import yaml

from kb.errors import ContentError
from kb.model import Origin
from kb.sources.aliases import parse_aliases


def parse(text: str):
    return parse_aliases(yaml.compose(text), "content/search/aliases.yaml")


def test_entries_keep_their_names_targets_and_line():
    aliases = parse(
        "# header\n- names: [SBA, SBAs]\n  rules: ['704']\n  glossary: [state-based-actions]\n- names: LKI\n  glossary: [last-known-information]\n"
    )
    assert [(a.names, a.rules, a.glossary) for a in aliases] == [
        (("SBA", "SBAs"), ("704",), ("state-based-actions",)),
        (("LKI",), (), ("last-known-information",)),
    ]
    assert aliases[1].origin == Origin("content/search/aliases.yaml", 5)


def test_an_entry_may_hold_phrasings_beside_names_or_alone():
    aliases = parse(
        "- names: [mana burn]\n  phrasings: [mana pool empties]\n  rules: ['500.5']\n- phrasings: damage wears off\n  rules: ['514.2']\n"
    )
    assert [(a.names, a.phrasings, a.rules) for a in aliases] == [
        (("mana burn",), ("mana pool empties",), ("500.5",)),
        ((), ("damage wears off",), ("514.2",)),
    ]


def test_an_entry_may_hold_whole_phrasings_alone():
    (alias,) = parse("- asked: [can flyers block ground creatures, flying blocker]\n  rules: ['702.9b']\n")
    assert (alias.names, alias.phrasings, alias.asked, alias.label) == (
        (),
        (),
        ("can flyers block ground creatures", "flying blocker"),
        "can flyers block ground creatures",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("names: [SBA]\n", r"aliases.yaml:1: expected a list of aliases"),
        (
            "- names: [SBA]\n  rule: ['704']\n",
            r"aliases.yaml:2: unknown field 'rule' in an alias entry \(known fields: names, phrasings, asked, rules, glossary\)",
        ),
        ("- rules: ['704']\n", r"aliases.yaml:1: an alias entry without names, phrasings or asked"),
        ("- names: [SBA]\n", r"aliases.yaml:1: an alias entry that means nothing"),
        ("- names: [[SBA]]\n  rules: ['704']\n", r"aliases.yaml:1: expected a list of texts"),
    ],
)
def test_a_malformed_entry_is_an_error_at_its_line(text: str, message: str):
    with pytest.raises(ContentError, match=message):
        parse(text)
