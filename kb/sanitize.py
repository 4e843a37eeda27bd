"""Imported text made inert for a terminal and for a page.

Text from Scryfall, MTGJSON, a downloaded Comprehensive Rules file or content/
may hold control characters: an ESC starts a terminal command (retitle the
window, clear the screen, a hidden OSC 8 link), a C1 character is one on some
terminals, and a lone surrogate cannot even be encoded as UTF-8. `visible`
turns each into a short, readable escape, so what reaches a screen is text.
Every printer of imported text uses it: the page templates (kb.markup), `kb show`,
`kb search` and the CLI's error lines; JSON output uses `json_text`, exact and safe.
"""

from __future__ import annotations

import json
import re
from typing import Any

# C0 except tab and newline, DEL, C1, and lone UTF-16 surrogates (which Python
# strings can hold, from JSON "\ud800" escapes, but no encoder will write).
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


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


# What JSON leaves raw with ensure_ascii=False but a terminal may act on (DEL, C1)
# or cannot print (lone surrogates); JSON's own escapes keep the data exact.
_JSON_INVISIBLE = re.compile("[\x7f-\x9f\ud800-\udfff]")


def json_text(value: Any, **options: Any) -> str:
    """`value` as JSON that decodes to exactly `value`, safe to print: C0 (by JSON), DEL, C1 and surrogates as \\u escapes."""
    text = json.dumps(value, ensure_ascii=False, **options)
    return _JSON_INVISIBLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
