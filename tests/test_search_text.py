"""How both searches cut text into terms (kb/search_text.py); tests/test_search_parity.py runs the browser's copy."""

from __future__ import annotations

import pytest

from kb.search_text import stem, tokens, written_words


def test_rule_numbers_and_symbols_are_whole_tokens():
    assert written_words("See rule 302.6. Also rules 601.2a–h and 107.3i, section 605; {T}, {W/U} and {2/B}.") == [
        "see", "rule", "302.6", "also", "rules", "601.2a", "h", "and", "107.3i", "section", "605", "{t}", "{w/u}", "and",
        "{2/b}",
    ]  # fmt: skip
    # The Infinity keyword is a symbol with no letter: it is a term of its own, and the term of "{∞}" too.
    assert tokens("702.186. ∞ (Infinity)") == ["702.186", "∞", "infinity"]
    assert tokens("{∞}") == ["∞"]
    # A loyalty cost is a symbol too, whichever minus sign it is written with.
    assert tokens("costs [+1], [−X] or [0]") == ["cost", "[+1]", "[-x]", "[0]"]
    # A sign and a number standing alone are a loyalty cost as players type it and cards print it ("+1: Draw a card");
    # not within a word or a range ("LEVEL 1-3"), nor a power/toughness change.
    assert tokens("+1: Draw a card. −X, -2") == ["[+1]", "draw", "card", "[-x]", "[-2]"]
    assert tokens("LEVEL 1-3 gets +1/+0") == ["level", "1", "3", "+1/+0"]
    # The star of a power or toughness that a rule sets (208.2) is a term: "*/*" finds that rule.
    assert tokens("a star (*); */* and 1+*/1+*") == ["star", "*", "*", "*", "1", "*", "1", "*"]


def test_split_symbols_are_found_however_players_write_them():
    # Without braces, and with the halves in either order: the rules write {W/U}, {2/B}, {R/P} and {G/U/P}.
    typed = "{U/W}, u/w, {B/2}, r/p, {P/R}, p/r, u/g/p"
    assert written_words(typed) == ["{w/u}", "{w/u}", "{2/b}", "{r/p}", "{r/p}", "{r/p}", "{g/u/p}"]
    # Neither a power/toughness, nor a creature's size, nor "and/or" is a symbol.
    assert tokens("P/T of a 2/2, and/or w/x") == ["p", "t", "2", "2", "w", "x"]
    # A symbol named by its letters is the symbol.
    assert tokens("the Q symbol, the pw symbol") == ["{q}", "untap", "{pw}"]


def test_a_symbol_is_also_read_as_what_the_rules_call_it():
    # "Mana value of {2/W}" meets 202.3f, which speaks of "each hybrid symbol" and shows none.
    assert tokens("{2/W}, w/u, {B/P}, {G/U/P}, {C/R}") == [
        "{2/w}", "monocolor", "hybrid", "{w/u}", "hybrid", "{b/p}", "phyrexian", "{g/u/p}", "hybrid", "phyrexian",
        "{c/r}", "hybrid",
    ]  # fmt: skip
    assert tokens("{T}: Add {C}. Pay {E}{E}. {S}, {Q}") == [
        "{t}", "tap", "add", "{c}", "colorless", "pay", "{e}", "energy", "{e}", "energy", "{s}", "snow", "{q}", "untap",
    ]  # fmt: skip
    # Mana symbols of one colour, numbers and X are what they say.
    assert tokens("{W}{2}{X}") == ["{w}", "{2}", "{x}"]


def test_tokens_fold_case_accents_ligatures_and_apostrophes():
    assert tokens("The Creature’s ABILITIES in Lim-Dûl's Vault") == ["creatur", "ability", "lim", "dul", "vault"]
    assert tokens("Æther Vial, Œuvre") == tokens("aether vial, oeuvre")


def test_question_words_are_stop_words():
    assert tokens("How does a token go to the graveyard when it dies?") == ["token", "put", "graveyard", "dy"]
    assert tokens("am I still allowed to block?") == ["block"]


@pytest.mark.parametrize(
    ("players", "rules"),
    [
        ("the creature died", "the creature dies"),
        ("when it is dying", "when it dies"),
        ("the damage it dealt", "the damage it deals"),
        ("who decides the order", "who chooses the order"),
        ("the chosen mode", "choose a mode"),
        ("it left the battlefield", "it leaves the battlefield"),
        ("it left play", "it left the battlefield"),
        ("can flyers block", "can flying block"),
        ("how does regeneration work", "regenerate"),
        ("a player with no life", "a player with 0 life"),
        ("goes to the graveyard", "is put into a graveyard"),
        ("a mana ability doesn't use the stack", "a mana ability doesn't go on the stack"),
        ("put it on top of your deck", "put it on top of your library"),
        ("swing with a creature", "attack with a creature"),
        ("the owner of the card", "who owns the card"),
    ],
)
def test_players_words_meet_the_rules_words(players: str, rules: str):
    assert tokens(players) == tokens(rules)


def test_players_phrases_read_as_the_rules_words():
    assert tokens("Do both players lose at the same time?") == tokens("both players lose simultaneously")
    assert tokens("the turn it comes into play") == tokens("the turn it enters the battlefield")
    assert tokens("who gets priority") == ["receiv", "priority"]
    # Only whole phrases: "same" alone, or a phrase cut short, is left as written.
    assert tokens("the same name, at the same") == ["same", "name", "same"]


def test_power_toughness_changes_are_whole_tokens():
    assert tokens("a +1/+1 counter and a −1/−1 counter; +X/+0") == ["+1/+1", "counter", "-1/-1", "counter", "+x/+0"]
    assert tokens("a 1/1 token") == ["1", "1", "token"]


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


def test_letters_with_full_stops_are_one_word():
    assert written_words("E.T.B. and s.b.a, e.g. 302.6. a.") == ["etb", "and", "sba", "eg", "302.6", "a"]


def test_a_rule_number_written_against_its_word_is_a_number():
    assert written_words("CR702.9 rule302.6a section605. crab702") == [
        "cr",
        "702.9",
        "rule",
        "302.6a",
        "section",
        "605",
        "crab702",
    ]
