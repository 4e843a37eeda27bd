"""Precision and recall of card-name links on the real rulings, against a labelled sample.

    python bench/link_sample.py score [--sample bench/link_sample.jsonl]
    python bench/link_sample.py draw  [--links 330] [--unlinked 400] [--seed 9]

The population is every place a ruling's text could name a card: each
occurrence, as written (case-sensitive, at word boundaries, longest first), of
any card's name, face name or short name (a legendary name's part before its
comma), optionally followed by "s", "es" or "'s". `mentions` below finds it
without asking the linker.

The linker splits the population in two strata: occurrences it links, and
occurrences it leaves alone. `draw` takes a seeded random sample of each
(bottom-k: the occurrences with the smallest seeded hash, so a small change
to the linker keeps most of the sample and adds only a few occurrences to
label) and adds the new ones, unlabelled, to the sample file, keeping every
label already there. A person labels each by reading its context: the id of
the card it names, "self" when it names the ruling's own card (never linked),
or "none" when it names no card (a type, a keyword, a set, a plain word).
`bench/link_sample.jsonl` is that labelled sample; labels belong to an
occurrence, not to what the linker did with it.

`score` runs the linker (`kb.cardnames`, built as a real build builds it) and prints

- precision: of the sampled links, the share that point at the labelled card;
- recall: true links / (true links + missed mentions), estimated from both
  strata: links x precision, and unlinked occurrences x the share of the
  unlinked sample labelled with another card;
- how many links fall outside the population (they would escape the sample; 0).

The rulings are MTGJSON's (real texts and dates); the card names are those of
both real files merged, as a real build with both sees them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from kb.cardnames import CardNameMatcher  # noqa: E402
from kb.merge import merge  # noqa: E402
from kb.model import Card, Ruling  # noqa: E402
from kb.sources import mtgjson, scryfall  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "cards"
MTGJSON = DATA / "mtgjson-AtomicCards-5.2.0.json.gz"
SCRYFALL = DATA / "scryfall-oracle-cards-2019-09.json.gz"
SAMPLE = Path(__file__).resolve().parent / "link_sample.jsonl"
CONTEXT = 90  # characters shown on each side of an occurrence

_SUFFIX = r"(?:'s|’s|s|es)?"


@dataclass(frozen=True)
class Mention:
    ruling: str
    start: int
    end: int
    surface: str


def load() -> tuple[list[Card], list[Ruling]]:
    """The merged cards of both real files, and the real (MTGJSON) rulings with their final ids."""
    from_mtgjson = mtgjson.load(MTGJSON)
    cards, _ = scryfall.read_cards(SCRYFALL)
    merged = merge([], [], [(cards, ()), from_mtgjson])
    return list(merged.cards), list(merged.rulings)


def surfaces(cards: Iterable[Card]) -> list[str]:
    """Every way a ruling may write a card's name: full, face and short names, longest first."""
    names: set[str] = set()
    for card in cards:
        names.add(card.name)
        names.update(face.name for face in card.faces)
        for name, type_line in [(card.name, card.type_line), *((f.name, f.type_line) for f in card.faces)]:
            if ", " in name and "Legendary" in type_line:
                names.add(name.split(", ", 1)[0])
    return sorted((n for n in names if re.match(r"\w", n)), key=lambda n: (-len(n), n))


def mentions(rulings: Iterable[Ruling], cards: Iterable[Card]) -> Iterator[Mention]:
    """The population: every occurrence of any card's name in any ruling (see the module's docstring)."""
    by_first: dict[str, list[str]] = {}
    for name in surfaces(cards):
        by_first.setdefault(re.match(r"\w+", name).group(), []).append(name)  # type: ignore[union-attr]
    word = re.compile(r"\b\w+")
    for ruling in rulings:
        text = ruling.text.replace("’", "'")
        resume = 0
        for m in word.finditer(text):
            if m.start() < resume:
                continue
            for name in by_first.get(m.group(), ()):
                tail = re.compile(_SUFFIX + r"(?!\w)").match(text, m.start() + len(name))
                if text.startswith(name, m.start()) and tail:
                    yield Mention(ruling.id, m.start(), tail.end(), ruling.text[m.start() : tail.end()])
                    resume = tail.end()
                    break


def strata(cards: list[Card], rulings: list[Ruling]) -> tuple[dict[Mention, str], list[Mention]]:
    """The population split by the linker: linked occurrences (-> the card linked) and the others."""
    matcher = matcher_of(cards, rulings)
    by_id = {r.id: r for r in rulings}
    links: dict[str, list[tuple[int, int, str]]] = {}
    for ruling in rulings:
        links[ruling.id] = [
            (s.start, s.end, s.card_id) for s in matcher.find(ruling.text, ruling.card) if s.card_id != ruling.card
        ]
    linked: dict[Mention, str] = {}
    unlinked: list[Mention] = []
    for m in mentions(by_id.values(), cards):
        targets = [t for s, e, t in links[m.ruling] if s < m.end and m.start < e]
        if targets:
            linked[m] = targets[0]
        else:
            unlinked.append(m)
    return linked, unlinked


def _key(seed: int, m: Mention) -> bytes:
    return hashlib.sha256(f"{seed}|{m.ruling}|{m.start}|{m.surface}".encode()).digest()


def bottom(items: Iterable[Mention], count: int, seed: int) -> list[Mention]:
    """A seeded uniform sample that changes little when `items` changes a little."""
    return sorted(items, key=lambda m: _key(seed, m))[:count]


def read_sample(path: Path) -> dict[tuple[str, int, str], dict]:
    if not path.is_file():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {(r["ruling"], r["start"], r["surface"]): r for r in rows}


def draw(links: int, unlinked_count: int, seed: int, out: Path) -> None:
    cards, rulings = load()
    by_id = {r.id: r for r in rulings}
    linked, unlinked = strata(cards, rulings)
    rows = read_sample(out)
    added = 0
    for m in bottom(linked, links, seed) + bottom(unlinked, unlinked_count, seed):
        if (m.ruling, m.start, m.surface) in rows:
            continue
        ruling = by_id[m.ruling]
        rows[m.ruling, m.start, m.surface] = {
            "ruling": m.ruling,
            "card": ruling.card,
            "start": m.start,
            "end": m.end,
            "surface": m.surface,
            "context": ruling.text[max(0, m.start - CONTEXT) : m.end + CONTEXT],
            "label": None,
        }
        added += 1
    with out.open("w", encoding="utf-8") as f:
        for key in sorted(rows):
            f.write(json.dumps(rows[key], ensure_ascii=False) + "\n")
    print(
        f"population {len(linked) + len(unlinked)}: {len(linked)} linked, {len(unlinked)} not; {added} new occurrences to label"
    )


def score(sample_path: Path, links: int, unlinked_count: int, seed: int) -> int:
    cards, rulings = load()
    linked, unlinked = strata(cards, rulings)
    labels = read_sample(sample_path)
    links_sample = bottom(linked, links, seed)
    unlinked_sample = bottom(unlinked, unlinked_count, seed)
    missing = [m for m in links_sample + unlinked_sample if labels.get((m.ruling, m.start, m.surface), {}).get("label") is None]
    if missing:
        print(f"{len(missing)} sampled occurrences have no label: run `draw`, then label them")
        return 1
    label = {m: labels[m.ruling, m.start, m.surface]["label"] for m in links_sample + unlinked_sample}
    wrong = [m for m in links_sample if label[m] != linked[m]]
    missed = [m for m in unlinked_sample if label[m] not in ("none", "self")]
    precision = 1 - len(wrong) / len(links_sample)
    miss_rate = len(missed) / len(unlinked_sample)
    true_links = len(linked) * precision
    recall = true_links / (true_links + len(unlinked) * miss_rate)
    outside = _links_outside_population(matcher_of(cards, rulings), rulings, cards)
    print(f"population: {len(linked) + len(unlinked)} occurrences, {len(linked)} linked, {len(unlinked)} not")
    print(
        f"precision {precision:.1%}: {len(links_sample) - len(wrong)} of {len(links_sample)} sampled links are right   (target >= 99%)"
    )
    print(
        f"recall    {recall:.1%}: {len(missed)} of {len(unlinked_sample)} sampled unlinked occurrences name another card"
        f" -> about {len(unlinked) * miss_rate:.0f} missed against {true_links:.0f} right links   (target >= 98%)"
    )
    print(f"links outside the population: {outside}")
    for title, items in (("wrong links:", wrong), ("missed:", missed)):
        if items:
            print(title)
            for m in items:
                row = labels[m.ruling, m.start, m.surface]
                print(f"  {m.ruling}: {m.surface!r} -> {linked.get(m)} (labelled {row['label']}): …{row['context']}…")
    return 0


def matcher_of(cards: list[Card], rulings: list[Ruling]) -> CardNameMatcher:
    """The linker as a real build makes it (`kb.links.Finder`): the texts tell common words from names."""
    texts = [r.text for r in rulings] + [c.oracle_text for c in cards] + [f.oracle_text for c in cards for f in c.faces]
    return CardNameMatcher(cards, texts=texts)


def _links_outside_population(matcher: CardNameMatcher, rulings: list[Ruling], cards: list[Card]) -> int:
    spans: dict[str, list[tuple[int, int]]] = {}
    for m in mentions(rulings, cards):
        spans.setdefault(m.ruling, []).append((m.start, m.end))
    outside = 0
    for ruling in rulings:
        for link in matcher.find(ruling.text, ruling.card):
            if link.card_id != ruling.card and not any(s < link.end and link.start < e for s, e in spans.get(ruling.id, ())):
                outside += 1
    return outside


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("draw", "score"))
    parser.add_argument("--links", type=int, default=330, help="sampled links")
    parser.add_argument("--unlinked", type=int, default=400, help="sampled occurrences left unlinked")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--sample", type=Path, default=SAMPLE)
    args = parser.parse_args()
    if args.command == "draw":
        draw(args.links, args.unlinked, args.seed, args.sample)
        return 0
    return score(args.sample, args.links, args.unlinked, args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
