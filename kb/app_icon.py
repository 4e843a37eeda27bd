"""The site's app icon (home screen, installed app): a rules card on the theme's indigo, drawn here as SVG and PNG.

Drawn from axis-aligned rectangles only, so each pixel's colour is the exact
area each rectangle covers of it: antialiased PNGs with no imaging library.
"""

from __future__ import annotations

import struct
import zlib

INDIGO = (0x40, 0x51, 0xB5)  # material's default primary colour, the header's
WHITE = (0xFF, 0xFF, 0xFF)

# (left, top, right, bottom) as fractions of the icon, painted in order. The card
# stays inside the middle 80% so a launcher's round mask (a "maskable" icon) keeps it whole.
SHAPES = (
    ((0.0, 0.0, 1.0, 1.0), INDIGO),
    ((0.28, 0.18, 0.72, 0.82), WHITE),  # the card
    ((0.33, 0.24, 0.67, 0.48), INDIGO),  # its art box
    ((0.33, 0.54, 0.67, 0.58), INDIGO),  # its rules text, three lines
    ((0.33, 0.63, 0.67, 0.67), INDIGO),
    ((0.33, 0.72, 0.56, 0.76), INDIGO),
)


def svg() -> str:
    rects = "".join(
        f'<rect x="{x0 * 100:g}" y="{y0 * 100:g}" width="{(x1 - x0) * 100:g}" height="{(y1 - y0) * 100:g}" fill="#{_hex(c)}"/>'
        for (x0, y0, x1, y1), c in SHAPES
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{rects}</svg>\n'


def png(size: int) -> bytes:
    """The icon as a `size`×`size` RGB PNG."""
    # Coverage is separable for a rectangle: the share of a pixel's column times the share of its row. So a row
    # depends only on each layer's share of it, and the few distinct rows are each drawn once.
    layers = [(_coverage(x0, x1, size), _coverage(y0, y1, size), colour) for (x0, y0, x1, y1), colour in SHAPES]
    rows: dict[tuple[float, ...], bytes] = {}
    raw = bytearray()
    for y in range(size):
        shares = tuple(down[y] for _, down, _ in layers)
        if shares not in rows:
            rows[shares] = _row(
                [(across, share, colour) for (across, _, colour), share in zip(layers, shares, strict=True)], size
            )
        raw.append(0)  # filter type "none" for each scanline
        raw.extend(rows[shares])
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + _chunk(b"IEND", b"")


def _row(layers: list[tuple[list[float], float, tuple[int, int, int]]], size: int) -> bytes:
    """One scanline: each layer painted over the ones before it, covering `share` of the row times its columns."""
    row = [list(INDIGO) for _ in range(size)]
    for across, share, colour in layers:
        if share == 0:
            continue
        for x, part in enumerate(across):
            a = part * share
            if a:
                pixel = row[x]
                for i in range(3):
                    pixel[i] += (colour[i] - pixel[i]) * a
    return bytes(round(v) for pixel in row for v in pixel)


def _coverage(start: float, end: float, size: int) -> list[float]:
    """How much of each pixel along one axis the span [start, end) (fractions of the icon) covers."""
    a, b = start * size, end * size
    return [max(0.0, min(b, i + 1) - max(a, i)) for i in range(size)]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _hex(colour: tuple[int, int, int]) -> str:
    return "".join(f"{v:02x}" for v in colour)
