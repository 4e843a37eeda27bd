"""Importer for the official Comprehensive Rules text file: path -> RulesDocument.

A release is laid out in parts, each opened by a heading line::

    Magic: The Gathering Comprehensive Rules         title          (heading)
    These rules are effective as of June 6, 2025.    effective date (heading; "current as of" before mid-2009)
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

Older releases differ in layout: until 2004 some are hard-wrapped (a paragraph
runs over several unindented lines, which may even start with a rule number:
"See rule" / "419.8 …"), their contents list "Questions?" or "Customer Service
Information" as parts, and their glossary lists sets as indented blocks. Typos
in rule numbers are read as `cr_typos` explains and listed in `notes`.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from pathlib import Path

from kb.errors import SourceError
from kb.model import MAX_ID_LENGTH, GlossaryTerm, Origin, Rule, RuleKind, RulesDocument, SourceNote, UnparsedLine, rule_kind
from kb.sources.cr_typos import follows, place, read_misnumbered
from kb.sources.text_decoding import TextLine, decode_text, split_lines
from kb.text import shorten

_TITLE = "Comprehensive Rules"
_EFFECTIVE = re.compile(r"These rules are (?:effective|current) as of (?P<month>[A-Za-z]+) (?P<day>\d{1,2}), (?P<year>\d{4})\.?")
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
# Parts that older contents list after the glossary and credits.
_TRAILING_PARTS = ("Glossary", "Credits", "Questions?", "Customer Service Information")
# A line of a hard-wrapped paragraph that ends like this is not the paragraph's end.
_FINISHED = (".", ":", "?", "!", '"', "”", ")")


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


def read_rules(path: str | Path, *, allow_truncated: bool = False) -> RulesDocument:
    """Import one Comprehensive Rules release; raises SourceError if it is not one or is truncated.

    With `allow_truncated`, a file that ends inside its glossary is imported as
    far as it goes and `truncated_at` says where it ends (archived releases).
    """
    return parse_rules(_read_bytes(path), str(path), allow_truncated=allow_truncated).document


def parse_rules(data: bytes, source: str, *, allow_truncated: bool = False) -> ParsedRules:
    """Import a release from its bytes; `source` names it in origins and errors."""
    decoded = decode_text(data, source)
    lines = split_lines(decoded.text)
    parser = _Parser(source, _is_hard_wrapped(lines))
    for line in lines:
        parser.feed(line)
    document = parser.finish(allow_truncated)
    return ParsedRules(document, decoded.encoding, tuple(sorted(parser.line_kinds, key=lambda item: item[0])))


def truncation_warning(document: RulesDocument) -> str | None:
    """The one-line warning for a release imported as far as it goes; None for a complete one."""
    if document.truncated_at is None:
        return None
    return f"warning: {document.truncated_at}: truncated Comprehensive Rules, imported up to here ({_DOWNLOAD_HINT})"


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

    def __init__(self, source: str, hard_wrapped: bool = False) -> None:
        self.source = source
        self.hard_wrapped = hard_wrapped
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
        self.after_blank = True  # the previous line was blank
        self.unfinished = False  # the previous rule line did not end a sentence (a hard-wrapped paragraph)
        self.entries: list[list[TextLine]] = []  # glossary entries: the term's line, then its definition's
        self.entry: list[TextLine] = []  # the glossary entry being read
        self.lone: list[TextLine] = []  # a one-line glossary block, until the next block says what it is
        self.notes: list[SourceNote] = []
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
            self.after_blank = True
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
        self.after_blank = False

    def header(self, line: TextLine) -> None:
        text = line.text.strip()
        if not self.title_seen:
            if _TITLE not in text:
                raise SourceError(
                    f"not a Comprehensive Rules file: it starts with {shorten(text, 60)!r}",
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
        # In a hard-wrapped release, a line straight after a rule's line (no
        # blank between) continues it; even one that starts with a number
        # does when the line before was cut mid-sentence.
        follows_text = not indented and not line.soft and not self.after_blank and self.current is not None
        wrapped = follows_text and self.hard_wrapped
        if text == "Glossary" and not indented:
            self.end_rule()
            self.enter(_Part.GLOSSARY, line)
        elif text == "Credits" and not indented:
            self.end_rule()
            self.enter(_Part.CREDITS, line)
        elif wrapped and self.unfinished:
            self.continue_rule(text, line, same_paragraph=True)
        elif not indented and (reading := read_misnumbered(text, self.last_number())):
            self.note(line, reading.note)
            self.start_rule(reading.number, reading.text, line)
        elif not indented and (match := _NUMBERED.fullmatch(text)):
            self.start_rule(match["number"], match["text"], line)
        elif (match := _EXAMPLE.fullmatch(text)) and self.current is not None:
            self.current.examples.append([match["text"]])
            self.in_example = True
            self.mark(line, LineKind.EXAMPLE)
            self.unfinished = not text.endswith(_FINISHED)
        elif (indented or line.soft or wrapped) and self.current is not None:
            # An indented paragraph (or text after a U+2028, or the next line
            # of a hard-wrapped paragraph) belongs to what precedes it.
            self.continue_rule(text, line, same_paragraph=wrapped)
        elif follows_text and self.in_example and self.current is not None:
            # A paragraph at column one straight after an example (2003): the rule goes on.
            self.note(line, f"a paragraph after an example of {self.current.number}, not indented, read as part of the rule")
            self.in_example = False
            self.continue_rule(text, line)
        else:
            self.reject(line)

    def continue_rule(self, text: str, line: TextLine, same_paragraph: bool = False) -> None:
        """Add a line to the rule or example being read: as a paragraph, or (hard-wrapped) to the last one."""
        assert self.current is not None
        target = self.current.examples[-1] if self.in_example else self.current.lines
        if same_paragraph:
            target[-1] += " " + text
        else:
            target.append(text)
        self.mark(line, LineKind.EXAMPLE if self.in_example else LineKind.RULE)
        self.unfinished = not text.endswith(_FINISHED)

    def last_number(self) -> str | None:
        return self.rules[-1].number if self.current is None and self.rules else (self.current and self.current.number)

    def note(self, line: TextLine, text: str) -> None:
        self.notes.append(SourceNote(self.origin(line), text))

    def start_rule(self, number: str, text: str, line: TextLine) -> None:
        self.renumber_current(number)
        if reading := place(number, self.last_number(), set(self.rule_lines)):
            self.note(line, reading.note)
            number = reading.number
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
        self.unfinished = not text.endswith(_FINISHED)

    def renumber_current(self, subrule: str) -> None:
        """A rule whose number breaks the sequence ("505.54." after 505.4) takes the one its first subrule (505.5a) names."""
        current, before = self.current, self.rules[-1].number if self.rules else None
        meant = subrule[:-1]
        if current is None or before is None or not subrule.endswith("a") or meant in self.rule_lines:
            return
        if rule_kind(subrule) is not RuleKind.SUBRULE or rule_kind(current.number) is not RuleKind.RULE:
            return
        if follows(meant, before) and not follows(current.number, before):
            self.notes.append(SourceNote(current.origin, f"{current.number} read as {meant} (its subrule {subrule} follows)"))
            del self.rule_lines[current.number]
            self.rule_lines[meant] = current.origin.line
            current.number = meant

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
        """A blank line closes a glossary block: a term's line and its definition's, as a rule.

        An indented block continues the entry before it, with a one-line block
        just above it (old releases list sets as "Expansions and Editions"
        followed by one indented block per set); any other one-line block is a
        term without a definition and cannot be placed.
        """
        block, self.entry = self.entry, []
        if not block:
            return
        if block[0].text[:1].isspace() and self.entries:
            self.entries[-1].extend([*self.lone, *block])
            self.lone = []
            return
        self.reject_lone()
        if len(block) == 1:
            self.lone = block
        else:
            self.entries.append(block)

    def reject_lone(self) -> None:
        for line in self.lone:
            self.reject(line)
        self.lone = []

    def glossary_term(self, entry: list[TextLine]) -> GlossaryTerm:
        for line in entry:
            self.mark(line, LineKind.GLOSSARY)
        term = entry[0].text.strip()
        definition = [line.text.strip() for line in entry[1:]]
        obsolete = _OBSOLETE.fullmatch(term)
        glossary_term = GlossaryTerm(
            term=obsolete["term"] if obsolete else term,
            text="\n".join(definition),
            origin=self.origin(entry[0]),
            obsolete=obsolete is not None,
            senses=tuple(m["text"] for m in map(_SENSE.fullmatch, definition) if m),
        )
        if len(glossary_term.id) > MAX_ID_LENGTH:  # its API document's file name would be refused by the file system
            raise SourceError(
                f"glossary term too long: its address would be {len(glossary_term.id)} characters, more than {MAX_ID_LENGTH}",
                glossary_term.origin,
                "the file is damaged or not the Comprehensive Rules",
            )
        return glossary_term

    def credits_line(self, line: TextLine) -> None:
        self.mark(line, LineKind.CREDITS)
        self.credits.append(line.text.strip())

    # --- the end -----------------------------------------------------------

    def finish(self, allow_truncated: bool = False) -> RulesDocument:
        self.end_rule()
        self.end_entry()
        truncated_at = None
        if allow_truncated and _Part.GLOSSARY in self.part_lines and _Part.CREDITS not in self.part_lines:
            # Cut short inside the glossary: keep what is there; a last term
            # whose definition was cut off is the file's end, not a stray line.
            truncated_at = Origin(self.source, self.last_line)
            self.mark_all(self.lone, LineKind.GLOSSARY)
            self.lone = []
        else:
            self.check_complete()
        self.reject_lone()
        glossary = [self.glossary_term(entry) for entry in self.entries]
        assert self.effective_date is not None  # check_complete() or the glossary made sure
        return RulesDocument(
            source=self.source,
            effective_date=self.effective_date,
            rules=tuple(self.rules),
            glossary=tuple(glossary),
            introduction="\n".join(self.introduction),
            credits="\n".join(self.credits),
            contents_lines=self.contents_lines,
            unparsed=tuple(self.unparsed),
            notes=tuple(sorted(self.notes, key=lambda note: note.origin)),
            truncated_at=truncated_at,
        )

    def mark_all(self, lines: list[TextLine], kind: LineKind) -> None:
        for line in lines:
            self.mark(line, kind)

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


def _is_hard_wrapped(lines: list[TextLine]) -> bool:
    """Whether paragraphs run over several lines: most lines then follow one cut mid-sentence.

    About 16% do in a release with one line per paragraph (a glossary term and
    its definition), about 64% in a hard-wrapped one (late 2003 to early 2004).
    """
    texts = [line.text.strip() for line in lines]
    non_blank = sum(1 for text in texts if text)
    following_cut = sum(1 for before, text in itertools.pairwise(texts) if text and before and not before.endswith(_FINISHED))
    return non_blank > 0 and following_cut / non_blank > 0.4


def _contents_key(text: str) -> str | None:
    """What a contents line lists: a chapter ("1"), a section ("100") or a part ("Glossary"); None if not one."""
    if text in _TRAILING_PARTS:
        return text
    number, _, title = text.partition(". ")
    if title.strip() and _HEADING_NUMBER.fullmatch(number) and len(number) in (1, 3):
        return number
    return None
