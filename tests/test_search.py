"""The offline search index: ranking on a small knowledge base and on the real Comprehensive Rules."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from pathlib import Path

import pytest

from kb.api import ApiDocuments
from kb.cli import main
from kb.model import Card, Face, GlossaryTerm, Origin, Rule, RulesDocument, Ruling
from kb.search import INDEX_NAME, NoIndexError, SearchIndex, default_index
from kb.search_index import write_search_index
from kb.search_rank import Ranker
from kb.store import KnowledgeBase, assemble

HERE = Origin("test", 1)


def small_knowledge_base() -> KnowledgeBase:
    """A few rules, glossary terms, two cards and their rulings: enough to rank."""

    def rule(number: str, text: str, *examples: str) -> Rule:
        return Rule(number, text, HERE, tuple(examples))

    rules = (
        rule("1", "Game Concepts"),
        rule("107", "Numbers and Symbols"),
        rule("107.3", "Many objects use the letter X as a placeholder for a number that needs to be determined."),
        rule("107.3i", "Normally, all instances of X on an object have the same value at any given time."),
        rule("302", "Creatures"),
        rule("302.1", "A player who has priority may cast a creature card from their hand during a main phase."),
        # Deliberately without the words "summoning sickness": only the glossary links them.
        rule("302.6", "A creature can't attack unless its controller has controlled it continuously since their turn began."),
        rule("605", "Mana Abilities"),
        rule("605.1", "Some activated abilities and some triggered abilities are mana abilities."),
        rule("605.1a", "An activated ability that could add mana is a mana ability. See rule 302.6.", "Example: a land's {T}."),
        rule("605.2", "A mana ability remains a mana ability even if the game state doesn't allow it to produce mana."),
        rule("700", "General"),
        rule("700.6", "The term historic refers to an object that has the legendary supertype or the artifact card type."),
    )
    glossary = (
        GlossaryTerm("Historic", "An object is historic if it has the legendary supertype. See rule 700.6.", HERE),
        GlossaryTerm("Summoning Sickness Rule", "Informal term for a creature's inability to attack. See rule 302.6.", HERE),
        GlossaryTerm("Mana Ability", "An ability that could add mana. See rule 605.", HERE),
    )
    document = RulesDocument("test.txt", date(2025, 9, 19), rules, glossary)
    cards = [
        Card("Laelia, the Blade Reforged", HERE, "{2}{R}", "Legendary Creature — Spirit Warrior", "Haste", short_name="Laelia"),
        Card("Blade of the Sixth Pride", HERE, "{1}{W}", "Creature — Cat Rebel", "", "3", "1"),
    ]
    rulings = [
        Ruling(
            "laelia-the-blade-reforged-2021-02-05-1",
            "Cards exiled by Laelia are exiled face up.",
            HERE,
            card="laelia-the-blade-reforged",
            date=date(2021, 2, 5),
            rules=("302.6",),
        ),
        Ruling("tap-symbol", "A creature's {T} ability can't be activated right away. See rule 302.6.", HERE, rules=("605.1",)),
    ]
    return assemble(cards, rulings, document)


@pytest.fixture
def small_index(tmp_path: Path) -> Path:
    write_search_index(small_knowledge_base(), tmp_path)
    return tmp_path / INDEX_NAME


def first(index_path: Path, query: str, n: int = 10) -> list[tuple[str, str]]:
    with SearchIndex(index_path) as index:
        return [(hit.kind, hit.id) for hit in index.search(query, limit=n)]


# --- ranking on a small knowledge base ---------------------------------------------


@pytest.mark.parametrize("query", ["302.6", "107.3i", "605", "605.", "107.3I", "rule 302.6"])
def test_a_rule_number_finds_that_rule_first(small_index: Path, query: str):
    expected = query.removeprefix("rule ").rstrip(".").lower()
    assert first(small_index, query)[0] == ("rule", expected)


def test_a_section_number_lists_its_rules_next(small_index: Path):
    assert first(small_index, "605", 3) == [("rule", "605"), ("rule", "605.1"), ("rule", "605.2")]


def test_an_unknown_number_falls_back_to_the_nearest_rule_that_exists(small_index: Path):
    assert first(small_index, "302.99")[0] == ("rule", "302")


def test_a_number_also_finds_what_cites_it(small_index: Path):
    hits = first(small_index, "302.6")
    assert ("glossary", "summoning-sickness-rule") in hits
    assert ("ruling", "tap-symbol") in hits


def test_words_find_a_rule_through_the_glossary_term_that_points_to_it(small_index: Path):
    hits = first(small_index, "summoning sickness", 3)
    assert ("rule", "302.6") in hits
    assert hits[0] == ("glossary", "summoning-sickness-rule")


def test_part_of_a_card_name_finds_the_card_first(small_index: Path):
    assert first(small_index, "laelia")[0] == ("card", "laelia-the-blade-reforged")
    assert first(small_index, "lae")[0] == ("card", "laelia-the-blade-reforged")
    assert first(small_index, "sixth pri")[0] == ("card", "blade-of-the-sixth-pride")
    # A word a stop word follows is whole: "lae it" is not "laelia" being typed.
    assert ("card", "laelia-the-blade-reforged") not in first(small_index, "lae it")
    # A ruling that names the card comes after the card itself.
    assert ("ruling", "laelia-the-blade-reforged-2021-02-05-1") in first(small_index, "laelia")[1:]


def test_the_name_of_a_face_typed_alone_finds_its_card_first(tmp_path: Path):
    # "Ice" is a whole name, of Fire // Ice's second face: it outranks cards whose names only start with it.
    small = small_knowledge_base()
    faces = (Face("Fire", "{1}{R}", "Instant", "Fire deals 2 damage."), Face("Ice", "{1}{U}", "Instant", "Tap target permanent."))
    cards = [*small.cards.values(), Card("Fire // Ice", HERE, "", "Instant // Instant", "", faces=faces)]
    cards += [Card(name, HERE, "{2}{U}", "Creature — Elemental", "") for name in ("Iceberg", "Icefall", "Firefly")]
    # Other cards say "ice" and "fire" in passing: a common word weighs less than a rare one ("iceberg").
    cards += [Card(f"Sculptor {n}", HERE, "{U}", "Creature", "Carves ice and fire.") for n in range(6)]
    write_search_index(assemble(cards, list(small.rulings.values()), small.rules_document), tmp_path)
    assert first(tmp_path / INDEX_NAME, "Ice")[0] == ("card", "fire-ice")
    assert first(tmp_path / INDEX_NAME, "fire")[0] == ("card", "fire-ice")


def test_a_glossary_term_finds_its_entry_first_then_its_rule(small_index: Path):
    assert first(small_index, "historic", 2) == [("glossary", "historic"), ("rule", "700.6")]
    assert first(small_index, "Historic")[0] == ("glossary", "historic")


def test_words_in_rule_examples_are_searched(small_index: Path):
    assert ("rule", "605.1a") in first(small_index, "land's")


def test_a_rule_is_found_by_the_questions_players_ask_about_it_below_rules_that_say_the_words(tmp_path: Path):
    kb = small_knowledge_base()
    kb.questions = {"302.6": ("can my new guy swing right away",), "302.1": ("is X a placeholder for a number",)}
    write_search_index(kb, tmp_path)
    assert first(tmp_path / INDEX_NAME, "new guy swing", 1) == [("rule", "302.6")]
    # 107.3 says "placeholder"; 302.1 is only asked about with it.
    assert first(tmp_path / INDEX_NAME, "placeholder", 2) == [("rule", "107.3"), ("rule", "302.1")]


@pytest.mark.parametrize(
    "query",
    ['"', '""', "-", "*", "AND", "OR", "NOT", "NEAR(a b)", 'mana "abil', "-mana", "mana*", "name:laelia", "{name}: x",
     "(", ")", "^", "a AND", "302.6*", "   ", "", "é", "\x00", "'", "’", "{T}", "1" * 200],
)  # fmt: skip
def test_odd_queries_never_fail(small_index: Path, query: str):
    with SearchIndex(small_index) as index:
        hits = index.search(query)
    assert isinstance(hits, list)


def test_fts_operators_in_a_query_are_plain_words(small_index: Path):
    # "mana AND" is the word "mana" and the word "and", not a broken expression.
    assert first(small_index, 'mana "abil')[0] in {("rule", "605"), ("glossary", "mana-ability")}
    assert first(small_index, "-laelia")[0] == ("card", "laelia-the-blade-reforged")


def test_no_index_is_one_clear_error(tmp_path: Path):
    with pytest.raises(NoIndexError, match=r"no search index at .*kb.sqlite: run kb build first"):
        SearchIndex(tmp_path / INDEX_NAME)


def test_a_file_that_is_not_an_index_is_refused(tmp_path: Path):
    (tmp_path / INDEX_NAME).write_text("not sqlite", encoding="utf-8")
    with pytest.raises(NoIndexError, match="not a kb search index"):
        SearchIndex(tmp_path / INDEX_NAME)


def test_default_index_follows_site_dir_in_mkdocs_yml(tmp_path: Path):
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\nsite_dir: public\nextra:\n  key: !ENV [HOME, x]\n", encoding="utf-8")
    assert default_index(config) == tmp_path / "public" / INDEX_NAME
    # Without a mkdocs.yml: mkdocs' default site_dir, beside where the file would be.
    assert default_index(tmp_path / "missing.yml") == tmp_path / "site" / INDEX_NAME


def test_every_stored_document_is_the_api_document(small_index: Path):
    # The index stores documents without what its columns and other rows hold; show must not see the difference.
    kb = small_knowledge_base()
    api = ApiDocuments(kb)
    expected = [
        *(("rule", n, d) for n, d in api.rules()),
        *(("glossary", i, d) for i, d in api.glossary()),
        *(("card", i, d) for i, d in api.cards()),
        *(("ruling", i, d) for i, d in api.rulings()),
    ]
    assert {kind for kind, _, _ in expected} == {"rule", "glossary", "card", "ruling"}
    with SearchIndex(small_index) as index:
        for kind, record_id, document in expected:
            assert index.document(kind, record_id) == document, (kind, record_id)
        assert index.document("card", "no-such-card") is None


def test_rewriting_the_index_replaces_it(small_index: Path):
    write_search_index(small_knowledge_base(), small_index.parent)
    assert first(small_index, "302.6")[0] == ("rule", "302.6")
    assert [p.name for p in small_index.parent.iterdir()] == [INDEX_NAME], "no temporary file left behind"


# --- the command -------------------------------------------------------------------


def test_search_json_output_shape(small_index: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["search", "--index", str(small_index), "--json", "--limit", "3", "summoning", "sickness"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["query"] == "summoning sickness"
    assert 1 <= len(out["results"]) <= 3
    for result in out["results"]:
        assert set(result) == {"kind", "id", "title", "url", "snippet", "match"}
        assert "\x02" not in result["snippet"] and "\x03" not in result["snippet"]
    assert out["results"][0]["url"] == "glossary/index.html#summoning-sickness-rule"


def test_search_without_an_index_says_so_and_exits_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["search", "302.6"]) == 1
    assert capsys.readouterr().err == "error: no search index at site/kb.sqlite: run kb build first\n"


def test_search_with_no_result_exits_1(small_index: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["search", "--index", str(small_index), "xyzzy"]) == 1
    assert "no results for 'xyzzy'" in capsys.readouterr().err
    # A pasted page is echoed as its first words, on one line.
    assert main(["search", "--index", str(small_index), "xyzzy " * 5000]) == 1
    err = capsys.readouterr().err
    assert err.startswith("no results for 'xyzzy xyzzy") and err.endswith("xyzzy…'\n") and len(err) < 120, err


# --- the real Comprehensive Rules ------------------------------------------------------


@pytest.fixture(scope="module")
def full_index(full_site: Path) -> Path:
    return full_site / INDEX_NAME


@pytest.mark.parametrize("query", ["302.6", "107.3i", "605", "702.19b"])
def test_real_cr_number_first(full_index: Path, query: str):
    assert first(full_index, query)[0] == ("rule", query)


def test_real_cr_summoning_sickness_finds_302_6_in_the_first_three(full_index: Path):
    assert ("rule", "302.6") in first(full_index, "summoning sickness", 3)


def test_real_cr_card_by_part_of_its_name(full_index: Path):
    assert first(full_index, "laelia")[0] == ("card", "laelia-the-blade-reforged")
    assert first(full_index, "rona")[0] == ("card", "rona-disciple-of-gix")


def test_real_cr_infinity_keyword_by_its_symbol(full_index: Path):
    assert first(full_index, "∞", 2) == [("rule", "702.186"), ("rule", "702.186a")]
    assert first(full_index, "{∞}")[0] == ("rule", "702.186")


def test_real_cr_a_symbol_in_a_question_finds_the_rule_about_its_kind(full_index: Path):
    # 202.3f speaks of "each hybrid symbol" and shows none: {2/W} is read as a monocolored hybrid symbol too.
    assert first(full_index, "mana value of {2/W}", 1) == [("rule", "202.3f")]


def test_real_cr_glossary_term(full_index: Path):
    assert first(full_index, "historic")[0] in {("glossary", "historic"), ("rule", "700.6")}


def test_real_cr_words(full_index: Path):
    assert ("rule", "605") in first(full_index, "mana abilities", 3)
    assert first(full_index, "tap symbol", 5)[:1] == [("glossary", "tap-symbol")]
    assert ("rule", "107.5") in first(full_index, "tap symbol", 5)
    # Misspelt nouns the search reads as the rules' verbs ("prevention" -> "prevent").
    assert first(full_index, "prevension effects", 1) == [("rule", "615")]
    assert ("rule", "701.19") in first(full_index, "regeneraton", 3)


def test_real_cr_words_run_together_abbreviations_with_stops_and_plurals(full_index: Path):
    with SearchIndex(full_index) as index:
        # Two words run together are split, and said so; a word a correction reaches is not split ("plainswalker").
        results = index.query("firststrike")
        assert results.corrections == [("firststrike", "first strike")]
        assert ("rule", "702.7") in [(h.kind, h.id) for h in results.hits[:3]]
        assert index.query("doublestrike damage").showing_results_for("doublestrike damage") == "double strike damage"
        assert index.query("plainswalker").corrections == [("plainswalker", "planeswalker")]
        assert index.query("thestack").hits == []  # "the" is no word of the index: nothing to split into
        # Two words typed apart that the rules write as one are read as that word, and said so; not when the word is
        # much rarer than the two apart (the card Counterspell), nor across a hyphen ("face-down").
        results = index.query("hex proof")
        assert results.corrections == [("hex proof", "hexproof")]
        assert results.showing_results_for("hex  proof") == "hexproof"
        assert ("rule", "702.11") in [(h.kind, h.id) for h in results.hits[:3]]
        assert ("rule", "702.15") in first(full_index, "life link", 3)
        assert first(full_index, "the battle field", 1) == [("glossary", "battlefield")]
        assert index.query("counter spell").corrections == []
        assert index.query("face-down creature").corrections == []
    assert ("rule", "603.6") in first(full_index, "E.T.B.", 3)  # "etb", as "ETB"
    assert ("rule", "704") in first(full_index, "s.b.a.", 3)
    assert first(full_index, "MVs", 3) == first(full_index, "MV", 3)  # a plural no stemmer reaches: three letters
    assert ("rule", "107.5") in first(full_index, "{tap}", 3)
    # A rule number written against the word that introduces it.
    assert first(full_index, "CR702.9", 1) == first(full_index, "rule702.9", 1) == [("rule", "702.9")]


def test_a_name_of_three_words_or_more_is_found_by_its_initials(full_index: Path):
    # Derived from the names, not listed by hand: no alias names "MTMTE" or "TRTY".
    assert set(first(full_index, "MTMTE", 2)) == {("rule", "702.162"), ("glossary", "more-than-meets-the-eye")}
    assert ("rule", "701.54") in first(full_index, "trty", 3)
    assert ("rule", "810") in first(full_index, "thgv", 3)
    # Initials that spell a word of the rules are no other name: "cat" is not Change a Target.
    assert ("glossary", "change-a-target") not in first(full_index, "cat", 10)


def test_shorthand_players_type_reads_as_the_rules_words(full_index: Path):
    assert ("rule", "903.8") in first(full_index, "cmdr tax", 3)
    assert ("rule", "702.7b") in first(full_index, "first strike dmg", 3)
    assert first(full_index, "ueot", 1) == [("rule", "514.2")]  # until end of turn
    # "MV" is "mana value", which goes with the query's other words: not only a name of rule 202.3.
    assert ("rule", "202.3d") in first(full_index, "MV of a split card", 3)
    assert ("rule", "202.3d") in first(full_index, "cmc of a split card", 3)


# --- misspellings ----------------------------------------------------------------------


def test_a_misspelt_word_is_corrected_to_the_nearest_indexed_word(small_index: Path):
    with SearchIndex(small_index) as index:
        results = index.query("sumoning sickness")
        assert results.corrections == [("sumoning", "summoning")]
        assert results.showing_results_for("Sumoning sickness") == "summoning sickness"
        assert ("rule", "302.6") in [(h.kind, h.id) for h in results.hits[:3]]
        # Two letters swapped is one edit.
        assert index.query("hsitoric").corrections == [("hsitoric", "historic")]


def test_a_word_the_rules_say_another_way_is_corrected_as_written(small_index: Path):
    # The text says "controller", which both searches read as "control" (WORD_FORMS): its misspelling is corrected
    # to the word as written, then read the same way.
    with SearchIndex(small_index) as index:
        results = index.query("controler")
        assert results.corrections == [("controler", "controller")]
        assert Ranker(index.postings()).rank("controler").words[0].term == "control"
        assert ("rule", "302.6") in [(h.kind, h.id) for h in results.hits[:3]]


def test_how_far_a_correction_may_go_depends_on_the_words_length(small_index: Path):
    with SearchIndex(small_index) as index:
        assert index.query("lealia").corrections == [("lealia", "laelia")]  # 6 letters, 1 edit (a swap)
        assert index.query("laexxa").corrections == []  # 6 letters, 3 edits: too far
        assert index.query("continuosly").corrections == [("continuosly", "continuously")]  # 11 letters, 1 edit
        assert index.query("contenuosly").corrections == [("contenuosly", "continuously")]  # 2 edits
        assert index.query("lae").corrections == []  # the start of a name being typed is not a misspelling
        assert index.query("maan").corrections == [("maan", "mana")]
        assert index.query("mnaa").corrections == [("mnaa", "mana")]  # 4 letters, the middle two swapped
        assert index.query("xyz").corrections == []  # 3 letters: never corrected


def test_a_long_word_misspelt_at_both_ends_is_corrected_by_its_middle(small_index: Path):
    with SearchIndex(small_index) as index:
        # 12 letters, 2 edits: the first letter dropped and the last two swapped; neither end is intact.
        assert index.query("ontinuousyl").corrections == [("ontinuousyl", "continuously")]
        # A letter added before the middle moves it one place; a changed one does not move it.
        assert index.query("xcontinuousyl").corrections == [("xcontinuousyl", "continuously")]
        assert index.query("kontinuousyl").corrections == [("kontinuousyl", "continuously")]
        assert index.query("ontinuosyl").corrections == []  # 3 edits: too far


def test_a_word_being_typed_counts_as_the_start_of_words_and_as_its_correction(small_index: Path):
    with SearchIndex(small_index) as index:
        ranking = Ranker(index.postings()).rank("summoning sicknes")
        word = ranking.words[-1]
        assert (word.prefix, word.corrected_to) == ("sicknes", "sickness")
        assert ranking.corrections == [], "an unfinished word is not said to be corrected"
        assert index.query("summoning sicknes ").corrections == [("sicknes", "sickness")]


def test_corrected_matches_rank_below_exact_ones(small_index: Path):
    # Each card's name has one of the words: "sixth" exactly, "laelai" once corrected to "laelia".
    with SearchIndex(small_index) as index:
        hits = [(h.kind, h.id) for h in index.query("sixth laelai").hits]
        assert hits.index(("card", "blade-of-the-sixth-pride")) < hits.index(("card", "laelia-the-blade-reforged"))
        # Spelt right, the same word weighs as much as the exact one.
        hits = [(h.kind, h.id) for h in index.query("sixth laelia").hits]
        assert hits.index(("card", "laelia-the-blade-reforged")) < hits.index(("card", "blade-of-the-sixth-pride"))


def test_search_says_what_it_showed_results_for(small_index: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["search", "--index", str(small_index), "sumoning", "sickness"]) == 0
    assert "showing results for 'summoning sickness'" in capsys.readouterr().out
    assert main(["search", "--index", str(small_index), "--json", "sumoning"]) == 0
    assert json.loads(capsys.readouterr().out)["showing_results_for"] == "summoning"


def test_real_cr_a_question_about_a_keyword_finds_the_keywords_rule(full_index: Path):
    # Without the keyword as its topic, 702.10b came 4th: the Attack Left/Right variant (803.1a-b) shares more words.
    assert ("rule", "702.10b") in first(full_index, "can a creature with haste attack right away", 3)
    # … and 702.111b 4th, after three rules of the declare blockers step.
    assert first(full_index, "can a creature with menace be blocked by one creature", 1) == [("rule", "702.111b")]
    # The keyword's records are its rule and every subrule, and a keyword of two words is named by both.
    with SearchIndex(full_index) as index:
        topics = {names: (first_doc, last_doc) for names, first_doc, last_doc in index.postings().topics()}
        rules = [index.db.execute("SELECT id FROM records WHERE rowid = ?", (doc + 1,)).fetchone()[0] for doc in topics["hast"]]
    assert rules == ["702.10", "702.10d"]
    assert "first strik" in topics and "doubl strik" in topics


def test_real_cr_a_question_ranks_a_heading_below_the_subrules_that_settle_it(full_index: Path):
    # Before HEADING_FACTOR, "702.9. Flying" came first and 702.9c (multiple instances are redundant) 4th.
    found = first(full_index, "does having flying twice do anything", 10)
    assert ("rule", "702.9c") in found[:3] and ("rule", "702.9") not in found[: found.index(("rule", "702.9c"))]
    # Not a question, or a question that asks what the keyword is: the heading still comes first among rules.
    assert first(full_index, "flying", 2) == [("glossary", "flying"), ("rule", "702.9")]
    assert first(full_index, "how does regenerate work", 1) == [("rule", "701.19")]
    # "how does X work" counts the glossary's name in full: its entry is among the first three (it was 5th).
    assert ("glossary", "regenerate") in first(full_index, "how does regenerate work", 3)
    with SearchIndex(full_index) as index:
        headings = index.postings().headings()
        ids = {index.db.execute("SELECT id FROM records WHERE rowid = ?", (doc + 1,)).fetchone()[0] for doc in headings}
    assert {"702.9", "701.19", "301", "7"} <= ids and "702.9c" not in ids


@pytest.mark.parametrize(
    ("query", "answers"),
    [
        ("does a copied creature spell become a token", {("rule", "111.13"), ("rule", "608.3f")}),
        ("card text contradicts the rules which one wins", {("rule", "101.1")}),
        ("colored dot next to the type line", {("rule", "204.1"), ("rule", "107.13"), ("glossary", "color-indicator")}),
    ],
)
def test_real_cr_a_whole_phrasing_finds_the_rule_its_words_alone_rank_lower(
    full_index: Path, index_without_questions: Path, monkeypatch: pytest.MonkeyPatch, query: str, answers: set[tuple[str, str]]
):
    # content/search/aliases.yaml's `asked` phrasings: the query has every word of one that names the answer.
    assert answers & set(first(full_index, query, 3))
    # The questions of content/search/questions.yaml find these too: without them, the phrasing alone does.
    assert answers & set(first(index_without_questions, query, 3))
    monkeypatch.setattr("kb.search_rank.ASKED_FACTOR", 0)
    assert not answers & set(first(index_without_questions, query, 3))


def test_real_cr_a_classic_judge_call_is_found_by_its_few_words(full_index: Path, monkeypatch: pytest.MonkeyPatch):
    # "chump block" names the blocking rules and the glossary's Block: the whole phrasing
    # "chump block a trampler" is what brings the trample rule that settles it into the first three.
    assert ("rule", "702.19b") in first(full_index, "chump block a trampler", 3)
    monkeypatch.setattr("kb.search_rank.ASKED_FACTOR", 0)
    assert ("rule", "702.19b") not in first(full_index, "chump block a trampler", 3)


@pytest.fixture(scope="module")
def index_without_questions(kb_latest: KnowledgeBase, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real rules' index as it was before content/search/questions.yaml."""
    folder = tmp_path_factory.mktemp("without-questions")
    write_search_index(dataclasses.replace(kb_latest, questions={}), folder)
    return folder / INDEX_NAME
