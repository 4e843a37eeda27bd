// The rules as of a date (rules/as-of.html, built with --history): reads the site's history
// (api/history.js: every release and every version of every rule, kb/history_file.py)
// and shows one section as it read in the release in force on the chosen date, each rule
// linked to the rule it is today. Record text is only ever set as textContent.
(function () {
  "use strict";

  const form = document.querySelector("[data-kb-as-of]");
  if (!form) return;
  const status = document.querySelector(".kb-as-of-status");
  const out = document.querySelector(".kb-as-of-rules");
  const root = form.getAttribute("data-kb-site-root");
  let loading = null;

  // The history comes as a script (api/history.js, the gzip in base64): a page opened
  // from disk may load a script where it may not fetch a file.
  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      const script = document.createElement("script");
      script.src = src;
      script.onload = function () { script.remove(); resolve(); };
      script.onerror = function () { script.remove(); reject(new Error("the history file could not be loaded")); };
      document.head.appendChild(script);
    });
  }

  async function load() {
    if (window.kbHistoryGzip === undefined) await loadScript(form.getAttribute("data-kb-as-of"));
    const bytes = Uint8Array.from(atob(window.kbHistoryGzip), function (c) { return c.charCodeAt(0); });
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }

  function releaseOn(history, day) {
    let found = -1;
    history.releases.forEach(function (release, index) { if (release[0] <= day) found = index; });
    return found;
  }

  // A lineage's version in force in release `index` (its text null if deleted by then), or null.
  function versionAt(lineage, index) {
    let found = null;
    for (const version of lineage) { if (version[0] <= index) found = version; }
    return found;
  }

  function sectionOf(number) { return number.split(".")[0]; }

  function ruleUrl(number) {
    if (/^\d$/.test(number)) return root + "rules/index.html#chapter-" + number;
    if (/^\d{3}$/.test(number)) return root + "rules/" + number + ".html";
    return root + "rules/" + sectionOf(number) + ".html#" + number;
  }

  // 704.5s before 704.5t before 704.5aa; 100.2 before 100.10.
  function compareNumbers(a, b) {
    const x = a.split(/(\d+)/), y = b.split(/(\d+)/);
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i] === y[i]) continue;
      if (i % 2 === 1) return Number(x[i]) - Number(y[i]);
      return x[i].length - y[i].length || (x[i] < y[i] ? -1 : 1);
    }
    return x.length - y.length;
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show(history, day, section, rule) {
    const index = releaseOn(history, day);
    out.replaceChildren();
    if (index < 0) {
      status.textContent = "No release here was in force on " + day + ": the earliest is " + history.releases[0][0] + ".";
      return;
    }
    let highlight = null;
    if (rule) {
      const lineage = history.lineages.find(function (l) { const last = l[l.length - 1]; return last[1] === rule && last[2] !== null; });
      const then = lineage && versionAt(lineage, index);
      if (!then || then[2] === null) {
        status.textContent = "Rule " + rule + " had no counterpart in the release in force on " + day + ".";
        return;
      }
      highlight = then[1];
      section = sectionOf(then[1]);
    }
    const rules = [];
    for (const lineage of history.lineages) {
      const version = versionAt(lineage, index);
      if (!version || version[2] === null) continue;
      if (version[1] !== section && sectionOf(version[1]) !== section) continue;
      rules.push({ version: version, last: lineage[lineage.length - 1] });
    }
    rules.sort(function (a, b) { return compareNumbers(a.version[1], b.version[1]); });
    const release = history.releases[index];
    const next = history.releases[index + 1];
    status.textContent = rules.length
      ? "Section " + section + " on " + day + ": the release of " + release[0] + " (" + release[1] + "), in force "
        + (next ? "until " + next[0] : "today") + "; " + rules.length + " rules."
      : "The release of " + release[0] + " has no section " + section + ".";
    form.elements.section.value = section;
    for (const item of rules) {
      const number = item.version[1];
      const block = element("div", "kb-rule kb-then");
      block.id = "then-" + number;
      const lines = item.version[2].split("\n");
      const text = element("p", "kb-rule-text");
      text.append(element("strong", "kb-then-number", number), " " + lines[0]);
      block.append(text);
      for (const line of lines.slice(1)) {
        const example = element("p", "kb-rule-example");
        example.append(element("em", "", "Example:"), " " + line.replace(/^Example: /, ""));
        block.append(example);
      }
      const now = element("p", "kb-then-now");
      if (item.last[2] === null) {
        now.textContent = "Deleted in the release of " + history.releases[item.last[0]][0] + ".";
      } else {
        const link = element("a", "kb-ref kb-ref-rule", item.last[1]);
        link.href = ruleUrl(item.last[1]);
        now.append(item.last[1] === number ? "Today: " : "Now ", link);
      }
      block.append(now);
      if (number === highlight) block.classList.add("kb-then-chosen");
      out.append(block);
    }
    if (highlight) document.getElementById("then-" + highlight).scrollIntoView();
  }

  async function choose(day, section, rule) {
    status.textContent = "Loading the rules' history…";
    try {
      loading = loading || load();
      show(await loading, day, section, rule);
    } catch (error) {
      loading = null;
      status.textContent = "The rules' history could not be loaded: " + error.message;
    }
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    const day = form.elements.date.value, section = form.elements.section.value.trim();
    const address = new URL(window.location.href);
    address.search = new URLSearchParams({ date: day, section: section }).toString();
    window.history.replaceState(null, "", address.href);
    choose(day, section, null);
  });

  const asked = new URLSearchParams(window.location.search);
  if (asked.get("date")) form.elements.date.value = asked.get("date");
  if (asked.get("section")) form.elements.section.value = asked.get("section");
  if (asked.get("date") || asked.get("section") || asked.get("rule")) {
    choose(form.elements.date.value, form.elements.section.value, asked.get("rule"));
  }
})();
