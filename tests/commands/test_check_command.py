"""kb check: the example table, failures at file:line, and ablation."""

from __future__ import annotations

from pathlib import Path

from kb.cli import main
from tests.conftest import BUNDLED


def test_check_runs_every_example_and_prints_a_table(project: Path, capsys):
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "example" in out.splitlines()[0] and "result" in out.splitlines()[0]
    assert out.count("passed") >= BUNDLED.examples
    assert "tap-symbol" in out and "rona-disciple-of-gix-2018-04-27-6" in out
    assert f"ok: {BUNDLED.cards} cards, {BUNDLED.rulings} rulings, {BUNDLED.examples} examples passed" in out


def test_a_failing_example_names_its_file_and_line(project: Path, capsys):
    costs = project / "content" / "rulings" / "costs.yaml"
    text = costs.read_text(encoding="utf-8")
    # Break one expectation of the {T} ruling's example: an assert that cannot hold.
    broken = text.replace("code: |\n", "code: |\n      assert 1 == 2, 'broken on purpose'\n", 1)
    assert broken != text
    costs.write_text(broken, encoding="utf-8")
    assert main(["check", "-q"]) == 1
    err = capsys.readouterr().err
    line = next(i for i, text in enumerate(broken.splitlines(), 1) if "broken on purpose" in text)
    assert (
        f"error: content/rulings/costs.yaml:{line}: example of ruling x-in-enters-abilities failed: assertion failed: broken on purpose"
        in err
    )


def test_a_failing_example_stops_the_build_and_keeps_the_site(site_project: Path, capsys):
    project, site = site_project, site_project / "site"
    before = (site / "cards" / "rona-disciple-of-gix.html").read_bytes()
    costs = project / "content" / "rulings" / "costs.yaml"
    costs.write_text(costs.read_text(encoding="utf-8").replace("code: |\n", "code: |\n      assert False\n", 1), encoding="utf-8")
    assert main(["build", "-d", str(site)]) == 1
    assert "example of ruling x-in-enters-abilities failed" in capsys.readouterr().err
    assert (site / "cards" / "rona-disciple-of-gix.html").read_bytes() == before


def test_ablating_every_rule_kills_every_example_that_names_it(project: Path, capsys):
    assert main(["check", "-q", "--ablate-all"]) == 0
    out = capsys.readouterr().out
    assert "kill rate: " in out and "= 100%" in out
    assert "SURVIVED" not in out


def test_ablating_one_rule_reruns_only_its_examples(project: Path, capsys):
    assert main(["check", "--ablate", "400.7"]) == 0
    out = capsys.readouterr().out
    runs = [line for line in out.splitlines() if line.startswith("ablate ")]
    assert runs and all(line.split()[1] == "400.7" for line in runs)
    assert {"rona-disciple-of-gix-2018-04-27-6", "laelia-the-blade-reforged-2021-02-05-5"} <= {line.split()[2] for line in runs}


def test_ablating_an_unimplemented_rule_is_a_usage_error(project: Path, capsys):
    assert main(["check", "-q", "--ablate", "999.9"]) == 2
    assert "the engine implements no rule 999.9" in capsys.readouterr().err
