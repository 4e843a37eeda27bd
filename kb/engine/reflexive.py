"""Reflexive triggered abilities (rule 603.12): "You may sacrifice another creature. When you do, …". Created by
the resolving ability, checked at once, they trigger only if the action was taken during that resolution."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.cards.definitions import Effect, Target
from kb.engine.delayed import PREFIX, _trigger
from kb.engine.effect_choices import check_possible, stated_option
from kb.engine.rules_registry import implements
from kb.engine.state import DelayedTrigger, Zone
from kb.engine.zones import move_cards

if TYPE_CHECKING:
    from kb.engine.effects import EffectContext


@implements(
    "603.12",
    "a reflexive triggered ability triggers only if its action was taken earlier in the same resolution",
    when_ablated=lambda _done: True,  # without the rule 'when you do' would not look at what was done
)
def reflexive_triggers(done: bool) -> bool:
    return done


def sacrifice_another_then(ctx: EffectContext, text: str, target: Target | None, effect: Effect) -> None:
    """'You may sacrifice another creature. When you do, [effect]': the player states the option ahead
    (`will_choose('sacrifice', creature)` or `will_choose("don't")`); the reflexive ability remembers that
    creature's power as it last existed on the battlefield."""
    player, source = ctx.controller, ctx.source
    option, chosen = stated_option(player, f"whether {player} sacrifices another creature for {source}", ("sacrifice", "don't"))
    power = None
    if option == "sacrifice":
        fitting = [
            c
            for c in chosen
            if c.zone is Zone.BATTLEFIELD and c.controller == player and c != source and c.definition.has_type("creature")
        ]
        check_possible(
            player, "sacrifice another creature", len(fitting) == 1 == len(chosen), "name one other creature they control"
        )
        power = fitting[0].power or 0
        move_cards(ctx.game, fitting, Zone.GRAVEYARD)
    if not reflexive_triggers(power is not None):
        return
    state = ctx.game.state
    reflexive = DelayedTrigger(
        key=f"{PREFIX}{state.new_id()}",
        text=text,
        controller=player.index,
        source_card=source.card_id,
        source_object=ctx.item.source_object or source.object_id,
        watched_object=-1,  # it watches nothing: it is checked once, now
        effect=effect,
        turn=state.turn,
        target=target,
    )
    state.delayed_triggers.append(reflexive)
    _trigger(ctx.game, reflexive, {"power": power or 0})
