"""Turning a published text file's bytes into numbered lines, whatever its encoding.

Rules releases have been published as UTF-8 with a byte-order mark, plain UTF-8
and (older ones) Windows-1252, with CRLF, bare CR or LF line endings. Some
carry U+2028 line separators or non-breaking spaces inside the text. This
module detects rather than assumes, and numbers lines the way an editor or
`grep -n` does, so an error can point at the line a person has to look at.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from kb.errors import SourceError
from kb.model import Origin

# Byte-order marks decide the encoding outright; UTF-8's is the one releases use.
# (mark, name reported, codec for the bytes after the mark)
_BOMS: tuple[tuple[bytes, str, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig", "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16", "utf-16-be"),
)

# Physical line breaks: what editors and grep count as a new line.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# Paragraph/line separators that some releases use inside a physical line.
# They break the text for parsing but do not advance the line number.
_SOFT_BREAK = re.compile("[\u2028\u2029]")
# Spaces that look like a space to a reader must behave like one to the parser.
_ODD_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2007": " "})


@dataclass(frozen=True, slots=True)
class DecodedText:
    text: str
    encoding: str


@dataclass(frozen=True, slots=True)
class TextLine:
    """One line of text to parse.

    `number` is the 1-based physical line in the file. `soft` is True for a
    piece that followed a U+2028/U+2029 separator on the same physical line.
    Trailing whitespace is removed; leading whitespace is kept because an
    indented line continues the paragraph before it.
    """

    number: int
    text: str
    soft: bool = False


def decode_text(data: bytes, source: str) -> DecodedText:
    """Decode a text file: BOM if present, else strict UTF-8, else Windows-1252."""
    for bom, name, codec in _BOMS:
        if data.startswith(bom):
            return DecodedText(_decode_strict(data, codec, source, skip=len(bom), name=name), name)
    if b"\x00" in data:
        raise SourceError(
            "not a text file (it contains NUL bytes)",
            Origin(source, _line_at(data, data.index(b"\x00"))),
            "expected a plain-text Comprehensive Rules file",
        )
    try:
        return DecodedText(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        # Not UTF-8: older releases are Windows-1252, where almost every byte is valid.
        return DecodedText(_decode_strict(data, "cp1252", source), "cp1252")


def _decode_strict(data: bytes, codec: str, source: str, skip: int = 0, name: str = "") -> str:
    """Decode `data[skip:]`; an error names the first bad byte and its line."""
    try:
        return data[skip:].decode(codec)
    except UnicodeDecodeError as error:
        offset = skip + error.start
        raise SourceError(
            f"cannot decode byte 0x{data[offset]:02x} as {name or codec}",
            Origin(source, _line_at(data, offset)),
            "save the file as UTF-8",
        ) from None


def _line_at(data: bytes, offset: int) -> int:
    """The 1-based line of a byte offset, counting CRLF, CR and LF as one break each."""
    return len(_LINE_BREAK.findall(data[:offset].decode("latin-1"))) + 1


def split_lines(text: str) -> list[TextLine]:
    """Split decoded text into lines numbered as in the file, with odd spaces made plain."""
    text = text.translate(_ODD_SPACES)
    lines: list[TextLine] = []
    has_soft_breaks = _SOFT_BREAK.search(text) is not None
    for index, physical in enumerate(_LINE_BREAK.split(text), start=1):
        if not has_soft_breaks:  # the common case: no need to look inside each line
            lines.append(TextLine(index, physical.rstrip()))
            continue
        for piece_index, piece in enumerate(_SOFT_BREAK.split(physical)):
            lines.append(TextLine(index, piece.rstrip(), soft=piece_index > 0))
    # A final line break does not start another line.
    if lines and lines[-1].text == "" and not lines[-1].soft and text.endswith(("\n", "\r")):
        lines.pop()
    return lines
