"""The hand builder page of ``ippatsu serve`` (docs/server.md, "Hand builder") in a real
browser.

A real ``ippatsu serve`` process (the ``ippatsu_server`` fixture of tests/conftest.py)
and the system's Chromium driven by Playwright: the tests click tiles, calls and dora
indicators, type notation and load links, and check what the page shows against
``ippatsu.analyze()`` / ``ippatsu.score_table()`` computed here, independently of the
page. Every request the page makes must go to the server itself (the page works offline).

Chromium is found at ``$IPPATSU_CHROMIUM``, else ``chromium`` / ``chromium-browser`` /
``google-chrome`` on the PATH; Playwright never downloads a browser here. Without
Playwright or a Chromium the tests skip with the reason, and the skip budget
(tests/expected_skips.txt) does not allow those skips: ``.ci/run`` installs Chromium.

Screenshots (en / ko / ja at 1280 px and 390 px) go to ``$IPPATSU_ARTIFACTS`` (default:
a pytest temporary folder); the Korean and Japanese ones need CJK fonts (Debian's
``fonts-noto-cjk``, which ``.ci/run`` installs) and skip without them. The tiles and the
language buttons need none: they are drawn (static/tiles.svg).
"""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

import ippatsu  # noqa: E402
from ippatsu.errors import IppatsuError  # noqa: E402
from ippatsu.yaku import BY_NAME, YAKU  # noqa: E402


def _chromium():
    env = os.environ.get("IPPATSU_CHROMIUM")
    if env:
        return env if Path(env).is_file() else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


CHROMIUM = _chromium()

WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


# ---------------------------------------------------------------------------------------
# fixtures
# ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser():
    """The system's Chromium under Playwright (skips, with the reason, without either)."""
    sync_api = pytest.importorskip(
        "playwright.sync_api",
        reason="playwright is not installed (pip install playwright; the test extra has it)")
    if CHROMIUM is None:
        pytest.skip("no Chromium (set IPPATSU_CHROMIUM or install the chromium package; "
                    "playwright does not download browsers here)")
    pw = sync_api.sync_playwright().start()
    try:
        b = pw.chromium.launch(executable_path=CHROMIUM)
        try:
            yield b
        finally:
            b.close()
    finally:
        pw.stop()


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory) -> Path:
    d = os.environ.get("IPPATSU_ARTIFACTS")
    path = Path(d) if d else tmp_path_factory.mktemp("hand-builder-screens")
    path.mkdir(parents=True, exist_ok=True)
    return path


class Page:
    """A browser tab on the server, with the checks every test wants: no script error,
    no request that leaves the server."""

    def __init__(self, browser, base: str, viewport=WIDE):
        self.base = base
        self.ctx = browser.new_context(viewport=viewport, locale="en-US")
        self.page = self.ctx.new_page()
        self.errors, self.outside = [], []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", self._console)

        def route(r):
            url = r.request.url
            if url.startswith(base + "/") or url.startswith("data:"):
                r.continue_()
            else:
                self.outside.append(url)
                r.abort()

        self.page.route("**/*", route)

    def _console(self, m):
        # a 4xx answer of the API is shown on the page (and logged by the browser)
        if m.type == "error" and "responded with a status of 4" not in m.text:
            self.errors.append(m.text)

    def open(self, query: str = "lang=en"):
        self.page.goto(f"{self.base}/?{query}")
        self.page.wait_for_selector("body[data-tables=ready]")
        return self.settle()

    def settle(self):
        """Wait for the answer to the latest change; the request the page sent."""
        self.page.wait_for_function(
            "() => { const r = document.querySelector('#result');"
            " return r.dataset.state !== 'loading'; }")
        key = self.page.get_attribute("#result", "data-key")
        return json.loads(key) if key else None

    # actions
    def tap(self, tiles: str):
        for x in _tiles(tiles):
            self.page.click(f"#palette .tile[data-tile='{x}']")
        return self.settle()

    def call(self, kind: str, tiles: str):
        """kind: chi (tiles: the three), pon / daiminkan / ankan (tiles: the one to pick)."""
        self.page.click("#add-call")
        self.page.click(f".calltype[data-call='{kind}']")
        for x in _tiles(tiles):
            self.page.click(f"#palette .tile[data-tile='{x}']")
        return self.settle()

    def dora(self, tiles: str):
        self.page.click("#add-dora")
        for x in _tiles(tiles):
            self.page.click(f"#palette .tile[data-tile='{x}']")
        self.page.click("#add-dora")
        return self.settle()

    def type(self, text: str):
        self.page.fill("#notation", text)
        return self.settle()

    # reading
    def attrs(self, selector: str, name: str):
        return self.page.eval_on_selector_all(
            selector, f"es => es.map(e => e.getAttribute({json.dumps(name)}))")

    def texts(self, selector: str):
        return self.page.eval_on_selector_all(selector, "es => es.map(e => e.textContent.trim())")

    def hand_shown(self):
        """The hand tiles in display order, and the one marked as the winning tile."""
        tiles = self.attrs("#hand .tile", "data-tile")
        win = self.attrs("#hand .tile.win", "data-tile")
        return tiles, (win[0] if win else None)

    def close(self):
        try:
            assert self.errors == [], self.errors
            assert self.outside == [], f"requests outside the server: {self.outside}"
        finally:
            self.ctx.close()


@pytest.fixture
def page(browser, ippatsu_server):
    p = Page(browser, ippatsu_server.url)
    yield p
    p.close()


@pytest.fixture
def phone(browser, ippatsu_server):
    p = Page(browser, ippatsu_server.url, viewport=PHONE)
    yield p
    p.close()


# ---------------------------------------------------------------------------------------
# helpers: the library's answers, in the page's words
# ---------------------------------------------------------------------------------------
def _tiles(text: str):
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out.extend(d + ch for d in digits)
            digits = ""
    return out


def _analyze(req: dict):
    """ippatsu.analyze() with the arguments of the request the page sent."""
    rules = req.get("rules")
    if isinstance(rules, dict):   # a preset with overrides (the flower tiles turned on)
        rules = ippatsu.Rules.preset(rules["preset"]).replace(**rules["overrides"])
    return ippatsu.analyze(req["hand"], melds=req.get("melds", []),
                           seat_wind=req.get("seat_wind", 0),
                           round_wind=req.get("round_wind", 0),
                           dora_indicators=req.get("dora_indicators", ""),
                           tsumo=req.get("tsumo", False), rules=rules,
                           flowers=req.get("flowers", 0))


def _pts(n: int) -> str:
    return f"{n:,}"


def _check_analysis(p: Page, a):
    """What the page shows for any hand: shanten per form, the stage's details, hints."""
    forms = {"standard": a.forms.standard, "chiitoitsu": a.forms.chiitoitsu,
             "kokushi": a.forms.kokushi}
    assert p.page.get_attribute("#status", "data-shanten") == str(a.shanten)
    for f, v in forms.items():
        cell = p.page.text_content(f"td[data-form='{f}']").strip()
        if v is None:
            assert cell == "–", (f, cell)
        elif v >= 0:
            assert cell == str(v), (f, cell)
    d = a.to_dict()
    assert p.attrs("#hints li", "data-hint") == [h["name"] for h in d["hints"]]
    if d["waits"]:
        _check_waits(p, d["waits"])
    if d["win"]:
        _check_win(p, d["win"])


def _check_waits(p: Page, waits):
    assert p.attrs("tr[data-wait]", "data-wait") == [w["tile"] for w in waits]
    for w in waits:
        row = f"tr[data-wait='{w['tile']}']"
        for how in ("ron", "tsumo"):
            r = w[how]
            cell = p.page.text_content(f"{row} td.{how}")
            if r is None:
                assert cell.strip() == "–"
            elif r["error"] == "no_yaku":
                assert "no yaku" in cell
            else:
                assert p.page.get_attribute(f"{row} td.{how}", "data-points") == str(r["points"])
                assert _pts(r["points"]) in cell
                if not r["yakuman"]:
                    assert f"{r['han']} han {r['fu']} fu" in cell
        if w["with_riichi"]:
            assert _pts(w["with_riichi"]["points"]) in p.page.text_content(f"{row} td.ron")


def _check_win(p: Page, win):
    r = win["result"]
    assert p.attrs("tr[data-yaku]", "data-yaku") == [y["name"] for y in win["yaku"]]
    assert p.attrs("tr[data-yaku]", "data-survives") == \
        [str(y["survives_open"]).lower() for y in win["yaku"]]
    names = p.texts("tr[data-yaku] td.yname")
    assert names == [BY_NAME[y["name"]].en for y in win["yaku"]]
    score = p.page.locator("#win-score")
    assert score.get_attribute("data-points") == str(r["points"])
    text = score.text_content()
    if r["error"] == "no_yaku":
        assert "no yaku" in text
    else:
        assert _pts(r["points"]) in text
        if not r["yakuman"]:
            assert f"{r['han']} han {r['fu']} fu" in text
            assert p.attrs(".fu li[data-fu]", "data-fu") == [x[0] for x in r["fu_breakdown"]]
            assert p.texts(".fu li[data-fu] .v") == [f"+{x[1]}" for x in r["fu_breakdown"]]
    # the flowers' han are in ScoreResult.dora; the page gives them their own line
    for key, n in (("dora_count", r["dora"] - r["flowers"]), ("flower_count", r["flowers"]),
                   ("red_count", r["red"])):
        rows = p.page.locator(f"tr[data-bonus='{key}'] td.num")
        assert (rows.count() and rows.text_content()) == (n and str(n)), (key, n)
    o = win["if_open"]
    if o is None:
        assert p.page.locator("#if-open").count() == 0
    else:
        assert p.page.locator("#if-open").count() == 1
        if o["result"] is not None:
            assert p.page.get_attribute("#open-score", "data-points") == str(o["result"]["points"])
            # the call in words with its tiles drawn, the called one first
            assert p.page.get_attribute("#if-open .opencall", "data-call") == o["call"]
            assert p.page.get_attribute("#if-open .opencall", "data-translated") == "true"
            called, rest, seat = re.fullmatch(r"\w+ (\w\w)\+(\w+)<([LAR])", o["call"]).groups()
            assert p.attrs("#if-open .opencall .tile", "data-tile") == _tiles(called + rest)
            words = p.page.text_content("#if-open .opencall")
            assert {"L": "from the left", "A": "from across", "R": "from the right"}[seat] in words
            assert o["call"] not in p.page.text_content("#if-open")
        assert p.attrs("#open-dropped [data-yaku]", "data-yaku") == o["dropped"]
        if o["result"] is None and o["note"]:   # why not, in the page's words
            assert p.attrs("#if-open [data-note]", "data-note") == [o["note"]]
            assert p.attrs("#if-open [data-note]", "data-translated") == ["true"]


# ---------------------------------------------------------------------------------------
# the page itself
# ---------------------------------------------------------------------------------------
def test_page_files_ship_with_the_package(ippatsu_server):
    """The page's files are in the installed package (package data of the wheel) and are
    served from it; they load nothing from another host."""
    from importlib import resources
    import urllib.request

    static = resources.files("ippatsu.server").joinpath("static")
    for name in ("index.html", "app.js", "app.css", "i18n.js", "tiles.svg"):
        f = static.joinpath(name)
        assert f.is_file(), name
        text = f.read_text(encoding="utf-8")
        assert not re.search(r"(src|href)=\"(https?:)?//", text), name
        assert "@import" not in text and "url(http" not in text, name
        if name != "index.html":
            with urllib.request.urlopen(f"{ippatsu_server.url}/static/{name}") as r:
                assert r.read().decode("utf-8") == text
    with urllib.request.urlopen(ippatsu_server.url + "/") as r:
        html = r.read().decode("utf-8")
    assert ippatsu.__version__ in html and 'href="/docs"' in html


TILE_IDS = ([f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
            + ["back"])


def test_tiles_and_language_names_are_drawn_not_typed(page):
    """No font decides what a tile or a language button looks like: static/tiles.svg
    draws the 34 kinds, the three red fives and the back (and the native names of Korean
    and Japanese) with paths, no text; every tile on the page shows its own symbol (a
    closed kan's outer tiles their back) and the language buttons hold no text."""
    import xml.etree.ElementTree as ET
    from importlib import resources

    svg = resources.files("ippatsu.server").joinpath("static/tiles.svg").read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    symbols = {e.get("id"): e for e in root.iter(ns + "symbol")}
    assert set(symbols) == {f"t-{x}" for x in TILE_IDS} | {"lang-ko", "lang-ja"}
    assert not list(root.iter(ns + "text")) and not re.search(r"font-|@font|<text", svg)
    for sid, e in symbols.items():   # something is drawn in every symbol
        assert list(e.iter(ns + "path")) + list(e.iter(ns + "use")) + list(e.iter(ns + "rect")), sid
    page.open("lang=ja&h=" + quote("123m456p11z [ankan 9999s]"))
    r = page.page.request.get(page.base + "/static/tiles.svg")
    assert r.status == 200 and r.headers["content-type"] == "image/svg+xml"
    shown = page.page.eval_on_selector_all(
        ".tile", "es => es.map(e => [e.dataset.tile, e.classList.contains('back'),"
                 " [...e.childNodes].filter(n => !n.classList || !n.classList.contains('mark'))"
                 ".map(n => n.textContent).join(''),"   # the winning tile's mark aside
                 " e.querySelector('svg use').getAttribute('href')])")
    assert len(shown) >= 37 + 7
    for tile, back, text, href in shown:
        assert text == "" and href == "static/tiles.svg#t-" + ("back" if back else tile)
    assert sum(1 for x in shown if x[1]) == 2   # the closed kan
    for lang, name in (("ko", "한국어"), ("ja", "日本語")):
        b = f".lang[data-lang='{lang}']"
        assert page.page.text_content(b).strip() == ""
        assert page.page.get_attribute(b, "aria-label") == name
        assert page.page.get_attribute(b + " use", "href") == f"static/tiles.svg#lang-{lang}"


def test_building_stage_by_stage(page):
    """Tap by tap from 1 to 13 tiles: shanten per form and the yaku to aim for (hints) are
    analyze()'s at every size; a size analyze() refuses shows the API's error."""
    page.open()
    hand = "22m345p6s77s5m8p3z3z4s"
    tapped = []
    for x in _tiles(hand):
        req = page.tap(x)
        tapped.append(x)
        assert len(_tiles(req["hand"])) == len(tapped)
        assert page.page.text_content("#count").startswith(f"{len(tapped)}/14")
        try:
            a = _analyze(req)
        except IppatsuError as e:
            assert page.page.get_attribute("#api-error", "data-code") == e.code
            assert str(e) in page.page.text_content("#api-error")
            continue
        _check_analysis(page, a)
    shown, win = page.hand_shown()
    assert sorted(shown) == sorted(tapped) and win == tapped[-1] == shown[-1]


def test_thirteen_tiles_not_tenpai(page):
    """13 tiles, 2-shanten or worse: the forms and the tiles that help (ukeire)."""
    page.open()
    req = page.tap("159m2468p13579s1z")
    a = _analyze(req)
    assert a.shanten > 0
    _check_analysis(page, a)
    assert page.attrs(".uk", "data-tile") == [u.tile for u in a.ukeire]
    assert f"{a.ukeire_total} tiles" in page.page.text_content(".result")


def test_thirteen_tiles_tenpai_waits_with_scores(page):
    """13 tiles at tenpai: each wait with the copies left, its ron and tsumo score."""
    page.open("lang=en&seat=1")
    req = page.tap("234m406p678s2278p")
    a = _analyze(req)
    assert a.shanten == 0 and len(a.waits) >= 2
    _check_analysis(page, a)
    # a shanpon with one wait that has no yaku on a ron (the riichi score beside it)
    page.page.click("#clear")
    req = page.tap("123m456p789s1133z")   # 3z is no yaku for South seat, East round
    a = _analyze(req)
    assert any(not w.ron_has_yaku for w in a.waits)
    _check_analysis(page, a)


def test_complete_hand_yaku_fu_points_and_if_open(page):
    """14 tiles complete: yaku with han and whether each survives a call, dora, the fu
    breakdown, the points, the "if built open" comparison; ron and tsumo."""
    page.open()
    req = page.tap("234m406p678s22789p")
    assert req["hand"].endswith("9p")   # the last tile tapped is the winning tile
    a = _analyze(req)
    assert a.win is not None and a.win.if_open is not None
    _check_analysis(page, a)
    assert page.hand_shown()[1] == "9p"
    page.page.click("#tsumo")
    req = page.settle()
    assert req["tsumo"] is True
    _check_analysis(page, _analyze(req))
    # the han x fu table marks the cell of the hand
    r = _analyze(req).win.result
    if r.limit is None and r.han <= 4:
        assert page.attrs("#hanfu td.here", "data-han") == [str(r.han)]
        assert page.attrs("#hanfu td.here", "data-fu") == [str(r.fu)]


def test_rule_picker(page):
    """The rules picker lists the four-player presets (docs/rules.md §10); the page
    analyses under the one picked (renmei: no red fives, so the red 5p adds no han) and
    keeps it in the link."""
    page.open()
    opts = page.page.eval_on_selector_all("#rules option", "os => os.map(o => o.value)")
    assert opts == [n for n in ippatsu.rules.PRESETS if ippatsu.Rules.preset(n).players == 4]
    page.tap("234m406p678s22789p")
    page.page.select_option("#rules", "renmei")
    req = page.settle()
    assert req["rules"] == "renmei"
    a = _analyze(req)
    assert a.win.result.red == 0
    _check_analysis(page, a)
    assert "rules=renmei" in page.page.url


def test_flower_tiles_add_their_han(page):
    """Flower tiles (docs/rules.md §12): no preset has them, so the switch turns
    ``Rules.flowers`` on over the picked preset; the count set aside (0-4) goes to the API,
    each flower is one more han on a win with a yaku, shown on its own line beside the
    dora; switched off, neither the override nor the count is sent."""
    page.open()
    assert [p for p in ippatsu.rules.PRESETS if ippatsu.Rules.preset(p).flowers] == []
    assert page.page.is_hidden("#flowerrow")
    plain = _analyze(page.tap("234m406p678s22789p")).win.result
    page.page.check("#flower-rule")
    req = page.settle()
    assert req["rules"] == {"preset": "ippatsu", "overrides": {"flowers": True}}
    assert "flowers" not in req and page.page.is_visible("#flowerrow")
    assert "flowers=0" in page.page.url
    for n in (3, 1, 4):
        page.page.select_option("#flowers", str(n))
        req = page.settle()
        assert req["flowers"] == n
        a = _analyze(req)
        r = a.win.result
        assert (r.flowers, r.han, r.dora) == (n, plain.han + n, plain.dora + n)
        assert page.page.get_attribute("#win-score", "data-han") == str(r.han)
        assert f"{r.han} han" in page.page.text_content("#win-score")
        assert page.page.text_content("tr[data-bonus='flower_count'] td.num") == str(n)
        assert page.page.text_content("#flower-marks") == "✿" * n
        assert f"flowers={n}" in page.page.url
        _check_analysis(page, a)
    # under another preset the override rides on it
    page.page.select_option("#rules", "renmei")
    req = page.settle()
    assert req["rules"] == {"preset": "renmei", "overrides": {"flowers": True}}
    _check_analysis(page, _analyze(req))
    # a hand without a yaku gains nothing from flowers
    page.page.click("#clear")
    req = page.tap("123m456p789s11m999s")
    assert req["flowers"] == 4 and _analyze(req).win.result.error == "no_yaku"
    assert page.page.locator("tr[data-bonus='flower_count']").count() == 0
    page.page.uncheck("#flower-rule")
    req = page.settle()
    assert req["rules"] == "renmei" and "flowers" not in req
    assert page.page.is_hidden("#flowerrow") and "flowers=" not in page.page.url


def test_flower_tiles_url_round_trip(page, browser, ippatsu_server):
    """The flowers are in the link (``flowers=N``: the flower tiles on, N set aside): a
    link opened elsewhere shows the same count and score, in any language."""
    q = "h=" + quote("234m406p678s22789p") + "&tsumo=1&flowers=2&lang=ko"
    req = page.open(q)
    assert req["flowers"] == 2
    assert req["rules"] == {"preset": "ippatsu", "overrides": {"flowers": True}}
    assert page.page.is_checked("#flower-rule")
    assert page.page.input_value("#flowers") == "2"
    a = _analyze(req)
    r = a.win.result
    assert r.flowers == 2
    assert page.page.get_attribute("#win-score", "data-han") == str(r.han)
    assert page.page.get_attribute("#win-score", "data-points") == str(r.points)
    assert page.page.text_content("tr[data-bonus='flower_count'] td.num") == "2"
    label = page.page.text_content("tr[data-bonus='flower_count'] td")
    assert label == page.page.evaluate("window.IPPATSU_I18N.ko.flower_count")
    page.page.select_option("#flowers", "3")
    req = page.settle()
    url = page.page.url
    assert "flowers=3" in url and "lang=ko" in url
    other = Page(browser, ippatsu_server.url)
    try:
        other.page.goto(url)
        other.page.wait_for_selector("body[data-tables=ready]")
        assert other.settle() == req
        assert other.page.input_value("#flowers") == "3"
        assert other.page.text_content("#result") == page.page.text_content("#result")
    finally:
        other.close()
    for bad in ("5", "-1", "x"):   # a count the page cannot take: the flowers stay off
        req = page.open("h=" + quote("234m406p678s22789p") + f"&flowers={bad}&lang=en")
        assert "flowers" not in req and "rules" not in req
        assert not page.page.is_checked("#flower-rule")


def test_seven_pairs_cannot_be_built_open(page):
    """Seven pairs: the "if built open" comparison says why there is none, in the page's
    language."""
    page.open("lang=ja")
    req = page.type("1122m3344p5566s77z")
    a = _analyze(req)
    assert a.win.if_open.result is None and a.win.if_open.note
    page.page.click(".lang[data-lang='en']")
    _check_analysis(page, a)
    assert page.page.text_content("#if-open [data-note]") == a.win.if_open.note
    page.page.click(".lang[data-lang='ja']")
    assert page.page.text_content("#if-open [data-note]") == "七対子は鳴いて作れません"


def test_complete_hand_without_yaku(page):
    """A complete hand with no yaku says so (and shows the riichi score)."""
    page.open()
    req = page.tap("123m456p789s11222z")
    a = _analyze(req)
    assert a.win.result.error == "no_yaku"
    _check_analysis(page, a)
    assert "no yaku" in page.page.text_content("#win-score")
    assert _pts(a.win.with_riichi.points) in page.page.text_content("#win-riichi")


def test_open_hand_with_a_call(page):
    """+ Call: a pon and a chi make the hand open; the page scores the open hand."""
    page.open("lang=en&seat=2&round=1")
    page.call("pon", "5z")
    req = page.call("chi", "3s4s5s")
    assert page.attrs("#melds .meld", "data-meld") == ["pon 555z", "chi 345s"]
    req = page.tap("123m456p11z")
    assert req["melds"] == ["pon 555z", "chi 345s"]
    assert (req["seat_wind"], req["round_wind"]) == (2, 1)
    a = _analyze(req)
    assert not a.closed and a.win is not None and a.win.if_open is None
    _check_analysis(page, a)
    assert "White dragon" in page.page.text_content("tr[data-yaku='haku']")
    # removing a call: tap it
    page.page.click("#melds .meld[data-meld='chi 345s']")
    req = page.settle()
    assert req["melds"] == ["pon 555z"]
    _check_analysis(page, _analyze(req))


def test_open_kan_with_the_red_five(page):
    """An open kan of fives holds the red five (one more dora); it counts three of the 14
    tiles and opens the hand (open tanyao)."""
    page.open()
    page.call("daiminkan", "5p")
    assert page.attrs("#melds .meld", "data-meld") == ["daiminkan 0555p"]
    assert page.page.is_disabled("#palette .tile[data-tile='0p']")   # the red one is used
    req = page.tap("234m678s22m345s")
    assert req["melds"] == ["daiminkan 0555p"]
    a = _analyze(req)
    assert not a.closed and a.win.result.red == 1
    assert "tanyao" in [y.name for y in a.win.yaku]
    _check_analysis(page, a)


def test_fourteen_tiles_not_complete_best_discards(page):
    """14 tiles that are not complete: the best discards with what each leaves waiting."""
    page.open()
    req = page.tap("123m456p789s1z2z3z4z5z")
    a = _analyze(req)
    assert a.shanten > 0 and a.win is None
    _check_analysis(page, a)
    assert page.attrs("li[data-discard]", "data-discard") == [d.tile for d in a.discards[:8]]


def test_closed_kan_keeps_the_hand_concealed(page):
    """A closed kan counts three tiles of 14 and keeps the hand concealed (menzen tsumo,
    the "if built open" comparison)."""
    page.open("lang=en&tsumo=1")
    req = page.call("ankan", "1z")
    assert req is None   # no concealed tile yet: nothing to ask
    assert page.attrs("#melds .meld", "data-meld") == ["ankan 1111z"]
    assert page.page.text_content("#count").startswith("3/14")
    req = page.tap("234m567p78s55m6s")
    assert req["melds"] == ["ankan 1111z"]
    a = _analyze(req)
    assert a.closed and a.win is not None
    assert "menzen_tsumo" in [y.name for y in a.win.yaku]
    _check_analysis(page, a)


def test_dora_indicators(page):
    """+ Dora: indicators (at most five) count in the score."""
    page.open()
    page.tap("234m406p678s22789p")
    req = page.dora("1m8p")
    assert req["dora_indicators"] == "1m8p"
    assert page.attrs("#dora .tile", "data-tile") == ["1m", "8p"]
    a = _analyze(req)
    assert a.win.result.dora == 2
    _check_analysis(page, a)
    page.page.click("#add-dora")
    for x in ("1p", "2p", "3p"):
        page.page.click(f"#palette .tile[data-tile='{x}']")
    assert page.page.is_disabled("#palette .tile[data-tile='4p']")   # five indicators
    page.page.click("#add-dora")
    req = page.settle()
    assert len(_tiles(req["dora_indicators"])) == 5
    _check_analysis(page, _analyze(req))
    page.page.click("#dora .tile[data-tile='8p']")   # tap an indicator: removed
    req = page.settle()
    assert req["dora_indicators"] == "1m123p"


def test_typed_notation_in_sync(page):
    """Typing notation sets the tiles (the last written is the winning tile); tapping
    rewrites the notation; a text the page cannot read shows the API's error."""
    page.open()
    req = page.type("123m456p789s11z22z")
    assert req["hand"] == "123m456p789s1122z"   # sorted, the winning tile still last
    shown, win = page.hand_shown()
    assert win == "2z" and sorted(shown) == sorted(_tiles("123m456p789s11z22z"))
    _check_analysis(page, _analyze(req))
    req = page.tap("1z")
    assert page.page.input_value("#notation") == req["hand"]
    assert page.hand_shown()[1] == "1z"
    _check_analysis(page, _analyze(req))
    req = page.type("123m456p [pon 777z] 5s5s")
    assert req["melds"] == ["pon 777z"]
    assert page.attrs("#melds .meld", "data-meld") == ["pon 777z"]
    req = page.type("123x")
    try:
        ippatsu.analyze("123x")
        raise AssertionError("the library read 123x")
    except IppatsuError as e:
        assert page.page.get_attribute("#api-error", "data-code") == e.code
        assert str(e) in page.page.text_content("#api-error")
        code = e.code
    assert page.page.get_attribute("#notation", "aria-invalid") == "true"
    # the page's message for the code, in the page's language, the API's words under it
    messages = page.page.evaluate("window.IPPATSU_ERRORS")
    for lang in ("ja", "ko", "en"):
        page.page.click(f".lang[data-lang='{lang}']")
        page.type("123x ")
        assert page.page.get_attribute("#api-error", "data-translated") == "true"
        assert page.page.text_content("#api-error .errmsg").startswith(messages[code][lang])


def test_url_round_trip(page, browser, ippatsu_server):
    """The whole state is in the URL: a link opened elsewhere shows the same hand."""
    page.open("lang=ja")
    page.page.select_option("#seat", "3")
    page.page.select_option("#round", "1")
    page.call("pon", "6z")
    page.tap("789m345p99s22s")
    page.dora("5z")
    page.page.click("#tsumo")
    req = page.settle()
    url = page.page.url
    assert "lang=ja" in url and "seat=3" in url and "round=1" in url and "tsumo=1" in url
    other = Page(browser, ippatsu_server.url)
    try:
        other.page.goto(url)
        other.page.wait_for_selector("body[data-tables=ready]")
        assert other.settle() == req
        assert other.page.input_value("#notation") == page.page.input_value("#notation")
        assert other.hand_shown() == page.hand_shown()
        assert other.attrs("#melds .meld", "data-meld") == ["pon 666z"]
        assert other.attrs("#dora .tile", "data-tile") == ["5z"]
        assert other.page.get_attribute("html", "lang") == "ja"
        assert other.page.text_content("#result") == page.page.text_content("#result")
    finally:
        other.close()
    # a link written by hand
    q = "h=" + quote("234m406p678s22p [ankan 9999s]") + "&d=3z&seat=1"
    req = page.open(q + "&lang=en")
    assert req == {"hand": "234m2406p678s2p", "seat_wind": 1, "round_wind": 0, "tsumo": False,
                   "melds": ["ankan 9999s"], "dora_indicators": "3z"}
    _check_analysis(page, _analyze(req))


def test_language_switch(page):
    """ko / ja / en: the yaku names are the yaku table's; the page's own words change."""
    page.open("lang=en")
    req = page.tap("111z234m567p789s55m")   # East seat and East round
    a = _analyze(req)
    names = [y.name for y in a.win.yaku]
    assert names
    titles = {}
    for lang in ("ko", "ja", "en"):
        page.page.click(f".lang[data-lang='{lang}']")
        assert page.page.get_attribute("html", "lang") == lang
        assert f"lang={lang}" in page.page.url
        want = [getattr(BY_NAME[n], lang) for n in names]
        assert page.texts("tr[data-yaku] td.yname") == want
        titles[lang] = page.page.text_content("h1")
    assert len(set(titles.values())) == 3
    # the hints of a hand being built are named from the table too
    page.page.click(".lang[data-lang='ko']")
    page.page.click("#clear")
    req = page.tap("234m55p")
    hints = _analyze(req).to_dict()["hints"]
    assert page.texts("#hints li .yname") == [BY_NAME[h["name"]].ko for h in hints]
    assert all(y.ko for y in YAKU)
    # and their notes, in the page's words (the API writes them in English)
    for lang, script in (("ko", r"[\uac00-\ud7a3]"), ("ja", r"[\u3040-\u30ff\u4e00-\u9fff]")):
        page.page.click(f".lang[data-lang='{lang}']")
        assert page.attrs("#hints [data-note]", "data-note") == [h["note"] for h in hints]
        assert set(page.attrs("#result [data-note]", "data-translated")) == {"true"}
        for text in page.texts("#hints [data-note]"):
            assert re.search(script, text) and not re.search(r"[a-z]{4,}", text), text


@pytest.mark.parametrize("seat", [0, 1])
def test_han_fu_and_limit_tables(page, seat):
    """The han x fu table (ron above, tsumo below, "–" where impossible, the limit word in
    limit cells) and the limit table, for the dealer and a non-dealer, against
    ippatsu.score_table()."""
    page.open(f"lang=en&seat={seat}")
    dealer = seat == 0
    table = ippatsu.score_table(None, 4)
    names = {"mangan": "Mangan", "haneman": "Haneman"}
    for (han, fu), c in table.items():
        cell = f"#hanfu td[data-han='{han}'][data-fu='{fu}']"
        ron = c["dealer_ron"] if dealer else c["non_dealer_ron"]
        ts = c["dealer_tsumo"] if dealer else c["non_dealer_tsumo"]
        assert page.page.text_content(cell + " .r") == ("–" if ron is None else _pts(ron))
        want = "–" if ts is None else (f"{_pts(ts)} all" if dealer
                                       else f"{_pts(ts[0])} / {_pts(ts[1])}")
        assert page.page.text_content(cell + " .t") == want
        if c["limit"]:
            assert page.page.text_content(cell + " .lim") == names[c["limit"]]
        else:
            assert page.page.locator(cell + " .lim").count() == 0
    assert page.page.locator("#hanfu td[data-han]").count() == len(table)
    rows = page.attrs("#limits tr[data-limit]", "data-limit")
    assert rows[:5] == ["mangan", "haneman", "baiman", "sanbaiman", "kazoe yakuman"]
    from ippatsu.scoring import hand_cost
    for limit, base in (("mangan", 2000), ("haneman", 3000), ("baiman", 4000)):
        ron = hand_cost(base, dealer, False)[0]
        assert _pts(ron) in page.page.text_content(f"#limits tr[data-limit='{limit}']")


def test_keyboard(page):
    """Every tile and control is a real button: focus shows, Enter and Space press it."""
    page.open()
    tags = page.page.eval_on_selector_all(
        "#palette .tile, .actions button, .lang, .calltype, #ron, #tsumo",
        "es => [...new Set(es.map(e => e.tagName))]")
    assert tags == ["BUTTON"]
    page.page.focus("#palette .tile[data-tile='1m']")
    page.page.keyboard.press("Enter")
    page.page.keyboard.press("Space")
    page.page.keyboard.press("Tab")          # to 2m
    page.page.keyboard.press("Enter")
    req = page.settle()
    assert req["hand"] == "112m"
    focused = page.page.evaluate("document.activeElement.dataset.tile")
    assert focused == "2m"
    outline = page.page.evaluate(
        "getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")
    # a hand tile removes itself on Enter; Escape leaves the call mode
    page.page.focus("#hand .tile[data-tile='2m']")
    page.page.keyboard.press("Enter")
    assert page.settle()["hand"] == "11m"
    page.page.focus("#add-call")
    page.page.keyboard.press("Enter")
    assert page.page.is_visible("#callbar")
    page.page.keyboard.press("Escape")
    assert not page.page.is_visible("#callbar")


def test_phone_width(phone):
    """At 390 px the page does not scroll sideways and the whole palette is on screen."""
    phone.open("lang=ko")
    req = phone.tap("234m406p678s22789p")
    _check_win_numbers(phone, _analyze(req))
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    boxes = phone.page.eval_on_selector_all(
        "#palette .tile", "es => es.map(e => { const r = e.getBoundingClientRect();"
                          " return [r.left, r.right]; })")
    assert len(boxes) == 37
    assert all(0 <= left and right <= PHONE["width"] for left, right in boxes)


def _check_win_numbers(p: Page, a):
    r = a.win.result
    assert p.page.get_attribute("#win-score", "data-points") == str(r.points)
    assert p.attrs("tr[data-yaku]", "data-yaku") == [y.name for y in a.win.yaku]


def _fonts_for(lang: str) -> bool:
    """Whether the machine has a font for the language (fontconfig's fc-list)."""
    import subprocess

    if shutil.which("fc-list") is None:
        return False
    out = subprocess.run(["fc-list", f":lang={lang}", "family"], capture_output=True,
                         text=True).stdout
    return bool(out.strip())


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_screenshots(browser, ippatsu_server, artifacts, lang):
    """Screenshots of a complete hand (desktop and phone) for people to look at: in
    Korean and Japanese only with fonts for them (the fonts-noto-cjk package; .ci/run
    installs it), else the text shows as empty boxes and the test skips."""
    if lang != "en" and not _fonts_for(lang):
        pytest.skip(f"no {lang} font (apt-get install fonts-noto-cjk): the screenshots "
                    "would show empty boxes")
    for name, viewport in (("desktop", WIDE), ("phone", PHONE)):
        p = Page(browser, ippatsu_server.url, viewport=viewport)
        try:
            req = p.open("h=" + quote("234m406p678s2278p9p") + f"&d=1m&lang={lang}")
            _check_win_numbers(p, _analyze(req))
            path = artifacts / f"hand-builder-{lang}-{name}.png"
            p.page.screenshot(path=str(path), full_page=True)
            assert path.stat().st_size > 10_000
        finally:
            p.close()


# ---------------------------------------------------------------------------------------
# every string in the page's language
# ---------------------------------------------------------------------------------------
LANGS = ("ko", "ja", "en")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_HANGUL = re.compile(r"[\uac00-\ud7a3]")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _tables(page):
    page.open()
    return page.page.evaluate(
        "() => ({i18n: window.IPPATSU_I18N, errors: window.IPPATSU_ERRORS,"
        " notes: window.IPPATSU_NOTES,"
        " patterns: window.IPPATSU_NOTE_PATTERNS.map(([k, re, kinds]) => [k, re.source, kinds])})")


def _same_shape(where: str, en, other, lang: str):
    """``other`` has the keys (the items) of ``en``, every string filled in, with the same
    placeholders ({n}, {h}, ...)."""
    assert type(other) is type(en), (where, lang)
    if isinstance(en, dict):
        assert set(other) == set(en), (where, lang, set(en) ^ set(other))
        for k in en:
            _same_shape(f"{where}.{k}", en[k], other[k], lang)
    elif isinstance(en, list):
        assert len(other) == len(en), (where, lang)
        for i, (a, b) in enumerate(zip(en, other)):
            _same_shape(f"{where}[{i}]", a, b, lang)
    else:
        assert isinstance(other, str) and other.strip(), (where, lang)
        assert set(_PLACEHOLDER.findall(other)) == set(_PLACEHOLDER.findall(en)), (where, lang)


def test_string_tables_have_every_language(page):
    """Every key of the page's string tables has its ko, ja and en text, with the same
    placeholders; the error and note messages are written in their language (Korean in
    Hangul, Japanese in kana or kanji), not left in English."""
    t = _tables(page)
    assert set(t["i18n"]) == set(LANGS)
    for lang in ("ko", "ja"):
        _same_shape("IPPATSU_I18N", t["i18n"]["en"], t["i18n"][lang], lang)
    for name in ("errors", "notes"):
        for key, m in t[name].items():
            assert set(m) == set(LANGS), (name, key)
            en = dict(m)
            for lang in LANGS:
                assert m[lang].strip(), (name, key, lang)
                # {s:N} makes an English plural; the other languages have none
                want = set(_PLACEHOLDER.findall(en["en"]))
                assert set(_PLACEHOLDER.findall(m[lang])) == want, (name, key, lang)
            assert _HANGUL.search(m["ko"]), (name, key, m["ko"])
            assert _JAPANESE.search(m["ja"]) and not _HANGUL.search(m["ja"]), (name, key, m["ja"])
    # each note pattern has its messages, each message its pattern
    assert sorted(k for k, _, _ in t["patterns"]) == sorted(t["notes"])


def _server_codes() -> set:
    """The error codes the server can answer: the library's codes raised in the modules a
    server process loads (found by tests/test_errors.py's scanner, in this backend), the
    server's own (its source), and the page's own (network, bad_response)."""
    import subprocess
    import sys
    from importlib import import_module, resources

    from test_errors import _error_classes, _helpers, scan_source

    out = subprocess.run(
        [sys.executable, "-c", "import json, sys, ippatsu.server; print(json.dumps(sorted("
         "m for m in sys.modules if m == 'ippatsu' or m.startswith('ippatsu.'))))"],
        capture_output=True, text=True, check=True).stdout
    files = []
    for name in json.loads(out):
        if name.startswith("ippatsu.server"):
            continue
        f = Path(import_module(name).__file__)
        stem = f.name.split(".")[0]   # a compiled module: its source beside it
        for source in (f.parent / f"{stem}.py", f.parent / f"{stem}.pyx"):
            if source.is_file() and source.name != "errors.py":
                files.append(source)
    assert any(f.name == "analysis.py" for f in files) and any(f.name == "hand.py" for f in files)
    classes, helpers = _error_classes(), _helpers(files)
    codes = {c for f in files for c, _ in scan_source(f.read_text(encoding="utf-8"), classes, helpers)}
    app = resources.files("ippatsu.server").joinpath("_app.py").read_text(encoding="utf-8")
    own = set(re.findall(r"(?:APIError|_error)\(\s*\d+,\s*\"(\w+)\"", app))
    own |= set(re.findall(r"\d{3}: \"(\w+)\"", app))   # _STATUS_CODES
    page_js = resources.files("ippatsu.server").joinpath("static/app.js").read_text(encoding="utf-8")
    mine = set(re.findall(r"code: \"(\w+)\"", page_js)) - {"?"}
    assert {"bad_request", "not_found", "body_too_large", "unexpected_input"} <= own
    assert mine == {"network", "bad_response"}
    return codes | own | mine


def test_every_error_code_the_server_can_answer_has_a_page_message(page):
    """An error the API answers is shown by its code with the page's message in ko / ja /
    en: every code the server can answer has one, and the page has no message for a code
    nobody answers."""
    from ippatsu.errors import CODES

    t = _tables(page)
    codes = _server_codes()
    assert {"fifth_copy", "bad_notation", "chi_wraps", "no_yaku", "bad_wind"} <= codes
    missing = sorted(codes - set(t["errors"]))
    assert not missing, f"add these codes to IPPATSU_ERRORS (static/i18n.js): {missing}"
    known = set(CODES) | codes
    stale = sorted(set(t["errors"]) - known)
    assert not stale, stale
    for lang in LANGS:
        got = page.page.evaluate(
            "([lang, codes]) => codes.map(c => window.IPPATSU_PAGE.words(lang, 'error', c))",
            [lang, sorted(codes)])
        assert all(g["ok"] for g in got), lang
        assert [g["text"] for g in got] == [t["errors"][c][lang] for c in sorted(codes)]


def _api_texts():
    """Notes, calls, reading blocks and fu items that analyze() writes, from hands built
    to reach every note of the page's patterns and from random hands."""
    import random

    crafted = [
        ("19m19p19s1234z", {}), ("19m19p19s1234567z1m", {}), ("1122m3344p5566s77z", {}),
        ("19m19p19s12345z55m", {}), ("1122m3344p5566s7z", {}),
        ("22m55p88s3z", {"melds": ["pon 777z"]}), ("123m456p789s1z", {"melds": ["pon 111z"]}),
        ("11z234m", {"seat_wind": 0, "round_wind": 0}),
        ("111z23m", {"seat_wind": 0, "round_wind": 0}), ("22z678m99s", {"seat_wind": 1}),
        ("55z66z77z12m", {}), ("55z66z7z123p", {}), ("123456789m1p", {}),
        ("123m123p12s55z", {}), ("123m789p11z99s4p", {}), ("123m789p99s456p", {}),
        ("112233m456p", {}), ("1234567m11p", {}), ("1234567m1z2z", {}), ("1234567m1z2z3p", {}),
        ("2234567m11z", {}), ("22m55p", {"melds": ["pon 777z"]}), ("234m406p678s22789p", {}),
        ("123p456p789p12s11z3s", {"rules": "ippatsu_sanma"}),
        ("123m456p11z", {"melds": ["pon 555z", "chi 345s"]}), ("22334455m66p", {}),
        ("2345m", {}), ("1m", {}), ("13579m2468p", {}), ("159m2468p13579s1z", {}),
        ("234m678s22m345s", {"melds": ["ankan 5555p"], "tsumo": True}),
        ("234m567p78s55m6s", {"melds": ["ankan 1111z"], "tsumo": True}),
        ("123m456p789s11222z", {}), ("222m333p444s666s55m", {}),
    ]
    rng = random.Random(20)
    wall = list(range(136))
    hands = list(crafted)
    for _ in range(80):
        rng.shuffle(wall)
        size = rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 14, 13])
        hands.append((ippatsu.tiles.format_tiles(sorted(wall[:size])),
                      {"seat_wind": rng.randrange(4), "round_wind": rng.randrange(2)}))
    notes, calls, blocks, fu = set(), set(), set(), set()
    for hand, kw in hands:
        try:
            a = ippatsu.analyze(hand, **kw)
        except IppatsuError:
            continue
        d = a.to_dict()
        notes.update(h["note"] for h in d["hints"])
        notes.update(d["notes"])
        results = [w[how] for w in d["waits"] for how in ("ron", "tsumo", "with_riichi")]
        if d["win"]:
            results.append(d["win"]["result"])
            o = d["win"]["if_open"]
            if o:
                notes.add(o["note"]) if o["note"] else None
                calls.add(o["call"]) if o["call"] else None
                results.append(o["result"])
        for r in results:
            if r and not r.get("error"):
                blocks.update(r["decomposition"])
                fu.update(label for label, _ in r["fu_breakdown"])
    return sorted(notes), sorted(calls), sorted(blocks), sorted(fu)


def test_the_apis_notes_calls_and_readings_in_every_language(page):
    """The texts analyze() writes in English are read back by the page and written in
    its language: every hint note, analysis note and "cannot be built open" note matches
    one of the page's patterns (and the English page gives the note back word for word),
    every open call and every block of the reading scored is put in words with its tiles,
    every fu item has its words. The hands reach every pattern (the one that cannot
    happen with four players, no set to call beside the winning tile's, aside)."""
    page.open()
    notes, calls, blocks, fu = _api_texts()
    seen = set()
    for lang in LANGS:
        got = page.page.evaluate(
            "([lang, notes]) => notes.map(n => window.IPPATSU_PAGE.words(lang, 'note', n))",
            [lang, notes])
        bad = [n for n, g in zip(notes, got) if not g["ok"]]
        assert not bad, f"notes the page cannot read ({lang}): {bad}"
        for n, g in zip(notes, got):
            seen.update(g["keys"])
            if lang == "en":
                assert g["text"] == n
            else:
                assert not re.search(r"[a-z]{4,}", g["text"]), (lang, n, g["text"])
        for kind, items in (("call", calls), ("block", blocks), ("fu", fu)):
            got = page.page.evaluate(
                "([lang, kind, xs]) => xs.map(x => window.IPPATSU_PAGE.words(lang, kind, x))",
                [lang, kind, items])
            bad = [x for x, g in zip(items, got) if not g["ok"]]
            assert not bad, f"{kind}s the page cannot put in words ({lang}): {bad}"
            if lang != "en":
                for x, g in zip(items, got):
                    assert not re.search(r"[a-z]{3,}", g["text"]), (lang, kind, x, g["text"])
    patterns = {k for k, _, _ in _tables(page)["patterns"]}
    assert patterns - seen == {"no_set_to_call"}, sorted(patterns - seen)
    assert any(c.startswith("chi ") for c in calls) and any(c.startswith("pon ") for c in calls)
    assert any(b.startswith("pon ") for b in blocks), blocks
    assert any(b.startswith("closed kan ") for b in blocks), blocks
    assert any(x.startswith("wait ") for x in fu), fu
