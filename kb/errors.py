"""Errors a user can cause. Each one names where it happened and how to fix it.

The CLI prints every `KbError` as one line, `file:line: message (hint)`, and
exits non-zero; nothing a user can cause should ever end in a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only named in annotations: `kb search` need not import the records
    from kb.model import Origin


class KbError(Exception):
    """A problem in the user's input, located at `origin`."""

    def __init__(self, message: str, origin: Origin | None = None, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.origin = origin
        self.hint = hint

    def __str__(self) -> str:
        where = f"{self.origin}: " if self.origin else ""
        hint = f" ({self.hint})" if self.hint else ""
        return f"{where}{self.message}{hint}"


class ContentError(KbError):
    """A record in `content/` (or an imported file) is malformed or inconsistent."""


class SourceError(KbError):
    """An input file (a CR text file, a bulk JSON file) cannot be read as its format."""


class BuildError(KbError):
    """The site could not be built; the previous site is left as it was."""


class KbErrors(KbError):
    """Several errors found in one run, reported together."""

    def __init__(self, errors: Iterable[KbError]) -> None:
        self.errors = sorted(errors, key=_sort_key)
        super().__init__(f"{len(self.errors)} error(s)")

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


def _sort_key(error: KbError) -> tuple[str, int, str]:
    if error.origin is None:
        return ("", 0, error.message)
    return (error.origin.path, error.origin.line, error.message)


def raise_all(errors: list[KbError]) -> None:
    """Raise the collected errors at once, if there are any."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise KbErrors(errors)
