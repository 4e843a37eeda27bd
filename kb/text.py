"""Small text helpers the pages, the search indexes and the messages share."""

from __future__ import annotations


def one_line(text: str) -> str:
    """`text` with every run of whitespace, line breaks included, as one space."""
    return " ".join(text.split())


def shorten(text: str, limit: int) -> str:
    """`text` on one line, cut before `limit` characters at a word, with '…' to say so."""
    text = one_line(text)
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"
