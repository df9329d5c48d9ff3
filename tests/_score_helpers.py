"""The compiled plain road of ``score()`` asked directly: ``_backend.score_fast`` takes
score()'s keywords positionally; tests use it to tell which road an input takes."""
from __future__ import annotations

from ippatsu import _backend

#: score_fast's positional arguments after (hand, win), by name
FAST_ARGS = ("melds", "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
             "rinshan", "chankan", "tenhou", "chiihou", "seat_wind", "round_wind",
             "dora_indicators", "ura_indicators", "honba", "deposits", "discarder", "pao",
             "rules", "raise_on_no_yaku")
#: score()'s defaults for them
FAST_DEFAULTS = dict(melds=(), tsumo=False, riichi=False, double_riichi=False,
                     ippatsu=False, haitei=False, houtei=False, rinshan=False,
                     chankan=False, tenhou=False, chiihou=False, seat_wind=0, round_wind=0,
                     dora_indicators=(), ura_indicators=(), honba=0, deposits=0,
                     discarder=None, pao=None, rules=None, raise_on_no_yaku=True)


def fast_road(hand, win, **kw):
    """The plain road's answer for score()'s keywords (keywords it does not take are
    left out): a ScoreResult, or None when it hands the input to the general part."""
    a = dict(FAST_DEFAULTS, **{k: v for k, v in kw.items() if k in FAST_DEFAULTS})
    return _backend.score_fast(hand, win, *[a[n] for n in FAST_ARGS])
