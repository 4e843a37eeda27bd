"""A card as data: its printed facts plus a list of named parts, the way Forge writes a card as script lines.

    compose(Facts(name="Llanowar Elves", mana_cost="{G}", type_line="Creature — Elf Druid", power="1",
                  toughness="1"),
            [("mana", {"add": "{G}"})])

Each part is a registered builder (`PARTS`) that adds abilities to a draft of the card; its settings
are plain values (as read from YAML). A part, setting or phrase the engine doesn't know is a
`DefinitionError` whose `at` names the part's index and the setting, so a loader can point at the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kb.engine.cards.definitions import (
    ActivatedAbility,
    CardDef,
    ManaProduction,
    Mode,
    StaticAbility,
    Target,
    Trigger,
    TriggeredAbility,
    at_the_beginning_of_your_upkeep,
    when_self_attacks,
    when_self_cast,
    when_self_enters,
    when_self_leaves,
    whenever_a_player_casts_a_spell,
    whenever_a_player_casts_a_spell_of_the_chosen_color,
    whenever_a_player_taps_a_land_for_mana,
    whenever_becomes_tapped,
    whenever_cards_exiled_from_your_library_or_graveyard,
    whenever_enchanted_tapped_for_mana,
    whenever_one_or_more_enter,
    whenever_put_into_graveyard_from_battlefield,
    whenever_self_tapped_for_mana,
    whenever_you_cast,
    whenever_you_gain_life,
    whenever_you_have_no_cards_in_hand,
)
from kb.engine.cards.keyword_abilities import TRIGGERED_KEYWORDS
from kb.engine.cards.verbs import VERBS, effect_of
from kb.engine.cards.vocabulary import DefinitionError, card_quality, number, parse_cost, selector, target, type_line
from kb.engine.combat import ONE_ATTACKER
from kb.engine.damage import DOUBLE_LIFE_GAIN, LIFE_FLOOR
from kb.engine.state import Zone
from kb.engine.state_based import LICH


@dataclass(frozen=True)
class Facts:
    """What is printed on the card, written once (in content/, the card's own fields)."""

    name: str
    mana_cost: str = ""
    type_line: str = ""
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None


@dataclass
class Draft:
    """A card definition being composed: each part adds to it."""

    keywords: set[str] = field(default_factory=set)
    activated: list[ActivatedAbility] = field(default_factory=list)
    triggered: list[TriggeredAbility] = field(default_factory=list)
    statics: list[StaticAbility] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)  # other CardDef fields, each set by one part
    tokens: list[CardDef] = field(default_factory=list)
    chosen_links: int = 0  # abilities so far that refer to "the chosen color" (each a pair with the choice: 607.4)

    def link_to_choice(self) -> int:
        self.chosen_links += 1
        return self.chosen_links

    def set_once(self, name: str, value: Any, part: str) -> None:
        if name in self.options:
            raise DefinitionError(f"'{part}' is given twice")
        self.options[name] = value


Part = Callable[[dict[str, Any], Draft], None]
PARTS: dict[str, tuple[Part, dict[str, Any]]] = {}  # name -> (builder, its settings with defaults; ... = required)
REQUIRED = ...


def part(name: str, /, **settings: Any) -> Callable[[Part], Part]:
    """Register a part; `settings` are the keys it accepts, with defaults (`REQUIRED` when it has none)."""

    def register(builder: Part) -> Part:
        PARTS[name] = (builder, settings)
        return builder

    return register


def compose(facts: Facts, parts: Sequence[tuple[str, Any]]) -> CardDef:
    """The engine definition of a card from its facts and parts (see the module docstring)."""
    draft = Draft()
    for index, (name, value) in enumerate(parts):
        if name not in PARTS:
            raise DefinitionError(f"unknown part {name!r} (known: {', '.join(sorted(PARTS))})", (index,))
        builder, known = PARTS[name]
        settings = _settings(name, value, known, index)
        try:
            builder(settings, draft)
        except DefinitionError as error:
            raise DefinitionError(error.message, (index, *error.at)) from None
    return _card(facts, draft)


def _settings(name: str, value: Any, known: dict[str, Any], index: int) -> dict[str, Any]:
    """A part's settings: `name: value` sets its first setting; a mapping sets them by name."""
    first = next(iter(known), None)
    if not isinstance(value, Mapping):
        if first is None:
            raise DefinitionError(f"'{name}' takes no settings", (index,))
        value = {first: value}
    unknown = [k for k in value if k not in known]
    if unknown:
        raise DefinitionError(f"unknown setting {unknown[0]!r} of '{name}' (known: {', '.join(known)})", (index, unknown[0]))
    settings = {**known, **value}
    missing = [k for k, v in settings.items() if v is REQUIRED]
    if missing:
        raise DefinitionError(f"'{name}' needs '{missing[0]}'", (index,))
    return settings


def _card(facts: Facts, draft: Draft) -> CardDef:
    try:
        types = type_line(facts.type_line)
    except DefinitionError as error:
        raise DefinitionError(error.message, ("type_line",)) from None
    return CardDef(
        name=facts.name,
        mana_cost=facts.mana_cost,
        types=types.types,
        supertypes=types.supertypes,
        subtypes=types.subtypes,
        power=_stat(facts.power, "power"),
        toughness=_stat(facts.toughness, "toughness"),
        oracle_text=facts.oracle_text,
        keywords=frozenset(draft.keywords),
        activated=tuple(draft.activated),
        triggered=tuple(draft.triggered),
        statics=tuple(draft.statics),
        tokens=tuple(draft.tokens),
        **draft.options,
    )


def _stat(value: str | None, what: str) -> int | None:
    """A printed number; a '*' (as in '*' or '1+*') is defined by a characteristic-defining ability instead."""
    if value is None or "*" in str(value):
        return None
    try:
        return int(value)
    except ValueError:
        raise DefinitionError(f"the engine needs a number for {what}, not {value!r}", (what,)) from None


def _at(key: str, build: Callable[[], Any]) -> Any:
    """Build one setting, so an error in it points at that setting's line."""
    try:
        return build()
    except DefinitionError as error:
        raise DefinitionError(error.message, (key, *error.at)) from None


def _target(settings: dict[str, Any]) -> Target | None:
    if not settings.get("target"):
        return None
    written = settings["target"]
    return _at("target", lambda: target(written if isinstance(written, list) else str(written), settings.get("targets", 1)))


# -- keywords ----------------------------------------------------------------------------------

KEYWORDS = frozenset(
    {
        "cascade",
        "defender",
        "delve",
        "first strike",
        "flash",
        "flying",
        "haste",
        "lifelink",
        "reach",
        "shroud",
        "trample",
        "undying",
        "vigilance",
    }
)


@part("keywords", keywords=REQUIRED)
def _keywords(settings: dict[str, Any], draft: Draft) -> None:
    """[flying, haste]; a keyword that is a triggered ability (cascade, undying) brings its trigger along."""
    words = settings["keywords"] if isinstance(settings["keywords"], list) else [settings["keywords"]]
    for word in (str(w).lower() for w in words):
        if word not in KEYWORDS:
            raise DefinitionError(f"unknown keyword {word!r} (known: {', '.join(sorted(KEYWORDS))})", ("keywords",))
        draft.keywords.add(word)
        if word in TRIGGERED_KEYWORDS:
            draft.triggered.append(TRIGGERED_KEYWORDS[word])


# Static abilities the engine's rules modules apply wherever a permanent has them, by their exact text.
ENGINE_ABILITIES = frozenset({DOUBLE_LIFE_GAIN, LIFE_FLOOR, ONE_ATTACKER, LICH})


@part("ability", text=REQUIRED)
def _ability(settings: dict[str, Any], draft: Draft) -> None:
    """An ability the engine knows by its Oracle text, e.g. Worship's 'If you control a creature, damage that …'."""
    text = str(settings["text"])
    if text not in ENGINE_ABILITIES:
        known = "; ".join(repr(a) for a in sorted(ENGINE_ABILITIES))
        raise DefinitionError(f"the engine doesn't know the ability {text!r} (known: {known})", ("text",))
    draft.keywords.add(text)


@part("not implemented", text=REQUIRED)
def _not_implemented(settings: dict[str, Any], draft: Draft) -> None:
    """Oracle text the engine does not model, said so instead of left out silently: 'its chapter abilities'."""
    draft.set_once("not_implemented", str(settings["text"]), "not implemented")


# -- mana abilities (rule 605) ----------------------------------------------------------------

MANA_KINDS = {
    "any color": ManaProduction(any_color=True),
    "any type a land you control could produce": ManaProduction(your_lands_could_produce=True),
    "any color a land an opponent controls could produce": ManaProduction(opponents_lands_could_produce=True),
    "one mana of a color of a permanent you control": ManaProduction(color_of_your_permanents=True),
}


@part("mana", add=REQUIRED, cost="{T}", for_each=None)
def _mana(settings: dict[str, Any], draft: Draft) -> None:
    """{add: '{G}'} or {add: 'any color', cost: '{2}, {Q}'}: an activated mana ability; {add: '{G}', for_each:
    creature you control} adds it once for each."""
    add = str(settings["add"])
    if add == "one mana of the chosen color":  # linked to 'choose as enters' (rule 607.4)
        produces = ManaProduction(chosen_color=draft.link_to_choice())
    elif add in MANA_KINDS:
        produces = MANA_KINDS[add]
    else:
        _at("add", lambda: VERBS["add mana"](add))  # checks the symbols
        produces = ManaProduction(fixed=add.replace("{", "").replace("}", ""))
    if settings["for_each"] is not None:
        if not produces.fixed:
            raise DefinitionError("'for_each' multiplies fixed mana such as '{G}'", ("for_each",))
        _at("for_each", lambda: selector(str(settings["for_each"])))
        produces = replace(produces, for_each=str(settings["for_each"]))
    cost = _at("cost", lambda: parse_cost(settings["cost"]))
    text = f"{settings['cost']}: Add {add}."
    draft.activated.append(ActivatedAbility("mana", text, cost, produces=produces))


# -- activated abilities (rule 602) -----------------------------------------------------------


@part("activated", cost=REQUIRED, effect=REQUIRED, target=None, targets=1, timing="any", zone="battlefield", key=None)
def _activated(settings: dict[str, Any], draft: Draft) -> None:
    """{cost: '{X}, {T}', target: creature, effect: {damage: X}}; timing 'sorcery' = activate only as a sorcery."""
    cost = _at("cost", lambda: parse_cost(settings["cost"]))
    if settings["timing"] not in ("any", "sorcery"):
        raise DefinitionError("timing is 'any' or 'sorcery'", ("timing",))
    zones = {"battlefield": Zone.BATTLEFIELD, "hand": Zone.HAND, "graveyard": Zone.GRAVEYARD}
    if settings["zone"] not in zones:
        raise DefinitionError(f"zone is one of {', '.join(zones)}", ("zone",))
    key = settings["key"] or f"ability-{len(draft.activated) + 1}"
    draft.activated.append(
        ActivatedAbility(
            str(key),
            f"{settings['cost']}: …",
            cost,
            _at("effect", lambda: effect_of(settings["effect"])),
            zone=zones[settings["zone"]],
            target=_target(settings),
            sorcery_speed=settings["timing"] == "sorcery",
        )
    )


@part("equip", cost=REQUIRED)
def _equip(settings: dict[str, Any], draft: Draft) -> None:
    """'Equip {2}': attach to target creature you control; activate only as a sorcery (rule 702.6a)."""
    cost = _at("cost", lambda: parse_cost(settings["cost"]))
    draft.activated.append(
        ActivatedAbility(
            "equip",
            f"Equip {settings['cost']}",
            cost,
            effect_of("attach to target"),
            target=target("creature you control"),
            sorcery_speed=True,
        )
    )


@part("cycling", cost=REQUIRED)
def _cycling(settings: dict[str, Any], draft: Draft) -> None:
    """'Cycling {U}': pay it and discard this card from your hand to draw a card (rule 702.29a)."""
    cost = _at("cost", lambda: parse_cost(f"{settings['cost']}, Discard this card"))
    text = f"Cycling {settings['cost']}"
    draft.activated.append(ActivatedAbility("cycling", text, cost, effect_of({"draw": 1}), zone=Zone.HAND))


# -- triggered abilities (rule 603) -----------------------------------------------------------


def _trigger(when: str, settings: dict[str, Any]) -> tuple[Trigger, frozenset[Zone]]:
    everywhere = frozenset(Zone)
    if when == "enters":
        return when_self_enters(), frozenset({Zone.BATTLEFIELD})
    if when == "leaves":
        return when_self_leaves(), everywhere
    if when in ("dies", "put into a graveyard from the battlefield"):  # 'dies' is said of creatures only
        return when_self_leaves(Zone.GRAVEYARD), everywhere
    if when == "tapped for mana":
        return whenever_self_tapped_for_mana(), frozenset({Zone.BATTLEFIELD})
    if when == "enchanted permanent tapped for mana":
        return whenever_enchanted_tapped_for_mana(), frozenset({Zone.BATTLEFIELD})
    becomes = _BECOMES_TAPPED.match(when)
    if becomes is not None:  # 'a land becomes tapped', 'a permanent becomes tapped'
        quality = _at("when", lambda: card_quality(becomes["what"]))
        return whenever_becomes_tapped(quality, f"whenever {when}"), frozenset({Zone.BATTLEFIELD})
    if when == "you have no cards in hand":
        return whenever_you_have_no_cards_in_hand(), frozenset({Zone.BATTLEFIELD})
    if when == "a player casts a spell of the chosen color":
        return whenever_a_player_casts_a_spell_of_the_chosen_color(settings["pair"]), frozenset({Zone.BATTLEFIELD})
    if when == "a player casts a spell":
        return whenever_a_player_casts_a_spell(), frozenset({Zone.BATTLEFIELD})
    if when == "a player taps a land for mana":
        return whenever_a_player_taps_a_land_for_mana(), frozenset({Zone.BATTLEFIELD})
    if when == "cast":
        return when_self_cast(), frozenset({Zone.STACK})
    if when == "attacks":
        return when_self_attacks(), frozenset({Zone.BATTLEFIELD})
    if when == "upkeep":
        return at_the_beginning_of_your_upkeep(), frozenset({Zone.BATTLEFIELD})
    if when == "you gain life":
        return whenever_you_gain_life(), frozenset({Zone.BATTLEFIELD})
    if when == "cards exiled from your library or graveyard":
        return whenever_cards_exiled_from_your_library_or_graveyard(), frozenset({Zone.BATTLEFIELD})
    if when == "you cast":
        phrase = str(settings.get("spell") or "spell")
        return whenever_you_cast(_at("spell", lambda: card_quality(phrase)), phrase), frozenset({Zone.BATTLEFIELD})
    entering = _ONE_OR_MORE_ENTER.match(when)
    if entering is not None:  # 'one or more creatures enter': once for each event
        quality = _at("when", lambda: card_quality(entering["what"]))
        return whenever_one_or_more_enter(quality, f"whenever {when}"), frozenset({Zone.BATTLEFIELD})
    batch = _ONE_OR_MORE_DIE.match(when)
    if batch is not None:  # 'one or more creatures die': once for each event (rule 603.2c)
        quality = _at("when", lambda: card_quality(batch["what"]))
        trigger = whenever_put_into_graveyard_from_battlefield(quality, f"whenever {when}", batched=True)
        return trigger, frozenset({Zone.BATTLEFIELD})
    other = _OTHER_LEAVES.match(when)
    if other is not None:  # 'a creature dies', 'a land is put into a graveyard from the battlefield'
        quality = _at("when", lambda: card_quality(other["what"]))
        if other["how"] == "dies" and "creature" not in other["what"].split():
            raise DefinitionError("'dies' is said of creatures only", ("when",))
        return whenever_put_into_graveyard_from_battlefield(quality, f"whenever {when}"), frozenset({Zone.BATTLEFIELD})
    raise DefinitionError(f"unknown trigger {when!r} (known: {', '.join(TRIGGERS)})", ("when",))


_BECOMES_TAPPED = re.compile(r"^an? (?P<what>.+?) becomes tapped$")
_ONE_OR_MORE_ENTER = re.compile(r"^one or more (?P<what>\S*\s?creatures) enter$")
_ONE_OR_MORE_DIE = re.compile(r"^one or more (?P<what>\S*\s?creatures) die$")
_OTHER_LEAVES = re.compile(r"^an? (?P<what>.+?) (?P<how>dies|is put into a graveyard from the battlefield)$")

TRIGGERS = (
    "enters",
    "leaves",
    "dies",
    "put into a graveyard from the battlefield",
    "tapped for mana",
    "enchanted permanent tapped for mana",
    "a player taps a land for mana",
    "a player casts a spell",
    "a player casts a spell of the chosen color",
    "a land becomes tapped",
    "you have no cards in hand",
    "cast",
    "attacks",
    "upkeep",
    "you gain life",
    "you cast",
    "cards exiled from your library or graveyard",
    "a creature dies",
    "one or more creatures die",
    "one or more creatures enter",
    "a land is put into a graveyard from the battlefield",
)


def _condition(phrase: str) -> Callable[[Any], bool]:
    """An intervening 'if' clause (rule 603.4): 'this has 100 or more tower counters' · 'you have 40 or more life' ·
    'you cast it'."""
    words = phrase.split()
    if phrase == "you cast it":
        return lambda source: bool(source.state.was_cast)
    if phrase == "it was kicked":
        from kb.engine.kicker import was_kicked

        return lambda source: was_kicked(source)
    if phrase.startswith("it was kicked with its ") and phrase.endswith(" kicker"):
        from kb.engine.kicker import was_kicked

        cost = phrase.removeprefix("it was kicked with its ").removesuffix(" kicker")
        return lambda source: cost in source.definition.kicker and was_kicked(source, source.definition.kicker.index(cost))
    if len(words) == 7 and words[:2] == ["this", "has"] and words[3:5] == ["or", "more"] and words[6] == "counters":
        least, kind = number(words[2]), words[5]
        return lambda source: source.state.counters.get(kind, 0) >= least
    if len(words) == 6 and words[:2] == ["you", "have"] and words[3:] == ["or", "more", "life"]:
        least = number(words[2])
        return lambda source: source.controller.life >= least
    raise DefinitionError(
        f"unknown condition {phrase!r} (known: 'this has N or more KIND counters', 'you have N or more life', 'you cast it', "
        "'it was kicked', 'it was kicked with its {W} kicker')"
    )


@part("triggered", when=REQUIRED, effect=REQUIRED, target=None, targets=1, optional=False, spell=None, key=None, **{"if": None})
def _triggered(settings: dict[str, Any], draft: Draft) -> None:
    """{when: enters, effect: {draw: 1}}; 'you cast' takes `spell:` (e.g. 'historic spell')."""
    when = str(settings["when"])
    if when == "a player casts a spell of the chosen color":
        settings = {**settings, "pair": draft.link_to_choice()}
    trigger, zones = _trigger(when, settings)
    target_ = _target(settings)
    effect_value = settings["effect"]
    adds_mana = any(
        (isinstance(step, Mapping) and "add mana" in step) or step == "add one mana of a type it produced"
        for step in (effect_value if isinstance(effect_value, list) else [effect_value])
    )
    key = settings["key"] or f"trigger-{len(draft.triggered) + 1}"
    draft.triggered.append(
        TriggeredAbility(
            str(key),
            f"{trigger.describe}: …",
            trigger,
            _at("effect", lambda: effect_of(effect_value)),
            target=target_,
            optional=bool(settings["optional"]),
            intervening_if=None if settings["if"] is None else _at("if", lambda: _condition(str(settings["if"]))),
            zones=zones,
            mana_ability="for mana" in when and adds_mana and target_ is None,  # rule 605.1b
        )
    )


# -- static abilities (rule 604) --------------------------------------------------------------


def _affected(phrase: str) -> Callable[[Any, Any], bool]:
    if phrase in ("enchanted creature", "enchanted permanent", "enchanted land", "equipped creature"):
        return lambda source, candidate: (
            hasattr(candidate, "card_id") and source.state.attached_to == (candidate.card_id, candidate.object_id)
        )
    return selector(phrase)


@part("static", to=REQUIRED, keywords=(), power=0, toughness=0, control=False, prevents=0)
def _static(settings: dict[str, Any], draft: Draft) -> None:
    """{to: creatures you control, keywords: [haste]} · {to: enchanted creature, power: 2, toughness: 2} ·
    {to: enchanted creature, control: true} ('You control enchanted creature') · {to: Cleric creatures you
    control, prevents: 1} ('If a source would deal damage to …, prevent 1 of that damage': rule 615.10)."""
    phrase = str(settings["to"]).replace("creatures", "creature").replace("permanents", "permanent")
    affects = _at("to", lambda: _affected(phrase))
    if settings["control"]:
        draft.statics.append(StaticAbility(f"You control {phrase}.", "control", affects))
    if settings["keywords"]:
        keywords = tuple(str(k).lower() for k in settings["keywords"])
        draft.statics.append(StaticAbility(f"{phrase} has {', '.join(keywords)}.", "abilities", affects, keywords=keywords))
    if settings["power"] or settings["toughness"]:
        p, t = int(settings["power"]), int(settings["toughness"])
        draft.statics.append(StaticAbility(f"{phrase} gets {p:+}/{t:+}.", "power/toughness", affects, power=p, toughness=t))
    if settings["prevents"]:
        n = number(settings["prevents"])
        text = f"If a source would deal damage to {phrase}, prevent {n} of that damage."
        draft.statics.append(StaticAbility(text, "prevention", affects, prevents=n))


@part("cost change", spells=REQUIRED, amount=REQUIRED)
def _cost_change(settings: dict[str, Any], draft: Draft) -> None:
    """{spells: creature spells you cast, amount: -1}: they cost {1} less (more when positive; rule 601.2f);
    without 'you cast' it changes every player's spells."""
    written = str(settings["spells"])
    yours = written.endswith(" you cast")
    quality = _at("spells", lambda: card_quality(written.removesuffix(" you cast")))
    change = int(settings["amount"])
    draft.statics.append(
        StaticAbility(
            f"{written} cost {abs(change)} {'more' if change > 0 else 'less'}.",
            "cost",
            lambda source, spell: (not yours or spell.controller == source.controller) and quality(spell.definition),
            cost_change=change,
        )
    )


@part("alternative cost", cost=REQUIRED)
def _alternative_cost(settings: dict[str, Any], draft: Draft) -> None:
    """'You may sacrifice two Mountains rather than pay this spell's mana cost.' (rule 118.9)"""
    draft.set_once("alternative_cost", _at("cost", lambda: parse_cost(settings["cost"])), "alternative cost")


@part("grant alternative cost", cost=REQUIRED, spells="spells you cast")
def _grant_alternative_cost(settings: dict[str, Any], draft: Draft) -> None:
    """'You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.' (rule 118.9):
    {cost: "{W}{U}{B}{R}{G}"}; `spells:` narrows it ('instant and sorcery spells you cast')."""
    cost = _at("cost", lambda: parse_cost(settings["cost"]))
    written = str(settings["spells"])
    if not written.endswith(" you cast"):
        raise DefinitionError("'grant alternative cost' applies to spells you cast ('… spells you cast')", ("spells",))
    quality = _at("spells", lambda: card_quality(written.removesuffix(" you cast")))
    text = f"You may pay {settings['cost']} rather than pay the mana cost for {written}."
    draft.statics.append(
        StaticAbility(text, "alternative cost", lambda _source, spell: quality(spell.definition), alternative_cost=cost)
    )


@part("additional cost", cost=REQUIRED)
def _additional_cost(settings: dict[str, Any], draft: Draft) -> None:
    """'As an additional cost to cast this spell, sacrifice a creature.' (rule 118.8)"""
    draft.set_once("additional_cost", _at("cost", lambda: parse_cost(settings["cost"])), "additional cost")


@part("choose as enters", what=REQUIRED)
def _choose_as_enters(settings: dict[str, Any], draft: Draft) -> None:
    """'As this enters, choose a color' (choose as enters: color); abilities say 'the chosen color' (rule 607.4)."""
    if settings["what"] != "color":
        raise DefinitionError("'choose as enters' knows: color", ("what",))
    draft.set_once("enters_choosing", "color", "choose as enters")


@part("kicker", costs=REQUIRED)
def _kicker(settings: dict[str, Any], draft: Draft) -> None:
    """'Kicker {2}{G}' or 'Kicker {W} and/or {2}{B}' ([{W}, "{2}{B}"]): optional additional costs (rule 702.33)."""
    written = settings["costs"] if isinstance(settings["costs"], list) else [settings["costs"]]
    for cost in written:
        if parse_cost(str(cost)).mana != str(cost):
            raise DefinitionError(f"a kicker cost is mana symbols, not {cost!r}", ("costs",))
    draft.set_once("kicker", tuple(str(c) for c in written), "kicker")


@part("modes", options=REQUIRED, choose="one", kicked=None)
def _modes(settings: dict[str, Any], draft: Draft) -> None:
    """'Choose one. If this spell was kicked, choose any number instead.': {kicked: any number, options: [{target:
    creature, effect: {counters: 2}}, …]}; each option is an effect with the targets it needs (rule 700.2)."""
    if settings["choose"] != "one" or settings["kicked"] not in (None, "any number"):
        raise DefinitionError("modes: the engine knows 'choose one', and 'kicked: any number'")
    options = settings["options"]
    if not isinstance(options, list) or len(options) < 2:
        raise DefinitionError("a modal spell has two or more options", ("options",))
    modes = []
    for index, option in enumerate(options):
        if not isinstance(option, Mapping) or "effect" not in option or set(option) - {"effect", "target", "targets"}:
            raise DefinitionError("each option is {effect: …} with an optional target", ("options", index))
        settings_ = {"target": option.get("target"), "targets": option.get("targets", 1)}
        effect = _at("options", lambda option=option: effect_of(option["effect"]))
        modes.append(Mode(f"mode {index + 1}", effect, _at("options", lambda s=settings_: _target(s))))
    draft.set_once("modes", tuple(modes), "modes")
    draft.options["modes_if_kicked"] = settings["kicked"] == "any number"


@part("can't cast", spells=REQUIRED, who="each player")
def _cant_cast(settings: dict[str, Any], draft: Draft) -> None:
    """'Your opponents can't cast spells with even mana values': {who: your opponents, spells: with even mana
    values} (or 'with odd mana values'; who: 'each player' by default)."""
    from kb.engine.prohibitions import CastProhibition

    parity = {"with even mana values": 0, "with odd mana values": 1}
    if settings["spells"] not in parity:
        raise DefinitionError(f"'can't cast' knows spells {' or '.join(repr(p) for p in parity)}", ("spells",))
    if settings["who"] not in ("each player", "your opponents"):
        raise DefinitionError("'can't cast' applies to 'each player' or 'your opponents'", ("who",))
    remainder = parity[settings["spells"]]
    who = "Your opponents" if settings["who"] == "your opponents" else "Players"
    prohibition = CastProhibition(
        f"{who} can't cast spells {settings['spells']}.",
        settings["who"] == "your opponents",
        lambda mana_value: mana_value % 2 == remainder,
    )
    draft.set_once("prohibitions", (prohibition,), "can't cast")


@part("cast from exile", cards=REQUIRED)
def _cast_from_exile(settings: dict[str, Any], draft: Draft) -> None:
    """'You may cast spells from among cards exiled with [this].' (cards: exiled with this; rules 601.3, 607.2a)"""
    if settings["cards"] != "exiled with this":
        raise DefinitionError("'cast from exile' supports cards: exiled with this", ("cards",))
    draft.statics.append(
        StaticAbility(
            "You may cast spells from among cards exiled with this.",
            "cast from exile",
            lambda source, card: card.object_id in source.game.state.links.get(source.object_id, []),
        )
    )


# -- replacement effects (rule 614) -----------------------------------------------------------


def _doubled_if_yours(effect_source: Any, tapped: Any, mana: tuple[str, ...]) -> tuple[str, ...]:
    return mana * 2 if tapped.controller == effect_source.controller else mana


def _black_if_land(effect_source: Any, tapped: Any, mana: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("B" for _ in mana) if tapped.definition.has_type("land") else mana


MANA_REPLACEMENTS = {
    "yours produce twice as much": _doubled_if_yours,  # Mana Reflection
    "lands produce {B} instead": _black_if_land,  # Contamination
}


@part("replacement", effect=REQUIRED)
def _replacement(settings: dict[str, Any], draft: Draft) -> None:
    """'enters tapped' · 'enters with X counters' · {tapped for mana: yours produce twice as much}."""
    effect = settings["effect"]
    if effect == "enters tapped":
        draft.set_once("enters_tapped", True, "replacement: enters tapped")
    elif effect == "enters with X counters":
        draft.set_once("enters_with_x_counters", True, "replacement: enters with X counters")
    elif isinstance(effect, Mapping) and set(effect) == {"tapped for mana"} and effect["tapped for mana"] in MANA_REPLACEMENTS:
        draft.set_once("mana_replacement", MANA_REPLACEMENTS[effect["tapped for mana"]], "replacement: tapped for mana")
    else:
        known = ["enters tapped", "enters with X counters", *(f"{{tapped for mana: {k}}}" for k in MANA_REPLACEMENTS)]
        raise DefinitionError(f"unknown replacement {effect!r} (known: {', '.join(known)})", ("effect",))


# -- spells and Auras ----------------------------------------------------------------------------


@part("spell", effect=REQUIRED, target=None, targets=1)
def _spell(settings: dict[str, Any], draft: Draft) -> None:
    """What an instant or sorcery does: {target: any target, effect: {damage: 3}}."""
    draft.set_once("spell_effect", _at("effect", lambda: effect_of(settings["effect"])), "spell")
    draft.options["spell_target"] = _target(settings)


@part("enchant", what=REQUIRED)
def _enchant(settings: dict[str, Any], draft: Draft) -> None:
    """'Enchant creature': the Aura spell targets it and enters attached to it (rules 303.4a, 303.4f, 704.5m)."""
    enchant = _at("what", lambda: target(str(settings["what"])))
    draft.set_once("enchant", replace(enchant, rule="303.4a"), "enchant")
    draft.options["spell_target"] = replace(enchant, rule="303.4a")


@part("token", name=REQUIRED, type_line=REQUIRED, power=None, toughness=None, parts=())
def _token(settings: dict[str, Any], draft: Draft) -> None:
    """A token this card creates: {name: Goblin, type_line: Creature — Goblin, power: 1, toughness: 1}."""
    facts = Facts(
        name=str(settings["name"]),
        type_line=f"Token {settings['type_line']}".removeprefix("Token "),
        power=None if settings["power"] is None else str(settings["power"]),
        toughness=None if settings["toughness"] is None else str(settings["toughness"]),
    )
    inner = settings["parts"] or ()
    parts = [next(iter(p.items())) if isinstance(p, Mapping) and len(p) == 1 else ("?", p) for p in inner]
    draft.tokens.append(_at("parts", lambda: compose(facts, parts)))


def parts_known() -> dict[str, tuple[str, ...]]:
    """Every part and the settings it takes, for error messages and the guide."""
    return {name: tuple(settings) for name, (_, settings) in sorted(PARTS.items())}


__all__ = ["PARTS", "DefinitionError", "Facts", "compose", "number", "parts_known"]

# The layer system's, copies' and double-faced cards' parts and verbs register themselves.
from kb.engine.cards import layer_parts  # noqa: E402, F401
