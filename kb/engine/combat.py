"""The combat phase after attackers are chosen (rules 508-511): attack restrictions and requirements,
declaring blockers, and assigning and dealing combat damage, with the keywords that change them.

Abilities that restrict or require attacking and blocking are known by their words on the card
(`keywords`): "can't attack alone", "attacks each combat if able", "blocks each combat if able",
"can't block", "can block an additional creature each combat", and on any permanent "No more than one
creature can attack each turn." A scenario makes every choice: `declare_blockers` (an empty mapping is
the choice not to block) and, wherever a creature's damage must be divided, `combat_damage(assign=...)`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kb.engine.damage import COLOR_WORDS, Damage, abilities_of, colors_of, deal_damage
from kb.engine.errors import EngineError, IllegalAction, MissingChoice
from kb.engine.rules_registry import implements
from kb.engine.state import CombatState, Step, Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player

ONE_ATTACKER = "No more than one creature can attack each turn."
CANT_ATTACK_ALONE = "can't attack alone"
ATTACKS_IF_ABLE = "attacks each combat if able"
BLOCKS_IF_ABLE = "blocks each combat if able"
CANT_BLOCK = "can't block"
BLOCKS_TWO = "can block an additional creature each combat"
LANDWALK = re.compile(r"^(snow )?(plains|island|swamp|mountain|forest)walk$")


def _creature(card: Card) -> bool:
    return card.zone is Zone.BATTLEFIELD and card.definition.has_type("creature")


# -- declaring attackers: restrictions and requirements (rules 508.1c, 508.1d) ----------------------


def attack_restriction_broken(game: Game, attackers: Sequence[Card]) -> str | None:
    """Why attacking with exactly `attackers` disobeys a restriction, or None."""
    if len(attackers) > 1 and any(
        ONE_ATTACKER in abilities_of(c) for c in game.active_player.battlefield + _opponents_permanents(game)
    ):
        return "no more than one creature can attack each turn"
    if len(attackers) == 1 and CANT_ATTACK_ALONE in abilities_of(attackers[0]):
        return f"{attackers[0]} can't attack alone"
    return None


def _opponents_permanents(game: Game) -> list[Card]:
    return [c for p in game.active_player.opponents for c in p.battlefield]


@implements("508.1c", "a declaration of attackers that disobeys a restriction is illegal")
def check_attack_restrictions(game: Game, attackers: Sequence[Card]) -> None:
    broken = attack_restriction_broken(game, attackers)
    if broken:
        raise IllegalAction("attack-restricted", "508.1c", f"this attack is illegal: {broken}")


def _able_attackers(game: Game) -> list[Card]:
    from kb.engine.turn import check_attacker

    able = []
    for creature in game.active_player.battlefield:
        try:
            check_attacker(game, creature)
        except IllegalAction:
            continue
        able.append(creature)
    return able


@implements("508.1d", "a declaration of attackers must obey as many requirements as possible without breaking a restriction")
def check_attack_requirements(game: Game, attackers: Sequence[Card]) -> None:
    def obeyed(chosen: Sequence[Card]) -> int:
        return sum(ATTACKS_IF_ABLE in abilities_of(c) for c in chosen)

    able = _able_attackers(game)
    if not any(ATTACKS_IF_ABLE in abilities_of(c) for c in able):
        return
    best = max(obeyed(s) for s in _subsets(able) if attack_restriction_broken(game, s) is None)
    if obeyed(attackers) < best:
        raise IllegalAction(
            "attack-requirements", "508.1d", f"this attack obeys {obeyed(attackers)} requirement(s); {best} can be obeyed"
        )


def _subsets(cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    return itertools.chain.from_iterable(itertools.combinations(cards, n) for n in range(len(cards) + 1))


@implements("508.1b", "the active player announces which player or planeswalker each attacking creature attacks")
def attacked_planeswalker(game: Game, attackers: Sequence[Card], at: Card | Player | None) -> Card | None:
    defending = game.active_player.opponents[0]
    if at is None or at == defending:
        walkers = [c for c in defending.battlefield if c.definition.has_type("planeswalker")]
        if walkers and attackers and at is None:
            raise MissingChoice(
                f"what {', '.join(map(str, attackers))} attack: {defending} or {', '.join(map(str, walkers))}",
                "pass at=<the player or planeswalker> to game.attack",
            )
        return None
    if (
        not _is_card(at)
        or not at.definition.has_type("planeswalker")
        or at.zone is not Zone.BATTLEFIELD
        or at.controller != defending
    ):
        raise IllegalAction("not-attackable", "508.1b", f"{at} isn't the defending player or a planeswalker they control")
    return at  # type: ignore[return-value]


def _is_card(thing: object) -> bool:
    return hasattr(thing, "card_id")


def begin_combat(game: Game, attackers: Sequence[Card], at: Card | Player | None = None) -> None:
    """Check the attack as a whole and remember it (called as attackers are declared)."""
    check_attack_restrictions(game, attackers)
    check_attack_requirements(game, attackers)
    walker = attacked_planeswalker(game, attackers, at)
    defending = game.active_player.opponents[0].index
    walkers = {c.card_id: (walker.card_id, walker.object_id) for c in attackers} if walker is not None else {}
    game.state.combat = CombatState({c.card_id: c.object_id for c in attackers}, defending, walkers)


# -- declaring blockers (rule 509.1) ---------------------------------------------------------------


def attackers(game: Game) -> list[Card]:
    """The creatures attacking now: a creature that left the battlefield is removed from combat (rule 506.4)."""
    combat = game.state.combat
    if combat is None:
        return []
    found = [game.card(i) for i, obj in combat.attackers.items()]
    return [c for c in found if c.zone is Zone.BATTLEFIELD and c.object_id == combat.attackers[c.card_id]]


def blocks(game: Game) -> dict[Card, list[Card]]:
    """Each blocking creature still in combat and the attackers it blocks that are still in combat."""
    combat = game.state.combat
    if combat is None or combat.blocks is None:
        return {}
    attacking = attackers(game)
    found = {}
    for blocker_id, (obj, blocked) in combat.blocks.items():
        blocker = game.card(blocker_id)
        if blocker.zone is Zone.BATTLEFIELD and blocker.object_id == obj:
            found[blocker] = [a for a in attacking if a.card_id in blocked]
    return found


def blockers_of(game: Game, attacker: Card) -> list[Card]:
    return [b for b, blocked in blocks(game).items() if attacker in blocked]


@implements("509.1a", "each blocker is an untapped creature of the defending player blocking one attacker")
def check_blocker(game: Game, blocker: Card, blocked: Sequence[Card]) -> None:
    combat = game.state.combat
    assert combat is not None
    if not _creature(blocker) or blocker.controller.index != combat.defending:
        raise IllegalAction("not-a-blocker", "509.1a", f"{blocker} isn't a creature the defending player controls")
    if blocker.tapped:
        raise IllegalAction("tapped-blocker", "509.1a", f"{blocker} is tapped and can't block")
    attacking = attackers(game)
    for attacker in blocked:
        if attacker not in attacking:
            raise IllegalAction("not-attacking", "509.1a", f"{attacker} isn't attacking")
    if len(set(blocked)) != len(blocked) or len(blocked) > blocks_allowed(blocker):
        raise IllegalAction("blocks-too-many", "509.1a", f"{blocker} can't block {len(blocked)} creatures")


@implements(
    "509.1a", "a creature that can block additional creatures may block that many attackers", when_ablated=lambda _blocker: 1
)
def blocks_allowed(blocker: Card) -> int:
    return 2 if BLOCKS_TWO in abilities_of(blocker) else 1


@implements("702.9b", "a creature with flying can't be blocked except by creatures with flying and/or reach")
def flying_forbids(game: Game, blocker: Card, attacker: Card) -> str | None:
    if "flying" in abilities_of(attacker) and not {"flying", "reach"} & abilities_of(blocker):
        return f"{attacker} has flying and {blocker} has neither flying nor reach"
    return None


@implements("702.28b", "shadow creatures block and are blocked only by shadow creatures")
def shadow_forbids(game: Game, blocker: Card, attacker: Card) -> str | None:
    if ("shadow" in abilities_of(attacker)) != ("shadow" in abilities_of(blocker)):
        return f"only one of {attacker} and {blocker} has shadow"
    return None


@implements("702.14c", "a creature with landwalk can't be blocked while the defending player controls such a land")
def landwalk_forbids(game: Game, blocker: Card, attacker: Card) -> str | None:
    for ability in abilities_of(attacker):
        walk = LANDWALK.match(ability)
        if walk is None:
            continue
        snow, land_type = walk.group(1), walk.group(2).capitalize()
        for land in blocker.controller.battlefield:
            definition = land.definition
            if definition.has_type("land") and land_type in definition.subtypes and (not snow or "snow" in definition.supertypes):
                return f"{attacker} has {ability} and {blocker.controller} controls {land}"
    return None


def protection_forbids(game: Game, blocker: Card, attacker: Card) -> str | None:
    """An attacking creature with protection can't be blocked by creatures with the stated quality (rule 702.16f)."""
    for ability in abilities_of(attacker):
        color = COLOR_WORDS.get(ability.removeprefix("protection from "))
        if color and color in colors_of(blocker):
            return f"{attacker} has {ability}"
    return None


def _cant_block(game: Game, blocker: Card, attacker: Card) -> str | None:
    return f"{blocker} can't block" if CANT_BLOCK in abilities_of(blocker) else None


PAIR_RESTRICTIONS = (flying_forbids, shadow_forbids, landwalk_forbids, protection_forbids, _cant_block)


@implements("702.111b", "a creature with menace can't be blocked except by two or more creatures")
def menace_forbids(game: Game, attacker: Card, blockers: Sequence[Card]) -> str | None:
    if "menace" in abilities_of(attacker) and len(blockers) == 1:
        return f"{attacker} has menace and only {blockers[0]} blocks it"
    return None


def block_restriction_broken(game: Game, declared: Mapping[Card, Sequence[Card]]) -> IllegalAction | None:
    """The first restriction a block declaration disobeys (rules 509.1a and 509.1b), or None."""
    try:
        for blocker, blocked in declared.items():
            check_blocker(game, blocker, blocked)
    except IllegalAction as error:
        return error
    for blocker, blocked in declared.items():
        for attacker in blocked:
            for restriction in PAIR_RESTRICTIONS:
                if why := restriction(game, blocker, attacker):
                    return IllegalAction("block-restricted", "509.1b", why)
    for attacker in attackers(game):
        if why := menace_forbids(game, attacker, [b for b, blocked in declared.items() if attacker in blocked]):
            return IllegalAction("block-restricted", "509.1b", why)
    return None


@implements("509.1b", "a declaration of blockers that disobeys a restriction is illegal")
def check_block_restrictions(game: Game, declared: Mapping[Card, Sequence[Card]]) -> None:
    error = block_restriction_broken(game, declared)
    if error is not None:
        raise error


def _declarations(game: Game) -> Iterator[dict[Card, tuple[Card, ...]]]:
    """Every way the defending player could block, legal or not (each creature blocks nothing or some attackers)."""
    combat = game.state.combat
    assert combat is not None
    attacking = attackers(game)
    candidates = [c for c in game.players[combat.defending].battlefield if _creature(c) and not c.tapped]
    options = [
        [(), *[s for n in range(1, blocks_allowed(c) + 1) for s in itertools.combinations(attacking, n)]] for c in candidates
    ]
    for choice in itertools.product(*options):
        yield {c: blocked for c, blocked in zip(candidates, choice, strict=True) if blocked}


@implements("509.1c", "a declaration of blockers must obey as many requirements as possible without breaking a restriction")
def check_block_requirements(game: Game, declared: Mapping[Card, Sequence[Card]]) -> None:
    def obeyed(chosen: Mapping[Card, Sequence[Card]]) -> int:
        return sum(BLOCKS_IF_ABLE in abilities_of(c) for c in chosen)

    combat = game.state.combat
    assert combat is not None
    if not any(BLOCKS_IF_ABLE in abilities_of(c) for c in game.players[combat.defending].battlefield):
        return
    best = max(obeyed(d) for d in _declarations(game) if block_restriction_broken(game, d) is None)
    if obeyed(declared) < best:
        raise IllegalAction(
            "block-requirements", "509.1c", f"this block obeys {obeyed(declared)} requirement(s); {best} can be obeyed"
        )


def _next_step(game: Game) -> None:
    """A step of combat ends: mana empties from the pools (rule 500.4)."""
    from kb.engine.turn import empty_mana_pools

    empty_mana_pools(game)


def declare_blockers(game: Game, declared: Mapping[Card, Card | Sequence[Card]]) -> None:
    """The defending player's declaration: each blocker and the attacker(s) it blocks (rule 509.1)."""
    state = game.state
    combat = state.combat
    if state.step is not Step.DECLARE_ATTACKERS or combat is None or combat.blocks is not None:
        raise EngineError("blockers are declared once, after attackers: call game.attack(...) first")
    if state.stack:
        raise EngineError("resolve the stack before the declare blockers step (game.resolve())")
    chosen = {b: list(a) if isinstance(a, Sequence) else [a] for b, a in declared.items()}
    check_block_restrictions(game, chosen)
    check_block_requirements(game, chosen)
    _next_step(game)
    combat.blocks = {b.card_id: (b.object_id, [a.card_id for a in blocked]) for b, blocked in chosen.items()}
    combat.blocked = {a.card_id for blocked in chosen.values() for a in blocked}  # rule 509.1h
    game.log(
        f"{game.players[combat.defending]} blocks: " + (", ".join(f"{b} blocks {a}" for b, a in chosen.items()) or "nothing")
    )
    state.priority = state.active


# -- combat damage (rules 510, 702.2c, 702.4, 702.7, 702.19) ---------------------------------------


def first_strike_step(game: Game, creatures: Iterable[Card]) -> bool:
    """With first or double strike in combat, a first combat damage step comes first (rules 702.4b, 702.7b).
    (Not registered: no example claims it yet; tests/engine/test_combat.py covers it.)"""
    return any({"first strike", "double strike"} & abilities_of(c) for c in creatures)


def _deals_in(game: Game, creature: Card, step: str) -> bool:
    combat = game.state.combat
    assert combat is not None
    strikes = {"first strike", "double strike"} & abilities_of(creature)
    if step == "first strike":
        return bool(strikes)
    return creature.card_id not in combat.dealt_first or "double strike" in strikes  # rules 702.4c, 702.7c


def _lethal(game: Game, source: Card, blocker: Card, already: int) -> int:
    """Damage still needed for lethal damage to `blocker` (rules 702.19b, 702.2c)."""
    if "deathtouch" in abilities_of(source) and already == 0:
        return 1
    return max(0, (blocker.toughness or 0) - blocker.state.damage - already)


@implements(
    "510.1c", "a blocked creature assigns its combat damage to the creatures blocking it, divided as its controller chooses"
)
def check_division(game: Game, source: Card, power: int, allowed: Sequence[Any], division: Mapping[Any, int]) -> None:
    for recipient, amount in division.items():
        if amount < 0:
            raise IllegalAction("bad-assignment", "510.1c", f"{source} can't assign {amount} damage")
        if recipient not in allowed:
            raise IllegalAction("bad-assignment", "510.1c", f"{source} can't assign combat damage to {recipient}")
    if sum(division.values()) != power:
        raise IllegalAction("bad-assignment", "510.1c", f"{source} assigns {power} damage, not {sum(division.values())}")


@implements("702.19b", "trample: excess damage may go to the player only once every blocker is assigned lethal damage")
def check_trample(game: Game, source: Card, division: Mapping[Any, int], others: Mapping[Any, int]) -> None:
    blockers = blockers_of(game, source)
    beyond = [r for r, amount in division.items() if amount and r not in blockers]
    if not beyond:
        return
    for blocker in blockers:
        needed = _lethal(game, source, blocker, others.get(blocker, 0))
        if division.get(blocker, 0) < needed:
            raise IllegalAction(
                "trample-lethal-first",
                "702.19b",
                f"{source} must assign lethal damage ({needed}) to {blocker} before assigning any to {beyond[0]}",
            )


@implements(
    "702.19c",
    "trample over planeswalkers: damage beyond the attacked planeswalker's loyalty may go to its controller",
    when_ablated=lambda _creature: False,
)
def tramples_over_planeswalkers(creature: Card) -> bool:
    return "trample over planeswalkers" in abilities_of(creature)


def check_loyalty_first(
    game: Game, source: Card, walker: Card, division: Mapping[Any, int], others: Mapping[Any, int], defender: Player
) -> None:
    """Rule 702.19c: the planeswalker's controller gets damage only once the planeswalker is assigned its loyalty,
    counting what other creatures assign to it in the same step."""
    needed = max(0, walker.counters_of("loyalty") - others.get(walker, 0))
    if division.get(defender) and division.get(walker, 0) < needed:
        raise IllegalAction(
            "trample-lethal-first",
            "702.19c",
            f"{source} must assign {needed} damage to {walker} before assigning any to {defender}",
        )


def attacked_by(game: Game, attacker: Card) -> Card | Player | None:
    """What `attacker` is attacking: the defending player, a planeswalker, or nothing if that planeswalker left."""
    combat = game.state.combat
    assert combat is not None
    if attacker.card_id not in combat.walkers:
        return game.players[combat.defending]
    card_id, object_id = combat.walkers[attacker.card_id]
    walker = game.card(card_id)
    return walker if walker.zone is Zone.BATTLEFIELD and walker.object_id == object_id else None


def _division(
    game: Game, source: Card, power: int, targets: Sequence[Any], assign: Mapping[Card, Mapping[Any, int]]
) -> dict[Any, int]:
    if source in assign:
        return dict(assign[source])
    if len(targets) == 1:
        return {targets[0]: power}
    raise MissingChoice(
        f"how {source} divides its {power} combat damage among {', '.join(map(str, targets))}",
        f"pass assign={{{source.name!r} creature: {{recipient: amount, ...}}}} to game.combat_damage",
    )


def _divided(
    game: Game, creature: Card, power: int, allowed: Sequence[Any], assign: Mapping[Card, Mapping[Any, int]]
) -> dict[Any, int]:
    division = _division(game, creature, power, allowed, assign)
    check_division(game, creature, power, allowed, division)
    return division


def _assignment(game: Game, creature: Card, power: int, assign: Mapping[Card, Mapping[Any, int]]) -> dict[Any, int] | None:
    """How `creature` assigns its combat damage (rules 510.1b-d, 702.19), or None if it assigns none."""
    combat = game.state.combat
    assert combat is not None
    defender = game.players[combat.defending]
    if creature not in attackers(game):
        blocked = blocks(game)[creature]
        return _divided(game, creature, power, blocked, assign) if blocked else None  # rule 510.1d
    attacked = attacked_by(game, creature)
    if attacked is None and tramples_over_planeswalkers(creature):
        attacked = defender  # its planeswalker left: its damage may go to the defending player (rule 702.19e)
    over = attacked is not None and attacked != defender and tramples_over_planeswalkers(creature)
    if creature.card_id not in combat.blocked:
        if attacked is None:
            return None  # it attacked a planeswalker that left: it assigns no damage (rule 510.1b)
        if over:
            return _divided(game, creature, power, [attacked, defender], assign)
        if creature in assign and dict(assign[creature]) != {attacked: power}:
            raise IllegalAction("bad-assignment", "510.1b", f"{creature} is unblocked: all its damage goes to {attacked}")
        return {attacked: power}
    blockers = blockers_of(game, creature)
    if "trample" not in abilities_of(creature):
        return _divided(game, creature, power, blockers, assign) if blockers else None  # rule 510.1c
    beyond = [*([attacked] if attacked is not None else []), *([defender] if over else [])]
    allowed = [*blockers, *beyond]
    if not allowed:
        return None
    # A trampler whose blockers all left assigns its damage to what it attacks (rule 702.19d).
    return _divided(game, creature, power, allowed if blockers else beyond[:1], assign)


def combat_damage(game: Game, assign: Mapping[Card, Mapping[Any, int]]) -> None:
    """The next combat damage step: assign combat damage (rule 510.1), then deal it all at once (510.2)."""
    from kb.engine.state_based import check_state_based_actions
    from kb.engine.triggers import put_triggers_on_stack

    state = game.state
    combat = state.combat
    if combat is None or combat.blocks is None:
        raise EngineError("declare blockers first: game.declare_blockers({...}), an empty mapping for no blocks")
    if state.stack:
        raise EngineError("resolve the stack before combat damage (game.resolve())")
    if "regular" in combat.damage_steps:
        raise EngineError("combat damage has been dealt in this combat")
    _next_step(game)
    in_combat = attackers(game) + list(blocks(game))
    step = "first strike" if not combat.damage_steps and first_strike_step(game, in_combat) else "regular"
    defender = game.players[combat.defending]
    divisions: dict[Card, dict[Any, int]] = {}
    for creature in in_combat:
        power = creature.power or 0
        if power <= 0 or not _deals_in(game, creature, step):  # rule 510.1a
            continue
        division = _assignment(game, creature, power, assign)
        if division is not None:
            divisions[creature] = division
    for creature, division in divisions.items():
        if creature not in attackers(game):
            continue
        others: dict[Any, int] = {}
        for other, theirs in divisions.items():
            if other != creature:
                for recipient, amount in theirs.items():
                    others[recipient] = others.get(recipient, 0) + amount
        if "trample" in abilities_of(creature):
            check_trample(game, creature, division, others)
        walker = attacked_by(game, creature)
        if walker is not None and walker != defender and tramples_over_planeswalkers(creature):
            check_loyalty_first(game, creature, walker, division, others, defender)  # type: ignore[arg-type]
    deal_damage(game, [Damage(c, to, n, combat=True) for c, d in divisions.items() for to, n in d.items()])
    combat.damage_steps.append(step)
    if step == "first strike":
        combat.dealt_first.update(c.card_id for c in divisions)
    check_state_based_actions(game)
    put_triggers_on_stack(game)
    state.priority = state.active
    state.passes_in_succession = 0
