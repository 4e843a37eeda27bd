"""kb rules-stats on one file, on a folder of releases, and on a release cut short."""

from __future__ import annotations

import json
from pathlib import Path

from kb.cli import main

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "cr" / "mini.txt"


def test_one_file_gives_one_object(capsys) -> None:
    assert main(["rules-stats", str(MINI)]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["effective_date"] == "2025-09-19" and stats["notes"] == [] and stats["truncated_at"] is None


def test_a_folder_gives_each_release_with_its_notes_and_warns_about_one_cut_short(tmp_path: Path, capsys) -> None:
    text = MINI.read_text(encoding="utf-8")
    (tmp_path / "2025-09-19.txt").write_text(text.replace("700.1. The last", "700.1.The last"), encoding="utf-8")
    (tmp_path / "2013-02-01.txt").write_text(text[: text.index("Player\n") + len("Player\n")], encoding="utf-8")
    assert main(["rules-stats", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    stats = json.loads(captured.out)
    assert sorted(stats) == ["2013-02-01.txt", "2025-09-19.txt"]
    assert stats["2025-09-19.txt"]["notes"] == [{"origin": f"{tmp_path / '2025-09-19.txt'}:58", "text": "no space after 700.1."}]
    assert stats["2013-02-01.txt"]["truncated_at"] == f"{tmp_path / '2013-02-01.txt'}:71"
    assert stats["2013-02-01.txt"]["unparsed_lines"] == 0
    assert captured.err.splitlines() == [
        f"warning: {tmp_path / '2013-02-01.txt'}:71: truncated Comprehensive Rules, imported up to here "
        "(download the complete file from https://magic.wizards.com/en/rules)"
    ]
