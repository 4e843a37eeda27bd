"""kb search in a terminal: a title line and a one-line snippet per result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.cli import main


def test_each_result_is_a_title_line_and_a_snippet_line(index: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["search", "--index", str(index), "--limit", "3", "summoning", "sickness"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # Only two records of the small knowledge base match: the glossary term and the rule it points to.
    assert len(lines) == 4
    assert lines[0].split(maxsplit=1) == ["glossary", "Summoning Sickness Rule"]
    assert lines[2].split(maxsplit=1) == ["rule", "302.6 (Creatures)"]
    assert lines[1].startswith(" " * 9) and "Informal term" in lines[1]
    assert all(len(line) <= 80 and "\x1b" not in line and "\x02" not in line for line in lines)


@pytest.mark.parametrize("query", ['"', "-", "*", "AND", 'mana "abil', "NEAR(", "{name}:"])
def test_odd_queries_exit_cleanly(index: Path, capsys: pytest.CaptureFixture[str], query: str):
    status = main(["search", "--index", str(index), query])
    captured = capsys.readouterr()
    assert status in (0, 1)
    assert "Traceback" not in captured.err
    assert status == 0 or captured.err.startswith("no results for")


def test_search_finds_the_index_through_mkdocs_yml(index: Path, tmp_path: Path, monkeypatch, capsys):
    project = tmp_path / "project"
    (project / "public").mkdir(parents=True)
    index.rename(project / "public" / "kb.sqlite")
    (project / "mkdocs.yml").write_text("site_name: t\nsite_dir: public\n", encoding="utf-8")
    monkeypatch.chdir(project)
    assert main(["search", "605"]) == 0
    assert capsys.readouterr().out.startswith("rule     605. Mana Abilities")


def test_card_names_starting_so_are_suggested_as_on_the_site(index: Path, capsys: pytest.CaptureFixture[str]):
    # "Blade" is in both cards' names; only one starts so, and the site suggests it above the results.
    assert main(["search", "--index", str(index), "Blade of"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "cards: Blade of the Sixth Pride"
    assert main(["search", "--index", str(index), "--json", "laelia, the"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["cards"] == [{"name": "Laelia, the Blade Reforged", "url": "cards/laelia-the-blade-reforged.html"}]
    # One letter suggests nothing, as on the site; nor does a name no card starts with.
    for query in ("b", "sickness"):
        assert main(["search", "--index", str(index), "--json", query]) in (0, 1)
        assert json.loads(capsys.readouterr().out)["cards"] == []
