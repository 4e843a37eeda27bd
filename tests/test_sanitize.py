"""The one helper that makes imported text printable: control characters and lone surrogates as escapes."""

from __future__ import annotations

import json

import pytest

from kb.sanitize import json_text, visible, visible_between, visible_data


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("plain text, “quotes”, naïve, 😀", "plain text, “quotes”, naïve, 😀"),
        ("keeps\ttabs\nand newlines", "keeps\ttabs\nand newlines"),
        ("\x1b]0;title\x07", r"\x1b]0;title\x07"),
        ("\x1b[2J", r"\x1b[2J"),
        ("nul\x00 cr\r ff\x0c vt\x0b", r"nul\x00 cr\x0d ff\x0c vt\x0b"),
        ("del\x7f c1\x9b\x85\x9f", r"del\x7f c1\x9b\x85\x9f"),
        ("lone \ud800 and \udfff", r"lone \ud800 and \udfff"),
        # A bidirectional override or isolate would show what follows in another order than it is read.
        ("\u202etxt.exe \u2066x\u2069", r"\u202etxt.exe \u2066x\u2069"),
        ("an LRM\u200e reorders nothing", "an LRM\u200e reorders nothing"),
        ("", ""),
    ],
)
def test_visible(text: str, shown: str):
    assert visible(text) == shown
    shown.encode("utf-8")  # always printable


def test_visible_between_keeps_the_programs_own_marks():
    assert visible_between("\x02hit\x03 \x1b[2J", ("\x02", "\x03")) == "\x02hit\x03 \\x1b[2J"


def test_visible_data_reaches_every_string():
    assert visible_data({"a\x1b": ["\x9b", {"b": "\x00"}], "n": 3, "none": None}) == {
        "a\\x1b": ["\\x9b", {"b": "\\x00"}],
        "n": 3,
        "none": None,
    }


def test_json_text_is_exact_and_printable():
    value = {"name": "\x1b]0;t\x07 \x7f \x9b \ud800 \u202eexe.txt é 😀"}
    text = json_text(value)
    assert json.loads(text) == value
    assert not any(ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F or 0xD800 <= ord(ch) <= 0xDFFF for ch in text)
    assert "\u202e" not in text and "\\u202e" in text
    assert "é 😀" in text  # the rest stays readable
