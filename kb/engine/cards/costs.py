"""Cards whose abilities pay a cost as they resolve ('Sacrifice this. If you do, …': rule 118.12)."""

from __future__ import annotations

from typing import Any

from kb.engine.cards.definitions import CardDef, Trigger, TriggeredAbility
from kb.engine.effects import EffectContext
from kb.engine.events import Event, SpellCast
from kb.engine.rules_registry import implements
from kb.engine.state import Zone
from kb.engine.zones import move_cards


def whenever_a_player_casts_a_spell() -> Trigger:
    def count(source: Any, event: Event) -> int:
        return int(isinstance(event, SpellCast))

    return Trigger("when a player casts a spell", count)


def _not_checked(ctx: EffectContext) -> bool:
    """Without rule 118.12, 'if you do' would not look at the cost: what follows always happens."""
    _sacrifice_self(ctx)
    return True


def _sacrifice_self(ctx: EffectContext) -> bool:
    source = ctx.source
    if source.zone is not Zone.BATTLEFIELD or source.object_id != ctx.item.source_object or source.controller != ctx.controller:
        return False
    move_cards(ctx.game, [source], Zone.GRAVEYARD)
    return True


@implements(
    "118.12",
    "'[Do something]. If you do, …': the action is a cost paid on resolution; unpaid, the rest doesn't happen",
    when_ablated=_not_checked,
)
def sacrificed_this(ctx: EffectContext) -> bool:
    """'Sacrifice this': paid only if this object is still a permanent its controller controls."""
    paid = _sacrifice_self(ctx)
    if not paid:
        ctx.game.log(f"{ctx.source} can't be sacrificed: the rest of its ability doesn't happen")
    return paid


def _standstill(ctx: EffectContext) -> None:
    if sacrificed_this(ctx):
        caster = ctx.game.players[ctx.item.data["player"]]
        for opponent in caster.opponents:
            ctx.draw(3, opponent)


STANDSTILL = CardDef(
    name="Standstill",
    mana_cost="{1}{U}",
    types=frozenset({"enchantment"}),
    oracle_text=(
        "When a player casts a spell, sacrifice Standstill. If you do, each of that player's opponents draws three cards."
    ),
    triggered=(
        TriggeredAbility(
            "standstill",
            "When a player casts a spell, sacrifice Standstill. If you do, each of that player's opponents draws three cards.",
            whenever_a_player_casts_a_spell(),
            _standstill,
        ),
    ),
)

CARDS = (STANDSTILL,)
