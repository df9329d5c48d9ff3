# Augmenting declarations for seat.py when it is compiled by Cython (setup.py): Seat is a
# cdef class whose fields live in C slots (flags C ints, the 34-bit kind masks 64-bit
# unsigned). seat.py stays plain Python: interpreted (IPPATSU_PURE_PYTHON=1) it runs the
# same program. The state machine cimports Seat and reads the slots as C.

cdef class Seat:
    cdef public list hand, melds, river, river_called, nuki
    cdef public bytearray cnt
    cdef public object riichi
    cdef public unsigned long long disc_mask, tsumogiri, waits
    cdef public int river_riichi, shanten, pao, kans
    cdef public bint is_open, double_riichi, ippatsu, temp_furiten, riichi_furiten
    cdef public bint first_turn, nagashi_ok, dead_hand

    cpdef Seat copy(self)
