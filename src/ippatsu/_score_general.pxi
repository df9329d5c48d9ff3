# score()'s general part, compiled: every input the plain road of _score_edge.pxi does
# not take (an error to name, a waiting hand and its winning tile apart, three players,
# nukidora, the local yaku, liability, a preset name, rules the plain road does not
# unpack, winds as letters, numpy scalars, flags that are not bools, mixed indicator
# lists, any iterable of tiles or melds...). Included by _score_edge.pxi, so it compiles
# into ippatsu._core: score() crosses from Python into compiled code once, whatever it is
# given, and never calls back into ippatsu.scoring. It reads the hand through the one
# input edge (ippatsu.hand: melds_of, then Hand; ippatsu.tiles for ids and notation) and
# checks in the order and with the words of the pure-Python twin's road
# (ippatsu.scoring._score_general), which keeps its own copy for IPPATSU_PURE_PYTHON=1;
# tests compare the two on every input form and every error.

import re as _re

# the Python helpers of the input edge (bound once by bind_scoring)
cdef object _melds_of = None, _rules_of = None, _SANMA_SPLIT = None
cdef object _as_ids = None, _check_id = None, _parse_kinds = None, _parse_tile = None
cdef object _parse_tiles = None, _parse_wind = None, _tile_name = None
cdef int _MAX_MELDS = 4
cdef tuple _YAKUMAN_ROWS = ()       # (id, name, multiple) of each yakuman row
cdef object _ITEM_YM2_MAP = None    # yaku id -> (name, 13 x multiple), yakuman rows
cdef int _RENHOU_ID = 0
cdef frozenset _RED_IDS = frozenset(_codes.RED_FIVE_IDS)
cdef frozenset _SANMA_ABSENT = frozenset(_codes.SANMA_ABSENT_KINDS)   # 2m-8m
cdef tuple _SEATS4 = (0, 1, 2, 3)
cdef tuple _SEATS3 = (0, 1, 2)
cdef object _rules_dbl_obj = None   # the last Rules whose double_mask was read
cdef object _rules_dbl = 0


cdef void _bind_general() except *:
    global _melds_of, _rules_of, _SANMA_SPLIT, _as_ids, _check_id, _parse_kinds
    global _parse_tile, _parse_tiles, _parse_wind, _tile_name, _MAX_MELDS, _YAKUMAN_ROWS
    global _ITEM_YM2_MAP, _RENHOU_ID
    from .hand import MAX_MELDS, melds_of
    from .rules import SanmaTsumo, rules_of
    from .tiles import as_ids, check_id, parse_kinds, parse_tile, parse_tiles, parse_wind, \
        tile_name
    from .yaku import BY_NAME, YAKUMAN
    _melds_of, _rules_of, _SANMA_SPLIT = melds_of, rules_of, SanmaTsumo.SPLIT
    _as_ids, _check_id, _parse_kinds, _parse_tile = as_ids, check_id, parse_kinds, parse_tile
    _parse_tiles, _parse_wind, _tile_name = parse_tiles, parse_wind, tile_name
    _MAX_MELDS = MAX_MELDS
    _YAKUMAN_ROWS = tuple([(y.id, y.name, y.yakuman) for y in YAKUMAN])
    _ITEM_YM2_MAP = {y.id: (y.name, 13 * y.yakuman) for y in YAKUMAN}
    _RENHOU_ID = BY_NAME["renhou"].id


cdef object _double_mask(object rules):
    """rules.double_mask (a property), read once per Rules object."""
    global _rules_dbl_obj, _rules_dbl
    if rules is not _rules_dbl_obj:
        _rules_dbl = rules.double_mask
        _rules_dbl_obj = rules
    return _rules_dbl


cdef unsigned int _truth_flags(object tsumo, object riichi, object double_riichi,
                               object ippatsu, object haitei, object houtei, object rinshan,
                               object chankan, object tenhou, object chiihou) except? 0xffffffff:
    """The flag word of the situation, each flag by its truth value (_codes.flags_of)."""
    cdef unsigned int f = 0
    if tsumo:
        f |= IPT_F_TSUMO
    if riichi:
        f |= IPT_F_RIICHI
    if double_riichi:
        f |= IPT_F_DOUBLE_RIICHI
    if ippatsu:
        f |= IPT_F_IPPATSU
    if haitei:
        f |= IPT_F_HAITEI
    if houtei:
        f |= IPT_F_HOUTEI
    if rinshan:
        f |= IPT_F_RINSHAN
    if chankan:
        f |= IPT_F_CHANKAN
    if tenhou:
        f |= IPT_F_TENHOU
    if chiihou:
        f |= IPT_F_CHIIHOU
    return f


cdef unsigned int _local_flags(object renhou, object paarenchan, object open_riichi,
                               object sashikomi) except? 0xffffffff:
    cdef unsigned int f = 0
    if renhou:
        f |= IPT_F_RENHOU
    if paarenchan:
        f |= IPT_F_PAARENCHAN
    if open_riichi:
        f |= IPT_F_OPEN_RIICHI
    if sashikomi:
        f |= IPT_F_SASHIKOMI
    return f


cdef object _int_arg(object x, str name):
    """An integer argument given as int / numpy integer (bool, float, str refused)."""
    if isinstance(x, bool) or not hasattr(x, "__index__") or type(x).__name__ == "bool_":
        raise IppatsuError(f"{name} must be an integer, got {type(x).__name__} {x!r:.40}",
                           "bad_wind" if "wind" in name else "bad_seat"
                           if name in ("discarder", "pao") else "bad_counter")
    return x.__index__()


cdef str _situation_message(unsigned int flags, bint closed, bint kan, bint meld,
                            bint dealer):
    """What is impossible about these situation flags (None when they fit the hand): the
    words of ippatsu.scoring.situation_message, in its order."""
    cdef unsigned int tsumo = flags & IPT_F_TSUMO
    cdef unsigned int any_riichi = flags & IPT_F_ANY_RIICHI
    if any_riichi and not closed:
        return "riichi on an open hand"
    if flags & IPT_F_IPPATSU and not any_riichi:
        return "ippatsu without riichi"
    if flags & IPT_F_RINSHAN and not tsumo:
        return "rinshan kaihou on a ron (it is a win on a kan's replacement draw)"
    if flags & IPT_F_RINSHAN and not kan:
        return "rinshan kaihou on a hand with no kan"
    if flags & IPT_F_HAITEI and not tsumo:
        return "haitei on a ron (the ron on the last discard is houtei)"
    if flags & IPT_F_HAITEI and flags & IPT_F_RINSHAN:
        return "haitei on a rinshan draw (no haitei for a replacement tile, RULES.md 4)"
    if flags & IPT_F_HOUTEI and tsumo:
        return "houtei on a tsumo (the tsumo on the last tile is haitei)"
    if flags & IPT_F_CHANKAN and tsumo:
        return "chankan on a tsumo (chankan robs a kan: a ron)"
    if flags & IPT_F_CHANKAN and flags & IPT_F_HOUTEI:
        return "chankan and houtei together"
    if flags & IPT_F_TENHOU and flags & IPT_F_CHIIHOU:
        return "tenhou and chiihou together"
    if flags & IPT_F_TENHOU and not dealer:
        return "tenhou for a non-dealer (a non-dealer's first-draw win is chiihou)"
    if flags & IPT_F_CHIIHOU and dealer:
        return "chiihou for the dealer (the dealer's is tenhou)"
    if flags & (IPT_F_TENHOU | IPT_F_CHIIHOU):
        name = "tenhou" if flags & IPT_F_TENHOU else "chiihou"
        if not tsumo:
            return f"{name} on a ron"
        if any_riichi or flags & IPT_F_IPPATSU:
            return f"{name} with riichi / ippatsu (a first-draw win comes before any riichi)"
    if flags & IPT_F_LOCAL:
        if flags & IPT_F_RENHOU:
            if tsumo:
                return "renhou on a tsumo (it is a ron before the winner's first draw)"
            if dealer:
                return "renhou for the dealer (the dealer's first-turn win is tenhou)"
            if meld:
                return "renhou with a declared meld (no call comes before it)"
            if any_riichi or flags & (IPT_F_TENHOU | IPT_F_CHIIHOU):
                return "renhou with riichi, tenhou or chiihou (it comes before any discard)"
        if flags & IPT_F_PAARENCHAN and not dealer:
            return "paarenchan for a non-dealer (it is the dealer's eighth win in a row)"
        if flags & IPT_F_OPEN_RIICHI and not any_riichi:
            return "open riichi without riichi or double riichi"
        if flags & IPT_F_SASHIKOMI and not flags & IPT_F_OPEN_RIICHI:
            return "sashikomi without open riichi"
        if flags & IPT_F_SASHIKOMI and tsumo:
            return "sashikomi on a tsumo (it is a ron on an open riichi)"
    return None


cdef int _check_situation(unsigned int flags, list mlist, int seat_wind) except -1:
    """SituationError bad_situation for flags that cannot happen together."""
    cdef bint closed = True, kan = False
    if not flags & ~IPT_F_TSUMO:
        return 0
    for m in mlist:
        mt = (<tuple> m)[0]
        if mt != IPT_M_ANKAN:
            closed = False
        if mt == IPT_M_MINKAN or mt == IPT_M_ANKAN or mt == IPT_M_KAKAN:
            kan = True
    msg = _situation_message(flags, closed, kan, len(mlist) > 0, seat_wind == 0)
    if msg is not None:
        raise SituationError(f"impossible situation: {msg}", "bad_situation")
    return 0


cdef int _check_local_rules(unsigned int local, object rules) except -1:
    """SituationError local_yaku_off for a local yaku's situation under rules without it."""
    for bit, name, on in ((IPT_F_RENHOU, "renhou", rules.renhou.value != "off"),
                          (IPT_F_PAARENCHAN, "paarenchan", rules.paarenchan.value != "off"),
                          (IPT_F_OPEN_RIICHI, "open_riichi", rules.open_riichi),
                          (IPT_F_SASHIKOMI, "sashikomi_yakuman", rules.sashikomi_yakuman)):
        if local & <unsigned int> bit and not on:
            flag = "sashikomi" if bit == IPT_F_SASHIKOMI else name
            raise SituationError(f"{flag}=True but these rules have no {name} "
                                 f"(rules.{name} is {getattr(rules, name)!r})",
                                 "local_yaku_off")
    return 0


cdef object _validate_nukidora(object nukidora, object rules):
    if type(nukidora) is not int:
        nukidora = _int_arg(nukidora, "nukidora")
    if nukidora and rules.players != 3:
        raise SituationError(f"nukidora={nukidora}: Norths are set aside as dora only "
                             f"in three-player mahjong (rules.players is 4)",
                             "nukidora_four_players")
    if nukidora and not rules.nukidora:
        raise SituationError(f"nukidora={nukidora} but these rules have no nukidora "
                             f"(rules.nukidora is off)", "nukidora_off")
    if nukidora < 0 or nukidora > 4:
        raise TileCountError(f"nukidora={nukidora}: 0 to 4 Norths can be set aside",
                             "fifth_copy" if nukidora > 4 else "negative_count")
    return nukidora


cdef object _validate_flowers(object flowers, object rules):
    """The count of flowers set aside, checked against rules (scoring.validate_flowers)."""
    if type(flowers) is not int:
        flowers = _int_arg(flowers, "flowers")
    if flowers and not rules.flowers:
        raise SituationError(f"flowers={flowers} but these rules have no flower tiles "
                             f"(rules.flowers is off)", "flowers_off")
    if flowers < 0 or flowers > 4:
        raise TileCountError(f"flowers={flowers}: 0 to 4 flowers can be set aside",
                             "fifth_copy" if flowers > 4 else "negative_count")
    return flowers


cdef tuple _flower_indicators(object ind):
    """(the indicators without flowers, the number of flowers among them): flowers given
    as ids 136-139 or as 1f-4f (alone, in a list, or in notation)."""
    if isinstance(ind, int) and not isinstance(ind, bool):
        return ((), 1) if 136 <= ind <= 139 else (ind, 0)
    if isinstance(ind, str):
        groups = _re.findall(r"([0-9]+)f", ind)
        if not groups:
            return ind, 0
        return _re.sub(r"[0-9]+f", "", ind), sum([len(g) for g in groups])
    try:
        items = list(ind)
    except TypeError:
        return ind, 0
    rest = []
    n = 0
    for x in items:
        if (isinstance(x, int) and not isinstance(x, bool) and 136 <= x <= 139) or \
                (isinstance(x, str) and _re.fullmatch(r"[1-4]f", x)):
            n += 1
        else:
            rest.append(x)
    return (rest if n else ind), n


cdef list _indicator_list(object x, str what):
    """Indicator kinds from notation, 136-ids or a sequence mixing ids and notation."""
    if isinstance(x, str):
        return [i >> 2 for i in _parse_tiles(x)] if x else []
    try:
        items = list(x)
    except TypeError:
        raise IppatsuError(f"{what} is notation or a sequence of 136-ids, got "
                           f"{type(x).__name__}", "bad_tile_id") from None
    kinds = []
    for i in items:
        if isinstance(i, str):
            for t in _parse_tiles(i):
                kinds.append(t >> 2)
        else:
            kinds.append(_check_id(i) >> 2)
    return kinds


cdef int _check_indicator_copies(const int *full, list dora_kinds,
                                 list ura_kinds) except -1:
    ind = dora_kinds + ura_kinds
    for k in ind:
        if full[<int> k] + ind.count(k) > 4:
            raise TileCountError(f"{full[<int> k] + ind.count(k)} copies of "
                                 f"{_kind_name(k)} between "
                                 f"the hand, its melds and the dora / ura indicators: a kind "
                                 f"has four copies", "fifth_copy")
    return 0


cdef int _check_indicator_ids(object dora_indicators, object ura_indicators, object tiles,
                              object hand, object win_tile) except -1:
    """An indicator given as a 136-id is one physical tile (scoring._check_indicator_ids)."""
    given = []
    for x in (dora_indicators, ura_indicators):
        if not isinstance(x, str):
            for i in x:
                if not isinstance(i, str):
                    given.append(i)
    if not given:
        return 0
    named = set(hand.ids) if not isinstance(tiles, str) else set(hand.ids) & _RED_IDS
    for m in hand.melds:
        named.update(m.tiles if m.by_id else _RED_IDS.intersection(m.tiles))
    if isinstance(win_tile, str):
        named.update(_RED_IDS.intersection(_parse_tiles(win_tile)))
    elif win_tile is not None:
        named.add(_check_id(win_tile))
    for i in given:
        i = _check_id(i)
        if i in named:
            raise TileCountError(f"tile id {i} ({_tile_name(i)}) is a dora / ura indicator "
                                 f"and also in the hand, a meld or another indicator: one "
                                 f"tile cannot be in two places", "duplicate_id")
        named.add(i)
    return 0


cdef tuple _with_win_tile(object ids, object melds, object win_tile, object red_ids):
    """ids (a waiting hand) plus the winning tile: a 136-id not yet used, or notation
    taking a free copy of its kind (an ordinary copy first; a red five stays red)."""
    used = set(ids)
    for m in melds:
        used.update(m.tiles)
    if isinstance(win_tile, str):
        wid = _parse_tile(win_tile)
        if wid not in _RED_IDS:
            k = wid >> 2
            free = None
            for t in range(k * 4, k * 4 + 4):       # ordinary copies, lowest first
                if t not in used and t not in red_ids:
                    free = t
                    break
            if free is None:
                for t in range(k * 4, k * 4 + 4):   # then the red ones
                    if t not in used:
                        free = t
                        break
            if free is None:
                raise TileCountError(f"5 copies of {_kind_name(k)} with the winning "
                                     f"tile: a kind has only four copies (a fifth copy)",
                                     "fifth_copy")
            wid = free
    else:
        wid = validate_ids([win_tile])[0]
    if wid in used:
        n = len(ids)
        raise HandSizeError(f"{n} concealed tiles and the winning tile {win_tile!r} is "
                            f"already among them: a winning hand has {n + 1} (give the "
                            f"complete hand, or the waiting hand and the tile apart)",
                            "bad_hand_size")
    return tuple(ids) + (wid,)


cdef long _red_fives_held(object h, object ids, bint conc_text, bint win_text,
                          object rules) except -1:
    """The red fives of a hand under per-suit counts (rules.red_five_counts), as
    scoring._red_fives_held counts and checks them: a tile given by id is red when
    rules.red_ids holds it; a tile written in notation when it is written red in a suit
    that has red fives. TileCountError second_red / fifth_copy."""
    cdef int reds[3]
    cdef int fives[3]
    cdef int s, k, i
    cdef Py_ssize_t n_text, n_ids = len(ids), n_h = len(h.ids)
    cdef bint written
    counts, red_ids = rules.red_counts, rules.red_ids
    reds[0] = reds[1] = reds[2] = fives[0] = fives[1] = fives[2] = 0
    n_text = n_h if conc_text else 0
    tiles = list(ids)
    marks = [i < n_text or (win_text and i == n_ids - 1 and n_ids > n_h)
             for i in range(n_ids)]
    for m in h.melds:
        for t in m.tiles:
            tiles.append(t)
            marks.append(not m.by_id)
    for i in range(len(tiles)):
        t = tiles[i]
        written = marks[i]
        k = t >> 2
        if k == IPT_RED_KIND_M or k == IPT_RED_KIND_P or k == IPT_RED_KIND_S:
            s = k // 9
            fives[s] += 1
            if ((t in _RED_IDS and counts[s] > 0) if written else t in red_ids):
                reds[s] += 1
    for s in range(3):
        if reds[s] > counts[s]:
            raise TileCountError(f"{reds[s]} red 5{'mps'[s]}: these rules have "
                                 f"{counts[s]} (red_five_counts {counts})", "second_red")
        if fives[s] - reds[s] > 4 - counts[s]:
            raise TileCountError(f"{fives[s] - reds[s]} plain 5{'mps'[s]}: with {counts[s]} "
                                 f"red ones a suit has {4 - counts[s]} (red_five_counts "
                                 f"{counts})", "fifth_copy")
    return reds[0] + reds[1] + reds[2]


cdef int _check_sanma_hand(const int *full, list mlist) except -1:
    bad = [_kind_name(k) for k in _codes.SANMA_ABSENT_KINDS if full[<int> k]]
    if bad:
        raise TileCountError(f"the hand holds {', '.join(bad)}: "
                             f"three-player mahjong has no 2m-8m (108 tiles)", "sanma_tile")
    for m in mlist:
        if (<tuple> m)[0] == IPT_M_CHI:
            raise MeldError("a chi in three-player mahjong: there is no chi with three "
                            "players", "sanma_chi")
    return 0


cdef inline int _dora_after(int k, int players) noexcept nogil:
    """The dora an indicator of kind k points at (three players: 9m after 1m)."""
    if players == 3 and k == 0:
        return 8
    return _dora_next(k)


cdef object _score_general(object hand, object win_tile, object melds, object tsumo,
                           object riichi, object double_riichi, object ippatsu,
                           object haitei, object houtei, object rinshan, object chankan,
                           object tenhou, object chiihou, object seat_wind,
                           object round_wind, object dora_indicators, object ura_indicators,
                           object honba, object deposits, object discarder, object pao,
                           object rules, object raise_on_no_yaku, object nukidora,
                           unsigned int local, object flowers):
    """score() for any input: parse and validate, name every error in the twin's order,
    then evaluate with the kernel and build the result."""
    cdef int counts[34]
    cdef int full[34]
    cdef int players, nmelds, k, win, n_ids, nk, closed, kita_n, fl_n = 0, fl_d = 0, fl_u = 0
    cdef unsigned int flags, sflags
    cdef long red, dora, ura, kita
    cdef ipt_score_in_t inp
    cdef ipt_score_out_t out
    cdef ipt_rules_t rc
    if type(rules) is not _RulesCls:
        rules = _default_rules if rules is None else _rules_of(rules)
    if local:
        _check_local_rules(local, rules)
    if ippatsu is True and not rules.ippatsu_yaku:
        raise SituationError("ippatsu=True but these rules have no ippatsu "
                             "(rules.ippatsu_yaku is False)", "local_yaku_off")
    if type(seat_wind) is not int or type(round_wind) is not int:
        seat_wind = (_parse_wind(seat_wind, "seat_wind") if isinstance(seat_wind, str)
                     else _int_arg(seat_wind, "seat_wind"))
        round_wind = (_parse_wind(round_wind, "round_wind") if isinstance(round_wind, str)
                      else _int_arg(round_wind, "round_wind"))
    players = rules.players
    seats = _SEATS4 if players == 4 else _SEATS3
    if seat_wind not in seats or round_wind not in seats:
        if players == 3:
            raise IppatsuError(f"three players: winds are 0..2 (E S W; there is no North "
                               f"seat or round), got seat {seat_wind!r}, round "
                               f"{round_wind!r}", "bad_wind")
        raise IppatsuError(f"winds are 0..3 (E S W N), got seat {seat_wind!r}, round "
                           f"{round_wind!r}", "bad_wind")
    if discarder is not None and type(discarder) is not int:
        discarder = _int_arg(discarder, "discarder")
    if pao is not None and type(pao) is not int:
        pao = _int_arg(pao, "pao")
    if (discarder is not None and (discarder not in seats or discarder == seat_wind
                                   or tsumo)) or (pao is not None and pao not in seats):
        raise IppatsuError(f"discarder {discarder!r} / pao {pao!r}: seat winds "
                           f"0..{len(seats) - 1}; a discarder only on a ron, never the "
                           f"winner", "bad_seat")
    if type(nukidora) is not int or nukidora:
        nukidora = _validate_nukidora(nukidora, rules)
    if type(flowers) is not int or flowers:
        flowers = _validate_flowers(flowers, rules)
    if rules.flowers:
        # a flower turned up as an indicator points at the flowers: each flower set aside
        # is one more dora per such indicator (ura too), as a North of a West indicator
        dora_indicators, fl_d = _flower_indicators(dora_indicators)
        ura_indicators, fl_u = _flower_indicators(ura_indicators)
        if flowers + fl_d + fl_u > 4:
            raise TileCountError(f"{flowers} flowers set aside and {fl_d + fl_u} flower "
                                 f"indicators: there are four flowers", "fifth_copy")
        fl_n = flowers
    if type(honba) is not int or type(deposits) is not int:
        honba, deposits = _int_arg(honba, "honba"), _int_arg(deposits, "deposits")
    if honba < 0 or deposits < 0:
        raise IppatsuError("honba and deposits cannot be negative", "bad_counter")
    flags = _truth_flags(tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
                         chankan, tenhou, chiihou) | local
    if not isinstance(hand, (str, list, tuple)) and hasattr(hand, "melds"):  # a Hand
        if melds and hand.melds:
            raise MeldError("melds given twice: in the Hand and as melds=", "bad_meld")
        if win_tile is None:
            raise NotAgariError("score(Hand, ...) needs win_tile (a Hand keeps its tiles "
                                "sorted)", "missing_win_tile")
        melds = tuple(hand.melds) or melds
        hand = list(hand.ids)
    # the one input edge (ippatsu.hand): melds as Meld, then the concealed tiles and the
    # melds placed together as a Hand (notation takes free copies, ids are checked)
    ms = _melds_of(melds)
    tiles = hand if isinstance(hand, str) else _as_ids(hand)
    h = _Hand(tiles, ms if len(ms) <= _MAX_MELDS else (), validate_size=False)
    ids = h.ids
    mlist = [(_MT_CODES[m.type.value], m.kind, m.n_red, m.tiles) for m in h.melds]
    if win_tile is None:
        if not ids:
            raise HandSizeError("empty hand", "bad_hand_size")
        if isinstance(tiles, str):
            written = _parse_kinds(tiles)
            win = written[len(written) - 1]
        else:
            win = tiles[len(tiles) - 1] >> 2
    elif isinstance(win_tile, str):
        win = _parse_tile(win_tile) >> 2
    else:
        win = validate_ids([win_tile])[0] >> 2
    nmelds = len(ms)
    if win_tile is not None and nmelds <= 4 and len(ids) == 13 - 3 * nmelds:
        ids = _with_win_tile(ids, h.melds, win_tile, rules.red_ids)
    red_given = (None if rules.standard_reds else
                 _red_fives_held(h, ids, isinstance(tiles, str), isinstance(win_tile, str),
                                 rules))
    n_ids = len(ids)
    memset(counts, 0, sizeof(counts))
    for i in ids:
        counts[<int> (i >> 2)] += 1
    if nmelds > 4 or n_ids != 14 - 3 * nmelds:
        hint = (" (the hand must include the winning tile, or give it apart as win_tile)"
                if n_ids == 13 - 3 * nmelds else "")
        raise HandSizeError(
            f"{n_ids} concealed tiles with {nmelds} melds: a winning hand has "
            f"{14 - 3 * min(nmelds, 4)} concealed tiles{hint}", "bad_hand_size")
    memcpy(full, counts, sizeof(counts))
    for m in mlist:
        k = (<tuple> m)[1]
        if (<tuple> m)[0] == IPT_M_CHI:
            full[k] += 1
            full[k + 1] += 1
            full[k + 2] += 1
        else:
            full[k] += len((<tuple> m)[3])
    for k in range(34):
        if full[k] > 4:
            raise TileCountError(f"{full[k]} copies of {_kind_name(k)} in the hand "
                                 f"(concealed tiles and melds): a kind has only four copies "
                                 f"(a fifth copy)", "fifth_copy")
    kita_n = nukidora
    if players == 3:
        _check_sanma_hand(full, mlist)
        if kita_n and full[IPT_KIND_NORTH] + kita_n > 4:
            raise TileCountError(f"{full[IPT_KIND_NORTH]} Norths in the hand and {kita_n} "
                                 f"set aside: a kind has four copies", "fifth_copy")
    if counts[win] == 0:
        raise NotAgariError(f"the winning tile {_kind_name(win)} is not in the hand",
                            "not_agari")
    dora_kinds = _indicator_list(dora_indicators, "dora_indicators")
    ura_kinds = _indicator_list(ura_indicators, "ura_indicators")
    if dora_kinds or ura_kinds:
        if players == 3:
            for k in dora_kinds + ura_kinds:
                if k in _SANMA_ABSENT:
                    raise TileCountError(f"indicator {_kind_name(k)}: three-player mahjong "
                                         f"has no 2m-8m (108 tiles)", "sanma_tile")
        full[IPT_KIND_NORTH] += kita_n       # the Norths set aside are copies too
        _check_indicator_copies(full, dora_kinds, ura_kinds)
        full[IPT_KIND_NORTH] -= kita_n
        _check_indicator_ids(dora_indicators, ura_indicators, tiles, h, win_tile)
    if flags & ~(IPT_F_TSUMO | IPT_F_RIICHI | IPT_F_DOUBLE_RIICHI):
        # a North set aside draws a replacement tile as a kan does: rinshan needs no kan
        # then (docs/rules.md §11)
        sflags = flags & ~IPT_F_RINSHAN if kita_n and flags & IPT_F_TSUMO else flags
        _check_situation(sflags, mlist, seat_wind)
    elif mlist and flags & IPT_F_ANY_RIICHI:
        for m in mlist:
            if (<tuple> m)[0] != IPT_M_ANKAN:
                raise SituationError("impossible situation: riichi on an open hand",
                                     "bad_situation")

    # ---- the hand's facts (scoring._hand_facts): closed, red fives, dora, ura, nukidora
    closed = 1
    red = 0
    nk = 0
    for m in mlist:
        red += (<tuple> m)[2]
        inp.meld_type[nk] = (<tuple> m)[0]
        inp.meld_kind[nk] = (<tuple> m)[1]
        nk += 1
        if (<tuple> m)[0] != IPT_M_ANKAN:
            closed = 0
    if red_given is not None:   # per-suit counts: counted by _red_fives_held
        red = red_given
    elif rules.red_fives:
        for i in ids:
            if i in _RED_IDS:
                red += 1
    else:
        red = 0
    dora = 0
    for d in dora_kinds:
        dora += full[_dora_after(d, players)]
    ura = 0
    ura_on = (flags & IPT_F_ANY_RIICHI) and closed and rules.ura_dora
    if ura_on:
        for d in ura_kinds:
            ura += full[_dora_after(d, players)]
    kita = 0
    if kita_n:
        kita = kita_n * rules.nukidora_dora
        dora += kita
        for d in dora_kinds:
            if _dora_after(d, players) == IPT_KIND_NORTH:
                dora += kita_n
        if ura_on:
            for d in ura_kinds:
                if _dora_after(d, players) == IPT_KIND_NORTH:
                    ura += kita_n

    if fl_n:   # each flower set aside: one han, and one more per flower indicator
        dora += fl_n * (1 + fl_d)
        if ura_on:
            ura += fl_n * fl_u

    # ---- the kernel
    for k in range(34):
        inp.counts[k] = counts[k]
    inp.win = win
    inp.n_melds = nk
    inp.flags = flags
    inp.seat_wind = seat_wind
    inp.round_wind = round_wind
    inp.bonus = dora + ura + red
    core_fill_rules(rules, &rc)
    ipt_score(&inp, &rc, &out)
    if out.code == 1:
        raise NotAgariError("the hand is not complete", "not_agari")
    return _general_result(&out, rules, mlist, counts, win, dora, ura, red, kita, fl_n,
                           flags & IPT_F_TSUMO != 0, closed, honba, deposits, discarder,
                           pao, seat_wind, round_wind, raise_on_no_yaku)


cdef object _cost_of(object base, bint dealer, bint tsumo, object rules):
    """scoring._cost: (total, dealer pays, non-dealer pays) for the table's player count."""
    if not tsumo:
        return (base * (6 if dealer else 4) + 99) // 100 * 100, 0, 0
    d = (base * 2 + 99) // 100 * 100
    n = (base + 99) // 100 * 100
    if dealer:
        d, n = 0, d
    if rules.players == 4:
        return (3 * n if dealer else d + 2 * n), d, n
    if rules.sanma_tsumo is _SANMA_SPLIT:
        half = (n // 2 + 99) // 100 * 100
        d, n = (d + half if not dealer else 0), n + half
    return (2 * n if dealer else d + n), (0 if dealer else d), n


cdef object _payments_of(object base, bint dealer, bint tsumo, int winner, object discarder,
                         object pao, object honba, object deposits, object rules,
                         uint64_t ym):
    """scoring._payments: deltas by seat wind, honba, deposits and liability included."""
    cdef int players = rules.players, s
    pay = [0] * players
    liable_base = 0
    if pao is not None and pao != winner:
        kinds = rules.pao_yakuman
        dbl = _double_mask(rules)
        covered = 0
        any_covered = False
        for yid, name, mult in _YAKUMAN_ROWS:
            if ym >> <int> yid & 1 and name in kinds:
                any_covered = True
                covered += mult if dbl >> yid & 1 else 1
        if any_covered:
            if rules.pao_whole_hand:
                liable_base = base
            else:
                liable_base = 8000 * covered
                if not rules.yakuman_stacking:
                    liable_base = base
                liable_base = min(liable_base, base)
        elif rules.pao_rinshan:
            liable_base = base
    rest_base = base - liable_base
    if tsumo:
        each_honba = rules.honba_tsumo * honba
        if players == 3 and rules.sanma_tsumo is _SANMA_SPLIT:
            each_honba += each_honba // 2
        if liable_base:
            lv = _cost_of(liable_base, dealer, True, rules)[0]
            pay[pao] -= lv
            pay[pao] -= each_honba * (players - 1)
        if rest_base:
            _, d, n = _cost_of(rest_base, dealer, True, rules)
            for s in range(players):
                if s != winner:
                    pay[s] -= d if (s == 0 and not dealer) else n
        if not liable_base:
            for s in range(players):
                if s != winner:
                    pay[s] -= each_honba
    else:
        if discarder is None:
            return None
        if liable_base and pao != discarder:
            lv = _cost_of(liable_base, dealer, False, rules)[0]
            half = (lv // 2) // 100 * 100
            pay[pao] -= half
            pay[discarder] -= lv - half
        elif liable_base:
            pay[discarder] -= _cost_of(liable_base, dealer, False, rules)[0]
        if rest_base:
            pay[discarder] -= _cost_of(rest_base, dealer, False, rules)[0]
        if liable_base and pao != discarder and rules.pao_ron_honba:
            pay[pao] -= rules.honba_ron * honba
        else:
            pay[discarder] -= rules.honba_ron * honba
    pay[winner] = -sum(pay) + deposits * rules.riichi_deposit
    return tuple(pay)


cdef object _general_result(ipt_score_out_t *out, object rules, list mlist, int *counts,
                            int win, long dora, long ura, long red, long kita,
                            long flowers, bint tsumo,
                            int closed, object honba, object deposits, object discarder,
                            object pao, int seat, int rnd, object raise_on_no_yaku):
    """scoring._build_result on the kernel's answer: the same ScoreResult."""
    cdef uint64_t mask = out.yaku, ym = out.yakuman_mask, bits
    cdef int i, han = out.han
    cdef bint dealer = seat == 0
    cdef int cl = closed
    if ym:
        dbl = _double_mask(rules)
        if dbl == _ALL_DOUBLE:
            table = _items_ym2
        elif not dbl:
            table = _items_ym1
        else:  # some patterns double (docs/rules.md §12)
            table = [None] * len(_items_ym2)
            for yid, v in _ITEM_YM2_MAP.items():
                table[yid] = (v[0], v[1] if dbl >> yid & 1 else 13)
        bits = ym
        dora = ura = red = kita = flowers = 0
    else:
        table = _items_closed if cl else _items_open
        if mask == (<uint64_t> 1) << _RENHOU_ID and han != table[_RENHOU_ID][1]:
            table = list(table)   # renhou as a limit: its han is the limit's
            table[_RENHOU_ID] = ("renhou", han)
        bits = mask
    ylist = []
    while bits:
        i = 0
        while not (bits >> i) & 1:
            i += 1
        ylist.append(i)
        bits &= bits - 1
    yaku_ids = tuple(ylist)
    yaku = tuple([table[i] for i in ylist])
    error = None
    if not mask and not ym:
        if raise_on_no_yaku:
            raise NoYakuError("the hand is complete but has no yaku (dora are not yaku)",
                              "no_yaku")
        error = "no_yaku"
        han = 0
        dora = ura = red = kita = flowers = 0
    base = out.base
    if rules.aotenjou and out.limit == IPT_L_NONE:
        # no limits (docs/rules.md §12): fu x 2^(han+2), a Python integer of any size
        base = int(out.fu) << (out.han + 2) if (mask or ym) else 0
    if base:
        total, dshare, nshare = _cost_of(base, dealer, tsumo, rules)
    else:
        total = dshare = nshare = 0
    cost = {"dealer": dshare, "non_dealer": nshare} if tsumo else {"ron": total}
    payments = None
    if error is None:
        payments = _payments_of(base, dealer, tsumo, seat, discarder, pao, honba, deposits,
                                rules, ym)
    if out.form == 0:
        reading = (out.pair, tuple([out.runs[i] for i in range(out.n_runs)]),
                   tuple([out.trips[i] for i in range(out.n_trips)]))
    else:
        reading = None
    conc = bytes([counts[i] for i in range(34)])
    r = ipt_new_instance(_SR)
    ipt_set_dict(_SR_dict, r, {
        "han": han, "fu": out.fu, "yaku": yaku, "yaku_ids": yaku_ids, "dora": dora,
        "ura": ura, "red": red, "yakuman": out.yakuman, "limit": _LIMIT_NAMES[out.limit],
        "points": total, "cost": cost, "payments": payments, "dealer": dealer,
        "tsumo": tsumo, "form": _FORM_NAMES[out.form], "wait": _WAIT_NAMES[out.wait],
        "error": error, "nukidora": kita, "flowers": flowers,
        "_detail": (out.form, reading, conc, mlist, out.wait, tsumo, bool(cl),
                    bool(mask & _PINFU_BIT), 27 + seat, 27 + rnd, rules, win)})
    return r
