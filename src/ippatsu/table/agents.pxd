# Augmenting declarations for agents.py when it is compiled by Cython (setup.py): the
# game loop of study.match (_play_counted) calls the state machine's methods as C calls
# (GameState is a cdef class, state.pxd) with typed seats and counters. agents.py stays
# plain Python: interpreted (IPPATSU_PURE_PYTHON=1) it runs the same program.

cimport cython
from ippatsu.table.state cimport GameState

@cython.locals(k=int)
cdef int _bit_length(Py_ssize_t n)
cdef object _pick(object agent, object bits, object view, list acts, GameState st)
@cython.locals(k=int, r=Py_ssize_t)
cdef Py_ssize_t _rand_index(object bits, Py_ssize_t n) except -1
# the choice at an unlisted turn (the kind masks are C integers)
@cython.locals(k=int, one='unsigned long long', allowed='unsigned long long', cnt=bytearray)
cdef int _unlisted_pick(object bits, GameState st) except -1

# GreedyAgent's choice (counters, tiles and the 34-bit kind masks are C integers)
@cython.locals(n_riichi=int, n_disc=int, n=int, tile=int, one='unsigned long long',
               riichi_mask='unsigned long long', disc_mask='unsigned long long',
               allowed='unsigned long long', ties='unsigned long long')
cpdef object _greedy(object legal, object obs, GameState st)

@cython.locals(n=int, p=int, lazy=int, passive=int, views=list, bits=list, stats=list, values=list)
cpdef tuple _play_counted(GameState st, list agents, bint unlisted=*)
@cython.locals(n=int, p=int, d=int, seen=Py_ssize_t, chosen=list, results=list,
               dealt_in=list, s=list, acts=list, legal=dict)
cdef tuple _counted_loop(GameState st, list agents, list views, list bits, list stats,
                         list values)

# the game loops of sim.play (C calls of the state machine)
@cython.locals(p=int, views=list, legal=dict, chosen=list)
cpdef _run_agents(GameState st, list agents, bint check)
@cython.locals(p=int, legal=dict, chosen=list)
cpdef _run_random(GameState st, list bits)
