"""kb check for CI: a JUnit file, GitHub workflow commands, JSON, and the documented exit codes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import junitparser
import pytest

from kb.cli import main
from tests.conftest import BUNDLED


def break_example(path: Path, marker: str) -> int:
    """Make the first example in `path` fail with an assert at its first line; returns that line."""
    text = path.read_text(encoding="utf-8")
    at = text.index("code: |\n") + len("code: |\n")
    indent = text[at:].split("\n", 1)[0].removesuffix(text[at:].split("\n", 1)[0].lstrip())
    broken = f"{text[:at]}{indent}assert 1 == 2, '{marker}'\n{text[at:]}"
    path.write_text(broken, encoding="utf-8")
    return next(i for i, line in enumerate(broken.splitlines(), 1) if marker in line)


def test_a_broken_example_is_the_one_failed_case_of_the_junit_file(project: Path, capsys):
    line = break_example(project / "content" / "rulings" / "costs.yaml", "broken on purpose")
    assert main(["check", "-q", "--junit-xml", "reports/kb.xml"]) == 1

    suites = junitparser.JUnitXml.fromfile(str(project / "reports" / "kb.xml"))
    cases = [case for suite in suites for case in suite]
    failed = [case for case in cases if not case.is_passed]
    assert [case.name for case in failed] == ["x-in-enters-abilities"]
    assert len(cases) == 3 + BUNDLED.examples  # three validation rules and every example
    assert failed[0]._elem.get("file") == "content/rulings/costs.yaml"
    assert failed[0]._elem.get("line") == str(line)
    (outcome,) = failed[0].result
    assert isinstance(outcome, junitparser.Failure)
    assert outcome.message == (
        f"content/rulings/costs.yaml:{line}: example of ruling x-in-enters-abilities failed: assertion failed: broken on purpose"
    )
    assert suites.failures == 1 and suites.tests == 3 + BUNDLED.examples and suites.errors == 0


def test_the_junit_file_has_the_shape_junit_reporters_read(project: Path):
    """The common JUnit schema: testsuites > testsuite (counts) > testcase (name, classname, time) > one outcome."""
    break_example(project / "content" / "cards" / "rona-disciple-of-gix.yaml", "broken")
    assert main(["check", "-q", "--changed-since", "HEAD", "--junit-xml", "kb.xml"]) == 2  # not a git repo
    error_root = ET.parse(project / "kb.xml").getroot()
    assert error_root.find("testsuite/testcase/error").get("message").endswith("is not inside a git repository "
        "(run kb check in the repository's working tree, or drop --changed-since)")  # fmt: skip

    assert main(["check", "-q", "--junit-xml", "kb.xml"]) == 1
    root = ET.parse(project / "kb.xml").getroot()
    assert root.tag == "testsuites"
    total = 0
    for suite in root:
        assert suite.tag == "testsuite" and suite.get("name")
        cases = suite.findall("testcase")
        assert suite.get("tests") == str(len(cases))
        assert suite.get("failures") == str(sum(c.find("failure") is not None for c in cases))
        assert suite.get("errors") == suite.get("skipped") == "0"
        float(suite.get("time"))
        for case in cases:
            assert case.get("name") and case.get("classname")
            float(case.get("time"))
            outcomes = [child for child in case if child.tag in ("failure", "error", "skipped")]
            assert len(outcomes) <= 1
            for outcome in outcomes:
                assert outcome.get("message") and outcome.get("type")
        total += len(cases)
    assert root.get("tests") == str(total) and root.get("failures") == "1"
    assert [suite.get("name") for suite in root] == ["validation", "examples"]


def test_github_format_prints_one_error_per_failure_at_its_line(project: Path, capsys):
    first = break_example(project / "content" / "rulings" / "costs.yaml", "first, 100% broken: here")
    second = break_example(project / "content" / "cards" / "laelia-the-blade-reforged.yaml", "second")
    assert main(["check", "--format", "github"]) == 1
    out = capsys.readouterr().out
    errors = [line for line in out.splitlines() if line.startswith("::error ")]
    assert errors == [
        f"::error file=content/cards/laelia-the-blade-reforged.yaml,line={second},title=kb check%3A laelia-the-blade-reforged-2021-02-05-1"
        "::example of ruling laelia-the-blade-reforged-2021-02-05-1 failed: assertion failed: second",
        f"::error file=content/rulings/costs.yaml,line={first},title=kb check%3A x-in-enters-abilities"
        "::example of ruling x-in-enters-abilities failed: assertion failed: first, 100%25 broken: here",
    ]
    assert out.splitlines()[-1] == f"kb check: {3 + BUNDLED.examples} checks: {1 + BUNDLED.examples} passed, 2 failed"


def test_github_paths_are_relative_to_the_workspace(project: Path, capsys, monkeypatch):
    monkeypatch.setenv("GITHUB_WORKSPACE", str(project.parent))
    line = break_example(project / "content" / "rulings" / "costs.yaml", "broken")
    assert main(["check", "--format", "github"]) == 1
    assert f"::error file=project/content/rulings/costs.yaml,line={line}," in capsys.readouterr().out


def test_json_format_lists_every_case(project: Path, capsys):
    line = break_example(project / "content" / "rulings" / "mana.yaml", "broken")
    assert main(["check", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["exit_status"] == 1
    assert report["counts"] == {"passed": 2 + BUNDLED.examples, "failed": 1, "skipped": 0, "error": 0}
    (failed,) = [case for case in report["cases"] if case["status"] == "failed"]
    assert failed["name"] == "undefined-mana-type" and failed["suite"] == "examples"
    assert failed["problems"][0]["where"] == {"file": "content/rulings/mana.yaml", "line": line}
    assert failed["rules"] == ["106.5"]


def test_a_content_error_fails_the_content_rule_with_its_file_and_line(project: Path, capsys):
    card = project / "content" / "cards" / "rona-disciple-of-gix.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("type_line:", "type_lines:", 1), encoding="utf-8")
    assert main(["check", "--format", "github", "--junit-xml", "kb.xml"]) == 1
    out = capsys.readouterr().out
    assert (
        "::error file=content/cards/rona-disciple-of-gix.yaml,line=4,title=kb check%3A content::unknown field 'type_lines'" in out
    )
    root = ET.parse(project / "kb.xml").getroot()
    statuses = {case.get("name"): [child.tag for child in case] for case in root.iter("testcase")}
    assert statuses == {"content": ["failure"], "inputs": ["skipped"], "records": ["skipped"]}


def test_an_unreadable_input_is_exit_status_2_with_one_line(project: Path, capsys):
    assert main(["check", "--rules", "missing.txt"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"error: {project / 'missing.txt'}: cannot read the file: No such file or directory (check the path)"


def test_a_usage_error_is_exit_status_2(project: Path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["check", "--format", "xml"])
    assert exit_.value.code == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err


def test_check_reads_the_same_inputs_as_build(project: Path, capsys):
    bulk = Path(__file__).parent.parent / "fixtures" / "bulk"
    status = main(
        [
            "check", "--format", "json",
            "--scryfall-cards", str(bulk / "scryfall-oracle-cards.json"),
            "--scryfall-rulings", str(bulk / "scryfall-rulings.json"),
            "--mtgjson", str(bulk / "mtgjson-atomic.json"),
        ]
    )  # fmt: skip
    assert status == 0
    assert json.loads(capsys.readouterr().out)["counts"]["passed"] == 3 + BUNDLED.examples
    assert main(["check", "-q", "--scryfall-cards", str(bulk / "scryfall-truncated.json"),
                 "--scryfall-rulings", str(bulk / "scryfall-rulings.json")]) == 2  # fmt: skip
    assert "scryfall-truncated.json:4: file ends early inside a value" in capsys.readouterr().err


def test_ablation_runs_are_cases_too(project: Path, capsys):
    assert main(["check", "--format", "json", "--ablate", "400.7"]) == 0
    cases = [c for c in json.loads(capsys.readouterr().out)["cases"] if c["suite"] == "ablation"]
    assert {c["name"] for c in cases} >= {
        "400.7 rona-disciple-of-gix-2018-04-27-6",
        "400.7 laelia-the-blade-reforged-2021-02-05-5",
    }
    assert {c["status"] for c in cases} == {"passed"}


def test_with_broken_records_the_examples_are_listed_as_not_run(project: Path, capsys):
    card = project / "content" / "cards" / "rona-disciple-of-gix.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("  - tap-symbol\n", "  - no-such-ruling\n", 1), encoding="utf-8")
    assert main(["check", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    (records,) = [c for c in report["cases"] if c["name"] == "records"]
    assert records["status"] == "failed"
    assert records["problems"][0]["message"].startswith("unknown general ruling 'no-such-ruling'")
    examples = [c for c in report["cases"] if c["suite"] == "examples"]
    assert len(examples) == BUNDLED.examples and {c["skipped_because"] for c in examples} == {"not run: the records have errors"}


def test_a_missing_project_or_cache_is_exit_status_2(project: Path, tmp_path: Path, capsys):
    assert main(["check", "-f", "nope.yml"]) == 2
    assert capsys.readouterr().err == "error: nope.yml not found (run kb in the project folder or pass --config)\n"
    (tmp_path / "empty").mkdir()
    assert main(["check", "--cache", str(tmp_path / "empty")]) == 2
    assert capsys.readouterr().err == f"error: no fetched files in {tmp_path / 'empty'} (run kb fetch first)\n"
