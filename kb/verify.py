"""`kb check`'s run: each validation rule, then each example (all, or those a change touched), as report cases.

The steps are the build's own (`kb.build`); what differs is that a problem
becomes a failed case instead of stopping everything, so a CI report shows
every validation rule and every example with its verdict.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from kb import cr_examples
from kb.build import Settings, link, load_sources
from kb.changed import Changes, select
from kb.errors import ContentError, KbError, KbErrors
from kb.example_runs import ablate, examples_of, run_examples
from kb.examples import AblationReport, ExampleResult
from kb.model import Example, Ruling, section_of
from kb.reports import Case, Problem, Report
from kb.store import KnowledgeBase
from kb.work_folder import cache_folder

CONTENT = ("content", "content/ is valid YAML in the content format")
INPUTS = ("inputs", "the input files (Comprehensive Rules, card data) can be read")
RECORDS = ("records", "ids are unique; every card, general ruling and rule reference resolves")


def verify(settings: Settings, changes: Changes | None = None, reuse_passes: bool = True) -> tuple[Report, KnowledgeBase | None]:
    """Every validation rule and example as a case; the knowledge base too, if it could be assembled.

    With `reuse_passes`, an example that passed before with exactly the same inputs is not run again
    (kb.example_cache); without it every example runs."""
    report = Report()
    try:
        sources = load_sources(settings)
    except KbError as e:
        if not _in_content(e):
            report.cases += [_passed(CONTENT), _errored(INPUTS, e), _skipped(RECORDS, "the inputs could not be read")]
            return report, None
        # load_sources reads content/ first, so the input files were not read yet.
        report.cases += [_failed(CONTENT, e), _skipped(INPUTS, "content/ has errors"), _skipped(RECORDS, "content/ has errors")]
        return report, None
    report.cases += [_passed(CONTENT), _passed(INPUTS)]
    try:
        kb = link(sources)
    except KbError as e:
        report.cases.append(_failed(RECORDS, e) if _in_content(e) else _errored(RECORDS, e))
        # Listed, so a CI report shows the examples rather than losing them.
        for ruling in sources.content.rulings:
            if ruling.example is not None:
                case = _example_case(ruling.example, None, f"examples.{ruling.card or 'general'}", None)
                report.cases.append(replace(case, skipped_because="not run: the records have errors"))
        for counterpart in sources.content.cr_examples:
            case = _example_case(counterpart.example, None, f"cr-examples.{section_of(counterpart.rule)}", None)
            report.cases.append(replace(case, skipped_because="not run: the records have errors"))
        return report, None
    report.cases.append(_passed(RECORDS))
    report.checked = f"{len(kb.cards)} cards, {len(kb.rulings)} rulings"
    # The release's own dangling references are reported, not failed: the release is not ours to fix.
    for dangling in kb.links.unresolved:
        where = f"{dangling.citation.kind} {dangling.citation.id}"
        report.warnings.append(
            Problem(f"{where} refers to rule {dangling.number}, which this release does not have", dangling.citation.origin)
        )
    report.warnings += dated_citations(kb)
    report.warnings += [Problem(d.message, d.counterpart.origin) for d in cr_examples.drift(kb)]
    results = _run_examples(kb, changes, report, cache_folder(settings.work_dir, "examples") if reuse_passes else None)
    report.notes.append(cr_examples.summary(kb, results))
    return report, kb


def dated_citations(kb: KnowledgeBase) -> list[Problem]:
    """Rulings citing a rule that was renumbered, deleted or reworded after their date (built with --history)."""
    problems = []
    for ruling_id, resolutions in sorted(kb.links.dated.items()):
        ruling = kb.rulings[ruling_id]
        for r in resolutions:
            if r.current is None:
                what = f"deleted in {r.deleted_in.name if r.deleted_in else 'a later release'}"
            else:
                what = ", ".join(
                    part for part in (f"now {r.current}" if r.renumbered else "", "reworded since" if r.reworded else "") if part
                )
            problems.append(
                Problem(f"ruling {ruling_id} cites rule {r.cited} as of the rules of {r.release.name}: {what}", ruling.origin)
            )
    return problems


def ablation_cases(kb: KnowledgeBase, rules: list[str] | None, report: Report) -> AblationReport:
    """Switch off the engine's rules and add one case per (rule, example) run; returns the ablation report."""
    passing = {case.name for case in report.cases if case.suite == "examples" and case.status == "passed"}
    ablation = ablate(kb, rules, passing)
    origins = {e.id: e.origin for e in examples_of(kb)}
    for run in ablation.runs:
        how = "fails only by crashing, not by a check of its own," if run.message else "still passes"
        survived = Problem(f"example {run.example_id} {how} with rule {run.rule} switched off", origins[run.example_id])
        problems = () if run.killed else (survived,)
        report.cases.append(
            Case(
                "ablation",
                f"{run.rule} {run.example_id}",
                f"with rule {run.rule} switched off, example {run.example_id} fails",
                "passed" if run.killed else "failed",
                problems,
                origin=origins[run.example_id],
            )
        )
    return ablation


def _run_examples(kb: KnowledgeBase, changes: Changes | None, report: Report, kept: Path | None) -> dict[str, ExampleResult]:
    examples = examples_of(kb)
    only = None
    if changes is not None:
        card_files = {card.id: Path(card.origin.path) for card in kb.cards.values()}
        # A CR example's counterpart is selected as a general ruling's example is: by its file and its rules.
        counterparts = (Ruling(c.id, c.text, c.origin, example=c.example) for c in kb.cr_examples.values())
        only = select([*kb.rulings.values(), *counterparts], card_files, changes).run
        report.notes.append(_selection_note(changes, len(only), len(examples)))
    results = run_examples(kb, only, kept).results
    reused = sum(result.reused for result in results.values())
    if reused:
        report.notes.append(
            f"{reused} of {len(results)} examples passed before with exactly the same inputs and were not run again"
            " (--no-cache runs every one)"
        )
    skipped = []
    for example in examples:
        result = results.get(example.id)
        if result is None:
            skipped.append(example.id)
        ruling = kb.rulings.get(example.id)
        group = f"examples.{ruling.card or 'general'}" if ruling else f"cr-examples.{section_of(kb.cr_examples[example.id].rule)}"
        report.cases.append(_example_case(example, result, group, changes))
    if skipped and changes is not None:
        report.notes.append(f"skipped {len(skipped)} example(s) unchanged since {changes.ref}: {', '.join(skipped)}")
    return results


def _example_case(example: Example, result: ExampleResult | None, group: str, changes: Changes | None) -> Case:
    """An example's case: grouped by card (or CR section) for JUnit readers, skipped when a change did not touch it."""
    case = Case(
        "examples",
        example.id,
        f"the example of ruling {example.id} holds",
        origin=example.origin,
        classname=group,
        rules=example.rules,
    )
    if result is None:
        return replace(case, status="skipped", skipped_because=f"unchanged since {changes.ref}" if changes else "not run")
    if result.passed:
        return replace(case, seconds=result.seconds, reused=result.reused)
    failure = Problem(f"example of ruling {example.id} failed: {result.message}", result.origin)
    return replace(case, status="failed", problems=(failure,), seconds=result.seconds)


def _selection_note(changes: Changes, selected: int, total: int) -> str:
    if changes.everything:
        return f"changed since {changes.ref}: running all {total} examples ({changes.everything})"
    rules = f"; rules whose implementation changed: {', '.join(sorted(changes.rules))}" if changes.rules else ""
    return f"changed since {changes.ref}: {len(changes.files)} file(s){rules}; running {selected} of {total} examples"


def _in_content(error: KbError) -> bool:
    """Whether `error` is about records (a check failure) rather than about reading the inputs."""
    errors = error.errors if isinstance(error, KbErrors) else [error]
    return all(isinstance(e, ContentError) for e in errors)


def _problems(error: KbError) -> tuple[Problem, ...]:
    errors = error.errors if isinstance(error, KbErrors) else [error]
    return tuple(Problem(e.message + (f" ({e.hint})" if e.hint else ""), e.origin) for e in errors)


def _passed(rule: tuple[str, str]) -> Case:
    return Case("validation", rule[0], rule[1])


def _failed(rule: tuple[str, str], error: KbError) -> Case:
    return Case("validation", rule[0], rule[1], "failed", _problems(error))


def _errored(rule: tuple[str, str], error: KbError) -> Case:
    return Case("validation", rule[0], rule[1], "error", _problems(error))


def _skipped(rule: tuple[str, str], because: str) -> Case:
    return Case("validation", rule[0], rule[1], "skipped", skipped_because=because)
