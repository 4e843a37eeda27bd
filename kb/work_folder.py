"""The build's work folder, where one build keeps what the next can reuse: passes of examples, compiled templates.

It is `.cache/kb` beside mkdocs.yml (`kb.project`). `$KB_CACHE_DIR`, when set, holds
them instead: one folder that several projects, or a CI cache, can share (the tests
share one for a whole run).
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_folder(work_dir: Path | None, kind: str) -> Path | None:
    """Where a build keeps one kind of reusable result: $KB_CACHE_DIR/<kind> if set, else the work folder's; None keeps nothing."""
    base = os.environ.get("KB_CACHE_DIR")
    if base:
        return Path(base) / kind
    return work_dir / kind if work_dir is not None else None
