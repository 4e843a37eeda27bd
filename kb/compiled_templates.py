"""Compiled Jinja templates, kept for the life of the process.

Each build makes new Jinja environments (kb's page renderer, mkdocs' theme), and a
new environment compiles every template it loads again: about half a second a
build, paid over and over by `kb serve`'s rebuilds and by the tests, which build
many times in one process. A cache is keyed by template name alone, so copies of
a project share it, and Jinja checks each entry against the checksum of the
template's source: an edited template is compiled anew.

Compiled code also depends on the environment's settings (block trimming,
autoescape, finalize), so each kind of environment has a cache of its own.
"""

from __future__ import annotations

import hashlib

import jinja2


class CompiledTemplates(jinja2.BytecodeCache):
    """Compiled templates of one kind of environment, in memory."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha1(name.encode("utf-8")).hexdigest()

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)  # left empty if the source's checksum differs

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


PAGES = CompiledTemplates()  # kb.render's Markdown templates
THEME = CompiledTemplates()  # mkdocs' theme templates (material and templates/overrides)
