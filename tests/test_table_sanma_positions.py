"""Three-player positions at the table (docs/rules.md §11): closed kans in riichi,
Norths set aside, the missing 2m-8m, replacement draws and calls.

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


def table3(hands, draws="", rules=None, *, n_live=55, **kw):
    """A three-player hand from notation (the dora indicator 7z unless given)."""
    kw.setdefault("dora", "7z")
    st = GameState(rules or Rules.tenhou_sanma(), start=False, auto_next=False)
    st.start_hand(Wall.from_text(hands, draws, n_live=n_live, rinshan=kw.pop("rinshan", ""),
                                 dora=kw.pop("dora"), ura=kw.pop("ura", "")), **kw)
    return st


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


def test_sanma_a_pon_records_the_seat_it_came_from():
    """docs/rules.md §11 (calls as with four players, the seat to one's left is the one
    before): with three players the dealer's pon of seat 1's 5z is from the right (1), of
    seat 2's from the left (3)."""
    st = table3(["55z1199m1199p119s", "5z", ""], draws="1s 2s")
    discard(st, "1s")
    discard(st, "5z")
    st.step(find(st, 0, T.PON))
    assert st.melds[0][0].from_who == 1
    st = table3(["55z1199m1199p119s", "", "5z"], draws="1s 2s 3s")
    tsumogiri_round(st, 2)
    discard(st, "5z")
    st.step(find(st, 0, T.PON))
    assert st.melds[0][0].from_who == 3


@pytest.mark.parametrize("n_live", [55, 40])
def test_sanma_a_fifth_replacement_draw_takes_the_last_live_tile(n_live):
    """docs/rules.md §11 The table with three players: a replacement draw beyond the
    fourth (kans and Norths together) takes the last tile of the live wall, as the dead
    wall is refilled from it; every replacement draw shortens the live wall by one. The
    dealer sets four Norths aside, then makes a closed kan of 1p: the fifth replacement
    is the last live tile — the 55th, or the 40th of a test wall that plays only 40 — and
    the 108 tiles stay conserved (``check_invariants`` follows the refill, also when the
    wall holds more live tiles than it plays)."""
    st = table3(["4444z1111p99s999m", "", ""], draws="9p", rinshan="1s1s2s2s",
                n_live=n_live)
    for _ in range(4):
        st.step(find(st, 0, T.NUKIDORA))
        pass_all(st)
    assert len(st.nuki[0]) == 4 and st.left == n_live - 1 - 4
    st.step(find(st, 0, T.ANKAN, "1p"))
    pass_all(st)
    assert st.phase == Phase.TURN and st.actor == 0 and st.rinshan_draw
    assert st.last_draw == st.wall.live[n_live - 1] and st.last_draw in st.hand[0]
    assert st.left == n_live - 1 - 5
    st.check_invariants()


@pytest.mark.parametrize("hand, refused", [("123m456p789s1122z", True),
                                           ("11m99m456p789s112z", False)])
def test_sanma_a_wall_holding_2m_to_8m_is_refused(hand, refused):
    """docs/rules.md §11 Tiles / The wall: 108 tiles, no 2m-8m. A three-player wall given
    to the table (``Wall.check``) holding a 2m-8m is refused at the start of its hand
    (``wall_tile_id``), as a hand holding one is refused by the scoring API — not played
    on with waits on tiles that do not exist."""
    if refused:
        with pytest.raises(IllegalActionError) as e:
            table3([hand, "", ""], draws="9m")
        assert e.value.code == "wall_tile_id"
    else:
        st = table3([hand, "", ""], draws="9m")
        assert st.phase == Phase.TURN and st.actor == 0

