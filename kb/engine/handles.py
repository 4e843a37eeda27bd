"""Handles: what a scenario holds on to.

A `Card` is one physical card for the whole game; it reads the current game
state, so `bears.zone` or `bears.object_id` always tell the truth *now*. The game
object a card is (its `object_id`) changes with every zone change (rule 400.7).
Handles hold only ids, so restoring a snapshot of the state never leaves a
scenario holding a stale object.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine.cards.definitions import CardDef
from kb.engine.mana_symbols import ORDER, format_mana
from kb.engine.state import CardState, PlayerState, Zone

if TYPE_CHECKING:
    from kb.engine.game import Game


class Player:
    def __init__(self, game: Game, index: int) -> None:
        self.game = game
        self.index = index

    @property
    def state(self) -> PlayerState:
        return self.game.state.players[self.index]

    @property
    def name(self) -> str:
        return self.state.name

    @property
    def life(self) -> int:
        return self.state.life

    @property
    def mana_pool(self) -> str:
        """The mana in this player's pool, e.g. '{G}{G}', or 'empty'."""
        symbols = [s for s in ORDER for _ in range(self.state.mana_pool.get(s, 0))]
        return format_mana(symbols) or "empty"

    @property
    def has_won(self) -> bool:
        return self.state.won

    @property
    def has_lost(self) -> bool:
        return self.state.lost

    @property
    def poison(self) -> int:
        """Poison counters (rule 122.1f)."""
        return self.state.poison

    @property
    def lands_played(self) -> int:
        return self.state.lands_played

    @property
    def opponents(self) -> list[Player]:
        return [p for p in self.game.players if p.index != self.index]

    def cards_in(self, zone: Zone) -> list[Card]:
        """This player's cards in `zone`; the library top first, other zones in the order cards arrived."""
        if zone is Zone.LIBRARY:
            return [self.game.card(cid) for cid in self.game.state.libraries[self.index]]
        owned_or_controlled = (
            (lambda c: c.controller == self.index) if zone is Zone.BATTLEFIELD else (lambda c: c.owner == self.index)
        )
        found = [c for c in self.game.state.cards.values() if c.zone is zone and not c.ceased and owned_or_controlled(c)]
        return [self.game.card(c.card_id) for c in sorted(found, key=lambda c: c.entered_at)]

    @property
    def hand(self) -> list[Card]:
        return self.cards_in(Zone.HAND)

    @property
    def library(self) -> list[Card]:
        return self.cards_in(Zone.LIBRARY)

    @property
    def graveyard(self) -> list[Card]:
        return self.cards_in(Zone.GRAVEYARD)

    @property
    def exile(self) -> list[Card]:
        return self.cards_in(Zone.EXILE)

    @property
    def battlefield(self) -> list[Card]:
        return self.cards_in(Zone.BATTLEFIELD)

    def will_target(self, *targets: Card | Player, trigger_of: Card | None = None) -> None:
        """Choose, ahead of time, the target(s) for a triggered ability this player puts on the stack.

        With `trigger_of`, for the ability of that source; without, for the next targeted one without its own."""
        key = None if trigger_of is None else trigger_of.card_id
        self.state.intended_targets[key] = [target_key(t) for t in targets]

    def will_pay(self, *payments: bool | str | list[Card]) -> None:
        """State ahead what this player pays when resolving abilities let them pay a cost (e.g. cumulative upkeep,
        rule 702.24a), one payment per ability in the order they resolve: False to decline, True to pay a cost
        without choices, the mana symbols chosen ('{W}{U}'), or the permanents to sacrifice. It replaces the
        payments stated before (a refused payment stays stated until then)."""
        self.state.payments = [tuple(c.card_id for c in p) if isinstance(p, list) else p for p in payments]

    def will_apply_first(self, *sources: Card) -> None:
        """State ahead which replacement effect (by its source) this player applies first when several would modify
        one event affecting their object (rule 616.1), one per such event; it replaces earlier statements."""
        self.state.replacement_choices = [source.card_id for source in sources]

    def will_choose(self, option: str, *cards: Card) -> None:
        """Choose, ahead of time, the option this player takes when an effect offers one as it resolves (rule
        608.2d), e.g. will_choose('sacrifice', bears) or will_choose("don't")."""
        self.state.option = (option, [c.card_id for c in cards])

    def will_discard(self, *cards: Card) -> None:
        """Choose, ahead of time, the cards this player discards to the next effect that makes them discard."""
        self.state.discards = [c.card_id for c in cards]

    def will_cast_hit(self, cast: bool) -> None:
        """Choose, ahead of time, whether to cast the card this player's next cascade or discover finds (rule 702.85a,
        701.57a); declined, discover puts it into the hand and cascade bottoms it with the rest."""
        self.state.cast_hit = cast

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and other.game is self.game and other.index == self.index

    def __hash__(self) -> int:
        return hash(("player", self.index))

    def __repr__(self) -> str:
        return self.name


class Card:
    def __init__(self, game: Game, card_id: int) -> None:
        self.game = game
        self.card_id = card_id

    @property
    def state(self) -> CardState:
        return self.game.state.cards[self.card_id]

    @property
    def definition(self) -> CardDef:
        return self.game.definition_of(self.state.name)

    @property
    def name(self) -> str:
        return self.state.name

    @property
    def object_id(self) -> int:
        """The game object this card currently is; a new one after every zone change (rule 400.7)."""
        return self.state.object_id

    @property
    def zone(self) -> Zone:
        return self.state.zone

    @property
    def owner(self) -> Player:
        return self.game.players[self.state.owner]

    @property
    def controller(self) -> Player:
        return self.game.players[self.state.controller]

    @property
    def tapped(self) -> bool:
        return self.state.tapped

    @property
    def attacking(self) -> bool:
        return self.state.attacking

    @property
    def damage(self) -> int:
        """The damage marked on it (rule 120.3e)."""
        return self.state.damage

    @property
    def face_up(self) -> bool:
        return self.state.face_up

    @property
    def counters(self) -> int:
        """The number of +1/+1 counters on it."""
        return self.state.counters.get("+1/+1", 0)

    def counters_of(self, kind: str) -> int:
        """The number of counters of `kind` ('tower', 'charge' …) on it."""
        return self.state.counters.get(kind, 0)

    @property
    def power(self) -> int | None:
        """Its power after continuous effects and counters (layer 7, rule 613.1g); None if it has none."""
        from kb.engine.continuous import power_toughness

        return None if self.definition.power is None else power_toughness(self.game, self)[0]

    @property
    def toughness(self) -> int | None:
        from kb.engine.continuous import power_toughness

        return None if self.definition.toughness is None else power_toughness(self.game, self)[1]

    @property
    def keywords(self) -> list[str]:
        """Its keyword abilities, printed or granted by effects (layer 6, rule 613.1f), sorted."""
        from kb.engine.continuous import keywords_of

        return sorted(keywords_of(self.game, self))

    @property
    def attached_to(self) -> Card | None:
        """The permanent this Aura or Equipment is attached to, if that object is still there."""
        link = self.state.attached_to
        if link is None or self.zone is not Zone.BATTLEFIELD:
            return None
        other = self.game.card(link[0])
        return other if other.object_id == link[1] and other.zone is Zone.BATTLEFIELD else None

    @property
    def is_attached(self) -> bool:
        """Whether it is attached to anything, even an object that is gone (until state-based actions, rule 704.5n)."""
        return self.state.attached_to is not None

    @property
    def exists(self) -> bool:
        """False for a token that left the battlefield and ceased to exist (rule 704.5d)."""
        return not self.state.ceased

    @property
    def is_token(self) -> bool:
        return self.state.is_token

    @property
    def x(self) -> int:
        """The value of X for this object: chosen while it is a spell, 0 anywhere else (rules 107.3g, 107.3m)."""
        return self.state.x if self.zone is Zone.STACK else 0

    @property
    def colors(self) -> list[str]:
        """Its colors, e.g. ['white', 'black'], or ['colorless'] (rule 202.2)."""
        from kb.engine.colors import color_names

        return color_names(self.definition)

    @property
    def mana_value(self) -> int:
        from kb.engine.costs import parse_mana_cost

        return parse_mana_cost(self.definition.mana_cost).mana_value(self.x)

    def visible_to(self, player: Player) -> bool:
        """Whether `player` may look at this card where it is now (hidden zones, face-down exile: rule 406.3)."""
        if self.zone in (Zone.LIBRARY,):
            return False
        if self.zone is Zone.HAND:
            return player.index == self.state.owner
        return self.face_up

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.game is self.game and other.card_id == self.card_id

    def __hash__(self) -> int:
        return hash(("card", self.card_id))

    def __repr__(self) -> str:
        return self.name


def target_key(target: Card | Player) -> tuple[str, int]:
    """How a chosen target is stored in the state: by card id or player index."""
    return ("card", target.card_id) if isinstance(target, Card) else ("player", target.index)
