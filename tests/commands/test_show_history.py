"""kb show RULE --history: a rule's history, read from the site's api/history.json.gz, as lines."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from kb.commands.show import Style, rule_history, site_history
from kb.errors import KbError
from kb.history import Release, RulesHistory, Version
from kb.history_file import HISTORY_FILE, write_history_file

PLAIN = Style(color=False, width=80)

HISTORY = RulesHistory(
    (Release(date(2003, 3, 15), "a.txt"), Release(date(2009, 7, 11), "b.txt"), Release(date(2018, 7, 13), "c.txt")),
    ((
        Version(0, "214.7c", "since his or her most recent turn"),
        Version(1, "302.6", "since his or her most recent turn"),
        Version(2, "302.6", "since their most recent turn"),
    ),),
)  # fmt: skip


def test_each_release_in_one_line_with_the_diff_marked() -> None:
    assert rule_history("302.6", HISTORY, PLAIN).splitlines() == [
        "",
        "History (3 releases)",
        "  2018-07-13  since [-his or her -]{+their +}most recent turn",
        "  2009-07-11  renumbered from 214.7c to 302.6",
        "  2003-03-15  first as 214.7c",
    ]


def test_the_history_is_read_from_the_site_beside_the_index(tmp_path: Path) -> None:
    write_history_file(HISTORY, tmp_path)
    read = site_history({"number": "302.6", "history": {}}, tmp_path)
    assert rule_history("302.6", read, PLAIN) == rule_history("302.6", HISTORY, PLAIN)


def test_an_index_built_without_history_says_how_to_get_it(tmp_path: Path) -> None:
    with pytest.raises(KbError, match="no history in this index"):
        site_history({"number": "302.6"}, tmp_path)


def test_a_missing_or_damaged_history_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(KbError, match="cannot read the site's history"):
        site_history({"number": "302.6", "history": {}}, tmp_path)
    (tmp_path / HISTORY_FILE).parent.mkdir(parents=True)
    (tmp_path / HISTORY_FILE).write_bytes(b"not gzip")
    with pytest.raises(KbError, match="not a history file"):
        site_history({"number": "302.6", "history": {}}, tmp_path)
