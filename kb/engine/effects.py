"""What a resolving spell or ability can do: the verbs card definitions are written with."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from kb.engine.state import PlayPermission, StackItem, Zone
from kb.engine.zones import create_tokens, draw, exile_top_of_library, move_card, move_cards

if TYPE_CHECKING:
    from kb.engine.game import Game
    from kb.engine.handles import Card, Player


class EffectContext:
    """One resolving spell or ability: its source, controller, targets and X, and what it may do."""

    def __init__(self, game: Game, item: StackItem, source: Card) -> None:
        self.game = game
        self.item = item
        self.source = source
        self.controller: Player = game.players[item.controller]
        self.x = item.x

    @property
    def targets(self) -> list[Any]:
        """The targets that are still the objects chosen (rule 608.2b: one that changed zones is gone)."""
        found = []
        for kind, ident, object_id in self.item.targets:
            if kind == "player" or self.game.card(ident).object_id == object_id:
                found.append(self.game.lookup((kind, ident)))
        return found

    @property
    def target(self) -> Any:
        return self.targets[0]

    # -- cards and zones ---------------------------------------------------------------------
    def exile_top_card(self) -> Card | None:
        """Exile the top card of the controller's library as this resolves (rule 608.2h: looked at now)."""
        return exile_top_of_library(self.game, self.controller)

    def link_to_source(self, card: Card) -> None:
        """Remember `card` as 'exiled with' the object this ability came from (rule 607.2a)."""
        self.game.state.links.setdefault(self.item.source_object or self.source.object_id, []).append(card.object_id)

    def allow_play_this_turn(self, card: Card) -> None:
        self.game.state.play_permissions.append(
            PlayPermission(card.object_id, self.controller.index, self.game.state.turn, self.source.name)
        )

    def exile(self, cards: Iterable[Card]) -> None:
        move_cards(self.game, list(cards), Zone.EXILE)

    def return_to_hand(self, card: Card) -> None:
        move_card(self.game, card, Zone.HAND)

    def draw(self, count: int, player: Player | None = None) -> None:
        draw(self.game, player or self.controller, count)

    def put_counters(self, card: Card, count: int, kind: str = "+1/+1") -> None:
        if card.zone is Zone.BATTLEFIELD:
            card.state.counters[kind] = card.state.counters.get(kind, 0) + count

    def win_the_game(self) -> None:
        self.controller.state.won = True
        self.game.log(f"{self.controller} wins the game")

    def destroy(self, cards: Iterable[Card]) -> None:
        move_cards(self.game, [c for c in cards if c.zone is Zone.BATTLEFIELD], Zone.GRAVEYARD)

    def set_tapped(self, cards: Iterable[Card], tapped: bool) -> None:
        from kb.engine.tapping import become_tapped, become_untapped

        for card in cards:
            if card.zone is Zone.BATTLEFIELD:
                (become_tapped if tapped else become_untapped)(self.game, card)

    def flicker(self, cards: Iterable[Card], *, to_you: bool) -> list[Card]:
        """Exile each card, then return it to the battlefield (under its owner's control, or this
        ability's controller's): it comes back as a new object (rule 400.7)."""
        back = []
        for card in cards:
            if card.zone is Zone.BATTLEFIELD:
                move_card(self.game, card, Zone.EXILE)
                move_cards(self.game, [card], Zone.BATTLEFIELD, controller=self.controller if to_you else card.owner)
                back.append(card)
        return back

    def attach(self, attachment: Card, host: Card) -> None:
        """Attach an Aura or Equipment to `host` (rules 301.5, 303.4)."""
        if attachment.zone is Zone.BATTLEFIELD and host.zone is Zone.BATTLEFIELD:
            attachment.state.attached_to = (host.card_id, host.object_id)
            self.game.log(f"{attachment} becomes attached to {host}")

    def create_tokens(self, name: str, count: int) -> list[Card]:
        return create_tokens(self.game, name, self.controller, count)

    def start_effect(self, objects: Iterable[Card], layer: str, duration: str, **change: object) -> None:
        """A continuous effect on `objects`, from this spell or ability (rule 611.2)."""
        from kb.engine.continuous import start_effect

        start_effect(
            self.game, self.controller, self.source, [c for c in objects if c.zone is Zone.BATTLEFIELD], layer, duration, **change
        )

    def add_mana(self, symbols: str) -> None:
        """Add mana to the controller's pool, or, for a trigger on tapping for mana, to the pool of who tapped."""
        from kb.engine.mana import add_mana

        player = self.game.players[self.item.data.get("player", self.controller.index)]
        add_mana(player, symbols)
        self.game.log(f"{self.source} adds {symbols} to {player}'s pool")

    # -- players and damage ------------------------------------------------------------------
    @property
    def opponents(self) -> list[Player]:
        return self.controller.opponents

    def damage(self, target: Any, amount: int) -> None:
        self.damage_each([target], amount)

    def damage_each(self, targets: Iterable[Any], amount: int) -> None:
        """This source deals `amount` damage to each of `targets` at once: one damage event (rule 120.4)."""
        from kb.engine.damage import Damage, deal_damage

        live = [t for t in targets if not hasattr(t, "card_id") or t.zone is Zone.BATTLEFIELD]
        deal_damage(self.game, [Damage(self.source, t, amount) for t in live])

    def gain_life(self, player: Player, amount: int) -> None:
        player.state.life += amount

    def lose_life(self, player: Player, amount: int) -> None:
        player.state.life -= amount

    # -- keyword actions ---------------------------------------------------------------------
    def cascade(self) -> None:
        from kb.engine.keywords import cascade

        cascade(self)

    def discover(self, n: int) -> None:
        from kb.engine.keywords import discover

        discover(self, n)
