"""The rules' history of a build, traced once and kept in a file between builds.

Tracing a hundred releases takes a while; an unchanged archive should not.
The file is keyed by a hash of every release file, of the current rules
file and of the code that reads and traces them, so any edit, addition or
removal, or a change to the tracing, traces again. It holds only what the
history needs (releases, lineages) as JSON, never code.
"""

from __future__ import annotations

import hashlib
import json
import os
from datetime import date
from pathlib import Path

from kb.history import Release, RulesHistory, Version, trace
from kb.model import RulesDocument
from kb.sources.cr_archive import read_archive, release_files

# Bump when the file's layout changes: older files are then traced again.
FORMAT = 1
CACHE_NAME = "history.json"
# The code whose output the file holds: a change to any of it traces again.
_TRACING_CODE = ("history.py", "changes.py", "sources/cr_text.py", "sources/cr_typos.py", "sources/text_decoding.py")


def load_history(
    folder: Path, current: RulesDocument, current_file: Path, cache_dir: Path | None
) -> tuple[RulesHistory, list[str]]:
    """The history of every rule from the archive in `folder` up to the `current` release; and warnings."""
    files = release_files(folder)
    key = _key([*files, current_file])
    cache = cache_dir / CACHE_NAME if cache_dir else None
    if cache is not None and (history := _read(cache, key)) is not None:
        return history, []
    documents, warnings = read_archive(files)
    # The current release ends the history; an archived copy of it (same date) and later ones are left out.
    releases = [doc for doc in documents if doc.effective_date < current.effective_date] + [current]
    history = trace(releases)
    if cache is not None:
        _write(cache, key, history)
    return history, warnings


def _key(files: list[Path]) -> str:
    digest = hashlib.sha256(f"kb-history-{FORMAT}".encode())
    package = Path(__file__).parent
    for name in _TRACING_CODE:
        digest.update((package / name).read_bytes())
    for path in files:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _read(cache: Path, key: str) -> RulesHistory | None:
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    return decode(data)


def encode(history: RulesHistory) -> dict[str, list]:
    """The history as JSON data: the cache file's, the site's (api/history.json.gz) and what `kb show` reads."""
    return {
        "releases": [[r.effective_date.isoformat(), Path(r.source).name] for r in history.releases],
        "lineages": [[[v.release, v.number, v.text] for v in lineage] for lineage in history.lineages],
    }


def decode(data: dict[str, list]) -> RulesHistory:
    releases = tuple(Release(date.fromisoformat(day), source) for day, source in data["releases"])
    lineages = tuple(tuple(Version(*version) for version in lineage) for lineage in data["lineages"])
    return RulesHistory(releases, lineages)


def _write(cache: Path, key: str, history: RulesHistory) -> None:
    data = {"key": key, **encode(history)}
    cache.parent.mkdir(parents=True, exist_ok=True)
    partial = cache.with_name(cache.name + f".{os.getpid()}.tmp")
    partial.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    partial.replace(cache)  # atomic: a build never reads half a file
