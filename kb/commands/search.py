"""kb search QUERY: ranked results from the built site's offline index, one snippet each.

Exit status: 0 with results, 1 when nothing matched or there is no index.
"""

from __future__ import annotations

import argparse
import sys

from kb.commands.show import Style, add_index_arguments, fit, open_index, quoted, visible_hit
from kb.sanitize import json_text, visible
from kb.search import MARK_END, MARK_START


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", nargs="+", help="words, a rule number (302.6) or a card name; any text is accepted")
    parser.add_argument("-n", "--limit", type=int, default=10, help="at most this many results (default 10)")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    add_index_arguments(parser)


def run(args: argparse.Namespace) -> int:
    query = " ".join(args.query)
    with open_index(args) as index:
        results = index.query(query, limit=max(1, args.limit))
        cards = index.suggest(query)
    hits = results.hits
    corrected = results.showing_results_for(query)
    if args.json:
        out = {
            "query": query,
            "showing_results_for": corrected,
            "cards": [{"name": name, "url": url} for name, url in cards],
            "results": [h.as_json() for h in hits],
        }
        print(json_text(out, indent=2, sort_keys=True))
        return 0 if hits or cards else 1
    if not hits and not cards:
        print(f"no results for {quoted(query)}", file=sys.stderr)
        return 1
    style = Style.for_stream(sys.stdout)
    width = style.width
    if cards:
        # The names the site suggests as the query is typed: a card's whole name may rank below others that share its words.
        label = "cards: "
        print(style.dim(label) + fit(" · ".join(visible(name) for name, _ in cards), width - len(label)))
    if corrected:
        print(style.dim(f"showing results for {quoted(corrected)}"))
    for hit in map(visible_hit, hits):
        kind = f"{hit.kind:<8}"
        print(f"{style.dim(kind)} {style.bold(fit(hit.title, width - len(kind) - 1))}")
        snippet = fit(hit.snippet, width - 9, keep=(MARK_START, MARK_END))
        print(" " * 9 + style.marks(snippet))
    return 0
