"""kb show: one record, readable in 80 columns, with its links and what cites it."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from kb.cli import main
from kb.commands.show import Style, fit
from kb.search import MARK_END, MARK_START

ANSI = re.compile(r"\x1b\[")


def show(index: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["show", "--index", str(index), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_rule_with_its_text_links_and_citations(index: Path, capsys):
    status, out, _ = show(index, capsys, "302.6")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "302.6 (Creatures)  [rule]"
    assert lines[1] == "rules/302.html#302.6"
    assert "controlled it continuously" in out
    cited = out.split("Cited by (4)\n", 1)[1].splitlines()
    assert [line.split()[0] for line in cited] == ["glossary", "rule", "ruling", "ruling"]
    assert any("Summoning Sickness Rule" in line for line in cited)
    assert any(line.startswith("  rule      605.1a  An activated ability") for line in cited)


def test_output_fits_80_columns_and_has_no_colour_off_a_terminal(index: Path, capsys):
    for record in ("302.6", "Laelia", "605", "historic", "tap-symbol"):
        status, out, _ = show(index, capsys, record)
        assert status == 0
        assert max(len(line) for line in out.splitlines()) <= 80, record
        assert not ANSI.search(out), record


def test_a_card_by_its_short_name_with_its_rulings(index: Path, capsys):
    status, out, _ = show(index, capsys, "Laelia")
    assert status == 0
    assert out.startswith("Laelia, the Blade Reforged  [card]\n")
    assert "Rulings (1)" in out and "Cards exiled by Laelia are exiled face up." in out


def test_a_glossary_term_and_a_section(index: Path, capsys):
    _, out, _ = show(index, capsys, "historic")
    assert out.startswith("Historic  [glossary]\n")
    assert "rule      700.6  The term historic" in out
    _, out, _ = show(index, capsys, "605")
    assert out.startswith("605. Mana Abilities  [rule]\n")
    assert "605.1, 605.2" in out


def test_a_unique_partial_name_is_enough(index: Path, capsys):
    status, out, _ = show(index, capsys, "sixth", "pride")
    assert status == 0
    assert out.startswith("Blade of the Sixth Pride  [card]")


def test_json_is_the_api_document(index: Path, capsys):
    status, out, _ = show(index, capsys, "--json", "302.6")
    assert status == 0
    data = json.loads(out)
    assert (data["kind"], data["id"]) == ("rule", "302.6")
    assert data["record"]["number"] == "302.6"
    assert {"kind": "glossary", "id": "summoning-sickness-rule", "url": "glossary/index.html#summoning-sickness-rule"} in data[
        "record"
    ]["cited_by"]


def test_unknown_record_is_one_line_with_the_nearest_matches(index: Path, capsys):
    status, out, err = show(index, capsys, "blade")
    assert status == 1 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("error: no record named 'blade' (nearest: ")
    assert "laelia-the-blade-reforged" in err and "blade-of-the-sixth-pride" in err


def test_unknown_number_points_to_the_nearest_rule(index: Path, capsys):
    status, _, err = show(index, capsys, "302.99")
    assert status == 1
    # The nearest existing parent first, then the rules under it.
    assert err == "error: no record named '302.99' (nearest: 302; 302.1; 302.6)\n"
    # A pasted page is echoed as its first words, on one line.
    status, _, err = show(index, capsys, "zzxq " * 5000)
    assert status == 1 and err.startswith("error: no record named 'zzxq zzxq") and len(err) < 160, err
    assert err.endswith("zzxq…' (try kb search with fewer words)\n")


def test_no_index(tmp_path: Path, capsys):
    status, _, err = show(tmp_path / "kb.sqlite", capsys, "302.6")
    assert status == 1
    assert err == f"error: no search index at {tmp_path / 'kb.sqlite'}: run kb build first\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert Style.for_stream(_Terminal()).color
    assert not Style.for_stream(io.StringIO()).color
    monkeypatch.setenv("NO_COLOR", "1")
    assert not Style.for_stream(_Terminal()).color
    assert Style(color=False, width=80).bold("x") == "x"
    assert Style(color=True, width=80).bold("x") == "\x1b[1mx\x1b[0m"


def test_fit_cuts_to_width_and_keeps_the_match_in_view():
    assert fit("short", 10) == "short"
    assert fit("a" * 20, 10) == "a" * 9 + "…"
    long = "word " * 30 + f"{MARK_START}match{MARK_END} tail"
    cut = fit(long, 40)
    assert len(cut.replace(MARK_START, "").replace(MARK_END, "")) <= 40
    assert f"{MARK_START}match{MARK_END}" in cut and cut.startswith("…")
    # A mark cut in the middle is closed, so no colour leaks into the next line.
    assert fit(f"{MARK_START}{'x' * 50}{MARK_END}", 10).endswith(MARK_END)
