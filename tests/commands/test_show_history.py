"""kb show RULE --history: a rule's history from its API document, as lines."""

from __future__ import annotations

import pytest

from kb.commands.show import Style, rule_history
from kb.errors import KbError

PLAIN = Style(color=False, width=80)


def test_each_release_in_one_line_with_the_diff_marked() -> None:
    document = {
        "history": [
            {"release": "2018-07-13", "number": "302.6", "first": False, "renumbered_from": None,
             "diff": [["equal", "since "], ["delete", "his or her "], ["insert", "their "], ["equal", "most recent turn"]]},
            {"release": "2009-07-11", "number": "302.6", "first": False, "renumbered_from": "212.3f", "diff": []},
            {"release": "2003-03-15", "number": "214.7c", "first": True, "renumbered_from": None, "diff": []},
        ]
    }  # fmt: skip
    assert rule_history(document, PLAIN).splitlines() == [
        "",
        "History (3 releases)",
        "  2018-07-13  since [-his or her -]{+their +}most recent turn",
        "  2009-07-11  renumbered from 212.3f to 302.6",
        "  2003-03-15  first as 214.7c",
    ]


def test_an_index_built_without_history_says_how_to_get_it() -> None:
    with pytest.raises(KbError, match="no history in this index"):
        rule_history({"number": "302.6"}, PLAIN)
