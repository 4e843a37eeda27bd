/*
 * The site's service worker: keeps what a reader has opened, and on request the whole
 * site, so it reads and searches without a connection. kb/offline.py writes it into
 * the site as sw.js, under the constant VERSION of the site's offline-manifest.json.
 *
 * Every file is stored in one cache under its address plus "?kb-hash=<hash of its
 * content>". A new build is a new VERSION, so the browser installs a new worker, which
 * fetches only the files the reader had whose hash changed: a rebuild that changes
 * one card downloads that card's files again, and nothing else. The new worker waits
 * until the reader reloads (the page offers it), so one page never mixes two builds.
 */
"use strict";

const CACHE = "kb-offline";
const SCOPE = new URL(self.registration.scope);
const MANIFEST = "offline-manifest.json";
// Stored when the worker is installed: what any page needs, and what search needs first.
const FIRST_PART = "site";
const SEARCH_START = "search/kb-index/meta.js";
// Files fetched at once while downloading.
const PARALLEL = 6;

function fileUrl(path) {
  return new URL(path.split("/").map(encodeURIComponent).join("/"), SCOPE).href;
}

function keyOf(path, hash) {
  return fileUrl(path) + "?kb-hash=" + hash;
}

function manifestKey(version) {
  return fileUrl(MANIFEST) + "?kb-version=" + version;
}

// A site address as a path of offline-manifest.json ("" and folders mean their index.html).
function pathOf(url) {
  let path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return path;
}

function indexed(data) {
  const files = new Map();
  for (const [part, entries] of Object.entries(data.parts)) {
    for (const [path, hash, size] of entries) files.set(path, { hash: hash, size: size, part: part });
  }
  return { version: data.version, parts: Object.keys(data.parts), files: files };
}

// This worker's manifest, from the cache (a worker is stopped and restarted at will).
let current = null;
function manifest() {
  if (!current) {
    current = caches.open(CACHE)
      .then((cache) => cache.match(manifestKey(VERSION)))
      .then((response) => {
        if (!response) throw new Error("the offline manifest is not stored");
        return response.json();
      })
      .then(indexed);
    current.catch(() => { current = null; });
  }
  return current;
}

async function hashOf(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/* Store a fetched file under its hash. A body with another hash comes from a newer
 * build on the server: it is not stored under this build's name, and the browser is
 * asked to look for the new worker. */
async function keep(cache, path, entry, response) {
  if (!response.ok || response.type !== "basic") return false;
  const body = await response.arrayBuffer();
  if (!(await hashOf(body)).startsWith(entry.hash)) {
    self.registration.update().catch(() => {});
    return false;
  }
  await cache.put(keyOf(path, entry.hash), new Response(body, { status: 200, headers: response.headers }));
  return true;
}

// Fetch and store `paths`, PARALLEL at a time; returns the paths that could not be stored.
async function download(cache, paths, files) {
  const failed = [];
  let next = 0;
  async function one() {
    while (next < paths.length) {
      const path = paths[next++];
      try {
        const response = await fetch(fileUrl(path), { cache: "no-cache" });
        if (!(await keep(cache, path, files.get(path), response))) failed.push(path);
      } catch (e) {
        failed.push(path);
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, one));
  return failed;
}

async function storedKeys(cache) {
  return new Set((await cache.keys()).map((request) => request.url));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const response = await fetch(fileUrl(MANIFEST), { cache: "no-store" });
    if (!response.ok) throw new Error("no " + MANIFEST);
    const next = indexed(await response.clone().json());
    // The site was rebuilt again meanwhile: the browser's next update check installs that one.
    if (next.version !== VERSION) throw new Error("the site changed while this worker was installing");
    const cache = await caches.open(CACHE);
    const stored = await storedKeys(cache);
    // Whatever the reader had stored, at any version, is kept up to date; so is a part they
    // had whole, which gains the files new in this build (a new card, a new search shard).
    const had = new Set();
    stored.forEach((url) => {
      const address = new URL(url);
      if (address.searchParams.has("kb-hash")) had.add(pathOf(address));
    });
    const whole = await wholeParts(cache, stored);
    const wanted = [];
    next.files.forEach((entry, path) => {
      const needed = entry.part === FIRST_PART || path === SEARCH_START || had.has(path) || (whole.has(entry.part) && !whole.known.has(path));
      if (needed && !stored.has(keyOf(path, entry.hash))) wanted.push(path);
    });
    const failed = await download(cache, wanted, next.files);
    if (failed.length) throw new Error("could not fetch " + failed[0]);
    await cache.put(manifestKey(VERSION), response);
    // The first worker has no older one to wait for.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

// The parts the reader had wholly stored under the previous build, and that build's paths (`known`).
async function wholeParts(cache, stored) {
  const whole = new Set();
  whole.known = new Set();
  const previous = Array.from(stored).find((url) => new URL(url).searchParams.has("kb-version"));
  if (!previous) return whole;
  const old = indexed(await (await cache.match(previous)).json());
  const complete = new Map(old.parts.map((name) => [name, true]));
  old.files.forEach((entry, path) => {
    whole.known.add(path);
    if (!stored.has(keyOf(path, entry.hash))) complete.set(entry.part, false);
  });
  complete.forEach((yes, name) => { if (yes) whole.add(name); });
  return whole;
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const m = await manifest();
    const live = new Set([manifestKey(VERSION)]);
    m.files.forEach((entry, path) => live.add(keyOf(path, entry.hash)));
    const old = (await cache.keys()).filter((request) => !live.has(request.url));
    await Promise.all(old.map((request) => cache.delete(request)));
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  event.respondWith(respond(event, pathOf(url)));
});

async function respond(event, path) {
  const request = event.request;
  let m;
  try {
    m = await manifest();
  } catch (e) {
    return fetch(request);
  }
  const cache = await caches.open(CACHE);
  // The page reads the manifest of the build that serves it.
  if (path === MANIFEST) return cache.match(manifestKey(VERSION));
  const entry = m.files.get(path);
  if (!entry) return fetch(request); // not offered offline: the API, the sitemap
  const hit = await cache.match(keyOf(path, entry.hash));
  if (hit) return hit;
  let response;
  try {
    response = await fetch(request);
  } catch (e) {
    if (request.mode === "navigate") return notDownloaded(path);
    throw e;
  }
  // Pages seen and search shards used stay available offline.
  event.waitUntil(keep(cache, path, entry, response.clone()).catch(() => false));
  return response;
}

function escape(text) {
  return text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]);
}

function notDownloaded(path) {
  const home = fileUrl("index.html");
  const html = "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">" +
    "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><title>Not downloaded yet</title>" +
    "<body style=\"font-family:sans-serif;max-width:36em;margin:2em auto;padding:0 1em;line-height:1.5\">" +
    "<h1>Not downloaded yet</h1><p>You are offline, and <code>" + escape(path) + "</code> is not stored on this device.</p>" +
    "<p>With a connection, open the <a href=\"" + escape(home) + "\">home page</a> and choose " +
    "“Make available offline” to keep every rule and card page.</p></body></html>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/* Messages from pages (kb-offline.js), answered on the port they send:
 * "status" — what is stored, per part, and the paths still missing;
 * "store" {urls} — fetch and store those site files (a download's next batch, or
 *   what a page loaded before this worker controlled it);
 * "skip-waiting" — the reader chose to reload into this newer build. */
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") {
    event.waitUntil(self.skipWaiting());
    return;
  }
  const work = data.type === "status" ? status() : data.type === "store" ? store(data.urls || []) : null;
  const port = event.ports[0];
  if (!work || !port) return;
  event.waitUntil(work.then(
    (result) => port.postMessage({ ok: true, result: result }),
    (error) => port.postMessage({ ok: false, error: String((error && error.message) || error) }),
  ));
});

async function status() {
  const m = await manifest();
  const stored = await storedKeys(await caches.open(CACHE));
  const parts = {};
  const missing = [];
  m.parts.forEach((name) => { parts[name] = { files: 0, bytes: 0, storedFiles: 0, storedBytes: 0 }; });
  m.files.forEach((entry, path) => {
    const part = parts[entry.part];
    part.files += 1;
    part.bytes += entry.size;
    if (stored.has(keyOf(path, entry.hash))) {
      part.storedFiles += 1;
      part.storedBytes += entry.size;
    } else {
      missing.push([path, entry.size]);
    }
  });
  return { version: m.version, parts: parts, missing: missing };
}

async function store(urls) {
  const m = await manifest();
  const cache = await caches.open(CACHE);
  const paths = [];
  for (const url of urls) {
    const address = new URL(url, SCOPE);
    if (address.origin !== SCOPE.origin || !address.pathname.startsWith(SCOPE.pathname)) continue;
    const path = pathOf(address);
    const entry = m.files.get(path);
    if (entry && paths.indexOf(path) < 0 && !(await cache.match(keyOf(path, entry.hash)))) paths.push(path);
  }
  return { failed: await download(cache, paths, m.files) };
}
