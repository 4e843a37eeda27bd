"""Decoding published text files and numbering their lines as an editor does."""

from __future__ import annotations

import pytest

from kb.errors import SourceError
from kb.model import Origin
from kb.sources.text_decoding import TextLine, decode_text, split_lines


@pytest.mark.parametrize(
    ("data", "text", "encoding"),
    [
        (b"\xef\xbb\xbfRule \xe2\x80\x9c1\xe2\x80\x9d", "Rule “1”", "utf-8-sig"),
        (b"Rule \xe2\x80\x9c1\xe2\x80\x9d", "Rule “1”", "utf-8"),
        (b"Rule \x931\x94", "Rule “1”", "cp1252"),
        ("Rule “1”".encode("utf-16"), "Rule “1”", "utf-16"),
        (b"plain ascii", "plain ascii", "utf-8"),
    ],
)
def test_decode_detects_the_encoding(data: bytes, text: str, encoding: str) -> None:
    decoded = decode_text(data, "f.txt")
    assert (decoded.text, decoded.encoding) == (text, encoding)


def test_a_bad_byte_after_a_bom_is_an_error_at_its_line() -> None:
    with pytest.raises(SourceError) as caught:
        decode_text(b"\xef\xbb\xbfone\r\ntwo\r\nthr\xffee", "f.txt")
    assert caught.value.origin == Origin("f.txt", 3)
    assert caught.value.message == "cannot decode byte 0xff as utf-8-sig"


def test_nul_bytes_mean_not_text() -> None:
    with pytest.raises(SourceError) as caught:
        decode_text(b"one\ntwo\n\x00\x01", "f.bin")
    assert caught.value.origin == Origin("f.bin", 3)


def test_split_counts_crlf_cr_and_lf_as_one_break_each() -> None:
    assert split_lines("a\r\nb\rc\nd\r\n") == [TextLine(1, "a"), TextLine(2, "b"), TextLine(3, "c"), TextLine(4, "d")]


def test_split_keeps_blank_lines_and_leading_space_and_drops_trailing_space() -> None:
    assert split_lines("a  \n\n   b\t\n") == [TextLine(1, "a"), TextLine(2, ""), TextLine(3, "   b")]


def test_u2028_and_u2029_break_a_line_without_advancing_the_line_number() -> None:
    assert split_lines("a\u2028b\u2029c\nd") == [
        TextLine(1, "a"),
        TextLine(1, "b", soft=True),
        TextLine(1, "c", soft=True),
        TextLine(2, "d"),
    ]


def test_non_breaking_spaces_become_spaces() -> None:
    assert split_lines("rule\u00a0302.6 and\u202fmore") == [TextLine(1, "rule 302.6 and more")]
