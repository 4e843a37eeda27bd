"""content/search/questions.yaml: the questions players ask, listed under the rule that answers each.

The release whose numbering the file follows, and a mapping from a rule number
to questions as a player or judge would type them, one a line:

    release: 2025-09-19
    questions:
      "302.6": |
        can my creature attack the turn I cast it
        summoning sick creature with a tap ability

Players ask about a situation in their own words ("can my creature attack
the turn I cast it"), and the rule that settles it says something else ("a
creature's activated ability with the tap symbol ... unless it has been under
its controller's control continuously"). Both searches read a rule's questions
as one more field of its text, at a fraction of its weight
(`kb.search_documents.QUESTIONS`): a query worded as players word it then meets
the words its answer is asked with (document expansion, as doc2query does
with generated questions).
"""

from __future__ import annotations

from datetime import date

import yaml

from kb.errors import ContentError
from kb.model import Origin, RuleQuestions, rule_kind


def parse_questions(node: yaml.Node, path: str) -> RuleQuestions:
    """A questions file's release and questions, from its node tree; anything malformed is a ContentError at its line."""
    fields = dict(_fields(node, path))
    release = fields.get("release")
    listed = fields.get("questions")
    if release is None or listed is None:
        raise ContentError(
            f"missing {'release' if release is None else 'questions'}", _origin(path, node), "write 'release:' and 'questions:'"
        )
    return RuleQuestions(_release(release, path), _by_rule(listed, path), _origin(path, node))


def _fields(node: yaml.Node, path: str) -> list[tuple[str, yaml.Node]]:
    if not isinstance(node, yaml.MappingNode):
        raise ContentError("expected 'release:' and 'questions:'", _origin(path, node), "see kb/sources/questions.py")
    fields = []
    for key, value in node.value:
        name = key.value if isinstance(key, yaml.ScalarNode) else ""
        if name not in ("release", "questions"):
            raise ContentError(f"unknown field {name!r}", _origin(path, key), "known fields: release, questions")
        fields.append((name, value))
    return fields


def _release(node: yaml.Node, path: str) -> date:
    try:
        return date.fromisoformat(node.value if isinstance(node, yaml.ScalarNode) else "")
    except ValueError:
        raise ContentError(
            "release is not a date", _origin(path, node), "write the rules' effective date: release: 2025-09-19"
        ) from None


def _by_rule(node: yaml.Node, path: str) -> dict[str, tuple[str, ...]]:
    if not isinstance(node, yaml.MappingNode):
        raise ContentError("expected a mapping of rule numbers to questions", _origin(path, node), 'write "302.6": |')
    questions: dict[str, tuple[str, ...]] = {}
    lines: dict[str, int] = {}
    for key, value in node.value:
        number = key.value if isinstance(key, yaml.ScalarNode) else ""
        if not _is_rule_number(number):
            raise ContentError(f"{number or 'this key'!r} is not a rule number", _origin(path, key), 'write it as "302.6"')
        if number in lines:
            raise ContentError(
                f"rule {number} is listed twice (first at line {lines[number]})", _origin(path, key), "merge its questions"
            )
        lines[number] = key.start_mark.line + 1
        questions[number] = _texts(value, path, number)
    return questions


def _texts(node: yaml.Node, path: str, number: str) -> tuple[str, ...]:
    """A rule's questions: a block of text, one question a line (a node per question made reading the file 3x slower)."""
    texts = tuple(line.strip() for line in node.value.splitlines() if line.strip()) if isinstance(node, yaml.ScalarNode) else ()
    if not texts:
        raise ContentError(
            f"rule {number}: expected its questions, one a line", _origin(path, node), "write '|' and the questions below it"
        )
    return texts


def _is_rule_number(text: str) -> bool:
    try:
        rule_kind(text)
    except ValueError:
        return False
    return True


def _origin(path: str, node: yaml.Node) -> Origin:
    return Origin(path, node.start_mark.line + 1)
