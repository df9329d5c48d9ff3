"""score_batch with three players (docs/rules.md §11) equals score() row by row.

The rows are every hand that seeded three-player games asked score() about (each win and
each winnable tile the table checked), recorded with the arguments the table gave it, under
each three-player preset and variants of their options (tsumo loss or split, two han per
North, no nukidora, red fives (0, 2, 2), no ura dora): tsumo and ron, dealer and
non-dealer, riichi, ippatsu, rinshan on a North's replacement tile, pons and kans, dora and
ura, and 0 to 4 Norths set aside (each hand is also scored with a second count of Norths
drawn at random). Every field of the batch is compared with score() of the same hand; the
compiled kernel and the pure-Python pass must agree too. A Hypothesis strategy of complete
three-player hands adds shapes the games rarely reach.

Then the three-player payments against the numbers of docs/rules.md §11, and the errors of
the nukidora column and of the three-player row checks.
"""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ippatsu import _backend, core, score, sim
from ippatsu import scoring_batch as sb
from ippatsu._codes import MELD_TYPE_NAMES, NORTH, SANMA_ABSENT_KINDS
from ippatsu.errors import IppatsuError, MeldError, NoYakuError, TileCountError
from ippatsu.rules import Rules, SanmaTsumo
from ippatsu.table import state as table_state
from ippatsu.table.actions import ActionType
from ippatsu.table.agents import GreedyAgent
from ippatsu.tiles import kind_name, parse_counts

PURE = core.BACKEND == "python"
COMPILED = _backend.AVAILABLE

RULE_SETS = {
    "ippatsu_sanma": Rules.ippatsu_sanma(),
    "tenhou_sanma": Rules.tenhou_sanma(),
    "majsoul_sanma": Rules.majsoul_sanma(),
    "ippatsu_sanma_loss_two_han_norths_reds_022": Rules.ippatsu_sanma().replace(
        sanma_tsumo=SanmaTsumo.LOSS, nukidora_dora=2, red_fives=(0, 2, 2)),
    "tenhou_sanma_split_no_nukidora": Rules.tenhou_sanma().replace(
        sanma_tsumo=SanmaTsumo.SPLIT, nukidora=False),
    "majsoul_sanma_no_ura_no_kazoe": Rules.majsoul_sanma().replace(
        ura_dora=False, kazoe_yakuman=False),
}
GAMES = 4 if PURE else 30   # the interpreted table plays a game in about two seconds
_CALLS = (ActionType.PON, ActionType.DAIMINKAN, ActionType.ANKAN, ActionType.KAKAN)


class _Caller:
    """Takes every win and most Norths, half the pons and kans it is offered, riichi two
    times in five, else discards as GreedyAgent does: open hands, kans and hands without
    riichi as well as the greedy agent's riichi hands."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.greedy = GreedyAgent()

    def __call__(self, obs, legal):
        types = [a.type for a in legal]
        for a in legal:
            if a.type in (ActionType.TSUMO, ActionType.RON):
                return a
        for a in legal:
            if a.type == ActionType.NUKIDORA and self.rng.random() < 0.9:
                return a
            if a.type in _CALLS and self.rng.random() < 0.5:
                return a
        if ActionType.PASS in types:
            return legal[types.index(ActionType.PASS)]
        riichi = [a for a in legal if a.type == ActionType.RIICHI]
        if riichi and self.rng.random() < 0.4:
            return self.greedy(obs, riichi)
        discards = [a for a in legal if a.type == ActionType.DISCARD]
        return self.greedy(obs, discards or legal)


def _recorded_calls(rules, games):
    """The keyword arguments of every score() call the table made in ``games`` seeded
    games under ``rules`` (the hand as 136-ids, the winning tile included)."""
    calls = []
    real = table_state.score

    def record(hand, win_tile, **kw):
        # (copies: the table goes on changing its lists of tiles and melds)
        calls.append(dict(kw, hand=list(hand), win_tile=win_tile, melds=list(kw["melds"]),
                          dora_indicators=list(kw["dora_indicators"]),
                          ura_indicators=list(kw["ura_indicators"])))
        return real(hand, win_tile, **kw)

    mp = pytest.MonkeyPatch()
    mp.setattr(table_state, "score", record)
    try:
        for seed in range(games):
            agents = [_Caller(seed * 3 + j) if (seed + j) % 3 else GreedyAgent()
                      for j in range(3)]
            sim.play(agents, seed, rules, record=False)
    finally:
        mp.undo()
    return calls


def _north_room(kw):
    """How many more Norths the hand's tiles and indicators leave for setting aside."""
    ids = list(kw["hand"]) + [t for m in kw["melds"] for t in m.tiles]
    shown = list(kw["dora_indicators"]) + list(kw["ura_indicators"])
    return 4 - sum(t >> 2 == NORTH for t in ids + shown)


def _contexts(rules, games, seed=0):
    """The recorded calls, each also with a second count of Norths set aside (drawn at
    random among those the tiles leave; at least one when the win is rinshan without a
    kan: that replacement tile came from a North)."""
    rng = random.Random(seed)
    out = []
    for kw in _recorded_calls(rules, games):
        out.append(kw)
        if not rules.nukidora:
            continue
        kans = any(m.type.value in ("daiminkan", "ankan", "kakan") for m in kw["melds"])
        lo = 1 if kw["rinshan"] and not kans else 0
        hi = _north_room(kw)
        if hi >= lo:
            out.append(dict(kw, nukidora=rng.randint(lo, hi)))
    return out


def _arrays(contexts, rules):
    """score_batch's keyword arguments for the recorded calls (kinds per row)."""
    n = len(contexts)
    counts = np.zeros((n, 34), np.uint8)
    win = np.zeros(n, np.int64)
    melds = np.full((n, 4, 2), 255, np.int64)
    flags = np.zeros(n, np.int64)
    seat = np.zeros(n, np.int64)
    rnd = np.zeros(n, np.int64)
    dora = np.full((n, 5), -1, np.int64)
    ura = np.full((n, 5), -1, np.int64)
    red = np.zeros(n, np.int64)
    kita = np.zeros(n, np.int64)
    for i, kw in enumerate(contexts):
        tiles = list(kw["hand"])
        for t in kw["hand"]:
            counts[i, t >> 2] += 1
        win[i] = kw["win_tile"] >> 2
        for j, m in enumerate(kw["melds"]):
            melds[i, j] = (MELD_TYPE_NAMES[m.type.value], min(t >> 2 for t in m.tiles))
            tiles += list(m.tiles)
        for name, bit in sb.FLAGS.items():
            if kw.get(name):
                flags[i] |= bit
        seat[i], rnd[i] = kw["seat_wind"], kw["round_wind"]
        for j, t in enumerate(kw["dora_indicators"]):
            dora[i, j] = t >> 2
        for j, t in enumerate(kw["ura_indicators"]):
            ura[i, j] = t >> 2
        red[i] = sum(t in rules.red_ids for t in tiles)
        kita[i] = kw.get("nukidora", 0)
    return dict(counts=counts, win_tile=win, melds=melds, flags=flags, seat_wind=seat,
                round_wind=rnd, dora_indicators=dora, ura_indicators=ura, red=red,
                nukidora=kita, rules=rules)


def _score_row(kw, rules):
    """score()'s answer for a recorded call, as a batch row: (han, fu, points, yaku mask,
    yakuman, limit, code)."""
    r = score(**dict(kw, rules=rules, raise_on_no_yaku=False))
    if r.error == "no_yaku":
        return (0, r.fu, 0, 0, 0, 0, sb.NO_YAKU)
    return (r.han, r.fu, r.points, sum(1 << y for y in r.yaku_ids), r.yakuman,
            sb.LIMITS.index(r.limit), sb.OK)


def _batch_row(res, i):
    return tuple(int(getattr(res, f)[i]) for f in
                 ("han", "fu", "points", "yaku", "yakuman", "limit", "code"))


@pytest.fixture(scope="module", params=sorted(RULE_SETS))
def played(request):
    rules = RULE_SETS[request.param]
    contexts = _contexts(rules, GAMES)
    return rules, contexts, _arrays(contexts, rules)


def test_every_row_of_the_played_hands_is_scores_answer(played):
    """Each row of the batch (every field) is score() of the same hand with the same
    Norths set aside, the winds, flags and indicators the table gave it."""
    rules, contexts, kw = played
    res = sb.score_batch(**kw, threads=2)
    for i, ctx in enumerate(contexts):
        assert _batch_row(res, i) == _score_row(ctx, rules), (i, ctx)


def test_the_played_hands_cover_the_three_player_cases(played):
    """The rows hold what the three-player scoring changes: tsumo by the dealer and by a
    non-dealer, ron, Norths 0 to 4 set aside (when the rules have them), riichi, open
    hands, and the Norths changing the han of some row."""
    rules, contexts, kw = played
    tsumo = (kw["flags"] & sb.TSUMO) != 0
    dealer = kw["seat_wind"] == 0
    assert (tsumo & dealer).any() and (tsumo & ~dealer).any() and (~tsumo).any()
    assert ((kw["flags"] & sb.RIICHI) != 0).any()
    assert ((kw["melds"][:, :, 0] != 255).any(axis=1)).any()
    if rules.nukidora:
        assert set(kw["nukidora"].tolist()) == {0, 1, 2, 3, 4}
        none = sb.score_batch(**dict(kw, nukidora=0, flags=kw["flags"] & ~sb.RINSHAN))
        res = sb.score_batch(**kw)
        assert (res.han[kw["nukidora"] > 0] != none.han[kw["nukidora"] > 0]).any()
    else:
        assert not kw["nukidora"].any()
    assert len(contexts) >= (20 if PURE else 400)


@pytest.mark.skipif(not COMPILED, reason="compares the compiled kernel with the pure pass")
def test_compiled_kernel_and_pure_pass_agree_on_the_played_hands(played, monkeypatch):
    """The kernel's three-player rows (its checks, North dora, 9m after 1m, payments) equal
    the pure-Python pass's, which scores each row with the reference scorer."""
    _rules, _contexts_, kw = played
    got = _outcome(**kw)
    with monkeypatch.context() as m:
        m.setattr(_backend, "AVAILABLE", False)
        assert got == _outcome(**kw)


def _outcome(**kw):
    try:
        r = sb.score_batch(**kw)
    except IppatsuError as e:
        return type(e).__name__, e.code, str(e)
    return tuple(np.asarray(a).tolist() for a in r)


# ---------------------------------------------------------------------- generated hands
SANMA_KINDS = [k for k in range(34) if k not in SANMA_ABSENT_KINDS]
SANMA_RUNS = [s * 9 + r for s in (1, 2) for r in range(7)]   # runs of circles and bamboo


@st.composite
def sanma_rows(draw, n_max=4):
    """Complete three-player hands: four blocks (runs in circles and bamboo, triplets of
    any kind that exists) and a pair, up to two pons or kans declared; flags, winds 0-2,
    indicators and Norths set aside that fit the tiles."""
    n = draw(st.integers(1, n_max))
    counts = np.zeros((n, 34), np.uint8)
    win = np.zeros(n, np.int64)
    melds = np.full((n, 4, 2), -1, np.int64)
    flags = np.zeros(n, np.int64)
    seat = np.zeros(n, np.int64)
    rnd = np.zeros(n, np.int64)
    dora = np.full((n, 2), -1, np.int64)
    ura = np.full((n, 1), -1, np.int64)
    kita = np.zeros(n, np.int64)
    red = np.zeros(n, np.int64)
    for i in range(n):
        while True:
            full = np.zeros(34, np.int64)
            blocks = []
            for _ in range(4):
                if draw(st.booleans()):
                    k = draw(st.sampled_from(SANMA_RUNS))
                    blocks.append((None, k))
                    full[k:k + 3] += 1
                else:
                    k = draw(st.sampled_from(SANMA_KINDS))
                    blocks.append((draw(st.sampled_from([1, 1, 2, 3, 4])), k))
                    full[k] += 3
            full[draw(st.sampled_from(SANMA_KINDS))] += 2
            if full.max() <= 3:
                break
        conc = full.copy()
        n_open = draw(st.integers(0, 2))
        open_hand = kan = False
        slot = 0
        for t, k in blocks:
            if t is None or slot >= n_open:
                continue
            if t != 1 and full[k] >= 4:
                t = 1
            melds[i, slot] = (t, k)
            slot += 1
            conc[k] -= 3
            open_hand |= t != 3
            if t > 1:
                full[k] += 1
                kan = True
        counts[i] = conc
        win[i] = draw(st.sampled_from(list(np.nonzero(conc)[0])))
        kita[i] = draw(st.integers(0, 4 - int(full[NORTH])))
        f = sb.TSUMO if draw(st.booleans()) else 0
        if not open_hand and draw(st.booleans()):
            f |= sb.RIICHI
            if draw(st.booleans()):
                f |= sb.IPPATSU
        if f & sb.TSUMO and (kan or kita[i]) and draw(st.booleans()):
            f |= sb.RINSHAN
        flags[i] = f
        seat[i] = draw(st.integers(0, 2))
        rnd[i] = draw(st.integers(0, 2))
        shown = full.copy()
        shown[NORTH] += kita[i]
        for j, col in ((0, dora), (1, dora), (0, ura)):
            d = draw(st.sampled_from(SANMA_KINDS))
            if shown[d] < 4:
                col[i, j] = d
                shown[d] += 1
    return dict(counts=counts, win_tile=win, melds=melds, flags=flags, seat_wind=seat,
                round_wind=rnd, dora_indicators=dora, ura_indicators=ura, red=red,
                nukidora=kita)


FIVES = (13, 22)   # 5p, 5s: the fives three players have (5m is gone)


def _draw_reds(data, kw, rules):
    """Red fives per row that fit the rules (``rules.red_counts``: a suit with c reds has
    4 - c plain fives): the batch's ``red`` column, and per row the reds of 5p and 5s."""
    n = kw["counts"].shape[0]
    per_row = []
    for i in range(n):
        full = kw["counts"][i].astype(np.int64)
        for t, k in kw["melds"][i]:
            if t >= 0:
                full[k] += 3 if t == 1 else 4
        reds = []
        for k in FIVES:
            c = rules.red_counts[k // 9]
            reds.append(data.draw(st.integers(max(0, int(full[k]) - (4 - c)),
                                              min(int(full[k]), c))))
        per_row.append(reds)
    kw["red"] = np.array([sum(r) for r in per_row], np.int64)
    return per_row


def _row_call(kw, i, rules, reds):
    """score()'s keyword arguments for row ``i`` of generated batch arrays, as 136-ids:
    ``reds`` red fives of 5p and 5s (``rules.red_ids``) before their plain copies."""
    order = {}
    for k in range(34):
        ids = list(range(4 * k, 4 * k + 4))
        red = [t for t in ids if t in rules.red_ids]
        plain = [t for t in ids if t not in rules.red_ids]
        order[k] = red[:reds[FIVES.index(k)]] + plain if k in FIVES else plain + red
    take = {k: iter(v) for k, v in order.items()}
    hand = [next(take[k]) for k in range(34) for _ in range(int(kw["counts"][i][k]))]
    melds = []
    for t, k in kw["melds"][i]:
        if t >= 0:
            name = {1: "pon", 2: "daiminkan", 3: "ankan", 4: "kakan"}[int(t)]
            melds.append((name, [next(take[int(k)]) for _ in range(3 if t == 1 else 4)]))
    w = int(kw["win_tile"][i])
    out = dict(hand=hand, win_tile=next(t for t in hand if t >> 2 == w), melds=melds,
               seat_wind=int(kw["seat_wind"][i]), round_wind=int(kw["round_wind"][i]),
               nukidora=int(np.broadcast_to(kw["nukidora"], (len(kw["counts"]),))[i]),
               dora_indicators="".join(kind_name(int(d)) for d in kw["dora_indicators"][i]
                                       if d >= 0),
               ura_indicators="".join(kind_name(int(d)) for d in kw["ura_indicators"][i]
                                      if d >= 0))
    for name, bit in sb.FLAGS.items():
        if kw["flags"][i] & bit:
            out[name] = True
    return out


def _for_rules(kw, rules):
    """Rows for ``rules``: without nukidora, no Norths set aside (and no rinshan they
    gave)."""
    if rules.nukidora:
        return kw
    return dict(kw, nukidora=0, flags=np.where(kw["nukidora"] > 0,
                                               kw["flags"] & ~sb.RINSHAN, kw["flags"]))


@settings(suppress_health_check=list(HealthCheck), deadline=None,
          max_examples=40 if PURE else 200)
@given(kw=sanma_rows(), name=st.sampled_from(sorted(RULE_SETS)), data=st.data())
def test_generated_three_player_hands_are_scores_answers(kw, name, data):
    rules = RULE_SETS[name]
    kw = _for_rules(kw, rules)
    reds = _draw_reds(data, kw, rules)
    res = sb.score_batch(**kw, rules=rules)
    for i in range(len(kw["counts"])):
        call = _row_call(kw, i, rules, reds[i])
        assert _batch_row(res, i) == _score_row(call, rules), (i, call)


# hostile cells of a three-player row: what only three players refuse, and the rest
SANMA_CELLS = ["seat_wind", "round_wind", "counts", "melds", "dora_indicators",
               "ura_indicators", "nukidora", "win_tile", "red"]


@pytest.mark.skipif(not COMPILED, reason="compares the compiled kernel with the pure pass")
@settings(suppress_health_check=list(HealthCheck), deadline=None, max_examples=200)
@given(kw=sanma_rows(), data=st.data())
def test_compiled_and_pure_passes_agree_on_three_player_rows(monkeypatch, kw, data):
    """Good and hostile three-player rows (a North wind, 2m-8m in the hand or an
    indicator, a chi, too many Norths, anything out of range): the same results, or the
    same error, from the kernel's pass and the pure-Python one."""
    n = kw["counts"].shape[0]
    rules = RULE_SETS[data.draw(st.sampled_from(sorted(RULE_SETS)))]
    if data.draw(st.booleans()):
        kw = _for_rules(kw, rules)
    _draw_reds(data, kw, rules)
    kw["rules"] = rules
    for name in data.draw(st.lists(st.sampled_from(SANMA_CELLS), max_size=2)):
        i = data.draw(st.integers(0, n - 1))
        v = data.draw(st.one_of(st.integers(-2, 40), st.sampled_from(SANMA_ABSENT_KINDS),
                                st.sampled_from([3, 255, 2 ** 31, -2 ** 40])))
        a = np.array(kw[name], np.int64)
        if name == "counts":
            a[i, data.draw(st.sampled_from(SANMA_ABSENT_KINDS + (NORTH, 0)))] = \
                data.draw(st.integers(0, 5))
        elif name == "melds" and data.draw(st.booleans()):   # a chi of circles or bamboo
            a[i, 0] = (0, data.draw(st.sampled_from(SANMA_RUNS)))
        else:
            a = np.array(np.broadcast_to(a, (n,) + a.shape[1:]))
            a.reshape(n, -1)[i, data.draw(st.integers(0, a[0].size - 1))] = v
        kw[name] = a
    kw["threads"] = data.draw(st.sampled_from([1, 2]))
    got = _outcome(**kw)
    with monkeypatch.context() as m:
        m.setattr(_backend, "AVAILABLE", False)
        assert got == _outcome(**kw)


# ---------------------------------------------------------------------------- payments
# docs/rules.md §11: a mangan tsumo, tsumo loss 4,000 + 2,000 (non-dealer) and 4,000 +
# 4,000 (dealer); split 5,000 + 3,000 and 6,000 each; a ron is the four-player payment


@pytest.mark.parametrize("sanma_tsumo, dealer, tsumo, want", [
    (SanmaTsumo.LOSS, False, True, 6000), (SanmaTsumo.LOSS, True, True, 8000),
    (SanmaTsumo.SPLIT, False, True, 8000), (SanmaTsumo.SPLIT, True, True, 12000),
    (SanmaTsumo.LOSS, False, False, 8000), (SanmaTsumo.SPLIT, True, False, 12000)])
def test_a_mangan_is_paid_as_the_three_player_rules_say(sanma_tsumo, dealer, tsumo, want):
    """A 5-han hand is a mangan; its points are what docs/rules.md §11 lists for the two
    payers of a tsumo (their sum), and a ron's four-player value."""
    rules = Rules.tenhou_sanma().replace(sanma_tsumo=sanma_tsumo)
    c = np.array([parse_counts("123p456p789p11s999s")], np.uint8)
    # riichi, ittsu 2, dora 9p (8p indicator), menzen tsumo or a North set aside: 5 han
    r = sb.score_batch(c, "9p", tsumo=tsumo, riichi=True, seat_wind=0 if dealer else 1,
                       dora_indicators=[[16]], nukidora=0 if tsumo else 1, rules=rules)
    assert (int(r.han[0]), int(r.limit[0]), int(r.points[0])) == (5, 1, want)


def test_tsumo_points_are_the_two_payers_shares():
    """Tsumo of 1 to 5 han, by each seat: the batch's points are the shares score()
    charges the two payers (its cost and payments), summed."""
    for rules in (Rules.ippatsu_sanma(), Rules.tenhou_sanma()):
        for seat in (0, 1, 2):
            for nk in range(4):
                c = np.array([parse_counts("111p456p789p11s999s")], np.uint8)
                r = sb.score_batch(c, "7p", tsumo=True, seat_wind=seat, nukidora=nk,
                                   rules=rules, flags=[sb.RINSHAN] if nk else None)
                s = score("111p456p789p11s999s", "7p", tsumo=True, seat_wind=seat,
                          nukidora=nk, rinshan=bool(nk), rules=rules)
                shares = (2 * s.cost["non_dealer"] if seat == 0
                          else s.cost["dealer"] + s.cost["non_dealer"])
                assert int(r.points[0]) == s.points == shares
                assert sum(p for p in s.payments if p < 0) == -shares


# ------------------------------------------------------------------------------ errors
def _err(fn, *a, **kw):
    with pytest.raises(IppatsuError) as ei:
        fn(*a, **kw)
    return type(ei.value).__name__, ei.value.code, str(ei.value)


SANMA_HAND = "123p456p789p11s999s"


def _rows3():
    return np.repeat(np.array([parse_counts(SANMA_HAND)], np.uint8), 3, axis=0)


def test_nukidora_errors_are_scores():
    """Bad Norths raise what score(nukidora=n) raises, the row named: Norths with four
    players ``nukidora_four_players``, under rules without nukidora ``nukidora_off``
    (both before any row is checked), more than four ``fifth_copy``, fewer than none
    ``negative_count``; zeros are no Norths, and a scalar is named without a row."""
    c3 = _rows3()
    c4 = np.repeat(np.array([parse_counts("123m456p789s234s55m")], np.uint8), 3, axis=0)
    four = sb.score_batch(c4, "4s", tsumo=True, nukidora=[0, 0, 0])
    assert list(four.han) == [2, 2, 2]
    off = Rules.tenhou_sanma().replace(nukidora=False)

    def score_err(n, rules, hand=SANMA_HAND, win="9p"):
        return _err(score, hand, win, tsumo=True, nukidora=n, rules=rules)

    for rules, c, hand, win in ((None, c4, "123m456p789s234s55m", "4s"),
                                (off, c3, SANMA_HAND, "9p")):
        for n in (1, 4, 9, -1):
            want = score_err(n, rules, hand, win)
            assert _err(sb.score_batch, c, win, tsumo=True, nukidora=[0, n, 0],
                        rules=rules) == want[:2] + (f"row 1: {want[2]}",)
            assert _err(sb.score_batch, c, win, tsumo=True, nukidora=n, rules=rules) == want
        # named before an earlier bad row of another check
        assert _err(sb.score_batch, c, [33, 17, 17] if rules else [33, 21, 21], tsumo=True,
                    nukidora=[0, 0, 2], rules=rules)[2].startswith("row 2: nukidora=2")
    assert score_err(1, None)[1] == "nukidora_four_players"
    assert score_err(1, off)[1] == "nukidora_off"
    for n, code in ((5, "fifth_copy"), (-1, "negative_count"), (2 ** 40, "fifth_copy")):
        want = score_err(n, "tenhou_sanma")
        assert want[1] == code
        assert _err(sb.score_batch, c3, "9p", tsumo=True, nukidora=[0, n, 0],
                    rules="tenhou_sanma") == want[:2] + (f"row 1: {want[2]}",)
        assert _err(sb.score_batch, c3, "9p", tsumo=True, nukidora=n,
                    rules="tenhou_sanma") == want
    assert _err(sb.score_batch, c3, "9p", nukidora=[0.5, 0, 0],
                rules="tenhou_sanma")[1] == "bad_dtype"
    assert _err(sb.score_batch, c3, "9p", nukidora=[1, 2], rules="tenhou_sanma")[1] \
        == "bad_shape"


def test_three_player_rows_are_refused_as_score_refuses_them():
    """A North wind, 2m-8m in the hand, a meld or an indicator, a chi, a fifth North with
    those set aside: score()'s error class, code and words, the row named."""
    rules = Rules.tenhou_sanma()
    c = _rows3()
    none = np.full((3, 4, 2), 255, np.int64)

    def both(score_kw, **batch_kw):
        want = _err(score, **dict(dict(hand=SANMA_HAND, win_tile="9p", tsumo=True,
                                       rules=rules), **score_kw))
        kw = dict(counts=c, win_tile="9p", tsumo=True, rules=rules)
        kw.update(batch_kw)
        got = _err(sb.score_batch, **kw)
        return want, got

    seat = np.array([1, 3, 0])
    want, got = both(dict(seat_wind=3), seat_wind=seat)
    assert got[:2] == want[:2] == ("IppatsuError", "bad_wind")
    assert got[2] == "row 1: three players: winds are 0..2 (E S W; there is no North " \
                     "seat or round), got seat 3, round 0"
    # a scalar North wind: named without a row
    assert _err(sb.score_batch, c, "9p", round_wind=3, rules=rules)[2] == \
        "three players: winds are 0..2 (E S W; there is no North seat or round), got round 3"
    # 2m-8m in the hand (a chi of characters would need them too)
    c5 = c.copy()
    c5[1] = parse_counts("123p456p789p11s555m")
    want = _err(score, "123p456p789p11s555m", "5m", tsumo=True, rules=rules)
    got = _err(sb.score_batch, c5, [17, 4, 17], tsumo=True, rules=rules)
    assert got == want[:2] + (f"row 1: {want[2]}",)
    assert want[:2] == ("TileCountError", "sanma_tile")
    # ... in an indicator
    d = np.full((3, 1), -1, np.int64)
    d[2, 0] = 4
    want, got = both(dict(dora_indicators="5m"), dora_indicators=d)
    assert got == want[:2] + (f"row 2: {want[2]}",)
    # a chi (of circles: tiles that exist)
    chi = none.copy()
    chi[1, 2] = (0, 9)
    cc = c.copy()
    cc[1] = parse_counts("456p789p11s999s")
    got = _err(sb.score_batch, cc, "9p", tsumo=True, melds=chi, rules=rules)
    want = _err(score, "456p789p11s999s", "9p", melds=["123p"], tsumo=True, rules=rules)
    assert want[:2] == got[:2] == ("MeldError", "sanma_chi")
    assert got[2] == "row 1: a chi of 123p in three-player mahjong: there is no chi with " \
                     "three players"
    # a fifth North with those set aside
    cn = np.repeat(np.array([parse_counts("123p456p789p11s444z")], np.uint8), 3, axis=0)
    want = _err(score, "123p456p789p11s444z", "4z", nukidora=2, rules=rules)
    got = _err(sb.score_batch, cn, "4z", nukidora=[1, 2, 0], rules=rules)
    assert got == want[:2] + (f"row 1: {want[2]}",)
    # ... or with the indicators (the Norths set aside are copies too)
    dn = np.full((3, 1), -1, np.int64)
    dn[[0, 1], 0] = NORTH
    got = _err(sb.score_batch, cn, "4z", nukidora=[0, 1, 0], dora_indicators=dn, rules=rules)
    want = _err(score, "123p456p789p11s444z", "4z", dora_indicators="4z", nukidora=1,
                rules=rules)
    assert got[:2] == want[:2] == ("TileCountError", "fifth_copy")
    assert got[2] == "row 1: 5 copies of 4z between the hand, its melds, the 1 set aside " \
                     "and the indicators: a kind has four copies"


def test_a_north_replacement_tile_makes_rinshan_without_a_kan():
    """Rinshan on a tsumo with Norths set aside and no kan scores (the North's replacement
    tile); without Norths it is still an impossible situation."""
    rules = Rules.ippatsu_sanma()
    c = _rows3()[:1]
    r = sb.score_batch(c, "9p", flags=[sb.TSUMO | sb.RINSHAN], nukidora=1, rules=rules)
    s = score(SANMA_HAND, "9p", tsumo=True, rinshan=True, nukidora=1, rules=rules)
    assert "rinshan" in s.yaku_names
    assert _batch_row(r, 0) == _score_row(dict(hand=SANMA_HAND, win_tile="9p", tsumo=True,
                                               rinshan=True, nukidora=1), rules)
    with pytest.raises(IppatsuError) as ei:
        sb.score_batch(c, "9p", flags=[sb.TSUMO | sb.RINSHAN], rules=rules)
    assert ei.value.code == "bad_situation"


def test_the_dora_after_a_1m_indicator_is_9m_and_norths_count_under_west():
    """Three players: a 1m indicator points at 9m; a West indicator at North, and each
    North set aside is then one more dora (score()'s counts)."""
    rules = Rules.majsoul_sanma()
    hand = "99m123p456p789p111s"
    c = np.array([parse_counts(hand)] * 2, np.uint8)
    r = sb.score_batch(c, "1s", riichi=True, dora_indicators=[[0], [29]], nukidora=[0, 2],
                       rules=rules)
    plain = score(hand, "1s", riichi=True, rules=rules)
    assert int(r.han[0]) == plain.han + 2          # two 9m
    assert int(r.han[1]) == plain.han + 2 + 2      # two Norths set aside, each twice
    for i, (ind, nk) in enumerate((("1m", 0), ("3z", 2))):
        assert _batch_row(r, i) == _score_row(dict(hand=hand, win_tile="1s", riichi=True,
                                                   dora_indicators=ind, nukidora=nk), rules)


def test_aotenjou_stays_refused_with_three_players():
    with pytest.raises(IppatsuError) as ei:
        sb.score_batch(_rows3(), "9p", rules=Rules.tenhou_sanma().replace(aotenjou=True))
    assert ei.value.code == "bad_rules"


def test_no_yaku_three_player_row_is_code_two():
    rules = Rules.tenhou_sanma()
    c = np.array([parse_counts("111p456p789p11s999s")], np.uint8)   # ron, no yaku
    r = sb.score_batch(c, "7p", nukidora=2, seat_wind=1, rules=rules)
    with pytest.raises(NoYakuError):
        score("111p456p789p11s999s", "7p", nukidora=2, seat_wind=1, rules=rules)
    assert (int(r.code[0]), int(r.points[0])) == (sb.NO_YAKU, 0)
