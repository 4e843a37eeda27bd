"""Write realistic synthetic bulk card data in both formats, for benchmarks.

    python bench/synth.py OUTDIR [--cards N] [--seed S]

writes OUTDIR/scryfall-oracle-cards.json and OUTDIR/scryfall-rulings.json (the
two Scryfall bulk files) and OUTDIR/mtgjson-AtomicCards.json (MTGJSON). By
default 27,000 cards and about 70,000 Scryfall rulings, the size of the real
data. Same seed, same bytes.

What makes it realistic enough to measure with:
- card objects carry the bulky fields the importers skip (legalities, image and
  price links …), so the files have the real ones' size (the Scryfall cards file
  is over 100 MB);
- ruling texts cite rules that exist in the Comprehensive Rules (`RULES` lists
  those of the 2025 releases), as "See rule 702.19b.", "rules 601.2a–h" or
  "See rule 605, “Mana Abilities.”", and name other cards and their own card
  by its short name;
- some cards have faces (split "Fire // Ice"-like and transform cards), some
  are named like common words ("Opt", "Island");
- MTGJSON repeats most Scryfall rulings by WotC, sometimes with different
  apostrophes, spacing or date, and has a few of its own, so merging has
  duplicates to find.
"""

from __future__ import annotations

import argparse
import json
import random
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, TextIO

# Rules present in both 2025 Comprehensive Rules releases: "section: rule[last subrule letter] …".
# "2i" means rules .2 and .2a–.2i exist (subrule letters skip l and o, as the CR does).
RULES = """
100: 1b 2d 3 4d 5 6b 7
101: 1 2a 3 4e
102: 1 2 3 4
103: 1c 2e 3a 4e 5d 6c 7 8c
104: 1 2d 3k 4i 5 6
105: 1 2c 3 4 5
106: 1b 2 3 4b 5 6a 7 8 9 10 11 12b 13
107: 1c 2 3p 4h 5 6 7 8b 9 10 11 12 13 14 15b 16a 17a 18
108: 1 2b 3b 4a 5 6
109: 1 2d 3 4g 5
110: 1 2b 3 4c 5d
111: 1 2 3 4 5 6 7 8 9 10t 11 12 13
112: 1b 2a 3 4
113: 1c 2d 3d 4 5 6p 7a 8 9 10c 11 12
114: 1 2 3 4 5
115: 1e 2 3 4 5 6 7f 8 9c 10b
116: 1 2m 3
117: 1d 2e 3d 4 5 6 7
118: 1 2 3c 4 5a 6a 7g 8d 9d 10 11 12b 13c 14
119: 1e 2 3 4b 5 6 7 8 9 10
120: 1a 2b 3h 4d 5 6 7 8 9 10
121: 1 2d 3a 4 5 6c 7 8 9
122: 1i 2 3 4 5 6a 7 8 9
123: 1 2c 3d 4 5c 6e 7a 8a 9
200: 1 2 3
201: 1 2c 3c 4g 5c 6
202: 1b 2f 3g 4
203: 1
204: 1 2
205: 1b 2c 3r 4h
206: 1 2 3c 4 5
207: 1 2d 3 4 5
208: 1 2b 3a 4b 5
209: 1 2
210: 1
211: 1
212: 1
213: 1g
300: 1 2b
301: 1 2 3 4 5f 6 7b
302: 1 2 3 4c 5 6 7
303: 1 2 3 4m 5 6 7a
304: 1 2 3 4 5
305: 1 2b 3 4 5 6 7 8 9
306: 1 2 3 4 5d 6 7 8 9
307: 1 2 3 4 5a
308: 1 2 3
309: 1 2d 3 4c 5b 6 7
310: 1 2 3 4c 5 6 7 8g 9 10 11b
311: 1 2 3 4 5 6 7
312: 1 2 3 4 5 6 7
313: 1 2 3 4 5 6 7
314: 1 2 3 4 5 6 7
315: 1 2 3 4 5b 6 7
400: 1 2 3 4b 5 6 7m 8 9 10 11c 12
401: 1 2 3 4 5 6 7
402: 1 2 3
403: 1 2 3 4 5
404: 1 2 3
405: 1 2 3 4 5 6h
406: 1 2 3b 4 5 6 7 8
407: 1 2 3 4
408: 1 2 3
500: 1 2 3 4 5 6 7 8 9 10a 11 12
501: 1
502: 1 2a 3 4
503: 1a 2
504: 1 2
505: 1b 2 3 4 5 6b
506: 1 2b 3f 4e 5 6 7g
507: 1 2
508: 1m 2b 3f 4c 5a 6 7e 8
509: 1i 2a 3g 4b
510: 1e 2 3a 4
511: 1 2 3
512: 1
513: 1a 2
514: 1 2 3a
601: 1a 2i 3f 4 5a 6b 7
602: 1e 2b 3b 4 5e
603: 1a 2i 3d 4 5 6e 7h 8 9 10g 11 12a
604: 1 2 3a 4 5 6 7
605: 1b 2 3c 4a 5b
606: 1 2 3 4 5 6
607: 1d 2q 3 4 5a
608: 1 2p 3g
609: 1 2 3 4b 5 6 7c
610: 1 2 3d 4d
611: 1 2f 3d
612: 1 2a 3 4 5 6 7 8 9 10
613: 1g 2c 3 4d 5 6 7m 8c 9 10 11
614: 1e 2 3 4 5 6 7a 8 9 10b 11b 12b 13c 14 15 16 17d
615: 1a 2 3 4 5 6 7 8 9 10 11 12a 13
616: 1g 2
700: 1 2i 3d 4 5a 6 7 8d 9 10 11 12a 13 14 15
701: 1 2a 3d 4b 5b 6b 7c 8c 9c 10g 11c 12h 13a 14d 15d 16a 17d 18e 19c 20e 21a 22d 23j 24g 25d 26b
     27g 28f 29a 30d 31d 32c 33b 34b 35a 36b 37c 38d 39a 40h 41a 42c 43d 44d 45a 46a 47d 48a 49d 50e
     51c 52a 53b 54e 55d 56a 57c 58h 59c 60d 61a 62b 63b
702: 1d 2f 3c 4e 5d 6e 7d 8b 9c 10d 11h 12c 13c 14e 15f 16p 17c 18b 19g 20c 21b 22m 23c 24b 25b 26p
     27a 28c 29f 30b 31c 32a 33h 34a 35c 36c 37g 38b 39b 40b 41b 42b 43b 44d 45b 46b 47e 48c 49d 50b
     51d 52b 53b 54c 55c 56b 57b 58b 59a 60b 61c 62d 63c 64c 65b 66c 67c 68b 69b 70b 71a 72c 73a 74a
     75b 76a 77b 78b 79a 80d 81a 82c 83b 84a 85c 86b 87c 88c 89b 90f 91b 92a 93a 94b 95e 96c 97a 98a
     99c 100d 101b 102d 103g 104b 105b 106f 107a 108b 109a 110b 111c 112c 113b 114a 115b 116b 117a
     118c 119c 120a 121b 122d 123b 124n 125c 126c 127a 128b 129a 130b 131d 132a 133a 134c 135b 136b
     137a 138d 139c 140f 141a 142b 143f 144a 145g 146b 147a 148b 149c 150a 151b 152b 153b 154d 155c
     156a 157b 158e 159b 160a 161a 162a 163a 164c 165d 166d 167c 168f 169d 170f 171c 172b 173a 174m
     175b 176a 177b 178b 179f 180b 181a 182a 183a
703: 1a 2 3 4q
704: 1a 2 3 4 5z 6f 7 8
705: 1 2 3
706: 1b 2b 3c 4 5 6 7 8c
707: 1 2c 3 4 5 6 7 8a 9g 10g 11 12 13 14
708: 1 2b 3 4 5 6 7 8 9 10 11 12
709: 1 2 3c 4d 5j
710: 1c 2 3 4 5
711: 1 2b 3 4 5 6 7
712: 1 2c 3c 4b 5g 6 7 8g 9 10 11d 12 13a 14c 15a 16 17 18 19 20 21e
713: 1 2c 3 4 5
714: 1a 2e 3b 4
715: 1 2c 3d 4 5
716: 1 2d 3 4
717: 1 2b 3 4 5 6a
718: 1 2a 3d 4 5
719: 1 2 3c
720: 1 2c 3d 4 5
721: 1 2 3 4
722: 1b 2
723: 1 2
724: 1 2 3 4 5
725: 1 2 3 4 5
726: 1a
727: 1a
728: 1 2c 3
729: 1 2c
730: 1a 2c
731: 1 2
800: 1 2 3 4p 5 6 7
801: 1 2d 3 4 5c 6 7a 8 9 10 11 12 13b 14 15 16 17 18
802: 1 2a 3b 4b 5
803: 1b
804: 1 2
805: 1 2 3b 4d 5b 6a 7 8 9 10f
806: 1 2c 3
807: 1 2c 3 4j 5b
808: 1 2 3b 4 5
809: 1 2 3c 4 5c 6a 7
810: 1 2 3 4 5 6 7 8d 9h 10d 11
811: 1 2c 3 4 5
900: 1 2
901: 1 2 3a 4 5 6 7a 8 9d 10b 11c 12d 13 14b 15c
902: 1 2 3 4 5b 6 7
903: 1 2 3e 4f 5d 6 7 8 9c 10a 11 12h 13g
904: 1 2b 3 4 5 6 7 8 9 10 11 12c 13d
905: 1d 2c 3 4a 5 6
"""
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"
SECTION_TITLES = {
    "605": "Mana Abilities", "702": "Keyword Abilities", "601": "Casting Spells",
    "603": "Handling Triggered Abilities", "613": "Interaction of Continuous Effects",
    "614": "Replacement Effects", "302": "Creatures", "704": "State-Based Actions",
    "117": "Timing and Priority", "111": "Tokens", "107": "Numbers and Symbols",
    "608": "Resolving Spells and Abilities", "712": "Double-Faced Cards", "707": "Copying Objects",
    "115": "Targets",
}  # fmt: skip


def _words(text: str) -> list[str]:
    return text.split()


# Words that card names are made of. Invented given names come from syllables.
ADJECTIVES = _words(
    """
Ancient Ashen Blazing Bloodthirsty Brazen Burning Cackling Crimson Cruel Cunning Dauntless Dire
Dread Drowned Dusk Eager Elder Emberheart Eternal Fearless Feral Fiery Frenzied Gilded Gleaming
Glorious Grim Hallowed Haunted Hidden Hollow Howling Hungry Iron Jade Keen Lost Loyal Luminous
Mad Majestic Mighty Mirrored Mystic Noble Obsidian Pale Patient Primal Proud Radiant Raging
Reckless Restless Righteous Rising Roaring Ruthless Sacred Savage Scarred Searing Serene Shadow
Shattered Shimmering Silent Silver Sinister Skyward Solemn Somber Soulbound Spectral Stalwart
Steadfast Stone Storm Sunlit Swift Tangled Thundering Timeless Tireless Twisted Unbroken Unyielding
Valiant Veiled Vengeful Verdant Vicious Vigilant Wandering Wild Wicked Winged Wise Withered Woeful
"""
)
NOUNS = _words(
    """
Acolyte Adept Altar Angel Archer Archivist Automaton Avenger Banner Bargain Beacon Behemoth Blade
Bloom Bond Brute Cache Caller Captain Cartographer Cavalier Chant Champion Chronicler Cleric Colossus
Conduit Crusader Cultist Curator Dervish Diviner Dragon Drake Druid Duelist Effigy Emissary Engine
Envoy Familiar Fiend Gargoyle Gatekeeper Ghoul Giant Golem Guardian Harbinger Herald Hermit Hound
Hunter Hydra Idol Infiltrator Inquisitor Keeper Knight Lancer Lantern Lich Marauder Mentor Mystic
Nomad Oracle Outcast Paladin Pathfinder Pilgrim Prophet Raider Ranger Reaver Revenant Ritualist
Rogue Sage Scavenger Scholar Scout Sentinel Seer Serpent Shaman Shepherd Skirmisher Smith Specter
Sphinx Stalker Strider Summoner Tactician Thief Tinkerer Titan Totem Tracker Trickster Vanguard
Vessel Warden Warlord Wayfinder Weaver Whisperer Wraith Wurm Zealot
"""
)
SPELL_NOUNS = _words(
    """
Ambush Anthem Banishment Benediction Blessing Blight Bolt Burst Cataclysm Charm Command Conflagration
Covenant Curse Decree Defiance Deluge Descent Edict Embrace Epiphany Eruption Exodus Feast Fury Gambit
Grasp Growth Harvest Hex Insight Invocation Judgment Lament Onslaught Pact Plunder Providence Rebuke
Reckoning Renewal Revelation Rite Ruin Salvage Sanctuary Scheme Siege Strike Surge Tempest Torment
Tribute Triumph Upheaval Vengeance Verdict Vision Volley Ward Whirlwind Wrath
"""
)
PLACES = _words(
    """
Gix Thran Keld Zhalfir Benalia Dominaria Kamigawa Ravnica Zendikar Innistrad Kaladesh Theros Amonkhet
Ixalan Eldraine Kaldheim Strixhaven Tarkir Alara Mirrodin Lorwyn Shadowmoor Fiora Ikoria Tolaria
Yavimaya Llanowar Shiv Urborg Jamuraa Otaria Karoo Esper Naya Jund Bant Grixis Sedge Ashmouth
"""
)
TITLES = _words(
    """
Disciple Champion Keeper Herald Voice Scourge Warden Seeker Bane Hand Heir Master Exile Lord Lady
Architect Shepherd Breaker Wielder Reaper Prophet Speaker Sovereign Captain Shield
"""
)
SYLLABLES = _words("ra ro na lae li a el dar ko veth sa mi tor gis ul an ka zo ri ven thal mor is eb yu dra")
# Single-word names that are also ordinary or game words: the matcher must not link their every use.
COMMON_WORD_NAMES = _words(
    """
Opt Fog Shock Recall Balance Justice Duress Regrowth Counterspell Exile Sacrifice Flash Fear Channel
Panic Flood Drought Hurricane Earthquake Tsunami Armageddon Peace Mercy Erosion Twiddle Reprisal
"""
)
BASIC_LANDS = {"Plains": "Plains", "Island": "Island", "Swamp": "Swamp", "Mountain": "Mountain", "Forest": "Forest"}
CREATURE_TYPES = _words(
    "Human Elf Goblin Merfolk Zombie Spirit Vampire Angel Dragon Wizard Warrior Cleric Rogue Knight Soldier Artificer"
)
COLORS = "WUBRG"
FORMATS = _words(
    "standard future historic timeless gladiator pioneer explorer modern legacy pauper vintage penny "
    "commander oathbreaker standardbrawl brawl alchemy paupercommander duel oldschool premodern predh"
)

# Ruling sentences. {self} is how a ruling names its own card, {other} another card.
PLAIN = [
    "{self} can't be countered by spells or abilities that counter only activated abilities.",
    "If {self} leaves the battlefield before its triggered ability resolves, the ability still resolves.",
    "The cards exiled with {self} are exiled face up.",
    "You must follow the normal timing permissions and restrictions while casting the exiled card.",
    "If a spell or ability causes you to put {self} onto the battlefield, its enters ability will still trigger.",
    "You choose the target as you put the triggered ability on the stack, and it must be legal as it resolves.",
    "Once you begin to cast a card this way, losing control of {self} won\u2019t affect the spell.",
    "If the target becomes illegal before the ability resolves, the ability won't resolve and none of its effects happen.",
    "The value of X is determined as the ability resolves, not as it's put on the stack.",
    "{self}'s ability is a mana ability. It doesn't use the stack and can't be responded to.",
    "If {self} is dealt lethal damage at the same time it would get a counter, it's destroyed before the counter is put on it.",
    "The copy is created on the stack, so it's not \u201ccast.\u201d Abilities that trigger on casting a spell won't trigger.",
    "Each player chooses in turn order, starting with you. Each player will know the choices made by players before them.",
    "If you control two copies of {self}, each of their abilities triggers separately.",
    "Counting the cards happens as the ability resolves. If there are none, the ability does nothing.",
    "The exiled cards aren\u2019t in your hand, so you can't cycle them, discard them, or activate their abilities.",
    "You may pay alternative costs, such as that of an evoke ability, but not more than one.",
    "If {self} becomes a copy of another creature, it keeps none of its abilities.",
    "Damage dealt by {self} to a creature is dealt simultaneously with other combat damage.",
    "The effect lasts until end of turn, even if {self} leaves the battlefield before then.",
    "Damage remains marked on a creature until the turn ends, so nonlethal damage dealt earlier may combine with this damage.",
    "If you cast a spell this way, you still pay its mana cost and any additional costs.",
    "A player may respond to the triggered ability by activating abilities or casting instants.",
    "Tokens created this way enter tapped and attacking. They were never declared as attackers.",
]
RULE_SENTENCES = [
    "See rule {rule}.",
    "(See rule {rule}.)",
    "This is an exception to rule {rule}.",
    "For more information, see rules {range}.",
    "This follows the normal process for casting a spell; see rules {range}.",
    "See rule {section}, \u201c{title}.\u201d",
    "The rules for this appear in rule {rule} and rule {rule2}.",
]
OTHER_SENTENCES = [
    "You may also pay alternative costs such as that granted by {other}.",
    "If {other} is on the battlefield, its effect applies to {self} as well.",
    "For example, if you control {other}, the ability triggers twice.",
    "{other} and {self} each have their own replacement effect; you choose the order in which they apply.",
]


@dataclass
class SynthCard:
    oracle_id: str
    name: str
    short: str
    type_line: str
    mana_cost: str
    text: str
    layout: str = "normal"
    faces: list[dict[str, str]] = field(default_factory=list)
    power: str | None = None
    toughness: str | None = None
    released: date = date(2000, 1, 1)


@dataclass
class SynthRuling:
    oracle_id: str
    source: str
    published: date
    text: str


class Synth:
    """The generator: cards first, then rulings that refer to them."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.rules = _parse_rules()
        self.names: set[str] = set()

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def given_name(self) -> str:
        return "".join(self.rng.choice(SYLLABLES) for _ in range(self.rng.randint(2, 3))).capitalize()

    def unique(self, make: Any) -> str:
        for _ in range(1000):
            name = make()
            key = name.lower()
            if key not in self.names:
                self.names.add(key)
                return str(name)
        raise RuntimeError("could not invent a new card name")

    def cost(self) -> str:
        generic = self.rng.choice(["", "{1}", "{2}", "{3}", "{4}", "{X}"])
        return generic + "".join(f"{{{self.rng.choice(COLORS)}}}" for _ in range(self.rng.randint(1, 3)))

    def creature(self, name: str, supertype: str = "") -> SynthCard:
        kinds = " ".join(self.rng.sample(CREATURE_TYPES, 2))
        text = self.rng.choice(
            [
                "Flying\nWhen {n} enters, draw a card.",
                "Haste\nWhenever {n} attacks, exile the top card of your library. You may play that card this turn.",
                "{T}: Add one mana of any color.",
                "When {n} enters, you may exile target card from a graveyard.",
                "Whenever you cast a noncreature spell, put a +1/+1 counter on {n}.",
            ]
        ).replace("{n}", name)
        return SynthCard(
            self.uuid(), name, name, f"{supertype}Creature \u2014 {kinds}".strip(), self.cost(), text,
            power=str(self.rng.randint(0, 6)), toughness=str(self.rng.randint(1, 6)),
        )  # fmt: skip

    def card(self, index: int) -> SynthCard:
        rng = self.rng
        roll = rng.random()
        if index < len(BASIC_LANDS):
            name = list(BASIC_LANDS)[index]
            self.names.add(name.lower())
            return SynthCard(self.uuid(), name, name, f"Basic Land \u2014 {name}", "", "")
        if index - len(BASIC_LANDS) < len(COMMON_WORD_NAMES):
            name = COMMON_WORD_NAMES[index - len(BASIC_LANDS)]
            self.names.add(name.lower())
            return SynthCard(self.uuid(), name, name, "Instant", self.cost(), "Scry 1.\nDraw a card.")
        if roll < 0.18:  # legendary creature: "Rona, Disciple of Gix"
            name = self.unique(lambda: f"{self.given_name()}, {rng.choice(TITLES)} of {rng.choice(PLACES)}")
            card = self.creature(name, "Legendary ")
            card.short = name.split(",")[0]
            return card
        if roll < 0.22:  # split card
            left, right = self.split_face_name(), self.split_face_name()
            faces = [self.face(left, "Instant"), self.face(right, "Sorcery")]
            name = self.unique(lambda: f"{left} // {right}")
            return SynthCard(
                self.uuid(), name, name, "Instant // Sorcery", " // ".join(f["mana_cost"] for f in faces), "",
                layout="split", faces=faces,
            )  # fmt: skip
        if roll < 0.26:  # transform card
            front = self.unique(self.creature_name)
            back = self.unique(self.creature_name)
            faces = [self.face(front, "Creature \u2014 Human Werewolf"), self.face(back, "Creature \u2014 Werewolf")]
            faces[1]["mana_cost"] = ""
            name = f"{front} // {back}"
            return SynthCard(
                self.uuid(), name, front, f"{faces[0]['type_line']} // {faces[1]['type_line']}", "", "",
                layout="transform", faces=faces,
            )  # fmt: skip
        if roll < 0.60:
            return self.creature(self.unique(self.creature_name))
        if roll < 0.85:
            name = self.unique(lambda: f"{rng.choice(SPELL_NOUNS)} of {rng.choice(['the ', ''])}{rng.choice(NOUNS + PLACES)}")
        else:
            name = self.unique(lambda: f"{self.given_name()}'s {rng.choice(SPELL_NOUNS)}")
        kind = rng.choice(["Instant", "Sorcery", "Enchantment", "Artifact"])
        text = rng.choice(["Draw two cards.", "Destroy target creature.", "Counter target spell.", "Create a 1/1 token."])
        return SynthCard(self.uuid(), name, name, kind, self.cost(), text)

    def creature_name(self) -> str:
        """'Valiant Paladin', 'Keld Paladin', 'Valiant Keld Paladin'."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.5:
            return f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}"
        if roll < 0.7:
            return f"{rng.choice(PLACES)} {rng.choice(NOUNS)}"
        return f"{rng.choice(ADJECTIVES)} {rng.choice(PLACES)} {rng.choice(NOUNS)}"

    def split_face_name(self) -> str:
        """Split cards' faces are often one word ("Fire // Ice"); there are only so many words."""
        unused = [word for word in SPELL_NOUNS if word.lower() not in self.names]
        if unused and self.rng.random() < 0.3:
            word = self.rng.choice(unused)
            self.names.add(word.lower())
            return word
        return self.unique(lambda: f"{self.rng.choice(ADJECTIVES)} {self.rng.choice(SPELL_NOUNS)}")

    def face(self, name: str, type_line: str) -> dict[str, str]:
        text = self.rng.choice(["Draw a card.", "{n} deals 3 damage to any target.", "Tap target permanent."])
        face = {"name": name, "mana_cost": self.cost(), "type_line": type_line, "oracle_text": text.replace("{n}", name)}
        if type_line.startswith("Creature"):
            face |= {"power": str(self.rng.randint(1, 5)), "toughness": str(self.rng.randint(1, 5))}
        return face

    # -- rulings --------------------------------------------------------------

    def rule(self) -> str:
        section, number, last = self.rng.choice(self.rules)
        if last and self.rng.random() < 0.7:
            return f"{section}.{number}{self.rng.choice(SUBRULE_LETTERS[: SUBRULE_LETTERS.index(last) + 1])}"
        return f"{section}.{number}"

    def rule_range(self) -> str:
        ranged = [(s, n, last) for s, n, last in self.rules if last and last > "b"]
        section, number, last = self.rng.choice(ranged)
        end = SUBRULE_LETTERS.index(last)
        start = self.rng.randrange(0, end)
        return f"{section}.{number}{SUBRULE_LETTERS[start]}\u2013{SUBRULE_LETTERS[self.rng.randint(start + 1, end)]}"

    def ruling_text(self, card: SynthCard, cards: list[SynthCard]) -> str:
        rng = self.rng
        this = card.short if rng.random() < 0.8 else card.name
        parts = [rng.choice(PLAIN).format(self=this)]
        if rng.random() < 0.12:
            other = rng.choice(cards)
            parts.append(rng.choice(OTHER_SENTENCES).format(self=this, other=other.name))
        if rng.random() < 0.35:
            section = rng.choice(list(SECTION_TITLES))
            parts.append(
                rng.choice(RULE_SENTENCES).format(
                    rule=self.rule(), rule2=self.rule(), range=self.rule_range(), section=section,
                    title=SECTION_TITLES[section],
                )
            )  # fmt: skip
        return " ".join(parts)

    def rulings(self, cards: list[SynthCard], total: int) -> Iterator[SynthRuling]:
        """About `total` rulings: most cards have none or a few, some have a dozen."""
        mean = total / len(cards)
        for card in cards:
            count = min(int(self.rng.expovariate(1 / (mean + 0.5))), 25)  # int() rounds down by 0.5 on average
            if card.name in BASIC_LANDS:
                continue  # basic lands have no rulings of their own
            day = card.released
            said: set[str] = set()  # a card's rulings all differ, as real ones do
            for _ in range(count):
                if self.rng.random() < 0.3:
                    day += timedelta(days=self.rng.randint(30, 900))
                source = "wotc" if self.rng.random() < 0.85 else "scryfall"
                text = self.ruling_text(card, cards)
                while text in said:
                    text = self.ruling_text(card, cards)
                said.add(text)
                yield SynthRuling(card.oracle_id, source, day, text)


def _parse_rules() -> list[tuple[str, str, str]]:
    """RULES as (section, rule number, last subrule letter or '')."""
    rules = []
    for line in RULES.strip().splitlines():
        if ":" in line:
            section, line = line.split(":")
        for item in line.split():
            number = item.rstrip(SUBRULE_LETTERS)
            rules.append((section.strip(), number, item[len(number) :]))
    return rules


# -- writing ------------------------------------------------------------------------


def scryfall_card(card: SynthCard, rng: random.Random) -> dict[str, Any]:
    scry_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    images = {size: f"https://cards.scryfall.io/{size}/front/{scry_id[0]}/{scry_id[1]}/{scry_id}.jpg" for size in
              ("small", "normal", "large", "png", "art_crop", "border_crop")}  # fmt: skip
    obj: dict[str, Any] = {
        "object": "card",
        "id": scry_id,
        "oracle_id": card.oracle_id,
        "multiverse_ids": [rng.randint(1, 700000)],
        "name": card.name,
        "lang": "en",
        "released_at": card.released.isoformat(),
        "uri": f"https://api.scryfall.com/cards/{scry_id}",
        "scryfall_uri": f"https://scryfall.com/card/syn/{rng.randint(1, 400)}/{card.name.lower().replace(' ', '-')}",
        "layout": card.layout,
        "highres_image": True,
        "image_status": "highres_scan",
        "image_uris": images,
        "mana_cost": card.mana_cost,
        "cmc": float(card.mana_cost.count("{")),
        "type_line": card.type_line,
        "oracle_text": card.text,
        "power": card.power,
        "toughness": card.toughness,
        "colors": sorted({c for c in card.mana_cost if c in COLORS}),
        "color_identity": sorted({c for c in card.mana_cost if c in COLORS}),
        "keywords": [],
        "legalities": {f: rng.choice(["legal", "not_legal", "banned"]) for f in FORMATS},
        "games": ["paper", "arena", "mtgo"],
        "set": "syn",
        "set_name": "Synthetic Set",
        "collector_number": str(rng.randint(1, 400)),
        "rarity": rng.choice(["common", "uncommon", "rare", "mythic"]),
        "artist": f"{rng.choice(PLACES)} {rng.choice(TITLES)}",
        "prices": {"usd": f"{rng.random() * 20:.2f}", "usd_foil": None, "eur": f"{rng.random() * 20:.2f}", "tix": None},
        "related_uris": {k: f"https://example.org/{k}/{scry_id}" for k in ("gatherer", "edhrec", "tcgplayer_infinite")},
        "purchase_uris": {k: f"https://example.org/buy/{k}/{scry_id}" for k in ("tcgplayer", "cardmarket", "cardhoarder")},
        "rulings_uri": f"https://api.scryfall.com/cards/{scry_id}/rulings",
        "prints_search_uri": f"https://api.scryfall.com/cards/search?order=released&q=oracleid%3A{card.oracle_id}&unique=prints",
        "set_id": "5f8b2b3c-1b1a-4c1e-9a43-0d1e2f3a4b5c",
        "set_uri": "https://api.scryfall.com/sets/5f8b2b3c-1b1a-4c1e-9a43-0d1e2f3a4b5c",
        "set_search_uri": "https://api.scryfall.com/cards/search?order=set&q=e%3Asyn&unique=prints",
        "set_type": "expansion",
        "card_back_id": "0aeebaf5-8c7d-4636-9e82-8c27447861f7",
        "artist_ids": [str(uuid.UUID(int=rng.getrandbits(128), version=4))],
        "illustration_id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        "flavor_text": "Synthetic flavor text: " + " ".join(rng.choice(ADJECTIVES).lower() for _ in range(rng.randint(10, 40))),
        "border_color": "black",
        "frame": "2015",
        "finishes": ["nonfoil", "foil"],
        "produced_mana": sorted({c for c in card.mana_cost if c in COLORS}) or None,
        "edhrec_rank": rng.randint(1, 30000),
        "penny_rank": rng.randint(1, 30000),
        **dict.fromkeys(("foil", "nonfoil", "booster", "reprint", "digital", "full_art", "textless", "oversized"), False),
        **dict.fromkeys(("promo", "reserved", "variation", "story_spotlight", "game_changer"), False),
    }
    if card.faces:
        for key in ("oracle_text", "power", "toughness") + (("mana_cost",) if card.layout == "transform" else ()):
            obj.pop(key, None)
        obj["card_faces"] = [{"object": "card_face", **face} for face in card.faces]
    return {key: value for key, value in obj.items() if value is not None}


def mtgjson_faces(card: SynthCard, rulings: list[dict[str, str]], rng: random.Random) -> list[dict[str, Any]]:
    common = {
        "identifiers": {"scryfallOracleId": card.oracle_id},
        "layout": card.layout,
        "legalities": {f: rng.choice(["Legal", "Banned"]) for f in FORMATS[:12]},
        "printings": sorted(rng.sample(["SYN", "SY2", "SY3", "SY4", "SY5", "SY6"], rng.randint(1, 4))),
        "foreignData": [
            {"language": lang, "name": f"{card.name} ({lang})", "text": card.text, "type": card.type_line}
            for lang in ("German", "French", "Italian", "Spanish", "Japanese", "Portuguese (Brazil)")
        ],
        "purchaseUrls": {k: f"https://mtgjson.com/links/{rng.getrandbits(64):016x}" for k in ("cardKingdom", "tcgplayer")},
        "colorIdentity": sorted({c for c in card.mana_cost if c in COLORS}),
        "manaValue": float(card.mana_cost.count("{")),
        "firstPrinting": "SYN",
        "edhrecRank": rng.randint(1, 30000),
        "rulings": rulings,
    }
    if not card.faces:
        face = {"name": card.name, "manaCost": card.mana_cost, "type": card.type_line, "text": card.text}
        if card.power is not None:
            face |= {"power": card.power, "toughness": card.toughness}
        return [face | common]
    out = []
    for side, face in zip("ab", card.faces, strict=True):
        obj = {"name": card.name, "faceName": face["name"], "side": side, "manaCost": face["mana_cost"],
               "type": face["type_line"], "text": face["oracle_text"]}  # fmt: skip
        if "power" in face:
            obj |= {"power": face["power"], "toughness": face["toughness"]}
        out.append(obj | common)
    return out


def _retouch(text: str, rng: random.Random) -> str:
    """The same ruling as another source might print it: other apostrophes or spacing."""
    roll = rng.random()
    if roll < 0.3:
        return text.replace("'", "\u2019")
    if roll < 0.4:
        return text.replace(". ", ".  ", 1)
    return text


def write_array(path: Path, items: Iterator[dict[str, Any]]) -> int:
    """A JSON array with one element per line, as Scryfall writes its bulk files."""
    count = 0
    with path.open("w", encoding="utf-8") as out:
        out.write("[")
        for item in items:
            out.write(",\n" if count else "\n")
            out.write(json.dumps(item, ensure_ascii=False, separators=(",", ":")))
            count += 1
        out.write("\n]\n")
    return count


def write_mtgjson(out: TextIO, entries: Iterator[tuple[str, list[dict[str, Any]]]]) -> None:
    """Minified, as MTGJSON publishes AtomicCards."""
    out.write('{"meta":{"date":"2025-09-19","version":"5.2.2+synthetic"},"data":{')
    for number, (name, faces) in enumerate(entries):
        out.write("," if number else "")
        out.write(json.dumps(name, ensure_ascii=False) + ":" + json.dumps(faces, ensure_ascii=False, separators=(",", ":")))
    out.write("}}")


def generate(outdir: Path, cards: int = 27_000, seed: int = 1) -> dict[str, int]:
    """Write the three files into `outdir`; returns counts of what was written."""
    outdir.mkdir(parents=True, exist_ok=True)
    synth = Synth(seed)
    card_list = [synth.card(i) for i in range(cards)]
    for card in card_list:
        card.released = date(1993, 8, 5) + timedelta(days=synth.rng.randint(0, 11_500))
    rulings = list(synth.rulings(card_list, round(cards * 70_000 / 27_000)))
    rng = random.Random(seed + 1)  # the bulky fields come from their own stream: same cards whatever they hold
    write_array(outdir / "scryfall-oracle-cards.json", (scryfall_card(card, rng) for card in card_list))
    write_array(
        outdir / "scryfall-rulings.json",
        ({"object": "ruling", "oracle_id": r.oracle_id, "source": r.source, "published_at": r.published.isoformat(),
          "comment": r.text} for r in rulings),
    )  # fmt: skip
    by_card: dict[str, list[dict[str, str]]] = {}
    duplicated = own = 0
    for ruling in rulings:
        if ruling.source != "wotc" or rng.random() < 0.1:
            continue  # MTGJSON has the WotC rulings, and misses a few
        day = ruling.published + timedelta(days=1) if rng.random() < 0.03 else ruling.published
        by_card.setdefault(ruling.oracle_id, []).append({"date": day.isoformat(), "text": _retouch(ruling.text, rng)})
        duplicated += 1
    for card in rng.sample(card_list, len(card_list) // 30):
        by_card.setdefault(card.oracle_id, []).append({"date": "2024-08-02", "text": synth.ruling_text(card, card_list)})
        own += 1
    with (outdir / "mtgjson-AtomicCards.json").open("w", encoding="utf-8") as out:
        write_mtgjson(
            out,
            ((card.name, mtgjson_faces(card, by_card.get(card.oracle_id, []), rng))
             for card in sorted(card_list, key=lambda c: c.name)),
        )  # fmt: skip
    return {"cards": len(card_list), "scryfall_rulings": len(rulings), "mtgjson_duplicates": duplicated,
            "mtgjson_only": own}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--cards", type=int, default=27_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = generate(args.outdir, args.cards, args.seed)
    sizes = {p.name: p.stat().st_size for p in sorted(args.outdir.glob("*.json"))}
    print(", ".join(f"{k}: {v:,}" for k, v in counts.items()))
    for name, size in sizes.items():
        print(f"{name}: {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
