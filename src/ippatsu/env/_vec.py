# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The compiled core of :mod:`ippatsu.env`: action indices, legal masks, the ``"planes"``
and ``"oracle"`` encoders and the vectorised game loop.

The build compiles this file with Cython (``_vec.pxd`` beside it types it and cimports
:class:`~ippatsu.table.state.GameState`, so the loop calls the state machine as C calls);
``IPPATSU_PURE_PYTHON=1`` runs it interpreted (the same program). So: plain Python, no
closures, no attribute that ``_vec.pxd`` does not declare.

Layout of the planes (``docs/env.md`` lists every channel; :mod:`ippatsu.env.encoders`
names them): 23 channels of the seat's own view and the table, then one block of
:data:`SEAT_CH` channels per seat, relative to the observer (self, right, across, left);
under flower rules (``Rules.flowers``) :data:`FLOWER_CH` more (the flower held, the flower
dora indicators); then, for ``"oracle"``, the hidden information (:data:`HIDDEN_CH`
channels; under flower rules :data:`ORACLE_FLOWER_CH` more after them). Without flowers
the layout is that of rules that never had them: the flower channels are appended, never
inserted.
"""
from __future__ import annotations

import numpy as np

from ..errors import IllegalActionError, IppatsuError
from ..table.actionspace import CHI as _I_CHI
from ..table.actionspace import RIICHI as _I_RIICHI
from ..table.actionspace import SIZE as _SIZE
from ..table.actionspace import index_of_fields, red_table
from ..table.settle import place_values
from ..table.state import Phase

__all__ = ["action_index", "write_mask", "encode_planes", "Game", "Buffers", "run_step",
           "run_reset", "first_illegal", "random_legal", "random_actions", "N_PLANES",
           "N_ORACLE", "SEAT_CH", "SEAT0", "ORACLE0", "SIZE", "FLOWER_CH", "HIDDEN_CH", "ORACLE_FLOWER_CH", "N_PLANES_FLOWERS",
           "N_ORACLE_FLOWERS", "channels_of"]

#: the number of action indices
SIZE = _SIZE
#: the channels of one seat's block
SEAT_CH = 22
#: the first channel of the seat blocks
SEAT0 = 23
#: the channels of "planes"
N_PLANES = SEAT0 + 4 * SEAT_CH
#: the first channel of the hidden information ("oracle") without flowers
ORACLE0 = N_PLANES
#: the hidden channels of "oracle": others' hands (3 x 4 counts + 3 red), the live wall (4
#: counts), its next 4 draws, the ura indicators (5)
HIDDEN_CH = 12 + 3 + 4 + 4 + 5
#: the channels of "oracle"
N_ORACLE = N_PLANES + HIDDEN_CH
#: the public channels "planes" appends under flower rules: the flower held (the seat's
#: decision is setting it aside), the flower dora indicators revealed / 4
FLOWER_CH = 2
#: the channels of "planes" under flower rules
N_PLANES_FLOWERS = N_PLANES + FLOWER_CH
#: the hidden channels "oracle" appends under flower rules: a flower held by each other
#: seat (3), the flowers in the live wall ahead / 4, each of the next 4 draws a flower,
#: the flower ura indicators / 4
ORACLE_FLOWER_CH = 3 + 1 + 4 + 1
#: the channels of "oracle" under flower rules
N_ORACLE_FLOWERS = N_PLANES_FLOWERS + HIDDEN_CH + ORACLE_FLOWER_CH


def channels_of(flowers: bool, oracle: bool) -> int:
    """The channels of ``"planes"`` (``"oracle"`` with ``oracle``) under rules with flower
    tiles (``flowers``) or without."""
    if flowers:
        return N_ORACLE_FLOWERS if oracle else N_PLANES_FLOWERS
    return N_ORACLE if oracle else N_PLANES

_TURN = Phase.TURN
_RESPONSE = Phase.RESPONSE
_HAND_END = Phase.HAND_END
_GAME_END = Phase.GAME_END

def action_index(a, red: bytes) -> int:
    """The action-space index of the legal :class:`~ippatsu.table.Action` ``a``
    (:func:`ippatsu.table.actionspace.index_of`: its C function when compiled; ``red``
    the red table, :func:`~ippatsu.table.actionspace.red_table`)."""
    return index_of_fields(a.type, a.tile, a.consumed, red)


#: per red table (the key): the index of the discard of each tile id (``[t]``) and of
#: the riichi discarding it (``[136 + t]``), as index_of_fields gives them
_LUTS: dict = {}


def _lut(red: bytes) -> bytes:
    """The discard and riichi indices of the 136 ids under the red table ``red``
    (:data:`_LUTS`), made once per table from :func:`index_of_fields`."""
    lut = _LUTS.get(red)
    if lut is None:
        lut = bytes([index_of_fields(0, t, (), red) for t in range(136)]
                    + [index_of_fields(1, t, (), red) for t in range(136)])
        _LUTS[red] = lut
    return lut


def _index(a, lut: bytes, red: bytes) -> int:
    """The index of the legal action ``a`` (a discard or a riichi by its id through the
    table ``lut``, :func:`_lut`; the others by :func:`index_of_fields`)."""
    typ = a.type
    t = a.tile
    if (typ == 0 or typ == 1) and 0 <= t < 136:
        return lut[typ * 136 + t]
    return index_of_fields(typ, t, a.consumed, red)


def write_mask(acts: list, red: bytes, row, table: list, legal: list) -> None:
    """Set ``row[i]`` (a bool row of :data:`SIZE`, all False on entry) for the index ``i``
    of each action of ``acts``; ``table[i]`` = that action; ``legal`` gets the indices."""
    lut = _lut(red)
    for a in acts:
        i = _index(a, lut, red)
        row[i] = 1
        table[i] = a
        legal.append(i)


def _mark(acts: list, lut: bytes, red: bytes, row) -> None:
    """Set ``row[i]`` (all False on entry) for the index ``i`` of each action of ``acts``."""
    for a in acts:
        row[_index(a, lut, red)] = 1


def _find(acts: list, lut: bytes, red: bytes, i: int):
    """The action of ``acts`` whose index is ``i`` (None: none). A discard or riichi
    index (below :data:`~ippatsu.table.actionspace.CHI`) is looked for by the tiles' codes
    first (one attribute read per action), the type read only for a tile of that code."""
    if i < _I_CHI:
        typ = 0 if i < _I_RIICHI else 1
        for a in acts:
            t = a.tile
            if 0 <= t < 136 and lut[typ * 136 + t] == i and a.type == typ:
                return a
        return None
    for a in acts:
        if _index(a, lut, red) == i:
            return a
    return None


def _nth_copy(k: int, b1: int, b2: int, b3: int, b4: int) -> int:
    """How many copies of kind ``k`` were seen before (0-4), from the bit sets ``b1`` ..
    ``b4`` (bit ``k``: at least one .. four seen)."""
    if not (b1 >> k) & 1:
        return 0
    if not (b2 >> k) & 1:
        return 1
    if not (b3 >> k) & 1:
        return 2
    if not (b4 >> k) & 1:
        return 3
    return 4


def _fill(out, c: int, v: float) -> None:
    """Channel ``c`` of ``out`` set to ``v`` everywhere."""
    for k in range(34):
        out[c, k] = v


def _counts(out, c: int, cnt) -> None:
    """Channels ``c`` .. ``c + 3``: the 34 counts ``cnt`` as thresholds >= 1 .. >= 4
    (every cell written, zeros too: no branch on the count when compiled)."""
    for k in range(34):
        n = cnt[k]
        out[c, k] = 1.0 if n >= 1 else 0.0
        out[c + 1, k] = 1.0 if n >= 2 else 0.0
        out[c + 2, k] = 1.0 if n >= 3 else 0.0
        out[c + 3, k] = 1.0 if n >= 4 else 0.0


#: the river tiles a :class:`PlanesMemo` mirrors per seat (a longer river is read from its
#: list; the state's tsumogiri bits are 64)
_MEMO_RIVER = 60
#: the cells a memo keeps per seat for its river: at most four per tile (its count, the
#: first of its kind, tsumogiri, called away); for its melds: at most 16 tiles' counts and
#: one red cell per kind
_RIVER_CELLS = 4 * _MEMO_RIVER
_MELD_CELLS = 32


class PlanesMemo:
    """What :func:`encode_planes` keeps of one game between its calls (``memo=``), so that a
    call reads only what changed since the last one: each seat's melds and river as the
    cells they set in that seat's block (channel offset, kind, value), and the river's kinds.

    A seat's melds are kept while its list holds the same meld objects. Its river is
    mirrored while it only grows: the same list objects (``Seat.river``,
    ``Seat.river_called``), no shorter, the tsumogiri bits of the tiles mirrored unchanged;
    its last tile may become called since (a call takes the discard just made). Anything
    else (a new hand, a restored snapshot) mirrors the seat again from the start. One memo
    serves one game at a time; the state machine changes rivers only in those ways.

    The arrays are flat, seat ``q``'s part from ``q`` times its length per seat."""

    def __init__(self):
        self.rivers = [None, None, None, None]
        self.called = [None, None, None, None]
        self.melds = [None, None, None, None]
        self.rules = None
        self.fl = False
        self.wall = None
        self.dora = None
        self.rn = [0] * 4     # river tiles mirrored
        self.nrc = [0] * 4    # river cells
        self.nmc = [0] * 4    # meld cells
        # six per seat: the copies' bit sets b1..b4 of the tiles mirrored, their tsumogiri
        # bits, their called bits
        self.bits = [0] * 24
        # (lists made first: compiled, the arrays are C arrays filled from them)
        river = [0] * (4 * _MEMO_RIVER)
        cells = [0] * (4 * _RIVER_CELLS)
        values = [0.0] * (4 * _RIVER_CELLS)
        meld = [0] * (4 * _MELD_CELLS)
        meld_values = [0.0] * (4 * _MELD_CELLS)
        self.rk = river   # the river's kinds
        self.roff = cells
        self.rkind = cells[:]
        self.rval = values
        self.moff = meld
        self.mkind = meld[:]
        self.mval = meld_values


def _memo_melds(memo, sq, q: int, red: bytes) -> None:
    """Seat ``q``'s meld cells, made again when its melds changed: channel ``j`` (0-3) for
    the (j+1)-th copy of a kind, 4 for the red fives (their number)."""
    melds = sq.melds
    kept = memo.melds[q]
    nm = len(melds)
    if kept is not None and len(kept) == nm:
        same = True
        for i in range(nm):
            if melds[i] is not kept[i]:
                same = False
                break
        if same:
            return
    memo.melds[q] = list(melds)
    one = 1
    b1 = b2 = b3 = b4 = 0
    m0 = q * _MELD_CELLS
    n = m0
    for m in melds:
        tiles = m.tiles
        for t in tiles:
            k = t >> 2
            j = _nth_copy(k, b1, b2, b3, b4)
            bit = one << k
            b4 |= b3 & bit
            b3 |= b2 & bit
            b2 |= b1 & bit
            b1 |= bit
            if j < 4 and n < m0 + _MELD_CELLS:
                memo.moff[n] = j
                memo.mkind[n] = k
                memo.mval[n] = 1.0
                n += 1
            if red[t]:   # one red cell per kind, its value the red copies
                i = m0
                while i < n and not (memo.moff[i] == 4 and memo.mkind[i] == k):
                    i += 1
                if i < n:
                    memo.mval[i] += 1.0
                elif n < m0 + _MELD_CELLS:
                    memo.moff[n] = 4
                    memo.mkind[n] = k
                    memo.mval[n] = 1.0
                    n += 1
    memo.nmc[q] = n - m0


def _memo_river(memo, sq, q: int) -> None:
    """Mirror what seat ``q``'s river (at most :data:`_MEMO_RIVER` tiles: the caller checks)
    gained since the last call, the whole river when it is not the one mirrored (see
    :class:`PlanesMemo`): its kinds, and the cells of channels 5-8 (the copies seen), 9
    (tsumogiri), 19 (called away) and 21 (the first discard of each kind by turn) of its
    block. At most four cells per tile: they fit in the seat's :data:`_RIVER_CELLS`."""
    river = sq.river
    called = sq.river_called
    nr = len(river)
    tg = sq.tsumogiri
    one = 1
    r0 = q * _MEMO_RIVER
    c0 = q * _RIVER_CELLS
    x = 6 * q
    rn = memo.rn[q]
    if (river is not memo.rivers[q] or called is not memo.called[q] or nr < rn
            or (tg & ((one << rn) - one)) != memo.bits[x + 4]):
        memo.rivers[q] = river
        memo.called[q] = called
        rn = 0
        nc = c0
        b1 = b2 = b3 = b4 = tm = cm = 0
    else:
        nc = c0 + memo.nrc[q]
        b1 = memo.bits[x]
        b2 = memo.bits[x + 1]
        b3 = memo.bits[x + 2]
        b4 = memo.bits[x + 3]
        tm = memo.bits[x + 4]
        cm = memo.bits[x + 5]
        if rn > 0 and not (cm >> (rn - 1)) & 1 and called[rn - 1]:
            cm |= one << (rn - 1)
            memo.roff[nc] = 19
            memo.rkind[nc] = memo.rk[r0 + rn - 1]
            memo.rval[nc] = 1.0
            nc += 1
        elif rn == nr:   # nothing new
            return
    for i in range(rn, nr):
        t = river[i]
        k = t >> 2
        memo.rk[r0 + i] = k
        j = _nth_copy(k, b1, b2, b3, b4)
        bit = one << k
        b4 |= b3 & bit
        b3 |= b2 & bit
        b2 |= b1 & bit
        b1 |= bit
        if j == 0:
            memo.roff[nc] = 21
            memo.rkind[nc] = k
            memo.rval[nc] = (i + 1) / 24.0
            nc += 1
        if j < 4:
            memo.roff[nc] = 5 + j
            memo.rkind[nc] = k
            memo.rval[nc] = 1.0
            nc += 1
        if (tg >> i) & 1:
            tm |= one << i
            memo.roff[nc] = 9
            memo.rkind[nc] = k
            memo.rval[nc] = 1.0
            nc += 1
        if called[i]:
            cm |= one << i
            memo.roff[nc] = 19
            memo.rkind[nc] = k
            memo.rval[nc] = 1.0
            nc += 1
    memo.rn[q] = nr
    memo.nrc[q] = nc - c0
    memo.bits[x] = b1
    memo.bits[x + 1] = b2
    memo.bits[x + 2] = b3
    memo.bits[x + 3] = b4
    memo.bits[x + 4] = tm
    memo.bits[x + 5] = cm


def encode_planes(st, seat: int, out, oracle: bool, tsumogiri: list = None,
                  memo: PlanesMemo = None) -> None:
    """Write the planes of seat ``seat`` of the state ``st`` into ``out`` (float32,
    ``(C, 34)``, C >= :func:`channels_of` the rules' flowers and ``oracle``: :data:`N_PLANES`
    or :data:`N_ORACLE` without flowers). The river's tsumogiri channel reads the state's
    own bits (``st.seats[q].tsumogiri``: bit ``i`` set when river tile ``i`` was discarded
    straight from the draw); ``tsumogiri``, when given, a list of such bits per seat, is read
    instead. ``memo``: the game's :class:`PlanesMemo` (the same planes, the melds and rivers
    read only where they changed since its last call; not with ``tsumogiri``)."""
    n = st.n_players
    if memo is not None and tsumogiri is None:
        if memo.rules is not st.rules:
            memo.rules = st.rules
            memo.fl = st.rules.flowers
        fl = memo.fl
    else:
        memo = None
        fl = st.rules.flowers
    # the loops below index without bounds checks: what they index is checked here
    need = channels_of(fl, oracle)
    if out.shape[0] < need or out.shape[1] != 34:
        raise IppatsuError(f"an observation buffer is ({need}, 34) or more channels, got "
                           f"({out.shape[0]}, {out.shape[1]})", "bad_obs_buffer")
    if not 0 <= seat < n:
        raise IppatsuError(f"seat {seat} of {n} players", "bad_seat")
    if tsumogiri is not None and len(tsumogiri) < n:
        raise IppatsuError(f"tsumogiri: one bit set per seat ({n}), got {len(tsumogiri)}",
                           "bad_obs_buffer")
    out[:, :] = 0.0
    # (the channel numbers and the scalars as typed locals: C arithmetic when compiled)
    one = 1
    npl = N_PLANES
    seat0 = SEAT0
    sch = SEAT_CH
    red = st._red
    phase = st.phase
    # own hand (0-3), red fives (4: how many red copies of the five are held; 1.0 at
    # most with one red per suit)
    me = st.seats[seat]   # the seat's part of the hand (table.seat.Seat)
    cnt = me.cnt
    hand = me.hand
    for t in hand:   # (the kinds held: their count's cells, written once per copy)
        k = t >> 2
        hc = cnt[k]
        out[0, k] = 1.0
        out[1, k] = 1.0 if hc >= 2 else 0.0
        out[2, k] = 1.0 if hc >= 3 else 0.0
        out[3, k] = 1.0 if hc >= 4 else 0.0
        if red[t]:
            out[4, k] += 1.0
    # the tile just drawn (5): the actor's draw at a turn; a flower drawn (ids 136-139,
    # no kind: Rules.flowers) is held outside the hand (the first flower channel)
    t = st.last_draw
    if phase is _TURN and st.actor == seat and t >= 0:
        if t < 136:
            out[5, t >> 2] = 1.0
        elif fl:
            _fill(out, npl, 1.0)
    # waits (6), furiten (7), shanten (8) of the seat's 3k+1 hand as of its last change
    w = me.waits
    for k in range(34):   # (every cell written: no branch on the bit)
        wb = (w >> k) & 1
        out[6, k] = wb
    dm = me.disc_mask
    if me.temp_furiten or me.riichi_furiten or (w & dm):
        _fill(out, 7, 1.0)
    sh = me.shanten
    _fill(out, 8, (sh + 1) / 8.0)
    # the decision: the tile answered (9), a response (10), the last dealer's stop (11)
    if phase is _RESPONSE:
        out[9, st.resp_tile >> 2] = 1.0
        _fill(out, 10, 1.0)
    elif phase is _HAND_END:
        _fill(out, 11, 1.0)
    # dora indicators (12-16)
    if memo is None:
        ind = st.wall.dora
    else:   # (a wall's indicators are one list for its hand)
        if memo.wall is not st.wall:
            memo.wall = st.wall
            memo.dora = st.wall.dora
        ind = memo.dora
    nd = st.n_dora
    if nd > 5:
        nd = 5
    if nd > len(ind):
        nd = len(ind)
    nf = 0
    for i in range(nd):
        t = ind[i]
        if t < 136:
            out[12 + i, t >> 2] = 1.0
        else:   # a flower indicator (Rules.flowers): each flower set aside scores again
            nf += 1
    # round wind (17), seat wind (18)
    kyoku = st.kyoku
    rw = kyoku // n
    if rw > 3:
        rw = 3
    out[17, 27 + rw] = 1.0
    out[18, 27 + (seat - kyoku) % n] = 1.0
    # counters (19-22)
    _fill(out, 19, kyoku / 8.0)
    _fill(out, 20, st.honba / 10.0)
    _fill(out, 21, st.deposits / 10.0)
    _fill(out, 22, st.left / 70.0)
    # the seats, from the observer's (self, right, across, left)
    for r in range(n):
        q = (seat + r) % n
        c = seat0 + r * sch
        # melds (c .. c+3 counts, c+4 red fives); the copies of each kind seen so far
        # kept as bit sets (bit k of b1 .. b4: one .. four copies of kind k seen)
        sq = st.seats[q]
        nr = len(sq.river)
        ri = sq.river_riichi
        if memo is not None and nr <= _MEMO_RIVER:
            # the memo's cells: melds (c .. c+4), river (c+5 .. c+9, c+19, c+21)
            _memo_melds(memo, sq, q, red)
            _memo_river(memo, sq, q)
            i0 = q * _MELD_CELLS
            for i in range(i0, i0 + memo.nmc[q]):
                out[c + memo.moff[i], memo.mkind[i]] = memo.mval[i]
            i0 = q * _RIVER_CELLS
            for i in range(i0, i0 + memo.nrc[q]):
                out[c + memo.roff[i], memo.rkind[i]] = memo.rval[i]
            # the last six (c+10 .. c+15, the latest first), the riichi tile (c+16)
            i0 = q * _MEMO_RIVER
            for i in range(nr - 6 if nr > 6 else 0, nr):
                out[c + 10 + nr - 1 - i, memo.rk[i0 + i]] = 1.0
            if 0 <= ri < nr:
                out[c + 16, memo.rk[i0 + ri]] = 1.0
        else:   # from the lists
            b1 = b2 = b3 = b4 = 0
            for m in sq.melds:
                tiles = m.tiles
                for t in tiles:
                    k = t >> 2
                    j = _nth_copy(k, b1, b2, b3, b4)
                    bit = one << k   # one copy more: the first set lacking it gains it
                    b4 |= b3 & bit
                    b3 |= b2 & bit
                    b2 |= b1 & bit
                    b1 |= bit
                    if j < 4:
                        out[c + j, k] = 1.0
                    if red[t]:
                        out[c + 4, k] += 1.0
            # river: counts (c+5 .. c+8), tsumogiri (c+9), the last six (c+10 .. c+15, the
            # latest first), the riichi tile (c+16), called away (c+19), the first discard of
            # each kind by turn (c+21)
            river = sq.river
            called = sq.river_called
            tg = sq.tsumogiri if tsumogiri is None else tsumogiri[q]
            b1 = b2 = b3 = b4 = 0
            for i in range(nr):
                t = river[i]
                k = t >> 2
                j = _nth_copy(k, b1, b2, b3, b4)
                bit = one << k
                b4 |= b3 & bit
                b3 |= b2 & bit
                b2 |= b1 & bit
                b1 |= bit
                if j == 0:   # the first of its kind in this river
                    out[c + 21, k] = (i + 1) / 24.0
                if j < 4:
                    out[c + 5 + j, k] = 1.0
                if (tg >> i) & 1:
                    out[c + 9, k] = 1.0
                if nr - 1 - i < 6:
                    out[c + 10 + nr - 1 - i, k] = 1.0
                if called[i]:
                    out[c + 19, k] = 1.0
            if 0 <= ri < nr:
                t = river[ri]
                out[c + 16, t >> 2] = 1.0
        # riichi declared or accepted (c+17), score (c+18), Norths (or flowers, under
        # Rules.flowers) set aside (c+20)
        if sq.riichi:
            _fill(out, c + 17, 1.0)
        sc = st.scores[q]
        _fill(out, c + 18, sc / 100000.0)
        nk = len(sq.nuki)
        if nk:
            _fill(out, c + 20, nk / 4.0)
    if fl:
        # the flower dora indicators revealed (N_PLANES + 1); the flower held: above
        if nf:
            _fill(out, npl + 1, nf / 4.0)
        if oracle:
            _encode_oracle(st, seat, out, N_PLANES_FLOWERS, True)
    elif oracle:
        _encode_oracle(st, seat, out, npl, False)


def _encode_oracle(st, seat: int, out, c: int, fl: bool) -> None:
    """The hidden information, from channel ``c`` (:data:`ORACLE0` without flowers); with
    flowers (``fl``) the flower channels after its :data:`HIDDEN_CH`."""
    n = st.n_players
    red = st._red
    f = c + HIDDEN_CH   # the hidden flower channels (fl only)
    # others' concealed hands (counts, 4 per seat, then red fives, one per seat: how
    # many red copies); a flower is never in a hand: a flower held (drawn, to be set
    # aside) is the actor's last draw
    for r in range(1, n):
        q = (seat + r) % n
        sq = st.seats[q]
        _counts(out, c + 4 * (r - 1), sq.cnt)
        for t in sq.hand:
            if red[t]:
                out[c + 12 + r - 1, t >> 2] += 1.0
        if fl and st.phase is _TURN and st.actor == q and st.last_draw >= 136:
            _fill(out, f + r - 1, 1.0)
    # the live wall: what is left to draw (counts), its next four draws
    w = st.wall
    live = w.live
    pos = live_position(st)
    stop = pos + st.left   # every draw left comes from here (replacements from its end)
    # a wall that holds fewer tiles than the game reads (a record's, which knows only
    # the drawn ones) is read as far as it goes: never past its end
    n_live = len(live)
    if stop > n_live:
        stop = n_live
    if pos < 0:
        pos = 0
    nf = 0
    for i in range(pos, stop):   # counts >= 1..4, without an array per call
        t = live[i]
        if t >= 136:   # a flower (Rules.flowers)
            nf += 1
            continue
        k = t >> 2
        j = 0
        while j < 4 and out[c + 15 + j, k] != 0.0:
            j += 1
        if j < 4:
            out[c + 15 + j, k] = 1.0
    for i in range(4):
        if pos + i < stop:
            t = live[pos + i]
            if t < 136:
                out[c + 19 + i, t >> 2] = 1.0
            elif fl:
                _fill(out, f + 4 + i, 1.0)
    # the ura indicators of the dora revealed so far
    nd = st.n_dora
    if nd > 5:
        nd = 5
    if nd > len(w.ura):
        nd = len(w.ura)
    nu = 0
    for i in range(nd):
        t = w.ura[i]
        if t < 136:
            out[c + 23 + i, t >> 2] = 1.0
        else:
            nu += 1
    if fl:
        if nf:
            _fill(out, f + 3, nf / 4.0)
        if nu:
            _fill(out, f + 8, nu / 4.0)


def live_position(st) -> int:
    """How many tiles of ``st.wall.live`` have been drawn from its front: the draws of
    the hand (``n_live - left``) less the replacement draws (one per kan and per North or
    flower set aside, the deal's flowers included). The replacement of a flower drawn as
    the last tile shortens nothing, so once no draw is left the count may be one short;
    nothing is then read from the live wall."""
    repl = st.kan_count
    for sq in st.seats:
        repl += len(sq.nuki)
    return st.wall.n_live - st.left - repl


#: reward kinds
R_POINTS = 0
R_RANK = 1
R_CALL = 2
#: encoder kinds
E_PLANES = 0
E_ORACLE = 1
E_CUSTOM = 2
E_NONE = 3


class Game:
    """One game of a :class:`~ippatsu.env.VecEnv`: its state, the seat deciding now, the
    seats still to answer a discard (in turn order) and the answers given so far.

    Game number ``g`` of env ``index`` plays the walls of ``SeedSequence(entropy,
    spawn_key=(index, g))``: the same games whatever the number of envs."""

    def __init__(self, rules, index: int, entropy: int, hand_level: bool, record: bool):
        self.rules = rules
        self.n = rules.players
        self.red = red_table(rules)
        self.lut = _lut(self.red)
        self.index = index
        self.entropy = entropy
        self.games = 0
        self.hand_level = hand_level
        self.record = record
        self.st = None
        self.seat = -1
        self.pending = []
        self.chosen = []
        self.prev = [0] * self.n
        self.reported = 0
        self.needs_reset = True
        self.decisions = 0
        self.memo = PlanesMemo()

    def new_game(self) -> None:
        """Start the next game of this env (its own seed)."""
        from ..table.state import GameState
        ss = np.random.SeedSequence(self.entropy, spawn_key=(self.index, self.games))
        self.games += 1
        self.st = GameState(self.rules, seed=ss, auto_next=False, record=self.record)
        self.prev = list(self.st.scores)
        self.reported = 0
        self.chosen = []
        self.pending = []
        self.seat = -1

    def reset_episode(self) -> None:
        """The next episode: a new game, or with hand episodes the next hand of the same
        game while it goes on."""
        self.needs_reset = False
        if self.st is None or not self.hand_level or self.st.phase is _GAME_END:
            self.new_game()
        else:
            self.prev = list(self.st.scores)

    def clear(self, row) -> None:
        """Clear the mask ``row`` of the seat that decided."""
        row[:] = 0

    def advance(self, row) -> bool:
        """Run to the next decision and write its mask into ``row`` (all False on entry);
        True when the episode ended instead."""
        st = self.st
        while True:
            ph = st.phase
            if ph is _TURN:
                self.seat = st.actor
                break
            if ph is _RESPONSE:
                n = self.n
                d = st.resp_actor
                seats = st._offers   # the seats to answer (GameState.to_act, unsorted)
                order = []
                # from the discarder's right; the discarder itself last (it answers only
                # the tenpai declaration at the draw, Rules.noten_declaration)
                for r in range(1, n + 1):
                    q = (d + r) % n
                    if q in seats:
                        order.append(q)
                self.seat = order[0]
                self.pending = order[1:]
                break
            if ph is _GAME_END:
                return True
            # HAND_END
            if self.hand_level and len(st.hand_results) > self.reported:
                self.reported = len(st.hand_results)
                return True
            self.reported = len(st.hand_results)
            if st._offers:   # the last dealer may stop (LastDealerStop.OPTIONAL)
                self.seat = st.dealer
                break
            st.next_hand()
        acts = st._offers.get(self.seat)
        if acts is None:   # a turn kept as data: its mask from its bits, no list made
            st._turn_row(row)
        else:
            _mark(acts, self.lut, self.red, row)
        return False

    def check(self, i, row=None) -> None:
        """Raise unless ``i`` is a legal index of the seat deciding now (``row``: the mask
        written for it; None: the state's legal list)."""
        if self.needs_reset:
            return
        if not 0 <= i < SIZE:
            raise IllegalActionError(f"env {self.index}: action index {i} is out of range "
                                     f"0-{SIZE - 1}", "bad_action_index")
        if row is not None and row[i]:
            return
        legal = sorted([_index(a, self.lut, self.red) for a in self.st._offered(self.seat)])
        if row is None and i in legal:
            return
        raise IllegalActionError(
            f"env {self.index}: action {i} is not legal for seat {self.seat} (legal: "
            f"{legal})", "illegal_action")

    def apply(self, i: int, row) -> bool:
        """Seat ``seat`` takes the legal index ``i`` (at a turn kept as data played by
        GameState._turn_play from the turn's data; otherwise found in the seat's legal
        list): an answer to a discard waits for the seats after it (False: the next seat's
        mask is written into ``row``); the last answer, or any other decision, steps the
        state (True)."""
        st = self.st
        ph = st.phase
        if ph is _TURN:
            if st._offers.get(self.seat) is None:   # a turn kept as data: played at once
                st._turn_play(i, self.seat)   # IllegalActionError, nothing moved, if not legal
                row[:] = 0
                self.decisions += 1
                return True
            a = st.action_of(i, self.seat)
        else:
            a = _find(st._offered(self.seat), self.lut, self.red, i)
            if a is None:   # (check passed: only a mask row changed from outside gets here)
                raise IllegalActionError(f"env {self.index}: action {i} is not legal for "
                                         f"seat {self.seat}", "illegal_action")
        row[:] = 0
        self.decisions += 1
        if ph is _RESPONSE:
            self.chosen.append(a)
            if self.pending:
                self.seat = self.pending.pop(0)
                _mark(st._offered(self.seat), self.lut, self.red, row)
                return False
            chosen = self.chosen
            self.chosen = []
            self.pending = []
            st.step(chosen)
            return True
        if ph is _TURN:   # (the state keeps which discards came from the draw: Seat)
            st.step(a)
            return True
        st.step([a])   # the last dealer's stop or pass
        return True


class Buffers:
    """The arrays a :class:`~ippatsu.env.VecEnv` shares with the loop, held as typed views
    (acquired once, not at every step): observations, masks (uint8; ``words``: the same
    seen as uint64), seats, rewards, terminated flags (uint8), the actions of the step and
    the uniforms ``u`` (float64) of :func:`random_actions`."""

    def __init__(self, obs, masks, seats, rewards, terminated, actions, u):
        self.obs = obs
        self.masks = masks
        self.words = masks.view(np.uint64)
        self.seats = seats
        self.rewards = rewards
        self.terminated = terminated
        self.actions = actions
        self.u = u


def random_actions(b) -> None:
    """``b.actions[j]``: the legal index of ``b.masks[j]`` that the uniform ``b.u[j]``
    picks (:func:`random_legal`)."""
    random_legal(b.masks, b.words, b.u, b.actions)


def first_illegal(masks, actions, done) -> int:
    """The first env ``j`` whose action ``actions[j]`` is not a legal index of its mask
    ``masks[j]`` (-1: none); envs whose episode has ended (``done[j]``) are not checked."""
    n = actions.shape[0]
    size = SIZE
    for j in range(n):
        if done[j]:
            continue
        i = actions[j]
        if i < 0 or i >= size or masks[j, i] == 0:
            return j
    return -1

def _byte_sum(w: int) -> int:
    """The sum of the eight bytes of ``w`` when each is 0 or 1 (no carry from one byte
    into the next)."""
    w += w >> 8
    w += w >> 16
    w += w >> 32
    return w & 255


def random_legal(masks, words, u, out) -> None:
    """``out[j]``: legal index number ``floor(u[j] * n)`` of the mask row ``masks[j]``
    (``n`` legal indices, in index order; 0 for a row without one), ``u[j]`` in [0, 1):
    uniform over the legal indices when ``u`` is. A row holds 0 and 1; ``words`` is
    ``masks`` seen as 64-bit words (rows of a multiple of 8 bytes), read eight indices at a
    time: a word's legal indices are the sum of its bytes."""
    ne = masks.shape[0]
    nw = words.shape[1]
    for j in range(ne):
        n = 0
        for i in range(nw):
            n += _byte_sum(int(words[j, i]))
        out[j] = 0
        if n == 0:
            continue
        k = int(u[j] * n)
        if k >= n:   # (u[j] below 1 never gets here; a rounding up would)
            k = n - 1
        for i in range(nw):
            c = _byte_sum(int(words[j, i]))
            if k < c:   # in this word: its (k+1)-th legal byte
                b = 8 * i
                if masks[j, b]:
                    k -= 1
                while k >= 0:
                    b += 1
                    if masks[j, b]:
                        k -= 1
                out[j] = b
                break
            k -= c


def run_reset(games: list, b, enc: int) -> None:
    """Start every env's episode and write the first decisions."""
    obs = b.obs
    masks = b.masks
    seats = b.seats
    for g in games:
        g.needs_reset = True
    for j in range(len(games)):
        g = games[j]
        row = masks[j]
        g.clear(row)
        g.reset_episode()
        while g.advance(row):  # an episode that ends before any decision (never so far)
            g.reset_episode()
        seats[j] = g.seat
        _encode(g, j, obs, enc)


def _encode(g, j: int, obs, enc: int) -> None:
    """The built-in encoders (the others run after the step, in Python)."""
    if enc == E_PLANES:
        encode_planes(g.st, g.seat, obs[j], False, None, g.memo)
    elif enc == E_ORACLE:
        encode_planes(g.st, g.seat, obs[j], True, None, g.memo)


def run_step(games: list, b, enc: int, rkind: int, reward, uma) -> None:
    """One decision in every env (:meth:`VecEnv.step`): ``b.actions[j]`` for env ``j``,
    the next decisions written into ``b.obs``, ``b.masks``, ``b.seats``;
    ``b.rewards[j, seat]`` and ``b.terminated[j]``. Every action is checked before any
    env moves."""
    actions = b.actions
    obs = b.obs
    masks = b.masks
    seats = b.seats
    rewards = b.rewards
    terminated = b.terminated
    ng = len(games)
    size = SIZE
    for j in range(ng):
        g = games[j]
        a = actions[j]
        if g.needs_reset or (0 <= a < size and masks[j, a]):   # (Game.check's first tests)
            continue
        g.check(a, masks[j])   # raises
    for j in range(ng):
        g = games[j]
        row = masks[j]
        for p in range(g.n):
            rewards[j, p] = 0.0
        if g.needs_reset:   # the episode ended at the last step: next-step autoreset
            g.clear(row)
            g.reset_episode()
            while g.advance(row):
                g.reset_episode()
            terminated[j] = 0
            seats[j] = g.seat
            _encode(g, j, obs, enc)
            continue
        st = g.st
        done = False
        if g.apply(actions[j], row):
            done = g.advance(row)
        if rkind == R_POINTS:
            sc = st.scores
            pv = g.prev
            for p in range(g.n):
                x = sc[p]
                y = pv[p]
                if x is not y:   # (a score left alone is the same object: its reward is 0)
                    now = x
                    was = y
                    rewards[j, p] = now - was
                    pv[p] = x
        elif rkind == R_RANK:
            if done and st.phase is _GAME_END:
                fs = st.final["scores"]
                vals = place_values(fs, st.rules.uma_in_play(fs) if uma is None else uma,
                                    st.rules.tied_placement == "split")
                for p in range(g.n):
                    rewards[j, p] = vals[p]
        else:
            vals = reward(st, g.prev)
            for p in range(g.n):
                rewards[j, p] = vals[p]
            g.prev = list(st.scores)
        terminated[j] = done
        if done:
            g.needs_reset = True
        seats[j] = g.seat
        _encode(g, j, obs, enc)
