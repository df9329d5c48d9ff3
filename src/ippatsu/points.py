"""Points: a hand's base points from its han and fu (the limits, kiriage, counted
yakuman) and what it costs each payer (RULES.md §7). Pure arithmetic on ints and a
:class:`~ippatsu.rules.Rules`; :mod:`ippatsu.scoring` (score's result, score_table) and the
reference evaluation (:mod:`ippatsu._reference.scoring`) both use it, and
:mod:`ippatsu.scoring` re-exports both names.
"""
from __future__ import annotations

from typing import Optional, Tuple

from .rules import Rules

__all__ = ["base_points", "hand_cost", "round_up_100"]


_DEFAULT_RULES = Rules.ippatsu()  # rules=None, as everywhere in the API


def round_up_100(x: int) -> int:
    """``x`` rounded up to a multiple of 100 (every payment is)."""
    return -(-x // 100) * 100


def base_points(han: int, fu: int, yakuman: int = 0,
                rules: Optional[Rules] = None) -> Tuple[int, Optional[str]]:
    """base_points(han, fu, yakuman=0, rules=None) -> (base, limit name or None)

    ``rules=None`` means the default rules (``Rules.ippatsu()``).

    RULES.md §7: ``fu × 2^(han+2)`` below the limits; mangan at 5 han or when the base
    reaches 2,000; haneman 6–7, baiman 8–10, sanbaiman 11–12, counted yakuman 13+ (or
    sanbaiman when ``kazoe_yakuman`` is off); ``yakuman`` > 0 is 8,000 per multiple.
    ``kiriage`` rounds 4 han 30 fu and 3 han 60 fu up to mangan.

    >>> base_points(3, 40)
    (1280, None)
    >>> base_points(4, 40)
    (2000, 'mangan')
    >>> base_points(0, 0, yakuman=2)
    (16000, 'yakuman')
    """
    if rules is None:
        rules = _DEFAULT_RULES
    if yakuman:
        return 8000 * yakuman, "yakuman"
    if han >= 13:
        if not rules.kazoe_yakuman:
            return 6000, "sanbaiman"
        # kazoe_multiple (docs/rules.md §12): one yakuman per 13 han
        return 8000 * (han // 13 if rules.kazoe_multiple else 1), "kazoe yakuman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han >= 5:
        return 2000, "mangan"
    base = fu << (han + 2)
    if base >= 2000:
        return 2000, "mangan"
    if rules.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return 2000, "mangan"
    return base, None


def hand_cost(base: int, dealer: bool, tsumo: bool) -> Tuple[int, int, int]:
    """hand_cost(base, dealer, tsumo) -> (total, dealer_pays, non_dealer_pays)

    What the hand is worth before honba and deposits. Ron: ``total`` is the discarder's
    payment (base×6 for the dealer, base×4 otherwise, rounded up to 100) and the other
    two are 0. Tsumo: the dealer's share (0 when the dealer wins) and each non-dealer's
    share, each rounded up to 100; ``total`` is their sum.

    >>> hand_cost(1280, False, False)
    (5200, 0, 0)
    >>> hand_cost(1280, False, True)
    (5200, 2600, 1300)
    >>> hand_cost(3000, True, True)
    (18000, 0, 6000)
    """
    if not tsumo:
        return round_up_100(base * (6 if dealer else 4)), 0, 0
    if dealer:
        each = round_up_100(base * 2)
        return each * 3, 0, each
    d = round_up_100(base * 2)
    n = round_up_100(base)
    return d + 2 * n, d, n
