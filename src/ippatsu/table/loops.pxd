# Augmenting declarations for loops.py when it is compiled by Cython (setup.py): the game
# loop calls the state machine's methods as C calls (GameState is a cdef class,
# state.pxd) with typed seats. loops.py stays plain Python: interpreted
# (IPPATSU_PURE_PYTHON=1) it runs the same program.

cimport cython
from ippatsu.table.state cimport GameState
# the greedy agent's choices as C calls (loops.py takes them from agents.py when
# interpreted)
from ippatsu.table.agents cimport _greedy, _greedy_place

@cython.locals(n=int, p=int, d=int, i=int, views=list, bits=list, inline=list,
               answers=dict, offered=bint, data=bint, legal=dict)
cpdef play(GameState st, agents, bint check=*)
cdef object _pick(object agent, object bits, object view, list acts, GameState st)
@cython.locals(k=int, r=Py_ssize_t)
cdef Py_ssize_t _rand_index(object bits, Py_ssize_t n) except -1
@cython.locals(k=int)
cdef int _bit_length(Py_ssize_t n)
