"""A 27,000-card build, stage by stage, against a plain `mkdocs build` of the same pages.

    python bench/bench_build.py [--cards 27000] [--data DIR] [--rules CR.txt] [--repeat 1] [--out DIR] [--keep]

Measured in this one run, and printed (nothing passes or fails):

1. the kb pipeline stage by stage (import, link, check, render, site), in one
   subprocess that runs them in order, as `kb build` does: seconds, this
   process's peak RSS per stage (its VmHWM, reset between stages through
   /proc/self/clear_refs) and the summed PSS of its process tree. The site
   stage is a whole mkdocs build, so this subprocess takes about as long as
   `kb build` itself;
2. the whole `kb build` (the real CLI, in a subprocess): wall time, peak memory,
   output files and size, and the sizes of the search indexes and the JSON API;
3. a plain `mkdocs build` of the same generated Markdown pages with the same
   theme and extensions but without the kb plugin: the baseline;
4. the ratios kb build / plain build, beside the targets of the issue.

Memory of a whole build is the summed PSS (proportional set size) of the build
process and all its descendants, sampled from /proc/<pid>/smaps_rollup every
0.2 s: kb build runs its output writers in a forked child beside mkdocs, and PSS
counts the pages parent and child share once instead of twice. The peak RSS
of the top process alone (its VmHWM) is printed too.

The input is synthetic Scryfall + MTGJSON bulk data from bench/synth.py (or
the files in --data) plus the full Comprehensive Rules. The builds alternate,
plain first (plain, kb, plain, kb … with --repeat), after the stage run has
read every input and template once, so neither starts with a colder cache;
medians are reported.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_RULES = REPO.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules 20250919.txt"
DEFAULT_OUT = REPO / "bench" / "out" / "build"
DATA_FILES = {
    "scryfall_cards": "scryfall-oracle-cards.json",
    "scryfall_rulings": "scryfall-rulings.json",
    "mtgjson": "mtgjson-AtomicCards.json",
}
STAGES = ("import", "link", "check", "render", "site")
# What kb writes beside the pages (kb/search.py, kb/web_search.py, kb/api.py). Named
# here rather than imported: this process only measures, and loads nothing of kb.
INDEXES = {"kb.sqlite": "terminal search", "search/kb-index": "web search", "api": "JSON API"}
TARGET_TIME_RATIO = 1.15
TARGET_PEAK_MIB = 1024
SAMPLE_SECONDS = 0.2
MIB = 1024  # /proc and getrusage count memory in KiB


# --- memory of a running process tree -------------------------------------------------------


def _read(path: str) -> str:
    """A /proc file's text, or "" when the process has gone (processes come and go while we sample)."""
    try:
        with open(path, encoding="ascii", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def _kib(text: str, key: str) -> int:
    """The value of a "Key:   1234 kB" line of a /proc file, or 0."""
    for line in text.splitlines():
        if line.startswith(key):
            return int(line.split()[1])
    return 0


def process_tree(root: int) -> list[int]:
    """`root` and all its descendants, found by scanning /proc (the kernel here has no .../children files)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _read(f"/proc/{entry}/stat")
            if stat:
                # The command name in parentheses may hold spaces; the parent pid is the 2nd field after it.
                ppid = int(stat.rpartition(")")[2].split()[1])
                children.setdefault(ppid, []).append(int(entry))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, ()))
    return tree


class TreeSampler(threading.Thread):
    """Samples the summed PSS of a process tree, and the top process's peak RSS, until stopped."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.samples: list[tuple[float, int]] = []  # (time.monotonic(), KiB)
        self.root_peak_rss = 0  # KiB; VmHWM only grows, so the last reading is the peak so far
        self._stopping = threading.Event()

    def run(self) -> None:
        while not self._stopping.is_set():
            now = time.monotonic()
            pss = sum(_kib(_read(f"/proc/{pid}/smaps_rollup"), "Pss:") for pid in process_tree(self.pid))
            self.samples.append((now, pss))
            self.root_peak_rss = max(self.root_peak_rss, _kib(_read(f"/proc/{self.pid}/status"), "VmHWM:"))
            self._stopping.wait(SAMPLE_SECONDS)

    def stop(self) -> None:
        self._stopping.set()
        self.join()

    def peak(self, start: float = 0.0, end: float = float("inf")) -> int:
        """The highest sample taken between `start` and `end` (KiB), 0 if none fell in that window."""
        return max((pss for t, pss in self.samples if start <= t <= end), default=0)


@dataclass
class Run:
    """One measured subprocess."""

    seconds: float
    peak_pss: int  # KiB, summed over the process tree
    root_peak_rss: int  # KiB, the top process alone
    sampler: TreeSampler = field(repr=False)


def run_sampled(command: list[str], log: Path) -> Run:
    """Run `command` in the repository, sampling its memory; stop the benchmark if it fails."""
    with log.open("w") as output:
        start = time.monotonic()
        process = subprocess.Popen(command, cwd=REPO, stdout=output, stderr=subprocess.STDOUT)
        sampler = TreeSampler(process.pid)
        sampler.start()
        status = process.wait()
        seconds = time.monotonic() - start
        sampler.stop()
    if status != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-20:]
        raise SystemExit(f"{' '.join(command[:3])} … failed with status {status}; end of {log}:\n" + "\n".join(tail))
    return Run(seconds, sampler.peak(), sampler.root_peak_rss, sampler)


# --- the stages, in a subprocess of their own -----------------------------------------------


class StageClock:
    """Writes, per stage, its start and end (time.monotonic, comparable across processes) and this process's peak RSS."""

    def __init__(self, results: Path) -> None:
        self.results = results.open("w", encoding="utf-8")
        self.current: dict | None = None

    def start(self, stage: str) -> None:
        self.stop()
        # Clearing the high-water mark makes the next reading of the peak that of this stage alone.
        reset = _reset_peak_rss()
        rss = _kib(_read("/proc/self/status"), "VmRSS:")
        self.current = {"stage": stage, "rss_start": rss, "peak_reset": reset, "start": time.monotonic()}

    def stop(self) -> None:
        if self.current is not None:
            self.current["end"] = time.monotonic()
            self.current["peak_rss"] = _peak_rss()
            self.record(self.current)
            self.current = None

    def record(self, fields: dict) -> None:
        self.results.write(json.dumps(fields) + "\n")
        self.results.flush()


def _peak_rss() -> int:
    """This process's peak RSS in KiB (since the last reset).

    VmHWM rather than getrusage's ru_maxrss: a process started by vfork + exec (as
    subprocess does) inherits its parent's peak as an ru_maxrss floor, so a stage
    run from a large parent (pytest, say) would seem to use at least as much.
    """
    return _kib(_read("/proc/self/status"), "VmHWM:") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _reset_peak_rss() -> bool:
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:  # not Linux >= 4.0, or not permitted: peaks are then cumulative
        return False


def run_stages(spec: dict[str, str]) -> None:
    """The pipeline of `kb build` in named stages, plus the plain mkdocs project of the same pages."""
    import kb.build as build
    from kb import plugin
    from kb.build import Checked
    from kb.project import load_project, settings

    data = Path(spec["data"])
    inputs = {option: data / name for option, name in DATA_FILES.items()}
    config = load_project(REPO / "mkdocs.yml", {"rules": Path(spec["rules"]), **inputs})
    project = settings(config)
    clock = StageClock(Path(spec["results"]))

    clock.start("import")
    sources = build.load_sources(project)
    clock.start("link")
    kb = build.link(sources)
    del sources
    clock.start("check")
    checked = Checked(kb, build.check(kb))
    clock.start("render")
    pages = build.render(checked, project)
    clock.stop()

    write_plain_project(Path(spec["plain"]), pages, config)
    counts = {"cards": len(kb.cards), "rulings": len(kb.rulings), "rules": len(kb.rules), "pages": len(pages)}
    clock.record({"counts": counts})
    del pages  # kb build holds only the plugin's own copy of the pages while mkdocs runs

    # The site stage is the rest of `kb build`: the plugin renders the pages again in on_config,
    # writes the indexes and the API beside mkdocs, and the site is swapped in. Steps 1-3 are
    # done already, so the plugin is given their result rather than redoing them.
    plugin.prepare = lambda _settings: checked
    del kb
    clock.start("site")
    build.build_site(config, Path(spec["site"]))
    clock.stop()


def write_plain_project(root: Path, pages: list, config) -> None:
    """A mkdocs project of the generated pages: the project's mkdocs.yml without the kb plugin."""
    from kb.plugin import add_optional_pages

    docs = root / "docs"
    shutil.copytree(config.docs_dir, docs)  # the static assets: kb.css, kb-search.js
    for page in pages:
        path = docs / page.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(page.text, encoding="utf-8")
    # Pages the plugin adds to the navigation when it generates them.
    nav = list(config.nav or [])
    add_optional_pages(nav, {page.path for page in pages})
    # INHERIT keeps theme, extra css/js, markdown extensions and not_in_nav as they are;
    # lists are replaced, which drops the plugins. custom_dir must become absolute.
    plain = {
        "INHERIT": str(Path(config.config_file_path).resolve()),
        "docs_dir": "docs",
        "site_dir": "site",
        "theme": {"custom_dir": str(Path(config.theme.custom_dir).resolve())},
        "plugins": [],
        "nav": nav,
    }
    (root / "mkdocs.yml").write_text(json.dumps(plain, indent=1), encoding="utf-8")  # JSON is YAML


# --- the benchmark ----------------------------------------------------------------------------


def ensure_data(args: argparse.Namespace, out: Path) -> Path:
    """The synthetic bulk files: those in --data if all are there, else freshly generated."""
    data = args.data.resolve() if args.data else out / "data"
    if args.data and all((data / name).is_file() for name in DATA_FILES.values()):
        return data
    command = [sys.executable, str(REPO / "bench" / "synth.py"), str(data), "--cards", str(args.cards)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return data


def measure_stages(data: Path, rules: Path, out: Path) -> tuple[list[dict], dict[str, int]]:
    results = out / "stages.jsonl"
    spec = {"data": str(data), "rules": str(rules), "plain": str(out / "plain"), "site": str(out / "stage-site"),
            "results": str(results)}  # fmt: skip
    (out / "stages.json").write_text(json.dumps(spec), encoding="utf-8")
    run = run_sampled([sys.executable, __file__, "--run-stages", str(out / "stages.json")], out / "stages.log")
    stages, counts = [], {}
    for line in results.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if "counts" in record:
            counts = record["counts"]
        else:
            record["peak_pss"] = run.sampler.peak(record["start"], record["end"])
            stages.append(record)
    return stages, counts


def measure_plain(out: Path) -> Run:
    shutil.rmtree(out / "plain" / "site", ignore_errors=True)
    mkdocs = _script("mkdocs")
    return run_sampled([*mkdocs, "build", "-f", str(out / "plain" / "mkdocs.yml")], out / "plain.log")


def measure_kb(data: Path, rules: Path, out: Path) -> Run:
    shutil.rmtree(out / "kb-site", ignore_errors=True)  # else kb build also times removing the last one
    files = [f"--{option.replace('_', '-')}={data / name}" for option, name in DATA_FILES.items()]
    command = [*_script("kb"), "build", "-f", str(REPO / "mkdocs.yml"), f"--rules={rules}", *files, "-d", str(out / "kb-site")]
    return run_sampled(command, out / "kb.log")


def _script(name: str) -> list[str]:
    """The console script `name` of the Python running this benchmark."""
    script = Path(sys.executable).parent / name
    if script.is_file():
        return [str(script)]
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is not installed beside {sys.executable} nor on PATH")
    return [found]


def tree_size(path: Path) -> tuple[int, int]:
    """(files, bytes) under `path`, or of `path` itself when it is a file; (0, 0) if missing."""
    if path.is_file():
        return 1, path.stat().st_size
    files = [p for p in path.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


# --- the report ---------------------------------------------------------------------------------


def mib(kib: float) -> str:
    return f"{kib / MIB:,.0f}" if kib else "-"


def report(stages: list[dict], plain: list[Run], kb: list[Run], out: Path) -> None:
    kb_seconds = statistics.median(r.seconds for r in kb)
    kb_pss = statistics.median(r.peak_pss for r in kb)
    plain_seconds = statistics.median(r.seconds for r in plain)
    plain_pss = statistics.median(r.peak_pss for r in plain)

    print("\nStages, once, in order in one process (% of the kb build's median)")
    print(f"{'stage':<8}{'seconds':>9}{'time %':>8}{'RSS start':>11}{'peak RSS':>10}{'tree PSS':>10}{'mem %':>7}   (MiB)")
    for s in stages:
        cumulative = "" if s["peak_reset"] else "*"
        share = f"{s['peak_pss'] / kb_pss:.0%}" if s["peak_pss"] else "-"
        print(
            f"{s['stage']:<8}{s['end'] - s['start']:>9.1f}{(s['end'] - s['start']) / kb_seconds:>8.0%}"
            f"{mib(s['rss_start']):>11}{mib(s['peak_rss']) + cumulative:>10}{mib(s['peak_pss']):>10}{share:>7}"
        )
    total = sum(s["end"] - s["start"] for s in stages)
    print(f"{'sum':<8}{total:>9.1f}{total / kb_seconds:>8.0%}")
    other = kb_seconds - total
    print(f"{'other':<8}{other:>9.1f}{other / kb_seconds:>8.0%}   (kb build minus the stages: start-up, noise)")
    if not all(s["peak_reset"] for s in stages):
        print("* the peak could not be reset between stages: a running maximum")

    def row(label: str, a: float, b: float, fmt: str, target: str = "") -> None:
        ratio = f"{b / a:.2f}" if a else "-"
        print(f"{label:<26}{format(a, fmt):>12}{format(b, fmt):>12}{ratio:>10}  {target}".rstrip())

    runs = len(kb)
    print(f"\nWhole builds, median of {runs} run{'s' * (runs > 1)} each (order: {', '.join(['plain, kb'] * runs)})")
    print(f"{'':<26}{'plain mkdocs':>12}{'kb build':>12}{'kb/plain':>10}  target")
    row("wall time (s)", plain_seconds, kb_seconds, ".1f", f"≤ {TARGET_TIME_RATIO:.2f}")
    row("peak tree PSS (MiB)", plain_pss / MIB, kb_pss / MIB, ",.0f", f"kb < {TARGET_PEAK_MIB:,} MiB")
    plain_rss = statistics.median(r.root_peak_rss for r in plain)
    row("peak RSS, top proc (MiB)", plain_rss / MIB, statistics.median(r.root_peak_rss for r in kb) / MIB, ",.0f")
    plain_files, plain_bytes = tree_size(out / "plain" / "site")
    kb_files, kb_bytes = tree_size(out / "kb-site")
    row("output files", plain_files, kb_files, ",d")
    row("output size (MB)", plain_bytes / 1e6, kb_bytes / 1e6, ",.1f")

    print("\nkb build's indexes and API")
    for rel, what in INDEXES.items():
        files, size = tree_size(out / "kb-site" / rel)
        where = f"site/{rel}" + ("" if (out / "kb-site" / rel).is_file() else "/")
        print(f"{where:<22}{what:<16}{size / 1e6:>9.1f} MB{files:>9,} file{'s' * (files != 1)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=27_000, help="synthetic cards to generate (bench/synth.py)")
    parser.add_argument("--data", type=Path, help="reuse the synthetic files in DIR (generated there if missing)")
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES, help="the Comprehensive Rules text file")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each whole build; medians are printed")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="working folder (default: bench/out/build)")
    parser.add_argument("--keep", action="store_true", help="keep the sites, the plain project and the logs in --out")
    parser.add_argument("--run-stages", type=Path, help=argparse.SUPPRESS)  # the stage subprocess
    args = parser.parse_args(argv)
    if args.run_stages:
        run_stages(json.loads(args.run_stages.read_text(encoding="utf-8")))
        return 0

    out, rules = args.out.resolve(), args.rules.resolve()
    if not rules.is_file():
        raise SystemExit(f"Comprehensive Rules file not found: {rules} (give one with --rules)")
    for leftover in ("plain", "stage-site", "kb-site"):  # from an earlier --keep
        shutil.rmtree(out / leftover, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    try:
        data = ensure_data(args, out)
        print(f"kb build benchmark\ndata:  {data}\nrules: {rules.name}")
        print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start", flush=True)
        stages, counts = measure_stages(data, rules, out)
        shutil.rmtree(out / "stage-site")  # only its timing mattered; the kb build writes the site kept
        print(", ".join(f"{value:,} {name}" for name, value in counts.items()), flush=True)
        plain, kb = [], []
        for i in range(1, args.repeat + 1):
            plain.append(measure_plain(out))
            print(f"run {i}: plain mkdocs {plain[-1].seconds:6.1f} s {mib(plain[-1].peak_pss):>6} MiB", flush=True)
            kb.append(measure_kb(data, rules, out))
            print(f"run {i}: kb build     {kb[-1].seconds:6.1f} s {mib(kb[-1].peak_pss):>6} MiB", flush=True)
        report(stages, plain, kb, out)
        print(f"\nbenchmark took {time.monotonic() - started:.0f} s; load average {os.getloadavg()[0]:.2f} at the end")
        if args.keep:
            print(f"kept in {out}: kb-site/, plain/ (mkdocs.yml, docs/, site/), *.log")
    finally:
        if not args.keep:
            for item in ("plain", "stage-site", "kb-site", "data" if not args.data else ""):
                if item:
                    shutil.rmtree(out / item, ignore_errors=True)
            for log in (*out.glob("*.log"), *out.glob("stages.json*")):
                log.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
