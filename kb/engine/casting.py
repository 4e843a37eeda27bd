"""Casting spells (rule 601) and playing lands (rule 305), from the hand or from exile when an effect allows it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.engine.cards.definitions import Cost
from kb.engine.choices import announce_x, check_chosen_once, check_sacrificed_once
from kb.engine.continuous import statics_in_play
from kb.engine.costs import (
    ManaCost,
    additional_cost_of,
    alternative_costs_for,
    parse_mana_cost,
    pay_mana,
    pay_sacrifice,
)
from kb.engine.errors import IllegalAction
from kb.engine.events import SpellCast
from kb.engine.hybrid import pay_life, settle
from kb.engine.keywords import discard_card, pay_with_delve
from kb.engine.kicker import announce_kicker, kicker_costs
from kb.engine.land_plays import check_no_cant_play_lands, land_plays_this_turn
from kb.engine.modes import announce_modes, modes_target
from kb.engine.priority import priority_after_action, require_priority
from kb.engine.prohibitions import check_prohibitions
from kb.engine.rules_registry import implements
from kb.engine.state import StackItem, Zone
from kb.engine.targets import choose_targets
from kb.engine.triggers import put_triggers_on_stack
from kb.engine.zones import move_card, move_cards

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


@dataclass
class Proposal:
    """A spell being cast, with the choices its caster announced (rules 601.2a–d)."""

    player: Player
    card: Card
    from_zone: Zone
    permission: str | None  # what allows casting it from where it was: "hand", or the card whose ability allows it
    x: int | None = None  # None: not announced (an error if the cost has X)
    alternative: Card | None = None
    sacrifice: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    delve: list[Card] = field(default_factory=list)
    hybrid: list[str] | None = None  # how hybrid and Phyrexian symbols will be paid, one per symbol (rule 601.2b)
    kicker: bool | list[str] = False  # the kicker costs it will pay: True for its only one, or the costs as printed
    modes: list[int] | None = None  # the modes chosen (1 for the first printed), for a modal spell
    free: bool = False  # "without paying its mana cost"
    during_resolution: bool = False  # cast by an effect as it resolves (rule 608.2g)


def find_permission(game: Game, player: Player, card: Card, *, playing_land: bool = False) -> str | None:
    """What allows `player` to cast or play `card` from where it is now; None if nothing does."""
    if card.zone is Zone.HAND and card.owner == player:
        return "hand"
    if card.zone is not Zone.EXILE:
        return None
    if not playing_land:
        for source, static in statics_in_play(game):
            if static.layer == "cast from exile" and source.controller == player and static.affects(source, card):
                return source.name
    for permission in game.state.play_permissions:
        if permission.object_id == card.object_id and permission.player == player.index and permission.turn == game.state.turn:
            return permission.source_name
    return None


@implements("601.3", "a player may begin to cast a spell only if a rule or effect allows it")
def check_permission(game: Game, proposal: Proposal) -> None:
    if proposal.permission is None:
        raise IllegalAction(
            "no-permission", "601.3", f"nothing allows {proposal.player} to cast {proposal.card} from the {proposal.from_zone}"
        )


@implements("117.1a", "instants can be cast any time with priority; other spells only in your main phase with an empty stack")
def check_timing(game: Game, proposal: Proposal) -> None:
    definition = proposal.card.definition
    if proposal.during_resolution or definition.has_type("instant") or "flash" in definition.keywords:
        return
    state = game.state
    others_on_stack = [item for item in state.stack if item.card_id != proposal.card.card_id]
    if state.active != proposal.player.index or not state.step.is_main or others_on_stack:
        raise IllegalAction(
            "sorcery-timing", "117.1a", f"{proposal.card} can be cast only in its controller's main phase with an empty stack"
        )


@implements("601.2e", "a proposed spell is checked for legality before any of its costs are paid")
def check_proposal(game: Game, proposal: Proposal) -> None:
    if proposal.card.definition.has_type("land"):
        raise IllegalAction("land-not-castable", "305.9", f"{proposal.card} is a land: it is played, not cast")
    check_permission(game, proposal)
    check_prohibitions(game, proposal.player, proposal.card)
    check_timing(game, proposal)


def _mana_cost_only(game: Game, proposal: Proposal) -> list[tuple[str, Cost]]:
    """Without rule 601.2f there is no 'total cost': the spell costs its mana cost, nothing else."""
    return [("mana cost", Cost(mana=proposal.card.definition.mana_cost))]


@implements(
    "601.2f", "the total cost is the mana cost or an alternative cost, plus additional costs", when_ablated=_mana_cost_only
)
def total_cost(game: Game, proposal: Proposal) -> list[tuple[str, Cost]]:
    """The costs to pay, each labelled: ('mana cost' | 'alternative cost' | 'additional cost', cost)."""
    definition = proposal.card.definition
    costs: list[tuple[str, Cost]] = []
    if proposal.alternative is not None:
        options = alternative_costs_for(game, proposal.player, proposal.card)
        if proposal.alternative.card_id not in options:
            raise IllegalAction(
                "no-alternative-cost", "118.9", f"{proposal.alternative} offers no alternative cost for {proposal.card}"
            )
        costs.append(("alternative cost", options[proposal.alternative.card_id]))
    elif not proposal.free:
        costs.append(("mana cost", Cost(mana=definition.mana_cost)))
    additional = additional_cost_of(definition)
    if additional is not None:
        costs.append(("additional cost", additional))
    costs.extend(("additional cost", kicker) for kicker in kicker_costs(proposal.card))
    return costs


def _unchanged(game: Game, spell: Card, mana: ManaCost) -> ManaCost:
    return mana


@implements(
    "601.2f", "cost increases, then reductions, apply to the total cost; a reduction can't go below {0}", when_ablated=_unchanged
)
def apply_cost_changes(game: Game, spell: Card, mana: ManaCost) -> ManaCost:
    """Add the generic mana static abilities add to the cost of `spell`; take away what they reduce."""
    changes = [
        static.cost_change for source, static in statics_in_play(game) if static.layer == "cost" and static.affects(source, spell)
    ]
    generic = mana.generic + sum(c for c in changes if c > 0)
    generic = max(0, generic + sum(c for c in changes if c < 0))
    return ManaCost(generic, mana.colored, mana.x_count, mana.hybrid)


@contextmanager
def casting(game: Game, proposal: Proposal, targets: Sequence[Any] | None = None) -> Iterator[Card]:
    """Cast a spell step by step; mana abilities may be activated inside the block (rule 601.2g)."""
    player, card, state = proposal.player, proposal.card, game.state
    if not proposal.during_resolution:
        require_priority(game, player)
    move_card(game, card, Zone.STACK, controller=player)  # 601.2a
    x = announce_x(proposal.x, _has_x(card), _pays_x(game, proposal), card, "mana cost")  # 601.2b (rule 107.3a)
    card.state.x = x
    card.state.was_cast = True
    card.state.kicked = announce_kicker(card, proposal.kicker)  # 601.2b
    modes = announce_modes(card, proposal.modes, bool(card.state.kicked))  # 601.2b (and 601.4)
    item = StackItem(item_id=state.new_id(), controller=player.index, card_id=card.card_id, x=x, data={"modes": modes})
    state.stack.append(item)
    wanted = modes_target(card, modes) if modes else card.definition.spell_target
    item.targets = choose_targets(game, player, card, wanted, kind="spell", chosen=list(targets or [])) or ()
    check_proposal(game, proposal)  # 601.2e
    costs = total_cost(game, proposal)  # 601.2f
    settle(_mana_of(costs), proposal.hybrid, card)  # the hybrid payments announced (601.2b) fit the cost
    state.casting = card.card_id
    yield card  # 601.2g: the caster may activate mana abilities now
    state.casting = None
    pay_costs(game, proposal, costs)  # 601.2h
    game.log(f"{player} casts {card}")
    game.emit(SpellCast(card.card_id, player.index))  # 601.2i
    if not proposal.during_resolution:
        put_triggers_on_stack(game)
        priority_after_action(game, player)


def _has_x(card: Card) -> bool:
    return parse_mana_cost(card.definition.mana_cost).x_count > 0


def _pays_x(game: Game, proposal: Proposal) -> bool:
    """Whether the cost being paid includes the spell's X: not when cast free or for an alternative cost without X."""
    if proposal.free:
        return False
    if proposal.alternative is None:
        return True
    offered = alternative_costs_for(game, proposal.player, proposal.card).get(proposal.alternative.card_id)
    return offered is not None and "{X}" in offered.mana


def _mana_of(costs: list[tuple[str, Cost]]) -> ManaCost:
    mana = ManaCost()
    for _label, cost in costs:
        mana = mana.plus(parse_mana_cost(cost.mana))
    return mana


def pay_costs(game: Game, proposal: Proposal, costs: list[tuple[str, Cost]]) -> None:
    """Rule 601.2h: pay everything; partial payments are not allowed (the transaction undoes them)."""
    player = proposal.player
    check_sacrificed_once(proposal.sacrifice, f"pay for {proposal.card}")
    check_chosen_once(proposal.discard, "discarded-twice", "701.9a", f"pay for {proposal.card}")
    mana = ManaCost()
    to_sacrifice = list(proposal.sacrifice)
    discards_wanted = 0
    for label, cost in costs:
        mana = mana.plus(parse_mana_cost(cost.mana))
        if cost.sacrifice is not None:
            chosen = [c for c in to_sacrifice if cost.sacrifice.matches(c.definition)][: cost.sacrifice.count]
            if len(chosen) < cost.sacrifice.count:
                code, rule = ("additional-cost-unpaid", "118.8") if label == "additional cost" else ("cannot-pay", "118.3")
                raise IllegalAction(code, rule, f"casting {proposal.card} requires sacrificing {cost.sacrifice.description}")
            pay_sacrifice(game, player, cost, chosen)
            to_sacrifice = [c for c in to_sacrifice if c not in chosen]
        discards_wanted += cost.discard_cards
    if to_sacrifice:
        raise IllegalAction(
            "cannot-pay", "118.3", f"no cost of {proposal.card} asks to sacrifice {', '.join(map(str, to_sacrifice))}"
        )
    if len(proposal.discard) != discards_wanted:
        raise IllegalAction(
            "additional-cost-unpaid", "118.8", f"casting {proposal.card} requires discarding {discards_wanted} card(s)"
        )
    mana, life = settle(mana, proposal.hybrid, proposal.card)
    mana = apply_cost_changes(game, proposal.card, mana)
    mana = pay_with_delve(game, player, proposal.card, mana, proposal.delve)
    pay_mana(game, player, mana, proposal.card.state.x)
    if life:
        pay_life(player, life)
    sacrificed = [c for c in proposal.sacrifice if c not in to_sacrifice]
    if sacrificed:
        move_cards(game, sacrificed, Zone.GRAVEYARD)
    for card in proposal.discard:
        discard_card(game, player, card)


def cast_during_resolution(game: Game, player: Player, card: Card) -> None:
    """'You may cast that card without paying its mana cost' (cascade, discover; rule 608.2g)."""
    proposal = Proposal(player, card, card.zone, "effect", free=True, during_resolution=True)
    with casting(game, proposal):
        pass


@implements("305.1", "a land is played in your main phase, with priority and an empty stack; it doesn't use the stack")
def check_land_timing(game: Game, player: Player, card: Card) -> None:
    state = game.state
    if state.active != player.index or not state.step.is_main or state.stack:
        raise IllegalAction("land-timing", "305.1", f"{card} can be played only in {player}'s main phase with an empty stack")


@implements("305.2", "a player can normally play one land each turn")
def check_land_plays(game: Game, player: Player, card: Card) -> None:
    if player.state.lands_played >= land_plays_this_turn(game, player):
        raise IllegalAction("no-land-plays", "305.2", f"{player} has no land plays left this turn")


def play_land(game: Game, player: Player, card: Card) -> None:
    require_priority(game, player)
    if not card.definition.has_type("land"):
        raise IllegalAction("not-a-land", "305.1", f"{card} isn't a land: cast it instead")
    if find_permission(game, player, card, playing_land=True) is None:
        raise IllegalAction("no-permission", "305.1", f"nothing allows {player} to play {card} from the {card.zone}")
    check_land_timing(game, player, card)
    check_no_cant_play_lands(game, player)
    check_land_plays(game, player, card)
    player.state.lands_played += 1
    move_card(game, card, Zone.BATTLEFIELD, controller=player, tapped=card.definition.enters_tapped)
    put_triggers_on_stack(game)
    priority_after_action(game, player)
