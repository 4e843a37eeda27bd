"""Hostile and broken inputs to `kb build`: each ends in one line naming the file, exit status 1, no traceback.

Each case writes one bad input into a copy of the project and runs the real
command; the site built before it must still be there, whole.
"""

from __future__ import annotations

import gzip
import itertools
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from kb.cli import main

Setup = Callable[[Path], list[str]]


def _scryfall(root: Path, cards_text: str, rulings_text: str = "[]") -> list[str]:
    (root / "cards.json").write_text(cards_text, encoding="utf-8")
    (root / "rulings.json").write_text(rulings_text, encoding="utf-8")
    return ["--scryfall-cards", "cards.json", "--scryfall-rulings", "rulings.json"]


def _card(**fields: object) -> str:
    return json.dumps([{"object": "card", "oracle_id": "0000", "name": "Opt", **fields}])


def _yaml(name: str, text: str | bytes) -> Setup:
    def setup(root: Path) -> list[str]:
        path = root / "content" / "cards" / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        return []

    return setup


def _deep_json(root: Path) -> list[str]:
    return _scryfall(root, "[" * 100_000 + "]" * 100_000)


def _long_number(root: Path) -> list[str]:
    return _scryfall(root, _card(power=0).replace("0}", "9" * 5000 + "}"))


def _corrupt_gzip(root: Path) -> list[str]:
    data = gzip.compress(_card().encode() * 1)
    (root / "cards.json.gz").write_bytes(data[:20] + bytes(b ^ 0x55 for b in data[20:40]) + data[40:])
    (root / "rulings.json").write_text("[]")
    return ["--scryfall-cards", "cards.json.gz", "--scryfall-rulings", "rulings.json"]


def _truncated_gzip(root: Path) -> list[str]:
    data = gzip.compress(_card().encode())
    (root / "cards.json.gz").write_bytes(data[: len(data) // 2])
    (root / "rulings.json").write_text("[]")
    return ["--scryfall-cards", "cards.json.gz", "--scryfall-rulings", "rulings.json"]


def _surrogate_in_name(root: Path) -> list[str]:
    return _scryfall(root, _card(name="Opt\ud800"))  # json.dumps writes it as the escape \\ud800


def _surrogate_in_ruling(root: Path) -> list[str]:
    ruling = {"object": "ruling", "oracle_id": "0000", "published_at": "2020-01-01", "source": "wotc", "comment": "x\udfff"}
    return _scryfall(root, _card(), json.dumps([ruling]))


def _surrogate_in_mtgjson(root: Path) -> list[str]:
    (root / "atomic.json").write_text('{"meta": {}, "data": {"Opt\\udc00": [{"type": "Instant"}]}}')
    return ["--mtgjson", "atomic.json"]


def _long_name(root: Path) -> list[str]:
    return _scryfall(root, _card(name="A" * 300))


def _folder_named_yaml(root: Path) -> list[str]:
    (root / "content" / "cards" / "folder.yaml").mkdir()
    return []


def _symlink_loop(root: Path) -> list[str]:
    (root / "content" / "cards" / "loop.yaml").symlink_to("loop.yaml")
    return []


# A key built of aliases: 9 ** 11 nodes if it were ever expanded (as printing it would), under 400 bytes on disk.
_LEVELS = "abcdefghijk"
_ALIAS_BOMB = (
    "? [&a [x,x,x,x,x,x,x,x,x],"
    + ",".join(f"&{this} [{','.join([f'*{below}'] * 9)}]" for below, this in itertools.pairwise(_LEVELS))
    + "]\n: x\nname: Bomb\n"
)


CASES: dict[str, tuple[Setup, str]] = {
    "json nested 100,000 deep": (_deep_json, r"cards\.json:1: invalid JSON: arrays or objects nested too deep"),
    "an integer of 5,000 digits": (_long_number, r"cards\.json:1: invalid JSON: a number with thousands of digits"),
    "a corrupt .json.gz": (_corrupt_gzip, r"cards\.json\.gz:1: cannot read: .*download it again"),
    "a truncated .json.gz": (_truncated_gzip, r"cards\.json\.gz:1: cannot read: .*download it again"),
    "a lone surrogate in a Scryfall name": (_surrogate_in_name, r"cards\.json:1: field 'name' holds a lone surrogate U\+D800"),
    "a lone surrogate in a Scryfall ruling": (
        _surrogate_in_ruling,
        r"rulings\.json:1: field 'comment' holds a lone surrogate U\+DFFF",
    ),
    "a lone surrogate in an MTGJSON name": (
        _surrogate_in_mtgjson,
        r"atomic\.json:1: field 'name' holds a lone surrogate U\+DC00",
    ),
    "a lone surrogate in content": (
        _yaml("s.yaml", 'name: "Opt\\ud800"\n'),
        r"content/cards/s\.yaml:1: lone surrogate U\+D800 in the text",
    ),
    "a 300-character card name": (_long_name, r"cards\.json:1: card name too long: its address would be 300 characters"),
    "a 300-character card name in content": (
        _yaml("long.yaml", "name: " + "B" * 300 + "\n"),
        r"content/cards/long\.yaml:1: card name too long",
    ),
    "YAML lists nested 5,000 deep": (
        _yaml("deep.yaml", "name: x\nrulings:\n" + "- " * 5000 + "x\n"),
        r"deep\.yaml:3: lists or mappings nested more than 100 deep",
    ),
    "YAML brackets nested 5,000 deep": (
        _yaml("brackets.yaml", "name: x\nrulings: " + "[" * 5000 + "]" * 5000 + "\n"),
        r"brackets\.yaml:2: more than 200 '\[' or '\{' open at once",
    ),
    "a NUL byte in YAML": (
        _yaml("nul.yaml", b"name: Opt\nshort_name: a\x00b\n"),
        r"nul\.yaml:2: character U\+0000 is not allowed in YAML",
    ),
    "an ESC byte in YAML": (
        _yaml("esc.yaml", b"name: a\x1b]0;x\x07\n"),
        r"esc\.yaml:1: character U\+001B is not allowed in YAML",
    ),
    "a folder named *.yaml": (_folder_named_yaml, r"content/cards/folder\.yaml: a folder, not a YAML file"),
    "a symlink loop named *.yaml": (_symlink_loop, r"content/cards/loop\.yaml: cannot read: Too many levels of symbolic links"),
    "an alias-built complex key": (_yaml("bomb.yaml", _ALIAS_BOMB), r"bomb\.yaml:1: a field name in a card must be plain text"),
    "name: null": (_yaml("null.yaml", "name: null\n"), r"null\.yaml:1: expected text, found null \(YAML's null\)"),
    "name: ~": (_yaml("tilde.yaml", "name: ~\n"), r"tilde\.yaml:1: expected text, found ~"),
}


@pytest.fixture
def built_once(site_project: Path) -> Path:
    """A copy of the built project (tests/conftest.py), as the working folder; returns its home page, which a failed build must keep."""
    return site_project / "site" / "index.html"


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_input_is_one_line(case: str, built_once: Path, capsys: pytest.CaptureFixture[str]) -> None:
    setup, expected = CASES[case]
    before = built_once.read_bytes()
    capsys.readouterr()
    project = built_once.parent.parent
    status = main(["build", *setup(project)])
    err = capsys.readouterr().err
    assert status == 1, err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    assert re.search(expected, lines[0]), lines[0]
    assert built_once.read_bytes() == before
    assert not [p.name for p in project.iterdir() if p.name.startswith((".site-", ".kb-outputs-"))]


def test_the_alias_bomb_is_small_and_never_expanded() -> None:
    assert len(_ALIAS_BOMB) < 400


def test_a_file_in_place_of_the_output_folder_is_one_line(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "out").write_text("a file where a folder should be")
    status = main(["build", "-d", "out/site"])
    err = capsys.readouterr().err
    assert status == 1
    assert err.splitlines() == [f"error: cannot write {project / 'out'}: File exists"], err


def test_names_and_texts_like_a_placeholder_token_build(built_once: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = built_once.parent.parent
    card = "name: kbraw99x\nrulings:\n  - date: 2020-01-01\n    text: kbraw99x\n"
    (project / "content" / "cards" / "placeholder.yaml").write_text(card, encoding="utf-8")
    args = _scryfall(project, _card(name="kbraw0x", oracle_text="kbraw999x"))
    assert main(["build", *args]) == 0, capsys.readouterr().err
    assert (project / "site" / "cards" / "kbraw99x.html").is_file()
    assert (project / "site" / "cards" / "kbraw0x.html").is_file()


def test_huge_input_files_are_refused_unread(built_once: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = built_once.parent.parent
    with open(project / "rules.txt", "wb") as rules:  # sparse: no disk used
        rules.truncate(3 << 30)
    capsys.readouterr()
    assert main(["build", "--rules", "rules.txt"]) == 1
    assert (
        capsys.readouterr().err
        == f"error: {project / 'rules.txt'}: larger than 64 MiB: not a Comprehensive Rules text file (check the path)\n"
    )
    with open(project / "content" / "cards" / "huge.yaml", "wb") as card:
        card.truncate(1 << 30)
    assert main(["build"]) == 1
    assert capsys.readouterr().err == (
        "error: content/cards/huge.yaml: larger than 16 MiB (a content file holds one card or a list of rulings)\n"
    )
