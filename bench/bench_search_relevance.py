"""How often both searches put the answer a judge would accept in the first results.

    python bench/bench_search_relevance.py [--rules CR.txt] [--mtgjson CARDS.json.gz] [--queries FILE ...] [--show-misses]

Builds both indexes (the terminal's kb.sqlite and the site's chunked index)
from the bundled content plus the full Comprehensive Rules, runs every query of
the query set through `kb search`'s ranking and through kb-search.js's engine
(under Node), and prints, per kind of query and for each part of the set
(tuned on, held out, and the unseen set written before the second round of
tuning): hit@3 (the share of queries with an accepted record in the
first 3 results) and MRR (mean reciprocal rank of the first accepted record in
the first 10; 0 when it is not there). Targets: hit@3 >= 95% and MRR >= 0.8
for each search, the two within 2 points.

With --mtgjson (real cards and rulings, e.g. ../shared/data/cards/mtgjson-AtomicCards-5.2.0.json.gz)
the indexes are at full scale, and each query also runs in a fresh engine to
measure the index bytes the browser loads before its first results (budget
100 KB): the largest are listed, and every query over the budget.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from kb.build import Settings, load_knowledge_base  # noqa: E402
from kb.search import INDEX_NAME, SearchIndex  # noqa: E402
from kb.search_index import write_search_index  # noqa: E402
from kb.search_postings import build_search  # noqa: E402
from kb.web_search import INDEX_DIR, write_web_search  # noqa: E402

sys.path.insert(0, str(REPO / "bench"))
from bench_web_search import QUERIES as WEB_QUERIES  # noqa: E402

DEFAULT_RULES = REPO.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules 20250919.txt"
QUERIES = [REPO / "bench" / f"search_queries{part}.yaml" for part in ("", "_unseen", "_fresh")]
KB_SEARCH_JS = REPO / "templates" / "static" / "javascripts" / "kb-search.js"
NODE_HARNESS = REPO / "tests" / "browser" / "web_search_node.js"
DEPTH = 10
# Index bytes (raw) a query may load before its first results.
BUDGET = 100_000


def terminal_results(site: Path, queries: list[str]) -> dict[str, list[str]]:
    with SearchIndex(site / INDEX_NAME) as index:
        return {q: [f"{h.kind}:{h.id}" for h in index.search(q, limit=DEPTH)] for q in queries}


def run_engine(site: Path, queries: list[str], fresh: bool) -> dict:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise SystemExit("node is needed to run kb-search.js's engine")
    request = json.dumps({"queries": queries, "limit": DEPTH, "fresh": fresh})
    # The request goes through stdin: every set's queries are more than one argument may hold.
    out = subprocess.run(
        [node, str(NODE_HARNESS), str(KB_SEARCH_JS), str(site / INDEX_DIR), "-"],
        input=request,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def browser_results(site: Path, queries: list[str], refs: list[tuple[str, str]]) -> dict[str, list[str]]:
    ranked = run_engine(site, queries, fresh=False)["ranked"]
    return {q: [f"{refs[doc][0]}:{refs[doc][1]}" for doc, _, _ in ranked[q]] for q in queries}


def index_bytes(site: Path, queries: list[str]) -> dict[str, int]:
    """Query -> raw bytes of the index files a browser with nothing loaded yet loads before its first 10 results."""
    loaded = run_engine(site, queries, fresh=True)["loaded"]
    return {q: sum((site / INDEX_DIR / f).stat().st_size for f in set(loaded[q])) for q in queries}


def reciprocal_rank(found: list[str], accept: list[str]) -> float:
    for rank, record in enumerate(found, start=1):
        if record in accept:
            return 1 / rank
    return 0.0


def placement(found: dict[str, list[str]], cases: list[dict]) -> str:
    """How many queries have their first accepted record at rank 1, 2, 3, 4-10, or not in the first 10.

    Says whether misses are near (a better order would reach them) or absent (the
    words do not meet), without naming a query: safe to print for a held-out set.
    """
    places = Counter()
    for case in cases:
        rr = reciprocal_rank(found[case["query"]][:DEPTH], case["accept"])
        rank = round(1 / rr) if rr else None
        places["none" if rank is None else str(rank) if rank <= 3 else "4-10"] += 1
    return "  ".join(f"{place}: {places[place]}" for place in ("1", "2", "3", "4-10", "none"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES)
    parser.add_argument("--mtgjson", type=Path, help="real cards and rulings (MTGJSON AtomicCards): full scale, and index bytes")
    parser.add_argument("--queries", type=Path, nargs="+", default=QUERIES)
    parser.add_argument("--show-misses", action="store_true", help="list the queries whose answer is not in the first 3")
    args = parser.parse_args()

    cases = []
    for path in args.queries:
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["queries"]:
            # a file of its own is a part of its own; in the main file, held_out marks the part
            case["part"] = path.stem if path != QUERIES[0] else ("held out" if case.get("held_out") else "tuned on")
            cases.append(case)
    kb = load_knowledge_base(
        Settings(content=REPO / "content", templates=REPO / "templates", rules=args.rules, mtgjson=args.mtgjson)
    )
    work = Path(tempfile.mkdtemp(prefix="bench-relevance-"))
    try:
        built = build_search(kb)
        known = {f"{kind}:{ident}" for kind, ident in built.refs}
        for case in cases:
            if unknown := [record for record in case["accept"] if record not in known]:
                raise SystemExit(f"{case['query']!r} accepts records the index lacks: {unknown}")
        write_search_index(kb, work, built)
        write_web_search(kb, work, built)
        queries = [c["query"] for c in cases]
        found = {"kb search": terminal_results(work, queries), "site": browser_results(work, queries, built.refs)}
        # bench_web_search.py's queries too: common words ("target creature") load the most.
        sizes = index_bytes(work, list(dict.fromkeys([*queries, *WEB_QUERIES]))) if args.mtgjson else {}
        files = Counter(path.parent.name for path in (work / INDEX_DIR).rglob("*.js"))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    parts = list(dict.fromkeys(c["part"] for c in cases))
    cards = f", {len(kb.cards)} cards and {len(kb.rulings)} rulings from {args.mtgjson.name}" if args.mtgjson else ""
    print(f"{len(cases)} queries, full CR {args.rules.name}{cards}\n")
    for chosen in [*parts, None]:
        chosen_cases = [c for c in cases if chosen is None or c["part"] == chosen]
        print(f"-- {chosen or 'all'} ({len(chosen_cases)}) --")
        print(f"{'kind':<10} {'n':>3}   {'kb search hit@3':>15} {'MRR':>5}   {'site hit@3':>10} {'MRR':>5}")
        groups: dict[str, list[dict]] = defaultdict(list)
        for case in chosen_cases:
            groups[case["kind"]].append(case)
            groups["ALL"].append(case)
        for kind in [*sorted(k for k in groups if k != "ALL"), "ALL"]:
            row = [f"{kind:<10} {len(groups[kind]):>3}"]
            for search in found:
                ranks = [reciprocal_rank(found[search][c["query"]][:DEPTH], c["accept"]) for c in groups[kind]]
                hits = sum(1 for r in ranks if r >= 1 / 3) / len(ranks)
                row.append(f"{hits:>14.0%} {sum(ranks) / len(ranks):>6.2f}")
            print("   ".join(row))
        for search in found:
            print(f"{search}: first accepted answer at {placement(found[search], chosen_cases)}")
        print()
    if sizes:
        over = sorted((q for q in sizes if sizes[q] > BUDGET), key=sizes.get, reverse=True)
        largest = sorted(sizes, key=sizes.get, reverse=True)[:5]
        print(f"index bytes before the first results: {len(over)} of {len(sizes)} queries over {BUDGET // 1000} KB", end="")
        print(f" (median {statistics.median(sizes.values()) / 1000:.1f} KB)")
        for q in dict.fromkeys([*over, *largest]):
            print(f"  {sizes[q] / 1000:6.1f} KB  {q!r}")
        print()
    print(f"index files: {sum(files.values())} ({', '.join(f'{folder}/ {n}' for folder, n in sorted(files.items()))})\n")
    if args.show_misses:
        for case in cases:
            for search in found:
                if reciprocal_rank(found[search][case["query"]][:3], case["accept"]) == 0:
                    print(
                        f"miss {search:<9} {case['kind']:<8} {case['query']!r} ({case['part']}): {found[search][case['query']][:5]}"
                    )


if __name__ == "__main__":
    main()
