"""How both searches read text: folding, tokens, stop words and the stemmer, defined once.

The terminal search (`kb.search`) and the site's search (kb-search.js) must cut
a query into the same terms as the index was cut into, or the same query finds
different records. So the rules live here, as data, and `browser_rules()` hands
them to the browser's script through the index's meta.js: the script has no
word list or suffix rule of its own (tests/test_search_text.py runs both).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from kb.symbols import SYMBOLS

# Characters NFKD leaves alone that a reader treats as others: ligatures spelled
# out, apostrophes dropped ("Jodah's" -> "jodahs"), dashes and quotes between words.
FOLD = {
    "æ": "ae",
    "œ": "oe",
    "ß": "ss",
    "ø": "o",
    "ł": "l",
    "’": "",
    "'": "",
    "‘": "",
    "—": " ",
    "–": " ",
    "“": " ",
    "”": " ",
    "−": "-",
}

# Split symbols as players also type them, each to the symbol's term: without braces ("r/p", "2/w") and with the
# halves in either order ("{U/W}" is the rules' {W/U}, "p/r" their {R/P}).
SYMBOL_SPELLINGS = {
    spelling: "{" + symbol.lower() + "}"
    for symbol in SYMBOLS
    if "/" in symbol
    for first, second, *rest in [symbol.lower().split("/")]
    for spelling in ("/".join([first, second, *rest]), "/".join([second, first, *rest]))
}

# A term: a mana or other symbol as written ("{T}", "{W/U}", "{2/B}", "{CHAOS}", or "r/p": SYMBOL_SPELLINGS),
# a loyalty cost as written ("[+1]", "[−X]", "[0]"; a sign and a number standing alone, "+1" or "−2", as players type it
# and cards print it: `written_words` brackets it), a power/toughness change ("+1/+1", "-1/-1", "+x/+0": a +1/+1 counter is not a
# -1/-1 one), a rule number kept whole ("302.6", "107.3i"), a word that
# introduces a rule number written against it ("CR702.9": "cr", "702.9"),
# letters with a full stop after each ("E.T.B.", "e.g.": `written_words` drops
# the stops), a run of letters and digits, or ∞, the keyword of Infinity cards
# (702.186), which is no letter. Written in the syntax Python's re and JavaScript's RegExp read alike. The lookahead
# before the list of spellings keeps it cheap: without it, tokenizing the CR took twice as long.
TOKEN_PATTERN = (
    r"\{[a-z0-9/]{1,8}\}|(?<![0-9a-z/])(?=[wubrgcp2]/)(?:"
    + "|".join(sorted(SYMBOL_SPELLINGS, key=len, reverse=True))
    + r")(?![0-9a-z/])|\[[+-]?[0-9x]{1,3}\]|[+-][0-9x]+/[+-][0-9x]+|(?<![0-9a-z])[+-][0-9x]{1,3}(?![0-9a-z/.])"
    r"|[0-9]+(?:\.[0-9]+[a-z]?)?"
    r"|(?:cr|rules?|section)(?=[0-9]+\.)|[a-z](?:\.[a-z])+\.?|[a-z0-9]+|∞|\*"
)
_TOKEN = re.compile(TOKEN_PATTERN)


def _split_symbol_kind(term: str) -> str:
    """What the rules call a split symbol: "{2/w}" monocolored hybrid, "{w/u}" hybrid, "{w/p}" phyrexian, "{w/u/p}" both."""
    halves = term.strip("{}").split("/")
    if halves[-1] != "p":
        return "monocolored hybrid" if halves[0] == "2" else "hybrid"
    return "hybrid phyrexian" if len(halves) == 3 else "phyrexian"


# A symbol is also read as what the rules call it, in rule text and in queries alike: "mana value of {2/W}" asks what
# the rules say of hybrid symbols ("use the largest component of each hybrid symbol"), which name the kind of symbol,
# not each one. Split symbols by their halves; the others by name.
SYMBOL_NAMES = {
    **{term: f"{term} {_split_symbol_kind(term)}" for term in sorted(set(SYMBOL_SPELLINGS.values()))},
    **{
        f"{{{code}}}": f"{{{code}}} {name}"
        for code, name in (("t", "tap"), ("q", "untap"), ("c", "colorless"), ("s", "snow"), ("e", "energy"))
    },
}

# Symbols named by their letters ("the Q symbol", "pw symbol"), read as the symbol itself.
_NAMED_SYMBOLS = {
    f"{code} symbol": SYMBOL_NAMES.get(f"{{{code}}}", f"{{{code}}}")
    for code in ("w", "u", "b", "r", "g", "c", "s", "t", "q", "e", "x", "y", "z", "h", "p", "pw", "tk", "chaos")
}

# How players say what the rules say in other words: each phrase (as folded
# words) is read as the rules' wording, in rule text and in queries alike, so
# "lose at the same time" finds "lose simultaneously". Only phrases whose
# meaning is the same wherever they occur; names of records go in
# content/search/aliases.yaml instead.
PHRASES = {
    "at the same time": "simultaneously",
    "same time": "simultaneously",
    "goes first": "plays first",
    "go first": "plays first",
    "going first": "plays first",
    "on the play": "plays first",
    "comes into play": "enters the battlefield",
    "come into play": "enters the battlefield",
    "came into play": "entered the battlefield",
    "enters play": "enters the battlefield",
    "put into play": "put onto the battlefield",
    "leaves play": "leaves the battlefield",
    "leave play": "leaves the battlefield",
    "left play": "leaves the battlefield",
    "gets priority": "receives priority",
    "get priority": "receives priority",
    "zero": "0",
    "no": "0",
    # The rules put a card into a graveyard; players say it goes there.
    "go to the graveyard": "put into graveyard",
    "goes to the graveyard": "put into graveyard",
    "went to the graveyard": "put into graveyard",
    "going to the graveyard": "put into graveyard",
    "gone to the graveyard": "put into graveyard",
    # A player's "deck" in play is the rules' library (a deck is what a player builds).
    **{
        f"{where} {whose} deck": f"{where} library"
        for where in ("top of", "bottom of", "from", "search", "shuffle", "into")
        for whose in ("my", "your", "their", "the", "a", "his", "her")
    },
    "empty deck": "empty library",
    "in play": "on the battlefield",
    "on the field": "on the battlefield",
    "life points": "life",
    **dict.fromkeys(["bring back", "brings back", "brought back", "bringing back"], "return"),
    **dict.fromkeys(["use an ability", "use its ability", "use the ability", "use abilities"], "activate ability"),
    # What "dies" means (rule 700.4): the rules' long form says it too.
    "put into a graveyard from the battlefield": "put into graveyard from battlefield dies",
    "put into your graveyard from the battlefield": "put into graveyard from battlefield dies",
    "put into a players graveyard from the battlefield": "put into graveyard from battlefield dies",
    "put into its owners graveyard from the battlefield": "put into graveyard from battlefield dies",
    # The rules say both for an object that skips the stack.
    "use the stack": "go on the stack",
    "uses the stack": "go on the stack",
    "using the stack": "go on the stack",
    "goes on the stack": "go on the stack",
    "went on the stack": "go on the stack",
    **_NAMED_SYMBOLS,
    **SYMBOL_NAMES,
}

# Single words read as another word, in text and queries alike: forms of a verb
# the stemmer cannot meet ("died", "dealt", "chosen"), and everyday words for
# what the rules always say one way ("decide" -> "choose", "flyer" -> "flying").
WORD_FORMS = {
    **dict.fromkeys(["die", "died", "dying"], "dies"),
    **dict.fromkeys(["decide", "decides", "decided", "deciding", "chose", "chosen"], "choose"),
    **dict.fromkeys(["flyer", "flyers", "flier", "fliers"], "flying"),
    **dict.fromkeys(["attacker", "attackers"], "attacking"),
    **dict.fromkeys(["swing", "swings", "swinging", "swung"], "attack"),
    **dict.fromkeys(["blocker", "blockers"], "blocking"),
    **dict.fromkeys(["response", "responses"], "respond"),
    **dict.fromkeys(["drew", "drawn"], "draw"),
    **dict.fromkeys(["lost", "losing"], "lose"),
    **dict.fromkeys(["came", "coming"], "come"),
    **dict.fromkeys(["began", "begun"], "begin"),
    **dict.fromkeys(["took", "taken"], "take"),
    **dict.fromkeys(["gave", "given"], "give"),
    # Nouns players use for what the rules say with a verb ("how does regeneration work": "regenerate").
    "regeneration": "regenerate",
    "activation": "activate",
    "resolution": "resolve",
    "destruction": "destroy",
    "transformation": "transform",
    "declaration": "declare",
    "prevention": "prevent",
    "assignment": "assign",
    "payment": "pay",
    **dict.fromkeys(["death", "dead"], "dies"),
    "dealt": "deal",
    "paid": "pay",
    **dict.fromkeys(["owner", "owners"], "own"),
    **dict.fromkeys(["controller", "controllers"], "control"),
    "won": "win",
    "left": "leave",
    "became": "become",
    "fought": "fight",
    "struck": "strike",
    "spent": "spend",
    "kept": "keep",
    "held": "hold",
    # Shorthand players type for the rules' words ("first strike dmg", "cmdr tax").
    "dmg": "damage",
    "cmdr": "commander",
    "gy": "graveyard",
    "bf": "battlefield",
    "pw": "planeswalker",
    "opp": "opponent",
    "lib": "library",
    "perm": "permanent",
    "trig": "trigger",
    "abil": "ability",
    "atk": "attack",
    "ueot": "until end of turn",
    **dict.fromkeys(["mv", "mvs", "cmc"], "mana value"),
}
_PHRASE_WORDS = {tuple(phrase.split()): tuple(words.split()) for phrase, words in {**PHRASES, **WORD_FORMS}.items()}
_PHRASE_STARTS = {phrase[0] for phrase in _PHRASE_WORDS}
_LONGEST_PHRASE = max(map(len, _PHRASE_WORDS))

# Words too common to tell records apart, and the words a question is built of
# ("how do I …", "what happens when …"): dropped from the text and from queries.
_STOP_WORDS_TEXT = """
a an and are as at be by for from has have if in into is it its of on or that the their
them then there these this those to was were which will with
am been being can could did do does doing done ever get gets got happen happens how i
mean means me much my should so some what whats when where whether who why work works would you your
able allowed anything happened happening he her him his im ive just really she still something they we
"""
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split())

# The stemmer, as data. Light on purpose: rule text is precise, and an
# aggressive stemmer would merge terms a judge keeps apart. Words of letters
# only, of STEM_MIN_LENGTH letters or more, in three steps:
# 1. plurals (Harman's S-stemmer): the first rule whose suffix the word has,
#    unless it ends with one of the exceptions ("creatures" -> "creature");
# 2. verb endings: "-ing" or "-ed" dropped when VERB_MIN_STEM letters with a vowel
#    remain, then a doubled final consonant undoubled ("tapped" -> "tap", "responded" -> "respond");
# 3. a final "e" dropped from words of FINAL_E_LENGTH letters or more, so that
#    "exile", "exiles" and "exiled" meet at "exil".
STEM_RULES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("ies", ("eies", "aies"), "y"),
    ("es", ("aes", "ees", "oes"), "e"),
    ("s", ("us", "ss", "is"), ""),
)
VERB_ENDINGS = ("ing", "ed")
VERB_MIN_STEM = 4
UNDOUBLE = "bdfgmnprt"
FINAL_E_LENGTH = 5
STEM_MIN_LENGTH = 4
_VOWEL = re.compile("[aeiouy]")

_FOLD_TABLE = str.maketrans(FOLD)


def normalize(text: str) -> str:
    """Lower case without accents: ligatures spelled out, apostrophes dropped ("Lim-Dûl's" -> "lim-duls")."""
    folded = text.lower().translate(_FOLD_TABLE)
    # Most text is ASCII once folded: decomposing it character by character was a third of the build time.
    if folded.isascii():
        return folded
    decomposed = unicodedata.normalize("NFKD", folded).translate(_FOLD_TABLE)
    # Marks by category, as JavaScript's /\p{M}/u removes them.
    return "".join(ch for ch in decomposed if not unicodedata.category(ch).startswith("M"))


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A word's inflections folded onto one term ("creatures", "attacked" -> "creatur", "attack"); numbers as they are.

    Cached: the same few thousand words make up most of the text.
    """
    if len(word) < STEM_MIN_LENGTH or not word.isalpha():
        return word
    for suffix, unless, replacement in STEM_RULES:
        if word.endswith(suffix):
            if not word.endswith(unless):
                word = word[: -len(suffix)] + replacement
            break
    for ending in VERB_ENDINGS:
        rest = word[: -len(ending)]
        if word.endswith(ending) and len(rest) >= VERB_MIN_STEM and _VOWEL.search(rest):
            word = rest[:-1] if rest[-1] == rest[-2] and rest[-1] in UNDOUBLE else rest
            break
    if len(word) >= FINAL_E_LENGTH and word.endswith("e"):
        word = word[:-1]
    return word


def name_key(name: str) -> str:
    """A card name as suggestions match it: folded, letters and digits only ("Æther Vial" -> "aethervial")."""
    return re.sub(r"[^a-z0-9]", "", normalize(name))


def written_words(text: str) -> list[str]:
    """The words of a text as written, folded: what a reader may type, and misspell. "E.T.B." is "etb", "+1" is "[+1]"."""
    return [word if word.isalpha() else _written(word) for word in _TOKEN.findall(normalize(text))]


def _written(word: str) -> str:
    if "/" in word and word[0] not in "+-[":  # a split symbol, braced or not: its term
        return SYMBOL_SPELLINGS.get(word.strip("{}"), word)
    if word[0].isalpha():
        return word.replace(".", "")
    return f"[{word}]" if word[0] in "+-" and "/" not in word else word


def raw_tokens(text: str) -> list[str]:
    """The words of a text, folded, players' phrases read as the rules' words, before stop words and stemming."""
    return read_as_rules(written_words(text))


def read_as_rules(found: list[str]) -> list[str]:
    """Written words with players' phrases read as the rules' words ("prevention" -> "prevent")."""
    if _PHRASE_STARTS.isdisjoint(found):
        return found
    out: list[str] = []
    i = 0
    while i < len(found):
        # The longest phrase starting here, if any.
        sizes = range(min(_LONGEST_PHRASE, len(found) - i), 0, -1) if found[i] in _PHRASE_STARTS else ()
        for size in sizes:
            if words := _PHRASE_WORDS.get(tuple(found[i : i + size])):
                out += words
                i += size
                break
        else:
            out.append(found[i])
            i += 1
    return out


def tokens(text: str) -> list[str]:
    """The index terms of a text, in order: rule numbers ("302.6") and symbols ("{t}") stay whole."""
    return [stem(t) for t in raw_tokens(text) if t not in STOP_WORDS]


def symbol_of(text: str) -> str | None:
    """The one symbol a text is, as a term ("{T}" -> "{t}", "[−2]" -> "[-2]"); None for anything else.

    A symbol names itself: as a name its slug would be a bare number or letter ("{2}" -> "2", chapter 2).
    """
    found = written_words(text)
    return found[0] if len(found) == 1 and found[0][0] in "{[" else None


def word_term(word: str) -> str | None:
    """The one index term a written word stands for ("prevention" -> "prevent"); None for a stop word.

    A misspelling is corrected to a written word, which is then read as a query reads it.
    """
    found = tokens(word)
    return found[0] if len(found) == 1 else None


def browser_rules() -> dict[str, object]:
    """The rules above as data for kb-search.js, which applies them the same way."""
    return {
        "fold": FOLD,
        "token": TOKEN_PATTERN,
        "phrases": {**PHRASES, **WORD_FORMS},
        "symbols": SYMBOL_SPELLINGS,
        "stopWords": " ".join(sorted(STOP_WORDS)),
        "stem": [[suffix, list(unless), replacement] for suffix, unless, replacement in STEM_RULES],
        "stemMin": STEM_MIN_LENGTH,
        "verbEndings": list(VERB_ENDINGS),
        "verbMinStem": VERB_MIN_STEM,
        "undouble": UNDOUBLE,
        "finalE": FINAL_E_LENGTH,
    }
