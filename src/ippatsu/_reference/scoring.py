"""The pure-Python scoring evaluation: the reference the compiled kernel is a port of.

Steps 1-4 of :mod:`ippatsu.scoring` (readings, wait variants, yaku checks by table row,
fu and points, the variant that pays most), shaped for C: counts and small tuples in,
yaku as bits of an int mask, one check function per yaku with one signature.
:func:`_search` runs under ``IPPATSU_PURE_PYTHON=1`` (and in ``scoring.reference_score``
with the compiled core); ``_score.h`` is its port, and the tests check both give the same
result, field for field. Beside it in this folder: the hand-core twin (``handcore.py``, ``api.py``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Tuple

from ..rules import Rules
from .._codes import (F_CHANKAN, F_CHIIHOU, F_DOUBLE_RIICHI, F_HAITEI, F_HOUTEI, F_IPPATSU,
                      F_OPEN_RIICHI, F_PAARENCHAN, F_RENHOU, F_RIICHI, F_RINSHAN,
                      F_SASHIKOMI, F_TENHOU, F_TSUMO, M_ANKAN, M_CHI, M_PON,
                      MELD_FU as _MELD_FU)
from ..points import base_points, hand_cost
from ..tiles import YAOCHUU_KINDS as _YAOCHUU_KINDS, kind_name

_KN = tuple(kind_name(k) for k in range(34))
_YAOCHUU_SET = frozenset(_YAOCHUU_KINDS)
from ..yaku import (FORM_CHIITOITSU, FORM_KOKUSHI, FORM_STANDARD, LOCAL_NAMES, ORDINARY,
                    REPLACED_BY,
                    WAIT_KANCHAN, WAIT_NAMES, WAIT_PENCHAN, WAIT_RYANMEN, WAIT_SHANPON,
                    WAIT_TANKI, YAKUMAN, YakuContext, may_be_yakuman, BY_NAME as _BY_NAME)

_PINFU_BIT = _BY_NAME["pinfu"].bit


@lru_cache(maxsize=1 << 16)
def _suit_readings(shape: tuple, off: int) -> tuple:
    """Every reading of one suit's counts as sets and at most one pair.

    ``shape`` holds the counts of the suit starting at kind ``off`` (0, 9, 18, or 27 for
    the honors, which form no runs). Returns a tuple of ``(pair, runs, triplets)`` in
    absolute kinds (``pair`` -1 when the suit holds none); empty when the suit cannot be
    read. Cached by shape (bounded LRU): a few thousand shapes cover real play.
    """
    honors = off == 27
    c = list(shape)
    n = len(c)
    out = set()
    runs: list = []
    trips: list = []

    def walk(k: int, pair: int) -> None:
        while k < n and not c[k]:
            k += 1
        if k == n:
            out.add((pair + off if pair >= 0 else -1, tuple(runs), tuple(trips)))
            return
        if pair < 0 and c[k] >= 2:
            c[k] -= 2
            walk(k, k)
            c[k] += 2
        if c[k] >= 3:
            c[k] -= 3
            trips.append(k + off)
            walk(k, pair)
            trips.pop()
            c[k] += 3
        if not honors and k + 2 < n and c[k + 1] and c[k + 2]:
            c[k] -= 1
            c[k + 1] -= 1
            c[k + 2] -= 1
            runs.append(k + off)
            walk(k, pair)
            runs.pop()
            c[k] += 1
            c[k + 1] += 1
            c[k + 2] += 1

    if sum(shape) % 3 != 1:
        walk(0, -1)
    return tuple(sorted(out))


def _readings(counts) -> list:
    """Every standard reading of a complete concealed part as ``(pair, runs, triplets)``.

    The same readings as :func:`ippatsu.core.decompositions` (a test checks it), combined
    from per-suit readings so that the hot path re-walks no suit shape it has seen.
    """
    combos = None
    for off, end in _SUITS:
        shape = tuple(counts[off:end])
        if not any(shape):
            continue
        rs = _suit_readings(shape, off)
        if not rs:
            return []
        if combos is None:
            combos = rs
            continue
        nxt = []
        for p0, r0, t0 in combos:
            for p1, r1, t1 in rs:
                if p1 >= 0:
                    if p0 >= 0:
                        continue
                    p0_ = p1
                else:
                    p0_ = p0
                nxt.append((p0_, r0 + r1, t0 + t1))
        combos = nxt
    return [c for c in combos if c[0] >= 0] if combos else []


_SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _search(counts, win, melds_k, flags, seat_wind, round_wind, bonus, rules):
    """The variant that pays most, or None when the hand is not complete.

    The pure-Python twin of the compiled ``score_kernel`` (``_score.h``): same inputs
    (concealed counts, winning kind, melds as ``(type, lowest kind)``, situation flags,
    winds, han from dora) and the same choice. Returns
    ``(sortkey, mask, yakuman_mask, han, fu, base, limit, multiple, (reading, wait, form))``.
    """
    tsumo = bool(flags & F_TSUMO)
    closed = True
    meld_runs: tuple = ()
    meld_trips: tuple = ()
    meld_ankan = 0
    kans = 0
    meld_fu = 0
    mask = 0
    for k in range(34):
        if counts[k]:
            mask |= 1 << k
    for mt, k in melds_k:
        if mt == M_CHI:
            meld_runs += (k,)
            mask |= 7 << k
            closed = False
            continue
        meld_trips += (k,)
        mask |= 1 << k
        meld_fu += _MELD_FU[mt][k in _YAOCHUU_SET]
        if mt == M_ANKAN:
            meld_ankan += 1
        else:
            closed = False
        if mt != M_PON:
            kans += 1
    dealer = seat_wind == 0
    seat = 27 + seat_wind
    rnd = 27 + round_wind

    ctx = YakuContext()
    ctx.closed = closed
    ctx.tsumo = tsumo
    ctx.riichi = bool(flags & F_RIICHI)
    ctx.double_riichi = bool(flags & F_DOUBLE_RIICHI)
    ctx.ippatsu = bool(flags & F_IPPATSU)
    ctx.haitei = bool(flags & F_HAITEI)
    ctx.houtei = bool(flags & F_HOUTEI)
    ctx.rinshan = bool(flags & F_RINSHAN)
    ctx.chankan = bool(flags & F_CHANKAN)
    ctx.tenhou = bool(flags & F_TENHOU)
    ctx.chiihou = bool(flags & F_CHIIHOU)
    ctx.seat = seat
    ctx.round = rnd
    ctx.mask = mask
    ctx.counts = counts
    ctx.win = win
    ctx.kans = kans
    ctx.open_tanyao = rules.open_tanyao
    ctx.renhou = bool(flags & F_RENHOU)
    ctx.paarenchan = bool(flags & F_PAARENCHAN)
    ctx.open_riichi = bool(flags & F_OPEN_RIICHI)
    ctx.sashikomi = bool(flags & F_SASHIKOMI)
    ctx.rules = rules

    best = None
    for reading in _readings(counts):
        pair, runs_c, trips_c = reading
        runs = tuple(sorted(runs_c + meld_runs)) if meld_runs else runs_c
        trips = tuple(sorted(trips_c + meld_trips)) if meld_trips else trips_c
        # where can the winning tile sit? one variant per wait shape
        variants = []
        if pair == win:
            variants.append(WAIT_TANKI)
        if win in trips_c:
            variants.append(WAIT_SHANPON)
        for r in runs_c:  # in order: on a full tie the first variant stays (as in C)
            if r <= win <= r + 2:
                p = win - r
                if p == 1:
                    w = WAIT_KANCHAN
                elif p == 0:
                    w = WAIT_PENCHAN if r % 9 == 6 else WAIT_RYANMEN
                else:
                    w = WAIT_PENCHAN if r % 9 == 0 else WAIT_RYANMEN
                if w not in variants:
                    variants.append(w)
        ctx.form = FORM_STANDARD
        ctx.pair = pair
        ctx.runs = runs
        ctx.triplets = trips
        for wait in variants:
            ron_trip = wait == WAIT_SHANPON and not tsumo
            ctx.wait = wait
            ctx.ankou = len(trips_c) + meld_ankan - (1 if ron_trip else 0)
            cand = _evaluate(ctx, rules, bonus, dealer, tsumo, closed, pair, trips_c,
                             ron_trip, meld_fu, seat, rnd)
            if best is None or cand[0] > best[0]:
                best = cand + ((reading, wait, FORM_STANDARD),)
    if not melds_k:
        form = (FORM_CHIITOITSU if _is_chiitoitsu(counts) else
                FORM_KOKUSHI if _is_kokushi(counts) else -1)
        if form >= 0:
            ctx.form = form
            ctx.pair = win if form == FORM_CHIITOITSU else -1
            ctx.runs = ()
            ctx.triplets = ()
            ctx.ankou = 0
            ctx.wait = WAIT_TANKI
            cand = _evaluate(ctx, rules, bonus, dealer, tsumo, closed, -1, (), False, 0,
                             seat, rnd)
            if best is None or cand[0] > best[0]:
                best = cand + ((None, WAIT_TANKI, form),)
    return best


def _is_chiitoitsu(counts) -> bool:
    n = 0
    for c in counts:
        if c == 2:
            n += 1
        elif c:
            return False
    return n == 7


def _is_kokushi(counts) -> bool:
    pair = False
    for k in _YAOCHUU_KINDS:
        c = counts[k]
        if c == 2:
            if pair:
                return False
            pair = True
        elif c != 1:
            return False
    return pair  # 14 tiles all yaochuu (the size was checked)


_ORD_CHECKS = tuple((y.check, 1 << y.id) for y in ORDINARY if y.name not in LOCAL_NAMES)
_YM_CHECKS = tuple((y.check, 1 << y.id) for y in YAKUMAN if y.name not in LOCAL_NAMES)
# the local yaku (docs/rules.md §12): checked only when a rule or a flag may give them
_LOCAL_ORD_CHECKS = tuple((y.check, 1 << y.id) for y in ORDINARY if y.name in LOCAL_NAMES)
_LOCAL_YM_CHECKS = tuple((y.check, 1 << y.id) for y in YAKUMAN
                         if y.name in LOCAL_NAMES and y.name != "paarenchan")
_PAARENCHAN_BIT = _BY_NAME["paarenchan"].bit
_RENHOU_BIT = _BY_NAME["renhou"].bit
_ORD_REPL = tuple((1 << y.id, REPLACED_BY[y.id]) for y in ORDINARY if REPLACED_BY[y.id])
_YM_REPL = tuple((1 << y.id, REPLACED_BY[y.id]) for y in YAKUMAN if REPLACED_BY[y.id])
_ORD_REPL_ANY = sum(b for b, _ in _ORD_REPL)
_HAN_CLOSED = [0] * 64
_HAN_OPEN = [0] * 64
for _y in ORDINARY:
    _HAN_CLOSED[_y.id] = _y.han_closed
    _HAN_OPEN[_y.id] = _y.han_open


def _local_rules(rules: Rules) -> bool:
    """Whether these rules have a local yaku a hand may show without a situation flag
    (daisharin, daichisei)."""
    return rules.daisharin.value != "off" or rules.daichisei


def _ordinary_mask(ctx: YakuContext) -> int:
    m = 0
    for check, bit in _ORD_CHECKS:
        if check(ctx):
            m |= bit
    if ctx.renhou or ctx.open_riichi:
        for check, bit in _LOCAL_ORD_CHECKS:
            if check(ctx):
                m |= bit
    if m & _ORD_REPL_ANY:
        for bit, rep in _ORD_REPL:
            if m & bit:
                m &= ~rep
    return m


def _yaku_mask(ctx: YakuContext) -> Tuple[int, int]:
    """(ordinary mask, yakuman mask) after replacements; yakuman drop ordinary yaku.

    Paarenchan (docs/rules.md §12) joins the yakuman when its flag is set and the rule is
    ``always``, or ``with_yaku`` and the hand has a yaku of its own."""
    ym = 0
    if may_be_yakuman(ctx):
        for check, bit in _YM_CHECKS:
            if check(ctx):
                ym |= bit
        if ctx.renhou or ctx.sashikomi or _local_rules(ctx.rules):
            for check, bit in _LOCAL_YM_CHECKS:
                if check(ctx):
                    ym |= bit
        if ym:
            for bit, rep in _YM_REPL:
                if ym & bit:
                    ym &= ~rep
    if ctx.paarenchan and ctx.rules.paarenchan.value != "off":
        if ym or ctx.rules.paarenchan.value == "always" or _ordinary_mask(ctx):
            ym |= _PAARENCHAN_BIT
    if ym:
        return 0, ym
    return _ordinary_mask(ctx), 0


def _han_of(mask: int, closed: bool) -> int:
    table = _HAN_CLOSED if closed else _HAN_OPEN
    han = 0
    while mask:
        low = mask & -mask
        han += table[low.bit_length() - 1]
        mask ^= low
    return han


def _yakuman_multiple(ym: int, rules: Rules) -> int:
    dbl = rules.double_mask
    mults = [(y.yakuman if dbl >> y.id & 1 else 1) for y in YAKUMAN if ym >> y.id & 1]
    if not mults:
        return 0
    return sum(mults) if rules.yakuman_stacking else max(mults)


def _pair_fu(pair: int, seat: int, rnd: int, rules: Rules) -> int:
    if pair >= 31:
        return 2
    if pair == seat and pair == rnd:
        return rules.double_wind_pair_fu
    if pair == seat or pair == rnd:
        return 2
    return 0


def _fu(ctx: YakuContext, pinfu: bool, tsumo: bool, closed: bool, pair: int, trips_c,
        ron_trip: bool, meld_fu: int, seat: int, rnd: int, rules: Rules, items=None,
        meld_items=()) -> int:
    """Fu of one standard-form variant (RULES.md §6); ``items`` collects the breakdown."""
    form = ctx.form
    if form == FORM_CHIITOITSU:
        if items is not None:
            items.append(("chiitoitsu", 25))
        return 25
    if form == FORM_KOKUSHI:
        # fu plays no part in a yakuman; report the ordinary count (base + ron/tsumo)
        fu = 20 + (10 if not tsumo else 2)
        if items is not None:
            items.append(("base", 20))
            items.append(("concealed ron", 10) if not tsumo else ("tsumo", 2))
        return -(-fu // 10) * 10
    if pinfu:
        if items is not None:
            items.append(("base", 20))
            if not tsumo:
                items.append(("concealed ron", 10))
        return 20 if tsumo else 30
    fu = 20
    if items is not None:
        items.append(("base", 20))
    if closed and not tsumo:
        fu += 10
        if items is not None:
            items.append(("concealed ron", 10))
    if tsumo:
        fu += 2
        if items is not None:
            items.append(("tsumo", 2))
    w = ctx.wait
    if w == WAIT_KANCHAN or w == WAIT_PENCHAN or w == WAIT_TANKI:
        fu += 2
        if items is not None:
            items.append((f"wait {WAIT_NAMES[w]}", 2))
    pf = _pair_fu(pair, seat, rnd, rules)
    if pf:
        fu += pf
        if items is not None:
            items.append((f"pair {_KN[pair]}", pf))
    for k in trips_c:
        y = k in _YAOCHUU_SET
        if ron_trip and k == ctx.win:
            ron_trip = False  # only one triplet is completed by the ron
            v = 4 if y else 2
            label = "open triplet (ron)"
        else:
            v = 8 if y else 4
            label = "concealed triplet"
        fu += v
        if items is not None:
            items.append((f"{label} {_KN[k]}", v))
    fu += meld_fu
    if items is not None:
        items.extend(meld_items)
    rounded = -(-fu // 10) * 10
    if rounded == 20 and not closed:
        if items is not None:
            items.append(("open hand minimum", 10 - (fu - 20)))
        rounded = 30
    return rounded


_RENHOU_FLOOR = {"mangan": (2000, 5, "mangan"), "baiman": (4000, 8, "baiman")}


def _evaluate(ctx, rules, bonus, dealer, tsumo, closed, pair, trips_c, ron_trip, meld_fu,
              seat, rnd):
    """(sortkey, mask, ym, han, fu, base, limit) of one variant."""
    mask, ym = _yaku_mask(ctx)
    if ym:
        mult = _yakuman_multiple(ym, rules)
        fu = _fu(ctx, False, tsumo, closed, pair, trips_c, ron_trip, meld_fu, seat, rnd, rules)
        base, limit = 8000 * mult, "yakuman"
        han = 13 * mult
        if rules.aotenjou:
            base, limit = fu << (han + 2), None
    else:
        pinfu = bool(mask & _PINFU_BIT)
        fu = _fu(ctx, pinfu, tsumo, closed, pair, trips_c, ron_trip, meld_fu, seat, rnd, rules)
        han = _han_of(mask, closed)
        if han:
            han += bonus
        if rules.aotenjou:
            base, limit = fu << (han + 2), None
        else:
            base, limit = base_points(han, fu, 0, rules)
        mult = 0
        if not mask:
            base = 0
        if ctx.renhou and not tsumo and closed:
            # renhou as a limit (docs/rules.md §12): the larger of the limit and the hand
            floor = _RENHOU_FLOOR.get(rules.renhou.value)
            if floor is not None and base < floor[0]:
                mask, han, base, limit = _RENHOU_BIT, floor[1], floor[0], floor[2]
    total = hand_cost(base, dealer, tsumo)[0] if base else 0
    return ((total, mult, han, fu), mask, ym, han, fu, base, limit, mult)
