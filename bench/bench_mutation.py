"""Mutation testing of the rules engine: do the engine tests and the examples notice a small bug?

    .venv/bin/python bench/bench_mutation.py                # every mutant of kb/engine/
    .venv/bin/python bench/bench_mutation.py --sample 200   # a random sample (seeded), for a quicker run

A small AST mutator of our own (mutmut's copy-the-project runner does not fit the editable install and
the examples that live in content/): each mutant flips one comparison (== / !=, < / <=, in / not in,
is / is not), one boolean operator (and / or), drops one `not`, swaps True / False, turns + into -, or
adds one to a small integer constant. Strings, docstrings, annotations and decorator arguments (the
rule numbers) are left alone. For each mutant the repository is copied once to a scratch directory,
the one mutated module is written there, and the engine tests plus the content examples run in a
forked process (`pytest -x`): a mutant is killed when they fail. Prints the share killed and every
survivor (file:line, what changed). Not part of the test suite: it takes minutes.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
ENGINE = REPO / "kb" / "engine"
# The shipped cards' facts against the real card data come last: loading the data is slow, and with -x it
# only runs for a mutant the other tests missed.
TESTS = ["tests/engine", "tests/test_examples.py", "tests/test_card_definitions.py", "tests/test_shipped_cards.py"]
TIMEOUT = 300  # seconds per mutant
SELECT = "not ablating"  # the ablation test re-runs every example per rule: slow, and the examples already run

SWAPS: dict[type, type] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.And: ast.Or,
    ast.Or: ast.And,
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
}


@dataclass(frozen=True)
class Mutant:
    path: Path  # the module, relative to the repository
    index: int  # which mutation point of the module
    line: int
    change: str


def _skipped(tree: ast.Module) -> set[int]:
    """Nodes never mutated: annotations, docstrings, decorator arguments (rule numbers, summaries)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        parts: list[ast.AST] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            parts += node.decorator_list + [a.annotation for a in node.args.args if a.annotation]
            parts += [node.returns] if node.returns else []
        if isinstance(node, ast.AnnAssign):
            parts.append(node.annotation)
        if isinstance(node, ast.ClassDef):
            parts += node.decorator_list
        for part in parts:
            skip.update(id(n) for n in ast.walk(part))
    return skip


def _points(tree: ast.Module) -> Iterator[tuple[ast.AST, str, int]]:
    """Every mutation point: (node, description, line)."""
    skip = _skipped(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for op in node.ops:
                if type(op) in SWAPS:
                    yield op, f"{type(op).__name__} -> {SWAPS[type(op)].__name__}", node.lineno
        elif isinstance(node, ast.BoolOp) or (isinstance(node, ast.BinOp) and type(node.op) in (ast.Add, ast.Sub)):
            yield node.op, f"{type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}", node.lineno
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "drop `not`", node.lineno
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            yield node, f"{node.value} -> {not node.value}", node.lineno
        elif isinstance(node, ast.Constant) and type(node.value) is int and 0 <= node.value <= 10:
            yield node, f"{node.value} -> {node.value + 1}", node.lineno


class _Apply(ast.NodeTransformer):
    def __init__(self, target: ast.AST) -> None:
        self.target = target

    def generic_visit(self, node: ast.AST) -> ast.AST:
        node = super().generic_visit(node)
        for field, value in ast.iter_fields(node):
            if value is self.target:
                setattr(node, field, _mutated(value))
            elif isinstance(value, list):
                setattr(node, field, [_mutated(v) if v is self.target else v for v in value])
        if isinstance(node, ast.UnaryOp) and node is self.target:
            return node.operand
        return node


def _mutated(node: ast.AST) -> ast.AST:
    if type(node) in SWAPS:
        return SWAPS[type(node)]()
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return ast.Constant(not node.value)
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return ast.Constant(node.value + 1)
    return node


def mutants(root: Path = REPO) -> list[Mutant]:
    found = []
    for path in sorted((root / ENGINE.relative_to(REPO)).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for index, (_, change, line) in enumerate(_points(tree)):
            found.append(Mutant(path.relative_to(root), index, line, change))
    return found


def mutated_source(root: Path, mutant: Mutant) -> str:
    tree = ast.parse((root / mutant.path).read_text(encoding="utf-8"))
    target = list(_points(tree))[mutant.index][0]
    if isinstance(target, ast.UnaryOp):  # dropping `not` replaces the node in its parent
        _Apply(target).visit(tree)
    else:
        for parent in ast.walk(tree):
            for field, value in ast.iter_fields(parent):
                if value is target:
                    setattr(parent, field, _mutated(value))
                elif isinstance(value, list) and any(v is target for v in value):
                    setattr(parent, field, [_mutated(v) if v is target else v for v in value])
    return ast.unparse(ast.fix_missing_locations(tree))


def _scratch_copy() -> Path:
    """A copy of the repository beside a link to the real data (tests find it at ../shared, as in a worktree)."""
    root = Path(tempfile.mkdtemp(prefix="kb-mutation-")) / "repo"
    for name in ("kb", "tests", "content", "examples", "templates"):
        shutil.copytree(REPO / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    if (REPO.parent / "shared").is_dir():
        (root.parent / "shared").symlink_to(REPO.parent / "shared")
    return root


def killed(root: Path, mutant: Mutant) -> bool:
    """Run the tests against the mutant in a forked process; True when they fail."""
    target = root / mutant.path
    original = target.read_text(encoding="utf-8")
    target.write_text(mutated_source(root, mutant), encoding="utf-8")
    try:
        pid = os.fork()
        if pid == 0:  # the child imports the scratch copy of kb, never the real one
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
            sys.path.insert(0, str(root))
            os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
            signal.alarm(TIMEOUT)  # a mutant that loops forever is caught: the tests never finish
            options = ["-x", "-q", "-p", "no:cacheprovider", "-k", SELECT, "--rootdir", str(root)]
            code = pytest.main([*options, *(str(root / t) for t in TESTS)])
            os._exit(int(code))
        _, status = os.waitpid(pid, 0)
        return os.waitstatus_to_exitcode(status) != 0
    finally:
        target.write_text(original, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=int, help="test only this many mutants, chosen at random")
    parser.add_argument("--seed", type=int, default=11, help="the sample's random seed (default 11)")
    args = parser.parse_args()
    if "kb" in sys.modules:
        raise SystemExit("run this as a script: kb must not be imported before the mutants are")
    root = _scratch_copy()  # a snapshot: the working tree may change while the mutants run
    everything = mutants(root)
    chosen = (
        everything
        if not args.sample
        else sorted(
            random.Random(args.seed).sample(everything, min(args.sample, len(everything))), key=lambda m: (m.path, m.index)
        )
    )
    started = time.perf_counter()
    survivors = []
    try:
        for number, mutant in enumerate(chosen, 1):
            if not killed(root, mutant):
                survivors.append(mutant)
            print(f"\r{number}/{len(chosen)} mutants, {len(survivors)} survived", end="", file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(root.parent, ignore_errors=True)
    print(file=sys.stderr)
    share = 1 - len(survivors) / len(chosen) if chosen else 1.0
    print(f"mutants of kb/engine/: {len(everything)}; tested: {len(chosen)} ({time.perf_counter() - started:.0f} s)")
    print(f"killed: {len(chosen) - len(survivors)}/{len(chosen)} = {share:.1%} (target 85%)")
    for mutant in survivors:
        print(f"survivor: {mutant.path}:{mutant.line}: {mutant.change}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
