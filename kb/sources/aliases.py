"""content/search/aliases.yaml: the names players use for rules and glossary entries.

A list of entries, each naming what the community calls something and the
records it means:

    - names: [mana burn]                  # what players call it
      phrasings: [mana pool empties]      # how they ask about it
      rules: ["500.5", "106.4"]           # the rules it means (numbers)
      glossary: [mana-burn]               # the glossary entries it means (ids)

Both searches find those records by their names and phrasings; the glossary
page shows the names as "also called". An entry has names, phrasings or both.
"""

from __future__ import annotations

import yaml

from kb.errors import ContentError
from kb.model import Alias, Origin

FIELDS = ("names", "phrasings", "rules", "glossary")


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
    if not fields.get("names") and not fields.get("phrasings"):
        raise ContentError("an alias entry without names or phrasings", origin, "add 'names: [...]' or 'phrasings: [...]'")
    if not fields.get("rules") and not fields.get("glossary"):
        raise ContentError("an alias entry that means nothing", origin, "add the 'rules' or 'glossary' entries it means")
    return Alias(
        tuple(fields.get("names", ())),
        tuple(fields.get("rules", ())),
        tuple(fields.get("glossary", ())),
        origin,
        tuple(fields.get("phrasings", ())),
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
