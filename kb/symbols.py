"""Mana and other card symbols ({T}, {2/W}, {G/U/P} …) as icons the site ships itself.

Each icon is an SVG drawn here, from circles, paths and letters: no font or image
is fetched from anywhere. In a page a symbol becomes `<img alt="{T}">`, so a
screen reader reads the symbol's text and a copy of the line pastes `{T}`.
"""

from __future__ import annotations

import re
from html import escape

from kb import urls

FOLDER = "images/symbols"

# Fill and ink of each colour's circle, and of generic mana.
_COLOURS = {"W": "#f8f4d4", "U": "#a9d3ee", "B": "#cbc2bf", "R": "#f3a58a", "G": "#9bd3ae", "C": "#d9d4d0"}
_GENERIC = "#cac5c0"
_INK = "#1c1c1c"
_NUMBERS = [str(n) for n in range(21)] + ["X", "Y", "Z"]
_HYBRIDS = ["W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U"]

# Every symbol that has an icon.
SYMBOLS = (
    list(_COLOURS)
    + _NUMBERS
    + ["T", "Q", "S", "P"]
    + _HYBRIDS
    + [f"2/{c}" for c in "WUBRG"]
    + [f"C/{c}" for c in "WUBRG"]
    + [f"{c}/P" for c in "WUBRG"]
    + [f"{h}/P" for h in _HYBRIDS]
)
_KNOWN = frozenset(SYMBOLS)
_SYMBOL = re.compile(r"\{([0-9A-Z/]{1,5})\}")


def file_name(symbol: str) -> str:
    return symbol.replace("/", "-") + ".svg"


def with_icons(html: str, here: str) -> str:
    """Escaped HTML with each known symbol's text replaced by its icon; unknown ones stay text."""
    if "{" not in html:
        return html

    def icon(match: re.Match[str]) -> str:
        symbol = match.group(1)
        if symbol not in _KNOWN:
            return match.group(0)
        src = urls.relative(f"{FOLDER}/{file_name(symbol)}", here)
        return f'<img class="kb-sym" src="{escape(src)}" alt="{{{symbol}}}" title="{{{symbol}}}" width="16" height="16">'

    return _SYMBOL.sub(icon, html)


def svg(symbol: str) -> str:
    """The icon of `symbol` (one of SYMBOLS) as an SVG document."""
    parts = symbol.split("/")
    if symbol in ("T", "Q"):
        body = _tap(untap=symbol == "Q")
    elif symbol == "S":
        body = _disc(_GENERIC) + _snowflake()
    elif len(parts) == 1 and symbol in _COLOURS:
        body = _disc(_COLOURS[symbol]) + _letter(symbol, 16, 17, 20)
    elif len(parts) == 1:  # a number, X, Y, Z, or P (generic Phyrexian)
        body = _disc(_GENERIC) + (
            _phyrexian(16, 16, 1.0) if symbol == "P" else _letter(symbol, 16, 17, 20 if len(symbol) == 1 else 16)
        )
    elif parts == [parts[0], "P"] and parts[0] in _COLOURS:
        body = _disc(_COLOURS[parts[0]]) + _phyrexian(16, 16, 1.0)
    else:
        body = _split(parts[0], parts[1], phyrexian=parts[-1] == "P" and len(parts) == 3)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">{body}</svg>\n'


def _disc(fill: str) -> str:
    return f'<circle cx="16" cy="16" r="15.5" fill="{fill}" stroke="{_INK}" stroke-opacity=".35"/>'


def _letter(text: str, x: float, y: float, size: float) -> str:
    return (
        f'<text x="{x}" y="{y}" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="{size}"'
        f' text-anchor="middle" dominant-baseline="middle" fill="{_INK}">{text}</text>'
    )


def _split(first: str, second: str, phyrexian: bool) -> str:
    """A hybrid symbol: the circle halved along the diagonal, each half with its own mark."""
    top = _COLOURS.get(first, _GENERIC)
    bottom = _COLOURS.get(second, _GENERIC)
    halves = (
        f'<path d="M4.7 27.3A16 16 0 0 1 27.3 4.7Z" fill="{top}"/>'
        f'<path d="M27.3 4.7A16 16 0 0 1 4.7 27.3Z" fill="{bottom}"/>'
        f'<circle cx="16" cy="16" r="15.5" fill="none" stroke="{_INK}" stroke-opacity=".35"/>'
        f'<path d="M5 27L27 5" stroke="{_INK}" stroke-opacity=".35"/>'
    )
    if phyrexian:
        return halves + _phyrexian(10.5, 10.5, 0.5) + _phyrexian(21.5, 21.5, 0.5)
    return halves + _letter(first, 10.5, 11.5, 12) + _letter(second, 21.5, 22.5, 12)


def _phyrexian(x: float, y: float, scale: float) -> str:
    """The Phyrexian mark: an upright oval crossed by a vertical bar."""
    rx, ry, bar = 6 * scale, 8 * scale, 11 * scale
    return (
        f'<ellipse cx="{x}" cy="{y}" rx="{rx}" ry="{ry}" fill="none" stroke="{_INK}" stroke-width="{2.4 * scale}"/>'
        f'<path d="M{x} {y - bar}V{y + bar}" stroke="{_INK}" stroke-width="{2.4 * scale}" stroke-linecap="round"/>'
    )


def _tap(untap: bool) -> str:
    """{T}: an arrow bending to the right on a grey disc; {Q}: the same arrow turning back, inverted."""
    disc, ink = ("#1c1c1c", "#f4f4f4") if untap else (_GENERIC, _INK)
    arrow = (
        f'<path d="M10 25V14a5 5 0 0 1 5-5h5" fill="none" stroke="{ink}" stroke-width="3.2" stroke-linecap="round"/>'
        f'<path d="M19 4l7 5-7 5Z" fill="{ink}"/>'
    )
    if untap:
        arrow = f'<g transform="matrix(-1 0 0 1 32 0)">{arrow}</g>'
    return f'<circle cx="16" cy="16" r="15.5" fill="{disc}" stroke="{_INK}" stroke-opacity=".35"/>{arrow}'


def _snowflake() -> str:
    lines = "".join(f'<path d="M16 6V26" transform="rotate({a} 16 16)"/>' for a in (0, 60, 120))
    return f'<g stroke="{_INK}" stroke-width="2.4" stroke-linecap="round">{lines}</g>'
