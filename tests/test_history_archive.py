"""Rule histories through the real archive (106 releases, 2003–2026): renumberings checked one by one.

Each case below was checked by reading the releases' texts: the rule named is
the same rule under its earlier numbers.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from kb.history import RulesHistory, former_numbers
from kb.history_cache import load_history
from kb.sources.cr_text import read_rules

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
ARCHIVE = SHARED / "comprehensive-rules-archive"
CURRENT = SHARED / "comprehensive-rules" / "MagicCompRules 20250919.txt"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def history() -> RulesHistory:
    if not ARCHIVE.is_dir() or not CURRENT.is_file():
        pytest.skip(f"the archive and the current release are not available under {SHARED}")
    traced, _ = load_history(ARCHIVE, read_rules(CURRENT), CURRENT, None)
    return traced


def since(history: RulesHistory, number: str) -> str:
    return history.releases[history.of(number)[0].release].name


def test_the_history_ends_with_the_current_release_and_leaves_later_ones_out(history) -> None:
    assert history.latest.effective_date == date(2025, 9, 19)
    assert history.releases[0].name == "2003-03-15"
    # 106 files less the archived 2025-09-19 (the current file takes its place) and 2026-01-16 (later than it)
    assert len(history.releases) == 105
    assert history.latest.source == CURRENT.name


def test_summoning_sickness_302_6_goes_back_to_the_first_release(history) -> None:
    # 2003-03-15 214.7c; 2003-07-01 212.3d; 2007-05-01 212.3f; the 2009 reorganisation made it 302.6.
    assert former_numbers(history, "302.6") == ["212.3f", "212.3d", "214.7c"]
    assert since(history, "302.6") == "2003-03-15"


def test_a_section_inserted_before_moves_the_rules_after_it(history) -> None:
    # "Controlling Another Player" moved down each time a section was inserted before it: 507 in 2003,
    # 710 after 2009, … 721 in 2025-04, and 722 when "721. Station Cards" came in 2025-07.
    numbers = former_numbers(history, "722.1")
    assert numbers[:3] == ["721.1", "720.1", "719.1"] and numbers[-2:] == ["710.1", "507.1"]


def test_two_headed_giant_state_based_actions_moved_from_704_5_to_704_6(history) -> None:
    # 2020-07-03 gathered the variants' state-based actions under a new rule 704.6.
    assert former_numbers(history, "704.6a")[0] == "704.5t"
    assert former_numbers(history, "704.6b") == ["704.5u", "704.5t"]
    assert former_numbers(history, "704.6c")[0] == "704.5v"


def test_keywords_moved_to_chapter_7_in_2009(history) -> None:
    assert former_numbers(history, "702.10c") == ["502.5b"]  # haste
    assert former_numbers(history, "601.2") == ["409.1"]  # casting a spell
    assert former_numbers(history, "107.5") == ["104.4"]  # the tap symbol


def test_a_real_2018_ruling_resolves_to_todays_rules(history) -> None:
    # MTGJSON's Rules Lawyer ruling of 2018-01-19 cites 704.5s, 704.5t and 704.5u (Two-Headed Giant, commander damage).
    resolved = {n: history.resolve(n, date(2018, 1, 19)) for n in ("704.5s", "704.5t", "704.5u")}
    assert {n: (r.current, r.release.name) for n, r in resolved.items() if r} == {
        "704.5s": ("704.6a", "2017-09-29"),
        "704.5t": ("704.6b", "2017-09-29"),
        "704.5u": ("704.6c", "2017-09-29"),
    }
