"""Every ruling's executable example holds on the engine, and really depends on the rules it names."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from kb.card_definitions import engine_definitions
from kb.engine.cards.definitions import CardDef
from kb.examples import ablation, run_example
from kb.model import Example, Origin, Ruling
from kb.sources.content import load_content

CONTENT = Path(__file__).resolve().parents[1] / "content"


@cache
def rulings() -> tuple[Ruling, ...]:
    return load_content(CONTENT).rulings


@cache
def declared_cards() -> tuple[CardDef, ...]:
    """The engine definitions authors declared in content/cards/."""
    return tuple(engine_definitions(load_content(CONTENT).cards))


def content_examples() -> list[Example]:
    return [r.example for r in rulings() if r.example is not None]


def test_every_ruling_has_an_example() -> None:
    missing = [r.id for r in rulings() if r.example is None]
    assert missing == []
    assert len(content_examples()) >= 24 + 12  # the seed rulings, and at least 12 on cards declared in content/


@pytest.mark.parametrize("example", content_examples(), ids=lambda e: e.id)
def test_content_example_passes(example: Example) -> None:
    result = run_example(example, cards=declared_cards())
    assert result.passed, f"{result.origin}: {result.message}"
    assert set(example.rules) <= set(result.rules_exercised)


def test_ablating_any_claimed_rule_fails_every_example_that_names_it() -> None:
    report = ablation(content_examples(), cards=declared_cards())
    assert report.not_run == ()
    assert report.survivors == (), [f"{s.rule} survives in {s.example_id}" for s in report.survivors]
    assert report.kill_rate == 1.0
    assert {"302.6", "400.7"} <= {run.rule for run in report.runs}


# -- the runner's own failure kinds ----------------------------------------------------------------


def make(code: str, rules: tuple[str, ...] = ("302.6",)) -> Example:
    return Example("unit", code, rules, Origin("content/unit.yaml", 10))


SICK_ELVES = """\
from kb.engine import Game, expect_illegal
game = Game()
alice, bob = game.players
elves = game.battlefield_add("Llanowar Elves", alice)
"""


def test_a_good_example_passes_and_reports_exercised_rules() -> None:
    result = run_example(
        make(SICK_ELVES + 'with expect_illegal(code="summoning-sick"):\n    game.activate_mana_ability(elves)\n')
    )
    assert result.passed, result.message
    assert "302.6" in result.rules_exercised
    assert result.message == ""


def test_an_example_that_checks_nothing_fails() -> None:
    result = run_example(make(SICK_ELVES + "game.tap(elves)\n"))
    assert not result.passed
    assert "checks nothing" in result.message


def test_a_claimed_rule_never_exercised_fails() -> None:
    code = SICK_ELVES + "assert elves.zone == 'battlefield'\n"
    result = run_example(make(code, rules=("302.6",)))
    assert not result.passed
    assert "never exercised" in result.message and "302.6" in result.message


def test_a_claimed_rule_the_engine_does_not_implement_fails() -> None:
    result = run_example(make(SICK_ELVES + "assert True\n", rules=("999.9",)))
    assert not result.passed
    assert "implements no rule 999.9" in result.message


def test_a_refusal_for_another_reason_fails_and_points_at_the_line() -> None:
    code = SICK_ELVES + 'with expect_illegal(code="already-tapped"):\n    game.activate_mana_ability(elves)\n'
    result = run_example(make(code))
    assert not result.passed
    assert "different reason" in result.message and "summoning-sick" in result.message
    assert result.origin == Origin("content/unit.yaml", 14)  # the `with expect_illegal` line


def test_a_failing_print_check_fails_at_the_print_line() -> None:
    code = SICK_ELVES + "print(elves.tapped)\n#> True\n"
    result = run_example(make(code, rules=("302.6",)))
    assert not result.passed
    assert "print check failed" in result.message and "'True'" in result.message and "'False'" in result.message
    assert result.origin == Origin("content/unit.yaml", 14)  # the print line


def test_a_failing_assert_points_at_its_line() -> None:
    code = SICK_ELVES + "assert elves.tapped, 'elves should be tapped'\n"
    result = run_example(make(code))
    assert not result.passed
    assert result.message == "assertion failed: elves should be tapped"
    assert result.origin == Origin("content/unit.yaml", 14)


def test_an_unknown_card_fails_with_a_suggestion() -> None:
    code = 'from kb.engine import Game\ngame = Game()\ncard = game.hand_add("Llanowar Elfs", game.players[0])\nassert card\n'
    result = run_example(make(code))
    assert not result.passed
    assert result.message.startswith("unknown card:") and "Llanowar Elves" in result.message
    assert result.origin.line == 12


def test_an_example_that_raises_fails() -> None:
    result = run_example(make(SICK_ELVES + "game.resolve()\nassert True\n"))
    assert not result.passed
    assert result.message.startswith("raised EngineError")


def test_an_ablated_rule_makes_its_example_fail() -> None:
    code = SICK_ELVES + 'with expect_illegal(code="summoning-sick"):\n    game.activate_mana_ability(elves)\n'
    assert run_example(make(code)).passed
    result = run_example(make(code), ablate=frozenset({"302.6"}))
    assert not result.passed
    assert "was allowed" in result.message


# -- what counts as a kill --------------------------------------------------------------------------


def test_a_crash_with_the_rule_off_is_not_a_kill() -> None:
    code = SICK_ELVES + (
        "from kb.engine import IllegalAction\n"
        "try:\n"
        "    game.activate_mana_ability(elves)\n"
        "    raise RuntimeError('the elves tapped')  # reached only with rule 302.6 off\n"
        "except IllegalAction:\n"
        "    pass\n"
        "assert True\n"
    )
    assert run_example(make(code)).passed
    outcome = run_example(make(code), ablate=frozenset({"302.6"}))
    assert not outcome.passed and outcome.outcome == "error"
    report = ablation([make(code)], ["302.6"])
    assert [run.killed for run in report.runs] == [False]


def test_a_failed_check_is_a_kill_and_a_failed_print_before_a_crash_counts() -> None:
    code = SICK_ELVES + 'with expect_illegal(code="summoning-sick"):\n    game.activate_mana_ability(elves)\n'
    assert run_example(make(code), ablate=frozenset({"302.6"})).outcome == "check failed"
    printed = SICK_ELVES + "game.tap(elves)\nprint(elves.tapped)\n#> False\ngame.resolve()\n"
    outcome = run_example(make(printed, rules=("400.7",)))
    assert outcome.outcome == "check failed" and "print check failed" in outcome.message


def test_a_play_that_must_be_legal_is_a_check() -> None:
    code = SICK_ELVES + "from kb.engine import expect_legal\nwith expect_legal():\n    game.activate_mana_ability(elves)\n"
    outcome = run_example(make(code))
    assert outcome.outcome == "check failed" and "summoning-sick" in outcome.message
