"""Compiled templates kept between builds (kb/compiled_templates.py): reused, and never stale."""

from __future__ import annotations

import jinja2

from kb.compiled_templates import CompiledTemplates


def environment(templates: dict[str, str], cache: CompiledTemplates) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.DictLoader(templates), bytecode_cache=cache)


def test_a_later_environment_reuses_the_code_and_an_edit_is_compiled_anew(monkeypatch):
    cache = CompiledTemplates()
    assert environment({"page.md": "one {{ x }}"}, cache).get_template("page.md").render(x=1) == "one 1"
    compiled = []
    original = jinja2.Environment.compile
    monkeypatch.setattr(jinja2.Environment, "compile", lambda self, *a, **k: compiled.append(a) or original(self, *a, **k))
    # Another project's copy of the same template: the code is reused, nothing is compiled.
    assert environment({"page.md": "one {{ x }}"}, cache).get_template("page.md").render(x=2) == "one 2"
    assert compiled == []
    # The template edited: its new text is what renders.
    assert environment({"page.md": "two {{ x }}"}, cache).get_template("page.md").render(x=3) == "two 3"
    assert len(compiled) == 1
