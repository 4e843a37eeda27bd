"""Read very large JSON files one element at a time.

Scryfall's oracle-cards file is well over 100 MB and MTGJSON's AtomicCards is
bigger still; decoding either with one `json.load` holds the text, the decoded
tree and our records in memory at once. Here the file is read in chunks and each
array element (or object member) is decoded on its own with the standard
library's `JSONDecoder.raw_decode`, so at any time we hold one chunk plus the
element being decoded.

Every problem becomes a `SourceError` naming the file, the line and column, and
the element being read: a truncated download or a hand-edited file must never
end in a traceback.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from kb.errors import SourceError
from kb.model import Origin

_CHUNK = 1 << 20  # 1 MiB: large enough that a typical card sits inside one read.
_WHITESPACE = " \t\n\r"
# A decode error this close to the end of the buffer may just mean the element
# continues in the next chunk (a number or a literal cut in two).
_TAIL = 32
# No card or ruling comes near this; a value that grows past it is a damaged or
# hostile file, and reading on would hold all of it in memory.
MAX_ELEMENT = 64 << 20


@dataclass(frozen=True, slots=True)
class Element:
    """One decoded element: its position in the file and its value."""

    index: int  # 0-based position in the array or object being streamed
    line: int  # 1-based line where the element starts
    key: str | None  # the member name when streaming an object
    value: Any


def _open(path: Path) -> IO[str]:
    # utf-8-sig drops a byte-order mark; newline="" keeps \r\n as two characters
    # so that the line count stays honest.
    try:
        if path.suffix == ".gz":
            return gzip.open(path, "rt", encoding="utf-8-sig", newline="")
        return path.open(encoding="utf-8-sig", newline="")
    except OSError as exc:
        raise SourceError(f"cannot open: {exc.strerror or exc}", Origin(str(path))) from None


class JsonReader:
    """A cursor over a JSON text read chunk by chunk, counting lines as it consumes."""

    def __init__(self, path: Path, stream: IO[str], chunk: int = _CHUNK) -> None:
        self.path = path
        self._chunk = chunk
        self._stream = stream
        self._decoder = json.JSONDecoder()
        self._buf = ""
        self._pos = 0  # cursor inside _buf
        self._eof = False
        self._line = 1  # line of _buf[_line_pos]
        self._line_pos = 0  # how far into _buf lines have been counted
        self._line_start = 0  # buffer index where the current line starts (for columns)
        self.what = "the file"  # what is being read, for messages ("element 12")

    # -- reading -------------------------------------------------------------

    def _fill(self, at_least: int = 0) -> bool:
        """Read more text; False at end of file. Drops what has been consumed."""
        if self._eof:
            return False
        self._sync_lines()
        if self._pos:
            self._buf = self._buf[self._pos :]
            self._line_start -= self._pos
            self._line_pos -= self._pos
            self._pos = 0
        try:
            more = self._stream.read(max(at_least, self._chunk))
        except UnicodeDecodeError as exc:
            raise self.error(f"not UTF-8 text ({exc.reason})") from None
        except (OSError, EOFError, zlib.error) as exc:  # a damaged .gz ends up here
            raise self.error(f"cannot read: {exc}", hint="the file is damaged: download it again") from None
        if not more:
            self._eof = True
            return False
        self._buf += more
        return True

    def _fill_within_limit(self) -> bool:
        """Read as much again as the value read so far; refuse a value larger than MAX_ELEMENT."""
        if len(self._buf) - self._pos > MAX_ELEMENT:
            raise self.error(f"a value longer than {MAX_ELEMENT >> 20} MiB", hint="the file is damaged or not card data")
        return self._fill(len(self._buf))

    def _sync_lines(self) -> None:
        """Count the newlines between the last counted position and the cursor."""
        if self._pos > self._line_pos:
            newlines = self._buf.count("\n", self._line_pos, self._pos)
            if newlines:
                self._line += newlines
                self._line_start = self._buf.rindex("\n", self._line_pos, self._pos) + 1
            self._line_pos = self._pos

    @property
    def line(self) -> int:
        self._sync_lines()
        return self._line

    def origin(self) -> Origin:
        return Origin(str(self.path), self.line)

    def error(self, message: str, at: int | None = None, hint: str = "") -> SourceError:
        """A SourceError at the cursor (or at buffer index `at`), naming line, column and element."""
        line = self.line  # counts lines up to the cursor
        start = self._line_start
        if at is not None and at > self._pos:
            newlines = self._buf.count("\n", self._pos, at)
            if newlines:
                line += newlines
                start = self._buf.rindex("\n", self._pos, at) + 1
        else:
            at = self._pos
        column = at - start + 1
        return SourceError(
            f"{message} (column {column}, {self.what})",
            Origin(str(self.path), line),
            hint,
        )

    # -- tokens --------------------------------------------------------------

    def peek(self) -> str:
        """The next non-whitespace character, '' at end of file."""
        while True:
            buf, pos, n = self._buf, self._pos, len(self._buf)
            while pos < n and buf[pos] in _WHITESPACE:
                pos += 1
            self._pos = pos
            if pos < n:
                return buf[pos]
            if not self._fill():
                return ""

    def expect(self, chars: str, description: str) -> str:
        """Consume one of `chars` (after whitespace) or fail saying what was expected."""
        found = self.peek()
        if not found:
            raise self.error(f"file ends early: expected {description}")
        if found not in chars:
            raise self.error(f"expected {description}, found {_show(found)}")
        self._pos += 1
        return found

    def value(self) -> Any:
        """Decode one JSON value starting at the cursor, reading more text as needed."""
        if not self.peek():
            raise self.error("file ends early: expected a value")
        while True:
            try:
                value, end = self._decoder.raw_decode(self._buf, self._pos)
            except RecursionError:
                raise self.error("invalid JSON: arrays or objects nested too deep", hint="the file is damaged") from None
            except json.JSONDecodeError as exc:
                unterminated = exc.msg.startswith("Unterminated string")
                into_value = exc.pos - self._pos  # _fill moves the buffer; the offset into the value stays
                if (unterminated or exc.pos >= len(self._buf) - _TAIL) and self._fill_within_limit():
                    continue  # the value may run on into text not read yet: read more and retry
                at = self._pos + into_value
                if unterminated or not self._buf[at:].strip():
                    raise self.error(f"file ends early inside a value ({_reason(exc)})", at) from None
                raise self.error(f"invalid JSON: {_reason(exc)}", at) from None
            except ValueError:  # from int(): more digits than Python converts (sys.get_int_max_str_digits)
                raise self.error("invalid JSON: a number with thousands of digits", hint="the file is damaged") from None
            if end == len(self._buf) and self._fill_within_limit():
                continue  # a number cut at the chunk's end would decode as a shorter number
            self._pos = end
            return value


def _reason(exc: json.JSONDecodeError) -> str:
    if exc.msg.startswith("Unterminated string"):
        return "unterminated string"
    return exc.msg.removesuffix(" at").lower()


def _show(char: str) -> str:
    return repr(char) if char.isprintable() else f"U+{ord(char):04X}"


def _describe(char: str) -> str:
    return {"{": "an object", "[": "an array", '"': "a string"}.get(char, "a single value")


def iter_array(path: Path, *, item: str = "element", hint: str = "", chunk: int = _CHUNK) -> Iterator[Element]:
    """Yield the elements of a file whose top level is a JSON array, one by one.

    `item` names an element in messages ("card 12"); `hint` is added to the error
    raised when the top level is not an array (the file is of another kind).
    """
    with _open(path) as stream:
        reader = JsonReader(path, stream, chunk)
        _open_top_level(reader, "[", "array", hint)
        index = 0
        if reader.peek() == "]":
            return
        while True:
            reader.what = f"{item} {index}"
            reader.peek()  # step over whitespace so that the line is the element's own
            line = reader.line
            yield Element(index, line, None, reader.value())
            index += 1
            if reader.expect(",]", f"',' or ']' after {item} {index - 1}") == "]":
                break
        _expect_end(reader)


def _open_top_level(reader: JsonReader, opening: str, kind: str, hint: str) -> None:
    """Step into the file's top-level array or object, or say what the file holds instead."""
    first = reader.peek()
    if first != opening:
        found = _describe(first) if first else "an empty file"
        raise reader.error(f"expected a JSON {kind} at the top level, found {found}", hint=hint)
    reader.expect(opening, f"'{opening}'")


def iter_members(path: Path, within: str, *, item: str = "entry", hint: str = "", chunk: int = _CHUNK) -> Iterator[Element]:
    """Yield the members of the object at top-level key `within`, one by one.

    Other top-level members (MTGJSON's small `meta`) are decoded and dropped.
    Raises SourceError if the top level is not an object or has no `within`.
    """
    with _open(path) as stream:
        reader = JsonReader(path, stream, chunk)
        _open_top_level(reader, "{", "object", hint)
        seen = False
        while reader.peek() != "}":
            reader.what = "the top-level object"
            key = _key(reader)
            if key == within and not seen:
                seen = True
                yield from _members(reader, within, item)
            else:
                reader.value()
            if reader.expect(",}", "',' or '}' in the top-level object") == "}":
                break
        else:
            reader.expect("}", "'}'")
        if not seen:
            raise SourceError(f"no {within!r} member at the top level", Origin(str(path)), hint)
        _expect_end(reader)


def _members(reader: JsonReader, within: str, item: str) -> Iterator[Element]:
    reader.what = f"{within!r}"
    if reader.peek() != "{":
        raise reader.error(f"expected {within!r} to be an object, found {_describe(reader.peek())}")
    reader.expect("{", "'{'")
    index = 0
    if reader.peek() == "}":
        reader.expect("}", "'}'")
        return
    while True:
        reader.what = f"{item} {index} of {within!r}"
        reader.peek()
        line = reader.line
        key = _key(reader)
        reader.what = f"{item} {index} ({key!r}) of {within!r}"
        yield Element(index, line, key, reader.value())
        index += 1
        if reader.expect(",}", f"',' or '}}' after {item} {index - 1}") == "}":
            return


def _key(reader: JsonReader) -> str:
    if reader.peek() != '"':
        reader.expect('"', "a member name in double quotes")
    key = reader.value()
    reader.expect(":", "':' after a member name")
    return key


def _expect_end(reader: JsonReader) -> None:
    reader.what = "the end of the file"
    rest = reader.peek()
    if rest:
        raise reader.error(f"unexpected text after the JSON value: {_show(rest)}")
