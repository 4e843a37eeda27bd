"""Named effects ("verbs") a card definition is composed from: `{damage: 3}`, `{draw: X}`, `gain control of target`.

Each verb is built from the value written after it and returns an effect: a function of the resolving
spell or ability (`EffectContext`). Verbs that say "target" act on the chosen targets; the others act
on the source or its controller. New verbs are one registered function here, never a field of a card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kb.engine.cards.definitions import Effect
from kb.engine.cards.vocabulary import DefinitionError, amount, card_quality, number, selector, target
from kb.engine.continuous import DURATIONS, FOREVER, UNTIL_END_OF_TURN
from kb.engine.effects import EffectContext
from kb.engine.state import Zone
from kb.engine.zones import move_card

Builder = Callable[[Any], Effect]
VERBS: dict[str, Builder] = {}


def verb(name: str) -> Callable[[Builder], Builder]:
    def register(builder: Builder) -> Builder:
        VERBS[name] = builder
        return builder

    return register


def _cards(ctx: EffectContext) -> list[Any]:
    return [t for t in ctx.targets if hasattr(t, "card_id")]


def _duration(value: Any) -> str:
    text = str(value or FOREVER)
    if text not in DURATIONS:
        raise DefinitionError(f"unknown duration {text!r} (known: {', '.join(DURATIONS)})")
    return text


def _settings(value: Any, known: dict[str, Any], verb_name: str) -> dict[str, Any]:
    """A verb's settings: a mapping with only `known` keys (their defaults filled in)."""
    if value is None or value is True:
        value = {}
    if not isinstance(value, Mapping):
        raise DefinitionError(f"'{verb_name}' takes settings {', '.join(known) or 'none'}, not {value!r}")
    unknown = [k for k in value if k not in known]
    if unknown:
        raise DefinitionError(f"unknown setting {unknown[0]!r} of '{verb_name}' (known: {', '.join(known) or 'none'})")
    return {**known, **value}


@verb("damage")
def _damage(value: Any) -> Effect:
    """N damage to each target."""
    how_much = amount(value)

    def effect(ctx: EffectContext) -> None:
        for chosen in ctx.targets:
            ctx.damage(chosen, how_much(ctx))

    return effect


@verb("damage by target")
def _damage_by_target(value: Any) -> Effect:
    """'2 damage to any target and 1 damage to another target': [2, 1], one amount per target in order; a target
    that is no longer legal is dealt nothing (rule 608.2b)."""
    if not isinstance(value, list) or not value:
        raise DefinitionError(f"'damage by target' takes one amount per target, e.g. [2, 1], not {value!r}")
    amounts = [amount(v) for v in value]

    def effect(ctx: EffectContext) -> None:
        legal = ctx.targets
        for record, how_much in zip(ctx.item.targets, amounts, strict=False):
            chosen = ctx.game.lookup(record)
            if chosen in legal:
                ctx.damage(chosen, how_much(ctx))

    return effect


@verb("choose new targets for target spell")
def _redirect(value: Any) -> Effect:
    """Redirect's 'You may choose new targets for target spell' (rule 115.7)."""
    _settings(value, {}, "choose new targets for target spell")

    def effect(ctx: EffectContext) -> None:
        from kb.engine.retargeting import choose_new_targets

        choose_new_targets(ctx)

    return effect


@verb("damage each opponent")
def _damage_opponents(value: Any) -> Effect:
    how_much = amount(value)

    def effect(ctx: EffectContext) -> None:
        for opponent in ctx.opponents:
            ctx.damage(opponent, how_much(ctx))

    return effect


@verb("draw")
def _draw(value: Any) -> Effect:
    how_many = amount(value)
    return lambda ctx: ctx.draw(how_many(ctx))


@verb("gain life")
def _gain_life(value: Any) -> Effect:
    """N life for you, or {amount: N, who: target player}."""
    settings = _settings(value if isinstance(value, Mapping) else {"amount": value}, {"amount": 1, "who": "you"}, "gain life")
    how_much, who = amount(settings["amount"]), _player_of(settings["who"], "gain life")
    return lambda ctx: ctx.gain_life(who(ctx), how_much(ctx))


@verb("fight")
def _fight(value: Any) -> Effect:
    """'Target creature you control fights target creature you don't control': each deals damage equal to its
    power to the other; if either target is gone, neither deals damage."""
    _settings(value, {}, "fight")

    def effect(ctx: EffectContext) -> None:
        cards = _cards(ctx)
        if len(cards) == 2 == len(ctx.item.targets):
            first, second = cards
            first_power, second_power = max(first.power or 0, 0), max(second.power or 0, 0)
            ctx.damage(second, first_power)
            ctx.damage(first, second_power)

    return effect


@verb("lose life")
def _lose_life(value: Any) -> Effect:
    how_much = amount(value)
    return lambda ctx: ctx.lose_life(ctx.controller, how_much(ctx))


@verb("add mana")
def _add_mana(value: Any) -> Effect:
    """Add fixed mana, e.g. '{G}' (a triggered mana ability when it triggers from mana production: 605.1b)."""
    symbols = str(value)
    from kb.engine.mana_symbols import MANA_TYPES, parse_symbols

    if not symbols or any(s not in MANA_TYPES for s in parse_symbols(symbols)):
        raise DefinitionError(f"'add mana' takes mana symbols such as '{{G}}', not {value!r}")
    return lambda ctx: ctx.add_mana(symbols)


@verb("add one mana of a type it produced")
def _add_mana_produced(value: Any) -> Effect:
    """Heartbeat of Spring's 'that player adds one mana of any type that land produced'; a land that produced
    several types would need a choice the engine doesn't take yet."""
    _settings(value, {}, "add one mana of a type it produced")

    def effect(ctx: EffectContext) -> None:
        from kb.engine.errors import EngineError

        produced = sorted(set(ctx.item.data.get("produced", ())))
        if len(produced) > 1:
            raise EngineError(f"{ctx.source}: choosing among the types {produced} a land produced is not modeled")
        if produced:
            ctx.add_mana("{" + produced[0] + "}")

    return effect


@verb("counters")
def _counters(value: Any) -> Effect:
    """N +1/+1 counters (or {count: X, kind: tower}) on each target, or on the source when it has no target."""
    settings = value if isinstance(value, Mapping) else {"count": value}
    settings = _settings(settings, {"count": 1, "kind": "+1/+1"}, "counters")
    how_many, kind = amount(settings["count"]), str(settings["kind"])

    def effect(ctx: EffectContext) -> None:
        for card in _cards(ctx) if ctx.item.targets else [ctx.source]:
            ctx.put_counters(card, how_many(ctx), kind)

    return effect


@verb("win the game")
def _win(value: Any) -> Effect:
    _settings(value, {}, "win the game")
    return lambda ctx: ctx.win_the_game()


@verb("return this to hand")
def _return_this(value: Any) -> Effect:
    """Rancor's: the card that left the battlefield is found in the graveyard it went to (rule 400.7e)."""
    _settings(value, {}, "return this to hand")

    def effect(ctx: EffectContext) -> None:
        if ctx.source.zone is Zone.GRAVEYARD:
            ctx.return_to_hand(ctx.source)

    return effect


@verb("return this to the battlefield")
def _return_this_to_battlefield(value: Any) -> Effect:
    """Reassembling Skeleton's: 'Return this card from your graveyard to the battlefield tapped' ({tapped: true})."""
    tapped = bool(_settings(value, {"tapped": False}, "return this to the battlefield")["tapped"])

    def effect(ctx: EffectContext) -> None:
        if ctx.source.zone is Zone.GRAVEYARD:
            move_card(ctx.game, ctx.source, Zone.BATTLEFIELD, controller=ctx.controller, tapped=tapped)

    return effect


THEN = {
    # 'You may play that card this turn'
    "you may play it this turn": lambda ctx, card: ctx.allow_play_this_turn(card),
    # remembered as 'exiled with' this (rule 607.2a), which a `cast from exile` part may cast
    "link to this": lambda ctx, card: ctx.link_to_source(card),
}


def _then(value: Any, verb_name: str) -> Callable[[EffectContext, Any], object]:
    """What happens next to the card a verb exiled: nothing, or one of `THEN`."""
    then = _settings(value, {"then": None}, verb_name)["then"]
    if then is not None and then not in THEN:
        raise DefinitionError(f"'{verb_name}' then: {' or '.join(repr(k) for k in THEN)}")
    return THEN[then] if then is not None else lambda _ctx, _card: None


@verb("exile top card")
def _exile_top(value: Any) -> Effect:
    """Exile the top card of your library (looked at as this resolves), then `then:` to it."""
    then = _then(value, "exile top card")

    def effect(ctx: EffectContext) -> None:
        card = ctx.exile_top_card()
        if card is not None:
            then(ctx, card)

    return effect


@verb("exile target")
def _exile_target(value: Any) -> Effect:
    """Exile each target card, then `then:` to it."""
    then = _then(value, "exile target")

    def effect(ctx: EffectContext) -> None:
        for card in _cards(ctx):
            ctx.exile([card])
            then(ctx, card)

    return effect


@verb("exile target, its controller gains life equal to its power")
def _exile_target_for_life(value: Any) -> Effect:
    """Swords to Plowshares': the power and controller are the creature's as it last existed on the battlefield
    (rule 608.2h), read before it is exiled."""
    _settings(value, {}, "exile target, its controller gains life equal to its power")

    def effect(ctx: EffectContext) -> None:
        for card in _cards(ctx):
            power, controller = card.power or 0, card.controller
            ctx.exile([card])
            ctx.gain_life(controller, power)

    return effect


@verb("exile graveyard")
def _exile_graveyard(value: Any) -> Effect:
    """Bojuka Bog's 'exile target player's graveyard': {exile graveyard: target player} (or 'you')."""
    who = _player_of(value or "you", "exile graveyard")
    return lambda ctx: ctx.exile(who(ctx).graveyard)


@verb("discover")
def _discover(value: Any) -> Effect:
    """'Discover 3' (rule 701.57a)."""
    how_much = amount(value)
    return lambda ctx: ctx.discover(how_much(ctx))


@verb("damage each")
def _damage_each(value: Any) -> Effect:
    """'Deals 2 damage to each creature': {amount: 2, to: creatures}, dealt to all of them at once (rule 120.4)."""
    settings = _settings(value, {"amount": 1, "to": "creatures"}, "damage each")
    how_much, quality = amount(settings["amount"]), selector(str(settings["to"]))

    def effect(ctx: EffectContext) -> None:
        chosen = [c for p in ctx.game.players for c in p.battlefield if quality(ctx.source, c)]
        ctx.damage_each(chosen, how_much(ctx))

    return effect


@verb("prevent damage")
def _prevent_damage(value: Any) -> Effect:
    """A prevention shield for the rest of the turn (rule 615.3): 'Prevent the next 1 damage that would be dealt to
    any target this turn' is {amount: 1, to: target}; 'The next time target creature would deal damage this turn,
    prevent that damage. You gain life equal to the damage prevented this way.' is {by: target, gain life: true}
    (without an amount, all of it)."""
    settings = _settings(value, {"amount": None, "to": None, "by": None, "gain life": False}, "prevent damage")
    if any(settings[key] not in (None, "target") for key in ("to", "by")) or settings["to"] == settings["by"]:
        raise DefinitionError("'prevent damage' is of damage to target ({to: target}) or by it ({by: target})")
    how_much = None if settings["amount"] is None else number(settings["amount"])
    to_target, gain_life = settings["to"] == "target", bool(settings["gain life"])

    def effect(ctx: EffectContext) -> None:
        from kb.engine.damage import add_shield

        for chosen in ctx.targets:
            to, by = (chosen, None) if to_target else (None, chosen)
            add_shield(ctx.game, how_much, to=to, source=by, gain_life=ctx.controller if gain_life else None)

    return effect


@verb("exile target until this leaves the battlefield")
def _exile_until(value: Any) -> Effect:
    """Banisher Priest's: the card returns under its owner's control when this leaves the battlefield (rule 610.3)."""
    _settings(value, {}, "exile target until this leaves the battlefield")

    def effect(ctx: EffectContext) -> None:
        from kb.engine.until import exile_until_source_leaves

        exile_until_source_leaves(ctx, _cards(ctx))

    return effect


@verb("flicker target")
def _flicker(value: Any) -> Effect:
    """Exile target, then return that card to the battlefield (under its owner's control, or 'your control')."""
    under = _settings(value, {"under": "its owner's control"}, "flicker target")["under"]
    if under not in ("its owner's control", "your control"):
        raise DefinitionError('\'flicker target\' returns under "its owner\'s control" or "your control"')
    to_you = under == "your control"

    def effect(ctx: EffectContext) -> None:
        ctx.flicker(_cards(ctx), to_you=to_you)

    return effect


def _on_targets(name: str, act: Callable[[EffectContext, Any], object]) -> None:
    """A verb without settings that does `act` to each target card."""

    def build(value: Any) -> Effect:
        _settings(value, {}, name)

        def effect(ctx: EffectContext) -> None:
            for card in _cards(ctx):
                act(ctx, card)

        return effect

    VERBS[name] = build


_on_targets("destroy target", lambda ctx, card: ctx.destroy([card]))
_on_targets("return target to hand", lambda ctx, card: ctx.return_to_hand(card))
_on_targets("tap target", lambda ctx, card: ctx.set_tapped([card], True))
_on_targets("untap target", lambda ctx, card: ctx.set_tapped([card], False))
_on_targets("attach to target", lambda ctx, card: ctx.attach(ctx.source, card))


@verb("destroy all")
def _destroy_all(value: Any) -> Effect:
    """'Destroy all lands': {destroy all: lands}; several kinds as a list ('artifacts, creatures, and
    enchantments': [artifacts, creatures, enchantments]). Every permanent matching any of them is destroyed at
    the same time, as one event."""
    phrases = value if isinstance(value, list) else [value]
    if not phrases or not all(isinstance(p, str) and p for p in phrases):
        raise DefinitionError(f"'destroy all' takes what to destroy, e.g. 'creatures' or [artifacts, lands], not {value!r}")
    qualities = [selector(p) for p in phrases]

    def effect(ctx: EffectContext) -> None:
        cards = [ctx.game.card(c) for c in sorted(ctx.game.state.cards)]
        ctx.destroy([c for c in cards if any(q(ctx.source, c) for q in qualities)])

    return effect


def _player_of(value: Any, verb_name: str) -> Callable[[EffectContext], Any]:
    """'you' (the controller) or 'target player' (the spell's or ability's target)."""
    if value == "you":
        return lambda ctx: ctx.controller
    if value == "target player":
        return lambda ctx: next(t for t in ctx.targets if not hasattr(t, "card_id"))
    raise DefinitionError(f"'{verb_name}' is done by 'you' or 'target player', not {value!r}")


@verb("discard")
def _discard(value: Any) -> Effect:
    """'Target player discards two cards': {count: 2, who: target player}; as many as they hold (rule 609.3)."""
    settings = _settings(value if isinstance(value, Mapping) else {"count": value}, {"count": 1, "who": "you"}, "discard")
    how_many, who = amount(settings["count"]), _player_of(settings["who"], "discard")

    def effect(ctx: EffectContext) -> None:
        from kb.engine.partial_effects import discard

        discard(ctx.game, who(ctx), how_many(ctx))

    return effect


@verb("discard your hand, then draw that many")
def _wheel(value: Any) -> Effect:
    """'Discard all the cards in your hand, then draw that many cards.' (the hand is empty in between)"""
    _settings(value, {}, "discard your hand, then draw that many")

    def effect(ctx: EffectContext) -> None:
        from kb.engine.keywords import discard_card

        hand = ctx.controller.hand
        for card in hand:
            discard_card(ctx.game, ctx.controller, card)
        ctx.draw(len(hand))

    return effect


@verb("put top cards into graveyard")
def _library_to_graveyard(value: Any) -> Effect:
    """'Put the top five cards of target player's library into their graveyard': {count: 5, who: target player}."""
    settings = _settings(
        value if isinstance(value, Mapping) else {"count": value}, {"count": 1, "who": "you"}, "put top cards into graveyard"
    )
    how_many, who = amount(settings["count"]), _player_of(settings["who"], "put top cards into graveyard")

    def effect(ctx: EffectContext) -> None:
        from kb.engine.partial_effects import library_to_graveyard

        library_to_graveyard(ctx.game, who(ctx), how_many(ctx))

    return effect


@verb("play an additional land")
def _additional_land(value: Any) -> Effect:
    """'You may play an additional land this turn.' (rule 305.2)"""
    _settings(value, {}, "play an additional land")
    from kb.engine.land_plays import ADDITIONAL, add_land_play_effect

    return lambda ctx: add_land_play_effect(ctx.game, ctx.controller, ADDITIONAL)


@verb("can't play lands")
def _cant_play_lands(value: Any) -> Effect:
    """'Target player can't play land cards this turn': {who: target player} (rule 101.2: it wins)."""
    who = _player_of(_settings(value, {"who": "you"}, "can't play lands")["who"], "can't play lands")
    from kb.engine.land_plays import CANT, add_land_play_effect

    return lambda ctx: add_land_play_effect(ctx.game, who(ctx), CANT)


@verb("may sacrifice or lose life")
def _sacrifice_or_lose_life(value: Any) -> Effect:
    """'You may sacrifice a creature. If you don't, you lose 4 life.': {sacrifice: creature, life: 4}."""
    settings = _settings(value, {"sacrifice": "creature", "life": 1}, "may sacrifice or lose life")
    phrase = f"{settings['sacrifice']} you control"
    quality, life = selector(phrase), int(settings["life"])

    def effect(ctx: EffectContext) -> None:
        from kb.engine.effect_choices import sacrifice_or_lose_life

        sacrifice_or_lose_life(ctx, quality, f"a {settings['sacrifice']}", life)

    return effect


@verb("opponents of that player draw")
def _opponents_of_that_player_draw(value: Any) -> Effect:
    """'Each of that player's opponents draws three cards' ('that player': who cast the spell it triggered on)."""
    how_many = amount(value)

    def effect(ctx: EffectContext) -> None:
        that_player = ctx.game.players[ctx.item.data["that player"]]
        for opponent in that_player.opponents:
            ctx.draw(how_many(ctx), opponent)

    return effect


@verb("sacrifice this, if you do")
def _sacrifice_this_if_you_do(value: Any) -> Effect:
    """'Sacrifice this enchantment. If you do, [effect]': the sacrifice is a cost paid as it resolves (rule 118.12)."""
    then = effect_of(value)

    def effect(ctx: EffectContext) -> None:
        from kb.engine.resolution_costs import sacrifice_source_if_you_do

        sacrifice_source_if_you_do(ctx, then)

    return effect


@verb("when this leaves the battlefield this turn")
def _delayed_leaves(value: Any) -> Effect:
    """Creates the delayed triggered ability 'When this creature leaves the battlefield this turn, [effect]'
    (rule 603.7a); its value is that effect."""
    then = effect_of(value)

    def effect(ctx: EffectContext) -> None:
        from kb.engine.delayed import LEAVES, when_source

        when_source(ctx, LEAVES, "When this creature leaves the battlefield this turn, …", then, this_turn=True)

    return effect


@verb("when this becomes untapped")
def _delayed_untaps(value: Any) -> Effect:
    """Creates the delayed triggered ability 'When this creature becomes untapped, [effect]' (rule 603.7a); it
    waits for the next time that creature untaps after it is created."""
    then = effect_of(value)

    def effect(ctx: EffectContext) -> None:
        from kb.engine.delayed import UNTAPS, when_source

        when_source(ctx, UNTAPS, "When this creature becomes untapped, …", then, this_turn=False)

    return effect


@verb("may sacrifice another creature, when you do")
def _sacrifice_another_when_you_do(value: Any) -> Effect:
    """'You may sacrifice another creature. When you do, [effect]': {target: any target, effect: {damage: that
    creature's power}}; the reflexive ability's target is chosen as it is put on the stack (rule 603.12)."""
    settings = _settings(value, {"target": None, "effect": None}, "may sacrifice another creature, when you do")
    if settings["effect"] is None:
        raise DefinitionError("'may sacrifice another creature, when you do' needs the reflexive ability's effect")
    then = effect_of(settings["effect"])
    aim = None if settings["target"] is None else target(str(settings["target"]))

    def effect(ctx: EffectContext) -> None:
        from kb.engine.reflexive import sacrifice_another_then

        sacrifice_another_then(ctx, "When you do, …", aim, then)

    return effect


@verb("may gain life")
def _may_gain_life(value: Any) -> Effect:
    """'You may gain 1 life': the controller states will_choose('gain') or will_choose("don't") (rule 608.2d)."""
    how_much = amount(value)

    def effect(ctx: EffectContext) -> None:
        from kb.engine.effect_choices import stated_option

        option, _ = stated_option(ctx.controller, f"whether {ctx.controller} gains life from {ctx.source}", ("gain", "don't"))
        if option == "gain":
            ctx.gain_life(ctx.controller, how_much(ctx))

    return effect


@verb("each player sacrifices")
def _each_player_sacrifices(value: Any) -> Effect:
    """'Each player sacrifices a creature': {each player sacrifices: creature} (chosen in APNAP order, rule 101.4)."""
    what = str(value or "")
    if not what:
        raise DefinitionError("'each player sacrifices' takes what they sacrifice, e.g. creature")
    quality = card_quality(what)

    def effect(ctx: EffectContext) -> None:
        from kb.engine.effect_choices import each_player_sacrifices

        each_player_sacrifices(ctx, lambda _source, candidate: quality(candidate.definition), what)

    return effect


@verb("gain control of target")
def _gain_control(value: Any) -> Effect:
    """'Gain control of target creature until end of turn' (a layer 2 effect, rule 613.1b)."""
    duration = _duration(_settings(value, {"duration": FOREVER}, "gain control of target")["duration"])
    return lambda ctx: ctx.start_effect(_cards(ctx), "control", duration, new_controller=ctx.controller.index)


@verb("grant")
def _grant(value: Any) -> Effect:
    """'Target creature gains haste until end of turn': {keywords: [haste], duration: until end of turn} (layer 6)."""
    settings = _settings(value, {"keywords": [], "duration": UNTIL_END_OF_TURN, "to": "target"}, "grant")
    keywords = tuple(str(k).lower() for k in settings["keywords"])
    duration = _duration(settings["duration"])
    to = _who(settings["to"], "grant")
    return lambda ctx: ctx.start_effect(to(ctx), "abilities", duration, keywords=keywords)


@verb("pump")
def _pump(value: Any) -> Effect:
    """'Target creature gets +2/+0 until end of turn': {power: 2, toughness: 0, duration: …} (layer 7c); an amount
    such as 'its power' is worked out as it resolves ('gets +X/+X, where X is its power')."""
    settings = _settings(value, {"power": 0, "toughness": 0, "duration": UNTIL_END_OF_TURN, "to": "target"}, "pump")
    power, toughness = _signed(settings["power"]), _signed(settings["toughness"])
    duration = _duration(settings["duration"])
    to = _who(settings["to"], "pump")
    return lambda ctx: ctx.start_effect(to(ctx), "power/toughness", duration, power=power(ctx), toughness=toughness(ctx))


def _signed(value: Any) -> Callable[[EffectContext], int]:
    """-5 or +3 as written, or an amount worked out as the effect happens ('X', 'its power')."""
    if isinstance(value, int) and not isinstance(value, bool):
        return lambda _ctx: value
    return amount(value)


def _who(value: Any, verb_name: str) -> Callable[[EffectContext], list[Any]]:
    if value == "target":
        return _cards
    if value == "this":
        return lambda ctx: [ctx.source]
    raise DefinitionError(f"'{verb_name}' applies to 'target' or 'this', not {value!r}")


@verb("create token")
def _create_token(value: Any) -> Effect:
    """{name: Goblin, count: 2}: the token's definition is declared like a card (see `tokens:` of a card)."""
    settings = _settings(value, {"name": None, "count": 1}, "create token")
    if not settings["name"]:
        raise DefinitionError("'create token' needs the token's name: {name: Soldier}")
    name, count = str(settings["name"]), amount(settings["count"])

    def effect(ctx: EffectContext) -> None:
        ctx.create_tokens(name, count(ctx))

    return effect


def effect_of(value: Any) -> Effect:
    """An effect written as one verb (`exile target`), `{verb: value}`, or a list of them done in order."""
    steps = value if isinstance(value, list) else [value]
    built: list[Effect] = []
    for index, step in enumerate(steps):
        if isinstance(step, str):
            step = {step: None}
        if not isinstance(step, Mapping) or len(step) != 1:
            raise DefinitionError(f"an effect is one verb with its value, e.g. {{draw: 1}}, not {step!r}", (index,))
        name, setting = next(iter(step.items()))
        if name not in VERBS:
            raise DefinitionError(f"unknown effect {name!r} (known: {', '.join(sorted(VERBS))})", (index,))
        try:
            built.append(VERBS[name](setting))
        except DefinitionError as error:
            raise DefinitionError(error.message, (index, name, *error.at)) from None

    def effect(ctx: EffectContext) -> None:
        for step_effect in built:
            step_effect(ctx)

    return effect
