"""The traced history is kept in a file keyed by the releases' contents; a changed archive traces again."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from kb.history_cache import CACHE_NAME, load_history
from tests.test_history import R2020, R2021, R2022, release, release_text


def write_archive(folder: Path) -> Path:
    folder.mkdir()
    for day, body in ((date(2020, 1, 1), R2020), (date(2021, 1, 1), R2021)):
        (folder / f"{day.isoformat()}.txt").write_bytes(release_text(day, body))
    current = folder.parent / "current.txt"
    current.write_bytes(release_text(date(2022, 1, 1), R2022))
    return current


def test_a_second_load_reads_the_cache_and_gives_the_same_history(tmp_path: Path) -> None:
    current_file = write_archive(tmp_path / "archive")
    current = release(date(2022, 1, 1), R2022)
    first, _ = load_history(tmp_path / "archive", current, current_file, tmp_path / "cache")
    assert (tmp_path / "cache" / CACHE_NAME).is_file()
    second, _ = load_history(tmp_path / "archive", current, current_file, tmp_path / "cache")
    assert second.releases == first.releases and second.lineages == first.lineages
    assert [v.number for v in second.of("102.1a")] == ["101.1a", "101.1a", "102.1a"]


def test_a_changed_release_file_traces_again(tmp_path: Path) -> None:
    current_file = write_archive(tmp_path / "archive")
    current = release(date(2022, 1, 1), R2022)
    load_history(tmp_path / "archive", current, current_file, tmp_path / "cache")
    cache = tmp_path / "cache" / CACHE_NAME
    key = json.loads(cache.read_text())["key"]
    (tmp_path / "archive" / "2019-01-01.txt").write_bytes(release_text(date(2019, 1, 1), R2020))
    history, _ = load_history(tmp_path / "archive", current, current_file, tmp_path / "cache")
    assert history.releases[0].name == "2019-01-01"
    assert json.loads(cache.read_text())["key"] != key


def test_a_damaged_cache_file_is_traced_again(tmp_path: Path) -> None:
    current_file = write_archive(tmp_path / "archive")
    current = release(date(2022, 1, 1), R2022)
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / CACHE_NAME).write_text("{not json")
    history, _ = load_history(tmp_path / "archive", current, current_file, tmp_path / "cache")
    assert len(history.releases) == 3
