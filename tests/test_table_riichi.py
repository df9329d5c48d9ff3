"""Riichi at the table (RULES §4, §8): double riichi and the calls that take it
away, ippatsu and its go-around, riichi on a complete hand and its deposit.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

from ippatsu import score
from ippatsu.table import Phase

from _table_helpers import T, discard, find, pass_all, table, tsumogiri_round


# a dealer hand with nothing to call or win on the test tiles
DUMMY = "1199m1199p1199s5z"


def yaku_names(r):
    return [n for n, _ in r.yaku]


DR_HAND = "123m456p789s1122z"


def test_rule_8_double_riichi_needs_no_call_before_it_by_anyone():
    """RULES §8: double riichi is declared on your very first discard with no call before
    it. Seat 2 pons seat 0's first discard; seat 3's first-discard riichi is then a plain
    riichi."""
    st = table([DUMMY, "", "55m", DR_HAND], draws="5m 4m")
    discard(st, "5m")
    st.step(find(st, 2, T.PON))
    d = next(a for a in st.legal_actions(2) if a.type == T.DISCARD)
    st.step(d)
    pass_all(st)
    assert st.actor == 3 and st.first_turn[3]
    st.step(find(st, 3, T.RIICHI, "4m"))
    pass_all(st)
    assert st.riichi[3] and not st.double_riichi[3]


def test_rule_8_double_riichi_on_the_first_discard_without_calls():
    """RULES §8, the other direction: with no call, seat 3's first-discard riichi is double."""
    st = table([DUMMY, "", "", DR_HAND], draws="5m 9p 9p 4m")
    tsumogiri_round(st, 3)
    st.step(find(st, 3, T.RIICHI, "4m"))
    pass_all(st)
    assert st.double_riichi[3]


def test_rule_4_ippatsu_expires_after_own_next_discard():
    """RULES §4: ippatsu is a win within one go-around of the riichi. After the riichi
    player's own next discard passes, a ron on seat 1's discard is no longer ippatsu."""
    st = table([DR_HAND, "", "", ""], draws="4m 9p 9p 9p 9s 1z")
    st.step(find(st, 0, T.RIICHI, "4m"))
    pass_all(st)
    tsumogiri_round(st, 3)
    assert st.ippatsu[0]
    discard(st)                              # seat 0's own next discard (9s)
    pass_all(st)
    assert not st.ippatsu[0]
    discard(st)                              # seat 1 throws 1z
    st.step(find(st, 0, T.RON))
    names = yaku_names(st.hand_results[-1].wins[0].score)
    assert "ippatsu" not in names and "double_riichi" in names


def test_rule_4_ippatsu_ron_within_the_go_around():
    """RULES §4, the other direction: a ron before the riichi player's next discard is
    ippatsu."""
    st = table([DR_HAND, "", "", ""], draws="4m 1z")
    st.step(find(st, 0, T.RIICHI, "4m"))
    pass_all(st)
    discard(st)                              # seat 1 throws 1z
    st.step(find(st, 0, T.RON))
    assert "ippatsu" in yaku_names(st.hand_results[-1].wins[0].score)


def test_rule_8_riichi_may_be_declared_on_a_complete_hand():
    """RULES §8 riichi needs tenpai after the declaring discard: a drawn tile that
    completes the hand may be kept for a tsumo or thrown with riichi on another wait."""
    st = table([DR_HAND, "", "", ""], draws="1z")
    assert find(st, 0, T.TSUMO) is not None
    assert find(st, 0, T.RIICHI, "2z") is not None


def test_rule_8_riichi_declared_until_its_discard_passes():
    """RULES §8 riichi: the 1,000 deposit is paid with the declaring discard once it is
    not ronned (``RiichiState``: DECLARED while the discard may still be claimed, then
    ACCEPTED). Seat 1 may pon the dealer's riichi discard 5z: meanwhile the riichi is
    declared, not accepted and not none, and no deposit is paid."""
    from ippatsu.table.state import RiichiState
    st = table(["123m456p789s1122z", "55z1199m1199p19s", "", ""], draws="5z")
    st.step(find(st, 0, T.RIICHI, "5z"))
    assert st.phase == Phase.RESPONSE and find(st, 1, T.PON) is not None
    assert st.riichi[0] is RiichiState.DECLARED and st.riichi[0].name == "DECLARED"
    assert st.riichi[0] != RiichiState.NONE and st.scores[0] == 25000
    pass_all(st)
    assert st.riichi[0] is RiichiState.ACCEPTED and st.scores[0] == 24000

