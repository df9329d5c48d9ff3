# Augmenting declarations for agents.py when it is compiled by Cython (setup.py): the
# greedy choice with C integers (the game loops of loops.py call it as a C call).
# agents.py stays plain Python: interpreted (IPPATSU_PURE_PYTHON=1) it runs the same
# program.

cimport cython
from ippatsu.table.state cimport GameState
from ippatsu.table.seat cimport Seat
# the hand core's greedy choice as a C call (agents.py takes it from ippatsu.core when
# interpreted)
from ippatsu._core cimport _efficiency_ties

# GreedyAgent's choice (counters, tiles and the 34-bit kind masks are C integers)
@cython.locals(n_riichi=int, n_disc=int, n=int, tile=int, one='unsigned long long',
               riichi_mask='unsigned long long', disc_mask='unsigned long long',
               allowed='unsigned long long', ties='unsigned long long',
               cnt=bytearray, sp=Seat)
cpdef object _greedy(object legal, object obs, GameState st)

# GreedyAgent's choice at a turn kept as data (GameState._offer_turn)
@cython.locals(i=int, r=int, nd=int, tile=int, ties='unsigned long long', ids=bytearray,
               rbits='unsigned long long', allowed='unsigned long long',
               one='unsigned long long', didx=bytes, sb=bytes)
cpdef int _greedy_place(GameState st, object obs) except -2
# the greedy ranking at a turn of discards only, from the state's counts
@cython.locals(sp=Seat)
cpdef object _turn_ties(GameState st, int player)
