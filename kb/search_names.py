"""Card names suggested as a query is typed, the same in both searches.

The site loads a shard of names (n/<key>.js, kb.web_search) and `kb search`
reads the same shard from its names table (kb.search_index): `suggested`
picks from it as kb-search.js's `suggest` does.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from kb.search_text import name_key

# Card names per suggestion shard before it is split by a third letter.
NAME_SHARD = 200


def name_shards(records: list[list[str]]) -> dict[str, list[list[str]]]:
    """Shard key -> the cards whose name starts with it, as [name, url], by `name_key` then name.

    Suggestions as you type, in both searches: a shard is what the site loads
    for them (n/<key>.js), and what `kb search` reads from the names table.
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
    return {key: sorted(names, key=lambda n: (name_key(n[0]), n[0])) for key, names in sorted(by_key.items())}


def suggested(shards: Callable[[str], list[list[str]] | None], query: str, most: int) -> list[list[str]]:
    """Up to `most` [name, url] of the cards whose name starts with `query`, from the shard that holds them.

    `shards(key)` is a shard's names, or None when there is no such shard. A
    query of one letter suggests nothing; one of two whose shard was split waits for the third.
    """
    key = name_key(query)
    if len(key) < 2:
        return []
    names = shards(key[:2])
    if names is None:
        names = shards(key[:3]) or []
    return [name for name in names if name_key(name[0]).startswith(key)][:most]
