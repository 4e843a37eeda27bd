"""Cards as the Comprehensive Rules' examples describe them: "a 2/2 creature with protection from green".

Only what the example states (power, toughness, abilities), for an example's `Game(cards=[...])`.
"""

from __future__ import annotations

from collections.abc import Callable

from kb.engine.cards.definitions import CardDef, Target
from kb.engine.effects import EffectContext


def creature(
    name: str, power: int, toughness: int, *abilities: str, mana_cost: str = "", subtypes: tuple[str, ...] = ()
) -> CardDef:
    """A creature as a rules example describes it: `abilities` are keywords or ability words the engine knows
    ('flying', 'protection from green', 'snow forestwalk', 'toxic 2', 'blocks each combat if able' …)."""
    return CardDef(
        name=name,
        mana_cost=mana_cost,
        types=frozenset({"creature"}),
        subtypes=frozenset(subtypes),
        power=power,
        toughness=toughness,
        keywords=frozenset(abilities),
        oracle_text="\n".join(abilities),
    )


def instant(
    name: str, mana_cost: str, text: str, effect: Callable[[EffectContext], None], target: Target | None = None
) -> CardDef:
    """An instant as a rules example describes it ("a spell that prevents the next 2 damage …")."""
    return CardDef(
        name=name, mana_cost=mana_cost, types=frozenset({"instant"}), oracle_text=text, spell_effect=effect, spell_target=target
    )
