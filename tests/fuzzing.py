"""Mutation fuzzing of the importers, on samples of the real inputs in ../shared/data.

Each round takes a real file (a Comprehensive Rules release, the project's own
content YAML, a sample of the Scryfall or MTGJSON bulk data), damages it a few
times at random — flipped bytes, cut or repeated spans, tokens an attacker
would try (a lone surrogate escape, brackets thousands deep, a number of
thousands of digits, NUL and ESC bytes, YAML aliases) — and feeds it to the
importer. The importer may accept the input or refuse it with a `KbError`
whose every message is one line; anything else (another exception, or a
round that outlives its deadline) is a crash, reported with the seed that
reproduces it.

The tests run a few dozen rounds; `bench/bench_fuzz.py` runs a thousand.
The real files are read where they lie, never copied.
"""

from __future__ import annotations

import functools
import gzip
import itertools
import json
import random
import re
import shutil
import signal
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from kb.errors import KbError, KbErrors
from kb.sources import mtgjson, scryfall
from kb.sources.content import load_content
from kb.sources.cr_text import parse_rules
from kb.sources.json_stream import iter_members

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data"
CR_FILE = DATA / "comprehensive-rules" / "MagicCompRules 20250919.txt"
SCRYFALL_FILE = DATA / "cards" / "scryfall-oracle-cards-2019-09.json.gz"
MTGJSON_FILE = DATA / "cards" / "mtgjson-AtomicCards-5.2.0.json.gz"
CONTENT = REPO / "content"

# What an attacker types: each may land anywhere in a file.
_TOKENS = (
    b"\\ud800",
    b"\\udfff\\ud800",
    b"\xed\xa0\x80",  # a surrogate encoded as UTF-8 bytes
    b"[" * 3000,
    b"{" * 3000,
    b"9" * 5000,
    b"-1e999999",
    b"\x00",
    b"\x1b]0;x\x07",
    b"\x9b",
    b"\xff\xfe",
    b"null",
    b'"',
    b"\\",
    b",",
    b":",
    b"}",
    b"]",
    b"\r",
    b"\n\n",
    b"\xe2\x80\xa8",
    b"kbraw0x",
    b"<script>alert(1)</script>",
    b"A" * 400,
)
_YAML_TOKENS = (
    b"&a ",
    b"*a",
    b"*nothing",
    b"? ",
    b": ",
    b"- ",
    b"!!python/object/apply:os.system ['true'] ",
    b"!!binary ",
    b"\t",
    b"|",
    b">",
    b"~",
    b"---\n",
    b"...\n",
    b"%YAML 1.1\n",
    b"<<: ",
    b'"\\ud800"',
)


@dataclass
class Tally:
    """What a fuzzing run saw."""

    accepted: int = 0
    refused: int = 0
    crashes: list[str] = field(default_factory=list)

    @property
    def rounds(self) -> int:
        return self.accepted + self.refused + len(self.crashes)


def mutate(data: bytes, rng: random.Random, tokens: tuple[bytes, ...] = _TOKENS) -> bytes:
    """`data` damaged one to four times."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(data) + 1)
        kind = rng.randrange(6)
        if kind == 0 and data:  # flip a byte
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
        elif kind == 1:  # cut a span
            data = data[:at] + data[at + rng.randint(1, 400) :]
        elif kind == 2:  # repeat a span elsewhere
            start = rng.randrange(len(data) + 1)
            data = data[:at] + data[start : start + rng.randint(1, 400)] + data[at:]
        elif kind == 3:  # truncate
            data = data[:at]
        else:  # an attacker's token
            data = data[:at] + rng.choice(tokens) + data[at:]
    return data


# --- the targets: each takes a random source and a scratch folder, and imports one damaged input ------------


def fuzz_cr(rng: random.Random, scratch: Path) -> None:
    parse_rules(mutate(_cr_bytes(), rng), str(scratch / "rules.txt"))


def fuzz_content(rng: random.Random, scratch: Path) -> None:
    root = scratch / "content"
    shutil.copytree(CONTENT, root)
    victims = sorted(root.glob("*/*.yaml"))
    for victim in rng.sample(victims, rng.randint(1, 2)):
        victim.write_bytes(mutate(victim.read_bytes(), rng, _TOKENS + _YAML_TOKENS))
    load_content(root)


def fuzz_scryfall(rng: random.Random, scratch: Path) -> None:
    cards, rulings = _scryfall_sample()
    if rng.random() < 0.7:
        cards = mutate(cards, rng)
    else:
        rulings = mutate(rulings, rng)
    scryfall.load(_write(scratch / "cards.json", cards, rng), _write(scratch / "rulings.json", rulings, rng))


def fuzz_mtgjson(rng: random.Random, scratch: Path) -> None:
    mtgjson.load(_write(scratch / "atomic.json", mutate(_mtgjson_sample(), rng), rng))


TARGETS: dict[str, Callable[[random.Random, Path], None]] = {
    "cr": fuzz_cr,
    "content": fuzz_content,
    "scryfall": fuzz_scryfall,
    "mtgjson": fuzz_mtgjson,
}


def run(name: str, rounds: int, seed: int = 0, deadline: float = 20.0) -> Tally:
    """`rounds` damaged inputs for target `name`; round i uses seed `seed + i`."""
    target, tally = TARGETS[name], Tally()
    for index in range(seed, seed + rounds):
        with tempfile.TemporaryDirectory(prefix="kb-fuzz-") as scratch:
            try:
                with _deadline(deadline):
                    target(random.Random(index), Path(scratch))
            except KbError as e:
                lines = [str(error) for error in (e.errors if isinstance(e, KbErrors) else [e])]
                if any("\n" in line for line in lines):
                    tally.crashes.append(f"{name} seed {index}: a message of several lines: {lines!r:.300}")
                else:
                    tally.refused += 1
            except Exception:
                tally.crashes.append(f"{name} seed {index}: {traceback.format_exc(limit=-3)}")
            else:
                tally.accepted += 1
    return tally


class _Timeout(Exception):
    pass


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise _Timeout (a crash: it is no KbError) when a round takes longer than `seconds`."""

    def expire(signum: int, frame: object) -> None:
        raise _Timeout(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --- samples of the real files -----------------------------------------------------------------------------


def available() -> str:
    """'' when the real inputs are there; else what is missing."""
    missing = [str(path) for path in (CR_FILE, SCRYFALL_FILE, MTGJSON_FILE) if not path.is_file()]
    return ", ".join(missing)


@functools.cache
def _cr_bytes() -> bytes:
    return CR_FILE.read_bytes()


@functools.cache
def _scryfall_sample(every: int = 250) -> tuple[bytes, bytes]:
    """Every `every`-th card of the real file (all layouts appear) and rulings for some of them, in Scryfall's shape.

    The 2019 card file carries no rulings, so the rulings are MTGJSON's real
    ones, reshaped into Scryfall ruling objects, and their cards are added.
    """
    rulings = _mtgjson_rulings()
    with gzip.open(SCRYFALL_FILE, "rt", encoding="utf-8") as stream:
        lines = [
            line.rstrip().rstrip(",")
            for index, line in enumerate(stream)
            if line.startswith("{") and (index % every == 0 or _ORACLE_ID.search(line)[1] in rulings)
        ]
    ruled = {_ORACLE_ID.search(line)[1] for line in lines}
    objects = [
        {"object": "ruling", "oracle_id": oracle_id, "source": "wotc", "published_at": r["date"], "comment": r["text"]}
        for oracle_id, ruling_list in rulings.items()
        if oracle_id in ruled
        for r in ruling_list
    ]
    return ("[\n" + ",\n".join(lines) + "\n]\n").encode(), json.dumps(objects, indent=0).encode()


_ORACLE_ID = re.compile(r'"oracle_id": "([^"]*)"|$')


@functools.cache
def _mtgjson_entries(every: int = 20, stop: int = 2500) -> dict[str, list]:
    """Every `every`-th of the first `stop` entries (names from '"Ach! Hans, Run!"' to 'C…'): the file is read only that far."""
    return {e.key or "": e.value for e in itertools.islice(iter_members(MTGJSON_FILE, "data"), 0, stop, every)}


@functools.cache
def _mtgjson_rulings() -> dict[str, list[dict]]:
    return {
        face["identifiers"]["scryfallOracleId"]: face["rulings"]
        for faces in _mtgjson_entries().values()
        for face in faces[:1]
        if face.get("rulings") and face.get("identifiers", {}).get("scryfallOracleId")
    }


@functools.cache
def _mtgjson_sample() -> bytes:
    return json.dumps({"meta": {"version": "5.2.0"}, "data": _mtgjson_entries()}, indent=2).encode()


def _write(path: Path, data: bytes, rng: random.Random) -> Path:
    """Write `data`, as a .gz a quarter of the time (with its compressed bytes sometimes damaged too)."""
    if rng.random() < 0.75:
        path.write_bytes(data)
        return path
    packed = gzip.compress(data, compresslevel=1)
    if rng.random() < 0.5:
        packed = mutate(packed, rng, (b"\x00", b"\xff" * 8))
    gz = path.with_name(path.name + ".gz")
    gz.write_bytes(packed)
    return gz
