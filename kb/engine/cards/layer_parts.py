"""Parts and verbs for the layer system, copies and double-faced cards, registered with `parts.PARTS` and
`verbs.VERBS` (imported by `kb.engine.cards.parts`).

Parts: `static effect` (colors, types, abilities lost, P/T set, 'permanents enter tapped'), `enters as copy`,
`enters with counters`, `back face`, `defined power/toughness`.
Verbs: `pump all`, `become color`, `set power/toughness`, `switch power/toughness`, `become creature`,
`exchange control of targets`, `transform`, `become a copy`, `return target to the battlefield`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import CardDef, Effect, StaticAbility
from kb.engine.cards.parts import REQUIRED, Draft, Facts, _affected, _at, compose, part
from kb.engine.cards.verbs import _cards, _duration, _settings, _who, verb
from kb.engine.cards.vocabulary import COLORS, DefinitionError, amount, card_quality, selector
from kb.engine.continuous import UNTIL_END_OF_TURN, fixed_set
from kb.engine.copies import CopyException, EntersAsCopy
from kb.engine.effects import EffectContext
from kb.engine.errors import IllegalAction, MissingChoice
from kb.engine.state import Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card


def _colors(value: Any) -> tuple[str, ...]:
    words = value if isinstance(value, list) else [value]
    unknown = [w for w in words if str(w).lower() not in COLORS]
    if unknown:
        raise DefinitionError(f"unknown color {unknown[0]!r} (known: {', '.join(COLORS)})")
    return tuple(COLORS[str(w).lower()] for w in words)


def _words(value: Any) -> tuple[str, ...]:
    return tuple(str(w) for w in (value if isinstance(value, list) else [value]) if w)


# -- parts ---------------------------------------------------------------------------------------


@part(
    "static effect",
    to=REQUIRED,
    colors=None,
    types=(),
    loses=(),
    **{"lose all abilities": False, "set power": None, "set toughness": None, "enter tapped": False},
)
def _static_effect(settings: dict[str, Any], draft: Draft) -> None:
    """{to: enchanted creature, colors: white} ('Enchanted creature is white') · {to: enchanted creature, loses:
    [flying]} · {to: card in a graveyard, lose all abilities: true} · {to: permanent, enter tapped: true}."""
    phrase = str(settings["to"])
    affects = _at("to", lambda: _affected(phrase.replace("creatures", "creature").replace("permanents", "permanent")))
    if settings["colors"] is not None:
        colors = _at("colors", lambda: _colors(settings["colors"]))
        draft.statics.append(StaticAbility(f"{phrase} is {settings['colors']}.", "color", affects, colors=colors))
    if settings["types"]:
        types = _words(settings["types"])
        draft.statics.append(StaticAbility(f"{phrase} is {', '.join(types)}.", "type", affects, types=types))
    if settings["loses"] or settings["lose all abilities"]:
        removes = tuple(w.lower() for w in _words(settings["loses"]))
        draft.statics.append(
            StaticAbility(
                f"{phrase} loses abilities.", "abilities", affects, removes=removes, lose_all=bool(settings["lose all abilities"])
            )
        )
    if settings["set power"] is not None or settings["set toughness"] is not None:
        draft.statics.append(
            StaticAbility(
                f"{phrase} has base power and toughness set.",
                "set power/toughness",
                affects,
                set_power=settings["set power"],
                set_toughness=settings["set toughness"],
            )
        )
    if settings["enter tapped"]:
        draft.statics.append(StaticAbility(f"{phrase} enter tapped.", "enter tapped", affects))


@part("enters as copy", of=REQUIRED, types=(), subtypes=(), power=None, toughness=None, gains=(), **{"keeps color": False})
def _enters_as_copy(settings: dict[str, Any], draft: Draft) -> None:
    """'You may have this enter as a copy of any creature on the battlefield[, except it's 7/7]':
    {of: creature, power: 7, toughness: 7}; `types:` adds types ('except it's an enchantment …'); `keeps color:
    true` ('except it doesn't copy that creature's color'); `gains:` parts of abilities it has ('and it has …')."""
    description = str(settings["of"])
    quality = _at("of", lambda: selector(description))
    inner = settings["gains"] or ()
    parts = [next(iter(p.items())) if isinstance(p, Mapping) and len(p) == 1 else ("?", p) for p in inner]
    gained = _at("gains", lambda: compose(Facts(name="(gained)", type_line="Creature"), parts))
    if gained.activated or gained.statics or gained.keywords:
        raise DefinitionError("'gains' takes triggered abilities only", ("gains",))
    exception = CopyException(
        types=_words(settings["types"]),
        subtypes=_words(settings["subtypes"]),
        power=None if settings["power"] is None else int(settings["power"]),
        toughness=None if settings["toughness"] is None else int(settings["toughness"]),
        keeps_color=bool(settings["keeps color"]),
        gains=gained.triggered,
    )
    draft.set_once(
        "enters_as_copy",
        EntersAsCopy(
            f"any {description} on the battlefield", lambda entering, c: c != entering and quality(entering, c), exception
        ),
        "enters as copy",
    )


@part("enters with counters", count=REQUIRED, kind="+1/+1")
def _enters_with_counters(settings: dict[str, Any], draft: Draft) -> None:
    """'This enters with two fade counters on it': {count: 2, kind: fade} (rule 614.1c)."""
    draft.set_once("enters_with", ((str(settings["kind"]), int(settings["count"])),), "enters with counters")


def _other_face(settings: dict[str, Any]) -> CardDef:
    """A card's other face or half, with its own name, type line, P/T and parts."""
    facts = Facts(
        name=str(settings["name"]),
        type_line=str(settings["type_line"]),
        power=None if settings["power"] is None else str(settings["power"]),
        toughness=None if settings["toughness"] is None else str(settings["toughness"]),
    )
    inner = settings["parts"] or ()
    parts = [next(iter(p.items())) if isinstance(p, Mapping) and len(p) == 1 else ("?", p) for p in inner]
    return _at("parts", lambda: compose(facts, parts))


@part("back face", name=REQUIRED, type_line=REQUIRED, power=None, toughness=None, colors=None, parts=())
def _back_face(settings: dict[str, Any], draft: Draft) -> None:
    """The back face of a double-faced card (rule 712): {name: Ironfang, type_line: Creature — Werewolf,
    power: 3, toughness: 1, colors: red} (a back face's color comes from its color indicator: 202.2e)."""
    face = _other_face(settings)
    if settings["colors"] is not None:
        from dataclasses import replace

        face = replace(face, colors=frozenset(_at("colors", lambda: _colors(settings["colors"]))))
    draft.set_once("back_face", face, "back face")


COUNTS: dict[str, Callable[[Game, Card], int]] = {
    "card types among cards in all graveyards": lambda game, card: len(
        {t for c in game.state.cards.values() if c.zone is Zone.GRAVEYARD for t in game.card(c.card_id).definition.types}
    ),
    "creature cards in your graveyard": lambda game, card: sum(
        1 for c in card.controller.graveyard if c.definition.has_type("creature")
    ),
}


@part("defined power/toughness", count=REQUIRED, **{"toughness plus": 0})
def _defined(settings: dict[str, Any], draft: Draft) -> None:
    """A characteristic-defining ability (rule 604.3): 'power is equal to the number of card types among cards
    in all graveyards and toughness is equal to that number plus 1' ({count: …, toughness plus: 1})."""
    count = COUNTS.get(str(settings["count"]))
    if count is None:
        raise DefinitionError(f"unknown count {settings['count']!r} (known: {', '.join(COUNTS)})", ("count",))
    plus = int(settings["toughness plus"])

    def defined(game: Game, card: Card) -> tuple[int, int]:
        n = count(game, card)
        return n, n + plus

    draft.set_once("power_cda", defined, "defined power/toughness")


# -- verbs ---------------------------------------------------------------------------------------


@verb("pump all")
def _pump_all(value: Any) -> Effect:
    """'All white creatures get +1/+1 until end of turn': {to: white creatures, power: 1, toughness: 1}."""
    settings = _settings(value, {"to": None, "power": 0, "toughness": 0, "duration": UNTIL_END_OF_TURN}, "pump all")
    if not settings["to"]:
        raise DefinitionError("'pump all' needs `to:` (e.g. white creatures)")
    quality = selector(str(settings["to"]).replace("creatures", "creature"))
    power, toughness, duration = int(settings["power"]), int(settings["toughness"]), _duration(settings["duration"])

    def effect(ctx: EffectContext) -> None:
        chosen = fixed_set(ctx, quality)
        objects = chosen.pop("objects", [])
        ctx.start_effect(objects, "power/toughness", duration, power=power, toughness=toughness, **chosen)

    return effect


def chosen_color(ctx: EffectContext) -> str:
    """The color the controller stated ahead (`player.will_pick('color', 'W')`), used up by this choice."""
    stated = ctx.controller.state.stated_choices
    if "color" not in stated:
        raise MissingChoice(
            f"the color {ctx.source}'s effect makes it", f"call {ctx.controller.name.lower()}.will_pick('color', 'W')"
        )
    color = stated.pop("color")
    if color not in "WUBRG" or len(color) != 1:
        raise IllegalAction("not-a-color", "105.1", f"{color!r} is not a color (W, U, B, R or G)")
    return str(color)


@verb("become color")
def _become_color(value: Any) -> Effect:
    """'Target creature becomes red until end of turn': {color: red} · 'the color of your choice': {color: chosen}."""
    settings = _settings(value, {"color": None, "to": "target", "duration": UNTIL_END_OF_TURN}, "become color")
    to, duration = _who(settings["to"], "become color"), _duration(settings["duration"])
    fixed = None if settings["color"] == "chosen" else _colors(settings["color"])

    def effect(ctx: EffectContext) -> None:
        colors = fixed if fixed is not None else (chosen_color(ctx),)
        ctx.start_effect(to(ctx), "color", duration, colors=colors)

    return effect


@verb("set power/toughness")
def _set_pt(value: Any) -> Effect:
    """'Target creature becomes 0/1 until end of turn': {power: 0, toughness: 1} (layer 7b)."""
    settings = _settings(
        value, {"power": None, "toughness": None, "to": "target", "duration": UNTIL_END_OF_TURN}, "set power/toughness"
    )
    to, duration = _who(settings["to"], "set power/toughness"), _duration(settings["duration"])
    power, toughness = amount(settings["power"]), amount(settings["toughness"])
    return lambda ctx: ctx.start_effect(
        to(ctx), "set power/toughness", duration, set_power=power(ctx), set_toughness=toughness(ctx)
    )


@verb("switch power/toughness")
def _switch(value: Any) -> Effect:
    """'Switch target creature's power and toughness until end of turn' (layer 7d)."""
    settings = _settings(value, {"to": "target", "duration": UNTIL_END_OF_TURN}, "switch power/toughness")
    to, duration = _who(settings["to"], "switch power/toughness"), _duration(settings["duration"])
    return lambda ctx: ctx.start_effect(to(ctx), "switch", duration, switch=True)


@verb("become creature")
def _become_creature(value: Any) -> Effect:
    """'This artifact becomes an X/X Construct artifact creature until end of turn': {power: X, toughness: X,
    types: [artifact, creature], subtypes: [Construct]} — one effect in layers 4, 5 (with `colors:`) and 7b, on
    this, its target, or every permanent a phrase names ({to: all noncreature artifacts});
    `defined by: creature cards in your graveyard` instead of power and toughness: 'with "This creature's power
    and toughness are each equal to the number of creature cards in your graveyard"' (counted as it applies)."""
    known = {"power": None, "toughness": None, "defined by": None, "types": ["creature"], "subtypes": (), "colors": None}
    settings = _settings(value, {**known, "to": "this", "duration": UNTIL_END_OF_TURN}, "become creature")
    defined_by = settings["defined by"]
    if defined_by is not None:
        if defined_by not in COUNTS:
            raise DefinitionError(f"unknown count {defined_by!r} (known: {', '.join(COUNTS)})")
        count = COUNTS[defined_by]
        set_by: Any = lambda game, card: (count(game, card),) * 2  # noqa: E731
    elif settings["power"] is None or settings["toughness"] is None:
        raise DefinitionError("'become creature' needs power and toughness, or 'defined by'")
    else:
        set_by = None
    duration = _duration(settings["duration"])
    everything = settings["to"] not in ("this", "target")  # 'all noncreature artifacts': fixed as it resolves
    quality = selector(str(settings["to"]).removeprefix("all ")) if everything else None
    to = None if everything else _who(settings["to"], "become creature")
    power = amount(settings["power"] if set_by is None else 0)
    toughness = amount(settings["toughness"] if set_by is None else 0)
    types, subtypes = tuple(str(t).lower() for t in _words(settings["types"])), _words(settings["subtypes"])
    colors = None if settings["colors"] is None else _colors(settings["colors"])
    layers = ("color", "set power/toughness") if colors else ("set power/toughness",)

    def effect(ctx: EffectContext) -> None:
        chosen = fixed_set(ctx, quality) if quality is not None else {"objects": to(ctx)}  # type: ignore[misc]
        ctx.start_effect(
            chosen.pop("objects", []),
            "type",
            duration,
            **chosen,
            more_layers=layers,
            types=types,
            subtypes=subtypes,
            colors=colors,
            set_power=power(ctx),
            set_toughness=toughness(ctx),
            set_by=set_by,
        )

    return effect


@verb("exchange control of targets")
def _exchange(value: Any) -> Effect:
    """'Exchange control of two target creatures' (rule 701.12)."""
    _settings(value, {}, "exchange control of targets")

    def effect(ctx: EffectContext) -> None:
        from kb.engine.keyword_actions import exchange_control

        exchange_control(ctx, [(ident, obj) for kind, ident, obj in ctx.item.targets if kind == "card"])

    return effect


@verb("transform")
def _transform(value: Any) -> Effect:
    """'Transform this' ({to: this}), 'transform target', or every permanent a phrase names ({to: Humans})."""
    to = str(_settings(value, {"to": "this"}, "transform")["to"])
    pick: Callable[[EffectContext], list[Any]]
    if to in ("this", "target"):
        pick = _who(to, "transform")
    else:
        quality = selector(to)
        pick = lambda ctx: [  # noqa: E731
            ctx.game.card(c.card_id) for c in list(ctx.game.state.cards.values()) if quality(ctx.source, ctx.game.card(c.card_id))
        ]

    def effect(ctx: EffectContext) -> None:
        from kb.engine.keyword_actions import transform

        for card in pick(ctx):  # all chosen before any turns over
            transform(ctx.game, card)

    return effect


@verb("become a copy")
def _become_a_copy(value: Any) -> Effect:
    """Cytoshape's 'Choose a nonlegendary creature on the battlefield. Target creature becomes a copy of that
    creature until end of turn.' ({of: nonlegendary creature}; the choice: `player.will_pick('copy', card)`) ·
    Vesuvan Doppelganger's 'this creature becomes a copy of target creature, except it doesn't copy that creature's
    color and it has this ability' ({of: target, keeps color: true, keeps this ability: true, duration: indefinitely})."""
    known = {"of": "creature", "duration": UNTIL_END_OF_TURN, "keeps color": False, "keeps this ability": False}
    settings = _settings(value, known, "become a copy")
    description, duration = str(settings["of"]), _duration(settings["duration"])
    keeps_color, keeps_ability = bool(settings["keeps color"]), bool(settings["keeps this ability"])
    quality = None if description in ("target", "that creature") else selector(description)

    def effect(ctx: EffectContext) -> None:
        from kb.engine.copies import (
            CopyException,
            check_copy_choice,
            chosen_to_copy,
            snapshot,
            start_copy_effect,
            stays_the_same_object,
        )

        gains = tuple(a for a in ctx.source.definition.triggered if a.key == ctx.item.ability) if keeps_ability else ()
        exception = CopyException(keeps_color=keeps_color, gains=gains)

        def become(permanent: Any, original: Any) -> None:
            values = snapshot(ctx.game, original, permanent, exception)
            stays_the_same_object(ctx.game, permanent)
            start_copy_effect(ctx.game, ctx.controller, ctx.source, permanent, values, duration)

        if description == "that creature":  # the creature whose entering triggered this
            card_id, object_id = ctx.item.data["that creature"]
            that = ctx.game.card(card_id)
            if that.object_id == object_id and that.zone is Zone.BATTLEFIELD:
                become(ctx.source, that)
            return
        if quality is None:  # this becomes a copy of its target
            for target in _cards(ctx):
                become(ctx.source, target)
            return
        chosen = chosen_to_copy(ctx.game, ctx.controller, ctx.source, f"a {description} on the battlefield")
        if chosen is None:
            raise IllegalAction("illegal-copy-choice", "707.1", f"{ctx.source} must choose a {description} to copy")
        check_copy_choice(ctx.source, "707.1", chosen, quality, f"a {description} on the battlefield")
        for target in _cards(ctx):
            become(target, chosen)

    return effect


@verb("return target to the battlefield")
def _reanimate(value: Any) -> Effect:
    """'Return target creature card from a graveyard to the battlefield under your control.'"""
    _settings(value, {}, "return target to the battlefield")

    def effect(ctx: EffectContext) -> None:
        from kb.engine.zones import move_card

        for card in _cards(ctx):
            if card.zone is Zone.GRAVEYARD:
                move_card(ctx.game, card, Zone.BATTLEFIELD, controller=ctx.controller)

    return effect


@part("choose a creature type", **{"is that type": False, "others get": None})
def _choose_a_creature_type(settings: dict[str, Any], draft: Draft) -> None:
    """Adaptive Automaton's 'As this creature enters, choose a creature type. This creature is the chosen type in
    addition to its other types. Other creatures you control of the chosen type get +1/+1.': {is that type: true,
    others get: "+1/+1"} (the choice: `player.will_pick('creature type', 'Elf')`)."""
    draft.set_once("choose_as_enters", "creature type", "choose a creature type")
    if settings["is that type"]:
        draft.statics.append(
            StaticAbility("This is the chosen type.", "type", lambda source, c: c == source, chosen_subtype=True)
        )
    if settings["others get"] is not None:
        power, toughness = (int(n) for n in str(settings["others get"]).split("/"))
        draft.statics.append(
            StaticAbility(
                f"Other creatures you control of the chosen type get {settings['others get']}.",
                "power/toughness",
                _others_of_the_chosen_type,
                power=power,
                toughness=toughness,
            )
        )


def _others_of_the_chosen_type(source: Any, candidate: Any) -> bool:
    chosen = source.state.chosen.get("creature type")
    return (
        hasattr(candidate, "card_id")
        and candidate != source
        and candidate.zone is Zone.BATTLEFIELD
        and candidate.controller == source.controller
        and candidate.definition.has_type("creature")
        and chosen in candidate.definition.subtypes
    )


def _creatures_entering(source: Any, event: Any) -> list[tuple[int, int]]:
    from kb.engine.events import ZoneChange

    if not isinstance(event, ZoneChange):
        return []
    entered = [(m.card_id, m.new_object) for m in event.moves if m.to_zone is Zone.BATTLEFIELD and m.card_id != source.card_id]
    return [(card_id, obj) for card_id, obj in entered if source.game.card(card_id).definition.has_type("creature")]


@part("whenever another creature enters", effect=REQUIRED, key=None)
def _another_creature_enters(settings: dict[str, Any], draft: Draft) -> None:
    """'Whenever another creature enters, …': its effect may act on 'that creature' (`become a copy: {of: that
    creature}`). When several enter at once, it triggers once for each; each remembers the last of them."""
    from kb.engine.cards.definitions import Trigger, TriggeredAbility
    from kb.engine.cards.verbs import effect_of

    trigger = Trigger(
        "whenever another creature enters",
        lambda source, event: len(_creatures_entering(source, event)),
        remembers=lambda source, event: {"that creature": entered[-1]} if (entered := _creatures_entering(source, event)) else {},
    )
    key = settings["key"] or f"trigger-{len(draft.triggered) + 1}"
    draft.triggered.append(
        TriggeredAbility(
            str(key), "Whenever another creature enters, …", trigger, _at("effect", lambda: effect_of(settings["effect"]))
        )
    )


@verb("add subtypes to target")
def _add_subtypes(value: Any) -> Effect:
    """'That creature becomes a Vampire in addition to its other types': {subtypes: [Vampire]} (layer 4)."""
    settings = _settings(value, {"subtypes": (), "duration": "indefinitely"}, "add subtypes to target")
    subtypes, duration = _words(settings["subtypes"]), _duration(settings["duration"])
    if not subtypes:
        raise DefinitionError("'add subtypes to target' needs subtypes: [Vampire]")
    return lambda ctx: ctx.start_effect(_cards(ctx), "type", duration, subtypes=subtypes)


@verb("counters on this")
def _counters_on_this(value: Any) -> Effect:
    """'Put a +1/+1 counter on [this]' in an ability that has targets: {count: 1, kind: +1/+1}."""
    settings = _settings(value, {"count": 1, "kind": "+1/+1"}, "counters on this")
    how_many, kind = amount(settings["count"]), str(settings["kind"])
    return lambda ctx: ctx.put_counters(ctx.source, how_many(ctx), kind)


@part("flipped", name=REQUIRED, type_line=REQUIRED, power=None, toughness=None, parts=())
def _flipped(settings: dict[str, Any], draft: Draft) -> None:
    """A flip card's upside-down half (rule 710.1b): {name: Tok-Tok, Volcano Born, type_line: Legendary Creature —
    Goblin Shaman, power: 2, toughness: 2}; its color and mana cost are the card's own (710.1c)."""
    draft.set_once("flip_side", _other_face(settings), "flipped")


@verb("search library")
def _search_library(value: Any) -> Effect:
    """'Search your library for a legendary creature card, reveal it, put it into your hand, then shuffle':
    {for: legendary creature card}. The card found is the player's choice, stated ahead with
    `player.will_pick('search', card)`, or None: a search for a stated quality may find nothing (rule 701.23b)."""
    description = str(_settings(value, {"for": "card"}, "search library")["for"])
    quality = card_quality(description)

    def effect(ctx: EffectContext) -> None:
        from kb.engine.keyword_actions import check_found
        from kb.engine.zones import move_card

        stated = ctx.controller.state.stated_choices
        if "search" not in stated:
            who = ctx.controller.name.lower()
            raise MissingChoice(f"the {description} {ctx.controller} finds", f"call {who}.will_pick('search', card) or with None")
        key = stated.pop("search")
        if key is not None:
            found = ctx.game.card(key[1])
            if found.zone is not Zone.LIBRARY or found.owner != ctx.controller:
                raise IllegalAction("not-in-library", "701.23a", f"{found} isn't in {ctx.controller}'s library")
            check_found(found, f"a {description}", quality(found.definition))
            move_card(ctx.game, found, Zone.HAND)
        ctx.game.state.rng.shuffle(ctx.game.state.libraries[ctx.controller.index])

    return effect
