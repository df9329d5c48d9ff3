# score(): the compiled edge of ippatsu.scoring.score, a unit of its own: included
# textually by _core.pyx (``include "_score_edge.pxi"``), so it compiles into the same
# module with the same C as when it was written there, and reads the declarations
# _core.pyx cimports (_core.pxd) and the helpers defined before the include.

# ---------------------------------------------------------------------------------------
# score(): the compiled edge of ippatsu.scoring.score
#
# One road for every accepted input: a Hand, a list / tuple of 136-ids or plain notation
# for the hand; Meld objects, (type, ids) / (type, notation) pairs or meld text for the
# melds; a 136-id or one tile of notation for the winning tile; ids or notation for the
# indicators. The plain road (_score_road) reads them once into tile ids (notation takes
# ids in the copy order of ippatsu.tiles), packs the situation into one ipt_score_in_t,
# runs the kernel and builds the ScoreResult here. Anything it does not take (an error to
# name, liability, three players, a situation given as non-bools, numpy scalars...) goes
# to the compiled general part (_score_general.pxi), which gives the same result or names
# the error as the pure-Python twin's road does. Nothing here calls back into
# ippatsu.scoring: it hands down its classes and tables once (bind_scoring), and that is
# all.

cdef dict _MT_CODES = dict(_codes.MELD_TYPE_NAMES)  # meld type name -> code

cdef object _SR = None              # ScoreResult
cdef object _RulesCls = None
cdef object _default_rules = None
cdef object _MeldCls = None
cdef dict _MELD_ENUM = {}           # MeldType member -> meld code
cdef list _MELD_MEMBERS = []        # (member, code): found by identity (an Enum's hash is
                                    # a Python-level call)
cdef dict _meld_names = {}          # scoring's meld type names -> meld code
# meld text -> (code, notation): a few thousand texts exist (type x tiles x who called),
# Meld.parse runs once per text
cdef dict _meld_text_cache = {}
cdef object _items_closed = None, _items_open = None, _items_ym1 = None, _items_ym2 = None
cdef tuple _LIMIT_NAMES = (), _FORM_NAMES = (), _WAIT_NAMES = ()
cdef object _new_object = object.__new__
cdef object _SR_dict = None         # ScoreResult's __dict__ descriptor (ipt_set_dict)
cdef uint64_t _PINFU_BIT = (<uint64_t> 1) << Y_PINFU
cdef int _bound = 0


def bind_scoring(score_result, rules_cls, default_rules, hand_cls, meld_cls, meld_names,
                 items, limits, forms, waits, pinfu_bit):
    """Called once by ippatsu.scoring: the classes and tables the compiled edge builds
    with (never a function of ippatsu.scoring: score() does not call back into it)."""
    global _SR, _SR_dict, _RulesCls, _default_rules, _MeldCls, _bound
    global _PINFU_BIT, _items_closed, _items_open, _items_ym1, _items_ym2, _LIMIT_NAMES
    global _FORM_NAMES, _WAIT_NAMES, _Hand, _meld_names
    global _ALL_DOUBLE
    _ALL_DOUBLE = rules_cls().double_mask
    _Hand = hand_cls
    _meld_names = dict(meld_names)
    _SR = score_result
    # the descriptor object.__setattr__(r, "__dict__", d) would find on the class
    _SR_dict = next(k.__dict__["__dict__"] for k in score_result.__mro__
                    if "__dict__" in k.__dict__)
    if not ipt_settable(_SR_dict):
        raise TypeError(f"{score_result.__name__} has no settable __dict__")
    _RulesCls = rules_cls
    _default_rules = default_rules
    _MeldCls = meld_cls
    _MELD_ENUM.clear()
    _MELD_MEMBERS.clear()
    for member in type(meld_cls("pon", "111z").type):
        _MELD_ENUM[member] = _MT_CODES[member.value]
        _MELD_MEMBERS.append((member, _MT_CODES[member.value]))
    # the (name, han) items by yaku id, as tuples indexed by the id
    _items_closed, _items_open, _items_ym1, _items_ym2 = [
        tuple([t.get(i) for i in range(max(t) + 1 if t else 0)]) for t in items]
    _LIMIT_NAMES = tuple(limits)
    _FORM_NAMES = tuple(forms)
    _WAIT_NAMES = tuple(waits)
    _PINFU_BIT = pinfu_bit
    _bind_general()
    _bound = 1


# the rules of the last call, unpacked once per Rules object
cdef object _r_obj = None
cdef ipt_rules_t _r_c
cdef object _ALL_DOUBLE = None      # Rules().double_mask: every double pattern doubles
cdef int _r_red = 0, _r_ura = 0, _r_dbl = 0
cdef long _r_hts = 0, _r_hrn = 0, _r_dep = 0


cdef int _rules_load(object rules) except -1:
    """Unpack a Rules; 0 done, 1 when a field is not a plain int (the general part)."""
    global _r_obj, _r_red, _r_ura, _r_dbl, _r_hts, _r_hrn, _r_dep
    if rules is _r_obj:
        return 0
    if rules.players != 4:
        return 1  # three players (payments, dora after 1m, nukidora): the general part
    if rules.aotenjou or rules.double_mask not in (0, _ALL_DOUBLE) \
            or not rules.ippatsu_yaku or rules.red_five_counts is not None:
        return 1  # no limits, some patterns double, no ippatsu, reds counted per suit
        # (Rules.red_five_counts: which tiles are red depends on how they were given): the
        # general part
    hts, hrn, dep, dwp = rules.honba_tsumo, rules.honba_ron, rules.riichi_deposit, \
        rules.double_wind_pair_fu
    if type(hts) is not int or type(hrn) is not int or type(dep) is not int \
            or type(dwp) is not int:
        return 1
    core_fill_rules(rules, &_r_c)
    _r_red = bool(rules.red_fives)
    _r_ura = bool(rules.ura_dora)
    _r_dbl = bool(rules.double_mask)
    _r_hts, _r_hrn, _r_dep = hts, hrn, dep
    _r_obj = rules
    return 0


cdef inline int _dora_kind_next(int k) noexcept nogil:
    return _dora_next(k)


cdef inline int _take(uint64_t *used, int t) noexcept nogil:
    """Mark id t used; 0 if it already was."""
    if used[t >> 6] & ((<uint64_t> 1) << (t & 63)):
        return 0
    used[t >> 6] |= (<uint64_t> 1) << (t & 63)
    return 1


cdef int _scan_plain(str text, int *kinds, int *reds, int cap) except -2:
    """Plain notation (runs of digits, each closed by m / p / s / z; nothing else) into
    kinds in written order (reds[i] = 1 for a red five); -1 for anything else."""
    cdef int n = 0, start = 0, i, d, suit
    cdef Py_ssize_t L = len(text)
    cdef Py_UCS4 ch
    cdef int digs[16]
    cdef int nd = 0
    for ch in text:
        if ch >= u'0' and ch <= u'9':
            if nd == 16:
                return -1
            digs[nd] = <int> ch - 48
            nd += 1
        elif ch == u'm' or ch == u'p' or ch == u's' or ch == u'z':
            if nd == 0 or n + nd > cap:
                return -1
            suit = 0 if ch == u'm' else 1 if ch == u'p' else 2 if ch == u's' else 3
            for i in range(nd):
                d = digs[i]
                if suit == 3:
                    if d < 1 or d > 7:
                        return -1
                    kinds[n] = 26 + d
                    reds[n] = 0
                elif d == 0:
                    kinds[n] = suit * 9 + 4
                    reds[n] = 1
                else:
                    kinds[n] = suit * 9 + d - 1
                    reds[n] = 0
                n += 1
            nd = 0
        else:
            return -1
    if nd:
        return -1
    return n


cdef int _alloc_specs(const int *kinds, const int *reds, int n, uint64_t *used,
                      int *ids) noexcept:
    """ippatsu.tiles' copy order: red fives first (copy 0), then each ordinary tile the
    lowest free copy (an ordinary five takes copy 0 last). 0 when a copy is missing."""
    cdef int i, c, t, k
    for i in range(n):
        if reds[i]:
            t = kinds[i] * 4
            if not _take(used, t):
                return 0
            ids[i] = t
    for i in range(n):
        if not reds[i]:
            k = kinds[i]
            ids[i] = -1
            for c in range(4):
                t = k * 4 + ((c + 1) & 3 if k == 4 or k == 13 or k == 22 else c)
                if _take(used, t):
                    ids[i] = t
                    break
            if ids[i] < 0:
                return 0
    return 1


cdef int _ids_plain(object seq, int *ids, int cap) except -2:
    """A list / tuple of plain ints 0-135 into ids; -1 otherwise."""
    cdef Py_ssize_t i, n
    cdef long t
    cdef object x
    if type(seq) is not list and type(seq) is not tuple:
        return -1
    n = len(seq)
    if n > cap:
        return -1
    for i in range(n):
        x = seq[i]
        if type(x) is not int:
            return -1
        t = ipt_py_small(x)
        if t < 0 or t >= 136:
            return -1
        ids[i] = <int> t
    return <int> n


cdef int _tiles_of(object tiles, uint64_t *used, int *ids, int cap, int *last) except -2:
    """Ids of tiles given as plain ids (kept, must be free) or plain notation (free copies
    in the copy order), marked in used; -1 when irregular. last: the last written tile."""
    cdef int kinds[14]
    cdef int reds[14]
    cdef int n, i
    if type(tiles) is str:
        n = _scan_plain(<str> tiles, kinds, reds, cap)
        if n < 0 or not _alloc_specs(kinds, reds, n, used, ids):
            return -1
        if n:
            last[0] = kinds[n - 1] * 4 + (0 if reds[n - 1] else 1)
        return n
    n = _ids_plain(tiles, ids, cap)
    if n < 0:
        return -1
    for i in range(n):
        if not _take(used, ids[i]):
            return -1
    if n:
        last[0] = ids[n - 1]
    return n


cdef inline int _is_red(int t) noexcept nogil:
    return t == IPT_RED_ID_M or t == IPT_RED_ID_P or t == IPT_RED_ID_S


cdef int _free_win_id(object win_tile, uint64_t *used) except -2:
    """The id a winning tile given apart takes (marked in used), as
    scoring._with_win_tile picks it; -1 when irregular or taken (the general part names
    it)."""
    cdef long v
    cdef int k, red, c, t
    if type(win_tile) is int:
        v = ipt_py_small(win_tile)
        if v < 0 or v >= 136 or not _take(used, <int> v):
            return -1
        return <int> v
    if type(win_tile) is not str or _scan_plain(<str> win_tile, &k, &red, 1) != 1:
        return -1
    if red:
        return k * 4 if _take(used, k * 4) else -1
    for c in range(4):
        t = k * 4 + c
        if not _is_red(t) and _take(used, t):
            return t
    if _is_red(k * 4) and _take(used, k * 4):
        return k * 4
    return -1


cdef long _ceil100(long x) noexcept nogil:
    return (x + 99) // 100 * 100


cdef int _indicator_kinds(object x, uint8_t *ind, uint64_t *taken) except -2:
    """Add the kinds of indicators (plain ids, or plain notation under the copy rules) into
    ind; -1 when irregular. An id already in taken (the hand's, or an earlier indicator's)
    is irregular: the general part decides whether it is a duplicate_id (notation copies
    are not the caller's ids). Ids are marked in taken."""
    cdef int kinds[14]
    cdef int reds[14]
    cdef int ids[14]
    cdef uint64_t used[3]
    cdef int n, i
    cdef long d
    if type(x) is str:
        used[0] = used[1] = used[2] = 0
        n = _scan_plain(<str> x, kinds, reds, 14)
        if n < 0 or not _alloc_specs(kinds, reds, n, used, ids):
            return -1
        for i in range(n):
            ind[kinds[i]] += 1
        return n
    if type(x) is not list and type(x) is not tuple:
        return -1
    for y in x:
        if type(y) is not int:
            return -1
        d = ipt_py_small(y)
        if d < 0 or d >= 136 or not _take(taken, <int> d):
            return -1
        ind[d >> 2] += 1
    return len(x)


cdef int _situation_bad(unsigned int flags, int closed, int kan, int meld,
                        int dealer) noexcept nogil:
    """1 when _situation_message names something impossible about these flags
    (the same tests in the same order; Python then raises the error), else 0."""
    cdef unsigned int tsumo = flags & IPT_F_TSUMO
    cdef unsigned int any_riichi = flags & IPT_F_ANY_RIICHI
    if not (flags & ~IPT_F_TSUMO):
        return 0
    if any_riichi and not closed:
        return 1
    if (flags & IPT_F_IPPATSU) and not any_riichi:
        return 1
    if (flags & IPT_F_RINSHAN) and (not tsumo or not kan):
        return 1
    if (flags & IPT_F_HAITEI) and (not tsumo or (flags & IPT_F_RINSHAN)):
        return 1
    if (flags & IPT_F_HOUTEI) and tsumo:
        return 1
    if (flags & IPT_F_CHANKAN) and (tsumo or (flags & IPT_F_HOUTEI)):
        return 1
    if (flags & IPT_F_TENHOU) and (flags & IPT_F_CHIIHOU):
        return 1
    if (flags & IPT_F_TENHOU) and not dealer:
        return 1
    if (flags & IPT_F_CHIIHOU) and dealer:
        return 1
    if flags & (IPT_F_TENHOU | IPT_F_CHIIHOU):
        if not tsumo or any_riichi or (flags & IPT_F_IPPATSU):
            return 1
    if flags & IPT_F_LOCAL:  # the local yaku (docs/rules.md §12)
        if (flags & IPT_F_RENHOU) and (tsumo or dealer or meld or any_riichi
                                       or (flags & (IPT_F_TENHOU | IPT_F_CHIIHOU))):
            return 1
        if (flags & IPT_F_PAARENCHAN) and not dealer:
            return 1
        if (flags & IPT_F_OPEN_RIICHI) and not any_riichi:
            return 1
        if (flags & IPT_F_SASHIKOMI) and (tsumo or not (flags & IPT_F_OPEN_RIICHI)):
            return 1
    return 0


cdef inline object _meld_code(object member):
    """The meld code of a MeldType member (None for anything else)."""
    for pair in _MELD_MEMBERS:
        if (<tuple> pair)[0] is member:
            return (<tuple> pair)[1]
    return None


cdef inline int _flag(object x, int bit, unsigned int *flags) noexcept:
    """A situation flag given as a bool; 1 for anything else (the general part)."""
    if x is True:
        flags[0] |= 1u << bit
        return 0
    return x is not False


cdef extern from *:
    """
    /* object.__setattr__(obj, "__dict__", d) with the class's __dict__ descriptor found
       once (_SR_dict): its __set__ slot, which every CPython honours. (Not
       PyObject_GenericSetDict: on CPython 3.13 that swaps the dict pointer but leaves
       the object's inline attribute values in force, and the object has no attributes
       at all.) */
    static int ipt_set_dict(PyObject *descr, PyObject *obj, PyObject *d) {
        return Py_TYPE(descr)->tp_descr_set(descr, obj, d);
    }
    static int ipt_settable(PyObject *descr) {
        return Py_TYPE(descr)->tp_descr_set != NULL;
    }
    """
    int ipt_set_dict(object descr, object obj, object d) except -1
    bint ipt_settable(object descr)


cdef extern from *:
    """
    /* object.__new__(cls) for a class whose __new__ is object's: its tp_new slot, called
       without the Python-level call (argument tuple, method wrapper) */
    static PyObject *ipt_new_instance(PyObject *cls) {
        PyObject *empty = PyTuple_New(0), *r;
        if (empty == NULL) return NULL;
        r = ((PyTypeObject *) cls)->tp_new((PyTypeObject *) cls, empty, NULL);
        Py_DECREF(empty);
        return r;
    }
    """
    object ipt_new_instance(object cls)


include "_score_general.pxi"


def score_fast(object hand, object win_tile, object melds, object tsumo, object riichi,
               object double_riichi, object ippatsu, object haitei, object houtei,
               object rinshan, object chankan, object tenhou, object chiihou,
               object seat_wind, object round_wind, object dora_indicators,
               object ura_indicators, object honba, object deposits, object discarder,
               object pao, object rules, object raise_on_no_yaku):
    """The plain road of ``score`` alone (same arguments, in order): its ScoreResult, or
    None for an input it leaves to the compiled general part (tests read which road an
    input takes; ``score`` itself never calls this)."""
    return _score_road(hand, win_tile, melds, tsumo, riichi, double_riichi, ippatsu, haitei,
                       houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind,
                       dora_indicators, ura_indicators, honba, deposits, discarder, pao,
                       rules, raise_on_no_yaku)


def score(hand, win_tile=None, *, melds=(), tsumo=False, riichi=False, double_riichi=False,
          ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False,
          tenhou=False, chiihou=False, seat_wind=0, round_wind=0, dora_indicators=(),
          ura_indicators=(), honba=0, deposits=0, discarder=None, pao=None, rules=None,
          raise_on_no_yaku=True, nukidora=0, renhou=False, paarenchan=False,
          open_riichi=False, sashikomi=False, flowers=0):
    """ippatsu.scoring.score with the compiled core (its docstring and signature are
    copied there): the plain road, else the compiled general part; one call from Python,
    none back."""
    cdef unsigned int local = 0
    if renhou is not False or paarenchan is not False or open_riichi is not False \
            or sashikomi is not False:
        # the local yaku's situations (docs/rules.md §12): the general part
        local = _local_flags(renhou, paarenchan, open_riichi, sashikomi)
    if nukidora is 0 and flowers is 0 and local == 0:
        r = _score_road(hand, win_tile, melds, tsumo, riichi, double_riichi, ippatsu,
                        haitei, houtei, rinshan, chankan, tenhou, chiihou, seat_wind,
                        round_wind, dora_indicators, ura_indicators, honba, deposits,
                        discarder, pao, rules, raise_on_no_yaku)
        if r is not None:
            return r
    return _score_general(hand, win_tile, melds, tsumo, riichi, double_riichi, ippatsu,
                          haitei, houtei, rinshan, chankan, tenhou, chiihou, seat_wind,
                          round_wind, dora_indicators, ura_indicators, honba, deposits,
                          discarder, pao, rules, raise_on_no_yaku, nukidora, local,
                          flowers)


cdef object _score_road(object hand, object win_tile, object melds, object tsumo,
                        object riichi, object double_riichi, object ippatsu, object haitei,
                        object houtei, object rinshan, object chankan, object tenhou,
                        object chiihou, object seat_wind, object round_wind,
                        object dora_indicators, object ura_indicators, object honba,
                        object deposits, object discarder, object pao, object rules,
                        object raise_on_no_yaku):
    cdef uint64_t used[3]
    cdef uint8_t conc[34]
    cdef uint8_t full[34]
    cdef uint8_t dind[34]
    cdef uint8_t uind[34]
    cdef int ids[14]
    cdef int mids[4]
    cdef int red = 0, n, k, i, t, kmin, nm = 0, closed = 1, kan = 0, win, dora = 0, ura = 0
    cdef int last = -1
    cdef int seat, rnd, mt, mred, j
    cdef long hb, dep, disc = -1, total, dshare, nshare, base, v
    cdef unsigned int flags = 0
    cdef uint64_t mask, ym, bits
    cdef ipt_score_in_t inp
    cdef ipt_score_out_t out
    cdef long pay[4]
    if not _bound or pao is not None:
        return None
    # ---- the situation: plain bools and ints only
    if rules is None:
        rules = _default_rules
    elif type(rules) is not _RulesCls:
        return None
    if _rules_load(rules):
        return None
    if _flag(tsumo, 0, &flags) or _flag(riichi, 1, &flags) \
            or _flag(double_riichi, 2, &flags) or _flag(ippatsu, 3, &flags) \
            or _flag(haitei, 4, &flags) or _flag(houtei, 5, &flags) \
            or _flag(rinshan, 6, &flags) or _flag(chankan, 7, &flags) \
            or _flag(tenhou, 8, &flags) or _flag(chiihou, 9, &flags):
        return None
    if type(seat_wind) is not int or type(round_wind) is not int or type(honba) is not int \
            or type(deposits) is not int:
        return None
    v = ipt_py_small(seat_wind)
    if v < 0 or v > 3:
        return None
    seat = v
    v = ipt_py_small(round_wind)
    if v < 0 or v > 3:
        return None
    rnd = v
    hb = ipt_py_small(honba)
    dep = ipt_py_small(deposits)
    if hb < 0 or dep < 0:
        return None
    if discarder is not None:
        if type(discarder) is not int:
            return None
        disc = ipt_py_small(discarder)
        if disc < 0 or disc > 3 or disc == seat or (flags & 1):
            return None
    if raise_on_no_yaku is not True and raise_on_no_yaku is not False:
        return None
    # ---- the tiles
    used[0] = used[1] = used[2] = 0
    memset(conc, 0, 34)
    memset(full, 0, 34)
    if type(hand) is _Hand and _Hand is not None:
        if win_tile is None or (melds and hand.melds):
            return None
        if hand.melds:
            melds = hand.melds
        hand = hand.ids
    if type(melds) is not list and type(melds) is not tuple:
        return None
    if len(melds) > 4:
        return None
    mlist = []
    for m in melds:
        if type(m) is str:
            hit = _meld_text_cache.get(m)
            if hit is None:
                try:
                    pm = _MeldCls.parse(m)
                except IppatsuError:
                    return None
                # text melds take free copies of their tiles, like notation
                hit = (_MELD_ENUM.get(pm.type), _format_tiles(pm.tiles))
                if len(_meld_text_cache) >= 8192:
                    _meld_text_cache.clear()
                _meld_text_cache[m] = hit
            code, tiles = hit
        elif type(m) is tuple and len(<tuple> m) == 2 and type((<tuple> m)[0]) is str:
            code = _meld_names.get((<tuple> m)[0])
            if code is None:
                code = _meld_names.get((<str> (<tuple> m)[0]).lower())
            tiles = (<tuple> m)[1]
        elif type(m) is _MeldCls:
            code = _meld_code(m.type)
            tiles = m.tiles
        else:
            return None
        if code is None:
            return None
        mt = code
        n = _tiles_of(tiles, used, mids, 4, &last)
        if n != (3 if mt <= 1 else 4):
            return None
        kmin = 34
        mred = 0
        for i in range(n):
            if (mids[i] >> 2) < kmin:
                kmin = mids[i] >> 2
            mred += _is_red(mids[i])
        if mt == 0:
            if kmin >= 27 or kmin % 9 > 6:
                return None
            for j in range(3):
                for i in range(3):
                    if mids[i] >> 2 == kmin + j:
                        break
                else:
                    return None
            full[kmin] += 1
            full[kmin + 1] += 1
            full[kmin + 2] += 1
            closed = 0
        else:
            for i in range(n):
                if mids[i] >> 2 != kmin:
                    return None
            full[kmin] += n
            if mt != 3:
                closed = 0
            if n == 4:
                kan = 1
        red += mred
        inp.meld_type[nm] = mt
        inp.meld_kind[nm] = kmin
        nm += 1
        mlist.append((mt, kmin, mred, tuple([mids[i] for i in range(n)])
                      if type(tiles) is str else tuple(tiles)))
    last = -1
    n = _tiles_of(hand, used, ids, 14, &last)
    if n == 13 - 3 * nm and win_tile is not None:
        # the waiting hand and its winning tile apart: the tile joins the hand (an id not
        # yet used; notation a free copy, an ordinary one before the red five)
        t = _free_win_id(win_tile, used)
        if t < 0:
            return None
        ids[n] = t
        n += 1
    if n != 14 - 3 * nm:
        return None
    for i in range(n):
        conc[ids[i] >> 2] += 1
        red += _is_red(ids[i])
    if win_tile is None:
        if last < 0:
            return None
        win = last >> 2
    elif type(win_tile) is int:
        v = ipt_py_small(win_tile)
        if v < 0 or v >= 136:
            return None
        win = v >> 2
    elif type(win_tile) is str:
        if _scan_plain(<str> win_tile, &k, &i, 1) != 1:
            return None
        win = k
    else:
        return None
    if conc[win] == 0:
        return None
    for k in range(34):
        full[k] += conc[k]
        if full[k] > 4:
            return None
    memset(dind, 0, 34)
    memset(uind, 0, 34)
    if _indicator_kinds(dora_indicators, dind, used) < 0 \
            or _indicator_kinds(ura_indicators, uind, used) < 0:
        return None
    for k in range(34):
        if dind[k] or uind[k]:
            if full[k] + dind[k] + uind[k] > 4:
                return None  # a fifth copy through the indicators: the general part names it
            j = full[_dora_kind_next(k)]
            dora += j * dind[k]
            ura += j * uind[k]
    if flags & ~7u:
        if _situation_bad(flags, closed, kan, nm > 0, seat == 0):
            _check_situation(flags, mlist, seat)  # names what is impossible (raises)
    elif (flags & IPT_F_ANY_RIICHI) and not closed:
        return None  # riichi on an open hand: the general part names it
    if not _r_red:
        red = 0
    if not (_r_ura and closed and (flags & IPT_F_ANY_RIICHI)):
        ura = 0
    # ---- the kernel
    memcpy(inp.counts, conc, 34)
    inp.win = win
    inp.n_melds = nm
    inp.flags = flags
    inp.seat_wind = seat
    inp.round_wind = rnd
    inp.bonus = dora + ura + red
    ipt_score(&inp, &_r_c, &out)
    if out.code == 1:
        return None  # not complete: the general part raises not_agari
    # ---- the result (scoring._build_result, the same object)
    mask = out.yaku
    ym = out.yakuman_mask
    han = out.han
    error = None
    if ym:
        table = _items_ym2 if _r_dbl else _items_ym1
        dora = ura = red = 0
        bits = ym
    else:
        table = _items_closed if closed else _items_open
        bits = mask
    ylist = []
    while bits:
        i = 0
        while not (bits >> i) & 1:
            i += 1
        ylist.append(i)
        bits &= bits - 1
    yaku_ids = tuple(ylist)
    yaku = PyTuple_New(len(ylist))
    for i in range(len(ylist)):
        item = (<tuple> table)[<int> ylist[i]]
        Py_INCREF(item)
        PyTuple_SET_ITEM(yaku, i, item)
    if not mask and not ym:
        if raise_on_no_yaku:
            return None  # the general part raises no_yaku
        error = "no_yaku"
        han = 0
        dora = ura = red = 0
    base = out.base
    dealer = seat == 0
    total = dshare = nshare = 0
    if base:
        if not (flags & 1):
            total = _ceil100(base * (6 if dealer else 4))
        elif dealer:
            nshare = _ceil100(base * 2)
            total = nshare * 3
        else:
            dshare = _ceil100(base * 2)
            nshare = _ceil100(base)
            total = dshare + 2 * nshare
    tsumo_b = bool(flags & 1)
    cost = {"dealer": dshare, "non_dealer": nshare} if tsumo_b else {"ron": total}
    payments = None
    if error is None and (tsumo_b or disc >= 0):
        pay[0] = pay[1] = pay[2] = pay[3] = 0
        if tsumo_b:
            for i in range(4):
                if i != seat:
                    if base:
                        pay[i] -= dshare if (i == 0 and not dealer) else nshare
                    pay[i] -= _r_hts * hb
        else:
            if base:
                pay[disc] -= total
            pay[disc] -= _r_hrn * hb
        pay[seat] = -(pay[0] + pay[1] + pay[2] + pay[3]) + dep * _r_dep
        payments = (pay[0], pay[1], pay[2], pay[3])
    if out.form == 0:
        reading = (out.pair, tuple([out.runs[i] for i in range(out.n_runs)]),
                   tuple([out.trips[i] for i in range(out.n_trips)]))
    else:
        reading = None
    # the same object ScoreResult(...) builds (scoring._build_result), its __dict__ set
    # in one step: object.__setattr__(r, "__dict__", {...}) through the class's __dict__
    # descriptor (tests/test_score_result.py reads every attribute)
    r = ipt_new_instance(_SR)  # object.__new__(ScoreResult)
    ipt_set_dict(_SR_dict, r, {
        "han": han, "fu": out.fu, "yaku": yaku, "yaku_ids": yaku_ids, "dora": dora,
        "ura": ura, "red": red, "yakuman": out.yakuman, "limit": _LIMIT_NAMES[out.limit],
        "points": total, "cost": cost, "payments": payments, "dealer": dealer,
        "tsumo": tsumo_b, "form": _FORM_NAMES[out.form], "wait": _WAIT_NAMES[out.wait],
        "error": error,
        "_detail": (out.form, reading, PyBytes_FromStringAndSize(<char *> conc, 34), mlist,
                    out.wait, tsumo_b,
                    bool(closed), bool(mask & _PINFU_BIT), 27 + seat, 27 + rnd, rules, win)})
    return r
