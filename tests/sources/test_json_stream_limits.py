"""The streaming JSON reader's bounds: what a damaged or hostile file cannot make it do."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from kb.errors import SourceError
from kb.sources import json_stream
from kb.sources.json_stream import iter_array


def test_a_value_longer_than_the_limit_is_refused_without_reading_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_stream, "MAX_ELEMENT", 1 << 20)
    path = tmp_path / "cards.json"
    path.write_text('[{"name": "' + "x" * (40 << 20), encoding="utf-8")  # 40 MiB of one unterminated string
    tracemalloc.start()
    try:
        with pytest.raises(SourceError, match=r"cards\.json:1: a value longer than 1 MiB \(column 2, card 0\)"):
            list(iter_array(path, item="card", chunk=1 << 16))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 << 20  # a few times the limit, never the file
