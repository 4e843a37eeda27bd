"""`Game`: the public face of the engine. A scenario reads like a rules test:
set-up (put cards where they need to be), actions (cast, activate, attack, resolve),
then assertions about the result.

Every action is a transaction: if the rules refuse it (`IllegalAction`) or the
scenario left out a choice (`MissingChoice`), the game state is restored exactly
as it was before the attempt (rule 732 in spirit).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from kb.engine import abilities, combat, mana, priority, turn
from kb.engine import casting as casting_rules
from kb.engine.cards import by_name, definition_of, in_scope
from kb.engine.cards.definitions import CardDef
from kb.engine.errors import EngineError
from kb.engine.events import Event
from kb.engine.handles import Card, Player
from kb.engine.keywords import is_historic
from kb.engine.mana_symbols import format_mana
from kb.engine.state import CardState, GameState, PlayerState, Step, Zone
from kb.engine.triggers import check_triggers

STEP_NAMES = {
    "upkeep": Step.UPKEEP,
    "draw": Step.DRAW,
    "main1": Step.MAIN1,
    "combat": Step.DECLARE_ATTACKERS,
    "main2": Step.MAIN2,
    "end": Step.END,
}


class Game:
    """A two-player game (Alice and Bob by default), in Alice's first main phase with Alice holding priority."""

    def __init__(self, players: Sequence[str] = ("Alice", "Bob"), *, cards: Iterable[CardDef] = ()) -> None:
        """`cards`: definitions this game knows besides the shipped and declared ones (see `kb.engine.cards`)."""
        self.definitions = {**in_scope(), **by_name(cards)}
        self.state = GameState(players=[PlayerState(i, name) for i, name in enumerate(players)])
        self.state.libraries = {i: [] for i in range(len(players))}
        self.state.players[0].turn_began_at = self.state.tick()
        self._depth = 0

    # -- plumbing ----------------------------------------------------------------------------
    def definition_of(self, name: str) -> CardDef:
        return definition_of(name, self.definitions)

    @property
    def players(self) -> list[Player]:
        return [Player(self, i) for i in range(len(self.state.players))]

    def card(self, card_id: int) -> Card:
        return Card(self, card_id)

    def lookup(self, key: tuple[Any, ...]) -> Card | Player:
        kind, ident = key[0], key[1]
        return self.card(ident) if kind == "card" else self.players[ident]

    def target_record(self, target: Card | Player) -> tuple[str, int, int]:
        if isinstance(target, Card):
            return ("card", target.card_id, target.object_id)
        return ("player", target.index, -1)

    def emit(self, event: Event) -> None:
        check_triggers(self, event)

    def log(self, message: str) -> None:
        self.state.log.append(message)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Undo everything done inside the block if the rules refuse any part of it."""
        if self._depth:
            yield
            return
        snapshot = copy.deepcopy(self.state)
        self._depth += 1
        try:
            yield
        except EngineError:
            self.state = snapshot
            raise
        finally:
            self._depth -= 1

    # -- set-up ------------------------------------------------------------------------------
    def create_object(self, name: str, owner: Player, zone: Zone, *, controller: Player | None = None) -> Card:
        """A new card (or token) called `name` in `zone`, without any event: set-up, or the start of creating a token."""
        self.definition_of(name)  # fails early, with suggestions, for a card the engine doesn't know
        card_id = self.state.new_id()
        when = self.state.tick()
        self.state.cards[card_id] = CardState(
            card_id=card_id,
            name=name,
            owner=owner.index,
            object_id=self.state.new_id(),
            zone=zone,
            controller=(controller or owner).index,
            base_controller=(controller or owner).index if zone is Zone.BATTLEFIELD else None,
            entered_at=when,
            controlled_since=when,
        )
        return self.card(card_id)

    def battlefield_add(self, name: str, controller: Player, *, summoning_sick: bool = True, tapped: bool = False) -> Card:
        """Put a permanent onto the battlefield as set-up (no triggers).

        `summoning_sick=False`: its controller has controlled it since their turn began (rule 302.6)."""
        card = self.create_object(name, controller, Zone.BATTLEFIELD)
        card.state.tapped = tapped
        if not summoning_sick:
            card.state.controlled_since = -1
        return card

    def hand_add(self, name: str, player: Player) -> Card:
        return self.create_object(name, player, Zone.HAND)

    def library_add(self, name: str, player: Player) -> Card:
        """Add a card at the BOTTOM of the library, so successive calls list the library from the top down."""
        card = self.create_object(name, player, Zone.LIBRARY)
        self.state.libraries[player.index].append(card.card_id)
        return card

    def graveyard_add(self, name: str, player: Player) -> Card:
        return self.create_object(name, player, Zone.GRAVEYARD)

    def exile_add(self, name: str, player: Player, *, face_down: bool = False) -> Card:
        card = self.create_object(name, player, Zone.EXILE)
        card.state.face_up = not face_down
        return card

    def add_mana(self, player: Player, symbols: str) -> None:
        """Put mana straight into a player's pool, e.g. game.add_mana(alice, '{U}{B}{C}')."""
        mana.add_mana(player, symbols)

    def attach(self, attachment: Card, host: Card) -> None:
        """Set-up: an Aura or Equipment already attached to `host` (no spell, no ability)."""
        attachment.state.attached_to = (host.card_id, host.object_id)

    def add_counters(self, permanent: Card, count: int, kind: str = "+1/+1") -> None:
        """Set-up: put counters on a permanent without any effect."""
        permanent.state.counters[kind] = permanent.state.counters.get(kind, 0) + count

    def tap(self, permanent: Card) -> None:
        """Set-up: tap a permanent without using any ability."""
        permanent.state.tapped = True

    # -- actions -----------------------------------------------------------------------------
    @contextmanager
    def casting(
        self,
        card: Card,
        by: Player | None = None,
        *,
        x: int | None = None,
        targets: Sequence[Card | Player] | None = None,
        alternative: Card | None = None,
        sacrifice: Sequence[Card] = (),
        discard: Sequence[Card] = (),
        delve: Sequence[Card] = (),
        hybrid: Sequence[str] | None = None,
        kicker: bool | Sequence[str] = False,
        modes: Sequence[int] | None = None,
    ) -> Iterator[Card]:
        """Cast `card` step by step: inside the block the spell is on the stack, its legality has been
        checked and its total cost determined; mana abilities may be activated (rule 601.2g). Leaving the
        block pays the costs (601.2h) and the spell becomes cast (601.2i). `hybrid`: how each hybrid or
        Phyrexian symbol of the cost will be paid, in order: a color ('G'), '2' or 'life' (rule 601.2b). `kicker`:
        True, or the kicker costs paid as printed ('{2}{B}'); `modes`: the modes chosen, 1 for the first printed."""
        player = by or card.owner
        proposal = casting_rules.Proposal(
            player,
            card,
            card.zone,
            casting_rules.find_permission(self, player, card),
            x=x,
            alternative=alternative,
            sacrifice=list(sacrifice),
            discard=list(discard),
            delve=list(delve),
            hybrid=None if hybrid is None else list(hybrid),
            kicker=kicker if isinstance(kicker, bool) else list(kicker),
            modes=None if modes is None else list(modes),
        )
        with self.transaction(), casting_rules.casting(self, proposal, targets) as spell:
            yield spell

    def cast(self, card: Card, by: Player | None = None, **choices: Any) -> Card:
        """Cast `card` (from the hand, or from exile if an effect allows it); choices as for `casting`."""
        with self.casting(card, by, **choices):
            pass
        return card

    def play_land(self, card: Card, by: Player | None = None) -> Card:
        with self.transaction():
            casting_rules.play_land(self, by or card.owner, card)
        return card

    def activate(
        self,
        card: Card,
        ability: str | None = None,
        by: Player | None = None,
        targets: Sequence[Any] = (),
        *,
        x: int | None = None,
        sacrifice: Sequence[Card] = (),
        discard: Sequence[Card] = (),
        exile: Sequence[Card] = (),
        tap: Sequence[Card] = (),
    ) -> None:
        """Activate a non-mana activated ability (by key, e.g. 'exile-top'; the first one by default), with the
        choices its cost asks for: X, and the cards to sacrifice, discard, exile from the graveyard or tap."""
        with self.transaction():
            player = by or (card.owner if card.zone is Zone.HAND else card.controller)
            payment = abilities.Payment(tuple(sacrifice), tuple(tap), tuple(discard), tuple(exile))
            abilities.activate(self, player, card, ability, list(targets), x=x, chosen=payment)

    def cycle(self, card: Card, by: Player | None = None) -> None:
        self.activate(card, "cycling", by)

    def activate_mana_ability(
        self,
        permanent: Card,
        *,
        color: str | None = None,
        sacrifice: Sequence[Card] = (),
        tap: Sequence[Card] = (),
        by: Player | None = None,
    ) -> None:
        """Activate a mana ability; it resolves at once, without the stack (rule 605.3b). `sacrifice` and `tap`:
        the permanents its cost asks for."""
        with self.transaction():
            player = by or permanent.controller
            mana.activate_mana_ability(self, player, permanent, color=color, sacrifice=sacrifice, tap=tap)

    def attack(self, *creatures: Card, at: Card | Player | None = None) -> None:
        """Go to the declare attackers step and attack with `creatures` (attack triggers go on the stack): the
        defending player, or `at`, a planeswalker they control (to be named when they control one, rule 508.1b)."""
        with self.transaction():
            turn.declare_attackers(self, list(creatures), at)

    def declare_blockers(self, blocks: Mapping[Card, Card | Sequence[Card]]) -> None:
        """The defending player blocks: each blocker and the attacker (or attackers) it blocks; {} blocks nothing."""
        with self.transaction():
            combat.declare_blockers(self, blocks)

    def combat_damage(self, assign: Mapping[Card, Mapping[Card | Player, int]] | None = None) -> None:
        """The next combat damage step (a first-strike step comes first when needed): `assign` divides the damage
        of each creature whose damage must be divided, e.g. {trampler: {blocker: 2, bob: 4}}."""
        with self.transaction():
            combat.combat_damage(self, assign or {})

    def pass_priority(self, by: Player | None = None) -> None:
        with self.transaction():
            holder = self.priority_player
            if holder is None:
                raise EngineError("nobody has priority")
            priority.pass_priority(self, by or holder)

    def resolve(self) -> None:
        """All players pass in succession, starting with the player holding priority: the top of the stack resolves."""
        with self.transaction():
            if not self.state.stack:
                raise EngineError("the stack is empty: there is nothing to resolve")
            resolving = self.state.stack[-1].item_id
            while any(item.item_id == resolving for item in self.state.stack):
                holder = self.priority_player
                if holder is None:
                    raise EngineError("nobody has priority, so nothing can resolve")
                priority.pass_priority(self, holder)

    def resolve_stack(self) -> None:
        """Resolve until the stack is empty."""
        while self.state.stack:
            self.resolve()

    def next_turn(self) -> None:
        turn.begin_turn(self)

    def go_to(self, step: str) -> None:
        """Move forward to 'draw', 'main1', 'combat', 'main2' or 'end' of the current turn, through the steps between."""
        turn.go_to(self, STEP_NAMES[step])

    # -- what a scenario can look at ---------------------------------------------------------
    @property
    def active_player(self) -> Player:
        return self.players[self.state.active]

    @property
    def priority_player(self) -> Player | None:
        return None if self.state.priority is None else self.players[self.state.priority]

    @property
    def step(self) -> str:
        return str(self.state.step)

    @property
    def stack(self) -> list[str]:
        """What is on the stack, top first: spells by name, abilities as 'ability of <source>'."""
        return [
            self.card(i.card_id).name if i.card_id else f"ability of {self.card(i.source_card or 0).name}"
            for i in reversed(self.state.stack)
        ]

    def is_historic(self, card: Card) -> bool:
        return is_historic(card.definition)

    def is_mana_ability(self, permanent: Card) -> bool:
        """Whether `permanent` has a mana ability (rules 605.1a, 605.2), whatever it could produce right now."""
        return bool(mana.mana_abilities(permanent))

    def could_produce(self, permanent: Card) -> str:
        """The types of mana `permanent` could produce (rule 106.7), e.g. '{G}', or 'nothing'."""
        return format_mana(mana.could_produce(self, permanent)) or "nothing"

    def exiled_with(self, source: Card) -> list[Card]:
        """Cards in exile that were exiled with the object `source` is NOW (rule 607.2a; 400.7)."""
        linked = self.state.links.get(source.object_id, [])
        found = [c for c in self.state.cards.values() if c.zone is Zone.EXILE and c.object_id in linked]
        return [self.card(c.card_id) for c in sorted(found, key=lambda c: c.entered_at)]

    def __repr__(self) -> str:
        return f"<Game turn {self.state.turn}, {self.active_player}'s {self.step}>"
