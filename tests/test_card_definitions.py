"""Cards declared in content/ become engine definitions; a mistake is one `file:line` error."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.card_definitions import engine_definitions
from kb.errors import KbError, KbErrors
from kb.examples import run_example
from kb.sources.content import load_content


def write(root: Path, name: str, text: str) -> None:
    (root / "cards").mkdir(parents=True, exist_ok=True)
    (root / "cards" / name).write_text(text, encoding="utf-8")


PYROMANCER = """\
name: Prodigal Pyromancer
mana_cost: "{2}{R}"
type_line: Creature — Human Wizard
power: "1"
toughness: "1"
engine:
  - activated:
      cost: "{T}"
      target: any target
      effect: {damage: 1}
rulings:
  - date: 2020-01-01
    text: It pings.
    example:
      rules: ["302.6"]
      code: |
        from kb.engine import Game, expect_illegal
        game = Game()
        alice, bob = game.players
        pyromancer = game.battlefield_add("Prodigal Pyromancer", alice)
        with expect_illegal(code="summoning-sick"):
            game.activate(pyromancer, targets=[bob])
"""


def test_a_declared_card_is_known_to_its_examples(tmp_path: Path) -> None:
    write(tmp_path, "pyromancer.yaml", PYROMANCER)
    content = load_content(tmp_path)
    definitions = engine_definitions(content.cards)
    assert [d.name for d in definitions] == ["Prodigal Pyromancer"]
    example = content.rulings[0].example
    assert example is not None
    assert run_example(example, cards=definitions).passed
    unknown = run_example(example)  # without the declaration the card is unknown
    assert not unknown.passed and "unknown card" in unknown.message


@pytest.mark.parametrize(
    ("broken", "line", "message"),
    [
        ('      cost: "{T}"', '      cost: "{T}, Pay 2 life"', (8, "unknown cost 'Pay 2 life'")),
        ("      effect: {damage: 1}", "      effect: {damge: 1}", (10, "unknown effect 'damge'")),
        ("  - activated:", "  - activatd:", (7, "unknown part 'activatd'")),
        ("type_line: Creature — Human Wizard", "type_line: Creatur — Human Wizard", (1, "not a type line")),
    ],
)
def test_a_mistake_is_one_error_at_its_line(tmp_path: Path, broken: str, line: str, message: tuple[int, str]) -> None:
    write(tmp_path, "pyromancer.yaml", PYROMANCER.replace(broken, line, 1))
    with pytest.raises(KbError) as raised:
        engine_definitions(load_content(tmp_path).cards)
    error = raised.value
    assert not isinstance(error, KbErrors)
    assert error.origin is not None and error.origin.line == message[0]
    assert error.origin.path.endswith("pyromancer.yaml") and message[1] in error.message
    assert "\n" not in str(error)


def test_an_example_can_declare_a_card_for_its_own_games(tmp_path: Path) -> None:
    write(
        tmp_path,
        "bears.yaml",
        """\
name: Grizzly Bears
rulings:
  - date: 2020-01-01
    text: A scoped card.
    example:
      rules: ["702.10c"]
      cards:
        - name: Raging Goblin
          mana_cost: "{R}"
          type_line: Creature — Goblin Berserker
          power: "1"
          toughness: "1"
          engine:
            - keywords: [haste]
      code: |
        from kb.engine import Game, expect_legal
        game = Game()
        goblin = game.battlefield_add("Raging Goblin", game.players[0])
        with expect_legal():
            game.attack(goblin)
""",
    )
    example = load_content(tmp_path).rulings[0].example
    assert example is not None and [c.name for c in example.cards] == ["Raging Goblin"]
    assert run_example(example).passed
