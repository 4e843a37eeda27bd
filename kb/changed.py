"""What changed since a git ref, and so which examples `kb check --changed-since REF` must run.

An example runs again when its own file changed, when the file of the card its
ruling belongs to changed, or when it claims a rule whose implementation in
`kb/engine/` changed: the body of a function decorated `@implements(RULE)`, or
of its `when_ablated` fallback. Any other change to the `kb` package (an engine
helper, the example runner) may touch every example, so then all of them run,
and the reason is said.
"""

from __future__ import annotations

import ast
import re
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import kb
from kb.errors import KbError
from kb.model import Ruling

PACKAGE_DIR = Path(kb.__file__).resolve().parent
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", re.MULTILINE)


class GitError(KbError):
    """`--changed-since` cannot be answered: no git repository, or an unknown ref."""


@dataclass(frozen=True)
class Changes:
    ref: str
    files: frozenset[Path]  # every changed, added or deleted file, absolute
    rules: frozenset[str] = frozenset()  # rules whose implementation changed
    everything: str = ""  # why every example must run; '' when a selection is enough


@dataclass(frozen=True)
class Selection:
    run: frozenset[str]  # ids of the examples to run
    reasons: dict[str, str] = field(default_factory=dict)  # example id -> why it runs


def changes_since(ref: str, cwd: Path | None = None, package_dir: Path = PACKAGE_DIR) -> Changes:
    """The files changed in the working tree since `ref`, and the engine rules whose code changed."""
    cwd = (cwd or Path.cwd()).resolve()
    top = Path(
        _git(
            cwd,
            "rev-parse",
            "--show-toplevel",
            error=f"--changed-since: {cwd} is not inside a git repository",
            hint="run kb check in the repository's working tree, or drop --changed-since",
        ).strip()
    )
    _git(cwd, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", error=f"--changed-since: unknown git ref '{ref}'")
    changed = _git(top, "diff", "--name-only", "-z", ref, "--").split("\0")
    untracked = _git(top, "ls-files", "--others", "--exclude-standard", "-z").split("\0")
    files = frozenset(top / name for name in [*changed, *untracked] if name)

    rules: set[str] = set()
    for path in sorted(p for p in files if p.suffix == ".py" and p.is_relative_to(package_dir)):
        shown = path.relative_to(top).as_posix()
        if not path.is_file():
            return Changes(ref, files, frozenset(), f"{shown} was removed")
        new = path.read_text(encoding="utf-8")
        diff = _git(top, "diff", "-U0", ref, "--", shown)
        if diff:
            old_lines, new_lines = _touched_lines(diff)
            old = _git(top, "show", f"{ref}:{shown}") if old_lines else ""
        else:  # untracked: every line is new
            old, old_lines, new_lines = "", set(), set(range(1, new.count("\n") + 2))
        found = [_rules_touched(old, old_lines), _rules_touched(new, new_lines)]
        if None in found:
            return Changes(ref, files, frozenset(), f"{shown} changed outside any rule's implementation")
        rules.update(*found)
    return Changes(ref, files, frozenset(rules))


def select(rulings: Iterable[Ruling], card_files: dict[str, Path], changes: Changes) -> Selection:
    """The examples to run for `changes`; `card_files` maps a card id to its file."""
    reasons: dict[str, str] = {}
    for ruling in rulings:
        example = ruling.example
        if example is None:
            continue
        card_file = card_files.get(ruling.card) if ruling.card else None
        claimed = sorted(set(example.rules) & changes.rules)
        if changes.everything:
            reasons[example.id] = changes.everything
        elif Path(example.origin.path).resolve() in changes.files:
            reasons[example.id] = f"{example.origin.path} changed"
        elif card_file is not None and card_file.resolve() in changes.files:
            reasons[example.id] = f"the file of card {ruling.card} changed"
        elif claimed:
            reasons[example.id] = f"the implementation of rule {', '.join(claimed)} changed"
    return Selection(frozenset(reasons), reasons)


def _git(cwd: Path, *args: str, error: str = "", hint: str = "give a commit, branch or tag of this repository") -> str:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise GitError("--changed-since needs git, and git is not installed") from None
    if done.returncode != 0:
        reason = error or (done.stderr.strip().splitlines() or [f"git {args[0]} failed"])[-1]
        raise GitError(reason, hint=hint)
    return done.stdout


def _touched_lines(diff: str) -> tuple[set[int], set[int]]:
    """The lines a `git diff -U0` removed from the old file and wrote in the new one."""
    old: set[int] = set()
    new: set[int] = set()
    for match in _HUNK.finditer(diff):
        old_start, old_count, new_start, new_count = (int(g) if g else 1 for g in match.groups())
        old.update(range(old_start, old_start + old_count))
        new.update(range(new_start, new_start + new_count))
    return old, new


def implemented_in(source: str) -> set[str]:
    """Every rule that a function in `source` registers with `@implements`."""
    return {rule for _, _, rules in _implementations(source) for rule in rules}


def _rules_touched(source: str, touched: set[int]) -> set[str] | None:
    """The rules whose implementation holds every touched line of `source`; None when one lies outside them all."""
    touched = touched - _quiet_lines(source)
    if not touched:
        return set()
    spans = _implementations(source)
    found: set[str] = set()
    for line in touched:
        covering = [rules for start, end, rules in spans if start <= line <= end]
        if not covering:
            return None
        for rules in covering:
            found |= rules
    return found


def _implementations(source: str) -> list[tuple[int, int, set[str]]]:
    """(first line, last line, rules) of each function decorated `@implements`, and of each `when_ablated` fallback."""
    functions = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    spans: list[tuple[int, int, set[str]]] = []
    fallbacks: dict[str, set[str]] = {}
    for node in functions:
        rules = set()
        for decorator in node.decorator_list:
            rule, fallback = _implements(decorator)
            if rule:
                rules.add(rule)
                if fallback:
                    fallbacks.setdefault(fallback, set()).add(rule)
        if rules:
            spans.append((_first_line(node), node.end_lineno or node.lineno, rules))
    for node in functions:
        if node.name in fallbacks:
            spans.append((_first_line(node), node.end_lineno or node.lineno, fallbacks[node.name]))
    return spans


def _implements(decorator: ast.expr) -> tuple[str, str]:
    """The rule of an `@implements("302.6", …, when_ablated=fallback)` decorator and its fallback's name."""
    if not (isinstance(decorator, ast.Call) and getattr(decorator.func, "id", None) == "implements" and decorator.args):
        return "", ""
    rule = decorator.args[0]
    fallback = next((k.value for k in decorator.keywords if k.arg == "when_ablated"), None)
    return (
        rule.value if isinstance(rule, ast.Constant) and isinstance(rule.value, str) else "",
        fallback.id if isinstance(fallback, ast.Name) else "",
    )


def _first_line(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    return min([node.lineno, *(d.lineno for d in node.decorator_list)])


def _quiet_lines(source: str) -> set[int]:
    """Lines whose change alters no behaviour: blank lines and comments."""
    return {i for i, line in enumerate(source.splitlines(), 1) if not line.strip() or line.lstrip().startswith("#")}
