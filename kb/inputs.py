"""The input files a build reads, in one table.

`kb build`, `kb check` and `kb serve` derive their flags from it, the MkDocs
plugin its options, and `--cache` the files `kb fetch` left behind. Adding an
input format means one row here and one importer in `kb/sources/`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Input:
    name: str  # the plugin option in mkdocs.yml, and the field of pipeline.Settings
    flag: str  # the command-line flag that overrides the option
    help: str
    importer: str  # the module in kb/sources/ that reads it
    cached_as: str | None = None  # the file `kb fetch` writes it to, if it fetches it
    metavar: str = "FILE"


INPUTS = (
    Input("rules", "--rules", "a Comprehensive Rules text file", "cr_text", "comprehensive-rules.txt"),
    Input("previous_rules", "--previous", "an older Comprehensive Rules file: adds a Changes page", "cr_text"),
    Input("scryfall_cards", "--scryfall-cards", "a Scryfall oracle-cards bulk file", "scryfall", "scryfall-oracle-cards.json"),
    Input("scryfall_rulings", "--scryfall-rulings", "a Scryfall rulings bulk file", "scryfall", "scryfall-rulings.json"),
    Input("mtgjson", "--mtgjson", "an MTGJSON AtomicCards file", "mtgjson"),
    Input(
        "history",
        "--history",
        "a folder of Comprehensive Rules releases (YYYY-MM-DD.txt): adds every rule's history",
        "cr_archive",
        metavar="DIR",
    ),
)

INPUT_NAMES = tuple(i.name for i in INPUTS)


def cached_as(name: str) -> str:
    """The file name under which `kb fetch` stores the input `name`."""
    found = next(i.cached_as for i in INPUTS if i.name == name)
    assert found, f"kb fetch does not fetch {name}"
    return found
