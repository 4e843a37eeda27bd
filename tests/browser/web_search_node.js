// Runs kb-search.js's engine under Node over a written index, for the tests and the relevance benchmark.
// usage: node web_search_node.js KB_SEARCH_JS INDEX_DIR REQUEST_JSON
// REQUEST_JSON: {"queries": [...], "texts": [...], "limit": 10, "fresh": false}, or "-" to read it from stdin
//   (an argument holds at most 128 KB: thousands of queries go through stdin)
//   fresh: a new engine (nothing loaded yet) for every query, so that "loaded" is all a first query loads
//   -> {"results": {query: [urls]}, "ranked": {query: [[doc, matched, score]]}, "corrections": {query: [[typed, searched]]},
//       "suggestions": {query: [[name, url]]}, "tokens": [[...]], "loaded": {query: [files]}}
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const api = require(process.argv[2]);
const dir = process.argv[3];
const request = JSON.parse(process.argv[4] === "-" ? fs.readFileSync(0, "utf8") : process.argv[4]);
const limit = request.limit || 10;

let loaded = [];
let engine = null;
const kbSearch = {};
for (const kind of ["meta", "terms", "full", "docs", "spelling", "names", "questions"]) kbSearch[kind] = (key, data) => engine.register(kind, key, data);
const context = vm.createContext({ kbSearch });
const newEngine = () => new api.Engine((file) => new Promise((resolve, reject) => {
  const name = file.split("?")[0];
  loaded.push(name);
  try {
    vm.runInContext(fs.readFileSync(path.join(dir, name), "utf8"), context);
    resolve();
  } catch (e) {
    reject(e);
  }
}));
engine = newEngine();

(async () => {
  const out = { results: {}, ranked: {}, corrections: {}, suggestions: {}, loaded: {}, tokens: [] };
  await engine.ready();
  for (const text of request.texts || []) out.tokens.push(engine.text.tokens(text));
  for (const query of request.queries || []) {
    loaded = [];
    if (request.fresh) {
      engine = newEngine();
      await engine.ready();
    }
    const result = await engine.search(query);
    const records = await engine.records(result.ranked, 0, limit);
    out.results[query] = records.map((r) => r.url);
    out.ranked[query] = result.ranked.slice(0, limit).map((r) => [r[0], r[1][0], r[1][1]]);
    out.corrections[query] = result.corrections;
    out.loaded[query] = loaded;
    if (!request.fresh) out.suggestions[query] = await engine.suggest(query, 6);
  }
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
