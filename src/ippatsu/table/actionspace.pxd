# Augmenting declarations for actionspace.py when it is compiled by Cython (setup.py): the
# index of an action with C integers, for the table and the environments to cimport.
# actionspace.py stays plain Python: interpreted (IPPATSU_PURE_PYTHON=1) it runs the same
# program.

cimport cython

@cython.locals(x=int, y=int, k=int, a=int, b=int, low=int, run=int, n=int)
cpdef int index_of_fields(int typ, int tile, tuple consumed, bytes red) except -1
