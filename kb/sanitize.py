"""Imported text made inert for a terminal and for a page.

Text from Scryfall, MTGJSON, a downloaded Comprehensive Rules file or content/
may hold control characters: an ESC starts a terminal command (retitle the
window, clear the screen, a hidden OSC 8 link), a C1 character is one on some
terminals, a lone surrogate cannot even be encoded as UTF-8, and a bidirectional
override or isolate (U+202E …) shows the text after it in another order than it
is read, on a page as in a terminal ("Trojan Source"). `visible`
turns each into a short, readable escape, so what reaches a screen is text.
Every printer of imported text uses it: the page templates (kb.markup), `kb show`,
`kb search` and the CLI's error lines; JSON output uses `json_text`, exact and safe.
"""

from __future__ import annotations

import json
import re
from typing import Any

# C0 except tab and newline, DEL, C1, lone UTF-16 surrogates (which Python
# strings can hold, from JSON "\ud800" escapes, but no encoder will write), and
# the bidirectional embeddings, overrides and isolates (no real card, ruling or
# release has one; the marks U+200E/U+200F, which reorder nothing, stay).
_BIDI = "\u202a-\u202e\u2066-\u2069"
_INVISIBLE = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff{_BIDI}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with each control character and lone surrogate shown as an escape (ESC -> `\\x1b`)."""
    return _INVISIBLE.sub(_escape, text) if _INVISIBLE.search(text) else text


def visible_between(text: str, marks: tuple[str, ...]) -> str:
    """`visible(text)`, except for `marks`: control characters a program put there on purpose."""
    if not _INVISIBLE.search(text):
        return text
    pieces = re.split(f"([{''.join(re.escape(m) for m in marks)}])", text)
    return "".join(piece if piece in marks else visible(piece) for piece in pieces)


def visible_data(value: Any) -> Any:
    """`value` (JSON-like data) with `visible` applied to every string in it."""
    if isinstance(value, str):
        return visible(value)
    if isinstance(value, dict):
        return {visible_data(key): visible_data(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [visible_data(item) for item in value]
    return value


# What JSON leaves raw with ensure_ascii=False but a terminal may act on (DEL, C1, bidirectional
# controls) or cannot print (lone surrogates); JSON's own escapes keep the data exact.
_JSON_INVISIBLE = re.compile(f"[\x7f-\x9f\ud800-\udfff{_BIDI}]")


def json_text(value: Any, **options: Any) -> str:
    """`value` as JSON that decodes to exactly `value`, safe to print: C0 (by JSON), DEL, C1, surrogates and
    bidirectional controls as \\u escapes."""
    text = json.dumps(value, ensure_ascii=False, **options)
    return _JSON_INVISIBLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
