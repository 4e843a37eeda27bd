"""Progress of a long build, shown on a terminal and silent elsewhere (CI logs stay clean)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO


class Progress:
    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream  # None: whatever sys.stderr is when writing (tests swap it)
        self._last = 0.0

    @property
    def stream(self) -> TextIO:
        return self._stream or sys.stderr

    @property
    def enabled(self) -> bool:
        return self.stream.isatty()

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        """Say that `name` runs, then how long it took."""
        started = time.perf_counter()
        self._write(f"{name}…")
        yield
        self._write(f"{name}: {time.perf_counter() - started:.1f} s\n")

    def count(self, name: str, done: int, total: int) -> None:
        """A running count, redrawn at most ten times a second."""
        now = time.perf_counter()
        if done == total or now - self._last >= 0.1:
            self._last = now
            self._write(f"{name}: {done:,}/{total:,}" + ("\n" if done == total else ""))

    def _write(self, text: str) -> None:
        if self.enabled:
            self.stream.write("\r\033[K" + text)
            self.stream.flush()


progress = Progress()
