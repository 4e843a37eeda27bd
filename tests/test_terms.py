from kb.model import GlossaryTerm, Origin, Rule
from kb.terms import TermIndex, keyword_rules

HERE = Origin("cr.txt", 1)
RULES = [
    Rule("702", "Keyword Abilities", HERE),
    Rule("702.2", "Deathtouch", HERE),
    Rule("702.4", "Double Strike", HERE),
    Rule("702.7", "First Strike", HERE),
    Rule("702.109", "Dash", HERE),
    Rule("702.163", "For Mirrodin!", HERE),
    Rule("702.1", "Most abilities describe exactly what they do in the card's rules text.", HERE),
    Rule("701.57", "Discover", HERE),
    Rule("701.13", "Exile", HERE),
    *[Rule(f"40{i}.1", "Exile that card.", HERE) for i in range(7)],
]
GLOSSARY = [GlossaryTerm("Mana Ability", "An ability that adds mana.", HERE), GlossaryTerm("Card", "A card.", HERE)]


def found(text: str, **options) -> list[tuple[str, str]]:
    index = TermIndex.from_release(RULES, GLOSSARY)
    return [(text[m.start : m.end], m.id) for m in index.find(text, **options)]


def test_longest_term_wins_and_each_is_linked_once():
    assert found("Double strike and first strike; double strike again.") == [
        ("Double strike", "702.4"),
        ("first strike", "702.7"),
    ]


def test_distinctive_keyword_actions_link_but_everyday_verbs_do_not():
    assert found("Discover 4, then exile the rest.") == [("Discover", "701.57")]


def test_single_word_glossary_terms_are_left_alone_and_multi_word_ones_link():
    assert found("This card has a mana ability.") == [("mana ability", "mana-ability")]


def test_rule_text_links_no_single_words_and_no_own_keyword():
    assert found("a long dash and deathtouch", single_words=False) == []
    assert found("Deathtouch is a static ability.", exclude="702.2a") == []
    assert found("words-dash-words and dashing") == []


def test_a_term_too_long_to_be_real_is_not_looked_for():
    from kb.model import GlossaryTerm, Origin
    from kb.terms import MAX_TERM_LENGTH, TermIndex

    here = Origin("hostile.txt", 1)
    long_term = "a " + "<" * 5000
    index = TermIndex.from_release([], [GlossaryTerm(long_term, "x", here), GlossaryTerm("Double Strike", "y", here)])
    assert long_term.lower() not in index.targets and len(long_term) > MAX_TERM_LENGTH
    assert [m.id for m in index.find("it has double strike " + long_term)] == ["double-strike"]


def test_a_keyword_is_a_rule_of_701_or_702_that_is_a_name_punctuation_and_all():
    assert [rule.number for rule in keyword_rules(RULES)] == ["702.2", "702.4", "702.7", "702.109", "702.163", "701.57", "701.13"]
    assert found("For Mirrodin! (When this Equipment enters …)") == [("For Mirrodin!", "702.163")]
