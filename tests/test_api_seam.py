"""One input edge and one vocabulary in the public API.

* score() reads notation, 136-ids and a Hand through ippatsu.hand (Hand, Meld, meld_of):
  the same hand in each form gives the same result, and the same bad hand the same error;
* the compiled score() and the pure-Python twin's general path agree on every
  combination of situation flags (the compiled score checks and names them in C);
* score_batch takes the winning tile as ``win_tile`` (``win`` warns), its flag bits by
  name (``FLAGS``), and names a row without yaku with ScoreResult's code;
* the list-of-34 road of the hand core reads counts that are not CPython's cached small
  ints the same way.
"""
from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

from ippatsu import Hand, Meld, Rules, core, score
from ippatsu import scoring
from ippatsu._codes import F_LOCAL, FLAG_NAMES, FLAGS as _FLAG_BITS
from ippatsu.errors import IppatsuError, MeldError, NoYakuError
from ippatsu.hand import meld_of, melds_of
from ippatsu.scoring_batch import FLAGS, NO_YAKU, score_batch
from ippatsu.tiles import parse_counts, parse_tiles


def _outcome(fn, *args, **kw):
    try:
        return ("ok", fn(*args, **kw).to_dict())
    except IppatsuError as e:
        return ("error", type(e).__name__, e.code)


def _forms(concealed: str, melds: list):
    """The same hand as notation, as 136-ids and as a Hand (with the melds as text)."""
    ids = parse_tiles(concealed)
    return [(concealed, melds), (ids, melds), (Hand(concealed, melds), ())]


@pytest.mark.parametrize("concealed,melds,win,kw", [
    # RULES §6 worked example: concealed ron on 8m, 40 fu
    ("345678m555p678s22s", [], "8m", {"discarder": 2}),
    # RULES §4 yakuhai with an open pon of Red (text meld)
    ("123m456p789s5m5m", ["pon 7z+77z<A"], "5m", {"tsumo": True}),
    # RULES §6 closed kan fu, meld text of an ankan with a red five
    ("123m456p789s11z", ["ankan 0555m"], "1z", {"tsumo": True}),
])
def test_score_same_hand_as_notation_ids_and_hand_gives_the_same_result(concealed, melds,
                                                                         win, kw):
    """RULES §2: one hand scores once, whatever form it is written in."""
    out = [_outcome(score, h, win, melds=m, **kw) for h, m in _forms(concealed, melds)]
    assert out[0][0] == "ok"
    assert out[0] == out[1] == out[2]


@pytest.mark.parametrize("melds,code", [
    (["pon 123m"], "bad_meld_text"),          # text that is no meld
    ([("pon", [0, 4, 8])], "bad_meld"),        # tiles that do not make the meld
    ([("chi", "111m")], "bad_meld"),
    ([("foo", "111z")], "bad_meld_type"),      # not a KeyError
    ([(7, "111z")], "bad_meld_type"),          # not an IndexError
    ([3], "bad_meld"),
])
def test_score_names_a_bad_meld_the_same_way_for_notation_and_ids(melds, code):
    """Melds go through ippatsu.hand.meld_of whatever the hand's form: one error, one code."""
    got = {_outcome(score, h, "5m", melds=melds) for h in ("123m456p55m", parse_tiles("123m456p55m"))}
    assert len(got) == 1
    (kind, cls, c), = got
    assert (kind, cls, c) == ("error", "MeldError", code)


def test_score_text_meld_takes_free_copies_beside_hand_ids():
    """Copies of a kind are interchangeable: a text meld whose first copies the hand's ids
    already hold takes other copies (as the same hand written in notation does)."""
    ids = [0, 1, 4, 5, 8, 9, 36, 40, 44, 72, 73]  # 112233m 123p 1s1s... concealed
    hand_ids = score(ids, 72, melds=["123m"]).to_dict()
    hand_txt = score("112233m123p11s", "1s", melds=["123m"]).to_dict()
    assert hand_ids == hand_txt


def test_meld_of_reads_every_meld_form():
    """The one reader of melds: text, bare groups, (type, tiles) pairs, Meld."""
    assert str(meld_of("555z")) == "pon 5z+55z<L"
    assert str(meld_of("5555z")) == "daiminkan 5z+555z<L"
    assert str(meld_of("123m")) == "chi 1m+23m<L"
    assert str(meld_of(("chi", [0, 4, 8]))) == "chi 1m+23m<L"
    assert str(meld_of((3, "1111m"))) == "ankan 1111m"
    assert str(meld_of(("shouminkan", "2222z"))).startswith("kakan")
    m = Meld.pon("777z")
    assert meld_of(m) is m
    # a meld given by ids that an earlier meld holds takes free copies
    a, b = melds_of([("chi", [0, 4, 8]), ("chi", [0, 4, 8])])
    assert set(a.tiles).isdisjoint(b.tiles) and a.kinds == b.kinds
    with pytest.raises(MeldError) as e:
        melds_of("123m")
    assert e.value.code == "bad_meld"


_HANDS = [
    # (concealed, melds, win, seat): closed, open, closed kan, open kan; dealer and not
    ("123m456p789s234s55m", [], "4s", 0),
    ("123m456p789s234s55m", [], "4s", 1),
    ("123m456p234s55m", ["pon 7z+77z<A"], "4s", 2),
    ("123m456p234s55m", ["ankan 1111z"], "4s", 0),
    ("123m456p234s55m", ["daiminkan 1z+111z<A"], "4s", 3),
]


@pytest.mark.parametrize("concealed,melds,win,seat", _HANDS)
def test_compiled_road_and_general_path_agree_on_every_situation(concealed, melds, win, seat):
    """RULES §4: impossible situations raise bad_situation, possible ones score; the
    compiled road (which checks the flags in C) answers as the general path does for all
    1024 combinations of the ten flags (the local yaku's flags, docs/rules.md §12, always
    take the compiled general part)."""
    names = tuple(n for n in FLAG_NAMES if not _FLAG_BITS[n] & F_LOCAL)
    assert len(names) == 10
    for bits in range(1 << len(names)):
        kw = {n: bool(bits >> i & 1) for i, n in enumerate(names)}
        args = (concealed, win)
        fast = _outcome(score, *args, melds=melds, seat_wind=seat, raise_on_no_yaku=False, **kw)
        general = _outcome(scoring._score_general, concealed, win, melds, kw["tsumo"],
                           kw["riichi"], kw["double_riichi"], kw["ippatsu"], kw["haitei"],
                           kw["houtei"], kw["rinshan"], kw["chankan"], kw["tenhou"],
                           kw["chiihou"], seat, 0, (), (), 0, 0, None, None, None, False)
        assert fast == general, (bits, kw)


def test_score_batch_takes_win_tile_and_warns_on_win():
    """score_batch names the winning tile as score() does (win_tile); win= still works
    with a DeprecationWarning; notation is read as kinds."""
    c = np.array([parse_counts("123m456p789s234s55m")] * 2, np.uint8)
    want = score_batch(c, [21, 21], tsumo=True).points.tolist()
    assert score_batch(c, win_tile=[21, 21], tsumo=True).points.tolist() == want
    assert score_batch(c, "4s", tsumo=True).points.tolist() == want
    assert score_batch(c, "4s4s", tsumo=True).points.tolist() == want
    with pytest.warns(DeprecationWarning):
        assert score_batch(c, win=[21, 21], tsumo=True).points.tolist() == want
    with pytest.raises(IppatsuError) as e:
        score_batch(c, tsumo=True)
    assert e.value.code == "missing_win_tile"
    with pytest.raises(IppatsuError) as e, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        score_batch(c, 21, win=21)
    assert e.value.code == "bad_input"


def test_score_batch_flags_by_name_are_score_keywords():
    """FLAGS maps each situation keyword of score() to its bit of score_batch's flags."""
    assert list(FLAGS) == list(FLAG_NAMES)
    assert sorted(FLAGS.values()) == [1 << i for i in range(len(FLAG_NAMES))]
    c = np.array([parse_counts("123m456p789s234s55m")], np.uint8)
    r = score_batch(c, "4s", flags=FLAGS["tsumo"] | FLAGS["riichi"], seat_wind=1)
    s = score("123m456p789s234s55m", "4s", tsumo=True, riichi=True, seat_wind=1)
    assert (int(r.han[0]), int(r.fu[0]), int(r.points[0])) == (s.han, s.fu, s.points)


def test_score_batch_no_yaku_row_uses_score_results_code():
    """A complete hand without yaku (RULES §2: dora are not yaku): ScoreBatch names it
    as ScoreResult.error and NoYakuError do."""
    text, win = "234m567m345p11s789s", "8s"   # closed ron on a kanchan: no yaku
    c = np.array([parse_counts(text)], np.uint8)
    r = score_batch(c, win)
    assert int(r.code[0]) == NO_YAKU
    res = score(text, win, raise_on_no_yaku=False)
    with pytest.raises(NoYakuError) as e:
        score(text, win)
    assert r.error(0) == res.error == e.value.code == "no_yaku"


def test_rules_none_means_rules_ippatsu_everywhere():
    """rules=None is Rules.ippatsu() in score, score_batch and analyze."""
    from ippatsu import analyze

    kw = dict(tsumo=True, riichi=True, seat_wind=1)
    assert score("123m456p789s234s55m", "4s", **kw) == \
        score("123m456p789s234s55m", "4s", rules=Rules.ippatsu(), **kw)
    c = np.array([parse_counts("123m456p789s234s55m")], np.uint8)
    assert score_batch(c, "4s", **kw).points.tolist() == \
        score_batch(c, "4s", rules=Rules.ippatsu(), **kw).points.tolist()
    assert analyze("123m456p789s234s5m").to_dict() == \
        analyze("123m456p789s234s5m", rules=Rules.ippatsu()).to_dict()


class _Int(int):
    """An int that is not one of CPython's cached small ints."""


@pytest.mark.parametrize("text", ["123m456p789s234s5m", "19m19p19s1234567z", "1122m3344p5566s7z"])
def test_shanten_list_of_34_reads_any_int(text):
    """RULES §3: the list-of-34 road reads counts from the cached small ints' addresses;
    ints that are not those objects (int subclasses, numpy ints) give the same shanten."""
    c = parse_counts(text)
    want = core.shanten(text)
    assert core.shanten(list(c)) == core.shanten(tuple(c)) == want
    assert core.shanten([_Int(x) for x in c]) == want
    assert core.shanten([np.int64(x) for x in c]) == want
    assert core.shanten(list(c) [:33] + [_Int(c[33])]) == want
    for bad, code in (([True] + list(c[1:]), "bad_count"), ([5] + list(c[1:]), "fifth_copy"),
                      ([-1] + list(c[1:]), "negative_count"), ([257] + list(c[1:]), "fifth_copy")):
        with pytest.raises(IppatsuError) as e:
            core.shanten(bad)
        assert e.value.code == code


def test_shanten_batch_form_vocabulary_is_shantens():
    """form= takes the same names in shanten and shanten_batch."""
    h = np.array([parse_counts("19m19p19s1234567z")], np.uint8)
    for form in (None, "standard", "chiitoitsu", "kokushi"):
        assert int(core.shanten_batch(h, form=form)[0]) == core.shanten("19m19p19s1234567z", form)
    for fn in (lambda: core.shanten("19m19p19s1234567z", "pairs"),
               lambda: core.shanten_batch(h, form="pairs")):
        with pytest.raises(IppatsuError) as e:
            fn()
        assert e.value.code == "bad_form"


class _Str(str):
    """Notation that is not an exact str: read by the Python reader (ippatsu.hand)."""


@pytest.mark.parametrize("text", ["123m456p789s1234z", "0m5m55m123p", "055m555p", "05555m", "00m",
                                  "", "123m 456p", "5z5z5z5z5z", "1111222233334444m", "8z",
                                  "123m [pon 555z]", "19m19p19s1234567z"])
def test_hand_core_reads_notation_as_the_hand_parser_does(text):
    """RULES §3 / §1 copy rules: plain notation read in C gives the counts, and the
    errors, of the Python reader (a fifth copy, a second red five, a bad digit)."""
    for fn in (core.shanten, core.waits, core.ukeire, core.is_agari):
        assert _outcome_any(fn, text) == _outcome_any(fn, _Str(text))


def _outcome_any(fn, *args):
    try:
        return ("ok", fn(*args))
    except IppatsuError as e:
        return ("error", type(e).__name__, e.code)


def test_no_module_imports_another_modules_private_names():
    """Names shared between modules are public in their owning module (the
    table engine's own imports of table.agents excepted: the table's business)."""
    import ast
    from pathlib import Path

    import ippatsu

    root = Path(ippatsu.__file__).parent
    bad = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith("table/"):
            continue
        pkg = rel.split("/")[:-1]
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom):
                continue
            base = pkg[:len(pkg) - (node.level - 1)] if node.level else []
            target = base + (node.module.split(".") if node.module else [])
            if node.level == 0 and target[:1] != ["ippatsu"]:
                continue  # another package's names
            if node.level == 0:
                target = target[1:]
            if target[:2] == ["table", "agents"]:
                continue
            for alias in node.names:
                name = alias.name
                if not name.startswith("_") or name.startswith("__"):
                    continue
                sub = root.joinpath(*target, name)
                if sub.with_suffix(".py").is_file() or sub.is_dir() or \
                        list(root.joinpath(*target).glob(name + ".*.so")) or \
                        root.joinpath(*target, name + ".pyx").is_file():
                    continue  # a private module, not a private name
                bad.append(f"{rel}:{node.lineno} from {'.' * node.level}{node.module or ''} import {name}")
    assert bad == []


def test_analyze_takes_every_meld_form_score_takes():
    """analyze reads melds with the same reader as score (meld_of): a bare group, a
    (type, tiles) pair and the text form are one meld (RULES §4 yakuhai: a pon of Red)."""
    from ippatsu import analyze

    forms = ["pon 7z+77z<L", "777z", ("pon", "777z"), Meld.pon("777z")]
    out = [analyze("123m456p789s5m", melds=[m]).to_dict() for m in forms]
    assert all(o == out[0] for o in out)
    assert analyze("123m456p789s5m5m", melds=["777z"], win_tile="5m").to_dict() == \
        analyze("123m456p789s5m5m [pon 7z+77z<L]", win_tile="5m").to_dict()
