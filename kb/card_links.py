"""Where a card is found on the two sites players know: Scryfall and Gatherer.

Both addresses are searches built from the card's Oracle id or its name, with
every character that is not safe in a query percent-encoded; the template
escapes them once more as attribute values, as it does every URL. (A lone
surrogate, which importers refuse, would become "?" rather than stop a page.)
"""

from __future__ import annotations

from urllib.parse import quote

from kb.model import Card


def scryfall_url(card: Card) -> str:
    """The card on Scryfall: by Oracle id when it is known (one card, all printings), else by exact name."""
    query = f"oracleid:{card.oracle_id}" if card.oracle_id else f'!"{card.name}"'
    return "https://scryfall.com/search?q=" + quote(query, safe="", errors="replace")


def gatherer_url(card: Card) -> str:
    """The card on Gatherer, Wizards of the Coast's card database, by exact name."""
    return "https://gatherer.wizards.com/Pages/Search/Default.aspx?name=" + quote(f'+["{card.name}"]', safe="", errors="replace")
