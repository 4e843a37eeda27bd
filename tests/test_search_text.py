"""How both searches cut text into terms (kb/search_text.py); tests/test_search_parity.py runs the browser's copy."""

from __future__ import annotations

import pytest

from kb.search_text import stem, tokens


def test_rule_numbers_and_symbols_are_whole_tokens():
    assert tokens("See rule 302.6. Also rules 601.2a–h and 107.3i, section 605; {T}, {W/U} and {2/B}.") == [
        "see", "rule", "302.6", "also", "rule", "601.2a", "h", "107.3i", "section", "605", "{t}", "{w/u}", "{2/b}",
    ]  # fmt: skip


def test_tokens_fold_case_accents_ligatures_and_apostrophes():
    assert tokens("The Creature’s ABILITIES in Lim-Dûl's Vault") == ["creatur", "ability", "lim", "dul", "vault"]
    assert tokens("Æther Vial, Œuvre") == tokens("aether vial, oeuvre")


def test_question_words_are_stop_words():
    assert tokens("How does a token go to the graveyard when it dies?") == ["token", "go", "graveyard", "dy"]


@pytest.mark.parametrize(
    ("words", "term"),
    [
        (["creature", "creatures"], "creatur"),
        (["attack", "attacks", "attacked", "attacking"], "attack"),
        (["tap", "tapped", "taps"], "tap"),
        (["exile", "exiles", "exiled"], "exil"),
        (["respond", "responded", "responds"], "respond"),
        (["ability", "abilities"], "ability"),
    ],
)
def test_inflections_meet_at_one_term(words: list[str], term: str):
    assert {stem(w) for w in words} == {term}


@pytest.mark.parametrize("word", ["sickness", "status", "bring", "during", "this", "basis", "302.6", "{t}"])
def test_words_that_only_look_inflected_are_left_alone(word: str):
    assert stem(word) == word
