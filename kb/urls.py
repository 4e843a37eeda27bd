"""Where each record lives in the built site.

One place decides every page path and anchor, so permalinks stay stable and
the pages, the search index and the JSON API agree. Paths are the site's
output files (`.html`); sites are built with `use_directory_urls: false` so
they also work opened from disk.
"""

from __future__ import annotations

from kb.model import CrExample, RuleKind, Ruling, rule_kind, section_of


def rule_page(number: str) -> str:
    """The page that holds a rule: its section's page; chapters live on the rules index."""
    section = section_of(number)
    return "rules/index.html" if section is None else f"rules/{section}.html"


def rule_url(number: str) -> str:
    if rule_kind(number) is RuleKind.CHAPTER:
        return f"rules/index.html#chapter-{number}"
    if rule_kind(number) is RuleKind.SECTION:
        return f"rules/{number}.html"
    return f"{rule_page(number)}#{number}"


def card_url(card_id: str) -> str:
    return f"cards/{card_id}.html"


def card_letter(card_id: str) -> str:
    """The index page a card is listed on: its slug's first letter, or "0" for digits and symbols."""
    first = card_id[:1]
    return first if "a" <= first <= "z" else "0"


def card_letter_url(letter: str) -> str:
    return f"card-index/{letter}.html"


def ruling_url(ruling: Ruling) -> str:
    page = card_url(ruling.card) if ruling.card else "rulings/index.html"
    return f"{page}#{ruling.id}"


def cr_example_url(counterpart: CrExample) -> str:
    """A CR example's counterpart sits under the example, on its rule's section page."""
    return f"{rule_page(counterpart.rule)}#{counterpart.id}"


def glossary_url(term_id: str) -> str:
    return f"glossary/index.html#{term_id}"


def record_url(kind: str, record_id: str) -> str:
    """The URL of a rule, card or glossary term, by its kind and id (a ruling's is `ruling_url`: its page is its card's)."""
    if kind == "rule":
        return rule_url(record_id)
    if kind == "card":
        return card_url(record_id)
    if kind == "glossary":
        return glossary_url(record_id)
    raise ValueError(f"a {kind} record has no URL by its id alone")


def source_path(url: str) -> str:
    """The Markdown file that mkdocs turns into `url`."""
    return url.split("#", 1)[0].removesuffix(".html") + ".md"


# --- the pages, as the Markdown files mkdocs turns into them ------------------------------------
# The renderer writes them (kb.render), the live preview picks which to write again (kb.live).

HOME = "index.md"
CARDS = "cards/index.md"
GENERAL_RULINGS = "rulings/index.md"
RULES = "rules/index.md"
RULES_AS_OF = "rules/as-of.md"  # built with --history
GLOSSARY = "glossary/index.md"
ENGINE = "engine.md"
CHANGES = "changes.md"


def card_page(card_id: str) -> str:
    return source_path(card_url(card_id))


def card_letter_page(letter: str) -> str:
    return source_path(card_letter_url(letter))


def rule_section_page(number: str) -> str:
    """The page that shows rule `number`: its section's (a chapter's is the rules index)."""
    return source_path(rule_page(number))


def relative(url: str, from_page: str) -> str:
    """`url` as a link written on the page `from_page` (both site-relative).

    Pure string work on the path segments: this runs for every link of every
    page, and os.path.relpath (which resolves against the working directory)
    was the slowest part of rendering.
    """
    path, _, anchor = url.partition("#")
    suffix = f"#{anchor}" if anchor else ""
    if not path:
        return suffix
    if path == from_page and anchor:
        return suffix
    here = from_page.split("/")[:-1]
    there = path.split("/")
    common = 0
    while common < len(here) and common < len(there) - 1 and here[common] == there[common]:
        common += 1
    return "../" * (len(here) - common) + "/".join(there[common:]) + suffix
