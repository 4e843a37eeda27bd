"""kb show and kb search print imported text, never terminal commands hidden in it.

Records here hold what an attacker would put in a card name or a ruling:
a window-title OSC, a screen clear, an OSC 8 link, a C1 CSI, NUL, BEL, DEL.
Printed, each must appear as a visible escape, on a pipe and on a terminal
(where the only escape sequences are kb's own colours); `--json` keeps the
exact text, as JSON escapes.
"""

from __future__ import annotations

import json
import re
import sys
from datetime import date
from pathlib import Path

import pytest

from kb.cli import main
from kb.model import Card, GlossaryTerm, Origin, Rule, RulesDocument, Ruling
from kb.search import INDEX_NAME
from kb.search_index import write_search_index
from kb.store import assemble

HERE = Origin("hostile.json", 1)
TITLE = "\x1b]0;pwned\x07"
CLEAR = "\x1b[2J\x1b[H"
LINK = "\x1b]8;;https://evil.test/\x1b\\click\x1b]8;;\x1b\\"
C1 = "\x9b31m\x9d0;t\x9c"
OTHERS = "nul\x00del\x7fbs\x08cr\r"
HOSTILE = TITLE + CLEAR + LINK + C1 + OTHERS

# kb's own colours: Select Graphic Rendition sequences only.
OWN_SGR = re.compile(r"\x1b\[[0-9;]*m")
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
RULING = "gremlin-lord-2020-01-01-1"


@pytest.fixture
def hostile_index(tmp_path: Path) -> Path:
    rules = (
        Rule("1", "Game Concepts", HERE),
        Rule("302", f"Creatures {HOSTILE}", HERE),
        Rule("302.6", f"A creature can't attack {HOSTILE} unless it is hasty.", HERE, (f"Example: {HOSTILE}",)),
    )
    glossary = (GlossaryTerm(f"Gremlin {HOSTILE}", f"A term {HOSTILE}. See rule 302.6.", HERE),)
    cards = [Card(f"Gremlin Lord {HOSTILE}", HERE, HOSTILE, f"Creature {HOSTILE}", f"Haste {HOSTILE}", HOSTILE, HOSTILE)]
    card_id = cards[0].id
    rulings = [
        Ruling(
            RULING,
            f"Gremlin ruling {HOSTILE} See rule 302.6.",
            HERE,
            card=card_id,
            date=date(2020, 1, 1),
            source=HOSTILE,
            rules=("302.6",),
        )
    ]
    write_search_index(assemble(cards, rulings, RulesDocument("cr.txt", date(2025, 9, 19), rules, glossary)), tmp_path)
    return tmp_path / INDEX_NAME


def run(capsys, monkeypatch, tty: bool, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: tty, raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def assert_only_text(out: str, tty: bool) -> None:
    rest = OWN_SGR.sub("", out) if tty else out
    assert not FORBIDDEN.search(rest), repr(FORBIDDEN.findall(rest))
    assert ("\x1b[" in out) == tty  # colours on a terminal only


@pytest.mark.parametrize("tty", [False, True])
@pytest.mark.parametrize("record", ["302.6", "302", "gremlin lord", RULING])
def test_kb_show_prints_control_characters_as_escapes(hostile_index, capsys, monkeypatch, tty, record):
    status, out, err = run(capsys, monkeypatch, tty, "show", "--index", str(hostile_index), record)
    assert status == 0, err
    assert_only_text(out, tty)
    assert r"\x1b]0;pwned" in out  # the text is still there, to be read


@pytest.mark.parametrize("tty", [False, True])
@pytest.mark.parametrize("query", ["gremlin", "attack", "pwned", "302.6", "evil"])
def test_kb_search_prints_control_characters_as_escapes(hostile_index, capsys, monkeypatch, tty, query):
    status, out, err = run(capsys, monkeypatch, tty, "search", "--index", str(hostile_index), query)
    assert status == 0, err
    assert_only_text(out, tty)


def test_errors_naming_imported_text_print_it_as_escapes(hostile_index, capsys, monkeypatch):
    status, _, err = run(capsys, monkeypatch, True, "show", "--index", str(hostile_index), "gremlin")
    assert status == 1 and "error:" in err  # two records match: the hint names both
    assert not FORBIDDEN.search(err), repr(err)


@pytest.mark.parametrize("command", [["show", "gremlin lord"], ["search", "gremlin"]])
def test_json_keeps_the_exact_text(hostile_index, capsys, monkeypatch, command):
    status, out, _ = run(capsys, monkeypatch, True, command[0], "--index", str(hostile_index), "--json", command[1])
    assert status == 0
    assert not FORBIDDEN.search(out)  # JSON escapes, even for DEL and C1
    assert any(HOSTILE in text for text in strings(json.loads(out)))


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    return [text for item in items for text in strings(item)]
