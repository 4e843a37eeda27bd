"""Finding card names in ruling texts."""

from __future__ import annotations

from kb.cardnames import CardNameMatcher, NameMatch, own_names
from kb.model import Card, Face, Origin

HERE = Origin("cards.json", 1)


def card(name: str, type_line: str = "Instant", **fields: object) -> Card:
    return Card(name=name, origin=HERE, type_line=type_line, **fields)  # type: ignore[arg-type]


CARDS = [
    card("Rona, Disciple of Gix", "Legendary Creature — Human Artificer", short_name="Rona"),
    card("Jodah, Archmage Eternal", "Legendary Creature — Human Wizard"),
    card("Jodah's Avenger", "Creature — Human Knight"),
    card("Laelia, the Blade Reforged", "Legendary Creature — Spirit Warrior"),
    card("Opt"),
    card("Fog"),
    card("Island", "Basic Land — Island"),
    card("Exile"),
    card("Fire // Ice", "Instant // Instant", faces=(Face("Fire"), Face("Ice"))),
    card("Lim-Dûl's Vault"),
    card("Ach! Hans, Run!", "Enchantment"),
]
MATCHER = CardNameMatcher(CARDS)


def found(text: str, card_id: str | None = None) -> list[tuple[str, str]]:
    return [(text[start:end], cid) for start, end, cid in MATCHER.find(text, card_id)]


def test_a_full_name_is_found_with_its_span() -> None:
    text = "You may also pay alternative costs such as that granted by Jodah, Archmage Eternal."
    assert MATCHER.find(text) == [NameMatch(59, 82, "jodah-archmage-eternal")]


def test_the_longest_name_wins() -> None:
    assert found("Jodah's Avenger is not Jodah, Archmage Eternal.") == [
        ("Jodah's Avenger", "jodah-s-avenger"),
        ("Jodah, Archmage Eternal", "jodah-archmage-eternal"),
    ]
    assert found("Casting Fire // Ice this way.") == [("Fire // Ice", "fire-ice")]


def test_a_short_name_means_the_rulings_own_card() -> None:
    text = "If Rona leaves the battlefield, Rona's exiled cards stay exiled."
    assert found(text, "rona-disciple-of-gix") == [("Rona", "rona-disciple-of-gix"), ("Rona", "rona-disciple-of-gix")]
    # In another card's ruling, a short name that one card alone goes by names that card.
    assert found(text, "opt") == [("Rona", "rona-disciple-of-gix"), ("Rona", "rona-disciple-of-gix")]
    # The part before a legendary name's comma is a short name too.
    assert found("Laelia's last ability triggers.", "laelia-the-blade-reforged") == [("Laelia", "laelia-the-blade-reforged")]


def test_common_words_are_not_card_names() -> None:
    assert found("You may opt to scry; the fog lifts; exile it.") == []  # case matters
    assert found("Fogwalker and Optimism are other cards.") == []  # whole words only
    assert found("Sacrifice an Island, then Exile it.") == []  # a type and a keyword action


def test_a_single_word_name_counts_mid_sentence_but_not_at_a_sentence_start() -> None:
    assert found("You can respond with Opt. Opt is an instant.") == [("Opt", "opt")]
    assert found("If you cast Fog’s copy. (Fog prevents damage.)") == [("Fog", "fog")]


def test_the_rulings_own_card_is_found_whatever_its_name() -> None:
    assert found("Opt is an instant.", "opt") == [("Opt", "opt")]
    assert found("Exile exiles a creature.", "exile") == [("Exile", "exile")]


def test_face_names_lead_to_the_card() -> None:
    assert found("You can cast Fire and then Ice.") == [("Fire", "fire-ice"), ("Ice", "fire-ice")]


def test_curly_apostrophes_and_punctuated_names_match() -> None:
    assert found("Unlike Lim-Dûl’s Vault, Ach! Hans, Run! asks for a name.") == [
        ("Lim-Dûl’s Vault", "lim-dul-s-vault"),
        ("Ach! Hans, Run!", "ach-hans-run"),
    ]


def test_own_names() -> None:
    assert own_names(CARDS[0]) == ["Rona, Disciple of Gix", "Rona"]
    assert own_names(CARDS[8]) == ["Fire // Ice", "Fire", "Ice"]
    assert own_names(CARDS[10]) == ["Ach! Hans, Run!"]  # not legendary: no short name


MORE = [
    *CARDS,
    card("X", "Instant"),
    card("Two-Headed Giant", "Creature — Giant Warrior"),
    card("Flesh // Blood", "Sorcery // Instant", faces=(Face("Flesh"), Face("Blood"))),
    card("Conspiracy", "Enchantment"),
    card("Glorious Anthem", "Enchantment"),
    card("Who // What // When // Where // Why", "Instant", faces=tuple(Face(n) for n in ("Who", "What", "When", "Where", "Why"))),
    card("Return", "Sorcery"),
    card("Everything", "Artifact", oracle_id="a"),
    card("Everything", "Artifact", oracle_id="b", id="everything-b"),
    card("Nicol Bolas", "Legendary Creature — Elder Dragon"),
    card("Nicol Bolas, the Ravager", "Legendary Creature — Elder Dragon"),
    card("Karn", "Legendary Creature — Construct"),
    card("Mimic", "Creature — Shapeshifter"),
    card("Woodlurker Mimic", "Creature — Shapeshifter"),
    card("Karn Liberated", "Legendary Planeswalker — Karn"),
    card("Haldan, Avid Arcanist", "Legendary Creature — Human Wizard"),
    card("Will Kenrith", "Legendary Planeswalker — Will"),
    card("Kenrith, the Returned King", "Legendary Creature — Human Noble"),
]
MORE_MATCHER = CardNameMatcher(MORE)


def more(text: str, card_id: str | None = None) -> list[tuple[str, str]]:
    return [(text[start:end], cid) for start, end, cid in MORE_MATCHER.find(text, card_id)]


def test_never_inside_mana_symbols_rule_numbers_or_urls() -> None:
    assert more("Pay {X}{Opt} as you cast Opt.") == [("Opt", "opt")]
    assert more("See rule 601.2, and https://example.com/Opt for Opt.") == [("Opt", "opt")]


def test_one_character_and_shared_names_are_never_links() -> None:
    assert more("Choose a value for X. Then Everything is copied.") == []


def test_game_variants_set_names_and_tokens_are_not_cards() -> None:
    assert more("In a Two-Headed Giant game, the Return to Ravnica block.") == []
    assert more("the original Conspiracy set, five Blood tokens, and Conspiracy.") == [("Conspiracy", "conspiracy")]


def test_quoted_ability_text_starts_a_sentence() -> None:
    text = 'It gains “When this dies, draw a card” and "Where it goes, Fire follows." You may cast When.'
    assert more(text) == [("Fire", "fire-ice"), ("When", "who-what-when-where-why")]


def test_plurals_and_possessives_name_the_card() -> None:
    assert more("If you control two Glorious Anthems, Glorious Anthem’s effect applies twice.") == [
        ("Glorious Anthems", "glorious-anthem"),
        ("Glorious Anthem", "glorious-anthem"),
    ]


def test_a_legendary_card_calls_itself_by_another_cards_name() -> None:
    assert more("When Nicol Bolas transforms, Karn stays.", "nicol-bolas-the-ravager") == [
        ("Nicol Bolas", "nicol-bolas-the-ravager")
    ]
    assert more("Karn's ability exiles Karn.", "karn-liberated") == [("Karn", "karn-liberated"), ("Karn", "karn-liberated")]
    assert more("If Haldan leaves, check Nicol Bolas.") == [("Haldan", "haldan-avid-arcanist"), ("Nicol Bolas", "nicol-bolas")]
    assert more("Either Kenrith's emblem.") == []  # a word of several cards' names: no one card


def test_a_name_after_named_is_a_card_even_when_it_is_a_type() -> None:
    assert more("Lands with the type Island, not lands named Island or Opt.") == [("Island", "island"), ("Opt", "opt")]


def test_a_card_calls_itself_by_the_last_word_of_its_name() -> None:
    assert more("The Mimic keeps its power.", "woodlurker-mimic") == [("Mimic", "woodlurker-mimic")]
