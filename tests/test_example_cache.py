"""Passed examples are remembered between builds, and only while nothing that decides their verdict has changed."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from kb import example_cache
from kb.build import Settings, load_knowledge_base
from kb.example_runs import examples_of, run_examples
from kb.model import EnginePart, Origin

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def kb():
    return load_knowledge_base(Settings(content=REPO / "content", templates=REPO / "templates"))


@pytest.fixture(scope="module")
def first_run(kb, tmp_path_factory: pytest.TempPathFactory):
    """Every example run once with an empty cache folder: the folder (copy it to change it) and the report."""
    folder = tmp_path_factory.mktemp("passes")
    return folder, run_examples(kb, kept=folder)


def _verdicts(report) -> dict[str, tuple]:
    return {i: (r.passed, r.rules_claimed, r.rules_exercised, r.message, r.origin, r.outcome) for i, r in report.results.items()}


def test_a_second_run_gives_the_same_report_without_running_anything(kb, first_run, monkeypatch):
    kept, first = first_run
    assert len(list(kept.glob("*.json"))) == len(examples_of(kb)) == len(first.results)
    assert not any(result.reused for result in first.results.values())

    def never(*args, **kwargs):
        raise AssertionError("an unchanged example was run again")

    monkeypatch.setattr("kb.example_runs.run_example", never)
    second = run_examples(kb, kept=kept)
    assert _verdicts(second) == _verdicts(first)
    assert all(result.reused for result in second.results.values())
    assert second.exercised_by == first.exercised_by


def test_an_edited_example_runs_again_and_its_failure_is_not_kept(kb, first_run, tmp_path: Path):
    shutil.copytree(first_run[0], tmp_path, dirs_exist_ok=True)
    ruling = next(r for r in kb.rulings.values() if r.example is not None)
    broken = dataclasses.replace(ruling.example, code=ruling.example.code + "\nassert False, 'edited'\n")
    kb.rulings[ruling.id] = dataclasses.replace(ruling, example=broken)
    try:
        report = run_examples(kb, kept=tmp_path)
        assert not report.results[broken.id].passed and "edited" in report.results[broken.id].message
        assert len(list(tmp_path.glob("*.json"))) == len(examples_of(kb))  # the old text's pass stays; the failure adds none
        assert not run_examples(kb, kept=tmp_path).results[broken.id].passed
    finally:
        kb.rulings[ruling.id] = ruling


def test_a_changed_engine_or_declared_card_is_a_new_key(kb, tmp_path: Path, monkeypatch):
    example = examples_of(kb)[0]
    cards = list(kb.cards.values())
    kept = example_cache.ExampleCache(tmp_path, cards)
    kept.put(run_examples(kb, only={example.id}).results[example.id], example)
    assert kept.get(example) is not None
    declared = next(c for c in cards if c.engine is not None)
    edited = [dataclasses.replace(declared, oracle_text=declared.oracle_text + " ") if c is declared else c for c in cards]
    assert example_cache.ExampleCache(tmp_path, edited).get(example) is None
    monkeypatch.setattr(example_cache, "_judge_digest", lambda: "another engine")
    assert example_cache.ExampleCache(tmp_path, cards).get(example) is None


def _moved(value):
    """`value` with every file it names under another folder, and every line one further down: the project moved."""
    if isinstance(value, Origin):
        return Origin(f"/elsewhere/{value.path}", value.line + 1)
    if dataclasses.is_dataclass(value):
        changes = {f.name: _moved(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        if isinstance(value, EnginePart):
            changes["lines"] = tuple((path, line + 1) for path, line in value.lines)
        return dataclasses.replace(value, **changes)
    if isinstance(value, tuple):
        return tuple(_moved(item) for item in value)
    return value


def test_a_moved_project_reuses_its_passes(kb, tmp_path: Path):
    # Only a failure names its file and line, and failures are never kept: where a record is written is no input.
    example = next(e for e in examples_of(kb) if e.cards)  # one that declares cards of its own: their places move too
    cards = list(kb.cards.values())
    kept = example_cache.ExampleCache(tmp_path, cards)
    kept.put(run_examples(kb, only={example.id}).results[example.id], example)
    moved_cards = [_moved(card) for card in cards]
    assert moved_cards != cards and _moved(example) != example
    reused = example_cache.ExampleCache(tmp_path, moved_cards).get(_moved(example))
    assert reused is not None and reused.origin == _moved(example).origin  # reported where it is now
    edited = dataclasses.replace(_moved(example), code=example.code + "\n")
    assert example_cache.ExampleCache(tmp_path, moved_cards).get(edited) is None


def test_the_engine_source_is_part_of_the_key():
    judged = {path.name for root in example_cache.JUDGED_BY for path in (root.rglob("*") if root.is_dir() else [root])}
    assert {"game.py", "state_based.py", "examples.py", "card_definitions.py"} <= judged


def test_an_edited_shipped_card_is_a_new_key(tmp_path: Path, monkeypatch):
    engine = tmp_path / "engine"
    (engine / "cards").mkdir(parents=True)
    (engine / "game.py").write_text("RULES = 1\n")
    shipped = engine / "cards" / "shipped.yaml"
    shipped.write_text("- name: Grizzly Bears\n  power: '2'\n")
    monkeypatch.setattr(example_cache, "KB", tmp_path)
    monkeypatch.setattr(example_cache, "JUDGED_BY", (engine,))
    before = example_cache._judge_digest.__wrapped__()
    shipped.write_text("- name: Grizzly Bears\n  power: '3'\n")
    assert example_cache._judge_digest.__wrapped__() != before
    assert (REPO / "kb" / "engine" / "cards" / "shipped.yaml").is_file(), "the shipped cards moved: update JUDGED_BY"


def test_kb_check_reuses_passes_says_so_and_no_cache_runs_every_one(project: Path, tmp_path: Path, monkeypatch, capsys):
    from kb.cli import main

    monkeypatch.setenv("KB_CACHE_DIR", str(tmp_path / "cache"))
    assert main(["check"]) == 0
    first = capsys.readouterr().out
    assert "not rerun" not in first and "not run again" not in first
    total = int(first.split(" examples passed")[0].rsplit(" ", 1)[1])

    assert main(["check"]) == 0
    second = capsys.readouterr().out
    assert f"{total} of {total} examples passed before with exactly the same inputs and were not run again" in second
    assert second.count("  not rerun\n") == total  # the table's time column

    assert main(["check", "--no-cache"]) == 0
    again = capsys.readouterr().out
    assert "not rerun" not in again and "not run again" not in again and f"{total} examples passed" in again
