# Augmenting declarations for _vec.py when it is compiled by Cython (setup.py): typed
# locals, the arrays as typed memoryviews, GameState cimported so that the loop reads the
# state's public slots and calls step as C. _vec.py stays plain Python: interpreted
# (IPPATSU_PURE_PYTHON=1) it runs the same program.

cimport cython
from ippatsu.table.state cimport GameState
from ippatsu.table.seat cimport Seat
from ippatsu.table.actionspace cimport index_of_fields

cpdef int action_index(object a, bytes red) except -1

cdef dict _LUTS
@cython.locals(t=int, lut=bytes)
cdef bytes _lut(bytes red)

@cython.locals(typ=int, t=int)
cdef inline int _index(object a, bytes lut, bytes red) except -1
@cython.locals(i=int, lut=bytes)
cpdef write_mask(list acts, bytes red, unsigned char[::1] row, list table, list legal)
cdef void _mark(list acts, bytes lut, bytes red, unsigned char[::1] row) except *
@cython.locals(typ=int, t=int)
cdef object _find(list acts, bytes lut, bytes red, int i)

cpdef int channels_of(bint flowers, bint oracle)

cdef inline int _nth_copy(int k, unsigned long long b1, unsigned long long b2,
                          unsigned long long b3, unsigned long long b4) noexcept

@cython.locals(k=int)
cdef void _fill(float[:, ::1] out, int c, float v) noexcept

@cython.locals(k=int, n=int, j=int)
cdef _counts(float[:, ::1] out, int c, bytearray cnt)

# PlanesMemo's sizes (C constants: the arrays below are 4 seats of them)
cdef int _MEMO_RIVER, _RIVER_CELLS, _MELD_CELLS

cdef class PlanesMemo:
    cdef list rivers, called, melds
    cdef object rules, wall
    cdef list dora
    cdef bint fl
    cdef int rn[4]
    cdef int nrc[4]
    cdef int nmc[4]
    cdef unsigned long long bits[24]
    cdef unsigned char rk[240]
    cdef unsigned char roff[960]
    cdef unsigned char rkind[960]
    cdef float rval[960]
    cdef unsigned char moff[128]
    cdef unsigned char mkind[128]
    cdef float mval[128]

@cython.locals(kept=list, melds=list, nm=int, i=int, same=bint, one='unsigned long long',
               b1='unsigned long long', b2='unsigned long long', b3='unsigned long long',
               b4='unsigned long long', bit='unsigned long long', m0=int, n=int, k=int, j=int,
               t=int, tiles=tuple)
cdef _memo_melds(PlanesMemo memo, Seat sq, int q, bytes red)

@cython.locals(river=list, called=list, nr=int, tg='unsigned long long', one='unsigned long long',
               r0=int, c0=int, x=int, rn=int, nc=int, i=int, t=int, k=int, j=int,
               b1='unsigned long long', b2='unsigned long long', b3='unsigned long long',
               b4='unsigned long long', tm='unsigned long long', cm='unsigned long long',
               bit='unsigned long long')
cdef _memo_river(PlanesMemo memo, Seat sq, int q)

@cython.locals(c=int, k=int, n=int, j=int, r=int, q=int, i=int, t=int, nr=int, i0=int, wb=int,
               ri=int, nd=int, nf=int, rw=int, need=int, red=bytes, fl=bint, w='unsigned long long',
               dm='unsigned long long', tg="unsigned long long", hand=list, river=list,
               called=list, ind=list, tiles=tuple, npl=int, seat0=int, sch=int, sh=int,
               cnt=bytearray, hc=int, sc='long long', nk=Py_ssize_t,
               kyoku=int, me=Seat, sq=Seat,
               one='unsigned long long', b1='unsigned long long', b2='unsigned long long',
               b3='unsigned long long', b4='unsigned long long', bit='unsigned long long')
cpdef encode_planes(GameState st, int seat, float[:, ::1] out, bint oracle, list tsumogiri=*,
                    PlanesMemo memo=*)

@cython.locals(n=int, r=int, q=int, t=int, f=int, i=int, k=int, j=int, pos=int, stop=int,
               nd=int, nf=int, nu=int, red=bytes, live=list, sq=Seat)
cdef _encode_oracle(GameState st, int seat, float[:, ::1] out, int c, bint fl)

@cython.locals(repl=int, sq=Seat)
cpdef int live_position(GameState st) except -1


@cython.locals(n=int, j=int, size=int, i='long long')
cpdef int first_illegal(unsigned char[:, ::1] masks, long long[::1] actions,
                        unsigned char[::1] done) except -2


cdef inline int _byte_sum(unsigned long long w) noexcept

@cython.locals(ne=int, nw=int, j=int, i=int, n=int, k=int, b=int, c=int)
cpdef random_legal(unsigned char[:, ::1] masks, unsigned long long[:, ::1] words, double[::1] u,
                   long long[::1] out)

cdef class Game:
    cdef public object rules
    cdef public int n, index, games, seat, reported, decisions
    cdef public bint hand_level, record, needs_reset
    cdef public bytes red, lut
    cdef public object entropy
    cdef public GameState st
    cdef public list pending, chosen, prev
    cdef public PlanesMemo memo

    cpdef new_game(self)
    cpdef reset_episode(self)
    cpdef clear(self, unsigned char[::1] row)
    @cython.locals(n=int, d=int, r=int, q=int, seats=dict, order=list, st=GameState, ph=object,
                   acts=list)
    cpdef bint advance(self, unsigned char[::1] row) except -1
    @cython.locals(legal=list)
    cpdef check(self, long long i, unsigned char[::1] row=*)
    @cython.locals(st=GameState)
    cpdef bint apply(self, int i, unsigned char[::1] row) except -1


cdef class Buffers:
    cdef float[:, :, ::1] obs
    cdef unsigned char[:, ::1] masks
    cdef unsigned long long[:, ::1] words
    cdef double[::1] u
    cdef long long[::1] seats
    cdef float[:, ::1] rewards
    cdef unsigned char[::1] terminated
    cdef long long[::1] actions


cpdef random_actions(Buffers b)

@cython.locals(j=int, g=Game, obs='float[:, :, ::1]', masks='unsigned char[:, ::1]',
               seats='long long[::1]')
cpdef run_reset(list games, Buffers b, int enc)

cdef _encode(Game g, int j, float[:, :, ::1] obs, int enc)

@cython.locals(j=int, ng=int, p=int, place=int, g=Game, done=bint, sc=list, pv=list, size=int,
               a='long long',
               now='long long', was='long long',
               order=list, actions='long long[::1]', obs='float[:, :, ::1]',
               masks='unsigned char[:, ::1]', seats='long long[::1]',
               rewards='float[:, ::1]', terminated='unsigned char[::1]')
cpdef run_step(list games, Buffers b, int enc, int rkind, object reward, object uma)
