# cython: language_level=3
"""The C API of ``ippatsu._core``, declared once (as numpy.random's ``.pxd`` files do).

``_core.pyx`` takes every declaration of the C kernels from here (``_kernels.h``: the
hand core; ``_score.h``: the scoring kernel; ``_generated.h``: the codes shared with
Python, generated from ``ippatsu/_codes.py`` and ``ippatsu/yaku.py`` by
``tools/gen_header.py``).

Other compiled modules (the table engine: ``table/state.py``, ``table/agents.py``)
``cimport ippatsu._core`` and call the ``core_*`` functions below. They are ``cdef``
functions of this module, reached through its C-API capsule: they run against the lookup
tables ``_core`` loaded at import (a cimport imports the module). Do not call the
``ipt_*`` kernels of the headers from another extension module: the headers are
``static``, so that module would compile a second copy whose tables were never loaded.
A module cimporting this file needs ``src/ippatsu`` (the headers) on its include path
(setup.py passes it to every extension). For example (checked by hand with a scratch
extension built against this checkout)::

    from libc.stdint cimport uint8_t
    from ippatsu._core cimport IPT_OK, core_check, core_shanten, core_waits

    cdef int total
    if core_check(counts, &total) == IPT_OK:     # counts: const uint8_t[34]
        s = core_shanten(counts, total)

Contract of the hand-core functions (all ``nogil``, never raising): ``counts`` points to
34 ``uint8`` concealed counts. :func:`core_check` validates them (every count 0..4, a
total some hand has: 1, 2, 4, 5, 7, 8, 10, 11, 13, 14) and returns ``IPT_OK`` with the
tile total in ``*total``, or ``IPT_ERR_COUNT`` / ``IPT_ERR_SIZE``; the other functions
read the tables and require counts that passed it, with that total.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t


# ---------------------------------------------------------------------------------------
# the generated codes (ippatsu/_codes.py, ippatsu/yaku.py -> _generated.h)
cdef extern from "_generated.h" nogil:
    unsigned int IPT_F_TSUMO, IPT_F_RIICHI, IPT_F_DOUBLE_RIICHI, IPT_F_IPPATSU
    unsigned int IPT_F_HAITEI, IPT_F_HOUTEI, IPT_F_RINSHAN, IPT_F_CHANKAN
    unsigned int IPT_F_TENHOU, IPT_F_CHIIHOU, IPT_F_ANY_RIICHI, IPT_F_ALL
    unsigned int IPT_F_RENHOU, IPT_F_PAARENCHAN, IPT_F_OPEN_RIICHI, IPT_F_SASHIKOMI, IPT_F_LOCAL
    int IPT_M_CHI, IPT_M_PON, IPT_M_MINKAN, IPT_M_ANKAN, IPT_M_KAKAN, IPT_M_NONE
    int IPT_FORM_STANDARD, IPT_FORM_CHIITOITSU, IPT_FORM_KOKUSHI
    int IPT_S_OK, IPT_S_NOT_AGARI, IPT_S_NO_YAKU, IPT_S_BAD_INPUT
    # score_batch's row errors and range-checked columns (_codes.BATCH_ERRORS / _COLUMNS)
    int IPT_BE_RANGE, IPT_BE_MELD, IPT_BE_IMPOSSIBLE_MELD, IPT_BE_COUNTS
    int IPT_BE_WIN_NOT_HELD, IPT_BE_FIFTH_COPY, IPT_BE_HAND_SIZE, IPT_BE_INDICATOR_COPY
    int IPT_BE_SITUATION, IPT_BE_RED
    int IPT_BE_SANMA_WIND, IPT_BE_SANMA_TILE, IPT_BE_SANMA_CHI, IPT_BE_NORTH_COPY
    int IPT_BC_WIN_TILE, IPT_BC_MELDS, IPT_BC_FLAGS, IPT_BC_TSUMO, IPT_BC_RIICHI
    int IPT_BC_SEAT_WIND, IPT_BC_ROUND_WIND, IPT_BC_DORA_INDICATORS, IPT_BC_URA_INDICATORS
    int IPT_BC_RED, IPT_BC_FLOWERS, IPT_BC_NUKIDORA, IPT_N_BATCH_COLUMNS
    int IPT_L_NONE, IPT_L_MANGAN, IPT_L_HANEMAN, IPT_L_BAIMAN, IPT_L_SANBAIMAN
    int IPT_L_YAKUMAN, IPT_L_KAZOE
    int IPT_RED_KIND_M, IPT_RED_KIND_P, IPT_RED_KIND_S
    int IPT_NOT_APPLICABLE, IPT_POLICY_EFFICIENCY, IPT_POLICY_SHANTEN
    int IPT_RED_ID_M, IPT_RED_ID_P, IPT_RED_ID_S, IPT_KIND_NORTH
    uint64_t IPT_K_SANMA_ABSENT
    int IPT_N_RULE_FIELDS, IPT_N_YAKU
    int Y_PINFU   # (the other Y_* ids: declare them here when Cython code needs them)
    # the scoring rules the kernel reads, in ippatsu._codes.RULE_FIELDS order (filled by
    # field name: _core.core_fill_rules; tests/test_generated.py checks these fields)
    ctypedef struct ipt_rules_t:
        uint8_t open_tanyao
        uint8_t kazoe_yakuman
        uint8_t kiriage
        uint8_t yakuman_stacking
        uint8_t double_wind_pair_fu
        uint8_t kazoe_multiple
        uint8_t renhou
        uint8_t paarenchan
        uint8_t daisharin
        uint8_t daichisei
        uint8_t ryuuiisou_hatsu
        uint8_t open_riichi
        uint8_t sashikomi_yakuman
        uint64_t double_mask
        uint8_t aotenjou


# ---------------------------------------------------------------------------------------
# the hand core (_kernels.h)
cdef extern from "_kernels.h" nogil:
    int IPT_OK, IPT_ERR_COUNT, IPT_ERR_SIZE
    uint16_t ipt_rank_lo[625]
    uint32_t ipt_base_hi[3125]
    const uint8_t *ipt_suit_rows
    uint8_t ipt_honor_rows[4096 * 5 + 3]
    uint32_t ipt_n_suit
    const int8_t ipt_nsets_of_size[15]
    int ipt_check(const uint8_t *c, int *total)
    int ipt_max_sum34(const uint8_t *a, const uint8_t *b)
    int ipt_shanten_std_n(const uint8_t *c, int nsets)
    int ipt_shanten_chiitoi_v(const uint8_t *c)
    int ipt_shanten_kokushi_v(const uint8_t *c)
    int ipt_shanten_forms(const uint8_t *c, int total, int *std, int *chi, int *kok)
    int ipt_shanten_min(const uint8_t *c, int total)
    int ipt_is_agari(const uint8_t *c, int total)
    uint64_t ipt_waits(const uint8_t *c, int total)
    int ipt_ukeire(const uint8_t *c, int total, const uint8_t *visible, uint8_t *out,
                   uint64_t *mask)
    int ipt_efficiency(const uint8_t *c, int total, const uint8_t *visible, uint64_t allowed,
                       uint64_t *ties_out, int *shanten_out, int *ukeire_out)
    int ipt_policy_discard(int policy, const uint8_t *h, int total, const uint8_t *vis,
                           int drawn, int *s_out)
    ctypedef struct ipt_solo_t:
        uint8_t hand[34]
        uint8_t vis[34]
        uint8_t pool[136]
        int total, m, draws, policy, s0
        uint64_t emask0
    void ipt_solo_run(const ipt_solo_t *P, uint64_t key, int64_t start, int64_t stop,
                      int64_t *first_tenpai, int64_t *first_complete, int64_t *final_hist)


# ---------------------------------------------------------------------------------------
# the scoring kernel (_score.h)
cdef extern from "_score.h" nogil:
    ctypedef struct ipt_score_in_t:
        uint8_t counts[34]   # concealed tiles, the winning tile included
        int8_t win           # kind of the winning tile
        uint8_t n_melds
        uint8_t meld_type[4]  # IPT_M_*
        uint8_t meld_kind[4]  # lowest kind
        uint32_t flags        # IPT_F_*
        uint8_t seat_wind, round_wind  # 0..3
        int16_t bonus                  # han from dora + ura + red fives
    ctypedef struct ipt_score_out_t:
        int32_t points, base
        int16_t han, fu
        uint64_t yaku, yakuman_mask
        uint8_t yakuman, limit, form, wait
        int8_t pair
        uint8_t n_runs, n_trips
        uint8_t runs[4]
        uint8_t trips[4]
        uint8_t code          # IPT_S_*
    const uint8_t ipt_han_closed[64]   # the yaku table, from _generated.h (read only)
    const uint8_t ipt_han_open[64]
    const uint8_t ipt_ym_mult[64]
    const uint64_t ipt_replaces[64]
    int ipt_score(const ipt_score_in_t *inp, const ipt_rules_t *r, ipt_score_out_t *out)
    int ipt_sanma_tsumo_total(int base, int dealer, int split)


# ---------------------------------------------------------------------------------------
# the exported API (cdef functions of ippatsu._core, for other compiled modules)

# validate 34 counts: IPT_OK and the tile total in *total, else IPT_ERR_COUNT / IPT_ERR_SIZE
cdef int core_check(const uint8_t *counts, int *total) noexcept nogil
# shanten, the minimum over the three forms (-1: complete)
cdef int core_shanten(const uint8_t *counts, int total) noexcept nogil
# shanten per form (IPT_NOT_APPLICABLE where a form cannot apply); returns the minimum
cdef int core_shanten_forms(const uint8_t *counts, int total, int *standard,
                            int *chiitoitsu, int *kokushi) noexcept nogil
# 1 when a hand of 3k+2 tiles is complete (any form), else 0
cdef int core_is_agari(const uint8_t *counts, int total) noexcept nogil
# bit k set when kind k completes a hand of 3k+1 tiles (0: not tenpai)
cdef uint64_t core_waits(const uint8_t *counts, int total) noexcept nogil
# ukeire of a 3k+1 hand: unseen copies per kind into out[34] (visible: 34 counts or NULL),
# kinds that improve it in *mask; returns the shanten
cdef int core_ukeire(const uint8_t *counts, int total, const uint8_t *visible,
                     uint8_t *out, uint64_t *mask) noexcept nogil
# the scoring kernel on one packed winning hand (inputs as validated by score_kernel)
cdef int core_score(const ipt_score_in_t *inp, const ipt_rules_t *rules,
                    ipt_score_out_t *out) noexcept nogil
# fill the kernel's rules struct from a Rules object, field by field by name
cdef int core_fill_rules(object rules, ipt_rules_t *out) except -1
# the table engine's calls per decision: cpdef, so the compiled state machine and agents
# call them in C (state.pxd and agents.pxd cimport them) and ippatsu.core gives them to
# Python (and to the interpreted engine)
cpdef tuple _shanten_waits(object counts)
cpdef object _tenpai_discards(object counts)
# the greedy agent's choice (table/agents.py) and the slots of the engine's melds
cpdef object _efficiency_ties(object hand, object visible=*, object allowed=*)
cpdef _set_slots(object obj, tuple names, tuple values)
# the engine's actions (NamedTuples) made by tuple's C constructor
cpdef object _tuple_of(object cls, tuple items)
