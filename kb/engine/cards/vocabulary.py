"""The words card definitions are written with, as on the card: type lines, costs, numbers and object selectors.

    type_line("Legendary Creature — Human Artificer")   -> supertypes, types, subtypes
    parse_cost("{X}, {T}, Sacrifice a creature")         -> Cost(mana="{X}", tap=True, sacrifice=…)
    selector("artifact card in your graveyard")          -> (source, candidate) -> bool

A phrase the vocabulary does not know is a `DefinitionError` naming it, never a guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from kb.engine.cards.definitions import CardDef, Cost, Permanents, Target
from kb.engine.errors import EngineError
from kb.engine.state import Zone

SUPERTYPES = frozenset({"basic", "legendary", "snow", "world"})
CARD_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery"})
PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


class DefinitionError(EngineError):
    """A card definition uses a part, setting or phrase the engine doesn't know; `at` names where."""

    def __init__(self, message: str, at: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.at = at


@dataclass(frozen=True)
class TypeLine:
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]


def type_line(text: str) -> TypeLine:
    """'Legendary Artifact Creature — Golem' -> supertypes, card types and subtypes (rule 205)."""
    left, _, right = text.replace(" - ", " — ").partition("—")
    words = [w.lower() for w in left.split()]
    unknown = [w for w in words if w not in SUPERTYPES | CARD_TYPES]
    if unknown or not any(w in CARD_TYPES for w in words):
        raise DefinitionError(f"not a type line the engine reads: {text!r} (card types: {', '.join(sorted(CARD_TYPES))})")
    return TypeLine(
        frozenset(w for w in words if w in SUPERTYPES), frozenset(w for w in words if w in CARD_TYPES), frozenset(right.split())
    )


def number(value: Any) -> int:
    """2, '2' or 'two' -> 2."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    text = str(value).strip().lower()
    if text.isdigit():
        return int(text)
    if text in NUMBERS:
        return NUMBERS[text]
    raise DefinitionError(f"not a number: {value!r}")


Amount = Callable[[Any], int]  # EffectContext -> int


def amount(value: Any) -> Amount:
    """A number, 'X' (the X announced for the spell or ability, rule 107.3a), 'its power' or 'the number of
    Goblins you control' (counted as the effect happens)."""
    text = str(value).strip()
    if text == "X":
        return lambda ctx: int(ctx.x)
    if text == "its power":  # the source's power as the effect happens: never a negative result (rule 107.1b)
        from kb.engine.choices import result_not_negative

        return lambda ctx: result_not_negative(ctx.source.power or 0)
    if text == "that creature's power":  # remembered by a reflexive ability (kb.engine.reflexive)
        from kb.engine.choices import result_not_negative

        return lambda ctx: result_not_negative(int(ctx.item.data.get("power", 0)))
    if text == "the greatest power among creatures they control":  # 'they': the target player
        from kb.engine.choices import result_not_negative

        def greatest(ctx: Any) -> int:
            player = next((t for t in ctx.targets if _is_player(t)), ctx.controller)
            powers = [c.power or 0 for c in player.battlefield if c.definition.has_type("creature")]
            return result_not_negative(max(powers, default=0))

        return greatest
    if text.startswith("the number of "):
        quality = selector(text.removeprefix("the number of "))
        return lambda ctx: sum(1 for c in ctx.game.state.cards if quality(ctx.source, ctx.game.card(c)))
    fixed = number(value)
    return lambda _ctx: fixed


# -- object selectors ------------------------------------------------------------------------

Quality = Callable[[Any, Any], bool]  # (source Card, candidate Card or Player) -> bool


def _is_player(candidate: Any) -> bool:
    return hasattr(candidate, "index") and not hasattr(candidate, "card_id")


def _is_card(candidate: Any) -> bool:
    return hasattr(candidate, "card_id")


def _type_quality(word: str) -> Callable[[CardDef], bool] | None:
    """'creature', 'noncreature', 'permanent', 'historic', 'legendary', 'Mountain' (a subtype) …"""
    if word.startswith("non") and len(word) > 3:
        inner = _type_quality(word[3:].removeprefix("-"))  # 'nonland', 'non-Angel'
        return None if inner is None else (lambda d: not inner(d))
    if word in CARD_TYPES:
        return lambda d: d.has_type(word)
    if word == "permanent":
        return lambda d: bool(d.types & PERMANENT_TYPES)
    if word in COLORS:  # rule 202.2, or the colors an effect gave it (105.3)
        from kb.engine.colors import has_color

        return lambda d: has_color(d, COLORS[word])
    if word in SUPERTYPES:
        return lambda d: word in d.supertypes
    if word == "historic":
        from kb.engine.keywords import is_historic

        return is_historic
    singular = word[:-1] if word.endswith("s") and word[:1].isupper() else word
    if singular[:1].isupper():
        return lambda d: singular in d.subtypes
    return None


PLURALS = {
    "creatures": "creature",
    "artifacts": "artifact",
    "enchantments": "enchantment",
    "lands": "land",
    "permanents": "permanent",
}


def card_quality(phrase: str) -> Callable[[CardDef], bool]:
    """The card part of a selector: 'artifact creature', 'nonland' … (all words must hold);
    'instant and sorcery spells' or 'artifact or creature' hold for either."""
    for joint in (" and ", " or "):
        if joint in phrase:
            left, right = phrase.split(joint, 1)
            noun = " ".join(w for w in right.split()[1:])  # 'instant and sorcery spells': both are spells
            either = card_quality(f"{left} {noun}".strip()), card_quality(right)
            return lambda d: either[0](d) or either[1](d)
    words = [PLURALS.get(w, w) for w in phrase.split() if w not in ("card", "cards", "spell", "spells")]
    tests = []
    for word in words:
        test = _type_quality(word)
        if test is None:
            raise DefinitionError(f"unknown word {word!r} in {phrase!r}")
        tests.append(test)
    return lambda d: all(t(d) for t in tests)


def _controller_is_source_controller(source: Any, candidate: Any) -> bool:
    return candidate.controller == source.controller


def _controller_is_opponent(source: Any, candidate: Any) -> bool:
    return candidate.controller != source.controller


_ZONE_PHRASES: dict[str, tuple[Zone, Quality | None]] = {
    " you control": (Zone.BATTLEFIELD, _controller_is_source_controller),
    " an opponent controls": (Zone.BATTLEFIELD, _controller_is_opponent),
    " you don't control": (Zone.BATTLEFIELD, _controller_is_opponent),
    " in your graveyard": (Zone.GRAVEYARD, lambda s, c: c.owner == s.controller),
    " in a graveyard": (Zone.GRAVEYARD, None),
}


def selector(phrase: str) -> Quality:
    """What an object or player must be: 'any target', 'player', 'opponent', 'creature you control',
    'artifact card in your graveyard', 'nonland permanent' (on the battlefield unless a zone is named)."""
    text = " ".join(phrase.split()).removeprefix("target ")
    excludes_source = text.startswith(("another ", "other "))
    text = text.removeprefix("another ").removeprefix("other ")
    if text == "any target":  # rule 115.4: a creature, player, planeswalker or battle
        return lambda s, c: (
            _is_player(c)
            or (_is_card(c) and c.zone is Zone.BATTLEFIELD and bool(c.definition.types & {"creature", "planeswalker", "battle"}))
        )
    if text == "player":
        return lambda s, c: _is_player(c)
    if text == "spell":  # a spell on the stack
        return lambda s, c: _is_card(c) and c.zone is Zone.STACK
    if text == "opponent":
        return lambda s, c: _is_player(c) and c != s.controller
    zone, where = Zone.BATTLEFIELD, None
    for suffix, (suffix_zone, test) in _ZONE_PHRASES.items():
        if text.endswith(suffix):
            text, zone, where = text.removesuffix(suffix), suffix_zone, test
            break
    quality = card_quality(text)
    return lambda s, c: (
        _is_card(c)
        and c.zone is zone
        and quality(c.definition)
        and (where is None or where(s, c))
        and not (excludes_source and c == s)
    )


# Words whose meaning a rule of its own defines: an illegal target for lacking it cites that rule.
DEFINING_RULES = {"historic": "700.6"}


def target(phrase: str | list[Any], count: Any = 1) -> Target:
    """'creature' (with `count`: 'two target creatures'), or a list of phrases, one per instance of the word
    'target' ('target artifact and target land': [artifact, land])."""
    if isinstance(phrase, list):
        if len(phrase) < 2 or count != 1 or phrase[0] == "another target":
            raise DefinitionError("a list of targets names two or more instances of 'target', each one target")
        instances: list[Target] = []
        for written in map(str, phrase):  # 'another target': the same requirement as the one before, another object
            instances.append(
                replace(instances[-1], description="another target") if written == "another target" else target(written)
            )
        return Target(
            " and ".join(i.description for i in instances),
            lambda s, c: any(i.legal(s, c) for i in instances),
            count=len(instances),
            instances=tuple(instances),
            different="another target" in phrase,
        )
    rule = next((DEFINING_RULES[w] for w in phrase.split() if w in DEFINING_RULES), "115.1")
    written = phrase.removeprefix("target ")
    description = written if written == "any target" else f"target {written}"
    return Target(description, selector(phrase), rule=rule, count=number(count))


# -- costs -----------------------------------------------------------------------------------

_MANA = re.compile(r"^(\{[^}]+\})+$")
_COUNTED = re.compile(rf"^(?P<count>{'|'.join(NUMBERS)}|\d+) (?P<rest>.+)$")


def parse_cost(text: str) -> Cost:
    """A cost written as on the card: '{2}, {Q}', '{X}, {T}, Sacrifice a creature', 'Discard this card',
    'Exile two cards from your graveyard', 'Sacrifice this', 'Tap an untapped creature you control'."""
    fields: dict[str, Any] = {}
    mana = ""
    for part in (p.strip() for p in str(text).split(",")):
        if not part:
            continue
        symbols = part.replace("{T}", "").replace("{Q}", "")
        if _MANA.match(part) or part in ("{T}", "{Q}"):
            fields["tap"] = fields.get("tap", False) or "{T}" in part
            fields["untap"] = fields.get("untap", False) or "{Q}" in part
            mana += symbols
        elif part.lower() in ("sacrifice this", "sacrifice ~"):
            fields["sacrifice_self"] = True
        elif part.lower() in ("discard this card", "discard ~"):
            fields["discard_self"] = True
        elif part.lower().startswith("sacrifice "):
            counted = _counted(part[len("sacrifice ") :], part)
            quality = card_quality(counted[1])
            fields["sacrifice"] = Permanents(part[len("sacrifice ") :], counted[0], quality)
        elif part.lower().startswith("tap ") and part.lower().endswith(" you control"):
            counted = _counted(part[len("tap ") : -len(" you control")], part)
            quality = card_quality(counted[1].removeprefix("untapped "))
            fields["tap_untapped"] = Permanents(part[len("tap ") :], counted[0], quality)
        elif part.lower().startswith("discard "):
            fields["discard_cards"] = _counted(part[len("discard ") :], part)[0]
        elif part.lower().startswith("exile ") and part.lower().endswith(" from your graveyard"):
            fields["exile_from_graveyard"] = _counted(part[len("exile ") : -len(" from your graveyard")], part)[0]
        else:
            raise DefinitionError(
                f"unknown cost {part!r} (known: mana symbols, {{T}}, {{Q}}, Sacrifice …, Tap … you control, Discard …, Exile … from your graveyard)"
            )
    if mana:
        _check_mana(mana)
    return Cost(mana=mana, **fields)


def _counted(phrase: str, whole: str) -> tuple[int, str]:
    match = _COUNTED.match(phrase.strip())
    if match is None:
        raise DefinitionError(f"say how many in {whole!r} (a, two, 3 …)")
    return number(match["count"]), match["rest"]


def _check_mana(text: str) -> None:
    from kb.engine.costs import parse_mana_cost

    try:
        parse_mana_cost(text)
    except DefinitionError:
        raise
    except EngineError as error:
        raise DefinitionError(str(error)) from None
