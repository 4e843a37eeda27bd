"""The project's own hand-written records in `content/`.

Layout::

    content/cards/<any>.yaml     one card, with its rulings nested under `rulings:`
    content/rulings/<any>.yaml   a list of rulings: general ones (with an `id` and the
                                 `rules` they explain) or rulings of a card (`card:`)

Values are read as YAML nodes rather than plain data so that every field keeps
its line number: an error points at the exact line an author has to fix.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import yaml

from kb.errors import ContentError, KbError, raise_all
from kb.model import Card, EnginePart, Example, Origin, Ruling, ruling_id, slugify

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


@dataclass(frozen=True)
class Content:
    cards: tuple[Card, ...]
    rulings: tuple[Ruling, ...]


def load_content(root: Path) -> Content:
    """Read every record under `root`; raise all problems found at once."""
    reader = _Reader(root)
    for path in sorted((root / "cards").glob("*.yaml")):
        reader.read_file(path, reader.card_file)
    for path in sorted((root / "rulings").glob("*.yaml")):
        reader.read_file(path, reader.rulings_file)
    raise_all(reader.errors)
    return Content(tuple(reader.cards), tuple(reader.rulings))


class _Reader:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.errors: list[KbError] = []
        self.cards: list[Card] = []
        self.rulings: list[Ruling] = []
        self._ordinals: dict[tuple[str, date | None], int] = defaultdict(int)

    def read_file(self, path: Path, read: Callable[[yaml.Node, str], None]) -> None:
        shown = _display_path(path)
        try:
            node = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
        except yaml.MarkedYAMLError as e:
            mark = e.problem_mark or e.context_mark
            line = mark.line + 1 if mark else 0
            problem = e.problem or e.context or "invalid YAML"
            self.errors.append(
                ContentError(f"YAML syntax error: {problem}", Origin(shown, line), "check indentation and quoting")
            )
            return
        except UnicodeDecodeError as e:
            self.errors.append(ContentError(f"not UTF-8 text: {e.reason}", Origin(shown), "save the file as UTF-8"))
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
        self.cards.append(card)
        for item in _items(fields.get("rulings"), path):
            self._guard(lambda item=item: self.card_ruling(item, path, card.id, CARD_RULING_FIELDS))

    def rulings_file(self, node: yaml.Node, path: str) -> None:
        if not isinstance(node, yaml.SequenceNode):
            raise ContentError("expected a list of rulings", _origin(path, node), "start each ruling with '- '")
        for item in node.value:
            self._guard(lambda item=item: self.loose_ruling(item, path))

    # --- records -------------------------------------------------------------

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
            card_id = slugify(_text(fields["card"], path))
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


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _origin(path: str, node: yaml.Node) -> Origin:
    return Origin(path, node.start_mark.line + 1)


def _text(node: yaml.Node, path: str) -> str:
    if not isinstance(node, yaml.ScalarNode) or node.value == "":
        raise ContentError("expected text", _origin(path, node), "write a plain value on this line")
    return str(node.value).strip("\n") if node.style in ("|", ">") else str(node.value)


def _optional_text(node: yaml.Node | None, path: str) -> str | None:
    if node is None or (isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null")):
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
