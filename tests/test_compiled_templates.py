"""Compiled templates kept between builds (kb/compiled_templates.py): reused, and never stale."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from kb.compiled_templates import CompiledTemplates


def environment(templates: dict[str, str], cache: CompiledTemplates) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.DictLoader(templates), bytecode_cache=cache)


@pytest.fixture
def compiled(monkeypatch) -> list:
    """Each template Jinja compiles from here on."""
    seen: list = []
    original = jinja2.Environment.compile
    monkeypatch.setattr(jinja2.Environment, "compile", lambda self, *a, **k: seen.append(a) or original(self, *a, **k))
    return seen


def test_a_later_environment_reuses_the_code_and_an_edit_is_compiled_anew(compiled):
    cache = CompiledTemplates({}, None)
    assert environment({"page.md": "one {{ x }}"}, cache).get_template("page.md").render(x=1) == "one 1"
    assert len(compiled) == 1
    # Another project's copy of the same template: the code is reused, nothing is compiled.
    assert environment({"page.md": "one {{ x }}"}, cache).get_template("page.md").render(x=2) == "one 2"
    assert len(compiled) == 1
    # The template edited: its new text is what renders.
    assert environment({"page.md": "two {{ x }}"}, cache).get_template("page.md").render(x=3) == "two 3"
    assert len(compiled) == 2


def test_the_next_process_reads_the_code_from_the_work_folder(compiled, tmp_path: Path):
    # A new process starts with nothing in memory: the folder is what it finds.
    assert environment({"page.md": "one {{ x }}"}, CompiledTemplates({}, tmp_path)).get_template("page.md").render(x=1) == "one 1"
    assert len(compiled) == 1 and len(list(tmp_path.iterdir())) == 1
    assert environment({"page.md": "one {{ x }}"}, CompiledTemplates({}, tmp_path)).get_template("page.md").render(x=2) == "one 2"
    assert len(compiled) == 1
    # Edited since: compiled anew, and the file holds the new code.
    assert environment({"page.md": "two {{ x }}"}, CompiledTemplates({}, tmp_path)).get_template("page.md").render(x=3) == "two 3"
    assert environment({"page.md": "two {{ x }}"}, CompiledTemplates({}, tmp_path)).get_template("page.md").render(x=4) == "two 4"
    assert len(compiled) == 2


@pytest.mark.parametrize(
    "damage",
    [None, b"not a cache file", b"\x00" * 40, jinja2.bccache.bc_magic + b"garbage", jinja2.bccache.bc_magic],
    ids=["cut in half", "another file", "zeros", "garbage after the header", "the header alone"],
)
def test_a_damaged_file_is_compiled_anew_and_replaced(compiled, tmp_path: Path, damage: bytes | None):
    environment({"page.md": "one {{ x }}"}, CompiledTemplates({}, tmp_path)).get_template("page.md")
    [kept] = tmp_path.iterdir()
    good = kept.read_bytes()
    kept.write_bytes(good[: len(good) // 2] if damage is None else damage)
    assert environment({"page.md": "one {{ x }}"}, CompiledTemplates({}, tmp_path)).get_template("page.md").render(x=5) == "one 5"
    assert len(compiled) == 2 and kept.read_bytes() == good


def test_a_folder_that_cannot_be_written_only_costs_time(compiled, tmp_path: Path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would be")
    cache = CompiledTemplates({}, blocked / "templates")
    assert environment({"page.md": "one {{ x }}"}, cache).get_template("page.md").render(x=1) == "one 1"
    # Still kept in memory for the next build of this process.
    assert environment({"page.md": "one {{ x }}"}, cache).get_template("page.md").render(x=2) == "one 2"
    assert len(compiled) == 1 and blocked.read_text() == "a file where the folder would be"
