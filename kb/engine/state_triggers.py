"""State triggers (rule 603.8): abilities that trigger when a game state is true ("Whenever you have no cards in
hand"), checked after every event and before a player would receive priority, and not again while they wait."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.rules_registry import implements
from kb.engine.state import PendingTrigger, Zone

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card


def _never_waiting(game: Game, source: Card, key: str) -> bool:
    """Without rule 603.8 a state trigger would trigger again each time the state is checked."""
    return False


@implements(
    "603.8",
    "a state-triggered ability doesn't trigger again until it has resolved or otherwise left the stack",
    when_ablated=_never_waiting,
)
def still_waiting(game: Game, source: Card, key: str) -> bool:
    """Whether the state trigger `key` of `source` is waiting to go on the stack, or is on it."""
    state = game.state
    pending = any(p.source_card == source.card_id and p.ability == key for p in state.pending_triggers)
    stacked = any(i.kind == "triggered" and i.source_card == source.card_id and i.ability == key for i in state.stack)
    return pending or stacked


def check_state_triggers(game: Game) -> None:
    """Trigger each state-triggered ability of a permanent whose state holds now (once: see `still_waiting`)."""
    for card_state in list(game.state.cards.values()):
        if card_state.zone is not Zone.BATTLEFIELD or card_state.ceased:
            continue
        source = game.card(card_state.card_id)
        for ability in source.definition.triggered:
            holds = ability.trigger.state
            if holds is None or not holds(source) or still_waiting(game, source, ability.key):
                continue
            game.log(f"{source}'s state trigger triggers: {ability.text}")
            game.state.pending_triggers.append(
                PendingTrigger(source.card_id, source.object_id, source.controller.index, ability.key)
            )
