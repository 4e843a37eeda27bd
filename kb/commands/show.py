"""kb show RECORD: one rule, card, glossary term or ruling, with its links and what cites it.

RECORD is a rule number (302.6), a name (Laelia, historic) or an id; it is
looked up in the built site's offline index. Text is wrapped to the terminal
(80 columns when not on one); colours only on a terminal, and never with NO_COLOR.
This module also holds the terminal helpers `kb search` uses.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from kb.errors import KbError
from kb.sanitize import json_text, visible, visible_between, visible_data
from kb.search import MARK_END, MARK_START, Hit, SearchIndex, default_index, strip_marks
from kb.text import shorten

if TYPE_CHECKING:  # imported when --history asks: `kb show` starts faster without the history's code
    from kb.history import RulesHistory

INDENT = "  "


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", nargs="+", help="a rule number (302.6), a card or glossary name, or a record id")
    parser.add_argument("--json", action="store_true", help="print the record's JSON API document")
    parser.add_argument("--history", action="store_true", help="a rule's history across releases (a site built with --history)")
    add_index_arguments(parser)


def add_index_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the terminal's commands find the index: `kb show` and `kb search` alike."""
    parser.add_argument("-f", "--config", type=Path, default=Path("mkdocs.yml"), help="the project's mkdocs.yml (for site_dir)")
    parser.add_argument("--index", type=Path, help="the index file (default: SITE_DIR/kb.sqlite)")


def open_index(args: argparse.Namespace) -> SearchIndex:
    return SearchIndex(args.index or default_index(args.config))


def run(args: argparse.Namespace) -> int:
    query = " ".join(args.record)
    with open_index(args) as index:
        hit, others = resolve(index, query)
        document = index.document(hit.kind, hit.id)
        assert document is not None, "every indexed record has its document"
        if args.json:
            print(json_text({"kind": hit.kind, "id": hit.id, "record": document}, indent=2, sort_keys=True))
            return 0
        style = Style.for_stream(sys.stdout)
        print(Renderer(index, style).render(hit, document, others))
        if args.history:
            print(rule_history(hit.id, site_history(document, index.path.parent), style))
    return 0


def site_history(document: dict[str, Any], site_dir: Path) -> RulesHistory:
    """The history a site was built with (its api/history.json.gz), for a rule's document from its index."""
    from kb.history_file import HISTORY_FILE, read_history_file

    if "history" not in document:
        raise KbError("no history in this index", hint="build with kb build --rules FILE --history DIR")
    path = site_dir / HISTORY_FILE
    try:
        return read_history_file(path)
    except OSError as e:
        raise KbError(
            f"{path}: cannot read the site's history ({e.strerror})", hint="show --history reads it beside the index"
        ) from None
    except ValueError as e:
        raise KbError(str(e), hint="build the site again") from None


def rule_history(number: str, rules_history: RulesHistory, style: Style) -> str:
    """A rule's history as lines: release, what happened, and the word diff with [-removed-] and {+added+}."""
    from kb.history import entries

    changes = entries(rules_history, number)
    lines = ["", style.heading(f"History ({len(changes)} releases)")]
    for change in changes:
        if change.first:
            what = f"first as {change.number}"
        else:
            moved = f"renumbered from {change.renumbered_from} to {change.number}" if change.renumbered_from else ""
            diff = "".join(_diff_mark(s.op, s.text) for s in change.diff)
            what = "; ".join(part for part in (moved, diff) if part)
        lines += textwrap.wrap(
            visible(f"{change.release.name}  {what}"), style.width, initial_indent=INDENT, subsequent_indent=INDENT * 3
        )
    return "\n".join(lines)


def _diff_mark(op: str, text: str) -> str:
    return {"delete": f"[-{text}-]", "insert": f"{{+{text}+}}"}.get(op, text)


def resolve(index: SearchIndex, query: str) -> tuple[Hit, list[Hit]]:
    """The record `query` names, and the other records of the same name.

    An exact number, id or name wins; otherwise a name that only one record
    matches (`kb show laelia the blade`). Anything else is an error whose hint
    lists the nearest matches, so the next command is one copy away.
    """
    exact = index.exact(query)
    if exact:
        return exact[0], exact[1:]
    hits = index.search(query, limit=5)
    by_name = [h for h in hits if h.match == "name"]
    if len(by_name) == 1:
        return by_name[0], []
    if hits:
        nearest = "; ".join(_handle(h) for h in hits[:3])
        raise KbError(f"no record named {quoted(query)}", hint=f"nearest: {nearest}")
    raise KbError(f"no record named {quoted(query)}", hint="try kb search with fewer words")


# A query is echoed at most this long: a pasted page must not become a screenful of error.
QUERY_SHOWN = 80


def quoted(query: str) -> str:
    """A query as a message repeats it: printable, on one line, cut at QUERY_SHOWN characters, in quotes."""
    return repr(visible(shorten(query, QUERY_SHOWN)))


def visible_hit(hit: Hit) -> Hit:
    """`hit` with its text made printable (kb.sanitize.visible); the snippet keeps its match marks."""
    return replace(
        hit,
        id=visible(hit.id),
        title=visible(hit.title),
        snippet=visible_between(hit.snippet, (MARK_START, MARK_END)),
    )


def _handle(hit: Hit) -> str:
    """What to type to show this record: a rule's number, otherwise its id."""
    return hit.id if hit.kind in ("rule", "ruling") else f"{hit.title} [{hit.id}]" if hit.title != hit.id else hit.id


# --- terminal ------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """How to write to one stream: its width, and whether to colour."""

    color: bool
    width: int

    @classmethod
    def for_stream(cls, stream: TextIO) -> Style:
        tty = stream.isatty()
        # https://no-color.org: any non-empty NO_COLOR turns colour off.
        color = tty and not os.environ.get("NO_COLOR")
        columns = shutil.get_terminal_size((80, 24)).columns if tty else 80
        # Very wide lines are hard to read; very narrow ones cannot hold a title.
        return cls(color, max(40, min(columns, 100)))

    def _sgr(self, code: str, text: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.color and text else text

    def bold(self, text: str) -> str:
        return self._sgr("1", text)

    def dim(self, text: str) -> str:
        return self._sgr("2", text)

    def heading(self, text: str) -> str:
        return self._sgr("1;36", text)

    def marks(self, text: str) -> str:
        """Matched words (between the index's marks) in bold yellow, or plain."""
        if not self.color:
            return strip_marks(text)
        return text.replace(MARK_START, "\x1b[1;33m").replace(MARK_END, "\x1b[0m")


def fit(text: str, width: int, keep: tuple[str, str] = (MARK_START, MARK_END)) -> str:
    """`text` cut to `width` visible characters with an ellipsis; match marks are not counted and stay balanced.

    When the first marked word would fall in the last half, the start is cut
    instead, so the word that matched stays in view.
    """
    first = text.find(keep[0])
    if first > width // 2 and len(strip_marks(text)) > width:
        start = text.rfind(" ", 0, first - width // 3) + 1
        text = "…" + text[start:].lstrip("…")
    visible = 0
    out: list[str] = []
    open_mark = False
    for i, ch in enumerate(text):
        if ch in keep:
            open_mark = ch == keep[0]
            out.append(ch)
            continue
        if visible == width - 1 and len(strip_marks(text[i:])) > 1:
            out.append("…")
            break
        out.append(ch)
        visible += 1
    if open_mark:
        out.append(keep[1])
    return "".join(out)


class Renderer:
    """A record's JSON document as readable, wrapped text."""

    def __init__(self, index: SearchIndex, style: Style) -> None:
        self.index = index
        self.style = style
        self.lines: list[str] = []

    def render(self, hit: Hit, doc: dict[str, Any], others: list[Hit]) -> str:
        # Imported text is shown, never obeyed: its control characters become visible escapes.
        doc = visible_data(doc)
        hit, others = visible_hit(hit), [visible_hit(o) for o in others]
        s = self.style
        self.lines = [s.bold(hit.title) + "  " + s.dim(f"[{hit.kind}]"), s.dim(doc["url"])]
        getattr(self, f"_{hit.kind}")(doc)
        if doc.get("links"):
            self.section("Links to", [(link["kind"], link["id"]) for link in doc["links"]])
        if doc.get("cited_by"):
            self.section(f"Cited by ({len(doc['cited_by'])})", [(c["kind"], c["id"]) for c in doc["cited_by"]])
        if others:
            self.lines += ["", s.dim("Same name: " + "; ".join(f"{o.kind} {_handle(o)}" for o in others))]
        return "\n".join(self.lines)

    # --- one per record kind -----------------------------------------------------

    def _rule(self, doc: dict[str, Any]) -> None:
        if doc["text"] is None:
            # Cited by content, but the index was built without the Comprehensive Rules.
            self.paragraph(f"The text of rule {doc['number']} is not loaded: build with kb build --rules FILE to include it.")
        elif doc["kind"] not in ("chapter", "section"):
            self.paragraph(doc["text"])
        for example in doc["examples"]:
            self.paragraph(example, first="Example: ")
        if doc["children"]:
            self.lines += ["", self.style.heading(f"Rules under it ({len(doc['children'])})")]
            self.lines += self.wrapped(", ".join(doc["children"]), INDENT)

    def _glossary(self, doc: dict[str, Any]) -> None:
        self.paragraph(doc["text"])
        if doc["obsolete"]:
            self.paragraph("(obsolete term)")

    def _card(self, doc: dict[str, Any]) -> None:
        facts = [doc["mana_cost"], doc["type_line"]]
        if doc["power"] is not None:
            facts.append(f"{doc['power']}/{doc['toughness']}")
        if doc["loyalty"] is not None:
            facts.append(f"loyalty {doc['loyalty']}")
        self.paragraph("  ·  ".join(f for f in facts if f))
        for line in doc["oracle_text"].splitlines():
            self.paragraph(line)
        for face in doc["faces"]:
            self.paragraph(f"{face['name']}  {face['mana_cost']}  {face['type_line']}")
            for line in face["oracle_text"].splitlines():
                self.paragraph(line)
        rulings = doc["rulings"]
        if rulings:
            self.lines += ["", self.style.heading(f"Rulings ({len(rulings)})")]
        for ruling in rulings:
            when = ruling["date"] or "general"
            rules = f"  (rules {', '.join(ruling['rules'])})" if ruling["rules"] else ""
            self.lines += ["", INDENT + self.style.bold(when) + self.style.dim(f"  {ruling['source']}  {ruling['id']}{rules}")]
            self.lines += self.wrapped(ruling["text"], INDENT * 2)

    def _ruling(self, doc: dict[str, Any]) -> None:
        self.paragraph(doc["text"])
        facts = [f"card {doc['card']}" if doc["card"] else "general ruling", doc["date"] or "", doc["source"]]
        if doc["rules"]:
            facts.append("explains rules " + ", ".join(doc["rules"]))
        self.paragraph(" · ".join(f for f in facts if f))
        example = doc["example"]
        if example:
            self.lines += ["", self.style.heading(f"Example (rules {', '.join(example['rules'])})")]
            self.lines += [INDENT + line for line in example["code"].splitlines()]
            result = example["result"]
            status = "not run yet" if result is None else ("passed" if result["passed"] else "FAILED")
            self.lines.append(INDENT + self.style.dim(f"result: {status}"))

    # --- building blocks ---------------------------------------------------------

    def paragraph(self, text: str, first: str = "") -> None:
        self.lines.append("")
        self.lines += self.wrapped(first + text, INDENT)

    def wrapped(self, text: str, indent: str) -> list[str]:
        return textwrap.wrap(text, self.style.width, initial_indent=indent, subsequent_indent=indent) or [indent]

    def section(self, heading: str, records: Iterable[tuple[str, str]]) -> None:
        """A list of records, one line each: kind, title, cut to the width."""
        records = list(records)
        titles = self.index.labels(records)
        self.lines += ["", self.style.heading(heading)]
        for kind, record_id in records:
            title = visible(titles.get((kind, record_id), record_id))
            self.lines.append(fit(f"{INDENT}{kind:<9} {title}", self.style.width))
