"""Hypothesis fuzzing of every public entry point with hostile inputs.

Each test feeds values that are valid, nearly valid, or hostile (wrong types, NaN, huge
ints, bools, negative numbers, out-of-range ids, fifth copies, malformed text and records)
and checks the contract: a result, or an :class:`~ippatsu.errors.IppatsuError` (a
``ValueError``) with a code and a message, never another exception type.

The ordinary suite runs a modest number of examples (profile ``default`` in
``tests/conftest.py``); the soak runs many more::

    python -m pytest tests/test_hostile_fuzz.py --hypothesis-profile=fuzz
"""
from __future__ import annotations

import gzip
import json
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ippatsu
from ippatsu import scoring_batch as sb
from ippatsu.errors import IppatsuError
from ippatsu.hand import Hand, Meld
from ippatsu.io import decode_meld, load_mjlog, load_tenhou6, tenhou6_tile
from ippatsu.tiles import parse_counts, parse_tile, parse_tiles

SETTINGS = settings(suppress_health_check=list(HealthCheck), deadline=None)

# ------------------------------------------------------------------------ strategies
hostile_scalar = st.one_of(
    st.integers(-3, 6), st.integers(-2 ** 70, 2 ** 70), st.booleans(), st.none(),
    st.floats(allow_nan=True, allow_infinity=True), st.just(float("nan")),
    st.text(max_size=4), st.binary(max_size=4),
    st.integers(-2, 300).map(np.int64), st.integers(0, 255).map(np.uint8),
    st.floats(-2, 6).map(np.float64), st.booleans().map(np.bool_),
)
count = st.one_of(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4), hostile_scalar)
counts34 = st.lists(count, min_size=34, max_size=34)
counts_any = st.one_of(counts34, st.lists(count, min_size=0, max_size=40),
                       counts34.map(tuple))

TILE_CHARS = "0123456789mpsz "
notation = st.text(alphabet=TILE_CHARS, max_size=24)
VALID_TEXT = ["123m456p789s1122z", "123m406p789s1z [pon 2z+22z<A]", "pon 7z+77z<A",
              "chi 3m+45m<L", "ankan 1111m", "kakan 1z+11z+1z<R", "11m [ankan 5555z]"]
hostile_text = st.one_of(st.sampled_from(VALID_TEXT), st.sampled_from(VALID_TEXT).map(
                             lambda t: t.replace("1", "9")), notation, st.text(max_size=24),
                         st.text(alphabet=TILE_CHARS + "+<>[]RALchipondakn", max_size=30))


def valid_hand(size_choices=(13, 14)):
    @st.composite
    def build(draw):
        size = draw(st.sampled_from(size_choices))
        c = [0] * 34
        while sum(c) < size:
            k = draw(st.integers(0, 33))
            if c[k] < 4:
                c[k] += 1
        return c
    return build()


hand_arg = st.one_of(valid_hand((1, 2, 4, 5, 7, 8, 10, 11, 13, 14)), counts_any, notation,
                     counts34.map(lambda c: np.array(c, dtype=object)), hostile_scalar,
                     valid_hand().map(lambda c: np.array(c, np.int64)),
                     valid_hand().map(lambda c: np.array(c, np.float64)))
tile_id = st.one_of(st.integers(0, 135), st.integers(0, 135), hostile_scalar)
ids_list = st.one_of(st.lists(tile_id, max_size=6), notation, hostile_scalar)
meld_arg = st.one_of(hostile_text, st.tuples(st.sampled_from(["chi", "pon", "ankan", "kakan",
                                                              "daiminkan", "x", 7]),
                                             st.one_of(notation, st.lists(tile_id, max_size=5))),
                     hostile_scalar)
flag = st.one_of(st.booleans(), st.booleans(), hostile_scalar)


_STATS: dict = {}
if os.environ.get("IPPATSU_FUZZ_STATS"):  # per entry point: results / IppatsuErrors seen
    import atexit

    atexit.register(lambda: open(os.environ["IPPATSU_FUZZ_STATS"], "w").write(
        json.dumps({k: v for k, v in sorted(_STATS.items())}, indent=1)))


def ok_or_ippatsu(fn, *a, **kw):
    name = getattr(fn, "__qualname__", str(fn))
    st_ = _STATS.setdefault(name, {"ok": 0, "ippatsu_error": 0, "other": 0})
    try:
        r = fn(*a, **kw)
        st_["ok"] += 1
        return r
    except IppatsuError as e:
        assert isinstance(e, ValueError) and e.code and str(e)
        st_["ippatsu_error"] += 1
        return None
    except BaseException:
        st_["other"] += 1
        raise


# ------------------------------------------------------------------------- hand core
@SETTINGS
@given(hand=hand_arg, form=st.one_of(st.none(), st.sampled_from(
    ["min", "standard", "chiitoitsu", "kokushi", "x"]), hostile_scalar))
def test_fuzz_shanten_family(hand, form):
    ok_or_ippatsu(ippatsu.shanten, hand, form=form)
    ok_or_ippatsu(ippatsu.shanten_forms, hand)
    ok_or_ippatsu(ippatsu.is_agari, hand)
    ok_or_ippatsu(ippatsu.is_tenpai, hand)
    ok_or_ippatsu(ippatsu.waits, hand)
    ok_or_ippatsu(ippatsu.decompositions, hand)


@SETTINGS
@given(hand=hand_arg, visible=st.one_of(st.none(), counts_any, hostile_scalar),
       allowed=st.one_of(st.none(), st.lists(hostile_scalar, max_size=3), hostile_scalar))
def test_fuzz_ukeire_efficiency(hand, visible, allowed):
    ok_or_ippatsu(ippatsu.ukeire, hand, visible=visible)
    ok_or_ippatsu(ippatsu.efficiency_discard, hand, visible=visible, allowed=allowed)


batch_dtype = st.sampled_from([np.uint8, np.int8, np.int64, np.uint64, np.float64, bool,
                               np.int16, object])


@SETTINGS
@given(rows=st.lists(counts34.filter(lambda r: all(type(x) is int for x in r))
                     | valid_hand((13, 14)), min_size=0, max_size=4),
       dtype=batch_dtype, threads=st.one_of(st.none(), st.integers(-2, 4), hostile_scalar),
       visible=st.one_of(st.none(), st.integers(0, 255), st.integers(-300, 300)),
       form=st.sampled_from([None, "min", "standard", "kokushi", "x"]))
def test_fuzz_batches(rows, dtype, threads, visible, form):
    try:
        a = np.array(rows, dtype=dtype).reshape(len(rows), 34) if rows else \
            np.zeros((0, 34), dtype)
    except (OverflowError, ValueError, TypeError):
        return
    ok_or_ippatsu(ippatsu.shanten_batch, a, form=form, threads=threads)
    ok_or_ippatsu(ippatsu.shanten_forms_batch, a, threads=threads)
    ok_or_ippatsu(ippatsu.is_agari_batch, a, threads=threads)
    ok_or_ippatsu(ippatsu.waits_batch, a, threads=threads)
    vis = None
    if visible is not None:
        vis = np.full(a.shape, visible, dtype=np.int64)
    ok_or_ippatsu(ippatsu.ukeire_batch, a, vis, threads=threads)


# --------------------------------------------------------------------------- scoring
WINNING = ["123m456p789s555z11z", "123m456p234s55m", "234456m66p123s", "11223344556677z",
           "119m19p19s1234567z", "22334455667788p"]


GAMES = [("123m456p789s555z11z", "1z", ()), ("123m456p234s55m", "4s", ("ankan 1111z",)),
         ("234456m66p123s", "1s", ("ankan 4444s",)), ("11223344556677z", "7z", ()),
         ("119m19p19s1234567z", "1m", ()), ("123m456p789s11z", "1z", ("pon 777z",)),
         ("22334455667788p", None, ())]
VALID_SCORE = dict(
    seat=st.integers(0, 3), rnd=st.integers(0, 3),
    dora=st.sampled_from(["", "1m", "4z", [0], [100, 101]]), ura=st.sampled_from(["", "2p"]),
    honba=st.integers(0, 3), rules=st.sampled_from([ippatsu.Rules.ippatsu(), "tenhou"]))
HOSTILE_SCORE = dict(
    hand=st.one_of(ids_list, hostile_text), win=tile_id,
    melds=st.one_of(st.lists(meld_arg, max_size=2), hostile_scalar),
    seat=hostile_scalar, rnd=hostile_scalar, dora=ids_list, ura=ids_list,
    honba=hostile_scalar, rules=st.one_of(st.sampled_from(["x"]), hostile_scalar))


@SETTINGS
@given(data=st.data(), flags=st.fixed_dictionaries({k: flag for k in (
           "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
           "chankan", "tenhou", "chiihou")}))
def test_fuzz_score(data, flags):
    # mostly valid calls with zero to two hostile arguments, so deep paths are reached
    bad = set(data.draw(st.lists(st.sampled_from(sorted(HOSTILE_SCORE)), max_size=2))
              if data.draw(st.booleans()) else ())
    a = dict(zip(("hand", "win", "melds"), data.draw(st.sampled_from(GAMES))))
    a.update({k: data.draw(VALID_SCORE[k]) for k in VALID_SCORE})
    a.update({k: data.draw(HOSTILE_SCORE[k]) for k in bad})
    if data.draw(st.integers(0, 3)):
        flags = {"tsumo": flags["tsumo"], "riichi": flags["riichi"]} if data.draw(
            st.booleans()) else {}
    r = ok_or_ippatsu(ippatsu.score, a["hand"], a["win"], melds=a["melds"],
                      seat_wind=a["seat"], round_wind=a["rnd"], dora_indicators=a["dora"],
                      ura_indicators=a["ura"], honba=a["honba"], rules=a["rules"],
                      raise_on_no_yaku=False, **flags)
    if r is not None:
        assert r.points >= 0 and r.han >= 0


BATCH_ROWS = [("123m456p789s555z11z", 27, ()), ("123m456p234s55m", 21, ((3, 27),)),
              ("234456m66p123s", 18, ((3, 21),)), ("11223344556677z", 33, ()),
              ("123m456p789s11z", 27, ((1, 33),))]


@SETTINGS
@given(n=st.integers(0, 3), data=st.data(),
       dtype=st.sampled_from([np.int64, np.uint8, np.float64, np.int8, object]))
def test_fuzz_score_batch(n, data, dtype):
    rows = [data.draw(st.sampled_from(BATCH_ROWS)) for _ in range(n)]
    c = np.array([parse_counts(h) for h, _, _ in rows], dtype=np.int64).reshape(n, 34)
    m = np.full((n, 4, 2), -1, np.int64)
    for i, (_, _, ms) in enumerate(rows):
        for j, x in enumerate(ms):
            m[i, j] = x
    kw = dict(melds=m, flags=None, dora_indicators=np.full((n, 2), -1, np.int64),
              ura_indicators=None, seat_wind=data.draw(st.integers(0, 3)), red=0,
              riichi=data.draw(st.booleans()), tsumo=data.draw(st.booleans()), threads=1)
    w = np.array([x for _, x, _ in rows], np.int64)
    val = st.one_of(st.integers(-2, 40), st.integers(-2 ** 40, 2 ** 40), st.just(255),
                    st.floats(allow_nan=True))
    bad = data.draw(st.lists(st.sampled_from(["counts", "win", "melds", "flags", "dora",
                                              "seat", "red", "threads", "rules"]),
                             max_size=2)) if data.draw(st.booleans()) else []
    rules = "tenhou"
    for b in bad:
        if b == "counts":
            c = c.astype(dtype)
        elif b == "win":
            w = data.draw(st.lists(val, min_size=n, max_size=n))
        elif b == "melds":
            kw["melds"] = data.draw(st.lists(st.lists(st.lists(val, min_size=2, max_size=2),
                                                      min_size=4, max_size=4),
                                             min_size=n, max_size=n))
        elif b == "flags":
            kw["flags"] = data.draw(st.lists(val, min_size=n, max_size=n))
        elif b == "dora":
            kw["dora_indicators"] = data.draw(st.lists(st.lists(val, min_size=2, max_size=2),
                                                       min_size=n, max_size=n))
        elif b == "seat":
            kw["seat_wind"] = data.draw(hostile_scalar)
        elif b == "red":
            kw["red"] = data.draw(st.one_of(st.integers(-1, 4), hostile_scalar))
        elif b == "threads":
            kw["threads"] = data.draw(hostile_scalar)
        else:
            rules = data.draw(hostile_scalar)
    try:
        w = np.array(w)
        if kw["melds"] is not m:
            kw["melds"] = np.array(kw["melds"])
    except (OverflowError, ValueError, TypeError):
        return
    r = ok_or_ippatsu(sb.score_batch, c, w, rules=rules, **kw)
    if r is not None:
        assert (r.points >= 0).all()


# ------------------------------------------------------------------ text and records
@SETTINGS
@given(text=hostile_text)
def test_fuzz_notation_and_melds(text):
    ok_or_ippatsu(parse_tiles, text)
    ok_or_ippatsu(parse_counts, text)
    ok_or_ippatsu(parse_tile, text)
    ok_or_ippatsu(Hand.parse, text)
    ok_or_ippatsu(Meld.parse, text)
    ok_or_ippatsu(Hand.parse, "123m [" + text + "]")


@SETTINGS
@given(code=st.one_of(st.integers(-5, 70000), hostile_scalar))
def test_fuzz_codes(code):
    ok_or_ippatsu(decode_meld, code)
    ok_or_ippatsu(tenhou6_tile, code)


TAGS = ["INIT", "T5", "D5", "N", "REACH", "DORA", "AGARI", "RYUUKYOKU", "GO", "UN", "BYE",
        "TAIKYOKU", "SHUFFLE", "T200", "U1", "X"]
ATTRS = ["seed", "ten", "oya", "hai0", "hai1", "hai2", "hai3", "who", "m", "step", "hai",
         "type", "ba", "sc", "owari", "machi", "yaku", "n0", "dan", "rate", "sx"]
attr_val = st.one_of(st.text(alphabet="0123456789,-", max_size=20), st.text(max_size=6),
                     st.just("0,0,0,0,0,52"), st.just("250,250,250,250"))


@st.composite
def mjlog_doc(draw):
    parts = ['<mjloggm ver="2.3">']
    if draw(st.booleans()):
        parts.append('<INIT seed="0,0,0,0,0,52" ten="250,250,250,250" oya="0" hai0="0,1,2" '
                     'hai1="" hai2="" hai3=""/>')
    for _ in range(draw(st.integers(0, 6))):
        tag = draw(st.sampled_from(TAGS))
        attrs = draw(st.dictionaries(st.sampled_from(ATTRS), attr_val, max_size=4))
        a = " ".join(f'{k}="{v.replace(chr(34), "")}"' for k, v in attrs.items())
        parts.append(f"<{tag} {a}/>")
    if draw(st.booleans()):
        parts.append("</mjloggm>")
    doc = "".join(parts)
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(doc)))
        doc = doc[:cut]
    return doc.encode("utf-8", "replace")


@st.composite
def mjlog_valid(draw):
    """A well-formed game start plus draws and discards (loads), then maybe one hostile
    change (a cut, a flipped byte, a foreign tag)."""
    ids = draw(st.lists(st.integers(0, 135), max_size=12))
    body = "".join(f"<{'TUVW'[i % 4]}{t}/><{'DEFG'[i % 4]}{t}/>" for i, t in enumerate(ids))
    return ('<mjloggm ver="2.3"><GO type="169" lobby="0"/><TAIKYOKU oya="0"/>'
            '<INIT seed="0,0,0,1,2,52" ten="250,250,250,250" oya="0" '
            'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
            'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
            'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/>' + body + "</mjloggm>").encode()


@SETTINGS
@given(doc=st.one_of(mjlog_valid(), mjlog_valid(), mjlog_doc(), st.binary(max_size=60)),
       gz=st.booleans(), flip=st.one_of(st.just(0), st.just(0), st.integers(0, 400)))
def test_fuzz_load_mjlog(doc, gz, flip):
    data = gzip.compress(doc) if gz else doc
    if flip and data and flip < len(data):
        data = data[:flip] + bytes([data[flip] ^ 0x5A]) + data[flip + 1:]
    ok_or_ippatsu(load_mjlog, data)


json_val = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.floats(allow_nan=False),
              st.text(max_size=5)),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=20)


KYOKU = [  # a whole kyoku (the snippet of tests/test_io_tenhou6.py)
    [0, 0, 0], [25000, 25000, 25000, 25000], [51, 36, 37, 38], [52, 17, 18, 16],
    [11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22], [11, 41, 47, 19],
    ["111111a11", 60, 60, 22], [31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 41, 42, 43],
    ["p414141", 13], [39, 60], [23, 24, 25, 26, 27, 28, 29, 44, 44, 45, 46, 47, 47],
    [44, "47p4747", "444444m44", 45, 47, 21], [23, 46, 0, 60, "47k474747", 60],
    [21, 22, 23, 24, 25, 26, 27, 28, 29, 42, 43, 45, 46], ["c232425", 44, 31, 12],
    [42, 60, "r60"],
    ["和了", [-1000, -500, -500, 3000],
     [3, 3, 3, "30符2飜500-1000点", "立直(1飜)", "門前清自摸和(1飜)"]],
]


@st.composite
def tenhou6_doc(draw):
    if draw(st.integers(0, 2)) == 0:  # the valid kyoku, maybe with one entry replaced
        kyoku = json.loads(json.dumps(KYOKU))
        if draw(st.booleans()):
            i = draw(st.integers(0, len(kyoku) - 1))
            if isinstance(kyoku[i], list) and kyoku[i] and draw(st.booleans()):
                j = draw(st.integers(0, len(kyoku[i]) - 1))
                kyoku[i][j] = draw(json_val)
            else:
                kyoku[i] = draw(json_val)
        return {"title": ["", ""], "name": ["A", "B", "C", "D"],
                "rule": {"disp": "test", "aka": draw(st.sampled_from([0, 1, "x", None]))},
                "log": [kyoku]}
    kyoku = draw(st.lists(json_val, min_size=0, max_size=17))
    if draw(st.booleans()):
        kyoku = [[0, 0, 0], [25000] * 4, [11]] + [[11, 12, 13]] * 13 + [["和了", [0] * 4]]
        i = draw(st.integers(0, len(kyoku) - 1))
        kyoku[i] = draw(json_val)
    doc = {"log": [kyoku]}
    for k in ("title", "name", "rule", "ratingc", "lobby", "dan", "rate", "sx", "sc"):
        if draw(st.booleans()):
            doc[k] = draw(json_val)
    return doc


@SETTINGS
@given(doc=st.one_of(tenhou6_doc(), json_val), as_text=st.booleans(), cut=st.integers(0, 80))
def test_fuzz_load_tenhou6(doc, as_text, cut):
    if as_text:
        text = json.dumps(doc)
        if cut:
            text = text[:cut]
        ok_or_ippatsu(load_tenhou6, text.encode())
    elif isinstance(doc, dict):
        ok_or_ippatsu(load_tenhou6, doc)
        ok_or_ippatsu(load_tenhou6, doc, strict=False)


@pytest.mark.parametrize("src", [b"", b"\x00" * 10, b"\x1f\x8b", b"{" * 100000])
def test_fixed_hostile_records(src):
    ok_or_ippatsu(load_mjlog, src)
    ok_or_ippatsu(load_tenhou6, src)


@SETTINGS
@given(hand=st.one_of(st.sampled_from(WINNING + ["123m456p789s1122z", "1112345678999m"]),
                      hand_arg),
       melds=st.one_of(st.just(()), st.lists(meld_arg, max_size=1)),
       seat=st.one_of(st.integers(0, 3), hostile_scalar),
       dora=ids_list, win=st.one_of(st.none(), tile_id, st.sampled_from(["1z", "5m"])),
       flags=st.tuples(flag, flag),
       rules=st.one_of(st.just(ippatsu.Rules.ippatsu()), st.sampled_from(["tenhou", "x"]),
                       hostile_scalar),
       visible=st.one_of(st.none(), counts_any, hostile_scalar))
def test_fuzz_analyze(hand, melds, seat, dora, win, flags, rules, visible):
    ok_or_ippatsu(ippatsu.analyze, hand, melds=melds, seat_wind=seat, dora_indicators=dora,
                  win_tile=win, tsumo=flags[0], riichi=flags[1], rules=rules,
                  visible=visible)
