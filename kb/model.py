"""The records of the knowledge base: small, typed, immutable, with stable ids.

Every record keeps its `origin` (file and line) so that an error about it can
point at the place a person has to edit. Ids are derived from the record's own
facts (a rule's number, a card's name), so they survive rebuilds and reorderings.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from enum import Enum


@dataclass(frozen=True, slots=True, order=True)
class Origin:
    """Where a record was read from: a file path and a 1-based line (0 = whole file)."""

    path: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


# Letters that Unicode does not decompose into ASCII, transliterated as English does.
_TRANSLITERATE = str.maketrans(
    {"æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ł": "l", "Ł": "L",
     "þ": "th", "Þ": "TH", "ð": "d", "Ð": "D", "ı": "i"}
)  # fmt: skip


def transliterate(text: str) -> str:
    """Letters that accents-folding leaves alone spelt out in ASCII: 'Æther' -> 'AEther'."""
    return text.translate(_TRANSLITERATE)


def slugify(text: str) -> str:
    """A URL- and anchor-safe id: 'Laelia, the Blade Reforged' -> 'laelia-the-blade-reforged', 'Æther' -> 'aether'."""
    ascii_text = unicodedata.normalize("NFKD", text.translate(_TRANSLITERATE)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


# An id names files (`cards/<id>.html`, `api/rulings/<id>-2019-01-25-12.json`);
# most file systems refuse a name longer than 255 bytes.
MAX_ID_LENGTH = 200


# Page names that the cards/ folder already has: a card must not take them.
_TAKEN_CARD_IDS = frozenset({"index"})


def card_slug(name: str) -> str:
    """The readable address of a card's page, from its name alone.

    A name with no letter or digit ("_____") is spelled out by its characters'
    Unicode names ("low-line-x5"), and a name that is a page of its own
    ("Index") gets "-card" appended; see `variant_id` for names several cards share.
    """
    slug = slugify(name)
    if not slug:
        runs = [(run.group(1), len(run.group())) for run in re.finditer(r"(.)\1*", name.strip(), re.S)]
        slug = "-".join(slugify(unicodedata.name(char, f"u{ord(char):04x}")) + (f"-x{n}" if n > 1 else "") for char, n in runs)
    slug = slug or "unnamed"
    return f"{slug}-card" if slug in _TAKEN_CARD_IDS else slug


def variant_id(slug: str, oracle_id: str, length: int = 8) -> str:
    """The address of one of several cards that share a name: the slug plus the start of its Oracle id.

    The Oracle id is the one fact that tells such cards apart in every source,
    so the address does not depend on which sources were read, or in what order.
    """
    return f"{slug}-{slugify(oracle_id)[:length]}"


class RuleKind(Enum):
    CHAPTER = "chapter"  # "1. Game Concepts"
    SECTION = "section"  # "100. General"
    RULE = "rule"  # "100.1."
    SUBRULE = "subrule"  # "100.1a"


_RULE_NUMBER = re.compile(r"^(?P<section>\d{3})(?:\.(?P<rule>\d+)(?P<sub>[a-z])?)?$|^(?P<chapter>\d)$")


def rule_kind(number: str) -> RuleKind:
    """The kind of rule a number names; raises ValueError for something that is not one."""
    m = _RULE_NUMBER.match(number)
    if not m:
        raise ValueError(f"not a rule number: {number!r}")
    if m["chapter"]:
        return RuleKind.CHAPTER
    if m["sub"]:
        return RuleKind.SUBRULE
    if m["rule"]:
        return RuleKind.RULE
    return RuleKind.SECTION


def parent_rule(number: str) -> str | None:
    """'100.1a' -> '100.1' -> '100' -> '1' -> None."""
    kind = rule_kind(number)
    if kind is RuleKind.SUBRULE:
        return number[:-1]
    if kind is RuleKind.RULE:
        return number.split(".")[0]
    if kind is RuleKind.SECTION:
        return number[0]
    return None


def section_of(number: str) -> str | None:
    """The section ('302') a rule belongs to; None for a chapter."""
    return None if rule_kind(number) is RuleKind.CHAPTER else number[:3]


@dataclass(frozen=True, slots=True)
class Rule:
    """A numbered entry of the Comprehensive Rules; chapters and sections carry their title as text."""

    number: str
    text: str
    origin: Origin
    examples: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return self.number

    @property
    def kind(self) -> RuleKind:
        return rule_kind(self.number)


@dataclass(frozen=True, slots=True)
class GlossaryTerm:
    """A glossary entry of the Comprehensive Rules."""

    term: str
    text: str
    origin: Origin
    obsolete: bool = False
    # The numbered senses ("1. …", "2. …") without their numbers; () when the
    # definition is not numbered. `text` always holds the whole definition.
    senses: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return slugify(self.term)


@dataclass(frozen=True, slots=True)
class UnparsedLine:
    """A non-blank line of a source file that no parser could place."""

    origin: Origin
    text: str


@dataclass(frozen=True, slots=True)
class SourceNote:
    """A slip in a source file that was read anyway, the way its meaning is clear, and listed."""

    origin: Origin
    text: str


@dataclass(frozen=True, slots=True)
class RulesDocument:
    """One release of the Comprehensive Rules, as imported."""

    source: str
    effective_date: date
    rules: tuple[Rule, ...]
    glossary: tuple[GlossaryTerm, ...]
    introduction: str = ""
    credits: str = ""
    contents_lines: int = 0
    unparsed: tuple[UnparsedLine, ...] = ()
    notes: tuple[SourceNote, ...] = ()  # typos tolerated
    truncated_at: Origin | None = None  # where a file cut short ends (only when reading it was allowed)


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a multi-faced card (split, adventure, modal double-faced …)."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None


@dataclass(frozen=True, slots=True)
class EnginePart:
    """One part of a card's engine definition as an author wrote it in content/ (`engine:`), e.g.
    `mana: any color`: the part's name, its value as plain data, and the line of every setting."""

    name: str
    value: object
    origin: Origin
    lines: tuple[tuple[tuple[str | int, ...], int], ...] = ()  # setting path -> line, for errors

    def line_of(self, path: tuple[str | int, ...]) -> int:
        """The line of the deepest setting on `path` that was written (the part's own line otherwise)."""
        found = dict(self.lines)
        for end in range(len(path), 0, -1):
            if path[:end] in found:
                return found[path[:end]]
        return self.origin.line


@dataclass(frozen=True, slots=True)
class Card:
    """A card's Oracle identity: its facts, independent of any printing."""

    name: str
    origin: Origin
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    faces: tuple[Face, ...] = ()
    oracle_id: str | None = None
    # How rulings refer to the card by a shorter name ("Rona").
    short_name: str | None = None
    # Ids of general rulings (mana, {T}, X …) that this card's rulings page attaches.
    general_rulings: tuple[str, ...] = ()
    # Its definition for the rules engine, composed of named parts (content/ only; None: not declared).
    engine: tuple[EnginePart, ...] | None = None
    # The page address; derived from the name (`card_slug`) unless given. Cards that
    # share a name are told apart by `variant_id` (importers and `kb.merge` do that).
    id: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.id:
            object.__setattr__(self, "id", card_slug(self.name))


@dataclass(frozen=True, slots=True)
class Example:
    """Python that drives the engine and states what must hold, proving one ruling."""

    id: str
    code: str
    rules: tuple[str, ...]
    origin: Origin
    # Cards declared for this example's games only, with their engine definitions.
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Ruling:
    """A ruling about one card, or a general ruling attached to the rules it explains.

    A card ruling's id is card + date + ordinal; a general ruling's id is chosen
    by its author.
    """

    id: str
    text: str
    origin: Origin
    card: str | None = None
    date: date | None = None
    source: str = "wotc"
    rules: tuple[str, ...] = ()
    example: Example | None = None
    sources: tuple[str, ...] = field(default=())
    # Read from bulk card data rather than written in content/: its text is not ours
    # to fix, so a reference in it to a rule the release lacks is a warning, not an error.
    imported: bool = False

    @property
    def is_general(self) -> bool:
        return self.card is None


@dataclass(frozen=True, slots=True)
class CrExample:
    """An executable counterpart of one of the Comprehensive Rules' own "Example:" paragraphs.

    It names the example by rule number and ordinal (1 = the rule's first example)
    and keeps the text it was written for, so a release that rewords or removes
    that example is noticed (`kb.cr_examples.drift`).
    """

    rule: str
    ordinal: int
    text: str
    example: Example
    origin: Origin

    @property
    def id(self) -> str:
        return cr_example_id(self.rule, self.ordinal)


def cr_example_id(rule: str, ordinal: int) -> str:
    """The id of the counterpart of rule `rule`'s `ordinal`-th example: 'cr-601.2c-1'."""
    return f"cr-{rule}-{ordinal}"


def ruling_id(card_id: str, published: date | None, ordinal: int) -> str:
    """The stable id of a card's ruling: 'rona-disciple-of-gix-2018-04-27-3'."""
    day = published.isoformat() if published else "undated"
    return f"{card_id}-{day}-{ordinal}"


@functools.lru_cache(maxsize=1 << 18)
def natural_key(text: str) -> tuple:
    """Sort key that orders embedded numbers by value: '302.2' before '302.10'."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


@dataclass(frozen=True)
class RuleQuestions:
    """The questions players ask, by the rule that answers each (content/search/questions.yaml).

    Written for the numbering of the rules of `release`: an older release numbers its rules otherwise.
    """

    release: date
    by_rule: dict[str, tuple[str, ...]]
    origin: Origin


@dataclass(frozen=True, slots=True)
class Alias:
    """What players call some rules and glossary entries ("SBA" -> rule 704, State-Based Actions).

    `phrasings` are how they ask about them ("damage wears off"): searched, like
    the names, but never shown as a name of the entry. `asked` are whole phrasings
    ("can flyers block ground creatures"): they count only for a query that has every one of their words.
    """

    names: tuple[str, ...]
    rules: tuple[str, ...]
    glossary: tuple[str, ...]  # glossary term ids
    origin: Origin
    phrasings: tuple[str, ...] = ()
    asked: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """How an error names the entry: its first name, phrasing or whole phrasing."""
        return (self.names or self.phrasings or self.asked)[0]
