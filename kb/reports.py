"""What `kb check` found, as cases, and the formats CI systems read it in.

Each validation rule and each example is one case, passed, failed, skipped, or
an error (the check could not run: an unreadable input). The same report is
printed as GitHub Actions workflow commands, as JSON, or written as a JUnit XML
file in the shape GitLab, Jenkins and GitHub's test reporters read: one
`<testsuite>` per kind of case, a `<testcase>` with `file` and `line`
attributes, and at most one `<failure>`, `<error>` or `<skipped>` in it.
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from kb.model import Origin

# Characters XML 1.0 cannot hold at all, even escaped (an exception message may carry them).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")

Status = Literal["passed", "failed", "skipped", "error"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong, where it is."""

    message: str
    origin: Origin | None = None


@dataclass(frozen=True)
class Case:
    suite: str  # "validation", "examples" or "ablation"
    name: str  # a validation rule's name, or an example's id
    description: str
    status: Status = "passed"
    problems: tuple[Problem, ...] = ()  # why it failed (or erred)
    skipped_because: str = ""
    origin: Origin | None = None  # where the case is written (an example's first line)
    seconds: float = 0.0
    classname: str = ""  # how JUnit readers group it; the suite when empty
    rules: tuple[str, ...] = ()  # the rules an example claims
    reused: bool = False  # an example's earlier pass with the same inputs, not run again


@dataclass
class Report:
    cases: list[Case] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was selected and skipped, and why
    checked: str = ""  # what was checked, as "3 cards, 24 rulings"

    def count(self, status: Status) -> int:
        return sum(case.status == status for case in self.cases)

    @property
    def exit_status(self) -> int:
        """0 all good, 1 a check failed, 2 the check could not run (an input problem)."""
        if self.count("error"):
            return 2
        return 1 if self.count("failed") else 0


def _file_and_line(origin: Origin | None) -> tuple[str, int]:
    """A path as CI systems want it: relative to the checkout on GitHub, else as kb shows it."""
    if origin is None:
        return "", 0
    path, workspace = origin.path, os.environ.get("GITHUB_WORKSPACE")
    if workspace and Path(path).resolve().is_relative_to(Path(workspace).resolve()):
        path = Path(path).resolve().relative_to(Path(workspace).resolve()).as_posix()
    return path, origin.line


# --- GitHub Actions workflow commands -----------------------------------------


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _command(kind: str, message: str, origin: Origin | None, title: str) -> str:
    path, line = _file_and_line(origin)
    properties = {"file": path, "line": str(line) if line else "", "title": title}
    shown = ",".join(f"{key}={_escape_property(value)}" for key, value in properties.items() if value)
    return f"::{kind} {shown}::{_escape_data(message)}"


def github(report: Report) -> str:
    """One `::error` per problem (so each lands on its own line of a diff), `::warning`s, then a summary."""
    lines = []
    for case in report.cases:
        for problem in case.problems:
            lines.append(_command("error", problem.message, problem.origin or case.origin, f"kb check: {case.name}"))
    lines += [_command("warning", w.message, w.origin, "kb check") for w in report.warnings]
    lines += [f"::notice title=kb check::{_escape_data(note)}" for note in report.notes]
    lines.append(summary(report))
    return "\n".join(lines) + "\n"


def summary(report: Report) -> str:
    counts = ", ".join(f"{report.count(s)} {s}" for s in ("passed", "failed", "skipped", "error") if report.count(s))
    return f"kb check: {len(report.cases)} checks: {counts or 'none ran'}"


# --- JSON ---------------------------------------------------------------------


def _origin_json(origin: Origin | None) -> dict[str, object] | None:
    path, line = _file_and_line(origin)
    return {"file": path, "line": line} if origin else None


def to_json(report: Report) -> str:
    """The whole report as one JSON document (`schema` changes only when a field changes meaning)."""
    document = {
        "schema": 1,
        "exit_status": report.exit_status,
        "counts": {s: report.count(s) for s in ("passed", "failed", "skipped", "error")},
        "cases": [
            {
                "suite": c.suite,
                "name": c.name,
                "description": c.description,
                "status": c.status,
                "rules": list(c.rules),
                "where": _origin_json(c.origin),
                "problems": [{"message": p.message, "where": _origin_json(p.origin or c.origin)} for p in c.problems],
                "skipped_because": c.skipped_because,
                "seconds": round(c.seconds, 6),
            }
            for c in report.cases
        ],
        "warnings": [{"message": w.message, "where": _origin_json(w.origin)} for w in report.warnings],
        "notes": report.notes,
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


# --- JUnit XML ----------------------------------------------------------------


def junit_xml(report: Report) -> bytes:
    suites = ET.Element("testsuites", name="kb check")
    by_suite: dict[str, list[Case]] = {}
    for case in report.cases:
        by_suite.setdefault(case.suite, []).append(case)
    for name, cases in by_suite.items():
        suite = ET.SubElement(suites, "testsuite", name=name, **_counts(cases))
        for case in cases:
            _testcase(suite, case)
        if name == "validation" and report.warnings:
            ET.SubElement(suite, "system-out").text = _xml("\n".join(_located(w) for w in report.warnings))
    suites.attrib.update(_counts(report.cases))
    ET.indent(suites)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n").encode()


def _counts(cases: list[Case]) -> dict[str, str]:
    return {
        "tests": str(len(cases)),
        "failures": str(sum(c.status == "failed" for c in cases)),
        "errors": str(sum(c.status == "error" for c in cases)),
        "skipped": str(sum(c.status == "skipped" for c in cases)),
        "time": f"{sum(c.seconds for c in cases):.3f}",
    }


def _testcase(parent: ET.Element, case: Case) -> None:
    first = case.problems[0].origin if case.problems and case.problems[0].origin else case.origin
    path, line = _file_and_line(first)
    attributes = {"classname": case.classname or case.suite, "name": case.name, "time": f"{case.seconds:.3f}"}
    if path:
        attributes["file"] = path
    if line:
        attributes["line"] = str(line)
    element = ET.SubElement(parent, "testcase", attributes)
    if case.status in ("failed", "error"):
        tag = "failure" if case.status == "failed" else "error"
        outcome = ET.SubElement(element, tag, message=_xml(_located(case.problems[0], case.origin)), type=case.suite)
        outcome.text = _xml("\n".join(_located(p, case.origin) for p in case.problems))
    elif case.status == "skipped":
        ET.SubElement(element, "skipped", message=_xml(case.skipped_because))


def _located(problem: Problem, fallback: Origin | None = None) -> str:
    path, line = _file_and_line(problem.origin or fallback)
    where = f"{path}:{line}: " if line else f"{path}: " if path else ""
    return f"{where}{problem.message}"


def _xml(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def write_junit(report: Report, path: Path) -> None:
    """Write the JUnit file whole or not at all, so a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.part")
    partial.write_bytes(junit_xml(report))
    partial.replace(path)
