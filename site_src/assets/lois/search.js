/* Site search: an interpreter of the search data GENERATED at build time by lois.features.search (Python,
   whoosh): vocabulary → analysed terms, elisions, accent folding, stop words, synonyms, lexicon rewrites
   (corpus/lexique.yaml), citation keys and id patterns (read by loisIds, assets/lois/ids.js), BM25F scores per term/field/document, ranking
   weights, kinds and their labels. This file applies the same query plan and sums the same scores; every
   decision is in the data. No stemmer here: words absent from the corpus are only normalised (lowercase,
   elision, accents) and matched with 1–2 typos against the generated vocabulary. Pinned to the Python side
   by tests/search_cases.yaml and tests/search_relevance.yaml, run by pytest and in Chromium.

   The data is split (lois.features.search.shards): assets/lois/recherche/<build>/index.json (parameters, the
   documents' kinds as runs: the same size at any size of the corpus), fetched at the first query (or when a search
   box gets the focus); shards of words and their terms (m), of forms by first letter and length (f: typos) and of
   citations (c), each key in the shard its hash gives (shards.route; the page names how many there are:
   <meta name="lois-search">); documents (d) by runs of numbers. A query runs against what is loaded; every lookup
   in a shard not yet loaded is noted (MISSING), those shards are fetched, and the query runs again until nothing is
   missing (lazily). The shards of the typed words are fetched with index.json (guess(): their forms guessed
   before index.json says how to normalise), so a first query takes about two rounds (index.json and its words'
   shards; the shown documents'), none once the shards are there. The header box shows the first results as soon
   as the ranking is final and their documents are there.

   The data of each build sits in a folder of its own (assets/lois/recherche/<build>/), and the page names its
   build (<meta name="lois-build">): a page left open across a deploy reads its own build's data, never the next
   one's; when that data is gone or unreadable, the site's current build (lois.js loisServedBuild, asked of the
   server) says whether a new version is published (a notice offers to reload) or the data is damaged (a French
   message, never the browser's parser error). */
(function () {
  "use strict";
  var script = document.currentScript;
  var BASE = script ? script.src.replace(/assets\/lois\/[^\/?#]+\.js(\?.*)?$/, "") : "/";  /* search.js, or the bundle that holds it */
  var DATA = BASE + "assets/lois/recherche/", DIR = null;
  var BUILD = window.loisPageBuild();  /* lois.js; null: a page that does not name it */
  if (BUILD) DIR = DATA + BUILD + "/";
  /* how many shards each family routed by key has, and the letters of a stem key (shards.layout, « p3 m23 f2 c1 »):
     the page's, until index.json */
  var LAYOUT = null, layoutMeta = document.querySelector('meta[name="lois-search"]');
  if (BUILD && layoutMeta && /^([a-z]\d+ ?)+$/.test(layoutMeta.content)) {
    LAYOUT = {};
    layoutMeta.content.split(" ").forEach(function (x) { LAYOUT[x[0]] = +x.slice(1); });
  }
  var D = null, TOKEN = null, IDS = null, READER = null, EXPLICIT = null, STOP = null, KIND_LABEL = null, KINDS = null,
      REFS = new Map(), TITLES = new Map(), PHRASINGS = new Map(), loading = null, SHARDS = { m: [], f: [], c: [], d: [] }, MISSING = null,
      FETCHING = {}, TERMS = new Map();

  /* D's patterns of what a query tells (bids, shares, « avant ») use lookbehind, which Safari before 16.4 cannot
     compile (iPhones left on iOS 15): there, a pattern that does not compile matches nothing — those readings are not
     made, the search itself works */
  function pattern(source, flags) {
    try { return new RegExp(source, flags); } catch (e) { return new RegExp("(?!)", flags); }  /* matches nothing */
  }
  function setData(data) {
    D = data;
    /* shards.compact_rewrite: [words, means] or [words, exact, means, kind, said?], the words as one string */
    data.rewrites = data.rewrites.map(function (r) {
      var w = r[0].split(" ");
      return r.length === 2 ? [w, 0, r[1], ""] : [w].concat(r.slice(1));
    });
    TOKEN = new RegExp(data.token, "gu");
    IDS = loisIds(data.ids);  /* assets/lois/ids.js (lois.render.ids_js), loaded just before this file */
    READER = loisDisplayed(data.read);  /* the same file: the text as displayed */
    EXPLICIT = new RegExp(data.citationExplicit[0], data.citationExplicit[1]);
    STOP = new Set(data.stop);
    KIND_LABEL = {}; data.kinds.forEach(function (k) { KIND_LABEL[k[0]] = k[1]; });
    KINDS = [];  /* [kind, count] of each run of documents of one kind */
    data.kindRuns.forEach(function (r) { for (var i = 0; i < r[1]; i++) KINDS.push(data.kinds[r[0]][0]); });
    LAYOUT = data.shards;
    return D;
  }
  function undeltas(rows) {
    var out = new Map(), n = 0;
    rows.forEach(function (r) {
      var at = n += r[0];
      out.set(n, r.slice(1).map(function (d) { return at += d; }));
    });
    return out;
  }
  function load() {
    if (D) return Promise.resolve(D);
    if (!loading) {
      /* a page that does not name its build reads the one served now */
      /* asked at once when the page names its build: before the shards of the query's words (guess) */
      loading = (BUILD ? getJSON(DIR + "index.json") : served().then(function (build) {
        if (!build) return unreadable("version du site inconnue");
        BUILD = build;
        DIR = DATA + build + "/";
        return getJSON(DIR + "index.json");
      })).then(function (data) {
        if (data.build !== BUILD) return unreadable("index d'une autre version");
        return setData(data);
      });
      loading.catch(function () { loading = null; });
    }
    return loading;
  }
  /* the build the server serves now (lois.js: asked of the server itself, never of a cache), null when it cannot say */
  function served() { return window.loisServedBuild(); }
  /* a file of this page's build missing or unreadable: the notice of a new version when the server serves another
     build (the old one's data is gone with it), else what is wrong, in French */
  function unreadable(why) {
    return served().then(function (now) {
      if (now && BUILD && now !== BUILD) {
        var e = new Error("une nouvelle version du site est publiée\u202f; rechargez la page pour chercher dans celle-ci");
        e.newVersion = true;
        throw e;
      }
      var e = new Error("La recherche n'a pas pu lire ses données (" + why + ")\u202f; rechargez la page, et si cela " +
                        "se répète, le site est peut-être en cours de mise à jour");
      e.whole = true;  /* a whole sentence (explain) */
      throw e;
    });
  }
  function getJSON(url) {
    var name = url.slice(url.lastIndexOf("/") + 1), early = window.loisSearchEarly, asked = early && early.url === url;
    if (asked) window.loisSearchEarly = null;  /* index.json asked by the header's box with this script, taken once */
    return (asked ? early.answer : fetch(url)).catch(function () {  /* no network, and this part of the search data was never saved */
      var files = window.loisOpenedAsFiles && window.loisOpenedAsFiles();  /* or no network to have: lois.js */
      throw new Error(files || "réseau indisponible\u202f; pour chercher sans réseau, enregistrez le code depuis la page «\u00a0Hors ligne\u00a0»");
    }).then(function (r) {
      if (!r.ok) return unreadable(name + "\u00a0: réponse " + r.status + " du serveur");
      return r.text().then(function (text) {
        try { return JSON.parse(text); } catch (e) {
          /* a page of a proxy or a login form served in its place, a file cut short: never the parser's message */
          return unreadable(name + (/^\s*</.test(text) ? "\u00a0: le serveur a envoyé une page web au lieu des données"
                                                          : "\u00a0: données incomplètes ou abîmées"));
        }
      }, function () { return unreadable(name + "\u00a0: transfert interrompu"); });
    });
  }
  /* shards.route: FNV-1a over the key's UTF-16 code units, modulo the family's number of shards */
  function route(key, n) {
    var h = 0x811c9dc5;
    for (var i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
    return h % n;
  }
  /* shards.stem_key: a word (normalised form) and its terms are in the shard of their first letters */
  function stemKey(form) { return Array.from(form).slice(0, LAYOUT.p).join(""); }
  /* shards.near_key: the forms a typo compares with, by first letter and length */
  function nearKey(c, n) { return c + String.fromCharCode(0x100 + n); }
  /* the document shard of document n: its run of one kind (D.docShards: first document, per shard, first shard) */
  function docShard(n) {
    var runs = D.docShards, r = runs.length - 1;
    while (r > 0 && runs[r][0] > n) r--;
    return runs[r][2] + Math.floor((n - runs[r][0]) / runs[r][1]);
  }
  function shard(family, i) {
    var s = SHARDS[family][i];
    if (s) return s;
    if (MISSING) MISSING.add(family + i);  /* outside lazily(): what is loaded only */
    return null;
  }
  /* the value of a key in a family's shards (w: words and t: terms, both in m shards); undefined when absent, or
     when its shard is not loaded yet (noted) */
  function look(family, key) {
    var s;
    if (family === "w" || family === "t") s = shard("m", route(stemKey(key), LAYOUT.m));
    else if (family === "d") s = key >= 0 && key < D.count ? shard("d", docShard(key)) : null;
    else s = shard(family, route(key, LAYOUT[family]));
    return s ? (family === "t" ? s.t : family === "w" ? s.w : s).get(key) : undefined;
  }
  /* the normalised forms of first letter c and of length within lo..hi, in the order of query.word_terms */
  function formsNear(c, lo, hi) {
    var out = [];
    for (var n = Math.max(lo, 1); n <= hi; n++) out = out.concat(look("f", nearKey(c, n)) || []);
    return out.sort();
  }
  function fetchShard(name) {
    if (!FETCHING[name]) {
      var family = name[0], i = +name.slice(1);
      FETCHING[name] = getJSON(DIR + name + ".json").then(function (data) {
        if (!data || !Array.isArray(data.k) || !Array.isArray(data.v) || (family === "m" && !Array.isArray(data.tk)))
          return unreadable(name + ".json\u00a0: forme inattendue");
        function map(keys, values) { var m = new Map(); keys.forEach(function (k, j) { m.set(k, values[j]); }); return m; }
        SHARDS[family][i] = family === "m" ? { w: map(data.k, data.v), t: map(data.tk, data.tv) } : map(data.k, data.v);
      });
      FETCHING[name].catch(function () { delete FETCHING[name]; });
    }
    return FETCHING[name];
  }
  /* the shards of a query's words, fetched with index.json (a first query: one round for both): their normalised
     forms guessed as analysis.normalize makes them (lowercase, elision, accents), before index.json gives its
     tables; a wrong guess only fetches a shard for nothing, the query then fetches the right one. A few common
     stop words (all in analysis.STOP_WORDS: tests/test_search.py) are not fetched. */
  var HINT_STOP = new Set(("une les des aux mon ton son mes tes ses nos vos leur qui que quoi est sont par sur pour " +
                           "dans avec cette fait faire peut doit etre avoir alors quand comme apres avant tout tous " +
                           "elle elles nous vous ont").split(" "));
  function guess(q) {
    if (!LAYOUT || !DIR || D) return;
    (String(q).slice(0, 400).match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) || []).slice(0, 32).forEach(function (w) {
      w = w.toLowerCase().replace(/’/g, "'").normalize("NFD").replace(/[\u0300-\u036f]/g, "")
           .replace(/œ/g, "oe").replace(/æ/g, "ae").replace(/ß/g, "ss");
      var m = /^(?:[a-z]|qu|[a-z]+qu)'(.+)$/.exec(w);
      if (m) w = m[1];
      if (w.length < 3 || HINT_STOP.has(w)) return;
      fetchShard("m" + route(stemKey(w), LAYOUT.m)).catch(function () {});
    });
  }
  /* fn() run against the loaded shards, again after fetching those it missed, until it misses none; current()
     (optional) says whether the answer is still wanted: a query typed over by the next keystroke fetches no more;
     early(answer) (optional) receives the answer computed while only documents' shards are missing (the ranking
     is final, some results wait for their title and text) */
  var STALE = new Error("stale"), EARLY_DOCS = 2, NOTHING = function () { return false; }, ahead = NOTHING;
  function lazily(fn, current, early, q) {
    var loaded = load(), guessed = false;  /* the first results' documents asked for while the ranking's data comes */
    if (q) guess(q);
    return loaded.then(function again() {
      MISSING = new Set();
      /* during fn(): the shards the ranking misses so far, asked for at once (search(), before it ranks); true when
         some are missing and the first documents were already guessed: no ranking until they are all here */
      ahead = function () {
        var waiting = false;
        if (!current || current()) MISSING.forEach(function (name) {
          if (name[0] !== "d") { waiting = true; fetchShard(name); }
        });
        return waiting && guessed;
      };
      var out = fn(), want = Array.from(MISSING);
      MISSING = null; ahead = NOTHING;
      if (!want.length) return out;
      if (current && !current()) throw STALE;
      var ranking = want.filter(function (name) { return name[0] !== "d"; });
      if (!early) return Promise.all(want.map(fetchShard)).then(again);
      if (!ranking.length) { early(out); return Promise.race(want.map(fetchShard)).then(again); }  /* again at each document shard */
      /* with early(): run again as each shard the ranking reads comes (the next it needs asked for at once); of the
         documents, only those of the first results meanwhile (noted in the order of the results): the ranking may
         still change */
      var docs = want.filter(function (name) { return name[0] === "d"; }).slice(0, EARLY_DOCS);
      docs.forEach(fetchShard);
      guessed = guessed || docs.length > 0;
      return Promise.race(ranking.map(fetchShard)).then(again);
    });
  }
  /* Python's round (half to even) of a positive number */
  function roundEven(x) { var r = Math.round(x); return r - x === 0.5 && r % 2 ? r - 1 : r; }
  /* index.scored: the postings [doc, field, score × scale, …] of raw postings [doc, field, frequency, length, …]:
     whoosh's BM25F score, the same operations in the same order as Python's (the same floats) */
  function scored(raw, count, bm25) {
    var K1 = bm25[0], B = bm25[1], source = bm25[2], avgfl = bm25[3], df = source.map(function () { return 0; }),
        out = [], i;
    for (i = 1; i < raw.length; i += 4) df[source[raw[i]]]++;
    var idf = df.map(function (d) { return d ? Math.log(count / (d + 1)) + 1 : 0; });
    for (i = 0; i < raw.length; i += 4) {
      var src = source[raw[i + 1]], tf = raw[i + 2], norm = K1 * ((1 - B) + B * raw[i + 3] / avgfl[src]);
      out.push(raw[i], raw[i + 1], roundEven(idf[src] * ((tf * (K1 + 1)) / (tf + norm)) * D.scale));
    }
    return out;
  }
  /* a term's data: postings [doc, field, score, …] (scored from the shard's raw postings), positions by document,
     spellings, derived terms (in the shard, each doc is its difference from the previous record's:
     shards.doc_deltas) */
  function term(t) {
    if (TERMS.has(t)) return TERMS.get(t);
    var v = look("t", t);
    if (v === undefined) return null;
    var raw = v[0].slice(), pos = new Map(), x = v[1], i, n = 0;
    for (i = 0; i < raw.length; i += 4) raw[i] = n += raw[i];
    var post = scored(raw, D.count, D.bm25);
    for (i = 0, n = 0; i < x.length; i += 3 + x[i + 2]) {
      n += x[i];
      if (!pos.has(n)) pos.set(n, [[], []]);
      pos.get(n)[x[i + 1]] = x.slice(i + 3, i + 3 + x[i + 2]);
    }
    /* what the ranking reads of the documents it reaches: a title holding it (shards.title_words), a gloss's
       provisions (each as differences: shards.doc_deltas, shards.deltas) */
    for (i = 0, n = 0, x = v[4] || []; i < x.length; i += 2) TITLES.set(n += x[i], x[i + 1]);
    undeltas(v[5] || []).forEach(function (refs, d) { REFS.set(d, refs); });
    /* the phrasings of a page without text that it starts: [doc, phrasing, what phrasingNamed reads of it] */
    for (i = 0, n = 0, x = v[6] || []; i < x.length; i += 3) {
      if (!PHRASINGS.has(n += x[i])) PHRASINGS.set(n, new Map());
      PHRASINGS.get(n).set(x[i + 1], x[i + 2]);
    }
    var out = { post: post, pos: pos, spell: v[2], derived: v[3] };
    TERMS.set(t, out);
    return out;
  }
  function postings(t) { var e = term(t); return e ? e.post : null; }
  function positionsIn(t, doc, field) { var e = term(t), p = e && e.pos.get(doc); return p && p[field] || []; }
  function doc(n) { return look("d", n); }  /* [id, law, label, url, text (or title), sources, refs, tool, index,
                                                 next tool] */

  function fold(s) {
    var out = "";
    for (var ch of s) { var f = D.fold[ch]; out += f === undefined ? ch : f; }
    return out;
  }
  function normalize(word) {
    var w = fold(word.toLowerCase());
    var i = w.indexOf("'");
    if (i > 0 && D.elisions.indexOf(w.slice(0, i)) >= 0 && i < w.length - 1) w = w.slice(i + 1);
    return w;
  }
  function surfaceKey(w) { return w.toLowerCase().replace(/’/g, "'"); }
  function words(text) { return text.match(TOKEN) || []; }
  function maxEdits(w) {
    var k = 0, n = Array.from(w).length;
    D.edits.forEach(function (e) { if (n >= e[0]) k = e[1]; });
    return k;
  }
  function distance(a, b, limit) {  /* optimal string alignment, like analysis.edit_distance */
    a = Array.from(a); b = Array.from(b);
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev2 = null, prev = [], cur, i, j;
    for (j = 0; j <= b.length; j++) prev.push(j);
    for (i = 1; i <= a.length; i++) {
      cur = [i]; var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur.push(v); if (v < best) best = v;
      }
      if (best > limit) return limit + 1;
      prev2 = prev; prev = cur;
    }
    return prev[b.length];
  }
  /* query.word_terms: the word's spelling, else its normalised form, else the forms within 1–2 typos; the shard of
     a normalised form holds [its terms, [spelling, term, …]] */
  function wordTerms(word) {
    var s = surfaceKey(word), n = normalize(s);
    /* a stop word has no spelling in the vocabulary (analysis.analyze_word drops it): no shard to read for it */
    if (!n || STOP.has(n)) return [];
    var w = look("w", n);
    /* its shard is not loaded yet (noted): nothing more to read until it is (its terms are in it, most often) */
    if (w === undefined && !SHARDS.m[route(stemKey(n), LAYOUT.m)]) return [];
    for (var i = 0; w && i < w[1].length; i += 2) if (w[1][i] === s) return [[w[1][i + 1], 1]];
    if (w) return w[0].map(function (t) { return [t, 1]; });
    var k = maxEdits(n);
    if (!k) return [];
    var best = k + 1, found = [], n0 = Array.from(n)[0], nl = Array.from(n).length;
    formsNear(n0, nl - k, nl + k).forEach(function (c) {
      if (Math.abs(Array.from(c).length - nl) > k) return;
      var d = distance(n, c, k);
      if (d < best) { best = d; found = [c]; } else if (d === best && d <= k) found.push(c);
    });
    var out = [], seen = Object.create(null);  /* terms are keys: « constructor » is a term like another */
    found.forEach(function (f) {  /* its shard not loaded yet: noted, read at the next run */
      (look("w", f) || [[]])[0].forEach(function (t) { if (!seen[t]) { seen[t] = 1; out.push([t, D.fuzzyWeight]); } });
    });
    return out;
  }
  function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }
  function pinsOf(text) {  /* query._pins_of: parse_provision_id and ProvisionId.key, from the generated D.ids */
    var ref = IDS.read(text);
    if (!ref) return [];
    var pins = look("c", IDS.key(ref.law, ref.path));
    if (pins === undefined && D.absent_laws.indexOf(ref.law) >= 0) pins = look("c", IDS.key(ref.law, []));
    return pins ? pins.slice() : [];  /* document numbers */
  }
  function jumpTarget(q) {  /* query.jump_target: a query that is a provision id goes straight to it */
    var t = String(q || "").trim(), pins = t && t.length <= 40 ? pinsOf(t) : [];
    return pins.length ? pins[0] : -1;
  }
  function jumpHref(q) {  /* from what is loaded (the query's own results): "" when unsure */
    var n = jumpTarget(q), d = n >= 0 ? doc(n) : null;
    return d ? href(d[3]) : "";
  }
  function applyRewrites(ws) {  /* query.apply_rewrites: the lexicon, longest expression first */
    var norm = ws.map(surfaceKey).map(normalize), out = [], kinds = [], typed = [], readings = [], i = 0;
    while (i < ws.length) {
      var hit = null, kindPlace = norm.slice(0, i).every(function (w) { return STOP.has(w); });  /* query.kind_place */
      for (var r = 0; r < D.rewrites.length && !hit; r++) {
        var rw = D.rewrites[r], src = rw[1] ? ws : norm, n = rw[0].length, ok = i + n <= ws.length && (!rw[3] || kindPlace);
        for (var j = 0; ok && j < n; j++) ok = src[i + j] === rw[0][j];
        if (ok) hit = rw;
      }
      if (!hit) { out.push(ws[i]); typed.push(true); i++; continue; }
      if (hit[3]) { if (kinds.indexOf(hit[3]) < 0) kinds.push(hit[3]); }
      else {
        words(hit[2]).forEach(function (w) { out.push(w); typed.push(false); });
        var said = hit.length > 4 ? hit[4] : hit[2];  /* lexicon.Rewrite.said: what the page says it read */
        if (said) readings.push([ws.slice(i, i + hit[0].length).join(" "), said]);
      }
      i += hit[0].length;
    }
    return [out, kinds, typed, readings];
  }
  /* query.told_insufficient: « 1♥ sur 1♠ », a bid over one it does not outrank (D.bids: BID_PAIR, DENOMINATIONS),
     else told_lower: [the words that tell it, where the insufficient bid starts], ["", -1] if none */
  function toldInsufficient(q, ws) {
    var re = pattern(D.bids[0], D.bids[1] + "g"), m;
    function rank(w) { return D.bids[2][normalize(w).replace(/-/g, " ")]; }
    while ((m = re.exec(q)) !== null) {
      if (+m[1] < +m[3] || (+m[1] === +m[3] && rank(m[2]) <= rank(m[4]))) return [m[0], m.index];
    }
    return toldLower(q, ws);
  }
  /* query.told_lower: two bids told one after the other, the later lower (« 2♣ … 1♠ »; the second told is the earlier
     when said so: toldEarlier), unless the words (the lexicon applied) say out of turn (D.bids[4]) or the query tells
     one bid instead of another (D.bids[5]) */
  function toldLower(q, ws) {
    if (ws.some(function (w) { return normalize(surfaceKey(w)) === D.bids[4]; })) return ["", -1];
    var plain = " " + words(q).map(function (w) { return normalize(surfaceKey(w)); }).join(" ") + " ";
    if (plain.indexOf(" " + D.bids[5] + " ") >= 0) return ["", -1];
    var re = pattern(D.raise[0], D.raise[1] + "g"), m, bids = [];
    while ((m = re.exec(q)) !== null)
      bids.push([+m[1], D.bids[2][normalize(m[2]).replace(/-/g, " ")], m[0], m.index, m.index + m[0].length]);
    for (var i = 1; i < bids.length; i++) {
      var a = bids[i - 1], b = bids[i], t;
      if (toldEarlier(q.slice(a[4], b[3]), q.slice(i > 1 ? bids[i - 2][4] : 0, a[3]))) { t = a; a = b; b = t; }
      if (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1])) return [a[2] + " … " + b[2], b[3]];
    }
    return ["", -1];
  }
  /* query.told_earlier: the second bid told is the earlier, right after « sur », « après »… (D.bids[6]) or in the
     pluperfect when the first is not (D.bids[7]) */
  function toldEarlier(between, before) {
    function pluperfect(text) {
      return words(text).some(function (w) { return D.bids[7].indexOf(normalize(surfaceKey(w))) >= 0; });
    }
    return pattern(D.bids[6][0], D.bids[6][1]).test(between) || (pluperfect(between) && !pluperfect(before));
  }
  /* query.told_raised: « 1♠ … 2♠ », a bid then a higher one of the same denomination, in a query whose words (the
     lexicon applied) speak of an insufficient bid and name no convention (D.raise: BID, BID_RAISED, CONVENTIONS);
     start ≥ 0: the insufficient bid told, the one raised */
  function toldRaised(q, ws, start) {
    if (!ws.some(function (w) { return normalize(surfaceKey(w)).indexOf("insuffis") === 0; })) return "";
    if (words(q).some(function (w) { return D.raise[3].indexOf(normalize(surfaceKey(w))) >= 0; })) return "";
    var re = pattern(D.raise[0], D.raise[1] + "g"), m, bids = [];
    while ((m = re.exec(q)) !== null) {
      if (m.index >= start) bids.push([+m[1], D.bids[2][normalize(m[2]).replace(/-/g, " ")], m[0]]);
    }
    for (var i = 0; i < (start >= 0 ? Math.min(1, bids.length) : bids.length); i++)
      for (var j = i + 1; j < bids.length; j++)
        if (bids[j][1] === bids[i][1] && bids[j][0] > bids[i][0]) return bids[i][2] + " … " + bids[j][2];
    return "";
  }
  /* query.told_weighted: a score told as shares of results, two shares (D.weighted[0]), one given to a contract
     (D.weighted[1]) */
  function toldWeighted(q) {
    var m = pattern(D.weighted[1][0], D.weighted[1][1]).exec(q);
    return m && (q.match(pattern(D.weighted[0][0], D.weighted[0][1] + "g")) || []).length > 1 ? m[0] : "";
  }
  function pinsFor(q) {  /* pins_for of lois.search.query: the whole query, else an id at either end */
    var t = q.trim(), pins;
    if (!t) return [];
    if (t.length <= 40 && (pins = pinsOf(t)).length) return pins;
    var w = t.split(/\s+/);
    for (var n = Math.min(D.edgeWords, w.length - 1); n > 0; n--) {
      var parts = [w.slice(0, n).join(" "), w.slice(w.length - n).join(" ")];
      for (var i = 0; i < 2; i++) {
        if (EXPLICIT.test(parts[i]) && (pins = pinsOf(parts[i])).length) return pins;
      }
    }
    return [];
  }
  /* a word whose shard is not loaded yet: what it means is not known (wordTerms), and a ranking without it would be
     of the other words only, its first documents fetched for nothing */
  function unread(word) {
    var n = normalize(surfaceKey(word));
    return !!n && !STOP.has(n) && !SHARDS.m[route(stemKey(n), LAYOUT.m)];
  }
  /* query.read_query: the query as displayed, read by the club linkifier's reader (loisDisplayed, assets/lois/ids.js) */
  function readQuery(q) {
    var shown = READER.read(q);
    return shown ? shown.text : q;
  }
  function plan(query) {
    var q = readQuery(String(query || "").slice(0, D.maxChars));
    Object.keys(D.quotes).forEach(function (a) { q = q.split(a).join(D.quotes[a]); });
    var p = { weights: new Map(), phrases: [], pins: [], groups: [], heads: [], words: [], kinds: [], typed: [],
              borrowed: new Map() };
    p.pins = pinsFor(q);
    function add(t, w) { p.weights.set(t, (p.weights.get(t) || 0) + w); }
    var seenGroups = new Set();
    var rw = applyRewrites(words(q).slice(0, D.maxWords).map(function (w) { return w.replace(/’/g, "'"); }));
    p.kinds = rw[1];
    p.readings = rw[3];
    /* query.CALLED_BEFORE: a call told as made before another player's, read as out of turn */
    var before = pattern(D.calledBefore[0][0], D.calledBefore[0][1]).exec(q);
    if (before && !rw[0].some(function (w) { return normalize(surfaceKey(w)) === D.bids[4]; })) {
      words(D.calledBefore[1]).forEach(function (w) { rw[0].push(w); rw[2].push(false); });
      p.readings.push([before[0], D.calledBefore[1]]);
    }
    var toldAt = toldInsufficient(q, rw[0]), told = toldAt[0];
    if (told) {
      words(D.bids[3]).forEach(function (w) { rw[0].push(w); rw[2].push(false); });
      p.readings.push([told, D.bids[3]]);
    }
    var raised = toldRaised(q, rw[0], toldAt[1]);
    if (raised) {
      words(D.raise[2]).forEach(function (w) { rw[0].push(w); rw[2].push(false); });
      p.readings.push([raised, D.raise[2]]);
    }
    var weighted = toldWeighted(q);
    if (weighted) {
      words(D.weighted[2]).forEach(function (w) { rw[0].push(w); rw[2].push(false); });
      p.readings.push([weighted, D.weighted[2]]);
    }
    rw[0].forEach(function (w, wi) {
      var group = [], family = [], own = wordTerms(w);
      if (unread(w)) p.unread = true;
      if (rw[2][wi]) own.forEach(function (tw) {  /* query.make_plan: a typed word's terms and their family */
        var e = term(tw[0]);
        [tw[0]].concat(e ? e.derived : []).forEach(function (u) { if (p.typed.indexOf(u) < 0) p.typed.push(u); });
      });
      own.forEach(function (tw) {
        add(tw[0], tw[1]); group.push(tw[0]);
        (has(D.synonyms, tw[0]) ? D.synonyms[tw[0]] : []).forEach(function (s) { add(s, tw[1] * D.synonymWeight); group.push(s); });
        var e = term(tw[0]);
        (e ? e.derived : []).forEach(function (s) { add(s, tw[1] * D.derivedWeight); family.push(s); });
      });
      group = Array.from(new Set(group));
      var key = group.slice().sort().join("\u0000");  /* same word set → one group, as in Python (derived terms aside) */
      if (group.length && !seenGroups.has(key)) {
        seenGroups.add(key); p.groups.push(Array.from(new Set(group.concat(family))));
        p.heads.push(Array.from(new Set(own.map(function (tw) { return tw[0]; }))));
      }
      var n = normalize(surfaceKey(w));
      if (p.words.indexOf(n) < 0) p.words.push(n);
    });
    var re = /"([^"]*)"/g, m;
    while ((m = re.exec(q)) !== null) {
      var terms = [];
      words(m[1]).slice(0, D.maxWords).forEach(function (w) { var t = wordTerms(w); if (t.length) terms.push(t[0][0]); });
      if (terms.length > 1) p.phrases.push(terms);
    }
    return p;
  }
  /* query.has_phrase, from the positions of the phrase's terms in the document's title (0), text (1) or, for a page
     without text, at the start of a phrasing of the site's index (2: query.has_quoted, D.textless[2] the stride) */
  function hasPhrase(doc, field, phrase) {
    var later = phrase.map(function (t) { return new Set(positionsIn(t, doc, field)); });
    return positionsIn(phrase[0], doc, field).some(function (p) {
      if (field === 2 && p % D.textless[2]) return false;
      for (var j = 1; j < phrase.length; j++) if (!later[j].has(p + j)) return false;
      return true;
    });
  }
  /* query.term_positions of a title (0) or text (1), reduced to the given terms: what proximity reads */
  function sequence(doc, field, terms) {
    var seq = [];
    terms.forEach(function (t) { positionsIn(t, doc, field).forEach(function (p) { seq.push([p, t]); }); });
    return seq.sort(function (a, b) { return a[0] - b[0]; });
  }
  /* query.rank_score: BM25F sum × idf-weighted coverage ** coordPower × title bonus */
  function rankScore(base, total, matched, titleAll, cover) {
    var s = total ? base * Math.pow(matched / total, D.coordPower) : base;
    if (titleAll) s *= 1 + D.titleBonus * Math.pow(cover, D.titleCoverPower);
    return s;
  }
  /* SearchEngine.idf: whoosh's idf, log(N / (df + 1)) + 1, df counted over the documents of the postings */
  function idf(term) {
    var post = postings(term);
    if (!post || !post.length) return 0;
    var docs = new Set();
    for (var i = 0; i < post.length; i += 3) docs.add(post[i]);
    return Math.log(D.count / (docs.size + 1)) + 1;
  }
  /* SearchEngine.group_weights: each query word weighs the largest idf of its own terms */
  function groupWeights(p) {
    return p.groups.map(function (g, gi) {
      var w = 0;
      p.heads[gi].forEach(function (t) { w = Math.max(w, idf(t)); });
      if (!w) g.forEach(function (t) { w = Math.max(w, idf(t)); });
      return w;
    });
  }
  /* query.proximity_share: share of the pairs of query words standing within the window in title or text */
  function proximityShare(seqs, groups) {
    var ng = groups.length;
    if (ng < 2) return 0;
    var member = new Map(), near = new Set(), win = D.proximity[0];
    groups.forEach(function (g, gi) { g.forEach(function (t) { if (!member.has(t)) member.set(t, []); member.get(t).push(gi); }); });
    seqs.forEach(function (seq) {  /* [position, term] in order: the terms of the query words */
      var last = new Map();
      seq.forEach(function (pt) {
        var pos = pt[0], t = pt[1];
        var gs = member.get(t);
        if (!gs) return;
        gs.forEach(function (g) {
          last.forEach(function (q, h) { if (h !== g && pos - q <= win) near.add(Math.min(g, h) * 1000 + Math.max(g, h)); });
        });
        gs.forEach(function (g) { last.set(g, pos); });
      });
    });
    return near.size / (ng * (ng - 1) / 2);
  }
  /* query.title_cover: share of the title's words found in the query: the positions of the query's terms in the
     title, and its words without a term (TITLES, from the terms in it: a count, or [count, word…]) */
  /* query.phrasing_named: the query is word for word one of the phrasings of the index of a page without text (the
     n-th from n × D.textless[2] in its positions; PHRASINGS: its number of words and its words without a term) */
  function phrasingNamed(doc, p) {
    var infos = PHRASINGS.get(doc), byK = new Map(), found = false;
    if (!infos || p.groups.length < 2) return false;  /* one word names nothing: it stands in many phrasings */
    p.groups.forEach(function (g, gi) {
      g.forEach(function (t) {
        positionsIn(t, doc, 2).forEach(function (at) {
          var k = Math.floor(at / D.textless[2]);
          if (!byK.has(k)) byK.set(k, { groups: new Set(), at: new Set() });
          byK.get(k).groups.add(gi); byK.get(k).at.add(at);
        });
      });
    });
    byK.forEach(function (x, k) {
      var info = [].concat(infos.get(k) || 0), n = x.at.size;
      if (found || !info[0] || x.groups.size !== p.groups.length) return;
      info.slice(1).forEach(function (w) { if (p.words.indexOf(w) >= 0) n++; });
      found = negated(p.words) === negated(info.slice(1)) && n / info[0] >= 1 - 1e-9;
    });
    return found;
  }
  function titleCover(doc, p) {
    var info = [].concat(TITLES.get(doc) || 0), terms = new Set(), n = 0;
    if (!info[0]) return 0;
    p.groups.forEach(function (g) { g.forEach(function (t) { terms.add(t); }); });
    terms.forEach(function (t) { n += positionsIn(t, doc, 0).length; });
    info.slice(1).forEach(function (w) { if (p.words.indexOf(w) >= 0) n++; });
    return n / info[0];
  }
  /* query.negated: whether normalised words say a negation (stop words: a title's are among its words without a term) */
  function negated(words) { return words.some(function (w) { return D.negations.indexOf(w) >= 0; }); }
  function scoreAll(p) {  /* SearchEngine.search + _rerank: BM25F sums from the postings, then rank_score */
    var scores = new Map(), TITLE = D.fields.indexOf("title"), HEADING = D.fields.indexOf("heading");
    var affirmed = !negated(p.words);
    p.weights.forEach(function (w, t) {
      var post = postings(t);
      if (!post) return;
      var namedBy = new Set(), contrary = new Set();  /* provisions with the term in their title: their heading's is */
      for (var k = 0; k < post.length; k += 3) {      /* not counted again; titles saying it with a negation: « !t » */
        if (post[k + 1] !== TITLE) continue;  /* (query.negated_title_terms), not counted for an affirmative query */
        if (affirmed && [].concat(TITLES.get(post[k]) || 0).indexOf("!" + t) > 0) contrary.add(post[k]);
        else if (D.provisionKinds.indexOf(KINDS[post[k]]) >= 0) namedBy.add(post[k]);
      }
      for (var i = 0; i < post.length; i += 3) {
        var doc = post[i];
        if (post[i + 1] === HEADING && namedBy.has(doc)) continue;
        if (post[i + 1] === TITLE && contrary.has(doc)) continue;
        scores.set(doc, (scores.get(doc) || 0) + w * D.boosts[post[i + 1]] * post[i + 2] / D.scale);
      }
    });
    /* which query words (groups) each document has, anywhere and in its title: from the same postings */
    var anywhere = new Map(), inTitle = new Map(), own = new Map();  /* own: the borrowed fields aside (D.borrowed) */
    var lentBy = new Map(D.borrowed), lent = new Map();  /* borrowed field → its share; doc → query word → best share */
    var textless = new Map(D.textless[1]);  /* query.TEXTLESS_FIELDS: a page without text (D.textless[0]) */
    p.groups.forEach(function (g, gi) {
      g.forEach(function (t) {
        var post = postings(t);
        if (!post) return;
        for (var i = 0; i < post.length; i += 3) {
          var doc = post[i];
          if (!anywhere.has(doc)) anywhere.set(doc, new Set());
          anywhere.get(doc).add(gi);
          if (!lentBy.has(post[i + 1])) { if (!own.has(doc)) own.set(doc, new Set()); own.get(doc).add(gi); }
          else {
            if (!lent.has(doc)) lent.set(doc, new Map());
            var share = D.textless[0].indexOf(KINDS[doc]) >= 0 && textless.has(post[i + 1]) ?
                textless.get(post[i + 1]) : lentBy.get(post[i + 1]);
            lent.get(doc).set(gi, Math.max(lent.get(doc).get(gi) || 0, share));
          }
          if (post[i + 1] === TITLE) { if (!inTitle.has(doc)) inTitle.set(doc, new Set()); inTitle.get(doc).add(gi); }
        }
      });
    });
    var ranked = [], ng = p.groups.length, gw = groupWeights(p), total = 0, matchedOf = new Map(), named = new Set(),
        titled = new Set(), foundOf = new Map();
    gw.forEach(function (w) { total += w; });
    scores.forEach(function (s, doc) {
      for (var k = 0; k < p.phrases.length; k++)
        if (!hasPhrase(doc, 1, p.phrases[k]) && !hasPhrase(doc, 0, p.phrases[k]) && !hasPhrase(doc, 2, p.phrases[k])) return;
      var titleAll = ng > 0 && (inTitle.has(doc) ? inTitle.get(doc).size : 0) === ng &&
          negated(p.words) === negated([].concat(TITLES.get(doc) || 0).slice(1));  /* query.NEGATIONS */
      var cover = titleAll ? titleCover(doc, p) : 0;
      var mine = own.get(doc) || new Set(), mineW = 0, borrowedW = 0, lentW = 0;  /* query.BORROWED_FIELDS */
      mine.forEach(function (gi) { mineW += gw[gi]; });
      if (anywhere.has(doc)) anywhere.get(doc).forEach(function (gi) {
        if (!mine.has(gi)) { borrowedW += gw[gi]; lentW += gw[gi] * lent.get(doc).get(gi); }
      });
      if (anywhere.has(doc) && anywhere.get(doc).size > mine.size)  /* the query words it has only as borrowed */
        p.borrowed.set(doc, new Set(Array.from(anywhere.get(doc)).filter(function (gi) { return !mine.has(gi); })));
      var matched = mineW + lentW;
      matchedOf.set(doc, mineW); foundOf.set(doc, mineW + borrowedW);
      if (titleAll) titled.add(doc);
      if (titleAll && cover >= 1 - 1e-9) named.add(doc);
      var bonus = titleAll, bonusCover = cover;  /* query.phrasing_named: the query names a page without text */
      if (!titleAll && D.textless[0].indexOf(KINDS[doc]) >= 0 && anywhere.has(doc) && anywhere.get(doc).size === ng &&
          phrasingNamed(doc, p)) {
        bonus = true; bonusCover = D.textless[4];
      }
      ranked.push([doc, D.kindWeights[KINDS[doc]] * rankScore(s, total, matched, bonus, bonusCover)]);
    });
    if (ng > 1) {  /* proximity among the best D.rerank, as in SearchEngine._score */
      ranked.sort(function (a, b) { return (Math.round(b[1] * 1e6) - Math.round(a[1] * 1e6)) || (a[0] - b[0]); });
      var all = new Set();
      p.groups.forEach(function (g) { g.forEach(function (t) { all.add(t); }); });
      for (var r = 0; r < Math.min(D.rerank, ranked.length); r++) {
        var dn = ranked[r][0];
        var share = proximityShare([sequence(dn, 0, all), sequence(dn, 1, all)], p.groups);
        if (D.textless[0].indexOf(KINDS[dn]) >= 0) {  /* a page without text: also in one of its index phrasings */
          var byPhrasing = new Map();  /* query.TEXTLESS_PROXIMITY; the n-th phrasing from n × D.textless[2] */
          sequence(dn, 2, all).forEach(function (pt) {
            var k = Math.floor(pt[0] / D.textless[2]);
            if (!byPhrasing.has(k)) byPhrasing.set(k, []);
            byPhrasing.get(k).push(pt);
          });
          share = Math.max(share, D.textless[3] * proximityShare(Array.from(byPhrasing.values()), p.groups));
        }
        ranked[r][1] *= 1 + D.proximity[1] * share;
      }
    }
    /* a gloss after the provision it is about, when that provision covers the query as well (query.GLOSS_YIELD,
       GLOSS_COVER; a law's page, unless it answers clearly better: LAW_KEEP) */
    var scoreOf = new Map();
    ranked.forEach(function (r) { scoreOf.set(r[0], r[1]); });
    ranked.forEach(function (r) {
      var refs = REFS.get(r[0]);
      if (!refs || p.kinds.indexOf(KINDS[r[0]]) >= 0 || named.has(r[0])) return;
      var best = 0;
      var by = titled.has(r[0]) ? matchedOf : foundOf;  /* a gloss the query titles: the provision's own words, */
      var share = titled.has(r[0]) ? 1 : D.glossYield[1];  /* covering the query as much as the gloss does */
      refs.forEach(function (n) {
        if (scoreOf.has(n) && by.get(n) >= share * matchedOf.get(r[0]) - 1e-9) {
          best = Math.max(best, scoreOf.get(n));
        }
      });
      if (best && KINDS[r[0]] === "law" && !titled.has(r[0]) && r[1] > best * D.glossYield[2]) return;
      if (best && r[1] > best * D.glossYield[0]) r[1] = best * D.glossYield[0];
    });
    /* a kind named in the query first, then by score, then in index order */
    function tier(doc) { return p.kinds.indexOf(KINDS[doc]) >= 0 ? 0 : 1; }
    ranked.sort(function (a, b) {
      return (tier(a[0]) - tier(b[0])) || (Math.round(b[1] * 1e6) - Math.round(a[1] * 1e6)) || (a[0] - b[0]);
    });
    return ranked;
  }
  /* SearchEngine._ranked: no document with the quoted phrases → the same words without them, p.relaxed said */
  function rankedOf(p) {
    var ranked = scoreAll(p);
    if (!ranked.length && p.phrases.length) { p.phrases = []; p.relaxed = true; ranked = scoreAll(p); }
    return ranked;
  }
  function ofKinds(kinds) {  /* every document of these kinds, in index order */
    var out = [];
    KINDS.forEach(function (k, i) { if (kinds.indexOf(k) >= 0) out.push([i, 0]); });
    return out;
  }
  /* results of a query, best first; kinds (optional): only documents of these kinds (the page's filters) */
  function search(query, limit, kinds) {
    limit = limit || 10;
    var p = plan(query), ranked = [];
    if (p.unread) return [];  /* not ranked until every word is read (lazily runs it again when its shard comes) */
    p.weights.forEach(function (w, t) { term(t); });  /* the shards of the terms it ranks by, noted… */
    if (ahead()) return [];  /* …and those missing asked for now: the network works while it ranks what is here, once */
    if (p.weights.size) ranked = rankedOf(p);
    else if (p.kinds.length) ranked = ofKinds(p.kinds);
    function wanted(doc) { return !kinds || !kinds.length || kinds.indexOf(KINDS[doc]) >= 0; }
    var out = [], seen = new Set(), top = ranked.length ? ranked[0][1] : 0;
    p.pins.forEach(function (n, i) {
      if (!wanted(n)) return;
      seen.add(n); out.push(result(n, top + p.pins.length - i, p));
    });
    for (var r = 0; r < ranked.length && out.length < limit; r++) {
      if (!seen.has(ranked[r][0]) && wanted(ranked[r][0])) out.push(result(ranked[r][0], ranked[r][1], p));
    }
    out = out.slice(0, limit);
    out.relaxed = !!p.relaxed;
    out.readings = p.readings || [];
    if (!kinds || !kinds.length) attachTool(out);  /* filtered by kind: the kinds asked for only */
    attachWhy(out, ranked, p);
    attachPhrase(out, p);
    return out;
  }
  /* a provision's documents whose situations cite it (documents.attach_evidence), in its document's shard */
  function sourcesOf(n) { var d = doc(n); return (d && d[5]) || []; }
  function link(n) { var d = doc(n) || ["", 0, "", ""]; return { id: d[0], kind: KINDS[n], title: d[2], url: d[3] }; }
  /* SearchEngine.attach_tool: each of the first results that a tool rules carries it (its document's tool; its next
     tool when that one is shown above), once for each tool */
  function attachTool(out) {
    var head = out.slice(0, D.tools[1]), shown = new Set();
    head.forEach(function (r) { if (D.tools[0].indexOf(r.kind) >= 0) shown.add(r.n); });
    head.forEach(function (r) {
      var d = doc(r.n) || [], t = shown.has(d[7]) ? d[9] : d[7];
      if (D.tools[0].indexOf(r.kind) >= 0 || t == null || shown.has(t)) return;
      r.tool = link(t); shown.add(t);
    });
  }
  /* SearchEngine.attach_why: a provision found by words of its situations names the best-ranked of their sources (a
     tool of the site aside: it gives no words) */
  function attachWhy(out, ranked, p) {
    var order = new Map();
    ranked.forEach(function (r, i) { order.set(r[0], i); });
    out.forEach(function (r) {
      if (!p.borrowed.has(r.n)) return;
      var best = -1;
      sourcesOf(r.n).forEach(function (t) {
        if (KINDS[t] !== "tool" && order.has(t) && (best < 0 || order.get(t) < order.get(best))) best = t;
      });
      if (best >= 0) r.why = link(best);
    });
  }
  /* SearchEngine.attach_phrase: the phrasing of the site's index that holds the most of the query words the
     provision has only as borrowed (each by its weight), then the most of the query's words, the first such */
  function attachPhrase(out, p) {
    var gw = null, spelled = p.groups.map(function (g) {
      var s = new Set();
      g.forEach(function (t) { var e = term(t); if (e) e.spell.forEach(function (w) { s.add(w); }); });
      return s;
    });
    out.forEach(function (r) {
      var lacking = p.borrowed.get(r.n), index = (doc(r.n) || [])[8];
      if (!lacking || !index) return;
      gw = gw || groupWeights(p);
      var best = "", k0 = 0, k1 = 0;
      index.split(D.indexSep).forEach(function (phrase) {
        var spellings = new Set(words(phrase).map(surfaceKey)), a = 0, b = 0;
        spelled.forEach(function (s, g) {
          if (!Array.from(s).some(function (w) { return spellings.has(w); })) return;
          b += gw[g]; if (lacking.has(g)) a += gw[g];
        });
        if (a > 0 && (a > k0 || (a === k0 && b > k1))) { best = phrase; k0 = a; k1 = b; }
      });
      r.phrase = best;
    });
  }
  /* SearchEngine.kind_counts: how many documents of each kind the query finds (the filters' counts) */
  function kindCounts(query) {
    var p = plan(query), ranked = [], seen = new Set(), out = {};
    if (p.unread) return out;  /* as search() */
    p.weights.forEach(function (w, t) { term(t); });
    if (ahead()) return out;
    if (p.weights.size) ranked = rankedOf(p);
    else if (p.kinds.length) ranked = ofKinds(p.kinds);
    p.pins.forEach(function (n) { seen.add(n); });
    ranked.forEach(function (r) { seen.add(r[0]); });
    seen.forEach(function (n) { var k = KINDS[n]; out[k] = (out[k] || 0) + 1; });
    return out;
  }
  function result(n, score, p) {
    var d = doc(n) || ["", 0, "", "", ""];  /* not loaded yet: the query runs again once it is */
    var text = d[4] || (KINDS[n] === "stub" ? D.stubText : "");
    return { n: n, id: d[0], law: d[1], kind: KINDS[n], title: d[2], url: d[3], score: score, snippet: snippet(text, p.weights, p.typed),
             tool: null, why: null, phrase: "" };
  }
  /* query.make_snippet: the window around the query's terms, the typed words and their forms (Plan.typed) marked */
  function snippet(text, weights, typed) {
    var width = D.snippet[0], before = D.snippet[1], spelled = new Set(), marking = new Set();
    weights.forEach(function (w, t) { var e = term(t); if (e) e.spell.forEach(function (s) { spelled.add(s); }); });
    typed.forEach(function (t) { var e = term(t); if (e) e.spell.forEach(function (s) { marking.add(s); }); });
    text = text.split(/\s+/).filter(Boolean).join(" ");
    var hits = [], marks = [], re = new RegExp(D.token, "gu"), m;
    while ((m = re.exec(text)) !== null) {  /* a word whose spelling gives one of the query's terms */
      if (spelled.has(surfaceKey(m[0]))) hits.push([m.index, m.index + m[0].length]);
      if (marking.has(surfaceKey(m[0]))) marks.push([m.index, m.index + m[0].length]);
    }
    if (text.length <= width) return { text: text, spans: marks };
    var bestStart = 0, bestN = -1, j = 0;
    hits.forEach(function (h, i) {  /* query.make_snippet: the window at the hit that holds the most hits */
      j = Math.max(j, i);
      while (j < hits.length && hits[j][0] < h[0] + width - before) j++;
      if (j - i > bestN) { bestN = j - i; bestStart = h[0]; }
    });
    var start = Math.max(0, bestStart - before);
    if (start) { var sp = text.lastIndexOf(" ", start); start = sp >= 0 ? sp + 1 : start; }
    var end = Math.min(text.length, start + width);
    if (end < text.length) { var sp2 = text.lastIndexOf(" ", end - 1);  /* text.rfind(" ", start, end) */ end = sp2 > start ? sp2 : end; }
    var pre = start ? "… " : "", post = end < text.length ? " …" : "", shift = pre.length - start;
    return { text: pre + text.slice(start, end) + post,
             spans: marks.filter(function (h) { return h[0] >= start && h[1] <= end; }).map(function (h) { return [h[0] + shift, h[1] + shift]; }) };
  }

  /* ------------------------------------------------------------------ UI (text only: never innerHTML) */
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = loisTypo.spacing(text);  /* French spacing (typo.js), as the pages */
    return e;
  }
  function href(url) { return BASE + url.replace(/^\//, ""); }
  function renderSnippet(box, sn) {
    var pos = 0;
    sn.spans.forEach(function (s) {
      box.appendChild(document.createTextNode(loisTypo.spacing(sn.text.slice(pos, s[0]))));
      box.appendChild(el("mark", "", sn.text.slice(s[0], s[1])));
      pos = s[1];
    });
    box.appendChild(document.createTextNode(loisTypo.spacing(sn.text.slice(pos))));
  }
  function renderResults(list, results) {
    list.textContent = "";
    results.forEach(function (r, i) {
      var li = el("li", "lois-search-result lois-search-kind-" + r.kind);
      li.id = list.id + "-" + i;
      var a = el("a"); a.href = href(r.url); a.dataset.id = r.id; a.dataset.kind = r.kind;
      /* the header's dropdown is a listbox, its options chosen with the arrows and Enter from the box
         (aria-activedescendant): no link inside an option takes the focus (WCAG 4.1.2, axe nested-interactive);
         the search page's results are a list of links, each reached with Tab */
      if (list.getAttribute("role") === "listbox") { li.setAttribute("role", "option"); a.tabIndex = -1; }
      a.appendChild(el("span", "lois-search-kind", KIND_LABEL[r.kind] || r.kind));
      a.appendChild(el("span", "lois-search-title", r.title));
      var sn = el("span", "lois-search-snippet"); renderSnippet(sn, r.snippet); a.appendChild(sn);
      if (r.why) a.appendChild(el("span", "lois-search-why", "Situation semblable\u00a0: " + r.why.title));
      if (r.phrase) a.appendChild(el("span", "lois-search-phrase", "Index du site\u00a0: «\u00a0" + r.phrase + "\u00a0»"));
      li.appendChild(a);
      if (r.tool) {  /* the tool that comes with the provision: a link of its own */
        var t = el("a", "lois-search-tool"); t.href = href(r.tool.url); t.dataset.id = r.tool.id; t.dataset.kind = r.tool.kind;
        t.textContent = "Outil\u00a0: " + r.tool.title + " (" + (KIND_LABEL[r.tool.kind] || r.tool.kind) + ")";
        li.appendChild(t);
      }
      list.appendChild(li);
    });
  }
  /* what was typed (or came with the address, ?q=…), as the page quotes it back: as `lois cherche` quotes it
     (loisTypo.quoted: 80 characters, « … » where cut), its control characters and bidirectional overrides made a
     visible mark (loisTypo.inert), never reordering the sentence around it */
  function typed(q) { return loisTypo.inert(loisTypo.quoted(q)); }
  /* « Aucun résultat » and where to look instead (the suggestions are generated with the index) */
  function renderNone(list, q) {
    list.textContent = "";
    var li = el("li", "lois-search-none");
    li.appendChild(el("p", "lois-search-none-text", "Aucun résultat pour «\u00a0" + typed(q) + "\u00a0». Essayez\u00a0:"));
    D.suggestions.forEach(function (sg, i) {
      var a = el("a", "lois-search-suggestion", sg[0]); a.href = href(sg[1]);
      li.appendChild(a);
      if (i < D.suggestions.length - 1) li.appendChild(document.createTextNode(" · "));
    });
    list.appendChild(li);
  }
  /* open a URL as a click on a link would (the offline copy opened as files rewrites links to folders) */
  function follow(url) {
    var a = el("a"); a.href = url; a.hidden = true;
    document.body.appendChild(a); a.click();
  }
  function keyboard(input, list) {
    var sel = -1;
    /* a reader who steps into a search box is about to search: index.json comes while the query is typed */
    input.addEventListener("focus", function () { load().catch(function () {}); });
    function options() { return list.querySelectorAll(".lois-search-result"); }
    function mark() {
      Array.prototype.forEach.call(options(), function (li, i) { li.classList.toggle("lois-selected", i === sel);
        if (li.getAttribute("role") === "option") li.setAttribute("aria-selected", i === sel ? "true" : "false"); });
      var cur = options()[sel];
      if (cur) { input.setAttribute("aria-activedescendant", cur.id); cur.scrollIntoView({ block: "nearest" }); }
      else input.removeAttribute("aria-activedescendant");
    }
    input.addEventListener("keydown", function (ev) {
      var n = options().length;
      if (ev.key === "ArrowDown") { if (n) { sel = (sel + 1) % n; mark(); } ev.preventDefault(); }
      else if (ev.key === "ArrowUp") { if (n) { sel = sel <= 0 ? n - 1 : sel - 1; mark(); } ev.preventDefault(); }
      else if (ev.key === "Enter") {
        var go = sel >= 0 && options()[sel] ? options()[sel].querySelector("a").href : "";
        if (!go && D) go = jumpHref(input.value);  /* « 27B1b » ↵ */
        if (go) { ev.preventDefault(); follow(go); }
      } else if (ev.key === "Escape") { sel = -1; mark(); if (list.dataset.dropdown) list.textContent = ""; }
    });
    return function reset() { sel = -1; mark(); };
  }
  /* why the search cannot answer, in box: a new version published (with a button that reloads the page), or the
     French message of the error */
  function explain(box, e) {
    box.textContent = "";
    box.classList.toggle("lois-search-new-version", !!e.newVersion);
    if (!e.newVersion) { box.textContent = (e.whole ? "" : "Recherche indisponible\u00a0: ") + e.message + "."; return box; }
    return window.loisSayNewVersion(box);  /* lois.js */
  }
  function status(box, q, results) {
    if (!box) return;
    if (!q.trim()) box.textContent = "Tapez un ou plusieurs mots, une «\u00a0phrase\u00a0» ou un numéro de loi.";
    else if (!results.length) box.textContent = "Aucun résultat pour «\u00a0" + typed(q) + "\u00a0».";
    else box.textContent = (results.relaxed ? "Aucun document ne contient l'expression exacte entre guillemets\u00a0: " : "")
      + loisTypo.count(results.length, "résultat") + " pour «\u00a0" + typed(q) + "\u00a0»"
      + (results.relaxed ? ", avec ses mots." : ".")
      + (results.readings && results.readings.length ? " Lu aussi\u00a0: " + results.readings.map(function (r) {
        return "«\u00a0" + loisTypo.inert(r[0]) + "\u00a0» comme «\u00a0" + r[1] + "\u00a0»"; }).join(" ; ") + "." : "");
  }
  /* results of an earlier query, shown while the data of the one typed is on its way: dimmed, never taken for
     the answer (show() lifts it) */
  function stale(list) { if (list.children.length) list.classList.add("lois-search-stale"); }
  function show(list, q, results, partial) {
    list.classList.remove("lois-search-stale");
    /* the query the list answers in full (the box may hold a later one, its data on the way) */
    if (partial) { delete list.dataset.q; list.setAttribute("aria-busy", "true"); }
    else { list.dataset.q = q; list.removeAttribute("aria-busy"); }
    if (results.length) renderResults(list, results);
    else if (q.trim()) renderNone(list, q);
    else list.textContent = "";
    if (list.dataset.dropdown) fit(list);
  }
  /* the dropdown ends within the visible screen (on-screen keyboard included) and at the end of a whole item: its
     last visible item is never cut; the rest scrolls */
  function fit(list) {
    list.style.maxHeight = "";
    if (!list.children.length) return;
    var vv = window.visualViewport, bottom = vv ? vv.offsetTop + vv.height : window.innerHeight;
    var avail = Math.max(60, bottom - list.getBoundingClientRect().top - 8);
    if (list.scrollHeight <= avail) { list.style.maxHeight = avail + "px"; return; }
    var end = 0;
    for (var i = 0; i < list.children.length; i++) {
      var li = list.children[i], b = li.offsetTop + li.offsetHeight;
      if (b > avail) break;
      end = b;
    }
    list.style.maxHeight = (end || avail) + "px";
  }

  function setupPage() {
    var input = document.getElementById("lois-search-q");
    if (!input) return;
    var list = document.getElementById("lois-search-results"), st = document.querySelector(".lois-search-status");
    var filters = Array.prototype.slice.call(document.querySelectorAll(".lois-search-filters input[type=checkbox]"));
    var reset = keyboard(input, list);
    var counts = Array.prototype.slice.call(document.querySelectorAll(".lois-search-filters .lois-search-count"));
    var fold = document.querySelector(".lois-search-filters-fold");
    function kinds() { return filters.filter(function (f) { return f.checked; }).map(function (f) { return f.value; }); }
    function recount(c) {  /* each kind's count for the current query (all documents when the box is empty) */
      counts.forEach(function (span) {
        span.textContent = "(" + (c ? c[span.dataset.kind] || 0 : span.dataset.total) + ")";
      });
    }
    var asked = 0;
    function run() {
      var q = input.value, k = kinds(), ticket = ++asked;
      stale(list);
      function current() { return ticket === asked; }  /* a later query typed meanwhile: its answer is the one shown */
      /* the first results as soon as their documents are there (the list says it is not complete: aria-busy) */
      function early(got) {
        var ready = [];
        for (var i = 0; i < got[0].length && got[0][i].id; i++) ready.push(got[0][i]);
        if (ready.length && current()) { show(list, q, ready, true); reset(); }
      }
      lazily(function () { return q.trim() ? [search(q, 50, k), kindCounts(q)] : [[], null]; }, current, early, q)
        .then(function (got) {
          if (!current()) return;
          var res = got[0];
          show(list, q, res); status(st, q, res); reset(); recount(got[1]);
          var url = new URL(window.location.href);
          if (q) url.searchParams.set("q", q); else url.searchParams.delete("q");
          if (kinds().length) url.searchParams.set("genre", kinds().join(",")); else url.searchParams.delete("genre");
          history.replaceState(null, "", url.toString());
        }).catch(function (e) {
          if (!current()) return;
          if (e.newVersion) { list.textContent = ""; list.classList.remove("lois-search-stale"); }  /* no answer of the old build */
          if (st) explain(st, e);
        });
    }
    var params = new URLSearchParams(window.location.search), wantedKinds = (params.get("genre") || "").split(",");
    filters.forEach(function (f) { f.checked = wantedKinds.indexOf(f.value) >= 0; f.addEventListener("change", run); });
    /* the filters are folded on a phone (the first result above the fold), open on a wide screen or when in use */
    if (fold && (kinds().length || window.matchMedia("(min-width: 45em)").matches)) fold.open = true;
    input.value = params.get("q") || "";
    input.addEventListener("input", run);
    input.form.addEventListener("submit", function (ev) { ev.preventDefault(); run(); });
    run();
  }
  function setupHeader() {  /* the header's box, made by search-box.js (every page), which loads this file */
    var form = document.querySelector("form.lois-search-header");
    if (!form || form.dataset.ready) return;
    form.dataset.ready = "1";
    var input = form.querySelector("input"), list = form.querySelector("ol");
    var reset = keyboard(input, list);
    var asked = 0;
    input.addEventListener("input", function () {
      var q = input.value, ticket = ++asked;
      stale(list);
      function current() { return ticket === asked; }
      /* the first results as soon as their documents are there, the others when theirs come */
      function early(res) {
        var ready = [];
        for (var i = 0; i < res.length && res[i].id; i++) ready.push(res[i]);
        if (ready.length && current()) show(list, q, ready, true);
      }
      lazily(function () { return q.trim() ? search(q, 8) : []; }, current, early, q).then(function (res) {
        if (current()) { show(list, q, res); reset(); }
      }).catch(function (e) {
        if (!current()) return;
        list.textContent = ""; list.classList.remove("lois-search-stale");
        var li = el("li", "lois-search-none");
        li.appendChild(explain(el("p", "lois-search-none-text"), e));
        list.appendChild(li); fit(list);
      });
    });
    document.addEventListener("click", function (ev) { if (!form.contains(ev.target)) list.textContent = ""; });
    if (window.visualViewport) window.visualViewport.addEventListener("resize", function () { fit(list); });
    /* what happened before this file came: the box had the focus (its data comes now), a query was typed */
    if (document.activeElement === input) load().catch(function () {});
    if (input.value.trim()) input.dispatchEvent(new Event("input"));
  }
  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  /* every call fetches what it needs first: each returns a Promise */
  window.loisSearch = {
    load: load,
    search: function (q, limit, kinds) { return lazily(function () { return search(q, limit, kinds); }, null, null, q); },
    kindCounts: function (q) { return lazily(function () { return kindCounts(q); }); },
    jumpTarget: function (q) {
      return lazily(function () { var n = jumpTarget(q), d = n >= 0 ? doc(n) : null; return d ? d[0] : null; });
    },
    /* the postings of terms as the ranking reads them (the differential test with index.scored), and scored alone */
    postings: function (terms) { return lazily(function () { return terms.map(postings); }); },
    scored: function (raw, count, bm25) { return load().then(function () { return scored(raw, count, bm25); }); },
    plan: function (q) {
      return lazily(function () {
        var p = plan(q), pins = p.pins.map(function (n) { var d = doc(n); return d ? d[0] : null; });
        return { weights: Array.from(p.weights), phrases: p.phrases, pins: pins, groups: p.groups, heads: p.heads,
                 words: p.words, kinds: p.kinds, typed: p.typed };
      });
    }
  };
  ready(function () { setupHeader(); setupPage(); });
})();
