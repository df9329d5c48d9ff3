"""Rules of the table (``table/state.py``) that planted bugs survived (issue 15,
``tools/mutation.py state``), one position per rule in tile notation.

Each test names its rule (RULES §8 as docs/rules.md §8 states it for users, and
docs/rules.md §11 for three players) and was seen to fail on the mutant it targets
(pure-Python backend, shared data hidden), then pass on the code as it is.

Seat 0 is the dealer (East 1); the live wall starts with ``draws``, so seat 0 draws
``draws[0]``, seat 1 ``draws[1]`` and so on while nobody calls.
"""
from __future__ import annotations

import pytest

from ippatsu.errors import IllegalActionError
from ippatsu.rules import Rules
from ippatsu.table import Action, GameState, Phase, Wall
from ippatsu.tiles import parse_kind

from _table_helpers import T, discard, find, pass_all, table, tsumogiri_round

K = parse_kind
DUMMY = "1199m1199p1199s5z"          # a dealer hand with nothing to call or win on


def table3(hands, draws="", rules=None, *, n_live=55, **kw):
    """A three-player hand from notation (the dora indicator 7z unless given)."""
    kw.setdefault("dora", "7z")
    st = GameState(rules or Rules.tenhou_sanma(), start=False, auto_next=False)
    st.start_hand(Wall.from_text(hands, draws, n_live=n_live, rinshan=kw.pop("rinshan", ""),
                                 dora=kw.pop("dora"), ura=kw.pop("ura", "")), **kw)
    return st


def held(st, p, tile):
    """The id of a ``tile`` (notation) in seat ``p``'s hand."""
    return next(t for t in st.hand[p] if t >> 2 == K(tile))


def chi_with(st, p, *pair):
    want = sorted(K(x) for x in pair)
    for a in st.legal_actions(p):
        if a.type == T.CHI and sorted(t >> 2 for t in a.consumed) == want:
            return a
    raise AssertionError(f"no chi with {pair} for seat {p}: {st.legal_actions(p)}")


# ------------------------------------------------------------------------------ kuikae
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


# ------------------------------------------------------------------------------ nagashi
@pytest.mark.parametrize("river, qualifies", [("1m", True), ("9m1z", True), ("8m", False),
                                              ("3m", False)])
def test_rule_8_nagashi_counts_a_river_given_to_set_position(river, qualifies):
    """RULES §8 nagashi mangan: all of a player's discards terminals or honors. A river
    given to ``set_position`` counts (its docstring): seat 2, who throws 9p, qualifies
    after earlier discards of 1m or 9m 1z, not after an 8m or a 3m."""
    st = table(["1199m1199p1199s1z", "", "", ""], draws="5m 5p 9p 5s", n_live=4)
    st.set_position(2, river=river)
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    if qualifies:
        assert res.kind == "nagashi" and tuple(res.nagashi) == (2,)
        assert res.deltas[2] == 8000
    else:
        assert res.kind == "exhaustive" and tuple(res.nagashi) == ()


# ------------------------------------------------------------------------ three players
@pytest.mark.parametrize("hand, kan", [
    ("1112p456s789s111z", False),   # waits 2p 3p; the kan of 1p leaves 2p only
    ("111p456p789s23s11z", True),   # waits 1s 4s before and after the kan of 1p
])
def test_sanma_closed_kan_in_riichi_only_when_the_waits_stay(hand, kan):
    """docs/rules.md §11 (calls as in §8) and RULES §8: after riichi a closed kan is
    allowed only if it leaves the waits unchanged — with three players too. The 108 tiles
    and the points stay conserved (``check_invariants``) through the hand."""
    st = table3([hand, "", ""], draws="5z 6z 6z 1p")
    st.step(find(st, 0, T.RIICHI, "5z"))
    pass_all(st)
    st.check_invariants()
    for _ in range(2):
        discard(st)
        pass_all(st)
    assert st.actor == 0 and st.last_draw >> 2 == K("1p")
    st.check_invariants()
    ankan = find(st, 0, T.ANKAN)
    assert (ankan is not None) == kan
    if kan:
        st.step(ankan)
        pass_all(st)
        assert st.phase == Phase.TURN and st.actor == 0 and st.rinshan_draw
        st.check_invariants()


def test_sanma_a_north_built_by_hand_sets_that_north_aside():
    """docs/rules.md §11 Setting a North aside, for an action built by hand
    (``Action(NUKIDORA, seat, id)``): the North named is the one set aside, as the tile of
    a closed kan or a discard given by id is the one used (two Norths in the hand)."""
    st = table3(["1199m2233s356z44z", "", ""], draws="7z")
    norths = [t for t in st.hand[0] if t >> 2 == K("4z")]
    offered = find(st, 0, T.NUKIDORA)
    assert offered is not None and len(norths) == 2
    other = next(t for t in norths if t != offered.tile)
    st.step(Action(T.NUKIDORA, 0, other))
    pass_all(st)
    assert st.nuki[0] == [other]
    assert other not in st.hand[0] and offered.tile in st.hand[0]


def _visible_by_rule(st, p):
    """docs/rules.md §11 / ``Observation.visible_counts``: the copies seat ``p`` sees
    outside its hand, counted from what lies on the table (2m-8m: four each with three
    players, none is left to draw)."""
    vis = [0] * 34
    if st.n_players == 3:
        for k in range(K("2m"), K("8m") + 1):
            vis[k] = 4
    for q in range(st.n_players):
        for t, called in zip(st.river[q], st.river_called[q]):
            vis[t >> 2] += not called
        for m in st.melds[q]:
            for t in m.tiles:
                vis[t >> 2] += 1
        vis[K("4z")] += len(st.nuki[q])
    for t in st.dora_indicators:
        vis[t >> 2] += 1
    return vis


def test_sanma_visible_counts_hold_four_of_each_missing_man():
    """docs/rules.md §11 (hand core: 2m-8m never count as tiles left): a three-player
    seat sees four copies of each of 2m-8m, and the indicator, the discards and the Norths
    set aside as they come."""
    from ippatsu.table import Observation
    st = table3(["1199m2233s356z44z", "", ""], draws="9p 9p", dora="1s")
    for p in range(3):
        assert list(Observation(st, p).visible_counts) == _visible_by_rule(st, p)
    assert [Observation(st, 1).visible_counts[k] for k in range(K("2m"), K("8m") + 1)] \
        == [4] * 7
    st.step(find(st, 0, T.NUKIDORA))
    pass_all(st)
    discard(st)
    pass_all(st)
    for p in range(3):
        assert list(Observation(st, p).visible_counts) == _visible_by_rule(st, p)
    assert Observation(st, 2).visible_counts[K("4z")] == 1


# ------------------------------------------------------------------------------ chi
def test_rule_8_chi_of_a_closed_wait_without_other_neighbours():
    """RULES §8 calls: chi from the player on the left with the two kinds around the
    discard (5m with 4m 6m), offered when the hand holds nothing else of that suit near
    it (no 1m, 3m or 7m)."""
    st = table([DUMMY, "46m1239p456s111z9s", "", ""], draws="5m")
    discard(st, "5m")
    assert st.phase == Phase.RESPONSE and st.to_act == [1]
    st.step(chi_with(st, 1, "4m", "6m"))
    assert st.actor == 1 and [m.type.name for m in st.melds[1]] == ["CHI"]


# ------------------------------------------------------------------------ the results
def test_a_hand_result_built_without_counters_is_at_zero_honba():
    """``HandResult`` (public): without ``kyoku`` / ``honba`` a result is East 1, 0
    honba — the counters a game starts with (RULES §8: honba count from 0)."""
    from ippatsu.table import HandResult
    res = HandResult("exhaustive", [], [0, 0, 0, 0])
    assert (res.kyoku, res.honba) == (0, 0)
    assert res.tenpai is None and tuple(res.nagashi) == ()
