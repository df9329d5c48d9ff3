# Augmenting declarations for state.py when it is compiled by Cython (setup.py).
#
# state.py stays plain Python (it runs interpreted when no compiler built it, and the
# differential test runs the source against the compiled module); this file only makes
# GameState a cdef class whose attributes live in C slots instead of an instance dict,
# and types the counters that are never masks or shifts (C ints are safe for those; every
# bit mask stays a Python int so that ``1 << k`` never overflows on any platform).

cimport cython
from ippatsu.table.seat cimport Seat
from ippatsu.table.actionspace cimport index_of_fields
# the hand core's per-change calls, as C calls (state.py takes them from ippatsu.core
# when interpreted)
from ippatsu._core cimport _shanten_waits, _tenpai_discards, _set_slots, _tuple_of

# the discards of one id per (kind, red-ness) of a hand: bytearrays of ids and slots, C
# ints (a kuikae ban is a mask of 34 kind bits: 64 bits hold it on every platform)
@cython.locals(t=int, s=int, i=int, n=int, pi='unsigned char *', pl='unsigned char *',
               ps='const unsigned char *')
cpdef int _discard_ids(bytearray ids, list hand, bytes sb, int drawn,
                       unsigned long long ban, bytearray slot) except -1

cpdef bint _identity_in(a, list acts)

# the rules read at every turn (a cached tuple)
cpdef tuple _turn_rules(rules)

@cython.locals(t=int, c=bytearray)
cpdef bytearray _kind_counts(list hand)
@cython.locals(x=int, red_seen=bint, plain_seen=bint, out=list)
cpdef list _variants(list hand, int k, bytes red)
cpdef object _action(typ, actor, tile, tuple consumed, target)

# the action of an index in a legal list
cpdef object _action_in(list acts, int i, bytes red, int player)
# a turn's legal mask from its parts (Python ints: a mask is wider than 64 bits)
@cython.locals(dd=object, rr=object)
cpdef object _turn_mask(unsigned long long d, unsigned long long r, object tail)

# GameState.redeal's check of the tiles dealt again
@cython.locals(mark=bytearray)
cpdef bint _same_ids(list old, list new)

# the melds of legal calls (C calls from _call / _ankan / _kakan)
cpdef object _meld(int code, tiles, called, from_who, added=*, bytes red=*)
@cython.locals(seat=int, code=int, a=int, b=int, c=int, pairs=tuple)
cpdef object _new_meld(mtype, tiles, called, from_who, added=*, bytes red=*)


# final: no Python subclass overrides a per-decision method, so calls to them skip the
# override lookup Cython makes otherwise (one attribute lookup per call)
@cython.final
cdef class GameState:
    # game
    cdef public object rules, _name, _specbit, _spec, _wallgen, _walls
    cdef public bytes _red, _spec_b, _didx, _dcode
    # the turn kept as data (_offer_turn): the discards' ids and places by code, how many
    # discards and riichi declarations, their index bits, the other actions' bits, tsumo,
    # the rest of the list, the list once made
    cdef public bytearray _tm_ids, _tm_slot
    cdef public int _tm_nd, _tm_nr
    cdef public unsigned long long _tm_disc, _tm_riichi
    cdef public object _tm_tail, _tm_tsumo, _tm_rest, _tm_list
    cdef public int n_players
    cdef public tuple _nxt, _others, _chi_seat
    cdef public bint auto_next, record
    cdef public list events, names, scores, hand_results
    cdef public int kyoku, honba, deposits
    cdef public object phase, final, _next
    cdef public dict _offers
    # hand
    cdef public object wall, visible
    cdef public list _live      # wall.live, read at every draw
    cdef public int _live_pos, _rinshan_pos, left, n_dora, pending_dora
    cdef public list seats      # a Seat per player (seat.pxd: C slots)
    cdef public list first_winds, penalties
    cdef public bint no_calls, suukaikan, rinshan_draw, after_call, _waits_before_draw
    cdef public object kuikae
    cdef public int kan_count, n_discards, pending_riichi, actor, last_draw
    cdef public int rinshan_from, last_discard, last_discarder, resp_tile, resp_actor
    cdef public str resp_kind

    # the per-decision methods: C calls between them (cpdef keeps them callable from
    # Python). Seats and flags are typed; tile ids stay Python ints (they feed shifts).
    # Typed locals (@cython.locals): kinds, seats and counts are C ints (never shifted
    # into a mask: bits come from the _KBIT table), counts are typed bytearrays.
    @cython.locals(sp=Seat)
    cpdef _refresh_waits(self, int p)
    @cython.locals(hand=list, n=Py_ssize_t, i=Py_ssize_t, x=int, cnt=bytearray, sp=Seat)
    cpdef _remove(self, int p, int t)
    @cython.locals(si=Seat)
    cpdef _break_first(self)
    @cython.locals(t=int, c=bytearray, hand=list, acts=list, sp=Seat, live=list)
    cpdef _draw(self, int p, bint rinshan=*, int feeder=*)
    @cython.locals(hand=list, cnt=bytearray, drawn=int, k=int, n=int, t=int, s=int,
                   i=int, work=bytearray, after=bytearray, can_kan=bint, sb=bytes,
                   e=tuple, agari=bint, tail=list, may_riichi=bint,
                   w='unsigned long long', tenpai_after='unsigned long long', sp=Seat,
                   didx=bytes, ids=bytearray, slot=bytearray, nr=int,
                   bits='unsigned long long', rbits='unsigned long long',
                   one='unsigned long long', pi='unsigned char *',
                   pl='unsigned char *', ps='const unsigned char *',
                   pd='const unsigned char *')
    cpdef _offer_turn(self, int p, bint fresh=*)
    @cython.locals(n=int, i=int, sb=bytes, ids=bytearray, didx=bytes, pi='unsigned char *',
                   ps='const unsigned char *', pd='const unsigned char *',
                   one='unsigned long long', bits='unsigned long long')
    cpdef int _tm_discards(self, list hand, int drawn, unsigned long long ban) except -1
    cpdef _tm_rest_of(self, list tail, tail_bits)
    cpdef Py_ssize_t _turn_count(self)
    @cython.locals(p=int, nd=int, i=int, t=int, ids=bytearray, didx=bytes, sb=bytes,
                   rbits='unsigned long long')
    cpdef _turn_at(self, Py_ssize_t r)
    @cython.locals(r=Py_ssize_t, n=Py_ssize_t)
    cpdef list _turn_list(self)
    cpdef _play_turn_at(self, Py_ssize_t r)
    cpdef _play_response(self, dict answers)
    cpdef _offered(self, int p)
    @cython.locals(p=int, i=int, t=int, ids=bytearray, disc=tuple, riichis=tuple,
                   didx=bytes, sb=bytes, rbits='unsigned long long')
    cpdef bint _is_offered(self, a)
    cpdef _auto_next(self)
    cpdef _resolve(self, a)
    cpdef step(self, actions)
    @cython.locals(sp=Seat, p=int)
    cpdef _do_turn(self, a)
    @cython.locals(k=int, tsumogiri=bint, cnt=bytearray, river=list, hand=list, tid=int,
                   n=int, i=int, vis=bytearray, yao=bytes, sp=Seat,
                   one='unsigned long long')
    cpdef _discard(self, int p, t, bint riichi)
    @cython.locals(k=int, q=int, nxt=int, r=int, last=bint, cq=bytearray,
                   w='unsigned long long', sq=Seat, seats=list)
    cpdef dict _discard_responses(self, int p, t)
    @cython.locals(n=int, dealer=int, code=int, flags='unsigned int', first=bint, melds=list,
                   sp=Seat)
    cpdef bint _yaku_win(self, int p, int win_tile, bint tsumo, int discarder=*) except -1
    @cython.locals(sq=Seat)
    cpdef bint _can_ron(self, int q, k)
    @cython.locals(k=int, c=int, r=int, i=int, j=int, a=int, b=int, other=int, kx=int,
                   x=int, n_other=int, seen=int, red=bytes, chi_ok=bint, ron=bint,
                   left_ok=bint, hand=list, same=list, cnt=bytearray, acts=list, sq=Seat)
    cpdef list _response_actions(self, int q, int p, t, bint last)
    cpdef dict _chosen(self, actions)
    @cython.locals(sq=Seat)
    cpdef _do_response(self, dict chosen)
    @cython.locals(q=int, sq=Seat, sp=Seat, s0=Seat, seats=list)
    cpdef _discard_passed(self, int p, t, call)
    @cython.locals(q=int, p=int, k=int, rel=int, vis=bytearray, sp=Seat, sq=Seat)
    cpdef _call(self, a)

    # the public mask of one player written in place (an env's row: a typed view of a
    # bool or uint8 row), without the mask as a Python int
    @cython.locals(row='unsigned char[::1]', acts=list, red=bytes)
    cpdef legal_mask_array(self, player=*, out=*)
    # the turn kept as data, read by the env's loop as C calls: its mask into a row, the
    # action of an index
    @cython.locals(i=int, d='unsigned long long')
    cpdef _turn_row(self, unsigned char[::1] row)
    @cython.locals(j=int, t=int)
    cpdef _turn_action(self, int i, int player)
    @cython.locals(s=int, pos=int)
    cdef int _turn_discard_id(self, int j) except? -2
    @cython.locals(t=int)
    cpdef _turn_play(self, int i, int player)
