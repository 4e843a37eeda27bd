"""Links out to Scryfall and Gatherer, built from a card's id or name."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from kb.card_links import gatherer_url, scryfall_url
from kb.model import Card, Origin


def card(name: str, oracle_id: str | None = None) -> Card:
    return Card(name=name, origin=Origin("test"), oracle_id=oracle_id)


def test_scryfall_by_oracle_id_or_by_exact_name():
    assert scryfall_url(card("Opt", "a1b2")) == "https://scryfall.com/search?q=oracleid%3Aa1b2"
    url = scryfall_url(card('Fire // Ice & "<x>"'))
    assert parse_qs(urlsplit(url).query)["q"] == ['!"Fire // Ice & "<x>""']
    assert not set('<>"& ') & set(url.split("?", 1)[1])


def test_gatherer_by_exact_name():
    url = gatherer_url(card("Rona, Disciple of Gix"))
    assert url.startswith("https://gatherer.wizards.com/Pages/Search/Default.aspx?name=")
    assert parse_qs(urlsplit(url).query)["name"] == ['+["Rona, Disciple of Gix"]']
