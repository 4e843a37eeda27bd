"""The website's search index: a static, chunked inverted index that a browser loads piece by piece.

Why not material's built-in search: it downloads one JSON file holding every
page (25 MB for the full knowledge base) before it shows a result, ranks pages
rather than rules, and cannot run from `file://`. This index is split in small
JavaScript files that the page loads with `<script>` tags on demand — a
`<script>` works from disk where `fetch()` does not — so a query costs a few
shards, not the whole index.

Layout under `search/kb-index/` in the site:

- `meta.js`     — how text is cut into terms and how queries rank (the rules
                  of `kb.search_text` and `kb.search_rank`, as data), the list
                  of term shards, document counts; loaded once, on the first keystroke;
- `t/<key>.js`  — the terms starting with `<key>` (a prefix of 1+ characters,
                  longer where a prefix holds many terms) with their postings,
                  each list a string of base-32 digits (see `encode`);
- `f/<term>-<k>.js` — tier k (from 1) of a frequent term's postings, whose
                  shard entry holds tier 0, its best-weighted `HEAD` documents
                  (`kb.search_postings.tiers`), and the bound of each further tier;
- `d/<n>.js`    — document records `n*DOC_SHARD .. (n+1)*DOC_SHARD-1`: kind,
                  title, url#anchor, context line, snippet;
- `s/<key>.js`  — the words starting or (key "-xy") ending with a pair of
                  letters, for correcting a misspelt query word; key "~xy": the
                  words listed under a middle key ("~xyz", `kb.search_rank.middle_keys`) starting with it;
- `n/<key>.js`  — the names of the cards starting with a pair of letters or
                  digits, for suggestions as you type.

Every file calls `kbSearch.<kind>(key, data)`; `templates/static/javascripts/kb-search.js`
defines those and does the querying, as `kb.search_rank` does for the terminal
over the same postings (`kb.search_postings`).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from collections import defaultdict
from pathlib import Path

from kb.search_postings import HEAD, BuiltSearch, Postings, build_search, encode, spelling_buckets, tiers
from kb.search_rank import ranking_rules
from kb.search_text import browser_rules, normalize
from kb.store import KnowledgeBase

INDEX_DIR = "search/kb-index"
FORMAT_VERSION = 4
# Documents per document shard: the first page of results needs the records of
# up to 10 documents; small shards keep that to a few kilobytes each.
DOC_SHARD = 8
# A term shard is split by a longer prefix once its JavaScript exceeds this size.
TERM_SHARD_BYTES = 24_000
# Card names per suggestion shard before it is split by a third letter.
NAME_SHARD = 200


# --- shards ----------------------------------------------------------------------


def term_shards(index: dict[str, Postings]) -> dict[str, list[str]]:
    """Shard key -> its terms. A term belongs to the longest key that is a prefix of it.

    Keys start as two-character prefixes; a shard over `TERM_SHARD_BYTES` is
    split by one more character, its shorter terms staying in the parent key.
    """
    shards: dict[str, list[str]] = {}
    pending: list[tuple[str, list[str]]] = []
    groups: dict[str, list[str]] = defaultdict(list)
    for term in index:
        groups[term[:2]].append(term)
    pending.extend(groups.items())
    while pending:
        key, terms = pending.pop()
        size = sum(_entry_size(index[t]) for t in terms)
        longer = [t for t in terms if len(t) > len(key)]
        if size <= TERM_SHARD_BYTES or not longer:
            shards[key] = sorted(terms)
            continue
        children: dict[str, list[str]] = defaultdict(list)
        for term in longer:
            children[term[: len(key) + 1]].append(term)
        pending.extend(children.items())
        rest = [t for t in terms if len(t) <= len(key)]
        if rest:
            shards[key] = rest
    return dict(sorted(shards.items()))


def _entry_size(plist: Postings) -> int:
    """Approximate bytes of a term's shard entry (its first tier only, for a frequent term).

    Estimated as JSON numbers, as postings were once written: encoded they take
    about half of it, so shards are smaller than TERM_SHARD_BYTES, and split
    where they were when the query figures of bench/bench_web_search.py were set.
    """
    return 12 + 9 * min(len(plist[0]), HEAD)


def term_file(key: str) -> str:
    """A shard key or term as a file name: letters and digits as they are, anything else ("." "{" "/") as _xx."""
    return "".join(ch if ch.isascii() and ch.isalnum() else f"_{ord(ch):02x}" for ch in key)


def _js(call: str, key: str | int, data: object) -> str:
    # Compact JSON is valid JavaScript; the call registers the data with kb-search.js.
    return f"kbSearch.{call}({json.dumps(key)},{json.dumps(data, ensure_ascii=False, separators=(',', ':'))});\n"


class _IndexWriter:
    """Writes the index files as they are made, and hashes them into the index's version."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.digest = hashlib.sha256()
        for folder in ("t", "f", "d", "s", "n"):
            (root / folder).mkdir(parents=True, exist_ok=True)

    def write(self, path: str, text: str) -> None:
        data = text.encode()
        self.digest.update(path.encode())
        self.digest.update(data)
        with open(self.root / path, "wb") as f:
            f.write(data)

    def document_shards(self, records: list[list[str]]) -> None:
        for number, start in enumerate(range(0, len(records), DOC_SHARD)):
            self.write(f"d/{number}.js", _js("docs", number, records[start : start + DOC_SHARD]))


def write_web_search(kb: KnowledgeBase, site_dir: Path, built: BuiltSearch | None = None) -> None:
    """on_post_build step: write the index under `site_dir/search/kb-index/`.

    `built` is the content both indexes share (`build_search`), computed here
    when not given. meta.js comes last: it names the version that hashes every other file.
    """
    built = built or build_search(kb)
    target = site_dir / INDEX_DIR
    if target.exists():
        shutil.rmtree(target)
    writer = _IndexWriter(target)
    writer.document_shards(built.records)
    index = built.index
    shards = term_shards(index)
    for key, terms in shards.items():
        entries: dict[str, list] = {}
        for term in terms:
            plist = index[term]
            parts, bounds = tiers(plist)
            entries[term] = [len(plist[0]), encode(parts[0]), *([bounds] if bounds else [])]
            for number, part in enumerate(parts[1:], start=1):
                writer.write(f"f/{term_file(term)}-{number}.js", _js("full", f"{term} {number}", encode(part)))
        writer.write(f"t/{term_file(key)}.js", _js("terms", key, entries))
    # Words by their spelling keys (kb.search_rank.spelling_keys), with their record counts, for correcting misspellings.
    # A middle key's bucket ("~est") is in the file of its first two letters ("~es"): listing
    # thousands of middle keys in meta.js would double it, for the rare long word misspelt at both ends.
    spelling_keys = []
    middle: dict[str, list[str]] = defaultdict(list)
    for key, words in spelling_buckets(index, built.words):
        call = _js("spelling", key, " ".join(f"{w} {n}" for w, n in words))
        if key.startswith("~"):
            middle[key[:3]].append(call)
            continue
        spelling_keys.append(key)
        writer.write(f"s/{term_file(key)}.js", call)
    for group, calls in middle.items():
        writer.write(f"s/{term_file(group)}.js", "".join(calls))
    name_keys = _card_names(writer, built.records)
    meta = {
        "format": FORMAT_VERSION,
        # The version changes with the content, so a browser never mixes shards of two builds.
        "version": writer.digest.hexdigest()[:12],
        "text": browser_rules(),
        "ranking": ranking_rules(),
        "shards": " ".join(shards),
        "spelling": " ".join(spelling_keys),
        "middle": " ".join(sorted(middle)),
        "names": " ".join(name_keys),
        "docs": len(built.records),
        "docShard": DOC_SHARD,
    }
    writer.write("meta.js", _js("meta", "meta", meta))


def name_key(name: str) -> str:
    """A card name as suggestions match it: folded, letters and digits only ("Æther Vial" -> "aethervial")."""
    return re.sub(r"[^a-z0-9]", "", normalize(name))


def _card_names(writer: _IndexWriter, records: list[list[str]]) -> list[str]:
    """Writes n/<key>.js: the cards whose name starts with `key`, as [name, url]; returns the keys.

    Keys are two letters or digits, or three where two would hold more than
    NAME_SHARD names: a suggestion then waits for the third letter, and never
    loads more than a few kilobytes.
    """
    by_key: dict[str, list[list[str]]] = defaultdict(list)
    for kind, title, url, *_ in records:
        if kind == "card" and len(name_key(title)) >= 2:
            by_key[name_key(title)[:2]].append([title, url])
    for key, names in list(by_key.items()):
        if len(names) > NAME_SHARD:
            del by_key[key]
            for name in names:
                by_key[name_key(name[0])[:3]].append(name)
    for key, names in sorted(by_key.items()):
        writer.write(f"n/{key}.js", _js("names", key, sorted(names, key=lambda n: (name_key(n[0]), n[0]))))
    return sorted(by_key)
