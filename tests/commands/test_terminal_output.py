"""kb show and kb search as a shell uses them: a rule without its text, and output cut short by `head`."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from kb.cli import main


@pytest.fixture
def default_index(built_project: Path) -> Path:
    """The index of a build without the Comprehensive Rules: cited rules have no text."""
    return built_project / "site" / "kb.sqlite"


def test_show_a_rule_whose_text_is_not_loaded(default_index: Path, capsys):
    assert main(["show", "--index", str(default_index), "302.6"]) == 0
    captured = capsys.readouterr()
    assert "The text of rule 302.6 is not loaded: build with kb build --rules FILE to include it." in " ".join(
        captured.out.split()
    )
    assert re.search(r"Cited by \(\d+\)", captured.out) and captured.err == ""  # content/ grows: count not pinned


@pytest.mark.parametrize("command", [["search", "tap", "--limit", "50"], ["show", "Rona"]])
def test_output_piped_into_head_ends_quietly(default_index: Path, command: list[str]):
    kb = subprocess.Popen(
        [sys.executable, "-m", "kb.cli", *command, "--index", str(default_index)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert kb.stdout is not None and kb.stderr is not None
    # The reader is gone before kb writes: every write meets a closed pipe, as after `head` exits.
    kb.stdout.close()
    err = kb.stderr.read().decode()
    kb.stderr.close()
    assert kb.wait(timeout=30) == 141
    assert err == "", "no traceback and no message when the reader stops early"
