"""The project's own hand-written records in `content/`.

Layout::

    content/cards/<any>.yaml     one card, with its rulings nested under `rulings:`
    content/rulings/<any>.yaml   a list of rulings: general ones (with an `id` and the
                                 `rules` they explain) or rulings of a card (`card:`)
    content/cr-examples/<section>.yaml
                                 executable counterparts of the Comprehensive Rules'
                                 own examples in that section (`rule:`, `ordinal:`,
                                 the example's `text:` and an `example:`)
    content/search/aliases.yaml  what players call rules and glossary entries
    content/search/questions.yaml
                                 the questions players ask, by the rule that answers each

Values are read as YAML nodes rather than plain data so that every field keeps
its line number: an error points at the exact line an author has to fix.
"""

from __future__ import annotations

import functools
import io
import os
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import yaml

from kb.errors import ContentError, KbError, raise_all
from kb.model import (
    MAX_ID_LENGTH,
    Alias,
    Card,
    CrExample,
    EnginePart,
    Example,
    Origin,
    RuleKind,
    RuleQuestions,
    Ruling,
    card_slug,
    cr_example_id,
    rule_kind,
    ruling_id,
    section_of,
    slugify,
)
from kb.sources.aliases import parse_aliases
from kb.sources.questions import parse_questions

# What players call rules and glossary entries (kb/sources/aliases.py).
ALIASES = "search/aliases.yaml"
# The questions players ask, by the rule that answers each (kb/sources/questions.py).
QUESTIONS = "search/questions.yaml"
CARD_FIELDS = {
    "name": True,
    "short_name": False,
    "mana_cost": False,
    "type_line": False,
    "oracle_text": False,
    "power": False,
    "toughness": False,
    "loyalty": False,
    "oracle_id": False,
    "general_rulings": False,
    "rulings": False,
    "engine": False,
}
# A card declared inside an example, for that example's games only: its facts and engine definition.
EXAMPLE_CARD_FIELDS = {
    key: CARD_FIELDS[key] for key in ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "engine")
}
CARD_RULING_FIELDS = {"date": True, "text": True, "source": False, "rules": False, "example": False}
LOOSE_RULING_FIELDS = CARD_RULING_FIELDS | {"card": False, "id": False, "date": False}
EXAMPLE_FIELDS = {"rules": True, "code": True, "cards": False}
CR_EXAMPLE_FIELDS = {"rule": True, "ordinal": True, "text": True, "example": True}
CR_EXAMPLES = "cr-examples"


@dataclass(frozen=True)
class Content:
    cards: tuple[Card, ...]
    rulings: tuple[Ruling, ...]
    aliases: tuple[Alias, ...] = ()
    cr_examples: tuple[CrExample, ...] = ()
    questions: RuleQuestions | None = None


def load_content(root: Path) -> Content:
    """Read every record under `root`; raise all problems found at once."""
    reader = _Reader(root)
    for path in sorted((root / "cards").glob("*.yaml")):
        reader.read_file(path, reader.card_file)
    for path in sorted((root / "rulings").glob("*.yaml")):
        reader.read_file(path, reader.rulings_file)
    for path in sorted((root / CR_EXAMPLES).glob("*.yaml")):
        reader.read_file(path, reader.cr_examples_file)
    aliases: list[Alias] = []
    if (root / ALIASES).exists():
        reader.read_file(root / ALIASES, lambda node, shown: aliases.extend(parse_aliases(node, shown)))
    questions: list[RuleQuestions] = []
    if (root / QUESTIONS).exists():
        reader.read_file(root / QUESTIONS, lambda node, shown: questions.append(parse_questions(node, shown)))
    raise_all(reader.errors)
    cr_examples = tuple(reader.cr_examples)
    return Content(tuple(reader.cards), tuple(reader.rulings), tuple(aliases), cr_examples, next(iter(questions), None))


class _Reader:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.errors: list[KbError] = []
        self.cards: list[Card] = []
        self.rulings: list[Ruling] = []
        self.cr_examples: list[CrExample] = []
        self._ordinals: dict[tuple[str, date | None], int] = defaultdict(int)

    def read_file(self, path: Path, read: Callable[[yaml.Node, str], None]) -> None:
        shown = _display_path(path)
        try:
            node = _compose(path, shown)
        except ContentError as e:
            self.errors.append(e)
            return
        if node is None:
            self.errors.append(ContentError("empty file", Origin(shown), "remove it or add a record"))
            return
        try:
            read(node, shown)
        except ContentError as e:
            self.errors.append(e)

    # --- files -------------------------------------------------------------

    def card_file(self, node: yaml.Node, path: str) -> None:
        fields = self._fields(node, path, CARD_FIELDS, "a card")
        if fields is None:
            return
        card = _card(fields, node, path)
        _require_addressable(card.id, "card name", card.origin)
        self.cards.append(card)
        for item in _items(fields.get("rulings"), path):
            self._guard(lambda item=item: self.card_ruling(item, path, card.id, CARD_RULING_FIELDS))

    def rulings_file(self, node: yaml.Node, path: str) -> None:
        if not isinstance(node, yaml.SequenceNode):
            raise ContentError("expected a list of rulings", _origin(path, node), "start each ruling with '- '")
        for item in node.value:
            self._guard(lambda item=item: self.loose_ruling(item, path))

    def cr_examples_file(self, node: yaml.Node, path: str) -> None:
        if not isinstance(node, yaml.SequenceNode):
            raise ContentError("expected a list of CR examples", _origin(path, node), "start each one with '- rule: ...'")
        for item in node.value:
            self._guard(lambda item=item: self.cr_example(item, path))

    # --- records -------------------------------------------------------------

    def cr_example(self, node: yaml.Node, path: str) -> None:
        fields = self._fields(node, path, CR_EXAMPLE_FIELDS, "a CR example")
        if fields is None:
            return
        rule = _text(fields["rule"], path)
        try:
            kind = rule_kind(rule)
        except ValueError:
            kind = None
        if kind not in (RuleKind.RULE, RuleKind.SUBRULE):
            raise ContentError(f"not a rule number: {rule!r}", _origin(path, fields["rule"]), "write a rule such as '601.2c'")
        # One file per section: the file's name says where to find (and add) a rule's examples.
        if Path(path).stem != section_of(rule):
            raise ContentError(
                f"rule {rule} belongs in {CR_EXAMPLES}/{section_of(rule)}.yaml", _origin(path, fields["rule"]), "move it there"
            )
        ordinal_node = fields["ordinal"]
        if not (isinstance(ordinal_node, yaml.ScalarNode) and ordinal_node.value.isdigit() and int(ordinal_node.value) > 0):
            raise ContentError(
                "expected the example's ordinal: 1, 2 …", _origin(path, ordinal_node), "1 is the rule's first example"
            )
        ordinal = int(ordinal_node.value)
        record_id = cr_example_id(rule, ordinal)
        self.cr_examples.append(
            CrExample(
                rule,
                ordinal,
                " ".join(_text(fields["text"], path).split()),
                self._example(fields["example"], path, record_id),
                _origin(path, node),
            )
        )

    def card_ruling(self, node: yaml.Node, path: str, card_id: str, known: dict[str, bool]) -> None:
        fields = self._fields(node, path, known, "a card ruling")
        if fields is None:
            return
        published = _date(fields["date"], path)
        key = (card_id, published)
        self._ordinals[key] += 1
        rid = ruling_id(card_id, published, self._ordinals[key])
        self.rulings.append(self._ruling(fields, node, path, rid, card_id, published))

    def loose_ruling(self, node: yaml.Node, path: str) -> None:
        fields = self._fields(node, path, LOOSE_RULING_FIELDS, "a ruling")
        if fields is None:
            return
        if "card" in fields:
            if "date" not in fields:
                raise ContentError(
                    "missing required field 'date'", _origin(path, node), "a card ruling needs its publication date"
                )
            card_id = card_slug(_text(fields["card"], path))
            self.card_ruling(node, path, card_id, LOOSE_RULING_FIELDS)
            return
        if "id" not in fields:
            raise ContentError(
                "missing required field 'id'", _origin(path, node), "a general ruling needs an id, or give 'card:'"
            )
        if "rules" not in fields:
            raise ContentError("missing required field 'rules'", _origin(path, node), "list the rules a general ruling explains")
        published = _date(fields["date"], path) if "date" in fields else None
        rid = slugify(_text(fields["id"], path))
        _require_addressable(rid, "ruling id", _origin(path, fields["id"]))
        self.rulings.append(self._ruling(fields, node, path, rid, None, published))

    def _ruling(
        self, fields: dict[str, yaml.Node], node: yaml.Node, path: str, rid: str, card_id: str | None, published: date | None
    ) -> Ruling:
        example = None
        if "example" in fields:
            example = self._example(fields["example"], path, rid)
        return Ruling(
            id=rid,
            text=_text(fields["text"], path),
            origin=_origin(path, node),
            card=card_id,
            date=published,
            source=_optional_text(fields.get("source"), path) or "wotc",
            rules=_text_list(fields.get("rules"), path),
            example=example,
        )

    def _example(self, node: yaml.Node, path: str, rid: str) -> Example:
        fields = self._fields(node, path, EXAMPLE_FIELDS, "an example")
        if fields is None:
            raise ContentError("invalid example", _origin(path, node))
        code = fields["code"]
        # A block scalar ('|') starts on the line after its indicator.
        first_line = code.start_mark.line + (2 if getattr(code, "style", None) in ("|", ">") else 1)
        cards = []
        for item in _items(fields.get("cards"), path):
            card_fields = self._fields(item, path, EXAMPLE_CARD_FIELDS, "a card declared by an example")
            if card_fields is not None:
                cards.append(_card(card_fields, item, path))
        return Example(
            id=rid,
            code=_text(code, path),
            rules=_text_list(fields["rules"], path),
            origin=Origin(path, first_line),
            cards=tuple(cards),
        )

    # --- helpers -------------------------------------------------------------

    def _guard(self, read: Callable[[], None]) -> None:
        try:
            read()
        except ContentError as e:
            self.errors.append(e)

    def _fields(self, node: yaml.Node, path: str, known: dict[str, bool], what: str) -> dict[str, yaml.Node] | None:
        """A mapping's fields by name; unknown and missing ones are reported."""
        if not isinstance(node, yaml.MappingNode):
            raise ContentError(f"expected {what} as a mapping of fields", _origin(path, node), "write 'field: value' lines")
        fields: dict[str, yaml.Node] = {}
        ok = True
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                # Never print it: an alias-built key can stand for billions of nodes.
                ok = False
                self.errors.append(
                    ContentError(f"a field name in {what} must be plain text", _origin(path, key_node), "write 'field: value'")
                )
                continue
            key = str(key_node.value)
            if key not in known:
                ok = False
                self.errors.append(
                    ContentError(f"unknown field '{key}' in {what}", _origin(path, key_node), "known fields: " + ", ".join(known))
                )
            elif key in fields:
                ok = False
                self.errors.append(ContentError(f"field '{key}' given twice", _origin(path, key_node), "keep one"))
            fields[key] = value_node
        for key, required in known.items():
            if required and key not in fields:
                ok = False
                self.errors.append(
                    ContentError(f"missing required field '{key}' in {what}", _origin(path, node), f"add '{key}:'")
                )
        return fields if ok else None


def _card(fields: dict[str, yaml.Node], node: yaml.Node, path: str) -> Card:
    return Card(
        name=_text(fields["name"], path),
        origin=_origin(path, node),
        short_name=_optional_text(fields.get("short_name"), path),
        mana_cost=_optional_text(fields.get("mana_cost"), path) or "",
        type_line=_optional_text(fields.get("type_line"), path) or "",
        oracle_text=_optional_text(fields.get("oracle_text"), path) or "",
        power=_optional_text(fields.get("power"), path),
        toughness=_optional_text(fields.get("toughness"), path),
        loyalty=_optional_text(fields.get("loyalty"), path),
        oracle_id=_optional_text(fields.get("oracle_id"), path),
        general_rulings=_text_list(fields.get("general_rulings"), path),
        engine=None if "engine" not in fields else tuple(_engine_part(item, path) for item in _items(fields["engine"], path)),
    )


def _engine_part(node: yaml.Node, path: str) -> EnginePart:
    """One `engine:` item: a mapping of one part name to its value (kept as plain data, with lines)."""
    if not isinstance(node, yaml.MappingNode) or len(node.value) != 1:
        raise ContentError(
            "expected one engine part, such as 'mana: any color'", _origin(path, node), "write '- part: value' per part"
        )
    key, value = node.value[0]
    lines: dict[tuple[str | int, ...], int] = {}
    return EnginePart(str(key.value), _plain(value, (), lines), _origin(path, key), tuple(lines.items()))


def _plain(node: yaml.Node, at: tuple[str | int, ...], lines: dict[tuple[str | int, ...], int]) -> object:
    """A YAML node as plain data (str, int, bool, list, dict), remembering the line of every setting."""
    lines[at] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        return {str(k.value): _plain(v, (*at, str(k.value)), lines) for k, v in node.value}
    if isinstance(node, yaml.SequenceNode):
        return [_plain(item, (*at, index), lines) for index, item in enumerate(node.value)]
    return yaml.SafeLoader(io.StringIO("")).construct_object(node)


def _compose(path: Path, shown: str) -> yaml.Node | None:
    """The file's YAML node tree; anything that keeps it from being one is a ContentError."""
    if path.is_dir():
        raise ContentError("a folder, not a YAML file", Origin(shown), "rename it or move it out of content/")
    try:
        with path.open("rb") as stream:
            data = stream.read(_MAX_BYTES + 1)
        if len(data) > _MAX_BYTES:
            raise ContentError(
                f"larger than {_MAX_BYTES >> 20} MiB", Origin(shown), "a content file holds one card or a list of rulings"
            )
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ContentError(f"not UTF-8 text: {e.reason}", Origin(shown), "save the file as UTF-8") from None
    except OSError as e:
        raise ContentError(f"cannot read: {e.strerror or e}", Origin(shown), "check the file and its permissions") from None
    if line := _too_many_open_brackets(text):
        raise ContentError(
            f"more than {_MAX_OPEN} '[' or '{{' open at once", Origin(shown, line), "close the lists and mappings you open"
        )
    try:
        return _parsed(text)
    except (yaml.YAMLError, RecursionError):
        pass  # PyYAML's own parser names the problem more precisely: it reports it below
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 0
        problem = e.problem or e.context or "invalid YAML"
        raise ContentError(f"YAML syntax error: {problem}", Origin(shown, line), "check indentation and quoting") from None
    except yaml.reader.ReaderError as e:  # a character YAML does not allow in a file (NUL, ESC, …)
        line = text.count("\n", 0, e.position) + 1
        raise ContentError(
            f"character U+{e.character:04X} is not allowed in YAML",
            Origin(shown, line),
            'remove it, or write it as an escape such as "\\x1b" in a double-quoted string',
        ) from None
    except RecursionError:
        raise ContentError(
            f"lists or mappings nested more than {_MAX_DEPTH} deep", Origin(shown, _too_deep(text)), "flatten it"
        ) from None


# libyaml's parser when PyYAML was built with it: the same nodes and marks, about ten times faster.
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> yaml.Node | None:
    """A file's node tree, kept by its text: the live preview reads every file again after each edit, and parses
    only the one that changed (half of reading the bundled content/). Readers never change a node."""
    return yaml.compose(text, Loader=_FAST_LOADER)


# Far more than a card with all its rulings and examples; a larger file is not read into memory.
_MAX_BYTES = 16 << 20
# Far deeper than any record; PyYAML's composer recurses and fails a little past this.
_MAX_DEPTH = 100


# PyYAML's scanner takes time quadratic in the depth of '[' and '{' nesting
# (seconds at a few thousand): such a file is refused before it starts. Brackets
# inside text count too, which only a file with hundreds unclosed can notice.
_MAX_OPEN = 2 * _MAX_DEPTH
_BRACKETS = re.compile(r"[\[\]{}\n]")


def _too_many_open_brackets(text: str) -> int:
    """The line where more than _MAX_OPEN brackets are open, or 0."""
    if text.count("[") + text.count("{") <= _MAX_OPEN:
        return 0
    depth, line = 0, 1
    for found in _BRACKETS.finditer(text):
        char = found[0]
        if char == "\n":
            line += 1
        elif char in "[{":
            depth += 1
            if depth > _MAX_OPEN:
                return line
        else:
            depth = max(depth - 1, 0)
    return 0


def _too_deep(text: str) -> int:
    """The line where nesting first passes _MAX_DEPTH (the parser streams events, so it does not recurse)."""
    depth = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            depth += 1
            if depth > _MAX_DEPTH:
                return event.start_mark.line + 1
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            depth -= 1
    return 0


def _display_path(path: Path) -> str:
    """The path relative to the working folder when it is under it (without following links: one may loop)."""
    relative = os.path.relpath(os.path.abspath(path))
    return str(path) if relative.startswith("..") else relative


def _origin(path: str, node: yaml.Node) -> Origin:
    return Origin(path, node.start_mark.line + 1)


def _text(node: yaml.Node, path: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or node.value == "":
        raise ContentError("expected text", _origin(path, node), "write a plain value on this line")
    if _is_null(node):
        raise ContentError(
            f"expected text, found {node.value or 'nothing'} (YAML's null)",
            _origin(path, node),
            'quote it if you mean the word: "null"',
        )
    found = _SURROGATE.search(node.value)
    if found:
        raise ContentError(
            f"lone surrogate U+{ord(found[0]):04X} in the text",
            _origin(path, node),
            "write the character itself, not a \\u escape",
        )
    return str(node.value).strip("\n") if node.style in ("|", ">") else str(node.value)


def _require_addressable(record_id: str, what: str, origin: Origin) -> None:
    if len(record_id) > MAX_ID_LENGTH:
        raise ContentError(
            f"{what} too long: its address would be {len(record_id)} characters, more than {MAX_ID_LENGTH}",
            origin,
            "shorten it",
        )


def _is_null(node: yaml.ScalarNode) -> bool:
    return node.tag.endswith(":null")


# Half of a UTF-16 pair (from a "\ud800" escape): no UTF-8 page or file can hold it.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _optional_text(node: yaml.Node | None, path: str) -> str | None:
    if node is None or (isinstance(node, yaml.ScalarNode) and _is_null(node)):
        return None
    return _text(node, path)


def _items(node: yaml.Node | None, path: str) -> list[yaml.Node]:
    if node is None:
        return []
    if not isinstance(node, yaml.SequenceNode):
        raise ContentError("expected a list", _origin(path, node), "start each item with '- '")
    return list(node.value)


def _text_list(node: yaml.Node | None, path: str) -> tuple[str, ...]:
    return tuple(_text(item, path) for item in _items(node, path))


def _date(node: yaml.Node, path: str) -> date:
    try:
        return date.fromisoformat(_text(node, path))
    except ValueError:
        raise ContentError(f"not a date: {node.value!r}", _origin(path, node), "write dates as YYYY-MM-DD") from None
