"""The one progress display of long commands (`kb build`'s stages and counts, `kb fetch`'s downloads).

It draws on a terminal and stays silent elsewhere, so CI logs stay clean. The
stream is looked up when writing, not when this module is imported: a test
(or a caller) that swaps sys.stderr is seen.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO


class Progress:
    def __init__(self, stream: TextIO | None = None, bar_width: int = 30, quiet: bool = False) -> None:
        self._stream = stream  # None: whatever sys.stderr is when writing
        self._quiet = quiet
        self._bar_width = bar_width
        self._last = 0.0

    @property
    def stream(self) -> TextIO:
        return self._stream or sys.stderr

    @property
    def enabled(self) -> bool:
        return not self._quiet and self.stream.isatty()

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Say that `name` runs, then how long it took."""
        started = time.perf_counter()
        self._write(f"{name}…")
        yield
        self._write(f"{name}: {time.perf_counter() - started:.1f} s\n")

    def count(self, name: str, done: int, total: int) -> None:
        """A running count of items, redrawn at most ten times a second."""
        if self._due(done >= total):
            self._write(f"{name}: {done:,}/{total:,}" + ("\n" if done >= total else ""))

    def download(self, name: str, done: int, total: int | None) -> None:
        """Bytes on their way: a bar when the total is known, redrawn at most ten times a second."""
        finished = total is not None and done >= total
        if not self._due(finished):
            return
        if total:
            filled = self._bar_width * done // total
            bar = "#" * filled + "." * (self._bar_width - filled)
            line = f"{name} [{bar}] {100 * done // total:3d}% {done / 1e6:.1f}/{total / 1e6:.1f} MB"
        else:
            line = f"{name} {done / 1e6:.1f} MB"
        self._write(line + ("\n" if finished else ""))

    def _due(self, finished: bool) -> bool:
        now = time.perf_counter()
        if finished or now - self._last >= 0.1:
            self._last = now
            return True
        return False

    def _write(self, text: str) -> None:
        if self.enabled:
            self.stream.write("\r\033[K" + text)
            self.stream.flush()


progress = Progress()
