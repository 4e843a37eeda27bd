"""The website's search index: a static, chunked inverted index that a browser loads piece by piece.

Why not material's built-in search: it downloads one JSON file holding every
page (25 MB for the full knowledge base) before it shows a result, ranks pages
rather than rules, and cannot run from `file://`. This index is split in small
JavaScript files that the page loads with `<script>` tags on demand — a
`<script>` works from disk where `fetch()` does not — so a query costs a few
shards, not the whole index.

Layout under `search/kb-index/` in the site:

- `meta.js`     — how text is cut into terms and how queries rank (the rules
                  of `kb.search_text` and `kb.search_rank`, as data), where each
                  block of terms and of spelling buckets starts (`separator`),
                  document counts; loaded once, on the first keystroke;
- `questions.js` — what only a question's ranking reads: the records of each
                  keyword (`kb.search_postings.keyword_topics`) and the headings;
                  loaded by the first question;
- `t/<n>.js`    — block n of the terms, with their postings, each list a
                  string of base-32 digits (see `encode`);
- `f/<term>-<k>.js` — tier k (from 1) of a frequent term's postings, whose
                  block entry holds tier 0, its best-weighted `HEAD` documents
                  (`kb.search_postings.tiers`), and the bound of each further tier;
- `d/<n>.js`    — document records, RULE_SHARD to a file for the rules and
                  glossary entries that come first, DOC_SHARD for the cards and
                  rulings after them (`shard_of`): kind, title, url#anchor,
                  context line, snippet;
- `s/<n>.js`    — block n of the spelling buckets: the words listed under a
                  spelling key (`kb.search_rank.spelling_keys`, `listed_middle_keys`),
                  for correcting a misspelt query word;
- `n/<key>.js`  — the names of the cards starting with a pair of letters or
                  digits, for suggestions as you type.

Every file calls `kbSearch.<kind>(key, data)`; `templates/static/javascripts/kb-search.js`
defines those and does the querying, as `kb.search_rank` does for the terminal
over the same postings (`kb.search_postings`).
"""

from __future__ import annotations

import hashlib
import json
import shutil
from itertools import groupby
from pathlib import Path

from kb.search_postings import BuiltSearch, build_search, encode, spelling_buckets, tiers
from kb.search_rank import ranking_rules
from kb.search_text import browser_rules
from kb.store import KnowledgeBase

INDEX_DIR = "search/kb-index"
FORMAT_VERSION = 12
# Documents per document shard. The first page of results needs the records of up to 10 documents, and
# a question's are rules and glossary entries from all over the CR: in shards of 4 rather than 8, the
# records loaded but not shown halve (over 1,894 benchmark queries at full scale, the median loads 50 KB
# instead of 56, the largest 86 instead of 93). Cards and rulings, 70,000 found mostly by a name and next to
# each other, stay 8 to a shard: shards of 4 for them too would save 1 KB a query and add 9,000 files to the site.
RULE_SHARD, DOC_SHARD = 4, 8
# Terms and spelling buckets are written in blocks: in key order, a block closes
# before it would pass this many bytes. A lookup loads one block, and a site has
# hundreds of index files where a file per key made thousands of tiny ones (each one a
# request when a reader makes the site available offline). A question of twenty
# words looks up a dozen blocks or more, and meta.js lists one separator per block: over
# 1,838 benchmark queries at full scale, 3 KB blocks load at most 95 KB, 2 KB blocks 86 KB
# (meta.js 19 KB instead of 16; the median query 50 KB against 51; bench/README.md).
BLOCK_BYTES = 2_000


# --- blocks ----------------------------------------------------------------------


def js_order(key: str) -> bytes:
    """Sorts as JavaScript compares strings (by UTF-16 code unit): kb-search.js finds a key's block by comparing."""
    return key.encode("utf-16-be")


def cut_blocks(entries: dict[str, str]) -> list[dict[str, str]]:
    """Key -> its JSON, in JavaScript's key order, cut into blocks of at most BLOCK_BYTES (an entry bigger than
    that gets a block of its own)."""
    blocks: list[dict[str, str]] = []
    size = BLOCK_BYTES
    for key in sorted(entries, key=js_order):
        n = len(key.encode()) + len(entries[key].encode()) + 4  # "key":value, as written
        if size + n > BLOCK_BYTES:
            blocks.append({})
            size = 0
        blocks[-1][key] = entries[key]
        size += n
    return blocks


def separator(last: str, first: str) -> str:
    """The shortest start of a block's first key that sorts after the previous block's last key.

    A key's block is the last one whose separator is not after it, as with first
    keys, but meta.js, which every query loads, lists half the characters
    ("ench" for "enchant" after "emblem").
    """
    for end in range(1, len(first)):
        if js_order(first[:end]) > js_order(last):
            return first[:end]
    return first


def term_file(key: str) -> str:
    """A term as a file name (its further tiers, f/): letters and digits as they are, anything else ("." "{" "/") as _xx."""
    return "".join(ch if ch.isascii() and ch.isalnum() else f"_{ord(ch):02x}" for ch in key)


def _json(data: object) -> str:
    # Compact JSON is valid JavaScript.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _js(call: str, key: str | int, data: object) -> str:
    # The call registers the data with kb-search.js.
    return f"kbSearch.{call}({json.dumps(key)},{_json(data)});\n"


def rule_records(records: list[list[str]]) -> int:
    """How many records, from the first, are rules or glossary entries (`kb.search_documents` puts them first)."""
    return next((i for i, record in enumerate(records) if record[0] not in ("rule", "glossary")), len(records))


def shard_of(doc: int, rules: int) -> tuple[int, int]:
    """(file number, place in it) of record `doc` when the first `rules` are in shards of RULE_SHARD; kb-search.js's shardOf."""
    if doc < rules:
        return divmod(doc, RULE_SHARD)
    number, place = divmod(doc - rules, DOC_SHARD)
    return -(-rules // RULE_SHARD) + number, place


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

    def document_shards(self, records: list[list[str]], rules: int) -> None:
        """d/<n>.js for the records, each in the file `shard_of` names (the one layout kb-search.js also follows)."""
        for number, shard in groupby(enumerate(records), key=lambda item: shard_of(item[0], rules)[0]):
            self.write(f"d/{number}.js", _js("docs", number, [record for _, record in shard]))

    def blocks(self, folder: str, call: str, entries: dict[str, str]) -> list[str]:
        """Writes `folder/<n>.js` for each block of `entries` (key -> JSON); returns each block's `separator`."""
        separators = []
        last = ""
        for number, block in enumerate(cut_blocks(entries)):
            data = ",".join(f"{json.dumps(key, ensure_ascii=False)}:{value}" for key, value in block.items())
            self.write(f"{folder}/{number}.js", f"kbSearch.{call}({number},{{{data}}});\n")
            separators.append(separator(last, next(iter(block))))
            last = next(reversed(block))
        return separators


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
    rules = rule_records(built.records)
    writer.document_shards(built.records, rules)
    index = built.index
    entries: dict[str, str] = {}
    for term, plist in index.items():
        parts, bounds = tiers(plist)
        # [count, postings, bounds, whole phrasings]: the last two only when there are any (bounds [] before phrasings).
        asked = built.asked.get(term)
        entries[term] = _json(
            [len(plist[0]), encode(parts[0]), *([bounds] if bounds or asked else []), *([asked] if asked else [])]
        )
        for number, part in enumerate(parts[1:], start=1):
            writer.write(f"f/{term_file(term)}-{number}.js", _js("full", f"{term} {number}", encode(part)))
    term_blocks = writer.blocks("t", "terms", entries)
    # Words by their spelling keys (kb.search_rank.spelling_keys), with their record counts, for correcting misspellings.
    buckets = {key: _json(" ".join(f"{w} {n}" for w, n in words)) for key, words in spelling_buckets(index, built.words)}
    spelling_blocks = writer.blocks("s", "spelling", buckets)
    name_keys = _card_names(writer, built)
    writer.write("questions.js", _js("questions", "questions", {"topics": built.topics, "headings": built.headings}))
    meta = {
        "format": FORMAT_VERSION,
        # The version changes with the content, so a browser never mixes shards of two builds.
        "version": writer.digest.hexdigest()[:12],
        "text": browser_rules(),
        "ranking": ranking_rules(),
        # Keys hold no white space (kb.search_text cuts text at it): each list as one string, a third shorter.
        "terms": " ".join(term_blocks),
        "spelling": " ".join(spelling_blocks),
        "names": " ".join(name_keys),
        "docs": len(built.records),
        "docShard": DOC_SHARD,
        "ruleShard": RULE_SHARD,
        "ruleDocs": rules,
    }
    writer.write("meta.js", _js("meta", "meta", meta))


def _card_names(writer: _IndexWriter, built: BuiltSearch) -> list[str]:
    """Writes n/<key>.js: the cards whose name starts with `key`, as [name, url] (`name_shards`); returns the keys."""
    for key, names in built.names.items():
        writer.write(f"n/{key}.js", _js("names", key, names))
    return list(built.names)
