"""kb check --changed-since REF, in a throwaway git repository holding the project and the kb package."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import BUNDLED

REPO = Path(__file__).resolve().parents[2]


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, timeout=30)


@pytest.fixture
def repo(project: Path) -> Path:
    """The project and the kb package committed in a fresh repository, so engine edits show in its history."""
    root = project
    shutil.copytree(REPO / "kb", root / "kb", ignore=shutil.ignore_patterns("__pycache__"))
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "base")
    return root


def kb_check(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`kb check` run from `root` with the kb package of `root` (so its engine is the one that changed)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("GITHUB_WORKSPACE", None)
    return subprocess.run(
        [sys.executable, "-m", "kb.cli", "check", *args], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def ran(report: dict) -> dict[str, list[str]]:
    """Example id -> its claimed rules, for the examples that ran."""
    return {c["name"]: c["rules"] for c in report["cases"] if c["suite"] == "examples" and c["status"] != "skipped"}


def test_after_editing_one_card_only_its_examples_run(repo: Path):
    card = repo / "content" / "cards" / "rona-disciple-of-gix.yaml"
    edit(card, "You must follow the normal timing", "You must still follow the normal timing")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-am", "reword a Rona ruling")

    done = kb_check(repo, "--changed-since", "HEAD~1", "--format", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert sorted(ran(report)) == [f"rona-disciple-of-gix-2018-04-27-{i}" for i in range(1, 10)]
    assert report["counts"] == {"passed": 3 + 9, "failed": 0, "skipped": BUNDLED.examples - 9, "error": 0}
    skipped = [c for c in report["cases"] if c["status"] == "skipped"]
    assert {c["skipped_because"] for c in skipped} == {"unchanged since HEAD~1"}
    assert f"running 9 of {BUNDLED.examples} examples" in report["notes"][0]

    text = kb_check(repo, "-q", "--changed-since", "HEAD~1")
    assert text.returncode == 0, text.stderr
    assert f"skipped {BUNDLED.examples - 9} example(s) unchanged since HEAD~1: " in text.stdout
    assert (
        f"ok: {BUNDLED.cards} cards, {BUNDLED.rulings} rulings, 9 examples passed, {BUNDLED.examples - 9} skipped" in text.stdout
    )


def test_a_changed_rule_implementation_runs_the_examples_that_claim_it(repo: Path):
    costs = repo / "kb" / "engine" / "costs.py"
    # Uncommitted edits count too: inside the 302.6 function, and inside 107.5's ablation fallback.
    edit(costs, "    if has_haste(permanent):\n        return\n", "    if has_haste(permanent):\n        return None\n")
    edit(costs, 'nothing is checked and nothing taps."""\n', 'nothing is checked and nothing taps."""\n    return None\n')

    done = kb_check(repo, "--changed-since", "HEAD", "--format", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    run = ran(report)
    claiming = {c["name"] for c in report["cases"] if {"302.6", "107.5"} & set(c["rules"])}
    assert run and set(run) == claiming
    assert "rules whose implementation changed: 107.5, 302.6" in report["notes"][0]


def test_a_change_outside_any_rule_runs_everything_and_says_why(repo: Path):
    edit(repo / "kb" / "engine" / "costs.py", "    began = permanent.controller", "    began = (permanent.controller")
    edit(repo / "kb" / "engine" / "costs.py", ".state.turn_began_at\n", ".state.turn_began_at)\n")
    done = kb_check(repo, "--changed-since", "HEAD", "--format", "json")
    report = json.loads(done.stdout)
    assert len(ran(report)) == BUNDLED.examples
    assert report["notes"] == [
        f"changed since HEAD: running all {BUNDLED.examples} examples (kb/engine/costs.py changed outside any rule's implementation)",
        f"CR examples: {BUNDLED.cr_examples} of {BUNDLED.cr_examples} counterparts passed (no Comprehensive Rules loaded)",
    ]


def test_an_unknown_ref_or_no_repository_is_one_line_and_exit_status_2(repo: Path, tmp_path: Path):
    done = kb_check(repo, "--changed-since", "no-such-branch")
    assert done.returncode == 2
    assert done.stderr == (
        "error: --changed-since: unknown git ref 'no-such-branch' (give a commit, branch or tag of this repository)\n"
    )
    shutil.rmtree(repo / ".git")
    done = kb_check(repo, "--changed-since", "HEAD")
    assert done.returncode == 2
    assert done.stderr.startswith("error: --changed-since: ") and done.stderr.count("\n") == 1
    assert "is not inside a git repository" in done.stderr
