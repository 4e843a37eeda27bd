"""A site built with the whole archive, as a user builds it: Rules Lawyer's 2018 rulings on its real page.

`kb build --rules "MagicCompRules 20250919.txt" --history ARCHIVE --mtgjson CARDS` on
the bundled content, CARDS being Rules Lawyer's entry taken from the real MTGJSON
file; its rulings of 2018-01-19 cite 704.5s, 704.5t and 704.5u, which the rules of
2017-09-29 (in force that day) had and which are 704.6a-c today.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from kb.cli import main
from tests.conftest import copy_project, shared_release

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
ARCHIVE = SHARED_DATA / "comprehensive-rules-archive"
MTGJSON = SHARED_DATA / "cards" / "mtgjson-AtomicCards-5.2.0.json.gz"


def rules_lawyer_alone(path: Path) -> Path:
    """An AtomicCards file holding only Rules Lawyer, as the real file has it."""
    with gzip.open(MTGJSON, "rt", encoding="utf-8") as f:
        atomic = json.load(f)
    path.write_text(
        json.dumps({"meta": atomic["meta"], "data": {"Rules Lawyer": atomic["data"]["Rules Lawyer"]}}), encoding="utf-8"
    )
    return path


pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    current = shared_release("MagicCompRules 20250919.txt")
    for needed in (ARCHIVE, MTGJSON):
        if not needed.exists():
            pytest.skip(f"real data not available at {needed}")
    root = copy_project(tmp_path_factory.mktemp("history") / "project")
    cards = rules_lawyer_alone(root / "rules-lawyer.json")
    inputs = ["-f", str(root / "mkdocs.yml"), "--rules", str(current), "--history", str(ARCHIVE), "--mtgjson", str(cards)]
    assert main(["build", *inputs, "-d", str(root / "site")]) == 0
    return root, inputs


def test_a_2018_citation_of_a_renumbered_rule_links_to_todays_rule_with_a_note(project) -> None:
    root, _ = project
    page = (root / "site" / "cards" / "rules-lawyer.html").read_text(encoding="utf-8")
    for cited, now in (("704.5s", "704.6a"), ("704.5t", "704.6b"), ("704.5u", "704.6c")):
        note = f'Cited as {cited} in 2018 (rules of 2017-09-29); now <a class="kb-ref kb-ref-rule" href="../rules/704.html#{now}">{now}</a>'
        assert note in page
    # Today's 704.5s and 704.5t are other rules: the rulings do not link there.
    assert 'href="../rules/704.html#704.5s"' not in page and 'href="../rules/704.html#704.5t"' not in page


def test_kb_check_lists_the_renumbered_citations(project, capsys: pytest.CaptureFixture[str]) -> None:
    _, inputs = project
    main(["check", *inputs])
    errors = capsys.readouterr().err
    assert (
        "rules-lawyer.json:1: ruling rules-lawyer-2018-01-19-16 cites rule 704.5s as of the rules of 2017-09-29: now 704.6a"
        in errors
    )
    assert "cites rule 704.5u as of the rules of 2017-09-29: now 704.6c, reworded since" in errors


def test_302_6_shows_its_history_back_to_the_first_release(project) -> None:
    root, _ = project
    page = (root / "site" / "rules" / "302.html").read_text(encoding="utf-8")
    assert "History: since 2003-03-15 (the earliest release here)" in page
    assert "formerly 212.3f, 212.3d, 214.7c" in page


def test_the_history_file_holds_every_release(project) -> None:
    root, _ = project
    data = json.loads(gzip.decompress((root / "site" / "api" / "history.json.gz").read_bytes()))
    assert len(data["releases"]) == 105 and data["releases"][0][0] == "2003-03-15"
    rule = json.loads((root / "site" / "api" / "rules" / "704.6a.json").read_text(encoding="utf-8"))
    assert "704.5t" in [number for _, number in rule["history"]]
