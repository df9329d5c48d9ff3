"""Calls and discards at the table (RULES §8): who may chi, pon or kan and when,
call priority, kuikae, who a meld was taken from, discards named by id, and actions
built by hand.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest
from ippatsu.errors import IllegalActionError
from ippatsu.rules import Rules
from ippatsu.table import Action, GameState, Phase
from ippatsu.tiles import parse_kind

from _table_helpers import T, discard, find, pass_all, table, tsumogiri_round


# a dealer hand with nothing to call or win on the test tiles
DUMMY = "1199m1199p1199s5z"


def discard_kinds(st, p):
    return {a.tile >> 2 for a in st.legal_actions(p) if a.type == T.DISCARD}


def chi_with(st, p, *pair):
    want = sorted(parse_kind(x) for x in pair)
    for a in st.legal_actions(p):
        if a.type == T.CHI and sorted(t >> 2 for t in a.consumed) == want:
            return a
    raise AssertionError(f"no chi with {pair} for seat {p}: {st.legal_actions(p)}")


K = parse_kind


NO_RED = Rules().replace(red_fives=False)


def _copy_not_held(st, p, kind_text):
    """An id of ``kind_text`` that seat ``p`` does not hold."""
    held = set(st.hand[p])
    return next(t for t in range(136) if t >> 2 == K(kind_text) and t not in held)


def held(st, p, tile):
    """The id of a ``tile`` (notation) in seat ``p``'s hand."""
    return next(t for t in st.hand[p] if t >> 2 == K(tile))


def test_rule_8_kuikae_chi_called_tile_at_the_high_end_bans_the_far_end():
    """RULES §8 kuikae: chi of 7m with 56m bans 7m and 4m (the other end of 4-5-6-7)."""
    st = table([DUMMY, "4567m1239p456s11z", "", ""], draws="7m")
    discard(st, "7m")
    st.step(chi_with(st, 1, "5m", "6m"))
    ks = discard_kinds(st, 1)
    assert K("7m") not in ks and K("4m") not in ks
    assert K("1p") in ks and K("3p") in ks


def test_rule_8_kuikae_chi_in_the_middle_bans_only_the_called_kind():
    """RULES §8 kuikae: chi of 5m with 46m (closed wait) bans 5m only; 3m and 7m stay."""
    st = table([DUMMY, "3467m1239p456s11z", "", ""], draws="5m")
    discard(st, "5m")
    st.step(chi_with(st, 1, "4m", "6m"))
    ks = discard_kinds(st, 1)
    assert K("5m") not in ks
    assert K("3m") in ks and K("7m") in ks


def test_rule_8_kuikae_chi_7_with_89_bans_nothing_beyond_the_suit():
    """RULES §8 kuikae: chi of 7m with 89m bans 7m only — there is no '10m', so 1p (the
    next kind index) stays allowed, and so does 4m."""
    st = table([DUMMY, "4789m1239p456s11z", "", ""], draws="7m")
    discard(st, "7m")
    st.step(chi_with(st, 1, "8m", "9m"))
    ks = discard_kinds(st, 1)
    assert K("7m") not in ks
    assert K("1p") in ks and K("4m") in ks


def test_rule_8_kuikae_chi_3_with_12_bans_nothing_below_the_suit():
    """RULES §8 kuikae: chi of 3p with 12p bans 3p only — there is no '0p', so 9m (the
    previous kind index) stays allowed, and so does 6p."""
    st = table([DUMMY, "9m1236p456s789s11z", "", ""], draws="3p")
    discard(st, "3p")
    st.step(chi_with(st, 1, "1p", "2p"))
    ks = discard_kinds(st, 1)
    assert K("3p") not in ks
    assert K("9m") in ks and K("6p") in ks


def test_rule_8_kuikae_chi_3m_with_12m_does_not_ban_an_honor():
    """RULES §8 kuikae: chi of 3m with 12m bans 3m only (no kind below 1m; in particular
    not the last kind index, Red dragon 7z)."""
    st = table([DUMMY, "1236m456p456s777z", "", ""], draws="3m")
    discard(st, "3m")
    st.step(chi_with(st, 1, "1m", "2m"))
    ks = discard_kinds(st, 1)
    assert K("3m") not in ks
    assert K("7z") in ks and K("6m") in ks


def test_rule_8_kuikae_chi_7_with_89_offered_when_1p_is_left():
    """RULES §8 kuikae: a call is not offered when only banned tiles would remain. Seat 1
    holds 1p 789m (three pons shown): a chi of 7m with 89m leaves 1p 7m, and 1p is not
    banned, so the chi is offered and 1p is the only discard."""
    st = table([DUMMY, "", "", ""], draws="7m")
    st.set_position(1, hand="1p789m", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "7m")
    st.step(chi_with(st, 1, "8m", "9m"))
    assert discard_kinds(st, 1) == {K("1p")}


def test_rule_8_kuikae_chi_not_offered_when_only_the_far_end_is_left():
    """RULES §8 kuikae, the other direction: holding 44m 56m (three pons shown), a chi of
    7m with 56m would leave 44m, banned (the far end), so it is not offered."""
    st = table([DUMMY, "", "", ""], draws="7m")
    st.set_position(1, hand="44m56m", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "7m")
    assert not [a for a in st.legal_actions(1) if a.type == T.CHI
                and sorted(t >> 2 for t in a.consumed) == [K("5m"), K("6m")]]


def test_rule_8_chi_only_from_the_player_on_your_left():
    """RULES §8: chi only from the player on your left. Seat 0's 4m: seat 1 (seat 0 is on
    its left) may chi it with 56m; seat 3 holding 44m 56m may pon it but not chi it."""
    st = table([DUMMY, "56m1p4p7p2s8s1234z", "", "44m56m1p4p7p2s8s567z"], draws="4m")
    discard(st, "4m")
    assert any(a.type == T.CHI for a in st.legal_actions(1))
    assert find(st, 3, T.PON) is not None
    assert not any(a.type == T.CHI for a in st.legal_actions(3))


def test_rule_8_call_priority_ron_over_pon_over_chi():
    """RULES §8: priority ron > pon/kan > chi. On seat 0's 4m seat 1 may chi (56m), seat 2
    pon (44m) and seat 3 ron (23m, tanyao): ron wins; without the ron, the pon wins."""
    hands = [DUMMY, "56m1p4p7p2s8s1234z", "44m1p4p7p2s8s1234z", "23m456p678s345s55s"]
    st = table(hands, draws="4m")
    discard(st, "4m")
    chi, pon, ron = find(st, 1, T.CHI), find(st, 2, T.PON), find(st, 3, T.RON)
    assert chi is not None and pon is not None and ron is not None
    st.step([chi, pon, ron])
    res = st.hand_results[-1]
    assert res.kind == "win" and [w.winner for w in res.wins] == [3]
    st = table(hands, draws="4m")
    discard(st, "4m")
    st.step([find(st, 1, T.CHI), find(st, 2, T.PON)])
    assert st.phase == Phase.TURN and st.actor == 2
    assert [m.type.name for m in st.melds[2]] == ["PON"] and not st.melds[1]


def test_rule_8_kuikae_banned_discard_refused_by_step():
    """RULES §8 kuikae: a banned discard passed to step() directly (not taken from the
    legal list) is refused, and an allowed one is accepted."""
    st = table([DUMMY, "4567m1239p456s11z", "", ""], draws="4m")
    discard(st, "4m")
    st.step(chi_with(st, 1, "5m", "6m"))
    seven = next(t for t in st.hand[1] if t >> 2 == K("7m"))
    with pytest.raises(IllegalActionError):
        st.step(Action(T.DISCARD, 1, seven))
    one_p = next(t for t in st.hand[1] if t >> 2 == K("1p"))
    st.step(Action(T.DISCARD, 1, one_p))
    assert st.river[1][-1] == one_p


def test_rule_8_chi_of_a_9():
    """RULES §8: a chi of 9s (with 78s) is offered like any other."""
    st = table([DUMMY.replace("5z", "9s"), "78s1p4p7p2m5m8m123z", "", ""], draws="9s")
    discard(st, "9s")
    assert chi_with(st, 1, "7s", "8s") is not None


def test_rule_8_kuikae_chi_not_offered_when_only_the_called_kind_is_left():
    """RULES §8 kuikae: holding 46m 55m (three pons shown), a chi of 5m with 46m would leave
    55m, the called kind: not offered; the pon (leaving 46m) is."""
    st = table([DUMMY, "", "", ""], draws="5m")
    st.set_position(1, hand="4556m", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "5m")
    assert not any(a.type == T.CHI for a in st.legal_actions(1))
    assert find(st, 1, T.PON) is not None


def test_rule_8_kuikae_chi_offered_with_a_lower_tile_left():
    """RULES §8 kuikae: holding 1m 789m (three pons shown), a chi of 7m with 89m leaves
    1m 7m; 1m is allowed, so the chi is offered."""
    st = table([DUMMY, "", "", ""], draws="7m")
    st.set_position(1, hand="1m789m", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "7m")
    st.step(chi_with(st, 1, "8m", "9m"))
    assert discard_kinds(st, 1) == {K("1m")}


def test_meld_records_who_it_was_taken_from():
    """A called meld names the player it came from: left (chi), across and right (pon)."""
    st = table([DUMMY, "56m1p4p7p2s8s1234z", "", ""], draws="4m")
    discard(st, "4m")
    st.step(chi_with(st, 1, "5m", "6m"))
    assert str(st.melds[1][-1]).endswith("<L")
    for caller, mark in ((2, "<A"), (3, "<R")):
        st = table([DUMMY, "", "", ""], draws="4m")
        st.set_position(caller, hand="44m1p4p7p2s8s1234z")
        discard(st, "4m")
        st.step(find(st, caller, T.PON))
        assert str(st.melds[caller][-1]).endswith(mark), (caller, str(st.melds[caller][-1]))


def test_red_five_and_its_neighbour_are_different_discards():
    """RULES §1: the red 5m is still a 5m, and a 6m is another kind: both are offered as
    discards, the red one apart from the plain 5m."""
    st = table(["4056m1199p1199s5z", "", "", ""], draws="9s")
    ids = {a.tile for a in st.legal_actions(0) if a.type == T.DISCARD}
    assert 16 in ids                                      # the red 5m
    assert {t >> 2 for t in ids} >= {K("4m"), K("5m"), K("6m")}
    assert sum(1 for t in ids if t >> 2 == K("5m")) == 2  # red and plain 5m


def test_step_refuses_a_discard_of_a_tile_not_in_hand_without_red_fives():
    """step() with a discard built by hand: a tile the player does not hold is refused
    (red fives off: the kind-only fast path)."""
    rules = Rules().replace(red_fives=False)
    st = table([DUMMY, "", "", ""], draws="9s", rules=rules)
    missing = next(t for t in range(136) if t >> 2 == K("5m"))
    with pytest.raises(IllegalActionError):
        st.step(Action(T.DISCARD, 0, missing))
    own = next(t for t in st.hand[0] if t >> 2 == K("1m"))
    st.step(Action(T.DISCARD, 0, own))
    assert st.river[0][-1] == own and not st.riichi[0]


@pytest.mark.parametrize("called, pair, far", [("4m", ("2m", "3m"), "1m"),   # high end, rank 4
                                               ("6m", ("7m", "8m"), "9m")])  # low end, rank 6
def test_rule_8_kuikae_far_end_at_the_edge_of_the_suit(called, pair, far):
    """RULES §8 kuikae: the far end exists up to the suit's edge: chi 4m with 23m bans
    1m; chi 6m with 78m bans 9m."""
    hand = {"4m": "1234m9p456s789s11z", "6m": "6789m1p456s789s11z"}[called]
    st = table([DUMMY, hand, "", ""], draws=called)
    discard(st, called)
    st.step(chi_with(st, 1, *pair))
    ks = discard_kinds(st, 1)
    assert K(called) not in ks and K(far) not in ks


def test_rule_8_chi_without_red_fives_takes_the_named_kinds():
    """RULES §8 chi with red fives off: the chi of 4m with 56m consumes a 5m and a 6m."""
    st = table([DUMMY, "4567m1239p456s11z", "", ""], draws="4m",
               rules=Rules().replace(red_fives=False))
    discard(st, "4m")
    chi = chi_with(st, 1, "5m", "6m")
    st.step(chi)
    assert sorted(t >> 2 for t in st.melds[1][-1].tiles) == [K("4m"), K("5m"), K("6m")]


@pytest.mark.parametrize("red", [False, True])
def test_hand_built_riichi_with_another_copy_discards_the_named_kind(red):
    """step() with a riichi built by hand (red fives off or on): naming a copy of 9p the
    player does not hold declares riichi with the 9p held, whatever the order of the
    offered riichi discards."""
    st = table(["1234m456p789s11z9p", "", "", ""], draws="1z",
               rules=Rules() if red else NO_RED)
    kinds = [a.tile >> 2 for a in st.legal_actions(0) if a.type == T.RIICHI]
    assert K("9p") in kinds and kinds[0] != K("9p")
    st.step(Action(T.RIICHI, 0, _copy_not_held(st, 0, "9p")))
    assert st.river[0][-1] >> 2 == K("9p")


def test_hand_built_closed_kan_naming_any_copy_is_resolved():
    """step() with a closed kan built by hand (red fives off): its ``tile`` may be any of
    the four copies; the kan is declared."""
    st = table(["1111z123m456p789s", "", "", ""], draws="5z", rules=NO_RED)
    four = tuple(sorted(t for t in st.hand[0] if t >> 2 == K("1z")))
    st.step(Action(T.ANKAN, 0, four[3], four))
    assert [m.type.name for m in st.melds[0]] == ["ANKAN"]


def test_hand_built_pon_naming_other_copies_is_resolved():
    """step() with a pon built by hand (red fives off) consuming two of the three 1z held
    other than the two the legal action lists: the pon is made with the named copies."""
    st = table(["1199m1199p1199s5z", "111z2345m6789p", "", ""], draws="1z", rules=NO_RED)
    discard(st, "1z")
    pon = find(st, 1, T.PON)
    held = sorted(t for t in st.hand[1] if t >> 2 == K("1z"))
    other = tuple(t for t in held if t not in pon.consumed)[:1] + pon.consumed[:1]
    assert sorted(other) != sorted(pon.consumed)
    st.step({1: Action(T.PON, 1, pon.tile, other)})
    assert sorted(st.melds[1][-1].tiles) == sorted(other + (pon.tile,))


def test_hand_built_tsumo_and_nine_terminals_are_resolved():
    """step() with a tsumo (naming the drawn tile) or a nine-terminals abort (no tile)
    built by hand is the legal action of that type."""
    st = table(["123m456p789s1122z", "", "", ""], draws="2z")
    st.step(Action(T.TSUMO, 0, st.last_draw))
    assert st.phase == Phase.HAND_END
    st = table(["19m19p19s123z2345m", "", "", ""], draws="6m")
    st.step(Action(T.KYUUSHU, 0))
    assert st.phase == Phase.HAND_END


def test_offered_added_kan_has_no_target_in_mjai():
    """An added kan (kakan) takes no tile from anyone: the offered action has target -1
    and its mjai message carries no "target"."""
    st = table(["1199m1199p1199s5z", "11z2345m6789p3s", "", ""], draws="1z2z3z4z1z",
               rules=NO_RED)
    discard(st, "1z")
    st.step({1: find(st, 1, T.PON)})
    discard(st, "2m")               # seat 1 after the pon
    pass_all(st)
    tsumogiri_round(st, 2)          # seats 2 and 3
    discard(st)                     # seat 0 discards the 4z it drew
    pass_all(st)                    # seat 1 draws the 4th 1z
    kakan = find(st, 1, T.KAKAN)
    assert kakan is not None and kakan.target == -1
    assert "target" not in kakan.to_mjai()


def test_hand_built_closed_kan_of_fives_names_the_red_five():
    """step() with a closed kan of 5m built by hand (red fives on) naming the red 5m as
    its tile, the way the offered kan names it (the kan's lowest copy): accepted."""
    st = table(["0555m123p456s789s", "", "", ""], draws="5z")
    four = tuple(sorted(t for t in st.hand[0] if t >> 2 == K("5m")))
    assert four[0] == 16                       # the red 5m
    st.step(Action(T.ANKAN, 0, four[0], four))
    assert [m.type.name for m in st.melds[0]] == ["ANKAN"]


@pytest.mark.parametrize("tile, legal", [("4m", False), ("7m", False), ("8m", True),
                                         ("2p", True), ("1z", True)])
def test_rule_8_kuikae_a_discard_built_by_hand_after_a_chi(tile, legal):
    """RULES §8 kuikae, for a discard built by hand (``Action(DISCARD, seat, id)``, not
    taken from ``legal_actions``): after chi of 7m with 56m neither 7m nor 4m may follow;
    8m, 2p and 1z may."""
    st = table([DUMMY, "45678m129p456s11z", "", ""], draws="7m")
    discard(st, "7m")
    st.step(chi_with(st, 1, "5m", "6m"))
    a = Action(T.DISCARD, 1, held(st, 1, tile))
    if legal:
        st.step(a)
        assert st.river[1][-1] >> 2 == K(tile)
    else:
        with pytest.raises(IllegalActionError):
            st.step(a)
        assert st.actor == 1 and st.phase == Phase.TURN


def test_rule_8_chi_of_a_closed_wait_without_other_neighbours():
    """RULES §8 calls: chi from the player on the left with the two kinds around the
    discard (5m with 4m 6m), offered when the hand holds nothing else of that suit near
    it (no 1m, 3m or 7m)."""
    st = table([DUMMY, "46m1239p456s111z9s", "", ""], draws="5m")
    discard(st, "5m")
    assert st.phase == Phase.RESPONSE and st.to_act == [1]
    st.step(chi_with(st, 1, "4m", "6m"))
    assert st.actor == 1 and [m.type.name for m in st.melds[1]] == ["CHI"]


def test_rule_8_a_discard_naming_another_copy_throws_the_copy_held():
    """RULES §1 / §8: the four copies of a kind are alike, so a discard built by hand
    (``Action(DISCARD, seat, id)``) naming a copy the player does not hold throws the copy
    held — also for the last id, 135 (the fourth 7z)."""
    st = table(["1199m1199p1199s7z", "", "", ""], draws="1s")
    mine = held(st, 0, "7z")
    assert mine != 135 and 135 not in st.hand[0]
    st.step(Action(T.DISCARD, 0, 135))
    assert st.river[0] == [mine] and mine not in st.hand[0]


def test_rule_8_a_pon_records_the_seat_it_came_from():
    """RULES §8 calls (pon from anyone): the meld records where the called tile came from,
    relative to the caller (docs/rules.md, ``Meld.from_who``: 1 right, 2 across, 3 left) —
    the dealer's pon of the next seat's 5z is from the right, of seat 3's from the left."""
    st = table(["55z1199m1199p119s", "5z", "", ""], draws="1s 2s")
    discard(st, "1s")
    discard(st, "5z")
    st.step(find(st, 0, T.PON))
    assert st.melds[0][0].from_who == 1
    st = table(["55z1199m1199p119s", "", "", "5z"], draws="1s 2s 3s 4s")
    tsumogiri_round(st, 3)
    discard(st, "5z")
    st.step(find(st, 0, T.PON))
    assert st.melds[0][0].from_who == 3


@pytest.mark.parametrize("hand, offered", [("11m23m", False), ("1m1p23m", True)])
def test_rule_8_kuikae_chi_of_4m_with_23m_bans_1m(hand, offered):
    """RULES §8 kuikae (chi 4 with 23 bans 4 and 1), and a call that would leave only
    banned tiles is not offered: holding 11m 23m (three pons shown), a chi of the dealer's
    4m with 23m would leave 11m, banned (the far end, the lowest kind 1m), so it is not
    offered; with 1m 1p 23m the 1p is left to discard and it is."""
    st = table([DUMMY, "", "", ""], draws="4m")
    st.set_position(1, hand=hand, melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "4m")
    chis = [a for a in st.legal_actions(1) if a.type == T.CHI]
    assert bool(chis) == offered
    if offered:
        st.step(chis[0])
        assert {a.tile >> 2 for a in st.legal_actions(1)} == {K("1p")}


def test_rule_8_without_red_fives_one_discard_per_kind():
    """``Rules(red_fives=False)``: a red five is a plain five, so the legal discards are
    one per kind (``legal_actions`` offers one discard per kind and red-ness, docs/rules.md
    §1 option ``red_fives``) — three 1m (ids 0-2) and four 5p are one discard each."""
    st = table(["111m5555p19s1234z", "", "", ""], draws="9p", rules=Rules(red_fives=False))
    kinds = [a.tile >> 2 for a in st.legal_actions(0) if a.type == T.DISCARD]
    assert sorted(kinds) == sorted(set(kinds))
    assert K("1m") in kinds and K("5p") in kinds and K("9p") in kinds


def test_rule_8_pon_offered_when_one_other_tile_is_left():
    """RULES §8 calls and kuikae: a pon is offered when the hand keeps something other than
    the called kind to discard — holding 555z 1p (three pons shown), the pon of the
    dealer's 5z leaves 5z 1p and 1p is thrown."""
    st = table([DUMMY[:-2] + "6z", "", "", ""], draws="5z")
    st.set_position(1, hand="555z1p", melds=["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"])
    discard(st, "5z")
    a = find(st, 1, T.PON)
    assert a is not None
    st.step(a)
    assert {b.tile >> 2 for b in st.legal_actions(1)} == {K("1p")}


def test_no_tile_just_drawn_while_a_discard_is_answered():
    """``GameState.last_draw`` (public): the tile the actor just drew, -1 when there is
    none — after a discard, while the others answer it (seat 1 may pon the dealer's 5z),
    nobody holds a tile just drawn."""
    st = table([DUMMY, "55z1188m2299p19s", "", ""], draws="1s")
    assert st.last_draw >> 2 == K("1s")
    discard(st, "5z")
    assert st.phase == Phase.RESPONSE and find(st, 1, T.PON) is not None
    assert st.last_draw == -1



# ------------------------------------------------- swap-calling allowed (kuikae_allowed)
SWAP = Rules().replace(kuikae_allowed=True)
PONS = ["pon 1z+11z<A", "pon 2z+22z<A", "pon 3z+33z<A"]


@pytest.mark.parametrize("allowed", [False, True])
def test_rule_8_kuikae_allowed_chi_then_the_called_kind_and_the_far_end(allowed):
    """``Rules.kuikae_allowed`` (docs/rules.md §8 swap-calling): after a chi of 7m with
    56m the caller may throw 7m and 4m — offered, and taken when built by hand; without
    the option neither is offered and step() refuses both."""
    st = table([DUMMY, "45678m129p456s11z", "", ""], draws="7m",
               rules=SWAP if allowed else None)
    discard(st, "7m")
    st.step(chi_with(st, 1, "5m", "6m"))
    ks = discard_kinds(st, 1)
    assert (K("7m") in ks) == allowed and (K("4m") in ks) == allowed
    assert {K("8m"), K("2p"), K("1z")} <= ks
    for tile in ("7m", "4m"):
        a = Action(T.DISCARD, 1, held(st, 1, tile))
        if allowed:
            st.step(a)
            assert st.river[1][-1] >> 2 == K(tile)
            return
        with pytest.raises(IllegalActionError):
            st.step(a)


@pytest.mark.parametrize("allowed", [False, True])
def test_rule_8_kuikae_allowed_pon_then_the_called_kind(allowed):
    """``Rules.kuikae_allowed``: after a pon of 5z (holding 555z) the fourth 5z may be
    thrown at once; without the option only the other tiles may."""
    st = table([DUMMY[:-2] + "6z", "555z1p4p7p2s5s8s3m6m9m1z", "", ""], draws="5z",
               rules=SWAP if allowed else None)
    discard(st, "5z")
    st.step(find(st, 1, T.PON))
    ks = discard_kinds(st, 1)
    assert (K("5z") in ks) == allowed
    assert K("1p") in ks


@pytest.mark.parametrize("allowed", [False, True])
@pytest.mark.parametrize("hand, tile, pair, left", [
    ("44m56m", "7m", ("5m", "6m"), "4m"),    # only the far end would be left
    ("4556m", "5m", ("4m", "6m"), "5m"),     # only the called kind
    ("11m23m", "4m", ("2m", "3m"), "1m"),    # the far end at the bottom of the suit
])
def test_rule_8_kuikae_allowed_chi_offered_that_leaves_only_banned_tiles(
        allowed, hand, tile, pair, left):
    """``Rules.kuikae_allowed``: a chi that would leave only the called kind or the run's
    far end (three pons shown) is offered, and that tile is then the only discard;
    without the option the chi is not offered."""
    st = table([DUMMY, "", "", ""], draws=tile, rules=SWAP if allowed else None)
    st.set_position(1, hand=hand, melds=PONS)
    discard(st, tile)
    want = sorted(K(x) for x in pair)
    chis = [a for a in st.legal_actions(1) if a.type == T.CHI
            and sorted(t >> 2 for t in a.consumed) == want]
    assert bool(chis) == allowed
    if allowed:
        st.step(chis[0])
        assert discard_kinds(st, 1) == {K(left)}
        assert st.legal_mask(1) != 0
        st.step(st.legal_actions(1)[0])
        assert st.river[1][-1] >> 2 == K(left)
