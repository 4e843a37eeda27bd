"""The CR's own examples proved by the engine: counts that agree everywhere, and drift between releases."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kb.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "cr"
MINI = FIXTURES / "mini.txt"

# A counterpart of the mini release's rule 100.3, second example; the code is a real engine proof.
COUNTERPART = """\
- rule: "100.3"
  ordinal: 2
  text: The second example cites rules 101.1 and 101.2.
  example:
    rules: ["106.7"]
    code: |
      from kb.engine import Game

      game = Game()
      alice, bob = game.players
      orchard = game.battlefield_add("Exotic Orchard", alice)
      print(game.could_produce(orchard))
      #> nothing
"""


@pytest.fixture
def with_counterpart(project: Path) -> Path:
    """The project with one counterpart as its only content: the bundled rulings cite rules the mini release lacks."""
    import shutil

    for folder in ("cards", "rulings", "cr-examples"):
        shutil.rmtree(project / "content" / folder)
    (project / "content" / "cr-examples").mkdir()
    (project / "content" / "cr-examples" / "100.yaml").write_text(COUNTERPART, encoding="utf-8")
    return project


def release(tmp_path: Path, old: str, new: str) -> Path:
    """The mini release with one example's text replaced (or removed, with `new` empty)."""
    text = MINI.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "changed.txt"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_counts_on_the_engine_page_in_the_api_and_in_kb_check_agree(with_counterpart: Path, capsys):
    site = with_counterpart / "site"
    assert main(["check", "-q", "--rules", str(MINI)]) == 0
    checked = re.search(r"CR examples proved by the engine: (\d+) of (\d+)", capsys.readouterr().out)
    assert main(["build", "--rules", str(MINI), "-d", str(site)]) == 0
    counts = json.loads((site / "api" / "index.json").read_text())["counts"]
    engine = (site / "engine.html").read_text()
    shown = re.search(r"The engine proves <strong>(\d+) of the (\d+) examples</strong>", engine)
    total = MINI.read_text().count("\nExample:")
    assert int(checked[1]) == int(shown[1]) == counts["cr_examples_proved"] == 1
    assert int(checked[2]) == int(shown[2]) == counts["cr_examples"] == total
    proofs = json.loads((site / "api" / "rules" / "100.3.json").read_text())["example_proofs"]
    assert proofs == [
        {"ordinal": 1, "status": "not proved", "example": None},
        {"ordinal": 2, "status": "proved", "example": "cr-100.3-2"},
    ]


def test_a_changed_example_text_is_a_warning_naming_the_rule_and_both_texts(with_counterpart: Path, tmp_path, capsys):
    changed = release(tmp_path, "The second example cites rules 101.1 and 101.2.", "The second example, reworded.")
    assert main(["check", "-q", "--rules", str(changed)]) == 0  # a warning, not a failure
    err = capsys.readouterr().err
    warning = next(line for line in err.splitlines() if "cr-100.3-2" in line)
    assert "CR example 2 of rule 100.3 changed" in warning
    assert "'The second example cites rules 101.1 and 101.2.'" in warning and "'The second example, reworded.'" in warning
    assert "content/cr-examples/100.yaml:1" in warning

    assert main(["check", "-q", "--rules", str(MINI)]) == 0  # the release it was written for: no warning
    assert "cr-100.3-2" not in capsys.readouterr().err


def test_a_removed_example_is_flagged_and_no_longer_counts(with_counterpart: Path, tmp_path, capsys):
    removed = release(tmp_path, "Example: The second example cites rules 101.1 and 101.2.\n", "")
    assert main(["check", "-q", "--rules", str(removed)]) == 0
    out, err = capsys.readouterr()
    assert "CR example 2 of rule 100.3 was removed from this release" in err
    assert "CR examples proved by the engine: 0 of" in out


def test_the_build_warns_too(with_counterpart: Path, tmp_path, capsys):
    changed = release(tmp_path, "The second example cites rules 101.1 and 101.2.", "Reworded.")
    assert main(["build", "--rules", str(changed), "-d", str(with_counterpart / "site")]) == 0
    assert "CR example 2 of rule 100.3 changed" in capsys.readouterr().err


def test_a_counterpart_in_the_wrong_file_is_an_error_at_its_line(project: Path, capsys):
    (project / "content" / "cr-examples" / "601.yaml").write_text(COUNTERPART, encoding="utf-8")
    assert main(["check", "-q"]) == 1
    assert "content/cr-examples/601.yaml:1: rule 100.3 belongs in cr-examples/100.yaml" in capsys.readouterr().err
