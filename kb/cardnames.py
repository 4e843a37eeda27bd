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

5. Some places never name a card: inside a mana symbol ("{X}"), a rule number
   or a URL; in a game variant, term or set name that contains a card's name
   ("Two-Headed Giant", "Return to Ravnica"); a name that reads as a set or a
   token ("the Conspiracy set", "Blood tokens"); a one-character name ("X").
   A name that several cards share (Unstable's variants) is not linked: no
   one page is right.
6. A plural or possessive of a name is that name ("two Glorious Anthems",
   "Meddling Mage's ability"); an opening quote starts a sentence, so the
   first word of quoted ability text ("“When …") is not a name.
7. A legendary card calls itself by its first name or names ("Karn" in a
   ruling of Karn Liberated, "Nicol Bolas" in one of Nicol Bolas, the
   Ravager), even when that is another card's full name.

Matching looks up each capitalised word of the text in an index keyed by a
name's first word, then compares the few candidate names directly, so its cost
grows with the text, not with the number of names.
`bench/link_sample.py` measures precision and recall on the real rulings.
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
_LOWER_WORD = re.compile(r"\b[a-z]+\b")
_CAPITALISED_NEXT = re.compile(r" [A-Z][a-z]")
# What makes the next word a card's name whatever else it could be ("lands named Forest").
_NAMED = re.compile(r"\bnamed (?:[^.;:]{0,40}? (?:or|and) )?[\"“]?$")
_CAPITALISED_LAST = re.compile(r"\b[A-Z][a-z]+$")
# What may come before a sentence's first word, besides the start of the text:
# the end of a sentence, or an opening quote (quoted ability text starts a sentence).
_SENTENCE_END = '.!?:;•\n“"\u2014-'
_OPENERS = " \t'(‘["
# Stretches of text that never hold a card name: mana symbols, rule numbers, URLs.
_NEVER_NAMES = re.compile(r"\{[^{}]*\}|\b\d{3}(?:\.\d+[a-z]*)?\b|(?:https?://|www\.)\S+")
# What follows a set's or a token's name, not a card's ("the Conspiracy set", "Blood tokens").
_NOT_A_CARD_AFTER = re.compile(
    r"(?:™)?(?: creature)? (?:tokens?|set|sets|block|blocks|booster|boosters|expansion|Limited|Draft|Sealed|mechanics"
    r"|Remastered|Timeshifted|Planeswalker Deck|prerelease|release|Prerelease|Release)\b"
)
# Plural of a name ("Glorious Anthems"); a possessive needs nothing: the apostrophe ends the name.
_PLURAL = re.compile(r"e?s\b")

# Game variants, game terms and set names that are or contain a card's name. A card
# named like a set ("Conflux") is told apart by what follows it (_NOT_A_CARD_AFTER).
GAME_PHRASES = (
    "Two-Headed Giant", "Game Loss", "Game Win", "Game Night", "Friday Night Magic", "Commander Draft",
    "Conspiracy Draft", "Conspiracy: Take the Crown", "Ice Age", "Planar Chaos", "Return to Ravnica",
    "Rise of the Eldrazi", "War of the Spark", "Fifth Dawn", "Avacyn Restored", "Shadows over Innistrad",
    "Ravnica Allegiance", "Ravnica: City of Guilds", "Fire and Lightning", "Duel Decks", "Signature Spellbook",
    "Arena League", "Launch Parties", "Release Events",
)  # fmt: skip
_GAME_PHRASES = re.compile("|".join(rf"\b{re.escape(p)}(?!\w)" for p in sorted(GAME_PHRASES, key=len, reverse=True)))

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


class NameMatch(NamedTuple):
    """A card name found in a text: text[start:end] names the card `card_id`."""

    start: int
    end: int
    card_id: str


class _Name(NamedTuple):
    text: str
    card_id: str
    restricted: bool  # rule 3 applies: a single word, matched only mid-sentence
    own: bool = False  # one of the names of the ruling's own card: rules 3, 5 and 6's limits do not apply


class CardNameMatcher:
    """Built once from every card; `find` then returns the names in one ruling's text."""

    def __init__(self, cards: Iterable[Card], *, extra_words: Iterable[str] = (), texts: Iterable[str] | None = None) -> None:
        """`texts` (the rulings, say) tell common words from names: a single-word name that
        they also use in lower case ("opt", "consider") is a name only mid-sentence; one
        they never do ("Brallin") is a name anywhere. Without them, every single word is held back."""
        cards = list(cards)
        vocabulary = set(GAME_WORDS).union(extra_words)
        for card in cards:
            vocabulary.update(_TYPE_WORD.findall(card.type_line))
            for face in card.faces:
                vocabulary.update(_TYPE_WORD.findall(face.type_line))
        common = None if texts is None else {word for text in texts for word in _LOWER_WORD.findall(text)}

        def restricted(name: str) -> bool:
            return " " not in name and (common is None or name.lower() in common)

        self._index: dict[str, list[_Name]] = {}
        self._named: dict[str, list[_Name]] = {}  # names only after "named": the vocabulary's too
        shared = _shared_names(cards)
        for name, card_id in name_aliases(cards).items():
            single = not any(char.isspace() for char in name)
            if single and name in vocabulary:
                if name not in shared:
                    self._add(self._named, _Name(_straight(name), card_id, False))
                continue  # rule 3: "Island" is the land type far more often than the card
            if len(name) < 2 or name in shared:
                continue  # rule 5: "X" is a number; a shared name names no one card
            self._add(self._index, _Name(_straight(name), card_id, restricted(name)))
        known = set(self._index_texts())
        for name, card_id in _short_names(cards).items():
            if not (" " not in name and name in vocabulary) and _straight(name) not in known:
                self._add(self._index, _Name(_straight(name), card_id, restricted(name)))
        for names in self._index.values():
            names.sort(key=lambda n: -len(n.text))
        self._own: dict[str, dict[str, list[_Name]]] = {}
        self._cards = {card.id: card for card in cards}

    def _index_texts(self) -> Iterable[str]:
        return (name.text for names in self._index.values() for name in names)

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
                    self._add(index, _Name(_straight(name), card_id, False, own=True))
                for names in index.values():
                    names.sort(key=lambda n: -len(n.text))
            self._own[card_id] = index
        return index

    def find(self, text: str, card_id: str | None = None) -> list[NameMatch]:
        """The card names in `text`, left to right; `card_id` is the card the text is a ruling of."""
        text = _straight(text)
        own = self._own_index(card_id) if card_id else {}
        blocked = _blocked(text)
        spans: list[NameMatch] = []
        resume = 0
        for word in _CANDIDATE.finditer(text):
            start = word.start()
            if start < resume:
                continue
            first = word.group()
            best = _longest(text, start, own.get(first, ()), None)
            best = _longest(text, start, self._index.get(first, ()), best)
            if best is None and _NAMED.search(text[max(0, start - 60) : start]):
                best = _longest(text, start, self._named.get(first, ()), None)  # "a card named Forest"
            if best is None:
                continue
            name, end = best
            if not name.own and (
                _inside(blocked, start, end) or _NOT_A_CARD_AFTER.match(text, end) or _in_longer_name(text, name, start, end)
            ):
                continue
            spans.append(NameMatch(start, end, name.card_id))
            resume = end
        return spans


def own_names(card: Card) -> list[str]:
    """The names a ruling uses for its own card: full, face and short names (rule 7)."""
    full = [card.name, *(face.name for face in card.faces)]
    names = list(full)
    if card.short_name:
        names.append(card.short_name)
    for name in full:  # "the Mimic" in a ruling of Woodlurker Mimic
        last = name.split(" ")[-1]
        if last != name and "," not in name and last[:1].isupper() and len(last) > 2:
            names.append(last)
    if "Legendary" in card.type_line:
        for name in full:
            # "Nicol Bolas, the Ravager" -> "Nicol Bolas", "Nicol"; "Karn Liberated" -> "Karn".
            words = name.split(", ", 1)[0].split(" ")
            names.extend(" ".join(words[:n]) for n in range(len(words), 0, -1) if words[n - 1][:1].isupper())
    return list(dict.fromkeys(names))


def _short_names(cards: Iterable[Card]) -> dict[str, str]:
    """Short names ("Haldan" for "Haldan, Avid Arcanist") that one legendary card alone goes by -> its id."""
    owners: dict[str, set[str]] = {}
    words: dict[str, set[str]] = {}  # a later word of a name -> the cards with it ("Kenrith": Will Kenrith …)
    full: set[str] = set()
    for card in cards:
        for name, type_line in [(card.name, card.type_line), *((face.name, face.type_line) for face in card.faces)]:
            full.add(name)
            for word in _FIRST_WORD.findall(name)[1:]:
                words.setdefault(word, set()).add(card.id)
            if ", " in name and "Legendary" in type_line:
                owners.setdefault(name.split(", ", 1)[0], set()).add(card.id)
    return {
        name: next(iter(ids))
        for name, ids in owners.items()
        if len(ids) == 1 and name not in full and words.get(name, ids) <= ids
    }


def _shared_names(cards: Iterable[Card]) -> set[str]:
    """Full names that several cards go by."""
    seen: set[str] = set()
    shared: set[str] = set()
    for card in cards:
        (shared if card.name in seen else seen).add(card.name)
    return shared


def _in_longer_name(text: str, name: _Name, start: int, end: int) -> bool:
    """Whether a one-word name is a part of a longer name the index lacks ("Mnemonic Deluge", "Shimmer My[r]")."""
    if " " in name.text:
        return False
    before = text[:start].rstrip(" ")
    after = _CAPITALISED_NEXT.match(text, end)
    return bool(after) or (
        len(before) < start and bool(_CAPITALISED_LAST.search(before)) and not _starts_sentence(text, before.rfind(" ") + 1)
    )


def _blocked(text: str) -> list[tuple[int, int, bool]]:
    """The stretches of `text` where no card name may be (rule 5): (start, end, whether touching one is enough)."""
    never = [(m.start(), m.end(), True) for m in _NEVER_NAMES.finditer(text)]
    return never + [(m.start(), m.end(), False) for m in _GAME_PHRASES.finditer(text)]


def _inside(blocked: list[tuple[int, int, bool]], start: int, end: int) -> bool:
    """Whether a name at text[start:end] touches a mana symbol, rule number or URL, or lies within a game phrase
    ("Return" in "Return to Ravnica", but not "Torment of Hailfire" around a phrase "Torment")."""
    return any((touch and s < end and start < e) or (s <= start and end <= e) for s, e, touch in blocked)


def _straight(text: str) -> str:
    return text.translate(_APOSTROPHES)


def _longest(text: str, start: int, names: Iterable[_Name], best: tuple[_Name, int] | None) -> tuple[_Name, int] | None:
    """The first (longest) of `names` found at `start` and where it ends, if longer than `best`."""
    for name in names:
        if best is not None and len(name.text) <= len(best[0].text):
            return best
        if not text.startswith(name.text, start):
            continue
        end = start + len(name.text)
        if _is_word_char(text, end):
            plural = None if name.own else _PLURAL.match(text, end)
            if plural is None:
                continue
            end = plural.end()
        if name.restricted and _starts_sentence(text, start):
            continue
        return name, end
    return best


def _is_word_char(text: str, index: int) -> bool:
    return index < len(text) and (text[index].isalnum() or text[index] == "_")


def _starts_sentence(text: str, start: int) -> bool:
    index = start - 1
    while index >= 0 and text[index] in _OPENERS:
        index -= 1
    return index < 0 or text[index] in _SENTENCE_END
