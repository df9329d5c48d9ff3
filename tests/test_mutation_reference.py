"""_reference/ behaviour that planted bugs survived (issue 15, ``tools/mutation.py
reference-scoring``): the pure-Python evaluation the compiled kernel is a port of.

Each test names the rule it pins and was checked by planting the mutant it aims at in
``src/ippatsu/_reference/`` (pure-Python backend, shared data hidden) and watching it
fail. Expected values come from the rules (RULES §6 fu items), not from the code.
"""
from __future__ import annotations

from ippatsu.scoring import score


def test_rule_6_open_hand_of_20_fu_lists_the_open_hand_minimum_item():
    """RULES §6: an open hand with no fu beyond the base counts 30: the breakdown is the
    base 20 plus 10 for the open-hand minimum (items sum to the fu before rounding)."""
    r = score("234p567s678s55m", "4p", melds=["chi 234m"], discarder=2, seat_wind=1,
              raise_on_no_yaku=False)
    assert r.fu == 30
    assert r.fu_breakdown == (("base", 20), ("open hand minimum", 10))
