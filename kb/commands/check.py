"""kb check: validate the knowledge base and run every example, without building the site."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kb.check import ablate, check_examples
from kb.errors import KbError, raise_all
from kb.examples import AblationReport
from kb.pipeline import load_knowledge_base
from kb.site import load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml")
    parser.add_argument("--rules", type=Path, help="a Comprehensive Rules text file to check references against")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems and the summary")
    ablation = parser.add_mutually_exclusive_group()
    ablation.add_argument(
        "--ablate", metavar="RULE", action="append", help="switch off the engine's RULE: its examples must fail"
    )
    ablation.add_argument("--ablate-all", action="store_true", help="ablate every implemented rule and print the kill rate")


def run(args: argparse.Namespace) -> int:
    config, plugin = load_project(args.config)
    kb = load_knowledge_base(plugin.settings(config, rules=args.rules))
    # The release's own dangling references are reported, not fatal: the release is not ours to fix.
    for dangling in kb.links.unresolved:
        where = f"{dangling.citation.kind} {dangling.citation.id}"
        print(
            f"warning: {dangling.citation.origin}: {where} refers to rule {dangling.number}, which this release does not have",
            file=sys.stderr,
        )

    report = check_examples(kb)
    if not args.quiet:
        _print_table(report.results.values())
    raise_all(report.errors())
    print(f"ok: {len(kb.cards)} cards, {len(kb.rulings)} rulings, {len(report.results)} examples passed")

    if args.ablate or args.ablate_all:
        unknown = [rule for rule in args.ablate or () if rule not in report.implemented]
        if unknown:
            raise KbError(
                f"the engine implements no rule {', '.join(unknown)}", hint="see the Engine coverage page for the rules it does"
            )
        return _print_ablation(ablate(kb, args.ablate), quiet=args.quiet, show_untested=args.ablate_all)
    return 0


def _print_table(results) -> None:
    rows = [("example", "rules", "result", "time")]
    for r in results:
        rows.append((r.example_id, ", ".join(r.rules_claimed), "passed" if r.passed else "FAILED", f"{r.seconds * 1000:.1f} ms"))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + "  " + row[3])


def _print_ablation(report: AblationReport, quiet: bool, show_untested: bool) -> int:
    """One line per (rule, example) run; the kill rate; non-zero when any example survived."""
    if not report.runs:
        print("error: no example names the ablated rule(s), so nothing shows that switching them off matters", file=sys.stderr)
        return 1
    for run in report.runs:
        if not quiet or not run.killed:
            verdict = "killed" if run.killed else "SURVIVED"
            detail = run.message if run.killed and not quiet else (f"not a failed check: {run.message}" if run.message else "")
            print(f"ablate {run.rule:<8} {run.example_id:<45} {verdict}" + (f": {detail}" if detail else ""))
    killed = sum(run.killed for run in report.runs)
    print(f"kill rate: {killed}/{len(report.runs)} = {report.kill_rate:.0%} (a kill is a failed check of the example)")
    untested = report.untested_rules if show_untested else ()
    if untested:
        print(f"error: implemented rules no example claims ({len(untested)}): {', '.join(untested)}", file=sys.stderr)
    for run in report.survivors:
        how = "still passes" if not run.message else "fails only by crashing"
        print(f"error: example {run.example_id} {how} with rule {run.rule} switched off", file=sys.stderr)
    return 1 if report.survivors or untested else 0
