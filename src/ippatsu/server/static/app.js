/* ippatsu hand builder. Everything shown about a hand comes from the JSON API
   (POST v1/analyze, GET v1/tables/*, GET v1/yaku); this file only keeps the state
   (hand, calls, dora, seat, round, ron/tsumo, rules, flowers, language), mirrors it in
   the URL and the notation box, and draws the answers. Plain JS, no build step, no
   network but the API. */
"use strict";
(function () {
  const I18N = window.IPPATSU_I18N;
  const LANGS = ["ko", "ja", "en"];
  const SUITS = ["m", "p", "s", "z"];
  const MAX_TILES = 14, MAX_DORA = 5, MAX_FLOWERS = 4;
  const CALL_WORDS = {chi: "chi", pon: "pon", kan: "daiminkan", minkan: "daiminkan",
                      daiminkan: "daiminkan", ankan: "ankan", kakan: "kakan"};
  const CALL_LABEL = {chi: "call_chi", pon: "call_pon", daiminkan: "call_kan", kakan: "call_kan",
                      ankan: "call_ankan"};

  // flowerRule: the flower tiles turned on over the preset (Rules.flowers, docs/rules.md
  // §12); flowers: how many of them are set aside (0-4), sent only while flowers are on
  const state = {hand: [], melds: [], dora: [], seat: 0, round: 0, tsumo: false, lang: "en",
                 rules: "ippatsu", flowerRule: false, flowers: 0};
  const PRESET_FLOWERS = new Set();   // the presets with flower tiles (GET v1/presets)
  const ui = {mode: "hand", call: "chi", pending: [], rawText: null};
  let YAKU = {};          // name -> row of GET v1/yaku
  let TABLES = null;      // {hanfu, limits}
  let lastAnalysis = null;
  let seq = 0, timer = 0;

  const $ = (sel) => document.querySelector(sel);
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const kid of kids.flat()) {
      if (kid === null || kid === undefined || kid === false) continue;
      e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return e;
  };

  // ---------------------------------------------------------------- strings
  function t(key, vars) {
    const d = I18N[state.lang] || I18N.en;
    let s = key in d ? d[key] : I18N.en[key];
    if (s === undefined) s = key;
    if (vars) for (const [k, v] of Object.entries(vars)) s = s.split("{" + k + "}").join(v);
    return s;
  }
  function yakuName(name) {
    const row = YAKU[name];
    if (!row) return name;
    return (state.lang === "ko" ? row.ko : state.lang === "ja" ? row.ja : row.en) || row.en || name;
  }
  function limitName(limit) {
    if (!limit) return "";
    const d = t("limits");
    return (d && d[limit]) || limit;
  }
  const num = (n) => Number(n).toLocaleString("en-US");

  // a note the API writes in English, in the page's language: {text, ok} (ok false when a
  // part matches no pattern of i18n.js; that part is shown as the API wrote it)
  function noteText(note) {
    const parts = String(note).split("; ").map((part) => {
      for (const [key, re, kinds] of window.IPPATSU_NOTE_PATTERNS) {
        const m = re.exec(part);
        if (!m) continue;
        let text = t("note_texts")[key];
        text = text.replace(/\{s:(\d)\}/g, (_, i) => (m[+i] === "1" ? "" : "s"));
        kinds.forEach((kind, i) => { text = text.split("{" + (i + 1) + "}").join(noteArg(kind, m[i + 1])); });
        return {text: text, ok: true, key: key};
      }
      return {text: part, ok: false, key: null};
    });
    return {text: parts.map((x) => x.text).join(t("note_sep")), ok: parts.every((x) => x.ok),
            keys: parts.map((x) => x.key)};
  }
  function noteArg(kind, v) {
    if (state.lang === "en") return v;   // the API's own words
    if (kind === "tiles") return v.replace(/([0-9])([mpsz])/g, (_, d, su) => tileLabel(d + su));
    if (kind === "suit") return t("suit_names")[v];
    if (kind === "suit_unit") return t("suits")[v];
    if (kind === "form") return t("form_" + v);
    return v;
  }
  function noteEl(tag, attrs, note) {
    const n = noteText(note);
    return el(tag, Object.assign({"data-note": note, "data-translated": String(n.ok)}, attrs), n.text);
  }
  // an API error: the page's message for its code, the code, the API's own words
  function errorText(code) {
    const d = t("errors");
    return {text: d[code] || t("error_unknown"), ok: code in d};
  }
  // a call written as the library writes it ("chi 2m+34m<L", "pon 5z+55z<A",
  // "kakan 5p+55p+5p<R") in words with the tiles drawn; null if it cannot be read
  function callWords(text) {
    const m = /^(\w+) (\d[mpsz])\+(\S+?)(?:\+(\d[mpsz]))?<([LAR])$/.exec(text || "");
    const type = m && CALL_WORDS[m[1]];
    const rest = m && parseTiles(m[3] + (m[4] || ""));
    if (!type || !rest) return null;
    const parts = {call: t(CALL_LABEL[type]), tile: el("span", {class: "tiles small"}, tileSpan(m[2])),
                   from: t("call_from")[m[5]], rest: el("span", {class: "tiles small"}, rest.map((x) => tileSpan(x)))};
    return t("call_words").split(/(\{\w+\})/).filter(Boolean)
      .map((x) => (/^\{\w+\}$/.test(x) ? parts[x.slice(1, -1)] : x));
  }
  // a block of the reading scored ("234m", "pon 555z", "closed kan 5555p") drawn: the call's
  // word in the page's language, then the tiles; null if it cannot be read
  function blockWords(text) {
    const m = /^(?:([a-z ]+) )?((?:\d+[mpsz])+)$/.exec(text);
    const tiles = m && parseTiles(m[2]);
    const word = m && m[1] ? t("fu_items")[m[1]] : "";
    if (!tiles || word === undefined) return null;
    return el("span", {class: "block-tiles", "data-block": text},
              word ? el("span", {class: "meldname", text: word}) : null,
              el("span", {class: "tiles small"}, tiles.map((x) => tileSpan(x, "tiny"))));
  }

  // ---------------------------------------------------------------- tiles
  // A tile is its notation: "1m".."9m", "0m" (red five), ..., "1z".."7z".
  const suitOf = (x) => x[1];
  const isRed = (x) => x[0] === "0";
  const kindOf = (x) => SUITS.indexOf(x[1]) * 9 + (isRed(x) ? 5 : +x[0]) - 1;
  const plain = (x) => (isRed(x) ? "5" + x[1] : x);
  const sortKey = (x) => kindOf(x) * 2 + (isRed(x) ? 0 : 1);
  const byTile = (a, b) => sortKey(a) - sortKey(b);

  function tileLabel(x) {
    if (suitOf(x) === "z") return t("honors")[+x[0] - 1];
    const n = isRed(x) ? "5" : x[0];
    const s = t("suits")[suitOf(x)];
    const name = state.lang === "en" ? n + " " + s : n + s;
    return isRed(x) ? t("red") + " " + name : name;
  }

  // the face: a symbol of static/tiles.svg (drawn strokes: no font decides how it looks)
  const SVG_NS = "http://www.w3.org/2000/svg";
  function svgUse(id, viewBox, cls) {
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", viewBox);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    if (cls) svg.setAttribute("class", cls);
    const use = document.createElementNS(SVG_NS, "use");
    use.setAttribute("href", "static/tiles.svg#" + id);
    svg.append(use);
    return svg;
  }
  function face(x) {
    return [svgUse("t-" + x, "0 0 60 80", "face")];
  }
  function tileClass(x, extra) {
    let c = "tile s-" + suitOf(x);
    if (suitOf(x) === "z") c += " z" + x[0];
    if (isRed(x)) c += " red";
    return extra ? c + " " + extra : c;
  }
  // a tile that is not a control
  function tileSpan(x, extra) {
    const down = extra === "back";   // a tile lying face down shows its back
    return el("span", {class: tileClass(x, extra), "data-tile": x, role: "img",
                       "aria-label": tileLabel(x)}, down ? [svgUse("t-back", "0 0 60 80", "face")] : face(x));
  }
  function tileButton(x, attrs, extra) {
    return el("button", Object.assign({type: "button", class: tileClass(x, extra), "data-tile": x},
                                      attrs), face(x));
  }

  // notation: digits then a suit letter; 0 is a red five (not for honors)
  function parseTiles(text) {
    const out = [];
    let digits = "";
    for (const ch of text.replace(/\s+/g, "")) {
      if (ch >= "0" && ch <= "9") { digits += ch; continue; }
      const s = ch.toLowerCase();
      if (!SUITS.includes(s) || !digits) return null;
      for (const d of digits) {
        if (s === "z" && (d === "0" || d > "7")) return null;
        out.push(d + s);
      }
      digits = "";
    }
    return digits ? null : out;
  }
  function formatTiles(tiles) {
    let out = "", run = "", suit = "";
    for (const x of tiles) {
      if (suitOf(x) !== suit && run) { out += run + suit; run = ""; }
      suit = suitOf(x); run += x[0];
    }
    return run ? out + run + suit : out;
  }
  // the concealed part as written: sorted, the winning (last added) tile written last
  function handText(hand) {
    if (!hand.length) return "";
    const rest = hand.slice(0, -1).sort(byTile), win = hand[hand.length - 1];
    return formatTiles(rest.concat([win]));
  }
  function meldText(m) { return m.type + " " + formatTiles(m.tiles); }
  function fullText() {
    return [handText(state.hand)].concat(state.melds.map((m) => "[" + meldText(m) + "]"))
      .filter(Boolean).join(" ");
  }
  // "123m456p11z [pon 555z] [ankan 1111m]" -> {hand, melds} or null
  function parseText(text) {
    const melds = [];
    let bad = false;
    const rest = text.replace(/\[([^\]]*)\]/g, (_, inner) => {
      const parts = inner.trim().split(/\s+/);
      const type = CALL_WORDS[(parts[0] || "").toLowerCase()];
      const tiles = parts.length === 2 ? parseTiles(parts[1].replace(/<.*$/, "").replace(/\+/g, "")) : null;
      if (!type || !tiles || !tiles.length) bad = true;
      else melds.push({type: type, tiles: tiles});
      return " ";
    });
    if (bad || /[[\]]/.test(rest)) return null;
    const hand = parseTiles(rest);
    return hand ? {hand: hand, melds: melds} : null;
  }

  // ---------------------------------------------------------------- counting (UI limits only)
  function allTiles() {
    return state.hand.concat(...state.melds.map((m) => m.tiles), state.dora, ui.pending);
  }
  function used() {
    const kinds = new Array(34).fill(0), red = {m: 0, p: 0, s: 0}, five = {m: 0, p: 0, s: 0};
    for (const x of allTiles()) {
      kinds[kindOf(x)]++;
      if (isRed(x)) red[suitOf(x)]++;
      else if (x[0] === "5" && suitOf(x) !== "z") five[suitOf(x)]++;
    }
    return {kinds: kinds, red: red, five: five};
  }
  // can these tiles (together) still be taken from the 136 (one red five per suit)?
  function available(tiles) {
    const u = used();
    for (const x of tiles) {
      const k = kindOf(x);
      if (++u.kinds[k] > 4) return false;
      if (isRed(x) && ++u.red[suitOf(x)] > 1) return false;
      if (!isRed(x) && x[0] === "5" && suitOf(x) !== "z" && ++u.five[suitOf(x)] > 3) return false;
    }
    return true;
  }
  const size = () => state.hand.length + 3 * state.melds.length;
  const presetFlowers = () => PRESET_FLOWERS.has(state.rules);
  const flowersOn = () => state.flowerRule || presetFlowers();

  function callTiles(x) {
    const s = suitOf(x), k = kindOf(x);
    if (ui.call === "pon") return [x, plain(x), plain(x)];
    if (ui.call === "chi") return null;
    // a kan of fives holds the red one
    if (s !== "z" && k % 9 === 4) return ["0" + s, "5" + s, "5" + s, "5" + s];
    return [x, x, x, x];
  }
  function canPick(x) {
    if (ui.mode === "dora") return state.dora.length < MAX_DORA && available([x]);
    if (ui.mode === "call") {
      if (state.melds.length >= 4 || size() + 3 > MAX_TILES) return false;
      if (ui.call === "chi") return suitOf(x) !== "z" && available([x]);
      return available(callTiles(x));
    }
    return size() < MAX_TILES && available([x]);
  }

  // ---------------------------------------------------------------- state changes
  function pick(x) {
    if (!canPick(x)) return;
    if (ui.mode === "dora") state.dora.push(x);
    else if (ui.mode === "call") {
      if (ui.call === "chi") {
        ui.pending.push(x);
        if (ui.pending.length < 3) { renderBuilder(); return; }
        state.melds.push({type: "chi", tiles: ui.pending.sort(byTile)});
        ui.pending = [];
      } else state.melds.push({type: ui.call, tiles: callTiles(x)});
      setMode("hand");
    } else state.hand.push(x);
    changed(true);
  }
  function setMode(mode) {
    ui.mode = mode;
    if (mode !== "call") ui.pending = [];
  }
  function changed(rewriteText) {
    ui.rawText = null;
    if (rewriteText) $("#notation").value = fullText();
    $("#notation").removeAttribute("aria-invalid");
    saveUrl();
    renderBuilder();
    scheduleAnalyze();
  }

  // ---------------------------------------------------------------- URL
  function saveUrl() {
    const p = new URLSearchParams();
    const text = ui.rawText !== null ? ui.rawText : fullText();
    if (text) p.set("h", text);
    if (state.dora.length) p.set("d", formatTiles(state.dora));
    if (state.seat) p.set("seat", state.seat);
    if (state.round) p.set("round", state.round);
    if (state.tsumo) p.set("tsumo", "1");
    if (state.rules !== "ippatsu") p.set("rules", state.rules);
    if (flowersOn()) p.set("flowers", state.flowers);   // present: the flower tiles are on
    p.set("lang", state.lang);
    const q = "?" + p.toString();
    if (location.search !== q) history.replaceState(null, "", location.pathname + q);
  }
  function loadUrl() {
    const p = new URLSearchParams(location.search);
    const wind = (v) => (/^[0-3]$/.test(v || "") ? +v : 0);
    state.seat = wind(p.get("seat"));
    state.round = wind(p.get("round"));
    state.tsumo = p.get("tsumo") === "1";
    state.rules = /^[a-z_]{1,20}$/.test(p.get("rules") || "") ? p.get("rules") : "ippatsu";
    state.flowerRule = /^[0-4]$/.test(p.get("flowers") || "");
    state.flowers = state.flowerRule ? +p.get("flowers") : 0;
    const nav = (navigator.language || "en").slice(0, 2);
    state.lang = LANGS.includes(p.get("lang")) ? p.get("lang") : LANGS.includes(nav) ? nav : "en";
    const d = parseTiles(p.get("d") || "");
    state.dora = d ? d.slice(0, MAX_DORA) : [];
    const text = p.get("h") || "";
    const parsed = parseText(text);
    if (parsed) { state.hand = parsed.hand; state.melds = parsed.melds; }
    else ui.rawText = text;
    $("#notation").value = text;
  }

  // ---------------------------------------------------------------- the builder
  function renderBuilder() {
    $("#count").textContent = t("tiles_count", {n: size()});
    const hand = $("#hand");
    hand.replaceChildren();
    if (!state.hand.length && !state.melds.length) hand.append(el("span", {class: "empty", text: t("empty")}));
    const order = state.hand.map((x, i) => i);
    const win = order.pop();
    order.sort((a, b) => byTile(state.hand[a], state.hand[b]));
    for (const i of order) hand.append(handTile(i, false));
    if (win !== undefined) hand.append(el("span", {class: "gap", "aria-hidden": "true"}), handTile(win, true));

    const melds = $("#melds");
    melds.replaceChildren();
    state.melds.forEach((m, i) => {
      melds.append(el("button", {type: "button", class: "meld" + (m.type === "ankan" ? " closed" : ""),
        "data-meld": meldText(m), "aria-label": t("remove") + " " + t(CALL_LABEL[m.type]) + " " +
        m.tiles.map(tileLabel).join(" "),
        onclick: () => { state.melds.splice(i, 1); changed(true); }},
        el("span", {class: "meldname", text: t(CALL_LABEL[m.type])}),
        el("span", {class: "tiles small"}, m.tiles.map((x, j) =>
          tileSpan(x, m.type === "ankan" && (j === 0 || j === 3) ? "back" : "")))));
    });

    const dora = $("#dora");
    dora.replaceChildren();
    state.dora.forEach((x, i) => dora.append(tileButton(x, {
      "aria-label": t("remove") + " " + t("dora") + " " + tileLabel(x),
      onclick: () => { state.dora.splice(i, 1); changed(true); }})));
    if (!state.dora.length) dora.append(el("span", {class: "muted", text: "–"}));

    // modes
    const callOpen = ui.mode === "call";
    $("#callbar").hidden = !callOpen;
    $("#add-call").setAttribute("aria-expanded", String(callOpen));
    $("#add-call").classList.toggle("on", callOpen);
    $("#add-dora").setAttribute("aria-pressed", String(ui.mode === "dora"));
    $("#add-dora").classList.toggle("on", ui.mode === "dora");
    for (const b of document.querySelectorAll(".calltype"))
      b.setAttribute("aria-pressed", String(b.dataset.call === ui.call));
    const pending = $("#pending");
    pending.replaceChildren(...ui.pending.map((x) => tileSpan(x)));
    $("#modehelp").textContent = ui.mode === "dora" ? t("dora_help")
      : callOpen ? (ui.call === "chi" ? t("call_help_chi") : t("call_help")) : "";
    $("#palette").dataset.mode = ui.mode;

    for (const b of document.querySelectorAll("#palette .tile")) {
      b.disabled = !canPick(b.dataset.tile);
      b.setAttribute("aria-label", t("add") + " " + tileLabel(b.dataset.tile));
    }
    $("#seat").value = String(state.seat);
    $("#round").value = String(state.round);
    $("#flower-rule").checked = flowersOn();
    $("#flower-rule").disabled = presetFlowers();   // the preset has them: always on
    $("#flowerrow").hidden = !flowersOn();
    $("#flowers").value = String(state.flowers);
    $("#flower-marks").textContent = "✿".repeat(flowersOn() ? state.flowers : 0);
    $("#ron").setAttribute("aria-pressed", String(!state.tsumo));
    $("#tsumo").setAttribute("aria-pressed", String(state.tsumo));
  }
  function handTile(i, isWin) {
    const x = state.hand[i];
    const b = tileButton(x, {"data-index": i,
      "aria-label": t("remove") + " " + tileLabel(x) + (isWin ? " (" + t("win_tile") + ")" : ""),
      onclick: () => { state.hand.splice(i, 1); changed(true); }}, isWin ? "win" : "");
    if (isWin) b.append(el("span", {class: "mark", "aria-hidden": "true", text: "▲"}));
    return b;
  }
  function buildPalette() {
    const pal = $("#palette");
    for (const s of SUITS) {
      const row = el("div", {class: "prow"});
      const n = s === "z" ? 7 : 9;
      for (let i = 1; i <= n; i++) row.append(tileButton(i + s, {onclick: () => pick(i + s)}));
      if (s !== "z") row.append(tileButton("0" + s, {onclick: () => pick("0" + s)}));
      pal.append(row);
    }
  }

  // ---------------------------------------------------------------- the API
  async function api(path, body) {
    const r = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
    let j = null;
    try { j = await r.json(); } catch (e) { j = {error: {code: "bad_response", message: String(e)}}; }
    return {ok: r.ok, json: j};
  }
  function request() {
    const body = {hand: ui.rawText !== null ? ui.rawText : handText(state.hand),
                  seat_wind: state.seat, round_wind: state.round, tsumo: state.tsumo};
    if (ui.rawText === null && state.melds.length) body.melds = state.melds.map(meldText);
    if (state.dora.length) body.dora_indicators = formatTiles(state.dora);
    if (state.rules !== "ippatsu") body.rules = state.rules;
    if (flowersOn()) {
      // no preset has flowers on: the rules are the preset with the flowers override
      if (!presetFlowers()) body.rules = {preset: state.rules, overrides: {flowers: true}};
      if (state.flowers) body.flowers = state.flowers;
    }
    return body;
  }
  function scheduleAnalyze() {
    clearTimeout(timer);
    const box = $("#result");
    const body = request();
    const key = JSON.stringify(body);
    if (!body.hand.trim()) {
      seq++;
      box.dataset.state = "empty"; box.dataset.key = "";
      lastAnalysis = null;
      box.replaceChildren(el("p", {class: "muted", text: t("empty")}));
      renderTables();
      return;
    }
    box.dataset.state = "loading";
    const mine = ++seq;
    timer = setTimeout(async () => {
      let res;
      try { res = await api("v1/analyze", body); }
      catch (e) { res = {ok: false, json: {error: {code: "network", message: String(e)}}}; }
      if (mine !== seq) return;
      lastAnalysis = res.ok ? res.json : null;
      renderResult(res);
      box.dataset.key = key;
      box.dataset.state = res.ok ? "ready" : "error";
    }, 60);
  }

  // ---------------------------------------------------------------- drawing answers
  function section(title, ...kids) {
    return el("section", {class: "block"}, el("h3", {text: title}), ...kids);
  }
  function tileRow(text) {
    const tiles = parseTiles(text) || [];
    return el("span", {class: "tiles small"}, tiles.map((x) => tileSpan(x)));
  }
  function costText(r) {
    const c = r.cost || {};
    if ("ron" in c) return num(c.ron);
    if (r.dealer) return t("all_pay", {n: num(c.non_dealer)});
    return t("nd_d", {a: num(c.non_dealer), b: num(c.dealer)});
  }
  // "3 han 40 fu · 5,200" (or the limit)
  function scoreLine(r) {
    if (!r) return el("span", {class: "muted", text: "–"});
    if (r.error === "no_yaku") return el("span", {class: "noyaku", text: t("no_yaku")});
    const parts = [];
    if (r.yakuman) parts.push(r.yakuman === 1 ? limitName("yakuman") : r.yakuman === 2
                              ? limitName("2x yakuman") : t("yakuman_n", {n: r.yakuman}));
    else parts.push(t("han_fu", {h: r.han, f: r.fu}));
    if (r.limit && !r.yakuman) parts.push(limitName(r.limit));
    const pts = el("b", {class: "points", "data-points": r.points, text: num(r.points)});
    const line = el("span", {class: "scoreline"}, parts.join(" · ") + " · ", pts);
    if (r.tsumo) line.append(" (" + costText(r) + ")");
    return line;
  }
  function fuItem(label) {
    const d = t("fu_items");
    const keys = Object.keys(d).sort((a, b) => b.length - a.length);
    for (const k of keys) {
      if (label === k || label.startsWith(k + " ")) {
        const rest = label.slice(k.length).trim();
        if (k === "wait" && rest) return [d[k] + " (" + (t("wait_names")[rest] || rest) + ")"];
        return [d[k], rest ? tileRow(rest) : null];
      }
    }
    return [label];
  }
  // whether the page has words for a fu item the API wrote
  function fuKnown(label) {
    const d = t("fu_items");
    const k = Object.keys(d).sort((a, b) => b.length - a.length)
      .find((x) => label === x || label.startsWith(x + " "));
    if (k === undefined) return false;
    const rest = label.slice(k.length).trim();
    if (k === "wait") return rest in t("wait_names");
    return !rest || parseTiles(rest) !== null;
  }
  function fuList(r) {
    const ul = el("ul", {class: "fu"});
    for (const [label, v] of r.fu_breakdown || [])
      ul.append(el("li", {"data-fu": label}, el("span", {}, ...fuItem(label)), el("span", {class: "v", text: "+" + v})));
    const sum = (r.fu_breakdown || []).reduce((a, x) => a + x[1], 0);
    ul.append(el("li", {class: "total"}, el("span", {text: sum !== r.fu ? t("fu_rounded", {n: r.fu}) : ""}),
                 el("span", {class: "v", text: t("fu_n", {n: r.fu})})));
    return ul;
  }

  function renderWin(a) {
    const w = a.win, r = w.result;
    const out = [];
    const head = el("div", {class: "winhead"}, el("span", {class: "label", text: t("win_tile")}),
                    tileSpan(w.win_tile, "win"),
                    el("span", {class: "muted", text: " " + (r.tsumo ? t("tsumo") : t("ron")) +
                      (r.wait ? " · " + t("wait_shape") + ": " + (t("wait_names")[r.wait] || r.wait) : "")}));
    out.push(head);
    const yl = el("table", {class: "yaku"});
    yl.append(el("tr", {}, el("th", {text: t("yaku")}), el("th", {text: t("han")}), el("th", {text: t("survives")})));
    for (const y of w.yaku) {
      const hanText = y.yakuman ? (y.yakuman > 1 ? y.yakuman + "× " : "") + t("yakuman") : String(y.han);
      const surv = y.survives_open
        ? (y.yakuman ? t("survives_yes") : t("open_han", {n: y.han_open}))
        : t("survives_no");
      yl.append(el("tr", {"data-yaku": y.name, "data-survives": String(y.survives_open)},
        el("td", {class: "yname", text: yakuName(y.name)}), el("td", {class: "num", text: hanText}),
        el("td", {class: y.survives_open ? "yes" : "no", text: (y.survives_open ? "○ " : "✕ ") + surv})));
    }
    // ScoreResult.dora holds the flowers' han too (docs/rules.md §12): they get their line
    const flowers = r.flowers || 0;
    for (const [key, n] of [["dora_count", r.dora - flowers], ["flower_count", flowers],
                            ["red_count", r.red], ["ura_count", r.ura]])
      if (n) yl.append(el("tr", {"data-bonus": key}, el("td", {text: t(key)}), el("td", {class: "num", text: String(n)}), el("td")));
    if (!w.yaku.length) yl.append(el("tr", {}, el("td", {class: "noyaku", colspan: 3, text: t("no_yaku")})));
    out.push(yl);
    out.push(el("p", {class: "total", id: "win-score", "data-points": r.points, "data-han": r.han,
                      "data-fu": r.fu}, scoreLine(r)));
    if (w.with_riichi) out.push(el("p", {class: "muted", id: "win-riichi"}, t("with_riichi") + ": ", scoreLine(w.with_riichi)));
    if (!r.yakuman) out.push(el("details", {class: "fudetails", open: true},
                                el("summary", {text: t("fu_breakdown") + ": " + r.fu}), fuList(r)));
    const blocks = (r.decomposition || []).map((b) => blockWords(b) || el("span", {"data-block": b, text: b}));
    out.push(el("p", {class: "reading muted small"}, blocks));
    const sections = [section(t("result"), ...out)];
    if (w.if_open) {
      const o = w.if_open;
      const kids = [];
      if (o.result) {
        const words = callWords(o.call);
        kids.push(el("p", {class: "opencall", "data-call": o.call, "data-translated": String(!!words)},
          t("if_open_call") + " — ", ...(words || [el("code", {text: o.call})])));
        kids.push(el("p", {class: "total", id: "open-score", "data-points": o.result.points}, scoreLine(o.result)));
        if (o.result.yaku.length)
          kids.push(el("p", {}, t("yaku") + ": " + o.result.yaku.map(([n, h]) => yakuName(n) + " " + h).join(", ")));
      } else kids.push(o.note ? noteEl("p", {}, o.note) : el("p", {text: t("cannot_open")}));
      if (o.dropped.length)
        kids.push(el("p", {id: "open-dropped"}, t("dropped") + ": ",
          ...o.dropped.map((n) => el("span", {class: "chip", "data-yaku": n, text: yakuName(n)}))));
      sections.push(el("section", {class: "block", id: "if-open"}, el("h3", {text: t("if_open")}), ...kids));
    }
    return sections;
  }

  function renderWaits(a) {
    const tb = el("table", {class: "waits"});
    tb.append(el("tr", {}, el("th", {text: t("wait_tile")}), el("th", {text: t("unseen")}),
                   el("th", {text: t("ron")}), el("th", {text: t("tsumo")})));
    for (const w of a.waits) {
      const ron = el("td", {class: "ron", "data-points": w.ron ? w.ron.points : ""}, scoreLine(w.ron));
      if (w.with_riichi) ron.append(el("div", {class: "muted small"}, t("with_riichi") + ": ", scoreLine(w.with_riichi)));
      tb.append(el("tr", {"data-wait": w.tile}, el("td", {}, el("span", {class: "tiles small"}, tileSpan(w.tile))),
        el("td", {class: "num", text: String(w.unseen)}), ron,
        el("td", {class: "tsumo", "data-points": w.tsumo ? w.tsumo.points : ""}, scoreLine(w.tsumo))));
    }
    return section(t("waits"), el("div", {class: "scroll"}, tb));
  }
  function renderUkeire(a) {
    const row = el("div", {class: "ukeire tiles small"});
    for (const u of a.ukeire)
      row.append(el("span", {class: "uk", "data-tile": u.tile}, tileSpan(u.tile), el("small", {text: "×" + u.unseen})));
    return section(t("ukeire") + " — " + t("ukeire_total", {n: a.ukeire_total}), row);
  }
  function renderDiscards(a) {
    const ul = el("ul", {class: "discards"});
    for (const d of a.discards.slice(0, 8)) {
      const li = el("li", {"data-discard": d.discard}, el("span", {class: "tiles small"}, tileSpan(d.discard)),
        el("span", {class: "muted", text: " " + t("after") + " " + (d.shanten === 0 ? t("tenpai") : t("shanten_n", {n: d.shanten})) + " · "}));
      for (const x of d.tiles) li.append(tileSpan(x.tile, "tiny"));
      li.append(el("small", {text: " " + t("ukeire_total", {n: d.total})}));
      ul.append(li);
    }
    return section(t("discards"), ul);
  }
  function renderHints(a) {
    const ul = el("ul", {class: "hints"});
    for (const h of a.hints) {
      const hanText = h.yakuman ? t("yakuman") : t("han_n", {n: h.han});
      ul.append(el("li", {"data-hint": h.name},
        el("b", {class: "yname", text: yakuName(h.name)}), " ",
        el("span", {class: "badge", text: hanText}), " ",
        el("span", {class: "need", text: h.need ? t("need", {n: h.need}) : t("need0")}),
        noteEl("div", {class: "muted small"}, h.note)));
    }
    return el("section", {class: "block", id: "hints"}, el("h3", {text: t("hints")}),
              el("p", {class: "muted small", text: t("hints_note")}), ul);
  }
  function statusText(a) {
    if (a.n_concealed % 3 === 0)   // 3, 6, 9, 12 tiles: read after one more tile
      return t("building") + " · " + t("after_draw") + " " +
        (a.shanten === 0 ? t("tenpai") : t("shanten_n", {n: a.shanten}));
    if (a.shanten < 0) return t("complete");
    if (a.n_concealed % 3 === 2)
      return a.shanten === 0 ? t("tenpai_after") : t("shanten_after", {n: a.shanten});
    return a.shanten === 0 ? t("tenpai") : t("shanten_n", {n: a.shanten});
  }
  function renderResult(res) {
    const box = $("#result");
    if (!res.ok) {
      const e = (res.json && res.json.error) || {code: "?", message: "?"};
      const msg = errorText(e.code);
      box.replaceChildren(el("div", {class: "error", role: "alert", id: "api-error", "data-code": e.code,
                                     "data-translated": String(msg.ok)},
        el("b", {text: t("error")}), el("p", {class: "errmsg"}, msg.text, " ", el("code", {text: e.code})),
        el("details", {class: "errdetail"}, el("summary", {text: t("error_detail")}),
           el("p", {lang: "en", text: e.message}))));
      if (ui.rawText !== null) $("#notation").setAttribute("aria-invalid", "true");
      renderTables();
      return;
    }
    const a = res.json;
    const kids = [];
    kids.push(el("p", {class: "status", id: "status", "data-shanten": a.shanten},
      el("b", {text: statusText(a)}), el("span", {class: "muted", text: " · " + a.hand.split(" [")[0]})));
    const ft = el("table", {class: "forms"});
    const forms = a.forms || {};
    for (const f of ["standard", "chiitoitsu", "kokushi"]) {
      const v = forms[f];
      ft.append(el("tr", {class: v !== null && v === forms.min ? "best" : ""},
        el("th", {text: t("form_" + f)}),
        el("td", {"data-form": f, text: v === null || v === undefined ? t("form_na") : v < 0 ? t("complete") : String(v)})));
    }
    kids.push(section(t("forms"), ft));
    if (a.win) kids.push(...renderWin(a));
    if (a.waits && a.waits.length) kids.push(renderWaits(a));
    else if (!a.win && a.discards && a.discards.length) kids.push(renderDiscards(a));
    else if (a.ukeire && a.ukeire.length) kids.push(renderUkeire(a));
    if (a.hints && a.hints.length) kids.push(renderHints(a));
    if (a.notes && a.notes.length)
      kids.push(section(t("notes"), el("ul", {class: "notes"}, a.notes.map((n) => noteEl("li", {}, n)))));
    box.replaceChildren(...kids);
    renderTables();
  }

  // ---------------------------------------------------------------- tables
  function renderTables() {
    if (!TABLES) return;
    const dealer = state.seat === 0;
    const who = dealer ? t("for_dealer") : t("for_non_dealer");
    const hf = $("#hanfu");
    hf.replaceChildren();
    const cells = TABLES.hanfu.cells;
    const hans = [...new Set(cells.map((c) => c.han))].sort((a, b) => a - b);
    const fus = [...new Set(cells.map((c) => c.fu))].sort((a, b) => a - b);
    const at = {};
    for (const c of cells) at[c.han + "/" + c.fu] = c;
    const win = lastAnalysis && lastAnalysis.win && lastAnalysis.win.result;
    hf.append(el("caption", {text: who}));
    hf.append(el("tr", {}, el("th", {text: t("fu") + " \\ " + t("han")}),
                   hans.map((h) => el("th", {scope: "col", text: t("han_n", {n: h})}))));
    for (const fu of fus) {
      const tr = el("tr", {}, el("th", {scope: "row", text: t("fu_n", {n: fu})}));
      for (const han of hans) {
        const c = at[han + "/" + fu];
        const ron = c && (dealer ? c.dealer_ron : c.non_dealer_ron);
        const ts = c && (dealer ? c.dealer_tsumo : c.non_dealer_tsumo);
        const tsText = ts === null || ts === undefined ? "–"
          : dealer ? t("all_pay", {n: num(ts)}) : t("nd_d", {a: num(ts[0]), b: num(ts[1])});
        const td = el("td", {"data-han": han, "data-fu": fu, class: c && c.limit ? "limit" : ""});
        if (c && c.limit) td.append(el("div", {class: "lim", text: limitName(c.limit)}));
        td.append(el("div", {class: "r", text: ron === null || ron === undefined ? "–" : num(ron)}),
                  el("div", {class: "t", text: tsText}));
        if (win && !win.error && !win.limit && win.han === han && win.fu === fu && win.dealer === dealer)
          td.classList.add("here");
        tr.append(td);
      }
      hf.append(tr);
    }
    const lt = $("#limits");
    lt.replaceChildren(el("caption", {text: who}),
      el("tr", {}, el("th", {text: t("limit_col")}), el("th", {text: t("han_col")}),
         el("th", {text: t("ron_col")}), el("th", {text: t("tsumo_col")})));
    for (const row of TABLES.limits.rows) {
      const han = row.yakuman ? "–" : row.max_han === null ? row.min_han + "+"
        : row.min_han === row.max_han ? String(row.min_han) : row.min_han + "–" + row.max_han;
      const ts = dealer ? t("all_pay", {n: num(row.dealer_tsumo)})
        : t("nd_d", {a: num(row.non_dealer_tsumo[0]), b: num(row.non_dealer_tsumo[1])});
      lt.append(el("tr", {"data-limit": row.limit}, el("th", {scope: "row", text: limitName(row.limit)}),
        el("td", {text: han}), el("td", {class: "num", text: num(dealer ? row.dealer_ron : row.non_dealer_ron)}),
        el("td", {class: "num", text: ts})));
    }
  }

  // ---------------------------------------------------------------- language
  function applyLang() {
    document.documentElement.lang = state.lang;
    for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
    for (const b of document.querySelectorAll(".lang")) b.setAttribute("aria-pressed", String(b.dataset.lang === state.lang));
    const winds = t("winds");
    for (const id of ["#seat", "#round"])
      $(id).querySelectorAll("option").forEach((o, i) => {
        o.textContent = winds[i] + (id === "#seat" && i === 0 ? " (" + t("dealer") + ")" : "");
      });
    $("#palette").setAttribute("aria-label", t("palette"));
    for (const e of document.querySelectorAll("[data-i18n-label]")) e.setAttribute("aria-label", t(e.dataset.i18nLabel));
    document.title = "ippatsu — " + t("title");
    renderBuilder();
    if (lastAnalysis) renderResult({ok: true, json: lastAnalysis});
    else renderTables();
  }

  // ---------------------------------------------------------------- wiring
  function init() {
    buildPalette();
    loadUrl();
    $("#notation").addEventListener("input", (ev) => {
      const text = ev.target.value;
      const parsed = parseText(text);
      if (parsed) {
        state.hand = parsed.hand; state.melds = parsed.melds;
        changed(false);
      } else {
        ui.rawText = text;   // the API names the problem
        saveUrl();
        renderBuilder();
        scheduleAnalyze();
      }
    });
    $("#notation").addEventListener("change", () => { if (ui.rawText === null) $("#notation").value = fullText(); });
    $("#seat").addEventListener("change", (e) => { state.seat = +e.target.value; changed(false); });
    $("#round").addEventListener("change", (e) => { state.round = +e.target.value; changed(false); });
    $("#rules").addEventListener("change", (e) => { state.rules = e.target.value; changed(false); });
    $("#flower-rule").addEventListener("change", (e) => {
      state.flowerRule = e.target.checked;
      if (!flowersOn()) state.flowers = 0;
      changed(false);
    });
    $("#flowers").addEventListener("change", (e) => {
      state.flowers = Math.max(0, Math.min(MAX_FLOWERS, +e.target.value || 0));
      changed(false);
    });
    $("#ron").addEventListener("click", () => { state.tsumo = false; changed(false); });
    $("#tsumo").addEventListener("click", () => { state.tsumo = true; changed(false); });
    $("#add-call").addEventListener("click", () => { setMode(ui.mode === "call" ? "hand" : "call"); renderBuilder(); });
    $("#add-dora").addEventListener("click", () => { setMode(ui.mode === "dora" ? "hand" : "dora"); renderBuilder(); });
    $("#call-done").addEventListener("click", () => { setMode("hand"); renderBuilder(); $("#add-call").focus(); });
    for (const b of document.querySelectorAll(".calltype"))
      b.addEventListener("click", () => { ui.call = b.dataset.call; ui.pending = []; renderBuilder(); });
    $("#clear").addEventListener("click", () => {
      state.hand = []; state.melds = []; state.dora = []; setMode("hand"); changed(true);
    });
    $("#copy-link").addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(location.href); $("#modehelp").textContent = t("copied"); }
      catch (e) { $("#modehelp").textContent = location.href; }
    });
    for (const b of document.querySelectorAll(".lang"))
      b.addEventListener("click", () => { state.lang = b.dataset.lang; saveUrl(); applyLang(); });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && ui.mode !== "hand") { setMode("hand"); renderBuilder(); }
    });
    applyLang();
    saveUrl();
    // the rule picker: the four-player presets (docs/rules.md §10)
    api("v1/presets").then((r) => {
      if (!r.ok) return;
      const sel = $("#rules");
      sel.textContent = "";
      for (const p of r.json.presets)
        if (p.rules.players === 4) {
          sel.append(el("option", {value: p.name, text: p.name}));
          if (p.rules.flowers) PRESET_FLOWERS.add(p.name);
        }
      if (![...sel.options].some((o) => o.value === state.rules)) state.rules = "ippatsu";
      sel.value = state.rules;
      renderBuilder();
      if (presetFlowers()) { saveUrl(); scheduleAnalyze(); }   // its flowers need no override
    });
    Promise.all([api("v1/yaku"), api("v1/tables/han-fu?max_han=4"), api("v1/tables/limits")])
      .then(([y, hf, lim]) => {
        if (y.ok) for (const row of y.json.yaku) YAKU[row.name] = row;
        if (hf.ok && lim.ok) TABLES = {hanfu: hf.json, limits: lim.json};
        document.body.dataset.tables = TABLES ? "ready" : "error";
        applyLang();
        scheduleAnalyze();
      });
  }
  // the page's words for the API's texts in a language (tests/test_server_page.py reads
  // every note, error code and call the API can write through these)
  window.IPPATSU_PAGE = {
    words: (lang, kind, text) => {
      const keep = state.lang;
      state.lang = lang;
      try {
        if (kind === "note") return noteText(text);
        if (kind === "error") return errorText(text);
        const node = kind === "call" ? callWords(text) : kind === "block" ? blockWords(text)
          : kind === "fu" ? fuItem(text) : null;
        if (node === null) return {text: text, ok: false};
        const box = el("span", {}, node);
        const ok = kind !== "fu" || fuKnown(text);
        return {text: box.textContent, ok: ok};
      } finally { state.lang = keep; }
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
