"""Tests of the Tenhou mjlog parser (ippatsu.io.mjlog).

Two kinds: hand-written XML snippets for every tag and edge case, and whole-corpus checks
over ``../shared/data/tenhou/`` (skipped when that folder is absent): every file loads,
counts per folder are pinned, and each standard round is replayed tile by tile (start
hands + draws - discards - melded tiles) so that every ``<AGARI hai>`` must equal the
winner's reconstructed concealed hand, every call must take the last discard, and the
score deltas must add up.
"""
from __future__ import annotations

import gzip
from collections import Counter
from pathlib import Path

import pytest

from conftest import shared_path
from ippatsu.errors import IppatsuError
from ippatsu.hand import Meld, MeldType
from ippatsu.io.mjlog import (
    Agari,
    Bye,
    Call,
    Discard,
    Draw,
    Kita,
    LobbyType,
    NewDora,
    OtherTag,
    RawMeld,
    Reach,
    Reconnect,
    Ryuukyoku,
    Shuffle,
    decode_meld,
    load_mjlog,
    meld_from_code,
)

STANDARD = ["mjx", "mjx-edge", "dnovikoff", "gimite", "jim137"]
ALL_FOLDERS = STANDARD + ["nonstandard"]

# Pinned corpus counts: files, rounds, AGARI, RYUUKYOKU, draws, discards, calls.
EXPECTED = {
    "mjx": (33, 335, 274, 63, 15603, 16079, 675),
    "mjx-edge": (23, 225, 184, 44, 10451, 10758, 440),
    "dnovikoff": (13, 124, 105, 23, 6058, 6303, 308),
    "gimite": (1, 17, 14, 3, 900, 924, 36),
    "jim137": (4, 23, 23, 1, 964, 1013, 58),
    "nonstandard": (6, 28, 23, 5, 1236, 1251, 46),
}


# ----------------------------------------------------------------------------- helpers


def _encode(raw: RawMeld, ankan_tile: int | None = None) -> int:
    """The inverse of decode_meld, written from the README formula (test oracle)."""
    t = raw.type
    if t == "CHI":
        base = raw.tiles[0] // 4
        idx = (base // 9) * 7 + base % 9
        r = raw.tiles.index(raw.called)
        c = [x % 4 for x in raw.tiles]
        return ((idx * 3 + r) << 10) | (c[2] << 7) | (c[1] << 5) | (c[0] << 3) | 0x4 | raw.from_who
    if t in ("PON", "KAKAN"):
        kind = raw.tiles[0] // 4
        if t == "PON":
            unused = ({0, 1, 2, 3} - {x % 4 for x in raw.tiles}).pop()
            three = raw.tiles
        else:
            unused = raw.added % 4
            three = tuple(x for x in raw.tiles if x != raw.added)
        r = three.index(raw.called)
        flag = 0x8 if t == "PON" else 0x10
        return ((kind * 3 + r) << 9) | (unused << 5) | flag | raw.from_who
    if t == "DAIMINKAN":
        return (raw.called << 8) | raw.from_who
    if t == "ANKAN":
        return ankan_tile << 8
    raise AssertionError(t)


def _xml(body: str, header: str = '<GO type="169" lobby="0"/>') -> str:
    init = (
        '<INIT seed="0,0,0,2,3,52" ten="250,250,250,250" oya="0" '
        'hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" '
        'hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/>'
    )
    return f'<mjloggm ver="2.3">{header}<TAIKYOKU oya="0"/>{init}{body}</mjloggm>'


def _files(folder: str) -> list[Path]:
    return sorted(p for p in shared_path("tenhou", "mjlog", folder).iterdir() if p.is_file())


def _replay_check(rnd, where: str) -> Counter:
    """Replay a round's tiles; assert every invariant; return counts of what was checked."""
    n = Counter()
    hands = [set(h) for h in rnd.hands]
    melds: list[list[Meld]] = [[], [], [], []]
    seen = set().union(*hands)
    assert len(seen) == sum(len(h) for h in rnd.hands), f"{where}: a start tile dealt twice"
    last_discard = None
    last_draw = [None] * 4
    for e in rnd.events:
        if isinstance(e, Draw):
            assert e.tile not in seen, f"{where}: {e} draws a tile already seen"
            seen.add(e.tile)
            hands[e.who].add(e.tile)
            last_draw[e.who] = e.tile
            n["draws"] += 1
        elif isinstance(e, Discard):
            assert e.tile in hands[e.who], f"{where}: {e} not in hand"
            assert e.tsumogiri == (e.tile == last_draw[e.who])
            hands[e.who].remove(e.tile)
            last_discard = (e.who, e.tile)
            last_draw[e.who] = None
            n["discards"] += 1
        elif isinstance(e, Call):
            m = e.meld
            if m.type is MeldType.KAKAN:
                pon = [p for p in melds[e.who]
                       if p.type is MeldType.PON and set(p.tiles) < set(m.tiles)]
                assert len(pon) == 1, f"{where}: {e} without its pon"
                assert pon[0].called == m.called and pon[0].from_who == m.from_who
                melds[e.who].remove(pon[0])
                used = {m.added}
            elif m.type is MeldType.ANKAN:
                used = set(m.tiles)
            else:
                used = set(m.tiles) - {m.called}
                assert last_discard == ((e.who + m.from_who) % 4, m.called), (
                    f"{where}: {e} does not take the last discard {last_discard}")
                if m.type is MeldType.CHI:
                    assert m.from_who == 3
            assert used <= hands[e.who], f"{where}: {e} uses tiles not in hand"
            hands[e.who] -= used
            melds[e.who].append(m)
            last_draw[e.who] = None
            n["calls"] += 1
        elif isinstance(e, Kita):
            hands[e.who].remove(e.tile)
        elif isinstance(e, Agari):
            concealed = set(hands[e.who])
            if e.is_tsumo:
                assert e.machi in concealed
            else:
                concealed.add(e.machi)
            assert concealed == set(e.hai), (
                f"{where}: AGARI hai {e.hai} != replayed {sorted(concealed)}")
            assert sorted(m.tiles for m in melds[e.who]) == sorted(m.tiles for m in e.melds)
            assert len(e.hai) + 3 * len(e.melds) == 14
            n["agari_checked"] += 1
    return n


# ----------------------------------------------------------------------------- melds


def test_decode_meld_hand_derived_examples():
    # chi 3-4-5 pin (kinds 11,12,13 -> t index 7*1+2=9), called the 4p (index 1),
    # copies 1,0,3, from the left: t = 9*3+1 = 28
    m = (28 << 10) | (3 << 7) | (0 << 5) | (1 << 3) | 0x4 | 3
    raw = decode_meld(m)
    assert raw == RawMeld("CHI", (45, 48, 55), 48, None, 3)
    assert str(meld_from_code(m)) == "chi 4p+35p<L"
    # pon of red dragon (kind 33) lacking copy 0 (so all ordinary), third tile called
    m = ((33 * 3 + 2) << 9) | (0 << 5) | 0x8 | 1
    assert decode_meld(m) == RawMeld("PON", (133, 134, 135), 135, None, 1)
    # added kan on 5m: the pon lacked copy 0, so the red five (id 16) was added
    m = ((4 * 3 + 0) << 9) | (0 << 5) | 0x10 | 2
    raw = decode_meld(m)
    assert raw == RawMeld("KAKAN", (16, 17, 18, 19), 17, 16, 2)
    meld = meld_from_code(m)
    assert meld.type is MeldType.KAKAN and meld.added == 16 and meld.called == 17
    # open kan on 9s (id 107) from the right; closed kan of East
    assert decode_meld((107 << 8) | 1) == RawMeld("DAIMINKAN", (104, 105, 106, 107), 107, None, 1)
    assert decode_meld(109 << 8) == RawMeld("ANKAN", (108, 109, 110, 111), None, None, 0)
    assert meld_from_code(109 << 8).type is MeldType.ANKAN
    # three-player North
    assert decode_meld((121 << 8) | 0x20) == RawMeld("KITA", (121,), None, None, 0)
    with pytest.raises(IppatsuError):
        meld_from_code((121 << 8) | 0x20)


def test_decode_meld_rejects_impossible_codes():
    with pytest.raises(IppatsuError) as ei:
        decode_meld(1 << 16)
    assert ei.value.code == "bad_log"
    with pytest.raises(IppatsuError):
        decode_meld((21 * 3) << 10 | 0x4 | 3)  # chi base past 7-8-9 sou
    with pytest.raises(IppatsuError):
        decode_meld((34 * 3) << 9 | 0x8 | 1)  # pon of kind 34
    with pytest.raises(IppatsuError) as ei:
        meld_from_code((0 << 10) | 0x4 | 1)  # a chi from the right
    assert ei.value.code == "bad_log"


def test_every_meld_code_in_the_corpus(shared_data):
    """All <N> and <AGARI m> codes: legal melds, and the README formula re-encodes them."""
    counts = Counter()
    paths = [p for folder in ALL_FOLDERS for p in _files(folder)]
    paths += sorted(shared_path("tenhou", "fragments", "mjx").iterdir())
    for p in paths:
        if True:
            g = load_mjlog(p)
            for rnd in g.rounds:
                codes = [(e.code, e.who) for e in rnd.events if isinstance(e, Call)]
                codes += [(c, e.who) for e in rnd.events if isinstance(e, Agari)
                          for c in e.meld_codes]
                for code, _ in codes:
                    raw = decode_meld(code)
                    if raw.type == "KITA":
                        continue
                    meld = meld_from_code(code)  # hand.Meld validates shape, ids, seat
                    assert meld.tiles == raw.tiles
                    assert all(0 <= t < 136 for t in raw.tiles)
                    assert len(set(raw.tiles)) == len(raw.tiles)
                    if raw.called is not None:
                        assert raw.called in raw.tiles
                    if raw.type == "CHI":
                        assert raw.from_who == 3
                    assert _encode(raw, code >> 8) == code, (p.name, code, raw)
                    counts[raw.type] += 1
    print("\nmeld codes checked:", dict(counts))
    assert all(counts[t] for t in ("CHI", "PON", "ANKAN", "KAKAN", "DAIMINKAN"))


# ----------------------------------------------------------------------------- snippets


def test_snippet_header_and_basic_events():
    body = (
        '<T52/><D0/><U53/><E53/>'
        '<REACH who="2" step="1"/><V54/><F54/><REACH who="2" ten="250,250,240,250" step="2"/>'
        '<W55/><G3/>'
    )
    header = (
        '<SHUFFLE seed="mt19937ar-sha512-n288-base64,abc" ref=""/>'
        '<GO type="169" lobby="0"/>'
        '<UN n0="%41%42" n1="%E3%81%82" n2="c" n3="d" dan="16,17,18,19" '
        'rate="2000.50,1900,1800,1700" sx="M,F,M,C"/>'
    )
    g = load_mjlog(_xml(body, header))
    assert g.lobby_type == LobbyType(169, True, True, True, True, False, False, "houou")
    assert [p.name for p in g.players] == ["AB", "あ", "c", "d"]
    assert g.players[0].dan == 16 and g.players[0].rate == 2000.5 and g.players[3].sex == "C"
    assert g.dealer == 0 and g.shuffle_seed.endswith("abc") and g.log_id is None
    assert not g.complete and g.final_scores is None
    (r,) = g.rounds
    assert (r.kyoku, r.honba, r.deposits, r.dice, r.dora_indicator) == (0, 0, 0, (3, 4), 52)
    assert r.scores == (25000,) * 4 and r.dealer == 0 and r.hands[1][0] == 1
    assert (r.round_wind, r.hand_number) == (0, 1)
    assert r.events == [
        Draw(0, 52), Discard(0, 0, False), Draw(1, 53), Discard(1, 53, True),
        Reach(2, 1), Draw(2, 54), Discard(2, 54, True), Reach(2, 2, (25000, 25000, 24000, 25000)),
        Draw(3, 55), Discard(3, 3, False),
    ]
    assert r.results == []


def test_snippet_each_meld_type_and_dora():
    chi = (28 << 10) | (3 << 7) | (0 << 5) | (1 << 3) | 0x4 | 3
    pon = ((33 * 3 + 2) << 9) | 0x8 | 1
    kakan = ((33 * 3 + 2) << 9) | 0x10 | 1
    body = (
        f'<N who="1" m="{chi}"/><E0/>'
        f'<N who="2" m="{pon}"/><F2/>'
        f'<N who="0" m="{(107 << 8) | 1}"/><T60/><DORA hai="61"/><D60/>'
        f'<N who="3" m="{109 << 8}"/><DORA hai="62"/><W63/>'
        f'<N who="2" m="{kakan}"/>'
    )
    g = load_mjlog(_xml(body))
    calls = [e for e in g.rounds[0].events if isinstance(e, Call)]
    assert [c.meld.type for c in calls] == [
        MeldType.CHI, MeldType.PON, MeldType.DAIMINKAN, MeldType.ANKAN, MeldType.KAKAN]
    assert [c.code for c in calls] == [chi, pon, (107 << 8) | 1, 109 << 8, kakan]
    assert calls[4].meld.added == 132 and calls[4].meld.called == 135
    doras = [e for e in g.rounds[0].events if isinstance(e, NewDora)]
    assert doras == [NewDora(61), NewDora(62)]
    # a discard right after a call is never tsumogiri
    flags = [e.tsumogiri for e in g.rounds[0].events if isinstance(e, Discard)]
    assert flags == [False, False, True]


def test_snippet_agari_ryuukyoku_owari():
    agari = (
        '<AGARI ba="1,2" hai="0,1,2,4,5,6,8,9,10,12,13" m="{m}" machi="13" ten="30,7700,0" '
        'yaku="1,1,53,0,54,1" doraHai="52,60" doraHaiUra="70" who="0" fromWho="3" paoWho="2" '
        'sc="250,107,250,0,250,0,250,-87" owari="357,45.7,250,5.0,250,-15.0,163,-35.7" />'
    ).format(m=((33 * 3) << 9) | 0x8 | 2)
    g = load_mjlog(_xml("<T64/><D64/>" + agari))
    a = g.rounds[0].events[-1]
    assert isinstance(a, Agari) and not a.is_tsumo
    assert (a.who, a.from_who, a.machi, a.honba, a.deposits) == (0, 3, 13, 1, 2)
    assert (a.fu, a.points, a.limit, a.han) == (30, 7700, 0, 2)
    assert a.yaku == ((1, 1), (53, 0), (54, 1)) and a.yakuman == ()
    assert a.dora_indicators == (52, 60) and a.ura_indicators == (70,) and a.pao_who == 2
    assert a.sc == ((25000, 10700), (25000, 0), (25000, 0), (25000, -8700))
    assert a.melds[0].type is MeldType.PON and a.meld_codes == (((33 * 3) << 9) | 0x8 | 2,)
    assert g.complete and g.final_scores == (35700, 25000, 25000, 16300)
    assert g.final.results == (45.7, 5.0, -15.0, -35.7)

    ryu = '<RYUUKYOKU type="yao9" ba="0,1" sc="250,0,250,0,250,0,250,0" hai1="0,4,8" />'
    r = load_mjlog(_xml(ryu)).rounds[0].events[-1]
    assert r == Ryuukyoku("yao9", 0, 1, ((25000, 0),) * 4, (None, (0, 4, 8), None, None))
    doc = _xml('<RYUUKYOKU ba="0,0" sc="250,15,250,-15,250,15,250,-15"/>')
    r = load_mjlog(doc).rounds[0].events[-1]
    assert r.type is None and r.deltas == (1500, -1500, 1500, -1500)


def test_snippet_bye_reconnect_shuffle_other():
    body = '<BYE who="1" /><T52/><UN n1="%41" /><SHUFFLE seed="x" ref="y"/><FOO a="1"/><D52/>'
    ev = load_mjlog(_xml(body)).rounds[0].events
    assert ev == [Bye(1), Draw(0, 52), Reconnect(1, "A"), Shuffle("x", "y"),
                  OtherTag("FOO", (("a", "1"),)), Discard(0, 52, True)]


def test_inputs_bytes_gzip_path(tmp_path):
    text = _xml("<T52/><D52/>")
    a = load_mjlog(text)
    b = load_mjlog(text.encode())
    c = load_mjlog(gzip.compress(text.encode()))
    p = tmp_path / "2010081709gm-00a9-0000-fe3371ad&tw=1.mjlog"
    p.write_bytes(gzip.compress(text.encode()))
    d = load_mjlog(p)
    assert a.rounds == b.rounds == c.rounds == d.rounds
    assert d.name == "2010081709gm-00a9-0000-fe3371ad&tw=1"
    assert d.log_id == "2010081709gm-00a9-0000-fe3371ad"
    q = tmp_path / "game.xml_"
    q.write_text(text)
    assert load_mjlog(str(q)).name == "game" and load_mjlog(q).log_id is None


@pytest.mark.parametrize(
    "doc, words",
    [
        ("<mjloggm><INIT", "well-formed"),
        ("<html></html>", "root tag"),
        ('<mjloggm><T52/></mjloggm>', "before the first <INIT>"),
        ('<mjloggm><AGARI who="0"/></mjloggm>', "before the first <INIT>"),
        (_xml("<T136/>"), "out of range"),
        (_xml('<N who="0"/>'), "lacks the attribute 'm'"),
        (_xml('<N who="7" m="1"/>'), "seat"),
        (_xml('<REACH who="x" step="1"/>'), "not an integer"),
        (_xml('<AGARI ba="0,0" hai="1,2" machi="1" ten="30,1000" who="0" fromWho="0" '
              'sc="1,2"/>'), "ten"),
        (_xml('<RYUUKYOKU type="weird" ba="0,0" sc="0,0,0,0,0,0,0,0"/>'), "unknown draw type"),
        ('<mjloggm><INIT seed="0,0,0" ten="250,250,250,250" oya="0"/></mjloggm>', "seed"),
        ('<mjloggm><INIT seed="0,0,0,1,1,1" ten="250,250,250,250" oya="0" hai0="1,a"/></mjloggm>',
         "integers"),
    ],
)
def test_malformed_input_raises_bad_log(doc, words):
    with pytest.raises(IppatsuError) as ei:
        load_mjlog(doc)
    assert ei.value.code == "bad_log"
    assert words in str(ei.value)


def test_missing_file_and_corrupt_gzip(tmp_path):
    with pytest.raises(IppatsuError):
        load_mjlog(tmp_path / "nope.mjlog")
    with pytest.raises(IppatsuError):
        load_mjlog(b"\x1f\x8b\x08\x00garbage")


# ----------------------------------------------------------------------------- corpus


@pytest.mark.parametrize("folder", ALL_FOLDERS)
def test_folder_loads_with_pinned_counts(shared_data, folder):
    files = _files(folder)
    c = Counter()
    for p in files:
        g = load_mjlog(p)
        assert g.complete, f"{p.name}: no owari"
        assert len(g.players) == 4 and g.lobby_type is not None
        c["rounds"] += len(g.rounds)
        for r in g.rounds:
            assert r.results, f"{p.name}: round {r.kyoku}-{r.honba} has no result"
            for e in r.events:
                c[type(e).__name__] += 1
    got = (len(files), c["rounds"], c["Agari"], c["Ryuukyoku"], c["Draw"], c["Discard"], c["Call"])
    print(f"\n{folder}: files={got[0]} rounds={got[1]} agari={got[2]} ryuukyoku={got[3]} "
          f"draws={got[4]} discards={got[5]} calls={got[6]}")
    assert got == EXPECTED[folder]


@pytest.mark.parametrize("folder", STANDARD)
def test_replay_reconstructs_every_agari_hand(shared_data, folder):
    total = Counter()
    for p in _files(folder):
        g = load_mjlog(p)
        assert not g.three_player
        for r in g.rounds:
            assert all(len(h) == 13 for h in r.hands)
            total += _replay_check(r, f"{folder}/{p.name} {r.kyoku}-{r.honba}")
    assert total["agari_checked"] == EXPECTED[folder][2]
    print(f"\n{folder}: {total['agari_checked']} AGARI hands reconstructed from the replay")


@pytest.mark.parametrize("folder", STANDARD)
def test_score_deltas_add_up(shared_data, folder):
    """Deltas sum to the deposits taken; the (first) winner gets points + honba + deposits."""
    for p in _files(folder):
        g = load_mjlog(p)
        for r in g.rounds:
            wins = r.agaris
            for i, a in enumerate(wins):
                assert sum(a.deltas) == 1000 * a.deposits, (p.name, a)
                honba = 300 * a.honba if i == 0 else 0  # only the first of a double ron
                assert a.deltas[a.who] == a.points + honba + 1000 * a.deposits, (p.name, a)
                if i > 0:
                    assert a.deposits == 0
                    prev = wins[i - 1]
                    assert [s for s, _ in a.sc] == [s + d for s, d in prev.sc]
            for e in r.results:
                if isinstance(e, Ryuukyoku):
                    assert sum(e.deltas) == 0, (p.name, e)
            # scores chain from round to round
        for r0, r1 in zip(g.rounds, g.rounds[1:]):
            res = r0.results[-1]
            assert tuple(s + d for s, d in res.sc) == r1.scores, p.name
        # the final scores: after the last deltas, deposits left on the table go to the top
        last = g.rounds[-1].results[-1]
        after = [s + d for s, d in last.sc]
        extra = [f - a for f, a in zip(g.final_scores, after)]
        gainers = [i for i, x in enumerate(extra) if x]
        assert len(gainers) <= 1 and all(x % 1000 == 0 and x >= 0 for x in extra), p.name
        if gainers:
            assert g.final_scores[gainers[0]] == max(g.final_scores), p.name


def test_game_metadata_of_known_files(shared_data):
    g = load_mjlog(shared_path("tenhou", "mjlog", "mjx", "2010081709gm-00a9-0000-fe3371ad.mjlog"))
    assert g.log_id == "2010081709gm-00a9-0000-fe3371ad" and g.version == "2.3"
    assert g.lobby_type.room == "houou" and g.lobby_type.hanchan and g.lobby_type.red_fives
    assert g.final_scores == (20100, 35800, 5200, 38900)
    pao = load_mjlog(shared_path("tenhou", "mjlog", "mjx", "pao-tsumo.mjlog"))
    assert any(a.pao_who is not None for r in pao.rounds for a in r.agaris)
    dr = load_mjlog(shared_path("tenhou", "mjlog", "mjx", "double-ron.mjlog"))
    assert any(len(r.agaris) == 2 for r in dr.rounds)
    bye = load_mjlog(shared_path("tenhou", "mjlog", "dnovikoff", "bye.xml"))
    ev = [e for r in bye.rounds for e in r.events]
    assert Bye(1) in ev and any(isinstance(e, Reconnect) and e.who == 1 for e in ev)
    sh = load_mjlog(shared_path("tenhou", "mjlog", "dnovikoff", "shuffle.xml"))
    assert all(r.shuffle and r.shuffle.startswith("mt19937ar,") for r in sh.rounds)
    gz = load_mjlog(shared_path("tenhou", "mjlog", "gimite", "test.mjlog"))
    assert gz.complete and gz.players[0].name == "koudai23"


def test_nonstandard_variants(shared_data):
    sanma = load_mjlog(shared_path("tenhou", "mjlog", "nonstandard", "sanma2.xml"))
    assert sanma.three_player and sanma.lobby_type.three_player
    assert all(r.hands[3] == () and r.scores[3] == 0 for r in sanma.rounds)
    kitas = [e for r in sanma.rounds for e in r.events if isinstance(e, Kita)]
    assert kitas and all(e.tile // 4 == 30 for e in kitas)
    chip = load_mjlog(shared_path("tenhou", "mjlog", "nonstandard", "chip.xml_"))
    assert chip.rounds[0].chips == (0, 0, 0, 0)
    assert all(a.chips is not None and len(a.chips) == 4 for r in chip.rounds for a in r.agaris)
    ratio = load_mjlog(shared_path("tenhou", "mjlog", "nonstandard", "ratio.xml"))
    assert dict(ratio.rounds[0].agaris[0].extra) == {"ratio": "0,1"}


def test_fragments_load_as_far_as_they_go(shared_data):
    c = Counter()
    for p in sorted(shared_path("tenhou", "fragments", "mjx").iterdir()):
        g = load_mjlog(p)
        assert not g.complete and g.rounds
        for r in g.rounds:
            c["rounds"] += 1
            c["agari"] += len(r.agaris)
            c["agari_checked"] += _replay_check(r, p.name)["agari_checked"]
    print(f"\nfragments/mjx: {c}")
    assert c["agari_checked"] == c["agari"] == 163 and c["rounds"] == 258


