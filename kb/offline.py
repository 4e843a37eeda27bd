"""Offline use of the published site: the service worker, its list of files by content hash, the web app manifest.

One step after the site is rendered (`write`) adds, at the site's root:

- `offline-manifest.json` — every file a reader may want offline, by part
  (`PARTS`), with a hash of its content and its size: the worker stores each
  file under its hash, so a rebuild that changes one card changes that card's
  entries and nothing else is downloaded again;
- `sw.js` — the service worker (`offline_worker.js` under the manifest's
  version, so any change to the site is an update the browser notices);
- `manifest.webmanifest` and `icons/` — what makes the site installable.

Opened from disk none of this runs (browsers start no service worker on
`file://`); `templates/static/javascripts/kb-offline.js` registers the worker
only when the site is served.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

from kb import app_icon
from kb.search import INDEX_NAME

MANIFEST_NAME = "offline-manifest.json"
WORKER_NAME = "sw.js"
APP_MANIFEST = "manifest.webmanifest"
ICONS = "icons"
ICON_SIZES = (192, 512)
WORKER_SOURCE = Path(__file__).with_name("offline_worker.js")

# Parts of the site in the order "Make available offline" downloads them; a file
# belongs to the first part one of whose prefixes starts its path. "site" (the
# theme, scripts, home page) is also stored when the worker is installed.
PARTS = (
    ("site", ("index.html", "404.html", "assets/", "javascripts/", "stylesheets/", "images/", ICONS + "/", APP_MANIFEST)),
    ("search", ("search/kb-index/",)),
    ("rules", ("rules/", "glossary/", "changes.html", "engine.html")),
    ("rulings", ("rulings/",)),
    ("cards", ("cards/", "card-index/")),
)
# Never offered offline: the JSON API and the terminal index are for programs; the sitemap is for crawlers;
# the source maps of the theme's scripts are for a developer's tools.
EXCLUDED = ("api/", INDEX_NAME, "sitemap.xml")
HASH_CHARS = 16


def write(site_dir: Path, site_name: str, description: str = "") -> dict:
    """Write the app manifest, icons, offline manifest and service worker into a rendered site; returns the manifest."""
    icons = site_dir / ICONS
    icons.mkdir(exist_ok=True)
    (icons / "kb.svg").write_text(app_icon.svg(), encoding="utf-8")
    for size in ICON_SIZES:
        (icons / f"kb-{size}.png").write_bytes(_icon_png(size))
    (site_dir / APP_MANIFEST).write_text(json.dumps(app_manifest(site_name, description), indent=1), encoding="utf-8")
    manifest = offline_manifest(site_dir)
    (site_dir / MANIFEST_NAME).write_text(json.dumps(manifest, separators=(",", ":")), encoding="utf-8")
    worker = f"// Written by kb/offline.py from kb/offline_worker.js.\nconst VERSION = {json.dumps(manifest['version'])};\n"
    (site_dir / WORKER_NAME).write_text(worker + WORKER_SOURCE.read_text(encoding="utf-8"), encoding="utf-8")
    return manifest


def offline_manifest(site_dir: Path) -> dict:
    """{"version", "parts": {part: [[path, hash, bytes], …]}}; the version hashes every entry."""
    parts: dict[str, list[list]] = {name: [] for name, _ in PARTS}
    for file in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        path = file.relative_to(site_dir).as_posix()
        part = part_of(path)
        if part is not None:
            data = file.read_bytes()
            parts[part].append([path, hashlib.sha256(data).hexdigest()[:HASH_CHARS], len(data)])
    version = hashlib.sha256()
    for entries in parts.values():
        for path, digest, _ in entries:
            version.update(f"{path}\0{digest}\n".encode())
    return {"version": version.hexdigest()[:HASH_CHARS], "parts": parts}


def part_of(path: str) -> str | None:
    """The part a site file belongs to, or None when it is not offered offline."""
    if path.startswith(EXCLUDED) or path.endswith(".map"):
        return None
    return next((name for name, prefixes in PARTS if path.startswith(prefixes)), None)


def app_manifest(site_name: str, description: str) -> dict:
    """The web app manifest: what a phone's "Add to home screen" and Chromium's install check read."""
    short = site_name if len(site_name) <= 12 else "Rulings"
    icons = [
        {"src": f"{ICONS}/kb-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"} for size in ICON_SIZES
    ]
    icons.append({"src": f"{ICONS}/kb-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"})
    icons.append({"src": f"{ICONS}/kb.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"})
    colour = "#" + "".join(f"{v:02x}" for v in app_icon.INDIGO)
    return {
        "name": site_name,
        "short_name": short,
        "description": description,
        # Relative to the manifest: the site may be published under a sub-path.
        "start_url": "index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": colour,
        "icons": icons,
    }


@functools.cache
def _icon_png(size: int) -> bytes:
    """Drawn once per process: `kb serve` and the tests build many times."""
    return app_icon.png(size)
