"""Running and judging executable examples against the bundled rules engine.

An example passes only if it runs, every `assert` and print check (`print(x)`
followed by `#> expected` lines, as in pytest-examples) holds, each expected
refusal is refused for the stated reason, and every rule it claims was really
exercised by the engine. An example with nothing to check fails: no example
passes vacuously. `ablation()` then switches each implemented rule off in turn
and checks that every example naming that rule now fails *through one of its own
checks* (an assert, a print check, `expect_illegal` or `expect_legal`): an
example that merely crashes with the rule off does not count as killed.

Example code is only ever code written in `content/` and `examples/`; it is run
with `exec` in a fresh namespace. Imported third-party text is never executed.
"""

from __future__ import annotations

import ast
import sys
import time
import traceback
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kb.card_definitions import engine_definitions
from kb.engine import NotRefused, UnknownCard, WronglyRefused, WrongRefusal, ablated, implemented_rules, tracking
from kb.engine.cards import declared
from kb.engine.cards.definitions import CardDef
from kb.errors import KbError
from kb.model import Example, Origin

PASSED, CHECK_FAILED, ERROR = "passed", "check failed", "error"


@dataclass(frozen=True)
class ExampleResult:
    example_id: str
    passed: bool
    rules_claimed: tuple[str, ...]
    rules_exercised: tuple[str, ...]
    message: str  # why it failed; '' when it passed
    origin: Origin  # the failing line, or the example's first line
    seconds: float
    outcome: str = PASSED  # PASSED, CHECK_FAILED (one of its own checks failed) or ERROR (anything else)
    reused: bool = False  # passed before with exactly the same inputs, so not run again (kb.example_cache)


@dataclass(frozen=True)
class AblationRun:
    rule: str
    example_id: str
    killed: bool  # one of the example's own checks failed with the rule switched off
    message: str  # why the example failed (or crashed) with the rule switched off


@dataclass(frozen=True)
class AblationReport:
    runs: tuple[AblationRun, ...]
    not_run: tuple[str, ...] = ()  # examples that fail even with every rule on
    untested_rules: tuple[str, ...] = ()  # implemented rules that no example claims

    @property
    def kill_rate(self) -> float:
        return sum(r.killed for r in self.runs) / len(self.runs) if self.runs else 1.0

    @property
    def survivors(self) -> tuple[AblationRun, ...]:
        return tuple(r for r in self.runs if not r.killed)


@dataclass
class _PrintCheck:
    line: int  # line of the print call, 1-based within the example code
    expected: list[str]
    seen: list[str] = field(default_factory=list)


def _print_checks(tree: ast.Module, lines: list[str]) -> dict[int, _PrintCheck]:
    """Every `print(...)` statement followed by `#>` lines, keyed by the print's first line."""
    checks: dict[int, _PrintCheck] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", None) == "print":
            expected, index = [], node.end_lineno or node.lineno  # index of the line after the call (0-based)
            while index < len(lines) and lines[index].strip().startswith("#>"):
                expected.append(lines[index].strip()[2:].removeprefix(" "))
                index += 1
            if expected:
                checks[node.lineno] = _PrintCheck(node.lineno, expected)
    return checks


def _checks_something(tree: ast.Module, print_checks: dict[int, _PrintCheck]) -> bool:
    """An assert, a print check, or an `expect_illegal`/`pytest.raises` block counts as checking something."""
    if print_checks:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.With):
            for item in node.items:
                call = item.context_expr
                name = getattr(getattr(call, "func", None), "id", None) or getattr(getattr(call, "func", None), "attr", None)
                if name in ("expect_illegal", "expect_legal", "raises"):
                    return True
    return False


def _line_of_failure(filename: str, error: BaseException) -> int:
    """The last line of the example's own code in the traceback (0 if none)."""
    line = 0
    for frame, lineno in traceback.walk_tb(error.__traceback__):
        if frame.f_code.co_filename == filename:
            line = lineno
    return line


def _at(example: Example, line: int) -> Origin:
    return Origin(example.origin.path, example.origin.line + line - 1) if line else example.origin


def run_example(example: Example, ablate: frozenset[str] = frozenset(), cards: Sequence[CardDef] = ()) -> ExampleResult:
    """Run one example (with the rules in `ablate` switched off) and judge it; `cards` are the definitions
    declared in content/, the example's own declared cards are added to them."""
    started = time.perf_counter()
    claimed = tuple(example.rules)
    exercised: set[str] = set()

    def result(passed: bool, message: str = "", line: int = 0, outcome: str = ERROR) -> ExampleResult:
        return ExampleResult(
            example.id,
            passed,
            claimed,
            tuple(sorted(exercised)),
            message,
            _at(example, line),
            time.perf_counter() - started,
            PASSED if passed else outcome,
        )

    try:
        tree = ast.parse(example.code)
    except SyntaxError as error:
        return result(False, f"the example is not valid Python: {error.msg}", error.lineno or 0)
    lines = example.code.splitlines()
    checks = _print_checks(tree, lines)
    if not _checks_something(tree, checks):
        return result(False, "the example checks nothing: add an assert, a print check (#>) or expect_illegal")
    if not claimed:
        return result(False, "the example names no rule it demonstrates")
    known = implemented_rules()
    unknown = [r for r in claimed if r not in known]
    if unknown:
        return result(False, f"the engine implements no rule {', '.join(unknown)}, so the example can't demonstrate it")

    try:
        own_cards = engine_definitions(example.cards)
    except KbError as error:
        return result(False, str(error))
    filename = f"<example {example.id}>"

    def capture(*args: Any, sep: str = " ", end: str = "\n", **_: Any) -> None:
        caller = sys._getframe(1)
        text = sep.join(str(a) for a in args)
        check = checks.get(caller.f_lineno) if caller.f_code.co_filename == filename else None
        if check is not None:
            check.seen.extend(text.split("\n"))

    namespace: dict[str, Any] = {"__name__": f"kb_example_{example.id}", "print": capture}
    try:
        with declared([*cards, *own_cards]), ablated(ablate), tracking() as exercised:
            exec(compile(example.code, filename, "exec"), namespace)
    except UnknownCard as error:
        return result(False, f"unknown card: {error}", _line_of_failure(filename, error))
    except WrongRefusal as error:
        return result(False, f"refused for a different reason: {error}", _line_of_failure(filename, error), CHECK_FAILED)
    except AssertionError as error:
        line = _line_of_failure(filename, error)
        own = isinstance(error, (NotRefused, WronglyRefused)) or _raised_in(filename, error)
        text = f"assertion failed: {error}" if str(error) else "assertion failed"
        return result(False, text, line, CHECK_FAILED if own else ERROR)
    except Exception as error:
        failed = _first_failed_print(checks, complete=False)
        if failed is not None:  # a print check had already failed before the example crashed
            return result(False, _print_failure(failed), failed.line, CHECK_FAILED)
        return result(False, f"raised {type(error).__name__}: {error}", _line_of_failure(filename, error))
    failed = _first_failed_print(checks, complete=True)
    if failed is not None:
        return result(False, _print_failure(failed), failed.line, CHECK_FAILED)
    missing = [r for r in claimed if r not in exercised]
    if missing:
        return result(False, f"claims rule(s) {', '.join(missing)} but the engine never exercised them")
    return result(True)


def _raised_in(filename: str, error: BaseException) -> bool:
    """Whether the innermost frame of the traceback is the example's own code (its own `assert`)."""
    frames = list(traceback.walk_tb(error.__traceback__))
    return bool(frames) and frames[-1][0].f_code.co_filename == filename


def _first_failed_print(checks: dict[int, _PrintCheck], *, complete: bool) -> _PrintCheck | None:
    """The first print check whose output differs; with `complete=False` only checks that printed
    something that can't become the expected output (the example stopped before the rest)."""
    for check in sorted(checks.values(), key=lambda c: c.line):
        if check.seen == check.expected:
            continue
        if complete or (check.seen and check.seen != check.expected[: len(check.seen)]):
            return check
    return None


def _print_failure(check: _PrintCheck) -> str:
    wanted, got = "\n".join(check.expected), "\n".join(check.seen) or "(nothing printed)"
    return f"print check failed: expected {wanted!r}, got {got!r}"


def ablation(
    examples: Iterable[Example],
    rules: Iterable[str] | None = None,
    cards: Sequence[CardDef] = (),
    passing: Collection[str] = (),
) -> AblationReport:
    """Switch off each rule in turn (every implemented rule, or `rules`); every passing example that names it must now
    fail. The untested rules are those of them that no passing example names. `passing` lists the ids of examples
    already seen to pass with every rule on (by the check that came before), so they are not run for a baseline."""
    wanted = list(rules) if rules is not None else list(implemented_rules())
    # Only an example that names a rule to switch off needs a baseline.
    examples = [e for e in examples if not set(e.rules).isdisjoint(wanted)]
    baseline = {e.id: e.id in passing or run_example(e, cards=cards).passed for e in examples}
    not_run = tuple(sorted(i for i, passed in baseline.items() if not passed))
    by_rule: dict[str, list[Example]] = defaultdict(list)
    for example in examples:
        if baseline[example.id]:
            for rule in example.rules:
                by_rule[rule].append(example)
    runs = []
    for rule in wanted:
        for example in by_rule.get(rule, []):
            outcome = run_example(example, frozenset({rule}), cards)
            runs.append(AblationRun(rule, example.id, outcome.outcome == CHECK_FAILED, outcome.message))
    untested = tuple(r for r in wanted if r not in by_rule)
    return AblationReport(tuple(runs), not_run, untested)
