"""Find the card names mentioned in a ruling's text.

The rule, chosen so that a link is almost never wrong (a missed link costs less
than a wrong one):

1. A name matches only as written: case-sensitive, starting and ending at a word
   boundary ("Fog" never matches "fog" or "Fogwalker"). Curly apostrophes in the
   text count as straight ones, as in card names.
2. The longest name wins at a position, and matches never overlap, so "Jodah,
   Archmage Eternal" is one match, not "Jodah" plus something.
3. A single-word name ("Opt", "Island", "Exile") is also a common or a game
   word, capitalised at the start of a sentence or as a type or keyword. It is
   never matched when it is a word of the game's vocabulary (any word of any
   card's type line: "Island", "Equipment"; or a keyword or game term listed in
   `GAME_WORDS`: "Flash", "Exile"), and otherwise not at the start of a sentence.
4. The ruling's own card is also found by its short names ("Rona" for "Rona,
   Disciple of Gix": `Card.short_name`, or the part of a legendary name before
   its comma) and by its face names, with none of rule 3's restrictions: in a
   ruling about Opt, "Opt" means Opt.

Matching looks up each capitalised word of the text in an index keyed by a
name's first word, then compares the few candidate names directly, so its cost
grows with the text, not with the number of names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from kb.merge import name_aliases
from kb.model import Card

# A word that may start a name: a capital letter or digit (a-z and "_" excluded;
# other letters are let through and simply not found in the index).
_CANDIDATE = re.compile(r"\b[^\W_a-z]\w*")
_FIRST_WORD = re.compile(r"\w+")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'"})
_TYPE_WORD = re.compile(r"[A-Za-z][\w'-]*")
# What may come before a sentence's first word, besides the start of the text.
_SENTENCE_END = ".!?:;•\n"
_OPENERS = " \t\"'(“‘[\u2014"

# Keywords, keyword actions and game terms that rulings capitalise, and that
# are (or could become) the name of a card. Type words come from the cards.
GAME_WORDS = frozenset(
    str.split(
        """
    Flying Flash Haste Reach Trample Vigilance Deathtouch Lifelink Defender Hexproof
    Indestructible Menace Ward Fear Intimidate Shroud Protection Equip Enchant Fortify
    Cycling Kicker Flashback Madness Morph Convoke Delve Cascade Affinity Annihilator
    Bestow Buyback Champion Changeling Channel Crew Dash Echo Emerge Entwine Evoke Exalted
    Exploit Fading Flanking Forecast Fuse Graft Haunt Hideaway Infect Landwalk Level
    Miracle Modular Ninjutsu Offering Outlast Persist Phasing Provoke Prowess Prowl
    Rampage Rebound Recover Reinforce Renown Replicate Retrace Ripple Scavenge Shadow
    Soulbond Splice Storm Sunburst Surge Suspend Transfigure Transmute Tribute Undying
    Unearth Unleash Vanishing Wither Banding Horsemanship Mentor Afterlife Riot Spectacle
    Escape Mutate Companion Foretell Boast Disturb Daybound Nightbound Cleave Training
    Blitz Casualty Enlist Prototype Backup Bargain Craft Disguise Plot Saddle Offspring
    Impending Gift Discover Toxic Scry Surveil Fight Explore Adapt Amass Proliferate
    Populate Investigate Connive Manifest Learn Venture Regenerate Sacrifice Destroy Exile
    Counter Tap Untap Attach Reveal Discard Draw Mill Cast Activate Play Transform Meld
    Monarch Initiative Day Night Commander Oracle Magic Emblem Energy Experience Poison
    Library Graveyard Battlefield Hand Stack Command Ante Upkeep Combat Cleanup Turn
    Mana Colorless White Blue Black Red Green Token Copy Spell Ability Permanent Player
    Opponent Owner Controller Attacker Blocker Damage Life Storm Devotion Ferocious
    Landfall Metalcraft Morbid Threshold Delirium Hellbent Raid Revolt Spell Mastery
    """
    )
)


class Span(NamedTuple):
    """A card name found in a text: text[start:end] names the card `card_id`."""

    start: int
    end: int
    card_id: str


class _Name(NamedTuple):
    text: str
    card_id: str
    restricted: bool  # rule 3 applies: a single word, matched only mid-sentence


class CardNameMatcher:
    """Built once from every card; `find` then returns the names in one ruling's text."""

    def __init__(self, cards: Iterable[Card], *, extra_words: Iterable[str] = ()) -> None:
        cards = list(cards)
        vocabulary = set(GAME_WORDS).union(extra_words)
        for card in cards:
            vocabulary.update(_TYPE_WORD.findall(card.type_line))
            for face in card.faces:
                vocabulary.update(_TYPE_WORD.findall(face.type_line))
        self._index: dict[str, list[_Name]] = {}
        for name, card_id in name_aliases(cards).items():
            single = not any(char.isspace() for char in name)
            if single and name in vocabulary:
                continue  # rule 3: "Island" is the land type far more often than the card
            self._add(self._index, _Name(_straight(name), card_id, single))
        for names in self._index.values():
            names.sort(key=lambda n: -len(n.text))
        self._own: dict[str, dict[str, list[_Name]]] = {}
        self._cards = {card.id: card for card in cards}

    @staticmethod
    def _add(index: dict[str, list[_Name]], name: _Name) -> None:
        first = _FIRST_WORD.match(name.text)
        if first is None or first.start() != 0:
            return  # a name starting with a symbol ("+2 Mace") is left unmatched
        index.setdefault(first.group(), []).append(name)

    def _own_index(self, card_id: str) -> dict[str, list[_Name]]:
        index = self._own.get(card_id)
        if index is None:
            index = {}
            card = self._cards.get(card_id)
            if card is not None:
                for name in own_names(card):
                    self._add(index, _Name(_straight(name), card_id, False))
                for names in index.values():
                    names.sort(key=lambda n: -len(n.text))
            self._own[card_id] = index
        return index

    def find(self, text: str, card_id: str | None = None) -> list[Span]:
        """The card names in `text`, left to right; `card_id` is the card the text is a ruling of."""
        text = _straight(text)
        own = self._own_index(card_id) if card_id else {}
        spans: list[Span] = []
        resume = 0
        for word in _CANDIDATE.finditer(text):
            start = word.start()
            if start < resume:
                continue
            first = word.group()
            best = _longest(text, start, own.get(first, ()), None)
            best = _longest(text, start, self._index.get(first, ()), best)
            if best is not None:
                spans.append(Span(start, start + len(best.text), best.card_id))
                resume = start + len(best.text)
        return spans


def own_names(card: Card) -> list[str]:
    """The names a ruling uses for its own card: full, face and short names."""
    names = [card.name, *(face.name for face in card.faces)]
    if card.short_name:
        names.append(card.short_name)
    if ", " in card.name and "Legendary" in card.type_line:
        names.append(card.name.split(", ", 1)[0])
    return list(dict.fromkeys(names))


def _straight(text: str) -> str:
    return text.translate(_APOSTROPHES)


def _longest(text: str, start: int, names: Iterable[_Name], best: _Name | None) -> _Name | None:
    """The first (longest) of `names` found at `start`, if longer than `best`."""
    for name in names:
        if best is not None and len(name.text) <= len(best.text):
            return best
        end = start + len(name.text)
        if text.startswith(name.text, start) and not _is_word_char(text, end):
            if name.restricted and _starts_sentence(text, start):
                continue
            return name
    return best


def _is_word_char(text: str, index: int) -> bool:
    return index < len(text) and (text[index].isalnum() or text[index] == "_")


def _starts_sentence(text: str, start: int) -> bool:
    index = start - 1
    while index >= 0 and text[index] in _OPENERS:
        index -= 1
    return index < 0 or text[index] in _SENTENCE_END
