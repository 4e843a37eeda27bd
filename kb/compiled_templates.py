"""Compiled Jinja templates, kept for the life of the process and in the build's work folder.

Each build makes new Jinja environments (kb's page renderer, mkdocs' theme), and a
new environment compiles every template it loads again: about a third of a second
a build. In memory, the compiled code serves `kb serve`'s rebuilds and the tests,
which build many times in one process; in the work folder (`.cache/kb/templates`
beside mkdocs.yml, or `$KB_CACHE_DIR/templates`), it serves the next `kb build`.
Entries are keyed by template name alone, so copies of a project share them, and
Jinja checks each one against the checksum of the template's source and its own
version: an edited template, or one compiled by another Jinja, is compiled anew.

Compiled code also depends on the environment's settings (block trimming,
autoescape, finalize), so each kind of environment has a cache of its own.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

import jinja2

from kb.work_folder import cache_folder

_IN_MEMORY: dict[str, dict[str, bytes]] = {"pages": {}, "theme": {}}


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates of one kind of environment: in memory, and in `folder` when there is one."""

    def __init__(self, memory: dict[str, bytes], folder: Path | None) -> None:
        self._code = memory  # shared by every cache of the same kind in this process
        self.folder = folder

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha1(name.encode("utf-8")).hexdigest()

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is None and self.folder is not None:
            try:
                code = (self.folder / bucket.key).read_bytes()
            except OSError:
                return
        if code is None:
            return
        try:
            bucket.bytecode_from_string(code)  # left empty if the source's checksum or Jinja's version differs
        except (ValueError, EOFError, TypeError, pickle.UnpicklingError):
            bucket.reset()  # a damaged file: compile again, and write it anew

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code[bucket.key] = bucket.bytecode_to_string()
        if self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            partial = self.folder / f"{bucket.key}.{os.getpid()}.tmp"
            partial.write_bytes(code)
            os.replace(partial, self.folder / bucket.key)  # whole, for builds that run at once
        except OSError:
            pass  # a cache that cannot be written only makes the next build slower


def pages(work_dir: Path | None) -> CompiledTemplates:
    """For kb.render's Markdown templates."""
    return CompiledTemplates(_IN_MEMORY["pages"], _folder(work_dir, "pages"))


def theme(work_dir: Path | None) -> CompiledTemplates:
    """For mkdocs' theme templates (material and templates/overrides)."""
    return CompiledTemplates(_IN_MEMORY["theme"], _folder(work_dir, "theme"))


def _folder(work_dir: Path | None, kind: str) -> Path | None:
    folder = cache_folder(work_dir, "templates")
    return folder / kind if folder is not None else None
