"""How much a browser loads, and how long it waits, before the first search result.

    python bench/bench_web_search.py [--cards 27000] [--rules CR.txt] [--site DIR] [--skip-material]

Builds a site at the scale of the full knowledge base (the CR plus synthetic
Scryfall-format cards and rulings from bench/synth.py, or an existing build
given with --site), with material's own `search` plugin switched on as well so
that its `search_index.json` covers exactly the same pages. Then, per query:

- bytes before the first result: kb-search.js plus every index file the query
  made the browser load (meta, blocks of terms, further tiers of postings, document shards),
  raw and gzip-compressed file by file (as a server would send them);
- time to first result: in headless Chromium (cold page per query, site served
  over HTTP on 127.0.0.1), from the query to the first page of result records;
  without Chromium, the same engine under Node reading files from disk.

Printed as ratios to material's search_index.json, all measured in this run.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from kb import plugin  # noqa: E402
from kb.build import Checked, Settings, build_site, prepare  # noqa: E402
from kb.project import load_project  # noqa: E402
from kb.web_search import INDEX_DIR  # noqa: E402

DEFAULT_RULES = REPO.parent / "shared" / "data" / "comprehensive-rules" / "MagicCompRules 20250919.txt"
QUERIES = [
    "302.6", "107.3i", "605", "summoning sickness", "historic", "lae", "creature", "target creature", "flying haste",
    # How players ask: a misspelling, an abbreviation, a symbol, a question.
    "sumoning sickness", "SBA", "{T}", "does a token go to the graveyard when it dies",
]  # fmt: skip
# The budget of index bytes (raw, not gzipped) loaded before the first results of a query.
BUDGET_KB = 100
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
JS = "javascripts/kb-search.js"


def large_knowledge_base(cards: int, rules: Path, work: Path) -> Checked:
    """The CR plus `cards` synthetic cards with their rulings (about 2.6 per card, as in Scryfall's data)."""
    import synth  # bench/synth.py

    synth.generate(work, cards=cards, seed=1)
    settings = Settings(
        content=REPO / "content",
        templates=REPO / "templates",
        rules=rules,
        scryfall_cards=work / "scryfall-oracle-cards.json",
        scryfall_rulings=work / "scryfall-rulings.json",
    )
    return prepare(settings)


def build_with_material_search(checked: Checked, site: Path, work: Path) -> float:
    """Build the site with material's search plugin enabled too; returns seconds."""
    config_file = work / "mkdocs-bench.yml"
    # INHERIT keeps the project's configuration; `plugins` is replaced, so kb's paths are made absolute.
    config_file.write_text(
        f"INHERIT: {REPO / 'mkdocs.yml'}\n"
        f"docs_dir: {REPO / 'templates' / 'static'}\n"
        f"theme:\n  custom_dir: {REPO / 'templates' / 'overrides'}\n"
        "plugins:\n  - search\n  - kb:\n"
        f"      content: {REPO / 'content'}\n      templates: {REPO / 'templates'}\n",
        encoding="utf-8",
    )
    config = load_project(config_file)
    plugin.prepare = lambda _settings: checked  # checked already: the plugin takes it rather than redoing it
    start = time.perf_counter()
    build_site(config, site)
    return time.perf_counter() - start


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 6))


def file_sizes(site: Path, relative: list[str]) -> tuple[int, int]:
    raw = packed = 0
    for rel in relative:
        data = (site / rel).read_bytes()
        raw += len(data)
        packed += gz(data)
    return raw, packed


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def measure_chromium(site: Path, queries: list[str]) -> dict[str, tuple[list[str], float]]:
    """Query -> (site-relative files loaded for the first page of results, milliseconds)."""
    from playwright.sync_api import sync_playwright

    server, base = serve(site)
    out: dict[str, tuple[list[str], float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for query in queries:
                context = browser.new_context()  # a cold cache for every query
                page = context.new_page()
                page.goto(base + "index.html")
                loaded: list[str] = []
                page.on("request", lambda r, loaded=loaded: loaded.append(r.url.split("?")[0].removeprefix(base)))
                # The engine is what the search box calls; timing it leaves out the
                # 60 ms typing debounce and the DOM rendering of the result list.
                ms = page.evaluate(
                    """async query => {
                      const engine = window.kbSearch.engine, start = performance.now();
                      const result = await engine.search(query);
                      await engine.records(result.ranked, 0, 10);
                      return performance.now() - start;
                    }""",
                    query,
                )
                out[query] = ([JS, *loaded], ms)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def measure_node(site: Path, queries: list[str]) -> dict[str, tuple[list[str], float]]:
    """The same engine under Node, reading the files from disk (no browser available)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("neither Chromium (with playwright) nor node is available to run the engine")
    out: dict[str, tuple[list[str], float]] = {}
    for query in queries:
        start = time.perf_counter()
        result = subprocess.run(
            [
                node,
                str(REPO / "tests" / "browser" / "web_search_node.js"),
                str(REPO / "templates" / "static" / JS),
                str(site / INDEX_DIR),
                json.dumps({"queries": [query]}),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        ms = (time.perf_counter() - start) * 1000
        files = json.loads(result.stdout)["loaded"][query]
        out[query] = ([JS, f"{INDEX_DIR}/meta.js", *(f"{INDEX_DIR}/{f}" for f in files)], ms)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=27_000)
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES)
    parser.add_argument("--site", type=Path, help="measure an existing build (with search/search_index.json) instead of building")
    parser.add_argument("--keep", action="store_true", help="keep the generated site and print where it is")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-web-search-"))
    try:
        site = args.site
        if site is None:
            start = time.perf_counter()
            checked = large_knowledge_base(args.cards, args.rules, work / "synth")
            kb = checked.kb
            print(
                f"knowledge base: {len(kb.cards)} cards, {len(kb.rulings)} rulings, {len(kb.rules)} rules "
                f"({time.perf_counter() - start:.1f} s to generate and load)"
            )
            site = work / "site"
            seconds = build_with_material_search(checked, site, work)
            print(f"site built with both indexes in {seconds:.1f} s")
        report(site, args)
        if args.keep:
            print(f"site kept at {site}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def report(site: Path, args: argparse.Namespace) -> None:
    material = site / "search" / "search_index.json"
    index_files = [p for p in (site / INDEX_DIR).rglob("*.js")]
    ours_raw = sum(p.stat().st_size for p in index_files)
    print(f"kb index: {len(index_files)} files, {ours_raw / 1e6:.1f} MB in all (loaded only in part)")
    material_raw = material_gz = None
    if material.is_file():
        data = material.read_bytes()
        material_raw, material_gz = len(data), gz(data)
        print(f"material search_index.json: {material_raw / 1e6:.1f} MB, {material_gz / 1e6:.2f} MB gzipped (loaded whole)")
    else:
        print("material search_index.json: not in this site (build with material's search plugin to compare)")

    use_chromium = CHROMIUM.is_file() and _has_playwright()
    where = "Chromium over HTTP, cold cache" if use_chromium else "Node engine from disk (no Chromium)"
    results = (measure_chromium if use_chromium else measure_node)(site, QUERIES)
    print(f"\nper query, before the first 10 results ({where}):")
    print(f"{'query':<20} {'files':>5} {'KB':>8} {'KB gz':>7} {'ms':>7} {'raw/material':>13} {'gz/material gz':>15}")
    for query, (files, ms) in results.items():
        raw, packed = file_sizes(site, files)
        ratio_raw = f"{raw / material_raw:.4f}" if material_raw else "-"
        ratio_gz = f"{packed / material_gz:.4f}" if material_gz else "-"
        index_raw = file_sizes(site, [f for f in files if f != JS])[0]
        verdict = "ok" if index_raw <= BUDGET_KB * 1000 else f"over {BUDGET_KB} KB"
        print(
            f"{query[:20]:<20} {len(files):>5} {raw / 1000:>8.1f} {packed / 1000:>7.1f} {ms:>7.1f} {ratio_raw:>13} {ratio_gz:>15}"
            f"   index {index_raw / 1000:.1f} KB {verdict}"
        )


def _has_playwright() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    main()
