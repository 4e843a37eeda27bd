"""kb check: validate the knowledge base and run its examples, without building the site.

Exit status: 0 all good, 1 a check failed, 2 a usage or input problem (a bad
flag, an unreadable input file, an unknown git ref).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kb.changed import changes_since
from kb.commands.inputs import add_input_arguments, input_files
from kb.engine import implemented_rules
from kb.errors import KbError
from kb.examples import AblationReport
from kb.project import load_project, settings
from kb.reports import Case, Problem, Report, github, to_json, write_junit
from kb.verify import ablation_cases, verify

USAGE_OR_INPUT_PROBLEM = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument(
        "--format",
        choices=("text", "github", "json"),
        default="text",
        help="text (a table), github (workflow commands that annotate the failing lines) or json",
    )
    parser.add_argument("--junit-xml", type=Path, metavar="FILE", help="also write a JUnit XML report to FILE")
    parser.add_argument(
        "--changed-since",
        metavar="REF",
        help="run only the examples that a change since the git REF touched (validation runs in full)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems and the summary")
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="run every example, even one that passed before with exactly the same inputs (see .cache/kb/examples)",
    )
    ablation = parser.add_mutually_exclusive_group()
    ablation.add_argument(
        "--ablate", metavar="RULE", action="append", help="switch off the engine's RULE: its examples must fail"
    )
    ablation.add_argument("--ablate-all", action="store_true", help="ablate every implemented rule and print the kill rate")


def run(args: argparse.Namespace) -> int:
    try:
        project = settings(load_project(args.config, input_files(args)))
        changes = changes_since(args.changed_since, args.config.resolve().parent) if args.changed_since else None
    except KbError as e:
        report = Report([Case("validation", "inputs", "kb check can start", "error", (Problem(_message(e), e.origin),))])
        return _finish(args, report)

    report, kb = verify(project, changes, reuse_passes=not args.no_cache)
    ablation = None
    if kb is not None and not report.count("failed") and (args.ablate or args.ablate_all):
        unknown = [rule for rule in args.ablate or () if rule not in implemented_rules()]
        if unknown:
            problem = Problem(f"the engine implements no rule {', '.join(unknown)} (see the Engine page for the rules it does)")
            report.cases.append(Case("ablation", "rules", "the rules to ablate exist", "error", (problem,)))
        else:
            ablation = ablation_cases(kb, args.ablate, report)
            if args.ablate_all and ablation.untested_rules:
                unclaimed = Problem(
                    f"implemented rules no example claims ({len(ablation.untested_rules)}): {', '.join(ablation.untested_rules)}"
                )
                report.cases.append(Case("ablation", "rules", "every implemented rule is claimed", "failed", (unclaimed,)))
            if not ablation.runs:
                message = "no example names the ablated rule(s), so nothing shows that switching them off matters"
                report.cases.append(
                    Case("ablation", "rules", "some example claims the ablated rules", "failed", (Problem(message),))
                )
    return _finish(args, report, ablation, show_untested=args.ablate_all)


def _finish(args: argparse.Namespace, report: Report, ablation: AblationReport | None = None, show_untested: bool = False) -> int:
    """Print the report in the chosen format, write the JUnit file if asked, and give the exit status."""
    status = report.exit_status
    if args.junit_xml:
        try:
            write_junit(report, args.junit_xml)
        except OSError as e:
            print(f"error: {args.junit_xml}: cannot write the JUnit report: {e.strerror}", file=sys.stderr)
            status = USAGE_OR_INPUT_PROBLEM
    if args.format == "github":
        sys.stdout.write(github(report))
    elif args.format == "json":
        sys.stdout.write(to_json(report))
    else:
        _print_text(report, ablation, args.quiet, show_untested)
    return status


def _print_text(report: Report, ablation: AblationReport | None, quiet: bool, show_untested: bool) -> None:
    for warning in report.warnings:
        print(f"warning: {_located(warning)}", file=sys.stderr)
    examples = [case for case in report.cases if case.suite == "examples" and case.status != "skipped"]
    if not quiet and examples:
        _print_table(examples)
    for note in report.notes:
        print(note)
    for case in report.cases:
        for problem in case.problems:
            print(f"error: {_located(problem, case)}", file=sys.stderr)
    checks = [case for case in report.cases if case.suite != "ablation"]
    if all(case.status in ("passed", "skipped") for case in checks):
        skipped = sum(case.status == "skipped" for case in checks)
        passed = sum(case.suite == "examples" and case.status == "passed" for case in checks)
        print(f"ok: {report.checked}, {passed} examples passed" + (f", {skipped} skipped" if skipped else ""))
    if ablation is not None:
        _print_ablation(ablation, quiet, show_untested)


def _located(problem: Problem, case: Case | None = None) -> str:
    origin = problem.origin or (case.origin if case else None)
    return f"{origin}: {problem.message}" if origin else problem.message


def _print_table(cases: list[Case]) -> None:
    rows = [("example", "rules", "result", "time")]
    for case in cases:
        rows.append(
            (
                case.name,
                ", ".join(case.rules),
                case.status if case.status == "passed" else "FAILED",
                "not rerun" if case.reused else f"{case.seconds * 1000:.1f} ms",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + "  " + row[3])


def _print_ablation(report: AblationReport, quiet: bool, show_untested: bool) -> None:
    """One line per (rule, example) run and the kill rate; the survivors are already reported as errors."""
    for run in report.runs:
        if not quiet or not run.killed:
            verdict = "killed" if run.killed else "SURVIVED"
            detail = run.message if run.killed and not quiet else (f"not a failed check: {run.message}" if run.message else "")
            print(f"ablate {run.rule:<8} {run.example_id:<45} {verdict}" + (f": {detail}" if detail else ""))
    if report.runs:
        killed = sum(run.killed for run in report.runs)
        print(f"kill rate: {killed}/{len(report.runs)} = {report.kill_rate:.0%} (a kill is a failed check of the example)")
    if show_untested and report.untested_rules:
        print(f"implemented rules no example claims ({len(report.untested_rules)}): {', '.join(report.untested_rules)}")


def _message(error: KbError) -> str:
    return error.message + (f" ({error.hint})" if error.hint else "")
