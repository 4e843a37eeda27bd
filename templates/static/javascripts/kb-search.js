/*
 * kb-search: the site's search box, over the chunked index that kb/web_search.py writes.
 *
 * Why <script> tags and not fetch(): a page opened from disk (file://) may not
 * fetch() its neighbours in Chromium, but it may load scripts. Each index file
 * calls window.kbSearch.<kind>(key, data) to hand over its data, and only the
 * shards a query needs are loaded. No request ever leaves the site's folder.
 *
 * The engine part (tokenizing, loading, ranking) does not touch the DOM, so it
 * also runs under Node for tests; the UI part reuses material's md-search markup
 * and classes so the box looks and behaves like material's own.
 */
(function () {
  "use strict";

  // --- text: the rules of kb/search_text.py, read from meta.js -------------------

  /* How text becomes terms. Every rule (folding, token pattern, stop words,
   * stemmer) comes from the index's meta.js, written from kb/search_text.py:
   * the browser cuts text exactly as the index was cut. */
  function Text(rules) {
    this.fold = rules.fold;
    this.token = new RegExp(rules.token, "g");
    // Players' phrases -> the rules' words, as word lists keyed by the phrase's words joined by spaces.
    this.phrases = new Map();
    this.longestPhrase = 0;
    for (var phrase in rules.phrases) {
      this.phrases.set(phrase, rules.phrases[phrase].split(" "));
      this.longestPhrase = Math.max(this.longestPhrase, phrase.split(" ").length);
    }
    this.symbols = new Map(Object.entries(rules.symbols)); // "u/w" -> "{w/u}": split symbols as players type them
    this.stopWords = new Set(rules.stopWords.split(" "));
    this.stemRules = rules.stem;
    this.stemMin = rules.stemMin;
    this.verbEndings = rules.verbEndings;
    this.verbMinStem = rules.verbMinStem;
    this.undouble = rules.undouble;
    this.finalE = rules.finalE;
  }

  Text.prototype.normalize = function (text) {
    var fold = this.fold;
    function folded(s) {
      return Array.from(s, function (ch) { return Object.prototype.hasOwnProperty.call(fold, ch) ? fold[ch] : ch; }).join("");
    }
    return folded(folded(text.toLowerCase()).normalize("NFKD")).replace(/\p{M}/gu, "");
  };

  // kb/search_text.py's stem(): plurals, then verb endings, then a final "e".
  Text.prototype.stem = function (word) {
    if (word.length < this.stemMin || !/^[a-z]+$/.test(word)) return word;
    for (var i = 0; i < this.stemRules.length; i++) {
      var suffix = this.stemRules[i][0], unless = this.stemRules[i][1], replacement = this.stemRules[i][2];
      if (!word.endsWith(suffix)) continue;
      if (!unless.some(function (u) { return word.endsWith(u); })) word = word.slice(0, -suffix.length) + replacement;
      break;
    }
    for (var j = 0; j < this.verbEndings.length; j++) {
      var ending = this.verbEndings[j];
      var rest = word.slice(0, -ending.length);
      if (word.endsWith(ending) && rest.length >= this.verbMinStem && /[aeiouy]/.test(rest)) {
        var last = rest[rest.length - 1];
        word = last === rest[rest.length - 2] && this.undouble.indexOf(last) >= 0 ? rest.slice(0, -1) : rest;
        break;
      }
    }
    if (word.length >= this.finalE && word.endsWith("e")) word = word.slice(0, -1);
    return word;
  };

  // kb/search_text.py's written_words(): split symbols to their terms, the full stops of "e.t.b." dropped.
  Text.prototype.writtenWords = function (text) {
    var symbols = this.symbols;
    return (this.normalize(text).match(this.token) || []).map(function (w) {
      if (w.indexOf("/") >= 0 && !/^[+\-[]/.test(w)) return symbols.get(w.replace(/^\{+|\}+$/g, "")) || w;
      if (/^[a-z]/.test(w)) return w.replace(/\./g, "");
      return /^[+-]/.test(w) && w.indexOf("/") < 0 ? "[" + w + "]" : w; // a loyalty cost standing alone: "+1" is "[+1]"
    });
  };

  // kb/search_text.py's raw_tokens(): the longest phrase at each word is read as the rules' words.
  Text.prototype.rawTokens = function (text) {
    var found = this.writtenWords(text);
    var out = [];
    for (var i = 0; i < found.length; ) {
      var size = Math.min(this.longestPhrase, found.length - i);
      for (; size > 0; size--) {
        var words = this.phrases.get(found.slice(i, i + size).join(" "));
        if (words) break;
      }
      if (size > 0) {
        out.push.apply(out, words);
        i += size;
      } else {
        out.push(found[i]);
        i += 1;
      }
    }
    return out;
  };

  Text.prototype.tokens = function (text) {
    var self = this;
    return this.rawTokens(text).filter(function (t) { return !self.stopWords.has(t); }).map(function (t) { return self.stem(t); });
  };

  // kb/search_text.py's word_term(): the one term a written word stands for ("prevention" -> "prevent").
  Text.prototype.wordTerm = function (word) {
    var found = this.tokens(word);
    return found.length === 1 ? found[0] : null;
  };

  // --- engine: the ranking of kb/search_rank.py ----------------------------------

  // The index format this script reads (kb/web_search.py's FORMAT_VERSION): a site whose script comes from
  // another version of kb than its index says so, instead of failing on a field it cannot find.
  var FORMAT = 12;
  var RULE_NUMBER = /^[0-9]+(\.[0-9]+[a-z]?)?$/;
  var SECTION = /^[0-9]{3}$/;

  function parentNumber(number) {
    if (/[a-z]$/.test(number)) return number.slice(0, -1);
    if (number.indexOf(".") >= 0) return number.split(".")[0];
    return null;
  }

  // Optimal string alignment distance (edits: add, drop, change a letter, swap two neighbours).
  function editDistance(a, b) {
    var d = [];
    for (var i = 0; i <= a.length; i++) {
      d.push([i]);
      for (var j = 1; j <= b.length; j++) {
        if (i === 0) { d[i].push(j); continue; }
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
        d[i].push(v);
      }
    }
    return d[a.length][b.length];
  }

  /* `load(path)` loads one index file (path relative to the index folder) and
   * resolves once it has run; the file's kbSearch.<kind>() call fills the maps. */
  function Engine(load) {
    this.load = load;
    this.meta = null;
    this.text = null;
    this.rules = null;
    this.termBlocks = []; // the separator of each block of terms (kb/web_search.py's cut_blocks, separator)
    this.spellingBlocks = []; // the separator of each block of spelling buckets
    this.terms = new Map(); // block number -> {term: [count, encoded postings, truncated?]}
    this.full = new Map(); // term -> encoded postings
    this.docs = new Map(); // doc shard number -> records
    this.spelling = new Map(); // block number -> {spelling key: "word count word count …"}
    this.names = new Map(); // name key -> [[card name, url], …]
    this.question = null; // {topics, headings}: what only a question's ranking reads (questions.js)
    this.pending = new Map(); // path -> promise, so a file is requested once
  }

  Engine.prototype.fetch = function (path) {
    if (!this.pending.has(path)) {
      var version = this.meta ? "?v=" + this.meta.version : "";
      var promise = this.load(path + version);
      var pending = this.pending;
      // A failed load may be retried by the next query.
      promise.catch(function () { pending.delete(path); });
      pending.set(path, promise);
    }
    return this.pending.get(path);
  };

  Engine.prototype.ready = function () {
    var self = this;
    return (this.meta ? Promise.resolve() : this.fetch("meta.js")).then(function () {
      if (!self.meta) throw new Error("search index: meta.js did not register");
      if (self.meta.format !== FORMAT) {
        throw new Error("the index is format " + self.meta.format + ", this page's kb-search.js reads format " + FORMAT +
          ": rebuild the site with templates from the same version of kb");
      }
    });
  };

  // Registration calls, made by the index files.
  Engine.prototype.register = function (kind, key, data) {
    if (kind === "meta") {
      this.meta = data;
      if (data.format !== FORMAT) return; // ready() says so
      this.text = new Text(data.text);
      this.rules = data.ranking;
      this.stopWords = this.text.stopWords;
      // Keys hold no white space (kb/search_text.py cuts text at it): the separators are one string.
      this.termBlocks = data.terms.split(" ");
      this.spellingBlocks = data.spelling.split(" ");
      this.nameKeys = new Set(data.names.split(" "));
    } else if (kind === "questions") {
      this.question = { topics: data.topics, headings: new Set(data.headings) };
    } else if (kind === "terms") {
      this.terms.set(key, data);
    } else if (kind === "full") {
      this.full.set(key, data);
    } else if (kind === "docs") {
      this.docs.set(key, data);
    } else if (kind === "spelling") {
      this.spelling.set(key, data);
    } else if (kind === "names") {
      this.names.set(key, data);
    }
  };

  // A term as a file name (its further tiers, f/), as kb/web_search.py's term_file() writes it.
  function fileName(key) {
    return Array.from(key, function (ch) {
      return /[a-z0-9]/i.test(ch) ? ch : "_" + ch.charCodeAt(0).toString(16).padStart(2, "0");
    }).join("");
  }

  // The block that would hold `key`: the last one whose separator (a start of its first key) is not after it;
  // -1 before every block.
  // Python sorted the keys as JavaScript compares strings (kb/web_search.py's js_order).
  function blockFor(starts, key) {
    var lo = 0, hi = starts.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (starts[mid] <= key) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  // Every block that may hold a key starting with `prefix`.
  function blocksFor(starts, prefix) {
    var out = [];
    for (var b = Math.max(blockFor(starts, prefix), 0), last = blockFor(starts, prefix + "\uffff"); b <= last; b++) out.push(b);
    return out;
  }

  // `key`'s entry in the loaded blocks `blocks` (a Map of block number -> {key: entry}), or null.
  function lookup(blocks, starts, key) {
    var block = blocks.get(blockFor(starts, key));
    return block && Object.prototype.hasOwnProperty.call(block, key) ? block[key] : null;
  }

  // Loads the blocks of `folder` holding these keys, and every key these prefixes start.
  Engine.prototype.loadBlocks = function (folder, starts, keys, prefixes) {
    var self = this;
    var blocks = new Set();
    keys.forEach(function (k) { var b = blockFor(starts, k); if (b >= 0) blocks.add(b); });
    (prefixes || []).forEach(function (p) { blocksFor(starts, p).forEach(function (b) { blocks.add(b); }); });
    return Promise.all(Array.from(blocks).map(function (b) { return self.fetch(folder + "/" + b + ".js"); }));
  };

  // Loads the term blocks holding these terms (and the terms these prefixes start).
  Engine.prototype.loadTerms = function (terms, prefixes) {
    return this.loadBlocks("t", this.termBlocks, terms, prefixes);
  };

  Engine.prototype.entry = function (term) {
    return lookup(this.terms, this.termBlocks, term);
  };

  // [term, entry] of every loaded term starting with `prefix`.
  Engine.prototype.startingWith = function (prefix) {
    var self = this;
    var found = [];
    blocksFor(this.termBlocks, prefix).forEach(function (b) {
      var block = self.terms.get(b) || {};
      Object.keys(block).forEach(function (t) { if (t.startsWith(prefix)) found.push([t, block[t]]); });
    });
    return found;
  };

  /* The query's words as terms, each once; the last one also a prefix while it is typed (kb/search_rank.py's parse). */
  Engine.prototype.parse = function (query) {
    var text = this.text;
    var numberWords = this.rules.numberWords;
    var written = text.rawTokens(query);
    var found = written.filter(function (t) { return !text.stopWords.has(t); });
    if (found.some(function (t) { return (RULE_NUMBER.test(t) && t.indexOf(".") >= 0) || SECTION.test(t); })) {
      found = found.filter(function (t) { return numberWords.indexOf(t) < 0; });
    }
    var words = found.slice(0, this.rules.maxQueryWords);
    // A word cut off is not being typed, nor one a stop word follows ("off" in "cast off it").
    var typing = !/\s$/.test(query) && words.length === found.length && found.length > 0 &&
      written[written.length - 1] === found[found.length - 1];
    var seen = new Set();
    var out = [];
    words.forEach(function (word, i) {
      var term = text.stem(word);
      if (seen.has(term)) return;
      seen.add(term);
      var prefix = typing && i === words.length - 1 && word.length >= 2 && !RULE_NUMBER.test(word);
      out.push({ raw: word, term: term, prefix: prefix ? word : null, correctedTo: null });
    });
    return out;
  };

  Engine.prototype.maxEdits = function (word) {
    if (word.length < this.rules.minCorrected || !/^[a-z]+$/.test(word)) return 0;
    return word.length < this.rules.longWord ? 1 : 2;
  };

  // The buckets a misspelt word's corrections are listed in (kb/search_rank.py's lookup_keys): its first two letters, both ends, a 4-letter word's ends.
  function spellingKeys(word) {
    var keys = [word.slice(0, 2), "-" + word.slice(-2), "-" + word.slice(-3)];
    if (word.length === 4) keys.push(word[0] + "-" + word[3]);
    return keys;
  }

  // The middle key a long word is looked up under when its ends give nothing (kb/search_rank.py's middle_keys).
  Engine.prototype.middleKeys = function (word) {
    return word.length >= this.rules.longWord ? ["~" + word.slice(3, 6)] : [];
  };

  // Loads the spelling blocks holding these keys.
  Engine.prototype.loadSpelling = function (keys) {
    return this.loadBlocks("s", this.spellingBlocks, keys);
  };

  // The nearest word listed under `keys` to `term` within maxEdits; ties: in most records, then A–Z (kb/search_rank.py's nearest).
  Engine.prototype.nearest = function (term, keys) {
    var limit = this.maxEdits(term);
    if (!limit) return null;
    var self = this;
    var best = null;
    keys.forEach(function (key) {
      var list = (lookup(self.spelling, self.spellingBlocks, key) || "").split(" ");
      for (var i = 0; i + 1 < list.length; i += 2) {
        var candidate = list[i], count = Number(list[i + 1]);
        if (Math.abs(candidate.length - term.length) > limit || candidate === term) continue;
        var distance = editDistance(term, candidate);
        if (distance > limit) continue;
        if (best === null || distance < best[0] || (distance === best[0] && (count > best[1] || (count === best[1] && candidate < best[2])))) {
          best = [distance, count, candidate];
        }
      }
    });
    return best ? best[2] : null;
  };

  // The singular term of a word that ends in "s" ("mvs" -> "mv"), or null (kb/search_rank.py's _resolve).
  Engine.prototype.singular = function (word) {
    return word.length > 2 && word.endsWith("s") ? this.text.wordTerm(word.slice(0, -1)) : null;
  };

  /* The two words of the indexed text a word is, run together ("firststrike" -> ["first", "strike"]);
   * [] if none (kb/search_rank.py's split). Read from the spelling buckets of its ends, already loaded. */
  Engine.prototype.split = function (word) {
    var least = this.rules.minSplitPart;
    if (word.length < 2 * least || word.length > this.rules.maxSplitWord || !/^[a-z]+$/.test(word)) return [];
    var self = this;
    function bucket(keys) {
      var counts = new Map();
      keys.forEach(function (key) {
        var list = (lookup(self.spelling, self.spellingBlocks, key) || "").split(" ");
        for (var i = 0; i + 1 < list.length; i += 2) counts.set(list[i], Number(list[i + 1]));
      });
      return counts;
    }
    // A word is listed under its last two letters or, from 6 letters on, its last three.
    var starts = bucket([word.slice(0, 2)]), ends = bucket(["-" + word.slice(-2), "-" + word.slice(-3)]);
    var best = null;
    for (var cut = least; cut <= word.length - least; cut++) {
      var first = word.slice(0, cut), second = word.slice(cut);
      if (!starts.has(first) || !ends.has(second)) continue;
      var rarer = Math.min(starts.get(first), ends.get(second));
      if (best === null || rarer > best[0]) best = [rarer, cut];
    }
    return best ? [word.slice(0, best[1]), word.slice(best[1])] : [];
  };

  /* The query with two words typed apart read as the one word the rules write ("battle field" -> "battlefield"),
   * and a map of each such word -> the two words as typed (kb/search_rank.py's Ranker.join). */
  Engine.prototype.join = function (query) {
    var self = this;
    var written = this.text.normalize(query).split(/[ \t\r\n]+/).filter(function (w) { return w; });
    var typedOn = /\s$/.test(query) || written.length > this.rules.maxQueryWords; // a word cut off is not being typed
    written = written.slice(0, this.rules.maxQueryWords);
    // Letters only, and no stop word: a stop word is loaded by no query, and its pairs would cost blocks of terms for nothing.
    var plain = function (w) { return /^[a-z]+$/.test(w) && !self.text.stopWords.has(w); };
    var terms = [];
    written.forEach(function (w, i) {
      var next = written[i + 1];
      if (next !== undefined && plain(w) && plain(next)) terms.push(self.text.wordTerm(w + next), self.text.wordTerm(w), self.text.wordTerm(next));
    });
    function count(word) {
      var term = self.text.wordTerm(word);
      var entry = term ? self.entry(term) : null;
      return entry ? entry[0] : 0;
    }
    function oneWord(first, second) {
      if (!plain(first) || !plain(second) || (first + second).length > self.rules.maxSplitWord) return false;
      var whole = count(first + second);
      return whole > 0 && whole * self.rules.joinRatio >= Math.min(count(first), count(second));
    }
    return this.loadTerms(terms.filter(function (t) { return t; })).then(function () {
      var out = [], joined = new Map();
      for (var i = 0; i < written.length; ) {
        if (i + 1 < written.length && oneWord(written[i], written[i + 1])) {
          joined.set(written[i] + written[i + 1], written[i] + " " + written[i + 1]);
          out.push(written[i] + written[i + 1]);
          i += 2;
        } else {
          out.push(written[i]);
          i += 1;
        }
      }
      return { query: out.join(" ") + (typedOn ? " " : ""), joined: joined };
    });
  };

  /* Each word as searched (kb/search_rank.py's _resolve): a number the release
   * lacks as its nearest parent; a word that matches nothing as its singular,
   * corrected, or split in two; then each term once. */
  Engine.prototype.resolve = function (words) {
    var self = this;
    // Terms a word may be read as: a rule number's parents, a plural's singular.
    var fallbacks = [];
    words.forEach(function (w) {
      for (var n = w.term; n && RULE_NUMBER.test(w.term); n = parentNumber(n)) fallbacks.push(n);
      var singular = self.singular(w.raw);
      if (singular) fallbacks.push(singular);
    });
    var prefixes = words.filter(function (w) { return w.prefix; }).map(function (w) { return w.prefix; });
    return this.loadTerms(words.map(function (w) { return w.term; }).concat(fallbacks), prefixes).then(function () {
      var misspelt = words.filter(function (w) {
        var singular = self.singular(w.raw);
        return !self.entry(w.term) && !RULE_NUMBER.test(w.term) && !(singular && self.entry(singular)) && self.maxEdits(w.raw);
      });
      var keys = [];
      misspelt.forEach(function (w) { keys.push.apply(keys, spellingKeys(w.raw)); });
      return self.loadSpelling(keys).then(function () {
        // A long word its ends do not correct is looked up by its middle (kb/search_rank.py's correct).
        var middle = [];
        misspelt.forEach(function (w) { if (!self.nearest(w.raw, spellingKeys(w.raw))) middle.push.apply(middle, self.middleKeys(w.raw)); });
        return self.loadSpelling(middle);
      });
    }).then(function () {
      var resolved = [];
      words.forEach(function (w) {
        if (self.entry(w.term)) return resolved.push(w);
        if (RULE_NUMBER.test(w.term)) {
          var n = w.term;
          while (n && !self.entry(n)) n = parentNumber(n);
          return resolved.push(n ? { raw: w.raw, term: n, prefix: null, correctedTo: null } : w);
        }
        var singular = self.singular(w.raw);
        if (singular && self.entry(singular)) return resolved.push({ raw: w.raw, term: singular, prefix: w.prefix, correctedTo: null });
        // Being typed, it may be the start of a word or a misspelt one ("stepp": "steppe", "step").
        var prefix = w.prefix && self.startingWith(w.prefix).length ? w.prefix : null;
        var corrected = self.nearest(w.raw, spellingKeys(w.raw)) || self.nearest(w.raw, self.middleKeys(w.raw));
        if (!corrected) {
          // A word that may be unfinished is not split in two either.
          var parts = prefix ? [] : self.split(w.raw);
          if (!parts.length) return resolved.push(w);
          parts.forEach(function (part) {
            resolved.push({ raw: w.raw, term: self.text.wordTerm(part) || part, prefix: null, correctedTo: parts.join(" ") });
          });
          return;
        }
        resolved.push({ raw: w.raw, term: self.text.wordTerm(corrected) || corrected, prefix: prefix, correctedTo: corrected });
      });
      // Each term once ("sumoning summoning": one word).
      var seen = new Set();
      resolved = resolved.filter(function (w) { return !seen.has(w.term) && seen.add(w.term); });
      return self.loadTerms(resolved.map(function (w) { return w.term; })).then(function () { return resolved; });
    });
  };

  /* Reads postings as kb/search_postings.py's encode() writes them (doc gap, weight, …); keeps the larger weight.
   * A weight marked as a title's (its lowest bit) counts `title` times more (kb/search_rank.py's decode). */
  function decode(packed, factor, into, title) {
    var doc = 0, value = 0, scale = 1, isWeight = false;
    for (var i = 0; i < packed.length; i++) {
      var code = packed.charCodeAt(i);
      if (code < 93) {
        value += (code - 48) * scale;
        scale *= 32;
        continue;
      }
      value += (code - 93) * scale;
      if (isWeight) {
        var weight = Math.floor(value / 2) * (value % 2 ? factor * title : factor);
        if (!(into.get(doc) >= weight)) into.set(doc, weight);
      } else {
        doc += value;
      }
      isWeight = !isWeight;
      value = 0;
      scale = 1;
    }
  }

  // Doc -> weight for one query word: the first tier of its term's postings, and of the terms it starts (kb/search_rank.py's _matches).
  Engine.prototype.matches = function (word, title) {
    var into = new Map();
    var entry = this.entry(word.term);
    if (entry) decode(entry[1], word.correctedTo ? this.rules.correctedFactor : 1, into, title);
    if (word.prefix) {
      var expansions = this.startingWith(word.prefix).filter(function (e) { return e[0] !== word.term; });
      expansions.sort(function (a, b) { return b[1][0] - a[1][0] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0); });
      var factorPrefix = this.rules.prefixFactor;
      expansions.slice(0, this.rules.maxExpansions).forEach(function (e) { decode(e[1][1], factorPrefix, into, title); });
    }
    return into;
  };

  // How a record ranks (kb/search_rank.py's key): summed weight times matched words to the power `coordination`.
  Engine.prototype.key = function (matched, score) {
    return score * Math.pow(matched, this.rules.coordination);
  };

  /* TOPIC_FACTOR for a record of a keyword the question names, times HEADING_FACTOR for a heading
   * in a question (`headings` is empty otherwise): kb/search_rank.py's record_factor. */
  Engine.prototype.recordFactor = function (doc, topics, headings) {
    var inside = topics.some(function (t) { return t[0] <= doc && doc <= t[1]; });
    var factor = inside ? this.rules.topicFactor : 1;
    return headings.has(doc) ? factor * this.rules.headingFactor : factor;
  };

  // [first, last] records of each keyword all of whose name's terms the query has (kb/search_rank.py's Ranker.topics).
  Engine.prototype.topics = function (words) {
    var terms = new Set(words.map(function (w) { return w.term; }));
    return this.question.topics.filter(function (t) {
      return t[0].split(" ").every(function (name) { return terms.has(name); });
    }).map(function (t) { return [t[1], t[2]]; });
  };

  // [[doc, [matched words, summed weight]]], best key first; ties in index order (kb/search_rank.py's _ranked).
  Engine.prototype.rank = function (matches, topics, headings) {
    var self = this;
    var scores = new Map();
    matches.forEach(function (found) {
      found.forEach(function (weight, doc) {
        var s = scores.get(doc);
        if (!s) scores.set(doc, s = [0, 0]);
        s[0] += 1;
        s[1] += weight;
      });
    });
    var ranked = Array.from(scores.entries());
    ranked.forEach(function (r) {
      r[1][1] *= self.recordFactor(r[0], topics, headings);
      r.push(self.key(r[1][0], r[1][1]));
    });
    ranked.sort(function (a, b) { return b[2] - a[2] || a[0] - b[0]; });
    return ranked.map(function (r) { return [r[0], r[1]]; });
  };

  /* `ranked` with the records named by each whole phrasing all of whose words the query has ranked up by
   * askedFactor x the first result's score x its words / the query's words (kb/search_rank.py's with_asked). */
  Engine.prototype.withAsked = function (ranked, words) {
    var self = this;
    var terms = new Set(words.map(function (w) { return w.term; }));
    var named = new Map();
    words.forEach(function (w) {
      var entry = self.entry(w.term);
      ((entry && entry[3]) || []).forEach(function (phrasing) {
        var asked = phrasing[0].split(" ");
        if (!asked.every(function (t) { return terms.has(t); })) return;
        phrasing[1].forEach(function (doc) { named.set(doc, Math.max(named.get(doc) || 0, asked.length)); });
      });
    });
    if (!named.size) return ranked;
    var best = ranked.length ? ranked[0][1][1] : 1;
    var scores = new Map(ranked.map(function (r) { return [r[0], r[1]]; }));
    named.forEach(function (size, doc) {
      var s = scores.get(doc) || [0, 0];
      scores.set(doc, [Math.max(s[0], 1), s[1] + self.rules.askedFactor * best * size / terms.size]);
    });
    var out = Array.from(scores.entries()).map(function (r) { return [r[0], r[1], self.key(r[1][0], r[1][1])]; });
    out.sort(function (a, b) { return b[2] - a[2] || a[0] - b[0]; });
    return out.map(function (r) { return [r[0], r[1]]; });
  };

  // The most a record may get from a word's postings not read yet; 0 when all are read (kb/search_rank.py's _bound).
  Engine.prototype.bound = function (word, read) {
    var entry = this.entry(word.term);
    var bounds = (entry && entry[2]) || [];
    if (read > bounds.length) return 0;
    return bounds[read - 1] * (word.correctedTo ? this.rules.correctedFactor : 1);
  };

  // Whether no record outside the first page could enter it with the postings not read yet (kb/search_rank.py's settled).
  Engine.prototype.settled = function (ranked, matches, bounds, topics, headings) {
    var self = this;
    var page = this.rules.page;
    var floor = ranked.length >= page ? this.key(ranked[page - 1][1][0], ranked[page - 1][1][1]) : 0;
    var unread = [];
    var total = 0;
    bounds.forEach(function (b, i) { if (b) { unread.push(i); total += b; } });
    if (this.key(unread.length, total * (topics.length ? this.rules.topicFactor : 1)) > floor) return false;
    for (var r = page; r < ranked.length; r++) {
      var doc = ranked[r][0];
      var count = 0, extra = 0;
      for (var u = 0; u < unread.length; u++) {
        if (!matches[unread[u]].has(doc)) { count += 1; extra += bounds[unread[u]]; }
      }
      if (count && self.key(ranked[r][1][0] + count, ranked[r][1][1] + extra * self.recordFactor(doc, topics, headings)) > floor) return false;
    }
    return true;
  };

  /* How much a title's words count: less in a question about a situation, in full
   * in one that asks what something is (kb/search_rank.py's title_factor). */
  Engine.prototype.titleFactor = function (query) {
    var rules = this.rules, text = this.text;
    var words = text.rawTokens(query);
    if (!words.length || rules.questionWords.indexOf(words[0]) < 0) return 1;
    var lead = words.slice(0, 2).join(" ");
    var asksWhat = rules.definitionForms.some(function (form) {
      var start = form[0], end = form[1];
      if (!(lead === start || lead.indexOf(start + " ") === 0)) return false;
      if (end && !(words.length > 2 && words[words.length - 1] === end)) return false;
      var topic = (end ? words.slice(0, -1) : words).filter(function (w) { return !text.stopWords.has(w); });
      return topic.length <= rules.definitionWords;
    });
    return asksWhat ? 1 : rules.questionTitle;
  };

  /* Resolves to {words, corrections, total, ranked: [[doc, [matched, score]]]}. A frequent
   * term's further tiers are loaded one at a time while they may change the first page. */
  Engine.prototype.search = function (query) {
    var self = this;
    return this.ready().then(function () {
      return self.join(query);
    }).then(function (read) {
      query = read.query;
      var parsed = self.parse(query).map(function (w) {
        return read.joined.has(w.raw) ? { raw: read.joined.get(w.raw), term: w.term, prefix: null, correctedTo: w.raw } : w;
      });
      return self.resolve(parsed);
    }).then(function (words) {
      var title = self.titleFactor(query);
      // Only a question reads the keywords' records and the headings: other queries never load them.
      return (title < 1 ? self.fetch("questions.js") : Promise.resolve()).then(function () { return [words, title]; });
    }).then(function (read) {
      var words = read[0], title = read[1];
      var topics = title < 1 ? self.topics(words) : [];
      var headings = title < 1 ? self.question.headings : new Set();
      var matches = words.map(function (w) { return self.matches(w, title); });
      var tiers = words.map(function () { return 1; });
      function step() {
        var ranked = self.rank(matches, topics, headings);
        var bounds = words.map(function (w, i) { return self.bound(w, tiers[i]); });
        if (!bounds.some(function (b) { return b; }) || self.settled(ranked, matches, bounds, topics, headings)) {
          // A word being typed that starts other words is not said to be corrected: it may be unfinished.
        // A word split in two is one correction ("firststrike" -> "first strike"), held by both its words.
        var corrections = [], said = new Set();
        words.forEach(function (w) {
          var pair = [w.raw, w.correctedTo];
          if (w.correctedTo && !w.prefix && !said.has(pair.join("\n"))) { said.add(pair.join("\n")); corrections.push(pair); }
        });
          ranked = self.withAsked(ranked, words);
          return { words: words, corrections: corrections, total: ranked.length, ranked: ranked };
        }
        // The word whose unread postings may weigh most loads its next tier; ties: the first.
        var i = 0;
        bounds.forEach(function (b, j) { if (b > bounds[i]) i = j; });
        var term = words[i].term, number = tiers[i];
        return self.fetch("f/" + fileName(term) + "-" + number + ".js").then(function () {
          decode(self.full.get(term + " " + number), words[i].correctedTo ? self.rules.correctedFactor : 1, matches[i], title);
          tiers[i] += 1;
          return step();
        });
      }
      return step();
    });
  };

  // A card name as suggestions match it (kb/search_text.py's name_key): folded, letters and digits only.
  Engine.prototype.nameKey = function (name) {
    return this.text.normalize(name).replace(/[^a-z0-9]/g, "");
  };

  /* Resolves to up to `max` [card name, url] whose name starts with the query, A–Z. */
  Engine.prototype.suggest = function (query, max) {
    var self = this;
    return this.ready().then(function () {
      var key = self.nameKey(query);
      // Two letters name a shard, or three where two hold too many names (kb/search_names.py's name_shards;
      // `kb search` suggests the same names from the same shards: `suggested` there).
      var shard = self.nameKeys.has(key.slice(0, 2)) ? key.slice(0, 2) : key.slice(0, 3);
      if (key.length < 2 || !self.nameKeys.has(shard)) return [];
      return self.fetch("n/" + shard + ".js").then(function () {
        return (self.names.get(shard) || []).filter(function (n) { return self.nameKey(n[0]).startsWith(key); }).slice(0, max);
      });
    });
  };

  // [file number, place in it] of a document's record: the rules and glossary entries come first, in
  // smaller shards (kb/web_search.py's shard_of).
  Engine.prototype.shardOf = function (doc) {
    var m = this.meta;
    if (doc < m.ruleDocs) return [Math.floor(doc / m.ruleShard), doc % m.ruleShard];
    var after = doc - m.ruleDocs;
    return [Math.ceil(m.ruleDocs / m.ruleShard) + Math.floor(after / m.docShard), after % m.docShard];
  };

  // The records of ranked documents [from, to): loads their document shards.
  Engine.prototype.records = function (ranked, from, to) {
    var self = this;
    var slice = ranked.slice(from, to);
    var shards = new Set(slice.map(function (r) { return self.shardOf(r[0])[0]; }));
    return Promise.all(Array.from(shards).map(function (n) { return self.fetch("d/" + n + ".js"); }))
      .then(function () {
        return slice.map(function (r) {
          var at = self.shardOf(r[0]);
          var rec = self.docs.get(at[0])[at[1]];
          return { id: r[0], kind: rec[0], title: rec[1], url: rec[2], context: rec[3], snippet: rec[4], matched: r[1][0], score: r[1][1] };
        });
      });
  };

  var api = { Engine: Engine, Text: Text };

  if (typeof document === "undefined") {
    // Node (tests): hand the engine over; there is no page to attach to.
    if (typeof module !== "undefined") module.exports = api;
    return;
  }

  // --- browser: loading -----------------------------------------------------------

  // The site root, from this script's own address: it works on file://, at a
  // server's root and under any sub-path, whatever page is showing.
  var root = new URL("../", document.currentScript.src);
  var indexBase = new URL("search/kb-index/", root);

  function loadScript(path) {
    return new Promise(function (resolve, reject) {
      var el = document.createElement("script");
      el.src = new URL(path, indexBase).href;
      el.async = true;
      el.onload = function () { el.remove(); resolve(); };
      el.onerror = function () { el.remove(); reject(new Error("could not load " + path)); };
      document.head.appendChild(el);
    });
  }

  var engine = new Engine(loadScript);
  window.kbSearch = {
    engine: engine,
    api: api,
    meta: function (key, data) { engine.register("meta", key, data); },
    terms: function (key, data) { engine.register("terms", key, data); },
    full: function (key, data) { engine.register("full", key, data); },
    docs: function (key, data) { engine.register("docs", key, data); },
    spelling: function (key, data) { engine.register("spelling", key, data); },
    names: function (key, data) { engine.register("names", key, data); },
    questions: function (key, data) { engine.register("questions", key, data); },
  };

  // --- browser: user interface ------------------------------------------------------

  // Results shown at a time; the last item loads the next page.
  var PAGE = 10;
  var KIND_LABEL = { rule: "Rule", glossary: "Glossary", card: "Card", ruling: "Ruling" };
  var GROUP_LABEL = { rule: "Rules", glossary: "Glossary", card: "Cards", ruling: "Rulings" };
  // Card names suggested as you type.
  var SUGGESTIONS = 6;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  /* Text with the words that match the query wrapped in <mark>. Built from
   * text nodes, never innerHTML: snippets are imported text. */
  function highlight(text, words) {
    var fragment = document.createDocumentFragment();
    var pattern = /[\p{L}\p{N}’'.]+/gu;
    var last = 0;
    var match;
    while ((match = pattern.exec(text)) !== null) {
      var run = match[0].replace(/\.+$/, "");
      var hit = engine.text.tokens(run).some(function (t) {
        return words.some(function (w) { return t === w.term || (w.prefix && t.startsWith(w.prefix)); });
      });
      if (!hit || !run) continue;
      fragment.appendChild(document.createTextNode(text.slice(last, match.index)));
      fragment.appendChild(el("mark", "", run));
      last = match.index + run.length;
    }
    fragment.appendChild(document.createTextNode(text.slice(last)));
    return fragment;
  }

  // The query with each corrected word replaced by its correction (kb/search.py's showing_results_for).
  function showingResultsFor(query, corrections) {
    if (!corrections.length) return null;
    corrections.forEach(function (c) {
      var typed = c[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      typed = typed.replace(/ /g, "\\s+"); // two words joined into one ("battle field") may have more spaces between them
      query = query.replace(new RegExp("(?<![\\p{L}\\p{N}_])" + typed + "(?![\\p{L}\\p{N}_])", "giu"), c[1]);
    });
    return query.trim();
  }

  function resultItem(rec, words) {
    var item = el("li", "md-search-result__item");
    var link = el("a", "md-search-result__link");
    link.href = new URL(rec.url, root).href;
    link.tabIndex = -1;
    link.dataset.kbKind = rec.kind;
    var article = el("article", "md-search-result__article md-typeset kb-search-result kb-search-" + rec.kind);
    var heading = el("h1");
    heading.appendChild(el("span", "kb-search-kind", KIND_LABEL[rec.kind] || rec.kind));
    var title = el("span", rec.kind === "rule" ? "kb-search-title kb-search-number" : "kb-search-title");
    title.appendChild(highlight(rec.title, words));
    heading.appendChild(title);
    if (rec.context && rec.kind !== "ruling") {
      heading.appendChild(el("span", "kb-search-context", rec.context));
    }
    article.appendChild(heading);
    if (rec.snippet) {
      var p = el("p");
      p.appendChild(highlight(rec.snippet, words));
      article.appendChild(p);
    }
    link.appendChild(article);
    item.appendChild(link);
    return item;
  }

  function SearchBox(container) {
    this.container = container;
    this.input = container.querySelector("[data-kb-search-query]");
    this.meta = container.querySelector(".md-search-result__meta");
    this.list = container.querySelector(".md-search-result__list");
    this.suggestions = container.querySelector("[data-kb-search-suggest]");
    this.records = [];
    this.toggle = document.getElementById("__search");
    this.sequence = 0;
    this.result = null;
    this.shown = 0;
    this.timer = null;
    this.bind();
  }

  SearchBox.prototype.open = function () {
    if (this.toggle && !this.toggle.checked) this.toggle.checked = true;
  };

  SearchBox.prototype.close = function () {
    if (this.toggle) this.toggle.checked = false;
    // Whatever has focus in the box (the input or a result) is hidden now.
    var active = document.activeElement;
    if (active && this.container.contains(active)) active.blur();
  };

  SearchBox.prototype.links = function () {
    return Array.prototype.slice.call(this.list.querySelectorAll(".md-search-result__link"));
  };

  SearchBox.prototype.bind = function () {
    var self = this;
    var form = this.input.form;
    form.addEventListener("submit", function (e) { e.preventDefault(); self.go(0); });
    form.addEventListener("reset", function () {
      setTimeout(function () { self.run(); self.input.focus(); }, 0);
    });
    this.input.addEventListener("focus", function () { self.open(); });
    this.input.addEventListener("input", function () {
      clearTimeout(self.timer);
      self.timer = setTimeout(function () { self.run(); }, 60);
    });
    if (this.toggle) {
      // Material's header button (on small screens) ticks the toggle: focus the box.
      this.toggle.addEventListener("change", function () {
        if (self.toggle.checked) self.input.focus();
      });
    }
    this.list.addEventListener("click", function (e) {
      var link = e.target.closest && e.target.closest("a");
      if (link && link.classList.contains("md-search-result__link")) self.close();
    });
    document.addEventListener("keydown", function (e) { self.key(e); });
  };

  SearchBox.prototype.key = function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var active = document.activeElement;
    var inBox = this.container.contains(active) && (!this.toggle || this.toggle.checked);
    if (!inBox) {
      // Material's shortcuts: "/" or "s" (and "f") focus search, unless typing somewhere.
      var typing = active && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
      if (!typing && (e.key === "/" || e.key === "s" || e.key === "f")) {
        e.preventDefault();
        this.input.focus();
        this.input.select();
      }
      return;
    }
    var links = this.links();
    var at = links.indexOf(active);
    if (e.key === "Escape") {
      e.preventDefault();
      this.close();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      if (links.length) links[Math.min(at + 1, links.length - 1)].focus();
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      if (at > 0) links[at - 1].focus();
      else this.input.focus();
    } else if (e.key === "Enter" && active === this.input) {
      e.preventDefault();
      this.go(0);
    }
  };

  SearchBox.prototype.go = function (n) {
    var link = this.links()[n];
    if (link) link.click();
  };

  SearchBox.prototype.say = function (text) {
    this.meta.textContent = text;
  };

  SearchBox.prototype.run = function () {
    var self = this;
    var query = this.input.value;
    var sequence = ++this.sequence;
    if (!query.trim()) {
      this.list.textContent = "";
      this.showSuggestions([]);
      this.result = null;
      this.say("Type a rule number (302.6), words (summoning sickness) or part of a card name");
      return;
    }
    var results = engine.search(query).then(function (result) {
      if (sequence !== self.sequence) return null; // a newer query is on its way
      self.result = result;
      self.shown = 0;
      self.records = [];
      self.list.textContent = "";
      if (!result.words.length) {
        self.say("Type a longer query");
        return null;
      }
      var count = result.total === 0 ? "No matching documents" : result.total === 1 ? "1 matching document" : result.total + " matching documents";
      var corrected = showingResultsFor(query, result.corrections);
      self.say(corrected ? "Showing results for “" + corrected + "” · " + count : count);
      return self.more(sequence);
    });
    var suggestions = engine.suggest(query, SUGGESTIONS).then(function (names) {
      if (sequence === self.sequence) self.showSuggestions(names);
    });
    Promise.all([results, suggestions]).then(function () {
      if (sequence === self.sequence) self.container.dataset.kbSearchState = "done";
    }).catch(function (err) {
      // Offline with part of the index not downloaded, kb-offline.js says which parts.
      var offline = window.kbOffline ? window.kbOffline.searchUnavailable() : Promise.resolve(null);
      offline.then(function (why) {
        if (sequence !== self.sequence) return;
        self.say(why || "Search is unavailable: " + err.message);
        self.container.dataset.kbSearchState = "failed";
      });
    });
  };

  // Card names that start with what is typed, as links above the results.
  SearchBox.prototype.showSuggestions = function (names) {
    var box = this.suggestions;
    if (!box) return;
    box.textContent = "";
    box.hidden = names.length === 0;
    if (!names.length) return;
    box.appendChild(el("span", "kb-search-suggest-label", "Cards:"));
    names.forEach(function (n) {
      var link = el("a", "kb-search-suggestion", n[0]);
      link.href = new URL(n[1], root).href;
      box.appendChild(link);
    });
    if (window.kbOffline) window.kbOffline.markMissing(box);
  };

  /* Loads the next page of results and shows every result so far grouped by
   * kind: groups in the order of their best result, results best first within. */
  SearchBox.prototype.more = function (sequence) {
    var self = this;
    var result = this.result;
    var from = this.shown;
    return engine.records(result.ranked, from, from + PAGE).then(function (records) {
      if (sequence !== self.sequence) return;
      self.records = self.records.concat(records);
      self.shown = from + records.length;
      var focused = document.activeElement && self.list.contains(document.activeElement) ? document.activeElement.href : null;
      self.list.textContent = "";
      var groups = new Map();
      self.records.forEach(function (rec) {
        if (!groups.has(rec.kind)) groups.set(rec.kind, []);
        groups.get(rec.kind).push(rec);
      });
      groups.forEach(function (recs, kind) {
        var header = el("li", "kb-search-group");
        header.appendChild(el("h2", "kb-search-group-title", (GROUP_LABEL[kind] || kind) + " (" + recs.length + ")"));
        self.list.appendChild(header);
        recs.forEach(function (rec) { self.list.appendChild(resultItem(rec, result.words)); });
      });
      if (self.shown < result.total) {
        var item = el("li", "md-search-result__item kb-search-more");
        var button = el("button", "md-search-result__more", "Show more results");
        button.type = "button";
        button.addEventListener("click", function () {
          self.more(sequence).then(function () { self.container.dataset.kbSearchState = "done"; });
        });
        item.appendChild(button);
        self.list.appendChild(item);
      }
      if (window.kbOffline) window.kbOffline.markMissing(self.list);
      // Keep the keyboard where it was: the list was drawn again.
      if (focused) {
        var again = self.links().filter(function (a) { return a.href === focused; })[0];
        if (again) again.focus();
      }
    });
  };

  function start() {
    var container = document.querySelector("[data-kb-search]");
    if (container) window.kbSearch.box = new SearchBox(container);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
