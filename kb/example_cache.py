"""Examples that passed, remembered between builds and checks: an example whose inputs have not changed passes again.

An example's inputs are its own record (code, claimed rules, declared cards), the cards declared in content/
that its games can use, and the source of the engine and of the checker that judges it. The key is a digest of
all of them, so a change to any one is a new key: a remembered pass is exactly the pass a new run would give
(the engine is deterministic; its random generator is seeded). Where a record is written (file and line) is
left out: only a failure names it, and failures are never remembered. So a project moved, copied or built from
another folder reuses its passes. Ablation runs never use this.

The folder is the build's work folder (`.cache/kb/examples` beside mkdocs.yml), or `$KB_CACHE_DIR/examples`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from kb.examples import PASSED, ExampleResult
from kb.model import Card, Example, Origin

KB = Path(__file__).resolve().parent
# What decides an example's verdict besides its own text: the engine, the checker, how content parts become cards, and
# the records and errors those read.
# In the engine's folder: its code, and the cards it ships (kb/engine/cards/shipped.yaml).
JUDGED_SUFFIXES = (".py", ".yaml")
JUDGED_BY = (KB / "engine", KB / "examples.py", KB / "card_definitions.py", KB / "model.py", KB / "errors.py")


@cache
def _judge_digest() -> str:
    digest = hashlib.sha256(sys.version.encode())
    for root in JUDGED_BY:
        for path in sorted(p for p in root.rglob("*") if p.suffix in JUDGED_SUFFIXES) if root.is_dir() else [root]:
            digest.update(str(path.relative_to(KB)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class ExampleCache:
    """Passes kept as one small JSON file per key; writing is atomic, so builds running at once may share it."""

    def __init__(self, folder: Path, content_cards: Iterable[Card]) -> None:
        self.folder = folder
        # Declared cards are plain data (kb.model), so their repr is stable from one run to the next.
        declared = sorted((card for card in content_cards if card.engine is not None), key=lambda c: c.id)
        self._context = hashlib.sha256((_judge_digest() + repr(_unplaced(declared))).encode()).hexdigest()

    def _path(self, example: Example) -> Path:
        return self.folder / f"{hashlib.sha256((self._context + repr(_unplaced(example))).encode()).hexdigest()}.json"

    def get(self, example: Example) -> ExampleResult | None:
        try:
            kept = json.loads(self._path(example).read_text(encoding="utf-8"))
            exercised = tuple(kept["rules_exercised"])
        except (OSError, ValueError, KeyError, TypeError):
            return None  # not kept, or unreadable: run it
        # As a new run reports a pass (kb.examples.run_example); no time was spent on it.
        return ExampleResult(example.id, True, tuple(example.rules), exercised, "", example.origin, 0.0, PASSED, reused=True)

    def put(self, result: ExampleResult, example: Example) -> None:
        if not result.passed:
            return
        path = self._path(example)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(f".{os.getpid()}.tmp")
            partial.write_text(json.dumps({"rules_exercised": list(result.rules_exercised)}), encoding="utf-8")
            os.replace(partial, path)
        except OSError:
            pass  # a cache that cannot be written only makes the next build slower


# Fields that say where a record was written: an engine part's line of each setting.
_PLACES = frozenset({"lines"})


def _unplaced(value: object) -> object:
    """A record as plain data without where it was written (files and lines), for a key that a move does not change."""
    if isinstance(value, Origin):
        return None
    if dataclasses.is_dataclass(value):
        fields = (f.name for f in dataclasses.fields(value) if f.name not in _PLACES)
        return (type(value).__name__, *((name, _unplaced(getattr(value, name))) for name in fields))
    if isinstance(value, list | tuple):
        return tuple(_unplaced(item) for item in value)
    if isinstance(value, dict):
        return tuple((key, _unplaced(item)) for key, item in value.items())
    return value
