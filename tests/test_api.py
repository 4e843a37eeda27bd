"""The static JSON API: a file per record, an index, and agreement with the knowledge base."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from kb import __version__, urls
from kb.api import SCHEMA_VERSION, ApiDocuments, write_api
from kb.build import Settings, load_knowledge_base
from kb.model import Card, Example, Origin, Ruling
from kb.store import KnowledgeBase, assemble


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def built(built_project: Path) -> tuple[Path, KnowledgeBase]:
    kb = load_knowledge_base(Settings(content=built_project / "content", templates=built_project / "templates"))
    return built_project / "site" / "api", kb


def test_index_has_version_date_counts_and_every_id(built: tuple[Path, KnowledgeBase]):
    api, kb = built
    index = read(api / "index.json")
    assert index["version"] == {"kb": __version__, "schema": SCHEMA_VERSION}
    assert index["effective_date"] is None, "no Comprehensive Rules release in the bundled build"
    # Without a release, the rules content cites still have documents (text null), as they have pages.
    cited = set(kb.links.backlinks)
    assert cited and not kb.rules
    examples = {r.example.id for r in kb.rulings.values() if r.example is not None} | set(kb.cr_examples)
    counts = {"rules": len(cited), "glossary": 0, "cards": len(kb.cards), "rulings": len(kb.rulings), "examples": len(examples)}
    counts |= {"cr_examples": 0, "cr_examples_proved": 0}  # no release loaded: no CR example to prove
    assert index["counts"] == counts
    assert {e["id"] for e in index["examples"]} == examples
    assert [c["id"] for c in index["cards"]] == sorted(kb.cards)
    assert [r["id"] for r in index["rulings"]] == sorted(kb.rulings)
    assert {c["id"]: c["url"] for c in index["cards"]} == {c: urls.card_url(c) for c in kb.cards}


def test_every_record_has_a_file_that_parses(built: tuple[Path, KnowledgeBase]):
    api, kb = built
    examples = {r.example.id for r in kb.rulings.values() if r.example is not None} | set(kb.cr_examples)
    for folder, ids in (("rules", kb.links.backlinks), ("cards", kb.cards), ("rulings", kb.rulings), ("examples", examples)):
        files = {p.stem if folder != "rules" else p.name.removesuffix(".json") for p in (api / folder).glob("*.json")}
        assert files == set(ids), folder
        for record_id in ids:
            assert isinstance(read(api / folder / f"{record_id}.json"), dict)


def test_card_lists_its_rulings_in_page_order_with_their_links(built: tuple[Path, KnowledgeBase]):
    api, kb = built
    for card_id in kb.cards:
        card = read(api / "cards" / f"{card_id}.json")
        assert card["name"] == kb.cards[card_id].name
        assert card["url"] == urls.card_url(card_id)
        assert [r["id"] for r in card["rulings"]] == [r.id for r in kb.card_rulings(card_id)]
        for ruling in card["rulings"]:
            assert ruling == read(api / "rulings" / f"{ruling['id']}.json")
            spans = kb.links.spans.get(("ruling", ruling["id"]), [])
            assert {(link["kind"], link["id"]) for link in ruling["links"]} == {(s.target.kind, s.target.id) for s in spans}
            assert set(ruling) >= {"date", "source", "sources", "text", "links", "example", "rules"}


def test_cited_rules_list_who_cites_them(built: tuple[Path, KnowledgeBase]):
    api, kb = built
    for number, citations in kb.links.backlinks.items():
        rule = read(api / "rules" / f"{number}.json")
        assert rule["text"] is None
        assert [(c["kind"], c["id"]) for c in rule["cited_by"]] == [(c.kind, c.id) for c in citations]


def test_the_tap_symbol_ruling_links_to_302_6(built: tuple[Path, KnowledgeBase]):
    api, _ = built
    ruling = read(api / "rulings" / "tap-symbol.json")
    assert {"kind": "rule", "id": "302.6", "url": "rules/302.html#302.6"} in ruling["links"]
    assert ruling["url"] == "rulings/index.html#tap-symbol"


def test_rule_documents_agree_with_links_and_backlinks(full_site: Path):
    api = full_site / "api"
    index = read(api / "index.json")
    assert index["effective_date"] == "2025-09-19"
    rule = read(api / "rules" / "302.6.json")
    assert rule["number"] == "302.6" and rule["kind"] == "rule"
    assert rule["section"] == "302" and rule["parent"] == "302" and rule["section_title"] == "Creatures"
    assert rule["url"] == "rules/302.html#302.6"
    citing = {(c["kind"], c["id"]) for c in rule["cited_by"]}
    assert {("glossary", "summoning-sickness-rule"), ("ruling", "tap-symbol")} <= citing
    section = read(api / "rules" / "302.json")
    assert "302.6" in section["children"] and section["parent"] == "3"
    # Every rule that is cited lists exactly the records whose links point to it.
    cited_somewhere = 0
    for entry in index["rules"]:
        document = read(api / "rules" / f"{entry['id']}.json")
        for citation in document["cited_by"]:
            cited_somewhere += 1
            folder = {"rule": "rules", "glossary": "glossary", "card": "cards", "ruling": "rulings"}[citation["kind"]]
            assert (api / folder / f"{citation['id']}.json").is_file(), citation
    assert cited_somewhere > 1000


def small_kb_with_an_example() -> KnowledgeBase:
    here = Origin("content/cards/x.yaml", 3)
    example = Example("x-2020-01-01-1", "assert True", ("302.6",), here)
    card = Card("X", here, type_line="Creature")
    ruling = Ruling("x-2020-01-01-1", "See rule 302.6.", here, card="x", date=date(2020, 1, 1), example=example)
    return assemble([card], [ruling])


@dataclass
class Outcome:
    passed: bool
    rules_exercised: tuple[str, ...]
    message: str = ""


def test_example_result_is_null_until_results_are_given(tmp_path: Path):
    kb = small_kb_with_an_example()
    write_api(kb, tmp_path)
    example = read(tmp_path / "api" / "examples" / "x-2020-01-01-1.json")
    assert example["result"] is None
    assert example["code"] == "assert True" and example["rules"] == ["302.6"] and example["ruling"] == "x-2020-01-01-1"
    assert read(tmp_path / "api" / "cards" / "x.json")["rulings"][0]["example"] == example
    documents = ApiDocuments(kb, results={"x-2020-01-01-1": Outcome(True, ("302.6", "107.5"))})
    ((_, with_result),) = documents.examples()
    assert with_result["result"] == {"passed": True, "rules_exercised": ["107.5", "302.6"], "message": ""}


def test_output_is_deterministic(tmp_path: Path):
    kb = small_kb_with_an_example()
    write_api(kb, tmp_path / "a")
    write_api(kb, tmp_path / "b")
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.json"))
    assert files_a == sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*.json"))
    for relative in files_a:
        assert (tmp_path / "a" / relative).read_bytes() == (tmp_path / "b" / relative).read_bytes()


def test_a_file_that_cannot_be_written_fails_the_build(tmp_path: Path):
    # A failed write is an error of the build, never a half-written API that looks complete.
    (tmp_path / "api" / "cards" / "x.json").mkdir(parents=True)
    with pytest.raises(IsADirectoryError, match=r"x\.json"):
        write_api(small_kb_with_an_example(), tmp_path)
