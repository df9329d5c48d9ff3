"""The codes shared by Python and C: the one source of the numbers at the seam.

Everything the compiled kernels and the Python code must agree on without a function call
between them is defined here once, as plain Python (no import of the package: the
pure-Python twins, ``tools/gen_header.py`` and ``setup.py``-time tools can import it):
situation-flag bits, meld-type codes, score result codes, limit codes and names, the red
fives, and the scoring rules the C kernel reads (their order is the layout of the C struct
``ipt_rules_t``). ``tools/gen_header.py`` writes ``_generated.h`` from this module and
the yaku table (:data:`ippatsu.yaku.YAKU`: ids, han, yakuman multiples, replacements;
forms and waits); ``_score.h`` / ``_kernels.h`` include it and define none of these
numbers by hand. ``tests/test_generated.py`` runs ``gen_header.py --check`` and compares
every remaining Python copy with this module.

Where else these numbers are named
----------------------------------
==========================  ==============================================================
situation flags             here (``F_*``). ``_generated.h``: ``IPT_F_*``. ``scoring.py``,
                            ``scoring_batch.py`` (public ``TSUMO`` ...), ``_backend.py``:
                            imported from here.
meld types and their fu     here (``M_*``, :data:`MELD_NAMES`, :data:`MELD_TYPE_NAMES`,
                            :data:`MELD_FU`). ``_generated.h``: ``IPT_M_*``,
                            ``IPT_GEN_MELD_FU``. ``scoring.py``, ``scoring_batch.py``:
                            imported. ``table/state.py`` (``_M_*``): its own names for
                            the same codes.
score result codes          here (``S_*``). ``_generated.h``: ``IPT_S_*``; ``_core.pyx``
                            ``SCORE_*`` and ``scoring_batch`` ``OK`` ...: from here.
limits                      here (:data:`LIMITS`, index = code, ``L_*``). ``_generated.h``:
                            ``IPT_L_*``. ``scoring.py``, ``scoring_batch.py``: imported.
                            ``io/tenhou6.py`` reads Tenhou's Japanese limit names into
                            these codes.
red fives                   here (:data:`RED_FIVE_IDS`, :data:`RED_FIVE_KINDS`).
                            ``_generated.h``: ``IPT_RED_*`` (``_core.pyx`` reads them).
                            ``tiles.py`` re-exports them (and ``RED_ID_SET``), every
                            other module imports. ``table/actionspace.py`` and
                            ``env/_vec.py`` compare with the numbers in their compiled
                            loops, held to these by tests/test_constants_home.py.
kind groups                 here (winds, dragons, ``NORTH``, terminals, honors,
                            :data:`YAOCHUU_KINDS`, :data:`SANMA_ABSENT_KINDS` 2m-8m, and
                            their masks). ``_generated.h``: ``IPT_K_*``,
                            ``IPT_KIND_NORTH``, ``IPT_GEN_YAOCHUU_KINDS``. ``tiles.py``
                            re-exports them; ``yaku.py``, ``scoring.py``, ``_sanma.py``,
                            the table and the studies import.
scoring rules read by C     here (:data:`RULE_FIELDS`, the ``ipt_rules_t`` layout).
                            ``_generated.h``: the struct; ``_core.pxd``: its declaration
                            (checked against this list by a test); ``_core.pyx`` fills it
                            by field name from a ``Rules`` object.
yaku ids / han / multiples  :mod:`ippatsu.yaku` (the table). ``_generated.h``: ``Y_*``
                            ids and the han / multiple / replacement arrays, initialised
                            once (``static const`` in ``_score.h``).
                            ``io/tenhou6.py`` ``YAKU_IDS``: built from the table.
forms / waits               :mod:`ippatsu.yaku` (``FORM_*``, ``WAIT_*``). ``_generated.h``:
                            ``IPT_FORM_*``, ``IPT_W_*``.
hand core                   here (:data:`NOT_APPLICABLE`, :data:`SOLO_POLICIES`).
                            ``_generated.h``: ``IPT_NOT_APPLICABLE``, ``IPT_POLICY_*``;
                            ``_core.pyx``: from here and the header;
                            ``_reference/api.py``: from here; ``_reference/handcore.py``
                            and ``_reference/solo.py``: own values, checked by a test.
==========================  ==============================================================

Adding a situation flag: a name at the end of :data:`FLAG_NAMES`, then
``python tools/gen_header.py``. Adding a scoring rule the kernel reads: a field of
``Rules`` and an entry of :data:`RULE_FIELDS` (and the field in ``_core.pxd``'s
``ipt_rules_t``), then ``python tools/gen_header.py``.
"""
from __future__ import annotations

__all__ = [
    "FLAGS",
    "FLAG_NAMES",
    "F_ALL",
    "F_ANY_RIICHI",
    "F_CHANKAN",
    "F_CHIIHOU",
    "F_DOUBLE_RIICHI",
    "F_HAITEI",
    "F_HOUTEI",
    "F_IPPATSU",
    "F_LOCAL",
    "F_OPEN_RIICHI",
    "F_PAARENCHAN",
    "F_RENHOU",
    "F_SASHIKOMI",
    "F_RIICHI",
    "F_RINSHAN",
    "F_TENHOU",
    "F_TSUMO",
    "LIMITS",
    "LIMIT_NAMES",
    "L_BAIMAN",
    "L_HANEMAN",
    "L_KAZOE",
    "L_MANGAN",
    "L_NONE",
    "L_SANBAIMAN",
    "L_YAKUMAN",
    "MELD_FU",
    "MELD_LABELS",
    "MELD_NAMES",
    "MELD_TYPE_NAMES",
    "M_ANKAN",
    "M_CHI",
    "M_KAKAN",
    "M_MINKAN",
    "M_NONE",
    "M_PON",
    "NOT_APPLICABLE",
    "DAISHARIN_VALUES",
    "PAARENCHAN_VALUES",
    "RED_FIVE_IDS",
    "RENHOU_VALUES",
    "RED_FIVE_KINDS",
    "MAX_RED_PER_SUIT",
    "red_five_ids",
    "RULE_FIELDS",
    "SOLO_POLICIES",
    "BATCH_COLUMNS",
    "BATCH_ERRORS",
    "S_BAD_INPUT",
    "S_NOT_AGARI",
    "S_NO_YAKU",
    "S_OK",
    "flags_of",
    "rule_values",
]

# ---------------------------------------------------------------------------------------
# situation flags: bit i = FLAG_NAMES[i] (the ``flags`` of the scoring kernel and of
# score_batch)
FLAG_NAMES: tuple[str, ...] = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
    "chankan", "tenhou", "chiihou",
    # local yaku (docs/rules.md §12): a ron before the winner's first draw (renhou), the
    # dealer's eighth consecutive win (paarenchan), an open riichi, and a ron on an open
    # riichi from a player who is not in riichi (sashikomi)
    "renhou", "paarenchan", "open_riichi", "sashikomi",
)
FLAGS: dict[str, int] = {name: 1 << i for i, name in enumerate(FLAG_NAMES)}
F_TSUMO = FLAGS["tsumo"]
F_RIICHI = FLAGS["riichi"]
F_DOUBLE_RIICHI = FLAGS["double_riichi"]
F_IPPATSU = FLAGS["ippatsu"]
F_HAITEI = FLAGS["haitei"]
F_HOUTEI = FLAGS["houtei"]
F_RINSHAN = FLAGS["rinshan"]
F_CHANKAN = FLAGS["chankan"]
F_TENHOU = FLAGS["tenhou"]
F_CHIIHOU = FLAGS["chiihou"]
F_RENHOU = FLAGS["renhou"]
F_PAARENCHAN = FLAGS["paarenchan"]
F_OPEN_RIICHI = FLAGS["open_riichi"]
F_SASHIKOMI = FLAGS["sashikomi"]
#: the flags of the local yaku: only the general part of score() sets them
F_LOCAL = F_RENHOU | F_PAARENCHAN | F_OPEN_RIICHI | F_SASHIKOMI
#: either riichi bit (ura dora, the riichi yaku)
F_ANY_RIICHI = F_RIICHI | F_DOUBLE_RIICHI
#: every defined bit
F_ALL = (1 << len(FLAG_NAMES)) - 1


def flags_of(tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan,
             tenhou, chiihou, renhou=False, paarenchan=False, open_riichi=False,
             sashikomi=False) -> int:
    """The flag word of a situation given as truth values (in :data:`FLAG_NAMES` order)."""
    return ((F_TSUMO if tsumo else 0) | (F_RIICHI if riichi else 0)
            | (F_DOUBLE_RIICHI if double_riichi else 0) | (F_IPPATSU if ippatsu else 0)
            | (F_HAITEI if haitei else 0) | (F_HOUTEI if houtei else 0)
            | (F_RINSHAN if rinshan else 0) | (F_CHANKAN if chankan else 0)
            | (F_TENHOU if tenhou else 0) | (F_CHIIHOU if chiihou else 0)
            | (F_RENHOU if renhou else 0) | (F_PAARENCHAN if paarenchan else 0)
            | (F_OPEN_RIICHI if open_riichi else 0) | (F_SASHIKOMI if sashikomi else 0))


# ---------------------------------------------------------------------------------------
# meld types: code = index (the scoring kernel's meld_type; score_batch's melds column 0)
MELD_NAMES: tuple[str, ...] = ("chi", "pon", "daiminkan", "ankan", "kakan")
MELD_LABELS: tuple[str, ...] = ("chi", "pon", "open kan", "closed kan", "added kan")
#: fu of a declared meld (RULES.md §6): MELD_FU[type][terminal or honor] (None for a chi);
#: the kernel reads it as IPT_GEN_MELD_FU (tools/gen_header.py)
MELD_FU: tuple = (None, (2, 4), (8, 16), (16, 32), (8, 16))
M_CHI, M_PON, M_MINKAN, M_ANKAN, M_KAKAN = range(5)
#: an unused meld slot of score_batch's (N, 4, 2) melds array
M_NONE = 255
#: every name score() accepts for a meld type (MeldType values and aliases) -> code
MELD_TYPE_NAMES: dict[str, int] = {
    "chi": M_CHI, "pon": M_PON, "daiminkan": M_MINKAN, "minkan": M_MINKAN, "kan": M_MINKAN,
    "ankan": M_ANKAN, "kakan": M_KAKAN, "shouminkan": M_KAKAN, "added_kan": M_KAKAN,
    "closed_kan": M_ANKAN, "open_kan": M_MINKAN,
}

# ---------------------------------------------------------------------------------------
# result codes of the scoring kernel (score_kernel's code, ScoreBatch.code)
S_OK, S_NOT_AGARI, S_NO_YAKU, S_BAD_INPUT = 0, 1, 2, 3

#: score_batch's row errors, in the order the checks run on a row (code = index + 1; the
#: compiled pass and the pure-Python one report the first bad row with the same code and
#: details, and scoring_batch names it): a value out of its column's range, a meld type or
#: kind out of range, a chi that no suit holds, a bad concealed count or total, a winning
#: tile not held, a fifth copy between the hand and its melds, a wrong tile count for the
#: melds; then, three players only (docs/rules.md §11), a North seat or round wind, a
#: kind of 2m-8m in the hand, its melds or an indicator, a chi, more than four Norths
#: between the hand, its melds and the Norths set aside; then a fifth copy with the
#: indicators (the Norths set aside counted), an impossible situation, red fives that do
#: not fit the fives
BATCH_ERRORS: tuple[str, ...] = (
    "range", "meld", "impossible_meld", "counts", "win_not_held", "fifth_copy",
    "hand_size", "sanma_wind", "sanma_tile", "sanma_chi", "north_copy", "indicator_copy",
    "situation", "red",
)
#: the columns of score_batch's range check (BATCH_ERRORS "range": detail a = index):
#: (name, lowest, highest; red: up to four per suit, Rules.red_five_counts; flowers: the
#: flower tiles set aside, Rules.flowers; nukidora: the Norths set aside, three players)
BATCH_COLUMNS: tuple[tuple[str, int, int], ...] = (
    ("win_tile", 0, 33), ("melds", -1, 255), ("flags", 0, F_ALL), ("tsumo", 0, 1),
    ("riichi", 0, 1), ("seat_wind", 0, 3), ("round_wind", 0, 3),
    ("dora_indicators", -1, 33), ("ura_indicators", -1, 33), ("red", 0, 12),
    ("flowers", 0, 4), ("nukidora", 0, 4),
)

# ---------------------------------------------------------------------------------------
# limits: code = index into LIMITS (0: below mangan)
LIMITS: tuple[str | None, ...] = (
    None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe yakuman",
)
#: the names alone (ScoreResult.limit is one of these or None)
LIMIT_NAMES: tuple[str, ...] = tuple(n for n in LIMITS if n is not None)
L_NONE, L_MANGAN, L_HANEMAN, L_BAIMAN, L_SANBAIMAN, L_YAKUMAN, L_KAZOE = range(7)

# ---------------------------------------------------------------------------------------
# red fives: copy 0 of each five (5m, 5p, 5s)
RED_FIVE_IDS: tuple[int, int, int] = (16, 52, 88)
RED_FIVE_KINDS: tuple[int, int, int] = (4, 13, 22)
#: the most red fives a suit can have (its four fives)
MAX_RED_PER_SUIT = 4


def red_five_ids(counts: tuple[int, int, int] = (1, 1, 1)) -> frozenset[int]:
    """The ids that are red with ``counts`` red fives per suit (man, pin, sou): the first
    ``counts[s]`` copies of the five of suit ``s`` (copy 0 first, so one red per suit is
    :data:`RED_FIVE_IDS`). The one definition of which physical tiles are red."""
    return _RED_SETS.get(counts) or frozenset(
        RED_FIVE_KINDS[s] * 4 + c for s in range(3) for c in range(counts[s]))


_RED_SETS: dict = {}
for _c in ((0, 0, 0), (1, 1, 1)):
    _RED_SETS[_c] = red_five_ids(_c)
del _c

# ---------------------------------------------------------------------------------------
# kind groups (kinds 0-33: 1m..9m, 1p..9p, 1s..9s, then East South West North White
# Green Red); tiles.py re-exports them, _generated.h holds them as IPT_K_* / IPT_KIND_*
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WIND_KINDS: tuple[int, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGON_KINDS: tuple[int, ...] = (HAKU, HATSU, CHUN)
HONOR_KINDS: tuple[int, ...] = WIND_KINDS + DRAGON_KINDS
TERMINAL_KINDS: tuple[int, ...] = (0, 8, 9, 17, 18, 26)
#: the 13 terminal-or-honor kinds (the kokushi set), ascending
YAOCHUU_KINDS: tuple[int, ...] = TERMINAL_KINDS + HONOR_KINDS
#: the kinds three-player mahjong removes: 2m-8m (the 108-tile set has 1m and 9m only)
SANMA_ABSENT_KINDS: tuple[int, ...] = tuple(range(1, 8))


def kinds_mask(kinds) -> int:
    """The 34-bit mask of ``kinds`` (bit k = kind k)."""
    return sum(1 << k for k in set(kinds))


TERMINALS_MASK = kinds_mask(TERMINAL_KINDS)
HONORS_MASK = kinds_mask(HONOR_KINDS)
YAOCHUU_MASK = TERMINALS_MASK | HONORS_MASK
SANMA_ABSENT_MASK = kinds_mask(SANMA_ABSENT_KINDS)

# ---------------------------------------------------------------------------------------
# hand core
#: the shanten of a form a hand cannot take (seven pairs / thirteen orphans with melds)
NOT_APPLICABLE = 127
#: solo rollout discard policies: code = index
SOLO_POLICIES: tuple[str, ...] = ("efficiency", "shanten")

# ---------------------------------------------------------------------------------------
# the scoring rules the C kernel reads: (Rules attribute, C type, Python conversion), in
# the field order of the C struct ``ipt_rules_t`` (generated). _core fills the struct by
# these names from a Rules object.
#: the codes of the enum-valued local-yaku rules (value = index): Rules.renhou,
#: Rules.paarenchan, Rules.daisharin
RENHOU_VALUES: tuple[str, ...] = ("off", "mangan", "baiman", "yakuman", "yaku")
PAARENCHAN_VALUES: tuple[str, ...] = ("off", "with_yaku", "always")
DAISHARIN_VALUES: tuple[str, ...] = ("off", "pin", "all")


def _code_in(values: tuple):
    """Conversion of an enum rule to its code: its value's index in ``values``."""
    def conv(v) -> int:
        return values.index(getattr(v, "value", v))
    conv.__name__ = f"code_in_{values[1]}"
    return conv


RULE_FIELDS: tuple[tuple[str, str, type], ...] = (
    ("open_tanyao", "uint8_t", bool),
    ("kazoe_yakuman", "uint8_t", bool),
    ("kiriage", "uint8_t", bool),
    ("yakuman_stacking", "uint8_t", bool),
    ("double_wind_pair_fu", "uint8_t", int),
    # the local options (docs/rules.md §12); double_mask is Rules' derived mask of the
    # yakuman rows that count double (from double_yakuman and double_yakuman_patterns)
    ("kazoe_multiple", "uint8_t", bool),
    ("renhou", "uint8_t", _code_in(RENHOU_VALUES)),
    ("paarenchan", "uint8_t", _code_in(PAARENCHAN_VALUES)),
    ("daisharin", "uint8_t", _code_in(DAISHARIN_VALUES)),
    ("daichisei", "uint8_t", bool),
    ("ryuuiisou_hatsu", "uint8_t", bool),
    ("open_riichi", "uint8_t", bool),
    ("sashikomi_yakuman", "uint8_t", bool),
    ("double_mask", "uint64_t", int),
    # no limits (docs/rules.md §12): the kernel compares bases beyond any integer width
    # exactly; the edge computes the points in Python integers
    ("aotenjou", "uint8_t", bool),
)


def rule_values(rules) -> dict[str, int]:
    """The kernel's view of a ``Rules``: {field: int} for every :data:`RULE_FIELDS` entry
    (what the compiled core writes into ``ipt_rules_t``)."""
    return {name: int(conv(getattr(rules, name))) for name, _ctype, conv in RULE_FIELDS}
