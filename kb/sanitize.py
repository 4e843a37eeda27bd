"""Imported text made inert for a terminal and for a page.

Text from Scryfall, MTGJSON, a downloaded Comprehensive Rules file or content/
may hold control characters: an ESC starts a terminal command (retitle the
window, clear the screen, a hidden OSC 8 link), a C1 character is one on some
terminals, and a lone surrogate cannot even be encoded as UTF-8. `visible`
turns each into a short, readable escape, so what reaches a screen is text.
"""

from __future__ import annotations

import re

# C0 except tab and newline, DEL, C1, and lone UTF-16 surrogates (which Python
# strings can hold, from JSON "\ud800" escapes, but no encoder will write).
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with each control character and lone surrogate shown as an escape (ESC -> `\\x1b`)."""
    return _INVISIBLE.sub(_escape, text) if _INVISIBLE.search(text) else text
