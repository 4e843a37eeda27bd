"""The community's names for rules and glossary entries: checked against the rules, searched, shown in the glossary."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.aliases import missing_targets, resolve_aliases
from kb.errors import KbError
from kb.model import Alias, Origin
from kb.search import INDEX_NAME, SearchIndex

REPO = Path(__file__).resolve().parent.parent


def test_a_target_that_cannot_be_a_rule_or_glossary_id_is_an_error_at_its_line(kb_latest):
    wrong = Alias(("SBA",), ("7O4",), ("State-Based Actions",), Origin("content/search/aliases.yaml", 7))
    with pytest.raises(KbError) as error:
        resolve_aliases([wrong], kb_latest)
    assert "content/search/aliases.yaml:7: alias 'SBA': '7O4' is not a rule number" in str(error.value)
    assert "content/search/aliases.yaml:7: alias 'SBA': 'State-Based Actions' is not a glossary id" in str(error.value)
    assert "state-based-actions" in str(error.value)


def test_a_target_the_release_lacks_is_left_out(kb_latest):
    alias = Alias(("SBA", "SBAs"), ("704", "704.99"), ("no-such-entry",), Origin("x", 1), ("state based actions",))
    assert resolve_aliases([alias], kb_latest) == (
        {("rule", "704"): ["SBA", "SBAs"]},
        {("rule", "704"): ["state based actions"]},
        {},
    )
    assert missing_targets([alias], kb_latest) == ["x:1: rule 704.99", "x:1: glossary no-such-entry"]


def test_a_name_written_again_in_other_case_is_listed_once(kb_latest):
    # Searches fold case; the glossary page would otherwise say "Also called: SBA, sba".
    first = Alias(("SBA", "sba", "SBAs"), ("704",), (), Origin("x", 1))
    again = Alias(("Sbas", "state checks"), ("704",), (), Origin("x", 5))
    assert resolve_aliases([first, again], kb_latest)[0] == {("rule", "704"): ["SBA", "SBAs", "state checks"]}


def test_an_entry_of_phrasings_alone_is_named_by_its_first_phrasing(kb_latest):
    asked = Alias((), ("514.2", "5l4"), (), Origin("content/search/aliases.yaml", 9), ("damage wears off",))
    with pytest.raises(KbError) as error:
        resolve_aliases([asked], kb_latest)
    assert "content/search/aliases.yaml:9: alias 'damage wears off': '5l4' is not a rule number" in str(error.value)


def test_a_whole_phrasing_of_fewer_than_two_searched_words_is_an_error_at_its_line(kb_latest):
    # "does it work from the graveyard" is searched as "graveyard" alone: every query about graveyards would have it.
    entry = Alias(
        (), ("113.6",), (), Origin("content/search/aliases.yaml", 4), (), ("does it work from the graveyard", "on the stack")
    )
    with pytest.raises(KbError) as error:
        resolve_aliases([entry], kb_latest)
    said = str(error.value)
    assert (
        "content/search/aliases.yaml:4: alias 'does it work from the graveyard': asked 'does it work from the graveyard'" in said
    )
    assert "has 1 searched word(s) (graveyard)" in said and "asked 'on the stack' has 1 searched word(s) (stack)" in said
    fine = Alias((), ("113.6",), (), Origin("x", 1), (), ("abilities that work from the graveyard",))
    assert resolve_aliases([fine], kb_latest)[2] == {("rule", "113.6"): ["abilities that work from the graveyard"]}


def test_the_curated_list_names_only_records_of_the_current_rules(kb_latest):
    from kb.sources.content import load_content

    assert missing_targets(load_content(REPO / "content").aliases, kb_latest) == []
    assert kb_latest.aliases[("glossary", "state-based-actions")][0] == "SBA"
    assert len({name for names in kb_latest.aliases.values() for name in names}) >= 150


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("SBA", ("rule", "704")),
        ("LKI", ("glossary", "last-known-information")),
        ("CMC", ("rule", "202.3")),
        ("tutor", ("rule", "701.23")),
    ],
)
def test_kb_search_finds_a_record_by_what_players_call_it(full_site: Path, query: str, expected: tuple[str, str]):
    with SearchIndex(full_site / INDEX_NAME) as index:
        assert expected in [(h.kind, h.id) for h in index.search(query, limit=3)]


def glossary_entry(site: Path, term_id: str) -> str:
    page = (site / "glossary" / "index.html").read_text(encoding="utf-8")
    entry = page[page.index(f'id="{term_id}"') :]
    return entry[: entry.index("</div>")]


def test_the_glossary_page_shows_what_players_call_an_entry(full_site: Path):
    entry = glossary_entry(full_site, "state-based-actions")
    assert '<p class="kb-also-called">Also called: SBA, SBAs</p>' in entry  # "state based actions" is its own name
    # An entry's own name is not listed as another name of it.
    assert '<p class="kb-also-called">Also called: legendary rule, two legends</p>' in glossary_entry(full_site, "legend-rule")


def test_how_players_ask_finds_the_record_but_is_not_shown_as_a_name(full_site: Path):
    # content/search/aliases.yaml: the summoning sickness rule's names, and a phrasing of a question about it.
    entry = glossary_entry(full_site, "summoning-sickness-rule")
    assert (
        '<p class="kb-also-called">Also called: summoning sick, summoning sickness, summoning-sick, sick creature, SS</p>'
        in entry
    )
    assert "tap ability" not in entry
    with SearchIndex(full_site / INDEX_NAME) as index:
        assert ("rule", "302.6") in [(h.kind, h.id) for h in index.search("tap ability the turn I cast it", limit=3)]
    # Whole phrasings (asked) are never shown either: flying's entry lists its names, not "can flyers block ground
    # creatures" (tests/test_search.py shows what whole phrasings do to the ranking).
    flying = glossary_entry(full_site, "flying")
    assert "Also called: flyer" in flying and "ground creature" not in flying


def test_kb_show_opens_a_record_by_what_players_call_it(full_site: Path, capsys):
    from kb.cli import main

    assert main(["show", "--index", str(full_site / INDEX_NAME), "LKI"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Last Known Information  [glossary]\n")
    assert "Same name: rule 603.10; rule 608.2h" in out
    # A phrasing is how players ask, not a name: it finds records in a search, not in kb show.
    assert main(["show", "--index", str(full_site / INDEX_NAME), "tap ability the turn I cast it"]) == 1
    capsys.readouterr()
    # A symbol names its entry, as written: "{2}" is generic mana and "2" chapter 2, alone; "[+1]" is a loyalty cost,
    # "{X}" the glossary's X (not the loyalty cost "[-X]"), and a symbol no entry names is not the chapter of its number.
    shown = {}
    for query in ("{T}", "{2}", "2", "[+1]", "[−2]", "{X}", "{100}", "S.B.A.", "{tap}"):
        status = main(["show", "--index", str(full_site / INDEX_NAME), query])
        out, err = capsys.readouterr()
        shown[query] = out.splitlines()[0] if status == 0 else err.splitlines()[0]
    assert shown == {
        "{T}": "Tap Symbol  [glossary]",
        "{2}": "Generic Mana  [glossary]",
        "2": "2. Parts of a Card  [rule]",
        "[+1]": "Loyalty Ability  [glossary]",
        "[−2]": "Loyalty Ability  [glossary]",
        "{X}": "X  [glossary]",
        "{100}": "error: no record named '{100}' (try kb search with fewer words)",
        # Letters with full stops are the abbreviation, as both searches read them.
        "S.B.A.": "State-Based Actions  [glossary]",
        "{tap}": "Tap Symbol  [glossary]",
    }
    assert main(["show", "--index", str(full_site / INDEX_NAME), "2"]) == 0
    assert "Same name" not in capsys.readouterr().out


def test_a_symbol_is_a_key_of_its_own_and_punctuation_alone_is_none(tmp_path: Path):
    # kb show finds a record by a name as written when it is a symbol; a name with neither letter nor symbol ("~")
    # keys nothing, and does not break the index either.
    from kb.search_index import write_search_index
    from tests.test_search import small_knowledge_base

    kb = small_knowledge_base()
    kb.aliases[("glossary", "historic")] = ["~", "{H}", "hist", "21"]
    write_search_index(kb, tmp_path)
    with SearchIndex(tmp_path / INDEX_NAME) as index:
        for name in ("{H}", "hist"):
            assert [(h.kind, h.id) for h in index.exact(name)] == [("glossary", "historic")], name
        assert index.exact("~") == [] and index.exact("21") == []
