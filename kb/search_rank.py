"""Ranking a query over the postings both indexes hold: the terminal's, and the model of the browser's.

kb-search.js ranks the same way over the same postings (the browser loads them
in shards, the terminal reads them from SQLite), and tests run both on one
query set: the two must return the same records in the same order.

A query, in steps:

1. its words are the index's terms (`kb.search_text`), stop words dropped;
   beside a rule number, "rule"/"section"/"cr" are dropped too;
2. a rule number the release lacks falls back to its nearest parent ("302.99" -> "302");
3. the last word, while still being typed (no space after it), also matches
   the terms it starts ("lae" -> "laelia"), at PREFIX_FACTOR of their weight
   (not a number: "60" is not the start of rules 600–609);
4. two words typed apart that the rules write as one are read as that word
   ("battle field" -> "battlefield": `Ranker.join`), when it is not much rarer than them;
5. a word that matches nothing is read as its singular ("MVs" -> "MV"), or else
   corrected to the nearest word of the indexed text (`Ranker.correct`), or else
   read as two words run together ("firststrike" -> "first strike": `Ranker.split`);
   a corrected or split word's terms count at CORRECTED_FACTOR: such a match ranks
   below an exact one, as does a joined word. A word whose term an earlier word has is dropped;
6. records rank by summed weight times the number of words they have cubed
   (`key`), then in index order; in a question that names a keyword, its rule
   and subrules weigh TOPIC_FACTOR times more (`Ranker.topics`). A frequent
   term's postings are in tiers of decreasing weight: the first holds its best
   HEAD records, and the next tier of a word is read only while a record not
   yet in the first PAGE could still reach it (`settled`): a common word costs
   its best records, not all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from kb.search_text import STOP_WORDS, normalize, raw_tokens, stem, word_term

# Weight of a term that only starts with the last query word ("lae" -> "laelia").
PREFIX_FACTOR = 0.5
# Weight of a term a misspelt word was corrected to.
CORRECTED_FACTOR = 0.5
# A prefix is expanded to at most this many terms (those in most records).
MAX_EXPANSIONS = 40
# Results per page: a frequent term's further tiers are read until no record outside the first PAGE could enter it.
PAGE = 10
# How much a record that has more of the query's words ranks above one with fewer
# (see `key`): a question's words are not all in the rule that answers it
# ("does a token count as a card": 108.2b says "tokens aren't considered cards").
COORDINATION = 3
# A question's words describe a situation, and the rule that settles it says them
# in its text: a record whose title has one of them ("702.15. Lifelink"), and a
# glossary entry, which names and sums up its topic, name the topic, not the
# answer, and count for QUESTION_TITLE of their weight. A query is a question when its first word is one of QUESTION_WORDS.
QUESTION_TITLE = 0.2
QUESTION_WORDS = frozenset(
    {"what", "whats", "how", "can", "does", "do", "is", "are", "when", "who", "why", "which", "where", "should", "will", "if"}
)
# A question that asks what something is ("what is the stack", "what does hexproof do",
# "what does tapped mean", "how does ward work") names its topic and nothing else: the
# record that names that topic (the glossary's "Stack", "405. Stack") is its answer, so
# its titles count in full. It has one of DEFINITION_FORMS (how it starts, and the word
# it ends with where that matters: "how do I declare blockers" asks for steps) and at
# most DEFINITION_WORDS words besides that are not stop words ("what is the mana value
# of a card with X in its cost" describes a situation).
DEFINITION_FORMS = (("what is", ""), ("what are", ""), ("what does", ""), ("whats", ""), ("how does", "work"), ("how do", "work"))
DEFINITION_WORDS = 2
# A question that names a keyword ("can a creature with haste attack right away", "how long does a creature
# stay goaded") asks how that keyword works: the keyword's own rule and its subrules (702.10, 702.10a …) weigh
# TOPIC_FACTOR times more. Only keywords are topics (`kb.terms.keyword_rules`): "creature" or "card" in a question
# describes its situation, and the section with that title ("302. Creatures") is seldom where its answer is.
TOPIC_FACTOR = 2
# A heading says only its name ("301. Artifacts", "702.9. Flying"): in a question about a situation, the subrules
# under it settle the question, and the heading weighs HEADING_FACTOR of its sum (a power of two too, so that both
# searches compute the same products). Measured on the held-out sets: 3 answers gained in the first three, 1 lost.
HEADING_FACTOR = 0.25
# A whole phrasing of content/search/aliases.yaml ("can flyers block ground creatures") all of whose words the query
# has adds ASKED_FACTOR x the first result's score x its words / the query's words to each record it names. Its words
# alone are common ("creature", "block"): counted one by one, as names are, they pulled its rule above the answers to
# other questions with those words (bench/README.md, stop 34). The tuning sets ranked alike with 1 to 8.
ASKED_FACTOR = 2
# Words that introduce a rule number ("rule 302.6"): beside a number, they say nothing more.
NUMBER_WORDS = ("rule", "rules", "section", "cr")
RULE_NUMBER = re.compile(r"^[0-9]+(\.[0-9]+[a-z]?)?$")
_SECTION = re.compile(r"^[0-9]{3}$")

# Misspellings: words this long are corrected within this many edits
# (an edit: a letter added, dropped, changed, or two neighbours swapped).
MIN_CORRECTED_LENGTH = 4
LONG_WORD = 8  # from here on, two edits
LONG_END = 6  # from here on, a word is listed under its last three letters (`spelling_keys`)
# Two words run together are split into words of at least this many letters (the shortest the spelling table lists),
# and a word longer than MAX_SPLIT_WORD is no two words of the rules (trying every cut of a pasted page would be slow).
MIN_SPLIT_PART = 3
MAX_SPLIT_WORD = 40
# A query reads its first MAX_QUERY_WORDS words: a pasted page would otherwise cost a lookup, and a correction, per word.
MAX_QUERY_WORDS = 32
# Two words typed apart are read as one word of the rules ("hex proof", "fore tell") when that word is in at least
# 1/JOIN_RATIO as many records as the rarer of the two: "life link" is Lifelink, "counter spell" is not the card Counterspell.
JOIN_RATIO = 5
_PLAIN_WORD = re.compile("[a-z]+")
_SPACES = re.compile("[ \t\r\n]+")  # what separates typed words, as kb-search.js splits them


def max_edits(word: str) -> int:
    """How far a misspelt word may be from its correction: 1 for 4–7 letters, 2 for longer, 0 below."""
    if len(word) < MIN_CORRECTED_LENGTH or not word.isalpha():
        return 0
    return 1 if len(word) < LONG_WORD else 2


def spelling_keys(term: str) -> tuple[str, ...]:
    """The buckets a word is listed in for corrections: its first two letters, its end, and a 4-letter word's ends.

    Its end is its last three letters from LONG_END letters on ("-ter"), else its
    last two ("-er"): thousands of words end in "er", and a browser loads a
    bucket whole. One edit leaves one end of a word of 5 letters or more
    intact, its last three letters too when it has 6 or more (an edit that
    reaches them starts at its 3rd letter at the earliest), so the correction of a
    misspelt word is listed under one of the keys it looks up (`lookup_keys`). A
    4-letter word with its middle letters swapped ("wrad") keeps only its first
    and last letters, and is corrected to the 4-letter words listed under them
    ("w-d": "ward"). A long word misspelt at both ends is found by its middle (`middle_keys`).
    """
    end = "-" + term[-3:] if len(term) >= LONG_END else "-" + term[-2:]
    if len(term) == 4:
        return term[:2], end, f"{term[0]}-{term[-1]}"
    return term[:2], end


def lookup_keys(word: str) -> tuple[str, ...]:
    """The buckets a misspelt word's corrections are listed in: its first two letters, both ends, a 4-letter word's ends."""
    keys = (word[:2], "-" + word[-2:], "-" + word[-3:])
    return (*keys, f"{word[0]}-{word[-1]}") if len(word) == 4 else keys


def middle_keys(word: str) -> tuple[str, ...]:
    """The bucket a misspelt long word is looked up in when its ends give nothing: its 4th to 6th letters ("~est").

    Its two edits then touch its first two letters and its last two, and its
    middle is intact, moved at most one letter by a letter added or dropped
    before it: `listed_middle_keys` lists each word under the three places.
    """
    return ("~" + word[3:6],) if len(word) >= LONG_WORD else ()


def listed_middle_keys(word: str) -> tuple[str, ...]:
    """The middle buckets a word is listed in: 3 letters from its 3rd, 4th and 5th letter (words a long misspelling may be)."""
    if len(word) < LONG_WORD - 2:
        return ()
    return tuple(dict.fromkeys("~" + word[start : start + 3] for start in (2, 3, 4) if start + 3 <= len(word)))


def ranking_rules() -> dict[str, object]:
    """The constants above as data for kb-search.js."""
    return {
        "prefixFactor": PREFIX_FACTOR,
        "correctedFactor": CORRECTED_FACTOR,
        "maxExpansions": MAX_EXPANSIONS,
        "page": PAGE,
        "coordination": COORDINATION,
        "questionTitle": QUESTION_TITLE,
        "questionWords": sorted(QUESTION_WORDS),
        "definitionForms": [list(form) for form in DEFINITION_FORMS],
        "definitionWords": DEFINITION_WORDS,
        "topicFactor": TOPIC_FACTOR,
        "headingFactor": HEADING_FACTOR,
        "askedFactor": ASKED_FACTOR,
        "numberWords": list(NUMBER_WORDS),
        "minCorrected": MIN_CORRECTED_LENGTH,
        "minSplitPart": MIN_SPLIT_PART,
        "maxSplitWord": MAX_SPLIT_WORD,
        "joinRatio": JOIN_RATIO,
        "maxQueryWords": MAX_QUERY_WORDS,
        "longWord": LONG_WORD,
    }


# A whole phrasing: its terms joined by spaces, and the records it names.
Asked = tuple[str, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Entry:
    """A term as the index holds it: in how many records, and its first tier of postings.

    A frequent term's postings are in tiers of decreasing weight (`kb.search_postings.tiers`);
    `bounds[k]` is the heaviest weight in tier k + 1, none of which tier 0 holds.
    """

    count: int
    postings: str
    bounds: tuple[int, ...] = ()
    asked: tuple[Asked, ...] = ()  # the whole phrasings listed under this term (`kb.search_postings.asked_phrasings`)


# A keyword as a question's topic: its name's terms ("first", "strik"), and the first and last record of its rule
# and subrules, which are next to each other in the index.
Topic = tuple[str, int, int]  # the terms joined by spaces, as the indexes store them


class Postings(Protocol):
    """Where the ranker reads terms from: the SQLite index (kb.search), or a test's dictionary."""

    def entry(self, term: str) -> Entry | None: ...

    def tier(self, term: str, number: int) -> str: ...

    def starting_with(self, prefix: str) -> Iterable[tuple[str, Entry]]: ...

    def spelling(self, key: str) -> Iterable[tuple[str, int]]: ...

    def topics(self) -> Iterable[Topic]: ...

    def headings(self) -> frozenset[int]: ...


@dataclass
class Word:
    """One query word: as typed (folded), its term, the prefix it may be the start of, and its correction."""

    raw: str
    term: str
    prefix: str | None = None
    corrected_to: str | None = None  # the indexed word a misspelt word was corrected to


@dataclass
class Ranking:
    """A ranked query: its words (as corrected) and its records, best first, as (document, matched words, score)."""

    words: list[Word]
    ranked: list[tuple[int, int, float]]

    @property
    def corrections(self) -> list[tuple[str, str]]:
        # A word being typed that starts other words is not said to be corrected: it may be unfinished.
        # A word split in two is one correction ("firststrike" -> "first strike"), held by both its words.
        return list(dict.fromkeys((w.raw, w.corrected_to) for w in self.words if w.corrected_to and not w.prefix))


def title_factor(query: str) -> float:
    """How much a title's words count in a query: QUESTION_TITLE in a question about a situation, else in full.

    A query is a question by its first word ("does a token …", "how many …");
    one that asks what something is counts titles in full (DEFINITION_FORMS).
    """
    words = raw_tokens(query)
    if not words or words[0] not in QUESTION_WORDS:
        return 1.0
    lead = " ".join(words[:2])
    for start, end in DEFINITION_FORMS:
        if (lead == start or lead.startswith(start + " ")) and (not end or (len(words) > 2 and words[-1] == end)):
            topic = [w for w in (words[:-1] if end else words) if w not in STOP_WORDS]
            if len(topic) <= DEFINITION_WORDS:
                return 1.0
    return QUESTION_TITLE


def parse(query: str) -> list[Word]:
    """The query's first MAX_QUERY_WORDS words as terms, each once; the last one also a prefix while it is typed."""
    written = raw_tokens(query)
    found = [t for t in written if t not in STOP_WORDS]
    if any((RULE_NUMBER.match(t) and "." in t) or _SECTION.match(t) for t in found):
        found = [t for t in found if t not in NUMBER_WORDS]
    words = found[:MAX_QUERY_WORDS]
    # A word cut off is not being typed, nor one a stop word follows ("off" in "cast off it").
    typing = not query[-1:].isspace() and len(words) == len(found) and written[-1:] == found[-1:]
    seen: set[str] = set()
    out: list[Word] = []
    for i, word in enumerate(words):
        term = stem(word)
        if term in seen:
            continue
        seen.add(term)
        # A number is whole as typed: "60" is not the start of 600–609.
        prefix = word if typing and i == len(words) - 1 and len(word) >= 2 and not RULE_NUMBER.match(word) else None
        out.append(Word(word, term, prefix))
    return out


def decode(packed: str, factor: float, into: dict[int, float], title: float = 1.0) -> None:
    """Adds (document -> weight x factor) from postings as `kb.search_postings.encode` writes them; keeps the larger.

    A weight marked as a title's (its lowest bit) counts `title` times more.
    """
    doc = value = 0
    scale = 1
    is_weight = False
    for ch in packed:
        code = ord(ch)
        if code < 93:
            value += (code - 48) * scale
            scale *= 32
            continue
        value += (code - 93) * scale
        if is_weight:
            weight = (value >> 1) * (factor * title if value & 1 else factor)
            if not into.get(doc, -1.0) >= weight:
                into[doc] = weight
        else:
            doc += value
        is_weight = not is_weight
        value = 0
        scale = 1


def nearest(term: str, candidates: Iterable[tuple[str, int]]) -> str | None:
    """The candidate fewest edits from `term` within max_edits; ties: the one in most records, then A–Z."""
    limit = max_edits(term)
    if not limit:
        return None
    # Imported here: only a misspelled query needs it, and it is most of `kb search`'s start-up.
    from rapidfuzz.distance import OSA

    best: tuple[int, int, str] | None = None
    for candidate, count in candidates:
        if abs(len(candidate) - len(term)) > limit or candidate == term:
            continue
        distance = OSA.distance(term, candidate, score_cutoff=limit)
        if distance > limit:
            continue
        key = (distance, -count, candidate)
        if best is None or key < best:
            best = key
    return best[2] if best else None


class Ranker:
    """Ranks queries over one index's postings, as kb-search.js does over the same postings."""

    def __init__(self, postings: Postings) -> None:
        self.postings = postings
        self.title = 1.0  # how much a title's word counts in the query being ranked

    def rank(self, query: str) -> Ranking:
        """The query's records, best first; a frequent term's further tiers are read only while they may change the first PAGE."""
        query, joined = self.join(query)
        # A joined word is a correction of the two words typed: said so ("showing results for"), and weighed as one.
        parsed = [Word(joined[w.raw], w.term, None, w.raw) if w.raw in joined else w for w in parse(query)]
        words = _distinct([resolved for word in parsed for resolved in self._resolve(word)])
        self.title = title_factor(query)
        topics = self.topics(words) if self.title < 1 else []
        headings = self.postings.headings() if self.title < 1 else frozenset()
        entries = [self.postings.entry(w.term) for w in words]
        tiers = [1] * len(words)  # tiers of each word's postings read so far
        matches = [self._matches(w, e) for w, e in zip(words, entries, strict=True)]
        while True:
            ranked = _ranked(matches, topics, headings)
            bounds = [_bound(w, e, n) for w, e, n in zip(words, entries, tiers, strict=True)]
            if not any(bounds) or settled(ranked, matches, bounds, topics, headings):
                return Ranking(words, with_asked(ranked, words, entries))
            # The word whose unread postings may weigh most reads its next tier.
            i = max(range(len(words)), key=lambda j: (bounds[j], -j))
            factor = CORRECTED_FACTOR if words[i].corrected_to else 1.0
            decode(self.postings.tier(words[i].term, tiers[i]), factor, matches[i], self.title)
            tiers[i] += 1

    def topics(self, words: list[Word]) -> list[tuple[int, int]]:
        """The records (first, last) of each keyword all of whose name's terms the query has (see TOPIC_FACTOR)."""
        terms = {w.term for w in words}
        return [(first, last) for names, first, last in self.postings.topics() if terms.issuperset(names.split())]

    def join(self, query: str) -> tuple[str, dict[str, str]]:
        """The query with two words typed apart read as the one word the rules write ("battle field" -> "battlefield"),
        and each such word -> the two words as typed.

        Only words of letters, neither a stop word, with nothing but spaces between them ("face-down" stays two
        words), and only when the joined word is not much rarer than the two apart (JOIN_RATIO).
        """
        written = [w for w in _SPACES.split(normalize(query)) if w]
        typed_on = query[-1:].isspace() or len(written) > MAX_QUERY_WORDS  # a word cut off is not being typed
        written = written[:MAX_QUERY_WORDS]
        joined: dict[str, str] = {}
        out: list[str] = []
        i = 0
        while i < len(written):
            pair = written[i : i + 2]
            if len(pair) == 2 and self._one_word(*pair):
                joined[pair[0] + pair[1]] = " ".join(pair)
                out.append(pair[0] + pair[1])
                i += 2
            else:
                out.append(written[i])
                i += 1
        return " ".join(out) + (" " if typed_on else ""), joined

    def _one_word(self, first: str, second: str) -> bool:
        """Whether two words typed apart are read as the one word they make (see `join`)."""
        if not (_PLAIN_WORD.fullmatch(first) and _PLAIN_WORD.fullmatch(second)) or len(first + second) > MAX_SPLIT_WORD:
            return False
        # A stop word is loaded by no query: looking its pairs up would cost the browser blocks of terms for nothing.
        if first in STOP_WORDS or second in STOP_WORDS:
            return False
        whole = self._count(first + second)
        return whole > 0 and whole * JOIN_RATIO >= min(self._count(first), self._count(second))

    def _count(self, word: str) -> int:
        """In how many records a written word's term is (0 for a stop word or an unknown word)."""
        term = word_term(word)
        entry = self.postings.entry(term) if term else None
        return entry.count if entry else 0

    def _resolve(self, word: Word) -> list[Word]:
        """The word as searched: a missing rule number as its nearest parent; a word that matches nothing
        as its singular, corrected, or split in two."""
        if self.postings.entry(word.term) is not None:
            return [word]
        if RULE_NUMBER.match(word.term):
            number: str | None = word.term
            while number and self.postings.entry(number) is None:
                number = _parent(number)
            return [Word(word.raw, number) if number else word]
        singular = word_term(word.raw[:-1]) if len(word.raw) > 2 and word.raw.endswith("s") else None
        if singular and self.postings.entry(singular) is not None:
            return [Word(word.raw, singular, word.prefix)]
        # Being typed, it may be the start of a word or a misspelt one ("stepp": "steppe", "step").
        starts_words = bool(word.prefix) and any(True for _ in self.postings.starting_with(word.prefix or ""))
        corrected = self.correct(word.raw)
        if not corrected:
            # A word that may be unfinished is not split in two either.
            parts = () if starts_words else self.split(word.raw)
            written = " ".join(parts)
            return [Word(word.raw, word_term(part) or part, None, written) for part in parts] if parts else [word]
        # The correction is a word as written, read as a query reads it ("prevension" -> "prevention" -> "prevent").
        term = word_term(corrected) or corrected
        return [Word(word.raw, term, word.prefix if starts_words else None, corrected)]

    def correct(self, word: str) -> str | None:
        """The nearest word of the indexed text to a word that matches nothing, from the spelling buckets of its ends.

        A long word misspelt at both ends is looked up by its middle, only when its ends give nothing.
        """
        if not max_edits(word):
            return None
        for keys in (lookup_keys(word), middle_keys(word)):
            candidates: dict[str, int] = {}
            for key in keys:
                candidates.update(self.postings.spelling(key))
            corrected = nearest(word, sorted(candidates.items()))
            if corrected:
                return corrected
        return None

    def split(self, word: str) -> tuple[str, ...]:
        """The two words of the indexed text a word is, run together ("firststrike" -> "first", "strike"); () if none.

        The first is listed under the word's first two letters, the second under
        its end: the spelling buckets a misspelling is looked up in (`lookup_keys`). Of several
        splits, the one whose rarer word is in most records; then the shorter first word.
        """
        if not 2 * MIN_SPLIT_PART <= len(word) <= MAX_SPLIT_WORD or not word.isalpha():
            return ()
        starts = dict(self.postings.spelling(word[:2]))
        ends = {**dict(self.postings.spelling("-" + word[-2:])), **dict(self.postings.spelling("-" + word[-3:]))}
        best: tuple[int, int] | None = None
        for cut in range(MIN_SPLIT_PART, len(word) - MIN_SPLIT_PART + 1):
            first, second = word[:cut], word[cut:]
            if first in starts and second in ends:
                key = (-min(starts[first], ends[second]), cut)
                best = key if best is None or key < best else best
        return (word[: best[1]], word[best[1] :]) if best else ()

    def _matches(self, word: Word, entry: Entry | None) -> dict[int, float]:
        """Document -> weight of one query word, from the first tier of its term's postings and of the terms it starts."""
        into: dict[int, float] = {}
        if entry is not None:
            decode(entry.postings, CORRECTED_FACTOR if word.corrected_to else 1.0, into, self.title)
        if word.prefix:
            expansions = [(t, e) for t, e in self.postings.starting_with(word.prefix) if t != word.term]
            expansions.sort(key=lambda te: (-te[1].count, te[0]))
            for _, expansion in expansions[:MAX_EXPANSIONS]:
                decode(expansion.postings, PREFIX_FACTOR, into, self.title)
        return into


def _distinct(words: list[Word]) -> list[Word]:
    """The words without those whose term an earlier one has ("sumoning summoning": one word)."""
    seen: set[str] = set()
    return [w for w in words if not (w.term in seen or seen.add(w.term))]


def key(matched: int, score: float) -> float:
    """How a record ranks: its summed weight times the number of query words it has to the power COORDINATION.

    Integers times weights that are integers or halves: exact in floating point, so kb-search.js orders alike.
    """
    return score * matched**COORDINATION


def record_factor(doc: int, topics: list[tuple[int, int]], headings: frozenset[int]) -> float:
    """TOPIC_FACTOR for a record of a keyword the question names (`Ranker.topics`), times HEADING_FACTOR for a
    heading in a question (`headings` is empty otherwise)."""
    factor = TOPIC_FACTOR if any(first <= doc <= last for first, last in topics) else 1.0
    return factor * HEADING_FACTOR if doc in headings else factor


def _ranked(
    matches: list[dict[int, float]], topics: list[tuple[int, int]], headings: frozenset[int]
) -> list[tuple[int, int, float]]:
    """(document, matched words, summed weight times its `record_factor`), best key first; ties in index order."""
    scores: dict[int, list] = {}
    for found in matches:
        for doc, weight in found.items():
            s = scores.get(doc)
            if s is None:
                s = scores[doc] = [0, 0.0]
            s[0] += 1
            s[1] += weight
    found = ((doc, s[0], s[1] * record_factor(doc, topics, headings)) for doc, s in scores.items())
    return sorted(found, key=lambda r: (-key(r[1], r[2]), r[0]))


def with_asked(
    ranked: list[tuple[int, int, float]], words: list[Word], entries: list[Entry | None]
) -> list[tuple[int, int, float]]:
    """`ranked` with the records named by each whole phrasing the query has all the words of, ranked up (ASKED_FACTOR).

    A phrasing is listed under one of its words' terms, so the query's entries hold every phrasing that may count.
    Of several phrasings naming one record, the longest counts. Ranked anew only when one counts.
    """
    terms = {w.term for w in words}
    named: dict[int, int] = {}
    for entry in entries:
        for phrasing, records in entry.asked if entry else ():
            asked = phrasing.split()
            if terms.issuperset(asked):
                for doc in records:
                    named[doc] = max(named.get(doc, 0), len(asked))
    if not named:
        return ranked
    best = ranked[0][2] if ranked else 1.0
    scores = {doc: (matched, score) for doc, matched, score in ranked}
    for doc, size in named.items():
        matched, score = scores.get(doc, (0, 0.0))
        scores[doc] = (max(matched, 1), score + ASKED_FACTOR * best * size / len(terms))
    return sorted(((doc, m, s) for doc, (m, s) in scores.items()), key=lambda r: (-key(r[1], r[2]), r[0]))


def _bound(word: Word, entry: Entry | None, read: int) -> float:
    """The most a record may get from a word's postings not read yet (0 when all are read)."""
    if entry is None or read > len(entry.bounds):
        return 0.0
    return entry.bounds[read - 1] * (CORRECTED_FACTOR if word.corrected_to else 1.0)


def settled(
    ranked: list[tuple[int, int, float]],
    matches: list[dict[int, float]],
    bounds: list[float],
    topics: list[tuple[int, int]],
    headings: frozenset[int],
) -> bool:
    """Whether no record outside the first PAGE could enter it with the postings not read yet.

    A record's best case adds, for each word it has not matched, that word's
    bound (the weight of the heaviest posting not read), times its `record_factor`;
    a record not seen at all may have every word whose postings are not all read, and be of a topic.
    """
    floor = key(ranked[PAGE - 1][1], ranked[PAGE - 1][2]) if len(ranked) >= PAGE else 0.0
    unread = [i for i, b in enumerate(bounds) if b]
    if key(len(unread), sum(bounds) * (TOPIC_FACTOR if topics else 1.0)) > floor:
        return False
    for doc, matched, score in ranked[PAGE:]:
        extra = [bounds[i] for i in unread if doc not in matches[i]]
        if extra and key(matched + len(extra), score + sum(extra) * record_factor(doc, topics, headings)) > floor:
            return False
    return True


def _parent(number: str) -> str | None:
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".")[0]
    return None
