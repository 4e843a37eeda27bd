"""Mapping a diff of engine code to the rules whose implementation it touched."""

from __future__ import annotations

from pathlib import Path

from kb.changed import PACKAGE_DIR, Changes, _rules_touched, _touched_lines, implemented_in, select
from kb.engine import implemented_rules
from kb.model import Example, Origin, Ruling

SOURCE = """\
from kb.engine.rules_registry import implements


def helper():
    return 1


def _fallback(game):
    return None


@implements("302.6", "summoning sickness", when_ablated=_fallback)
def sick(game):
    # why it is so
    return helper()


@implements("107.5", "tap symbol")
@implements("107.6", "untap symbol")
def symbols(game):
    return 2
"""


def line_of(text: str) -> int:
    return next(i for i, line in enumerate(SOURCE.splitlines(), 1) if text in line)


def test_a_line_inside_a_decorated_function_maps_to_its_rules():
    assert _rules_touched(SOURCE, {line_of("return helper()")}) == {"302.6"}
    assert _rules_touched(SOURCE, {line_of('@implements("107.6"')}) == {"107.5", "107.6"}


def test_a_fallback_maps_to_the_rule_it_stands_in_for():
    assert _rules_touched(SOURCE, {line_of("return None")}) == {"302.6"}


def test_a_helper_or_import_line_maps_to_no_rule_so_everything_runs():
    assert _rules_touched(SOURCE, {line_of("return 1")}) is None
    assert _rules_touched(SOURCE, {1}) is None


def test_blank_and_comment_lines_change_nothing():
    assert _rules_touched(SOURCE, {line_of("# why it is so"), 2, 3}) == set()


def test_hunks_give_removed_old_lines_and_written_new_lines():
    diff = "@@ -3,2 +3,0 @@\n-a\n-b\n@@ -10 +8,3 @@\n-c\n+d\n+e\n+f\n@@ -20,0 +19 @@\n+g\n"
    assert _touched_lines(diff) == ({3, 4, 10}, {8, 9, 10, 19})


def test_the_source_scan_finds_every_rule_the_engine_registers():
    found: set[str] = set()
    for path in sorted(Path(PACKAGE_DIR / "engine").rglob("*.py")):
        found |= implemented_in(path.read_text(encoding="utf-8"))
    assert found == set(implemented_rules())


def test_selection_follows_the_example_file_the_card_file_and_the_changed_rules(tmp_path: Path):
    def ruling(rid: str, path: str, card: str | None, rules: tuple[str, ...]) -> Ruling:
        origin = Origin(str(tmp_path / path), 3)
        return Ruling(rid, "text", origin, card=card, example=Example(rid, "assert True", rules, origin))

    rulings = [
        ruling("in-card-file", "cards/a.yaml", "a", ("100.1",)),
        ruling("apart", "rulings/extra.yaml", "a", ("100.1",)),  # a ruling of card a written in another file
        ruling("claims-302.6", "rulings/costs.yaml", None, ("302.6",)),
        ruling("untouched", "rulings/costs.yaml", None, ("107.5",)),
    ]
    card_files = {"a": tmp_path / "cards" / "a.yaml"}
    by_card = select(rulings, card_files, Changes("HEAD", frozenset({tmp_path / "cards" / "a.yaml"})))
    assert by_card.reasons == {"in-card-file": f"{tmp_path}/cards/a.yaml changed", "apart": "the file of card a changed"}
    by_rule = select(rulings, card_files, Changes("HEAD", frozenset(), frozenset({"302.6"})))
    assert by_rule.reasons == {"claims-302.6": "the implementation of rule 302.6 changed"}
    everything = select(rulings, card_files, Changes("HEAD", frozenset(), everything="kb/examples.py changed"))
    assert everything.run == {"in-card-file", "apart", "claims-302.6", "untouched"}
