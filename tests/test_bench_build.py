"""bench/bench_build.py end to end on 50 synthetic cards: every stage, both builds, the report.

It needs the real Comprehensive Rules (the seed content cites rules the miniature
fixture lacks), so without them it is skipped with a reason that `-ra` prints.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
# bench/ is not a package: load the script as a module (registered first, as dataclasses need).
spec = importlib.util.spec_from_file_location("bench_build", REPO / "bench" / "bench_build.py")
assert spec is not None and spec.loader is not None
bench_build = sys.modules["bench_build"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_build)


def test_tree_sampler_counts_a_child_process(tmp_path: Path) -> None:
    """The whole-build memory must include children: a shell running sleep has two processes."""
    run = bench_build.run_sampled(["sh", "-c", "sleep 0.5; true"], tmp_path / "log")
    assert run.peak_pss > 0 and run.root_peak_rss > 0
    assert len(run.sampler.samples) >= 2


@pytest.mark.slow  # a benchmark run end to end: minutes, so with the other long runs
def test_benchmark_on_fifty_cards(cr_latest: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert bench_build.main(["--cards", "50", "--rules", str(cr_latest), "--out", str(out), "--keep"]) == 0
    printed = capsys.readouterr().out

    for stage in bench_build.STAGES:
        assert re.search(rf"^{stage}\s+\d+\.\d", printed, re.M), f"no figures for stage {stage}:\n{printed}"
    assert re.search(r"^wall time \(s\)\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d\d\s+≤ 1\.15$", printed, re.M), printed
    assert re.search(r"^peak tree PSS \(MiB\)\s+\d+\s+\d+", printed, re.M), printed
    # Measurements fit 80 columns; only lines naming a folder may be longer.
    assert all(len(line) <= 80 for line in printed.splitlines() if str(out) not in line), printed

    # The plain project is the kb pages without the plugin: same page count, no kb outputs.
    plain_site, kb_site = out / "plain" / "site", out / "kb-site"
    assert (kb_site / "kb.sqlite").is_file() and (kb_site / "search" / "kb-index").is_dir()
    assert not (plain_site / "kb.sqlite").exists() and not (plain_site / "search").exists()
    assert html_pages(plain_site) == html_pages(kb_site)


def html_pages(site: Path) -> set[Path]:
    return {page.relative_to(site) for page in site.rglob("*.html")}
