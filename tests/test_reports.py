"""The report formats: GitHub's workflow-command escaping and XML that any parser reads."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from kb.model import Origin
from kb.reports import Case, Problem, Report, github, junit_xml


def report_with(message: str, path: str) -> Report:
    problem = Problem(message, Origin(path, 7))
    return Report([Case("examples", "a,b:c", "an example", "failed", (problem,)), Case("examples", "fine", "passes")])


def test_github_escapes_data_and_properties_as_the_runner_unescapes_them():
    out = github(report_with("100% sure\r\nsecond line: a, b", "content/odd,name:x%.yaml"))
    first = out.splitlines()[0]
    assert first == (
        "::error file=content/odd%2Cname%3Ax%25.yaml,line=7,title=kb check%3A a%2Cb%3Ac::100%25 sure%0D%0Asecond line: a, b"
    )
    assert out.count("::error ") == 1


def test_junit_holds_control_characters_and_markup_as_text():
    xml = junit_xml(report_with("bad \x1b[31m <script>&</script> \x00", "content/x.yaml"))
    failure = ET.fromstring(xml).find("testsuite/testcase/failure")
    assert failure.get("message") == "content/x.yaml:7: bad \ufffd[31m <script>&</script> \ufffd"
    assert xml.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
