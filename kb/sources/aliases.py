"""content/search/aliases.yaml: the names players use for rules and glossary entries.

A list of entries, each naming what the community calls something and the
records it means:

    - names: [mana burn]                  # what players call it
      phrasings: [mana pool empties]      # how they ask about it
      rules: ["500.5", "106.4"]           # the rules it means (numbers)
      glossary: [mana-burn]               # the glossary entries it means (ids)

    - asked: [can flyers block ground creatures]   # how they ask, counted only whole
      rules: ["702.9b"]

Both searches find those records by their names and phrasings, whose words
count one by one as the record's own; the glossary page shows the names as
"also called". A whole phrasing (`asked`) counts only for a query that has
every one of its words (kb.search_rank.ASKED_FACTOR). An entry has at least one
of the three.
"""

from __future__ import annotations

import yaml

from kb.errors import ContentError
from kb.model import Alias, Origin

FIELDS = ("names", "phrasings", "asked", "rules", "glossary")


def parse_aliases(node: yaml.Node, path: str) -> list[Alias]:
    """The entries of one aliases file (its YAML node tree); a malformed entry is a ContentError at its line."""
    if not isinstance(node, yaml.SequenceNode):
        raise ContentError("expected a list of aliases", _origin(path, node), "start each entry with '- names: [...]'")
    return [_entry(item, path) for item in node.value]


def _entry(node: yaml.Node, path: str) -> Alias:
    if not isinstance(node, yaml.MappingNode):
        raise ContentError("expected an entry with names, rules and glossary", _origin(path, node), "write '- names: [SBA]'")
    fields: dict[str, list[str]] = {}
    for key, value in node.value:
        if key.value not in FIELDS:
            raise ContentError(
                f"unknown field {key.value!r} in an alias entry", _origin(path, key), f"known fields: {', '.join(FIELDS)}"
            )
        fields[key.value] = _texts(value, path)
    origin = _origin(path, node)
    if not any(fields.get(key) for key in ("names", "phrasings", "asked")):
        raise ContentError(
            "an alias entry without names, phrasings or asked", origin, "add 'names: [...]', 'phrasings: [...]' or 'asked: [...]'"
        )
    if not fields.get("rules") and not fields.get("glossary"):
        raise ContentError("an alias entry that means nothing", origin, "add the 'rules' or 'glossary' entries it means")
    return Alias(
        tuple(fields.get("names", ())),
        tuple(fields.get("rules", ())),
        tuple(fields.get("glossary", ())),
        origin,
        tuple(fields.get("phrasings", ())),
        tuple(fields.get("asked", ())),
    )


def _texts(node: yaml.Node, path: str) -> list[str]:
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    texts = []
    for item in items:
        if not isinstance(item, yaml.ScalarNode) or not item.value.strip():
            raise ContentError("expected a list of texts", _origin(path, item), "write [a, b] or a single text")
        texts.append(item.value.strip())
    return texts


def _origin(path: str, node: yaml.Node) -> Origin:
    return Origin(path, node.start_mark.line + 1)
