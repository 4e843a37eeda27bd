"""kb/offline.py without a browser: which files are offered offline, under which hashes, and the app icons."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

from kb import app_icon, offline


def test_offline_manifest_hashes_the_readable_site_and_leaves_out_what_programs_read(tmp_path: Path):
    site = tmp_path / "site"
    for path, text in {
        "index.html": "home",
        "cards/a.html": "card a",
        "rules/302.html": "rule",
        "search/kb-index/meta.js": "meta",
        "api/cards.json": "{}",
        "kb.sqlite": "db",
        "sitemap.xml": "<urlset/>",
    }.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(text)
    first = offline.write(site, "MTG Rulings Knowledge Base", "Rulings")
    listed = {e[0]: part for part, entries in first["parts"].items() for e in entries}
    assert listed == {
        "index.html": "site",
        "icons/kb-192.png": "site",
        "icons/kb-512.png": "site",
        "icons/kb.svg": "site",
        "manifest.webmanifest": "site",
        "search/kb-index/meta.js": "search",
        "rules/302.html": "rules",
        "cards/a.html": "cards",
    }
    assert (site / "sw.js").read_text().splitlines()[1] == f'const VERSION = "{first["version"]}";'

    (site / "cards/a.html").write_text("card a, changed")
    second = offline.write(site, "MTG Rulings Knowledge Base", "Rulings")
    hashes = [{e[0]: e[1] for entries in m["parts"].values() for e in entries} for m in (first, second)]
    assert {p for p in hashes[1] if hashes[0][p] != hashes[1][p]} == {"cards/a.html"}
    assert second["version"] != first["version"]
    assert json.loads((site / "offline-manifest.json").read_text()) == second


def test_app_icons_are_valid_pngs_of_their_size():
    for size in offline.ICON_SIZES:
        data = app_icon.png(size)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert (width, height) == (size, size)
        # The first pixel is the indigo background; the card is white in the middle.
        raw = zlib.decompress(data[data.index(b"IDAT") + 4 : data.index(b"IEND") - 8])
        row = 1 + 3 * size
        assert tuple(raw[1:4]) == app_icon.INDIGO
        middle = (size // 2) * row + 1 + 3 * (size // 2)
        assert tuple(raw[middle : middle + 3]) == app_icon.WHITE
