"""How long `kb serve` takes to show an edited ruling, against its own first full build.

    python bench/bench_serve.py [--cards 27000] [--data DIR] [--rules CR.txt] [--edits 5] [--keep]

Copies the project (mkdocs.yml, templates/, content/) into a folder under
bench/out/serve/, starts `kb serve` there on a free port with the full
Comprehensive Rules and synthetic bulk files (bench/synth.py), and waits for the
first build: the time from starting the command until the server answers with
the edited card's page.

Then, N times, it rewrites one ruling of a curated card in content/cards/ so
that its text changes and it cites a rule it did not cite before (a different
rule, on a different section page, each time), notes the moment the file is
written and polls over HTTP every 50 ms until

(a) the card's page shows the new text, and
(b) the cited rule's section page lists the ruling under that rule's "Cited by".

Printed: both latencies per edit, with the build time the server logged for
it; their median and maximum; the median edit latency as a ratio to the first
full build of the same run, with the 3 s target beside it (information, not
an assertion); the load average at start and end (the machine is shared).

Between edits the script waits until the server is idle again (the build
logged, the child that rewrites the search indexes and the API gone), so each
edit is measured on its own rather than queued behind the previous one.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

# The project's own ids and URLs, so the pages are looked for exactly where kb puts them.
from kb.model import ruling_id, slugify  # noqa: E402
from kb.urls import card_url, relative, rule_page  # noqa: E402

DEFAULT_RULES = REPO.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules 20250919.txt"
DEFAULT_OUT = REPO / "bench" / "out" / "serve"
DATA_FILES = {
    "scryfall_cards": "scryfall-oracle-cards.json",
    "scryfall_rulings": "scryfall-rulings.json",
    "mtgjson": "mtgjson-AtomicCards.json",
}
PROJECT = ("mkdocs.yml", "templates", "content")
# Rules in different sections, none cited by the curated rulings: each edit cites
# the next one, so each edit changes the "Cited by" list of a different page
# (and takes the citation off the page the previous edit put it on).
EDIT_RULES = ("702.9a", "509.1a", "121.1", "704.5a", "305.7")
TARGET_SECONDS = 3.0
POLL_SECONDS = 0.05
FIRST_BUILD_TIMEOUT = 1800.0
EDIT_TIMEOUT = 300.0
SETTLE_TIMEOUT = 600.0
BUILT = re.compile(r"Documentation built in ([\d.]+) seconds")


# --- the server ----------------------------------------------------------------------------


def free_port() -> int:
    """A port nothing listens on now (the OS picks it; there is a small race, acceptable here)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# `kb serve` exactly as the command runs it, with mkdocs' INFO log switched on: the
# `kb` command configures no logging, so on its own it prints only warnings, and
# "Documentation built in N seconds" is how the script learns a rebuild is done.
SERVE = (
    "import logging, sys\n"
    "logging.basicConfig(level=logging.INFO, format='%(asctime)s %(levelname)s %(name)s: %(message)s')\n"
    "from kb.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


class Server:
    """`kb serve` as a subprocess, its output in a log file (a pipe nobody reads would fill and block it)."""

    def __init__(self, project: Path, port: int, rules: Path, data: Path, log: Path) -> None:
        self.base = f"http://127.0.0.1:{port}/"
        self.log = log
        files = [f"--{option.replace('_', '-')}={data / name}" for option, name in DATA_FILES.items()]
        command = [sys.executable, "-c", SERVE, "serve", "-a", f"127.0.0.1:{port}", f"--rules={rules}", *files]
        self.started = time.perf_counter()
        with open(log, "wb") as out:
            # Its own session: the forked helpers it starts can be found (and, if need be, stopped) as its group.
            # SIGINT restored to its default: started from a background shell job it would be inherited as
            # ignored, and `stop` could not ask mkdocs to shut down (and delete its temporary site) cleanly.
            self.process = subprocess.Popen(
                command,
                cwd=project,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            )

    def stop(self) -> None:
        """Ctrl-C first, which lets mkdocs delete its temporary site folder; then terminate, then kill."""
        process = self.process
        for send, grace in ((lambda: process.send_signal(signal.SIGINT), 20), (process.terminate, 10), (process.kill, 10)):
            if process.poll() is not None:
                break
            send()
            try:
                process.wait(grace)
            except subprocess.TimeoutExpired:
                continue
        # A forked helper (the output writer) outlives a parent that was killed; it is in the server's group.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)

    def check_running(self) -> None:
        if self.process.poll() is not None:
            raise SystemExit(f"kb serve exited with status {self.process.returncode}:\n{self.log_tail()}")

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def builds_logged(self) -> list[float]:
        """The seconds of every build mkdocs has logged so far, first build first."""
        return [float(m) for m in BUILT.findall(self.log_text())]

    def get(self, path: str) -> str | None:
        """A page's text, or None while the server does not answer or has no such page yet."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=10) as response:
                return response.read().decode("utf-8", errors="replace")
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return None

    def children(self) -> list[int]:
        """The server's descendant processes (the output writer it forks after each build)."""
        parents: dict[int, int] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue  # gone while we looked
                # The command name in parentheses may hold spaces; the parent pid is the 2nd field after it.
                parents[int(entry)] = int(stat.rpartition(")")[2].split()[1])
        found, todo = [], [self.process.pid]
        while todo:
            pid = todo.pop()
            kids = [child for child, parent in parents.items() if parent == pid]
            found += kids
            todo += kids
        return found

    def settle(self, builds: int) -> float:
        """Wait until `builds` builds are logged and no helper process runs; returns the seconds waited."""
        start = time.perf_counter()
        while len(self.builds_logged()) < builds or self.children():
            self.check_running()
            if time.perf_counter() - start > SETTLE_TIMEOUT:
                raise SystemExit(f"kb serve did not become idle within {SETTLE_TIMEOUT:.0f} s:\n{self.log_tail()}")
            time.sleep(0.2)
        return time.perf_counter() - start


# --- the edited ruling -----------------------------------------------------------------------


@dataclass
class EditedRuling:
    """One ruling in a card file, and where it shows: its card's page and its id there."""

    file: Path
    index: int  # among the file's rulings
    card: str
    ruling: str
    original: str

    @property
    def card_page(self) -> str:
        return card_url(self.card)

    def href_from(self, page: str) -> str:
        """The ruling's link as written on `page`."""
        return relative(f"{card_url(self.card)}#{self.ruling}", page)


def pick_target(content: Path) -> EditedRuling:
    """The first ruling of the first curated card file that has rulings."""
    for file in sorted((content / "cards").glob("*.yaml")):
        record = yaml.safe_load(file.read_text(encoding="utf-8"))
        rulings = record.get("rulings") or []
        if rulings:
            card, index = slugify(record["name"]), 0
            date = rulings[index].get("date")
            # A card ruling's id is card + date + ordinal among that card's rulings of that date
            # (checked against the served page once it is built).
            ordinal = sum(1 for r in rulings[: index + 1] if r.get("date") == date)
            return EditedRuling(file, index, card, ruling_id(card, date, ordinal), rulings[index]["text"])
    raise SystemExit(f"no curated card with rulings in {content / 'cards'}")


def write_ruling_text(target: EditedRuling, text: str) -> None:
    """Replace the ruling's `text:` value in place, as an author would, leaving every other line as it is.

    The YAML is not loaded and dumped again: that would reformat the whole file
    and move every ruling's line number, which is not the edit being measured.
    The value is found by its position in the file and replaced by a
    double-quoted scalar (JSON string syntax is valid YAML).
    """
    source = target.file.read_text(encoding="utf-8")
    root = yaml.compose(source)
    rulings = next(value for key, value in root.value if key.value == "rulings")
    node = next(value for key, value in rulings.value[target.index].value if key.value == "text")
    start, end = node.start_mark.index, node.end_mark.index
    # A block scalar (`>-`) ends after its last line's newline; keep the line break.
    replacement = json.dumps(text, ensure_ascii=False) + ("\n" if source[start:end].endswith("\n") else "")
    target.file.write_text(source[:start] + replacement + source[end:], encoding="utf-8")


def cited_under(page: str, rule: str, href: str) -> bool:
    """Whether `page` (a rule section's HTML) links to `href` in the "Cited by" list of `rule`."""
    start = page.find(f'id="{rule}"')
    if start < 0:
        return False
    end = page.find('class="kb-rule-number"', start + 1)
    block = page[start : end if end > 0 else len(page)]
    cited = block.find('class="kb-cited-by"')
    return cited >= 0 and f'href="{href}"' in block[cited:]


# --- measuring -----------------------------------------------------------------------------------


@dataclass
class Edit:
    rule: str
    card_seconds: float
    cited_seconds: float
    build_seconds: float | None  # what mkdocs logged for the rebuild
    settle_seconds: float  # waiting for the server to be idle afterwards (not part of the latency)

    @property
    def seconds(self) -> float:
        return max(self.card_seconds, self.cited_seconds)


def measure_edit(server: Server, target: EditedRuling, number: int, rule: str, builds_before: int) -> Edit:
    section = rule_page(rule)
    href = target.href_from(section)
    before = server.get(section)
    if before is None or f'id="{rule}"' not in before:
        raise SystemExit(f"rule {rule} is not on {section}: choose rules that exist in this CR release")
    if cited_under(before, rule, href):
        raise SystemExit(f"{section} already lists the ruling under {rule}: the edit would change nothing there")

    marker = f"bench-serve edit {number} {os.urandom(4).hex()}"
    write_ruling_text(target, f"{target.original} ({marker}) See rule {rule}.")
    written = time.perf_counter()

    card_at = cited_at = None
    while card_at is None or cited_at is None:
        if card_at is None:
            page = server.get(target.card_page)
            if page is not None and marker in page:
                card_at = time.perf_counter() - written
        if cited_at is None:
            page = server.get(section)
            if page is not None and cited_under(page, rule, href):
                cited_at = time.perf_counter() - written
        if time.perf_counter() - written > EDIT_TIMEOUT:
            raise SystemExit(f"edit {number}: not shown after {EDIT_TIMEOUT:.0f} s (card page: {card_at}, {section}: {cited_at})")
        server.check_running()
        time.sleep(POLL_SECONDS)

    settle = server.settle(builds_before + 1)
    logged = server.builds_logged()
    # Normally one rebuild per edit; if the watcher saw the write as two events, the first answer is the one shown.
    build = logged[builds_before] if len(logged) > builds_before else None
    return Edit(rule, card_at, cited_at, build, settle)


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def ensure_data(args: argparse.Namespace, out: Path) -> Path:
    """The synthetic bulk files: those in --data if all are there, else generated (there, or under out/)."""
    data = args.data.resolve() if args.data else out / "data"
    if all((data / name).is_file() for name in DATA_FILES.values()):
        return data
    print(f"generating {args.cards} synthetic cards into {data} …", flush=True)
    command = [sys.executable, str(REPO / "bench" / "synth.py"), str(data), "--cards", str(args.cards)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return data


def run(args: argparse.Namespace, work: Path, data: Path) -> None:
    project = work / "project"
    project.mkdir()
    for name in PROJECT:
        source = REPO / name
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, project / name)
    target = pick_target(project / "content")
    print(f"edited ruling: {target.ruling} ({target.file.relative_to(project)}), rules cited in turn: {', '.join(EDIT_RULES)}")

    port = free_port()
    server = Server(project, port, args.rules.resolve(), data, work / "serve.log")
    try:
        # The first build: from starting the command (imports and reading the inputs included,
        # as an author waits for them) until the server answers with the card's page.
        while server.get(target.card_page) is None:
            server.check_running()
            if time.perf_counter() - server.started > FIRST_BUILD_TIMEOUT:
                raise SystemExit(f"no first build within {FIRST_BUILD_TIMEOUT:.0f} s:\n{server.log_tail()}")
            time.sleep(POLL_SECONDS)
        first = time.perf_counter() - server.started
        logged = server.builds_logged()
        page = server.get(target.card_page) or ""
        if f'id="{target.ruling}"' not in page:
            raise SystemExit(
                f"{target.card_page} has no ruling with id {target.ruling}: the script's idea of ruling ids is out of date"
            )
        idle = server.settle(1)
        print(f"first full build: {first:.1f} s to the first page served (mkdocs logged {logged[0]:.1f} s for its build)")
        print(f"waited {idle:.1f} s more for the server to be idle (search indexes and API written in the background)")

        edits = []
        print(
            f"\n{'edit':>4} {'rule':<8} {'card page s':>11} {'cited by s':>10} {'both s':>7} {'build logged s':>14} {'idle after s':>12}"
        )
        for number in range(1, args.edits + 1):
            rule = EDIT_RULES[(number - 1) % len(EDIT_RULES)]
            edit = measure_edit(server, target, number, rule, len(server.builds_logged()))
            edits.append(edit)
            build = f"{edit.build_seconds:.2f}" if edit.build_seconds is not None else "-"
            print(
                f"{number:>4} {rule:<8} {edit.card_seconds:>11.2f} {edit.cited_seconds:>10.2f} {edit.seconds:>7.2f} "
                f"{build:>14} {edit.settle_seconds:>12.1f}",
                flush=True,
            )
    finally:
        server.stop()

    def summary(values: list[float]) -> str:
        return f"median {statistics.median(values):.2f} s, max {max(values):.2f} s"

    median = statistics.median(e.seconds for e in edits)
    print(f"\ncard page shows the new text:  {summary([e.card_seconds for e in edits])}")
    print(f"rule page lists the ruling:    {summary([e.cited_seconds for e in edits])}")
    print(f"both (the edit latency):       {summary([e.seconds for e in edits])}")
    print(
        f"median edit latency / first full build: {median / first:.3f} (target: edit latency ≤ {TARGET_SECONDS:.0f} s; information only)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=27_000, help="synthetic cards to generate (bench/synth.py)")
    parser.add_argument("--data", type=Path, help="the synthetic bulk files in DIR (generated there if missing)")
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES, help="the Comprehensive Rules text file")
    parser.add_argument("--edits", type=int, default=5, help="edits to measure (default 5)")
    parser.add_argument("--keep", action="store_true", help="keep the project copy and the server log, and print where")
    args = parser.parse_args(argv)
    if args.edits < 1:
        parser.error("--edits must be at least 1")
    if not args.rules.is_file():
        parser.error(f"no Comprehensive Rules file at {args.rules}")

    # A plain SIGTERM (timeout(1), a CI runner) would end this script without its
    # `finally` blocks and leave the server running: make it an ordinary exit.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    DEFAULT_OUT.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="run-", dir=DEFAULT_OUT))
    print(f"kb serve benchmark\nload average at start: {load_average()} (1, 5, 15 min; {os.cpu_count()} cores)")
    try:
        data = ensure_data(args, work)
        print(f"data:  {data}\nrules: {args.rules.name}")
        run(args, work, data)
    finally:
        print(f"load average at end:   {load_average()}")
        if args.keep:
            print(f"kept: {work} (the project copy, serve.log)")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
