"""A small Comprehensive Rules release, written for the tests: every rule the bundled content cites, and the
sections the browser tests open, with made-up text.

The browser tests build their site from the real releases in ../shared when
they are there; without them, from this release (and an older one, so that the Changes page
and the "changed" markers have something to show). Nothing here is
the real text: rule text says which rule it is, and the keyword sections list
made-up names beside the two the tests look for.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

CHAPTERS = {
    "1": "Game Concepts",
    "2": "Parts of a Card",
    "3": "Card Types",
    "4": "Zones",
    "5": "Turn Structure",
    "6": "Spells, Abilities, and Effects",
    "7": "Additional Rules",
}
SECTIONS = {
    "100": "General",
    "104": "Ending the Game",
    "106": "Mana",
    "107": "Numbers and Symbols",
    "111": "Tokens",
    "113": "Abilities",
    "115": "Targets",
    "117": "Timing and Priority",
    "118": "Costs",
    "301": "Artifacts",
    "302": "Creatures",
    "303": "Enchantments",
    "305": "Lands",
    "400": "General",
    "406": "Exile",
    "500": "General",
    "504": "Draw Step",
    "508": "Declare Attackers Step",
    "601": "Casting Spells",
    "602": "Activating Activated Abilities",
    "603": "Handling Triggered Abilities",
    "605": "Mana Abilities",
    "608": "Resolving Spells and Abilities",
    "611": "Continuous Effects",
    "613": "Interaction of Continuous Effects",
    "614": "Replacement Effects",
    "700": "General",
    "701": "Keyword Actions",
    "702": "Keyword Abilities",
    "704": "State-Based Actions",
}
# The most rules, and subrule letters, each section has: enough for every rule the content cites.
RULES = {
    "104": 6,
    "106": 12,
    "107": 6,
    "111": 8,
    "113": 6,
    "115": 3,
    "117": 3,
    "118": 9,
    "302": 12,
    "305": 2,
    "400": 7,
    "406": 3,
    "500": 4,
}
RULES |= {"504": 1, "508": 1, "601": 3, "602": 5, "603": 4, "605": 3, "608": 3, "611": 2, "613": 1, "614": 1}
RULES |= {"700": 6, "701": 57, "702": 85, "704": 5}
SUBRULES = "abcdefghijkmnpqrstuvwxyz"  # the CR skips l and o
# The rules with subrules (a to q): those whose subrules the content cites.
WITH_SUBRULES = {"106.12", "107.1", "107.3", "107.4", "117.1", "117.3", "508.1", "601.2", "602.2", "602.5", "603.2", "605.1"}
WITH_SUBRULES |= {"605.3", "608.3", "611.2", "613.1", "614.1", "704.5"}
KEYWORDS = {"701": {22: "Scry"}, "702": {2: "Deathtouch"}}
GLOSSARY_LETTERS = "ABCDEFGHIJKLMNOPRSTUVWY"
# Text the browser tests look for (a search, a symbol drawn as an icon, "Cited by" lists), in made-up words.
TEXT = {
    "106.12": "A cost with the tap symbol {T} is paid by tapping the permanent (test text).",
    "107.4e": "The hybrid symbol {W/U} is paid with white mana or with blue mana (test text).",
    "302.6": "Summoning sickness, as the test release puts it: a creature can't attack or pay {T} "
    "unless its controller has controlled it since the start of their most recent turn.",
    "302.7": "Rule 302.6 applies to creatures only. See rule 302.6.",
    "302.8": "A creature that stops being a creature is no longer bound by rule 302.6.",
}
GLOSSARY = {
    "H": ("Historic", "Artifacts, legendaries and Sagas are historic (test text)."),
    "L": ("Last Known Information", "What an object was like as it last existed (test text)."),
}


def release(cited: Iterable[str] = (), date: str = "September 19, 2025", older: bool = False) -> str:
    """The text of the release, effective on `date`, holding every rule in `cited` besides its own.

    The `older` release lacks rule 302.12 and words rule 104.6 otherwise.
    """
    sections, counts, with_subrules = dict(SECTIONS), dict(RULES), set(WITH_SUBRULES)
    for number in cited:  # content grows: whatever it cites is made up here too
        section, _, rest = number.partition(".")
        sections.setdefault(section, f"Section {section} of the Test Release")
        if rest:
            n = int(re.match(r"\d+", rest)[0])
            counts[section] = max(counts.get(section, 2), n)
            if rest[-1].isalpha():
                with_subrules.add(f"{section}.{n}")
    chapters = sorted({section[0] for section in sections})
    ordered = sorted(sections.items(), key=lambda item: int(item[0]))
    lines = ["Magic: The Gathering Comprehensive Rules", "", f"These rules are effective as of {date}.", ""]
    lines += ["Introduction", "", "A release written for kb's tests; it is not the real text.", "", "Contents", ""]
    for chapter in chapters:
        lines.append(f"{chapter}. {CHAPTERS[chapter]}")
        lines += [f"{number}. {title}" for number, title in ordered if number[0] == chapter]
        lines.append("")
    lines += ["Glossary", "", "Credits", ""]
    for chapter in chapters:
        lines += [f"{chapter}. {CHAPTERS[chapter]}", ""]
        for section, title in ordered:
            if section[0] == chapter:
                lines += [f"{section}. {title}", ""]
                lines += _section(section, counts.get(section, 2), with_subrules, older)
    lines += ["Glossary", ""]
    for letter in GLOSSARY_LETTERS:
        term, text = GLOSSARY.get(letter, (f"{letter}test Term", f"A made-up entry filed under {letter}. See rule 100.1."))
        lines += [term, text, ""]
    lines += ["Credits", "", "Written for kb's tests.", f"These rules are effective as of {date}.", ""]
    return "\n".join(lines)


def _section(section: str, count: int, with_subrules: set[str], older: bool) -> list[str]:
    lines = []
    keywords = KEYWORDS.get(section)
    for n in range(1, count + 1):
        number = f"{section}.{n}"
        if older and number == "302.12":
            continue
        if keywords is not None and n > 1:
            name = keywords.get(n) or f"Made-up {section} keyword {n:02d}"
            lines += [f"{number}. {name}", ""]
            for letter in SUBRULES[:6]:
                lines += [f"{number}{letter} What {name} does, part {letter}, in the test release.", ""]
            continue
        text = TEXT.get(number, f"The text of rule {number} in the test release.")
        if older and number == "104.6":
            text = "The older wording of rule 104.6."
        lines += [f"{number}. {text}", ""]
        for letter in SUBRULES[:14] if number in with_subrules else "":
            lines += [f"{number}{letter} " + TEXT.get(number + letter, f"The text of rule {number}{letter}."), ""]
    return lines


def write_releases(folder: Path, cited: Iterable[str] = ()) -> tuple[Path, Path]:
    """The current release and an older one (see `release`), holding the rules in `cited`, written into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    latest, previous = folder / "test-rules-2025-09-19.txt", folder / "test-rules-2025-06-06.txt"
    latest.write_text(release(cited), encoding="utf-8")
    previous.write_text(release(cited, "June 6, 2025", older=True), encoding="utf-8")
    return latest, previous


def cited_by_content(project: Path) -> set[str]:
    """The rule numbers the project's content cites (read without any release)."""
    from kb.build import Settings, load_knowledge_base

    kb = load_knowledge_base(Settings(content=project / "content", templates=project / "templates"))
    return set(kb.links.backlinks)
