/*
 * kb-offline: the site offline. Registers the service worker (sw.js, written by
 * kb/offline.py), says when a newer build is ready, and drives the home page's
 * "Make available offline" control: the download runs in batches the page asks the
 * worker to store, so it shows its progress, stops when cancelled and resumes
 * where it stopped (what is stored stays stored).
 *
 * Opened from disk (file://) this does nothing: the site is already on the device,
 * and browsers run no service worker there.
 */
(function () {
  "use strict";

  if (!/^https?:$/.test(window.location.protocol) || !("serviceWorker" in navigator)) return;

  var root = new URL("../", document.currentScript.src);
  // Files asked for per message: small enough that a cancel takes effect at once.
  var BATCH = 24;
  var PART_LABEL = {
    site: "the site's styles and home page",
    search: "the search index",
    rules: "the rules and glossary",
    rulings: "the general rulings",
    cards: "the card pages",
  };

  var controlled = !!navigator.serviceWorker.controller;
  var registration = navigator.serviceWorker.register(new URL("sw.js", root).href).then(function (reg) {
    watchUpdates(reg);
    return reg;
  });
  registration.catch(function () { /* no worker (private mode, blocked): the site works online as before */ });

  // The worker that serves this page's build.
  function activeWorker() {
    return navigator.serviceWorker.ready.then(function (reg) { return reg.active; });
  }

  function ask(message) {
    return activeWorker().then(function (worker) {
      return new Promise(function (resolve, reject) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) {
          if (event.data.ok) resolve(event.data.result);
          else reject(new Error(event.data.error));
        };
        worker.postMessage(message, [channel.port2]);
      });
    });
  }

  // A page loaded before the worker controlled it (the very first visit): store what it loaded. The panel
  // waits for it, so that what it says is stored includes this page's own files.
  var firstVisitStored = controlled ? Promise.resolve() : activeWorker().then(function () {
    var urls = [window.location.href].concat(performance.getEntriesByType("resource").map(function (e) { return e.name; }));
    return ask({ type: "store", urls: urls });
  }).catch(function () {});

  // --- a newer build ------------------------------------------------------------------

  var reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // The reader chose to reload (here or in another tab): every page follows, so none mixes two builds.
    if (controlled && !reloading) {
      reloading = true;
      window.location.reload();
    }
    controlled = true;
  });

  function watchUpdates(reg) {
    if (reg.waiting && navigator.serviceWorker.controller) showUpdate(reg.waiting);
    reg.addEventListener("updatefound", function () {
      var worker = reg.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(worker);
      });
    });
  }

  function showUpdate(worker) {
    if (document.querySelector("[data-kb-update]")) return;
    var bar = el("div", "kb-update");
    bar.setAttribute("role", "status");
    bar.setAttribute("data-kb-update", "");
    bar.appendChild(el("span", "", "A newer version of this site is ready."));
    var button = el("button", "md-button md-button--primary", "Reload");
    button.type = "button";
    button.addEventListener("click", function () {
      button.disabled = true;
      worker.postMessage({ type: "skip-waiting" });
    });
    bar.appendChild(button);
    document.body.appendChild(bar);
  }

  // --- "Make available offline" -------------------------------------------------------

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function megabytes(bytes) {
    return (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0) + " MB";
  }

  function count(n) {
    return n.toLocaleString("en");
  }

  function totals(status) {
    var t = { files: 0, bytes: 0, storedFiles: 0, storedBytes: 0 };
    Object.keys(status.parts).forEach(function (name) {
      var p = status.parts[name];
      t.files += p.files;
      t.bytes += p.bytes;
      t.storedFiles += p.storedFiles;
      t.storedBytes += p.storedBytes;
    });
    return t;
  }

  // "the card pages (1,234 of 30,000 stored)" for each part not wholly stored.
  function missingParts(status) {
    return Object.keys(status.parts).filter(function (name) {
      var p = status.parts[name];
      return p.storedFiles < p.files;
    }).map(function (name) {
      var p = status.parts[name];
      return (PART_LABEL[name] || name) + " (" + count(p.storedFiles) + " of " + count(p.files) + " files stored)";
    });
  }

  function Panel(container) {
    this.container = container;
    this.text = el("p", "kb-offline-text");
    this.text.setAttribute("aria-live", "polite");
    this.progress = el("progress", "kb-offline-progress");
    this.progress.hidden = true;
    this.progress.setAttribute("aria-label", "Download progress");
    this.action = el("button", "md-button md-button--primary kb-offline-action", "Make available offline");
    this.action.type = "button";
    this.cancel = el("button", "md-button kb-offline-cancel", "Cancel");
    this.cancel.type = "button";
    this.cancel.hidden = true;
    var buttons = el("div", "kb-offline-buttons");
    buttons.appendChild(this.action);
    buttons.appendChild(this.cancel);
    container.appendChild(el("h2", "kb-offline-title", "Offline"));
    container.appendChild(this.text);
    container.appendChild(this.progress);
    container.appendChild(buttons);
    this.running = false;
    this.stopped = false;
    var self = this;
    this.action.addEventListener("click", function () { self.download(); });
    this.cancel.addEventListener("click", function () { self.stopped = true; });
  }

  Panel.prototype.state = function (name) {
    this.container.setAttribute("data-kb-offline-state", name);
  };

  Panel.prototype.refresh = function (note) {
    var self = this;
    return ask({ type: "status" }).then(function (status) {
      var t = totals(status);
      self.container.hidden = false;
      self.progress.hidden = true;
      self.cancel.hidden = true;
      if (t.storedFiles === t.files) {
        self.state("done");
        self.action.hidden = true;
        self.text.textContent = "✓ Available offline on this device: " + count(t.files) + " files, " + megabytes(t.bytes) +
          ". Rules, cards and search work without a connection.";
        return;
      }
      var left = t.bytes - t.storedBytes;
      self.action.hidden = false;
      self.action.textContent = t.storedFiles > 0 && self.started ? "Resume" : "Make available offline";
      self.state(self.started ? "paused" : "ready");
      self.text.textContent = (note ? note + " " : "") +
        "Keep the whole site on this device to read and search it without a connection: the rules, glossary, every card page and the search index, " +
        count(t.files) + " files, " + megabytes(t.bytes) + (t.storedBytes ? " (" + megabytes(left) + " still to download)." : ".");
    });
  };

  Panel.prototype.download = function () {
    if (this.running) return;
    var self = this;
    this.running = true;
    this.started = true;
    this.stopped = false;
    this.action.hidden = true;
    this.cancel.hidden = false;
    this.progress.hidden = false;
    this.state("downloading");
    ask({ type: "status" }).then(function (status) {
      var t = totals(status);
      var done = t.storedBytes;
      var missing = status.missing;
      var failed = 0;
      self.progress.max = t.bytes;
      function show() {
        self.progress.value = done;
        self.text.textContent = "Downloading for offline use: " + megabytes(done) + " of " + megabytes(t.bytes) +
          " (" + Math.floor((100 * done) / t.bytes) + "%).";
      }
      show();
      function next(from) {
        if (from >= missing.length || self.stopped) return Promise.resolve();
        var batch = missing.slice(from, from + BATCH);
        return ask({ type: "store", urls: batch.map(function (m) { return new URL(m[0], root).href; }) }).then(function (result) {
          var lost = new Set(result.failed);
          batch.forEach(function (m) { if (!lost.has(m[0])) done += m[1]; });
          failed += lost.size;
          show();
          // Without a connection every further batch would fail too.
          if (lost.size === batch.length && !navigator.onLine) self.stopped = true;
          return next(from + BATCH);
        });
      }
      return next(0).then(function () {
        var note = self.stopped ? "Paused." : failed ? failed + " files could not be downloaded." : "";
        return self.refresh(note);
      });
    }).catch(function (error) {
      self.text.textContent = "The download stopped: " + error.message;
    }).then(function () {
      self.running = false;
    });
  };

  /* Search results and suggestions whose page is not stored, while offline, are
   * marked "not downloaded": kb-search.js calls this after it draws a list. */
  var statusWhileOffline = null;
  function markMissing(list) {
    if (navigator.onLine || !navigator.serviceWorker.controller) return;
    if (!statusWhileOffline) {
      statusWhileOffline = ask({ type: "status" });
      // Asked once per moment offline: the stored files do not change without a connection.
      window.addEventListener("online", function () { statusWhileOffline = null; }, { once: true });
    }
    statusWhileOffline.then(function (status) {
      var missing = new Set(status.missing.map(function (m) { return new URL(m[0], root).href; }));
      list.querySelectorAll("a[href]").forEach(function (link) {
        var page = link.href.split("#")[0];
        if (!missing.has(page) || link.querySelector(".kb-not-downloaded")) return;
        link.appendChild(el("span", "kb-not-downloaded", "not downloaded"));
      });
    }).catch(function () {});
  }

  // Whether the site's server answers. navigator.onLine is only a hint (a browser may say true with no
  // connection), so a search that failed asks the network itself: a HEAD request the worker lets through.
  function reachable() {
    var probe = new URL("offline-manifest.json", root).href + "?reachable=" + Date.now();
    return fetch(probe, { method: "HEAD", cache: "no-store" }).then(function () { return true; }, function () { return false; });
  }

  // Why a search could not load part of its index, in words a reader can act on (null when online).
  function searchUnavailable() {
    if (!navigator.serviceWorker.controller) return Promise.resolve(null);
    return reachable().then(function (online) {
      return online ? null : offlineSearchMessage();
    });
  }

  function offlineSearchMessage() {
    return ask({ type: "status" }).then(missingParts, function () { return []; }).then(function (parts) {
      return "You are offline, and this search needs files that are not downloaded yet" +
        (parts.length ? " (not yet stored: " + parts.join("; ") + ")" : "") +
        ". With a connection, choose “Make available offline” on the home page.";
    });
  }

  window.kbOffline = { markMissing: markMissing, searchUnavailable: searchUnavailable };

  function start() {
    var container = document.querySelector("[data-kb-offline]");
    if (!container) return;
    var panel = new Panel(container);
    window.kbOffline.panel = panel;
    registration.then(function () { return firstVisitStored; }).then(function () { return panel.refresh(); }).catch(function () {});
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
