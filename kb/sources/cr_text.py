"""Importer for the official Comprehensive Rules text file: path -> RulesDocument.

A release is laid out in parts, each opened by a heading line::

    Magic: The Gathering Comprehensive Rules         title          (heading)
    These rules are effective as of June 6, 2025.    effective date (heading)
    Introduction      paragraphs about the document
    Contents          "1. Game Concepts", "100. General", … "Glossary", "Credits"
    1. Game Concepts  the body: chapters, sections ("100. General"), rules
                      ("100.1. …"), subrules ("100.1a …") and "Example: …" lines
    Glossary          entries separated by blank lines: the term, then its definition
    Credits           everything to the end of the file (credits and legal notes)

The contents repeat the body's chapter and section headings (and the Glossary
and Credits headings): the body starts where a contents entry comes round again,
so the body's headings are the ones that become records.

Every non-blank line is accounted for, as one of `LineKind`; a line that fits
nowhere goes to `RulesDocument.unparsed` rather than into a neighbouring record.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from pathlib import Path

from kb.errors import SourceError
from kb.model import GlossaryTerm, Origin, Rule, RulesDocument, UnparsedLine
from kb.sources.text_decoding import TextLine, decode_text, split_lines

_TITLE = "Comprehensive Rules"
_EFFECTIVE = re.compile(r"These rules are effective as of (?P<month>[A-Za-z]+) (?P<day>\d{1,2}), (?P<year>\d{4})\.?")
_MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
_MONTHS = {name: number for number, name in enumerate(_MONTH_NAMES, start=1)}
# "1. Game Concepts", "100. General", "100.1. Text", "100.1a Text". The period
# after a rule number is optional because releases are not consistent about it
# ("606.5 If …", "119.1d. In …"); after a chapter or section number it is required.
_NUMBERED = re.compile(r"(?P<number>\d{3}\.\d+[a-z]?|\d{3}(?=\.)|\d(?=\.))\.?\s+(?P<text>\S.*)")
_HEADING_NUMBER = re.compile(r"\d{1,3}")
_EXAMPLE = re.compile(r"Example:\s*(?P<text>.*)")
_OBSOLETE = re.compile(r"(?P<term>.*?)\s*\(Obsolete\)")
_SENSE = re.compile(r"(?P<number>\d+)\.\s+(?P<text>\S.*)")
_DOWNLOAD_HINT = "download the complete file from https://magic.wizards.com/en/rules"


class LineKind(Enum):
    """What a non-blank line of a release turned out to be."""

    HEADING = "heading"  # title, effective date, and the Introduction/Contents/Glossary/Credits headings
    INTRODUCTION = "introduction"
    CONTENTS = "contents"
    RULE = "rule"  # a numbered line (chapter, section, rule, subrule) or its continuation
    EXAMPLE = "example"  # an "Example:" line or its continuation
    GLOSSARY = "glossary"
    CREDITS = "credits"
    UNPARSED = "unparsed"


class _Part(Enum):
    HEADER = 0
    INTRODUCTION = 1
    CONTENTS = 2
    RULES = 3
    GLOSSARY = 4
    CREDITS = 5


@dataclass(frozen=True, slots=True)
class ParsedRules:
    """An imported release plus the account of every non-blank line (for tests and statistics)."""

    document: RulesDocument
    encoding: str
    line_kinds: tuple[tuple[int, LineKind], ...]

    def count(self, kind: LineKind) -> int:
        return sum(1 for _, k in self.line_kinds if k is kind)

    def counts(self) -> Counter[LineKind]:
        return Counter(k for _, k in self.line_kinds)


def read_rules(path: str | Path) -> RulesDocument:
    """Import one Comprehensive Rules release; raises SourceError if it is not one or is truncated."""
    return parse_rules(_read_bytes(path), str(path)).document


def parse_rules(data: bytes, source: str) -> ParsedRules:
    """Import a release from its bytes; `source` names it in origins and errors."""
    decoded = decode_text(data, source)
    parser = _Parser(source)
    for line in split_lines(decoded.text):
        parser.feed(line)
    return ParsedRules(parser.finish(), decoded.encoding, tuple(parser.line_kinds))


# A release weighs about 1 MB; a file fifty times that is not one, and is not read into memory.
MAX_BYTES = 64 << 20


def _read_bytes(path: str | Path) -> bytes:
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise SourceError(f"cannot read the file: {error.strerror}", Origin(str(path)), "check the path") from None
    if len(data) > MAX_BYTES:
        raise SourceError(
            f"larger than {MAX_BYTES >> 20} MiB: not a Comprehensive Rules text file", Origin(str(path)), "check the path"
        )
    return data


@dataclass
class _RuleBuilder:
    number: str
    lines: list[str]
    origin: Origin
    examples: list[list[str]] = field(default_factory=list)

    def build(self) -> Rule:
        return Rule(self.number, "\n".join(self.lines), self.origin, tuple("\n".join(e) for e in self.examples))


class _Parser:
    """A line-by-line state machine over the parts of a release."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.part = _Part.HEADER
        self.part_lines: dict[_Part, int] = {}  # where each part's heading was
        self.line_kinds: list[tuple[int, LineKind]] = []
        self.last_line = 0  # the last non-blank line
        self.title_seen = False
        self.effective_date: date | None = None
        self.introduction: list[str] = []
        self.contents: set[str] = set()
        self.contents_lines = 0
        self.rules: list[Rule] = []
        self.rule_lines: dict[str, int] = {}
        self.current: _RuleBuilder | None = None
        self.in_example = False
        self.glossary: list[GlossaryTerm] = []
        self.entry: list[TextLine] = []  # the glossary entry being read
        self.credits: list[str] = []
        self.unparsed: list[UnparsedLine] = []

    # --- bookkeeping -------------------------------------------------------

    def origin(self, line: TextLine) -> Origin:
        return Origin(self.source, line.number)

    def mark(self, line: TextLine, kind: LineKind) -> None:
        self.line_kinds.append((line.number, kind))

    def reject(self, line: TextLine) -> None:
        self.mark(line, LineKind.UNPARSED)
        self.unparsed.append(UnparsedLine(self.origin(line), line.text.strip()))

    def enter(self, part: _Part, line: TextLine) -> None:
        self.part = part
        self.part_lines[part] = line.number
        self.mark(line, LineKind.HEADING)

    # --- dispatch ----------------------------------------------------------

    def feed(self, line: TextLine) -> None:
        if not line.text.strip():
            if self.part is _Part.GLOSSARY:
                self.end_entry()
            return
        self.last_line = line.number  # where a truncated file is reported to end
        handler = {
            _Part.HEADER: self.header,
            _Part.INTRODUCTION: self.introduction_line,
            _Part.CONTENTS: self.contents_line,
            _Part.RULES: self.rules_line,
            _Part.GLOSSARY: self.glossary_line,
            _Part.CREDITS: self.credits_line,
        }[self.part]
        handler(line)

    def header(self, line: TextLine) -> None:
        text = line.text.strip()
        if not self.title_seen:
            if _TITLE not in text:
                raise SourceError(
                    f"not a Comprehensive Rules file: it starts with {_shorten(text)!r}",
                    self.origin(line),
                    "expected the title 'Magic: The Gathering Comprehensive Rules' on the first line",
                )
            self.title_seen = True
            self.mark(line, LineKind.HEADING)
        elif match := _EFFECTIVE.fullmatch(text):
            self.effective_date = self.parse_date(match, line)
            self.mark(line, LineKind.HEADING)
        elif text in ("Introduction", "Contents"):
            if self.effective_date is None:
                raise SourceError(
                    "no effective date before the " + text,
                    self.origin(line),
                    "a release states 'These rules are effective as of <Month> <day>, <year>.' under its title",
                )
            self.enter(_Part.INTRODUCTION if text == "Introduction" else _Part.CONTENTS, line)
        else:
            self.reject(line)

    def parse_date(self, match: re.Match[str], line: TextLine) -> date:
        try:
            return date(int(match["year"]), _MONTHS[match["month"].lower()], int(match["day"]))
        except (KeyError, ValueError):
            raise SourceError(f"not a date: {match.group(0)!r}", self.origin(line), "write it like 'June 6, 2025'") from None

    def introduction_line(self, line: TextLine) -> None:
        if line.text.strip() == "Contents":
            self.enter(_Part.CONTENTS, line)
        else:
            self.mark(line, LineKind.INTRODUCTION)
            self.introduction.append(line.text.strip())

    def contents_line(self, line: TextLine) -> None:
        text = line.text.strip()
        key = _contents_key(text)
        if key is not None and key not in self.contents:
            self.contents.add(key)
            self.contents_lines += 1
            self.mark(line, LineKind.CONTENTS)
        elif key is not None or _NUMBERED.fullmatch(text):
            # A chapter or section number comes round again (even if its title
            # was reworded), or a numbered rule appears: the body has begun.
            self.part = _Part.RULES
            self.part_lines[_Part.RULES] = line.number
            self.rules_line(line)
        else:
            self.reject(line)

    def rules_line(self, line: TextLine) -> None:
        text = line.text.strip()
        # An indented line is never a new item; a piece after a U+2028 is one
        # only if it reads like one (some releases separate lines that way).
        indented = line.text[:1].isspace()
        if text == "Glossary" and not indented:
            self.end_rule()
            self.enter(_Part.GLOSSARY, line)
        elif text == "Credits" and not indented:
            self.end_rule()
            self.enter(_Part.CREDITS, line)
        elif not indented and (match := _NUMBERED.fullmatch(text)):
            self.start_rule(match["number"], match["text"], line)
        elif (match := _EXAMPLE.fullmatch(text)) and self.current is not None:
            self.current.examples.append([match["text"]])
            self.in_example = True
            self.mark(line, LineKind.EXAMPLE)
        elif (indented or line.soft) and self.current is not None:
            # An indented paragraph (or text after a U+2028) belongs to what precedes it.
            target = self.current.examples[-1] if self.in_example else self.current.lines
            target.append(text)
            self.mark(line, LineKind.EXAMPLE if self.in_example else LineKind.RULE)
        else:
            self.reject(line)

    def start_rule(self, number: str, text: str, line: TextLine) -> None:
        if number in self.rule_lines:
            raise SourceError(
                f"rule {number} appears twice (first at line {self.rule_lines[number]})",
                self.origin(line),
                "the file may be edited by hand or two releases joined together",
            )
        self.end_rule()
        self.rule_lines[number] = line.number
        self.current = _RuleBuilder(number, [text], self.origin(line))
        self.in_example = False
        self.mark(line, LineKind.RULE)

    def end_rule(self) -> None:
        if self.current is not None:
            self.rules.append(self.current.build())
        self.current = None
        self.in_example = False

    def glossary_line(self, line: TextLine) -> None:
        if not self.entry and line.text.strip() == "Credits":
            self.enter(_Part.CREDITS, line)
        else:
            self.entry.append(line)

    def end_entry(self) -> None:
        """A blank line closes a glossary entry: its first line is the term, the rest its definition."""
        entry, self.entry = self.entry, []
        if not entry:
            return
        if len(entry) == 1:  # a term without a definition cannot be placed
            self.reject(entry[0])
            return
        for line in entry:
            self.mark(line, LineKind.GLOSSARY)
        term = entry[0].text.strip()
        definition = [line.text.strip() for line in entry[1:]]
        obsolete = _OBSOLETE.fullmatch(term)
        self.glossary.append(
            GlossaryTerm(
                term=obsolete["term"] if obsolete else term,
                text="\n".join(definition),
                origin=self.origin(entry[0]),
                obsolete=obsolete is not None,
                senses=tuple(m["text"] for m in map(_SENSE.fullmatch, definition) if m),
            )
        )

    def credits_line(self, line: TextLine) -> None:
        self.mark(line, LineKind.CREDITS)
        self.credits.append(line.text.strip())

    # --- the end -----------------------------------------------------------

    def finish(self) -> RulesDocument:
        self.end_rule()
        self.end_entry()
        self.check_complete()
        assert self.effective_date is not None  # check_complete() made sure
        return RulesDocument(
            source=self.source,
            effective_date=self.effective_date,
            rules=tuple(self.rules),
            glossary=tuple(self.glossary),
            introduction="\n".join(self.introduction),
            credits="\n".join(self.credits),
            contents_lines=self.contents_lines,
            unparsed=tuple(self.unparsed),
        )

    def check_complete(self) -> None:
        """A release that lacks a part is not one, or was cut short: say which part and where."""
        end = Origin(self.source, self.last_line)
        if not self.title_seen:
            raise SourceError("not a Comprehensive Rules file: it is empty", end, "expected the full text of a release")
        if self.effective_date is None:
            raise SourceError("not a Comprehensive Rules file: no 'These rules are effective as of …' line", end, _DOWNLOAD_HINT)
        if _Part.CONTENTS not in self.part_lines:
            raise SourceError("truncated Comprehensive Rules: the file ends before the contents", end, _DOWNLOAD_HINT)
        if not self.rules:
            where = Origin(self.source, self.part_lines.get(_Part.GLOSSARY, self.last_line))
            raise SourceError("truncated Comprehensive Rules: no numbered rules after the contents", where, _DOWNLOAD_HINT)
        if _Part.GLOSSARY not in self.part_lines:
            where = Origin(self.source, self.part_lines.get(_Part.CREDITS, self.last_line))
            raise SourceError("truncated Comprehensive Rules: no Glossary after the rules", where, _DOWNLOAD_HINT)
        if _Part.CREDITS not in self.part_lines:
            raise SourceError("truncated Comprehensive Rules: the file ends inside the glossary", end, _DOWNLOAD_HINT)


def _contents_key(text: str) -> str | None:
    """What a contents line lists: a chapter ("1"), a section ("100") or a part ("Glossary"); None if not one."""
    if text in ("Glossary", "Credits"):
        return text
    number, _, title = text.partition(". ")
    if title.strip() and _HEADING_NUMBER.fullmatch(number) and len(number) in (1, 3):
        return number
    return None


def _shorten(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
