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


# ------------------------------------------------------------------------ the responses
def test_rule_8_a_response_step_without_actions_passes_every_call():
    """RULES §8 calls are a choice: ``step(None)`` at a response point, like ``step([])``,
    is every seat passing (``GameState.step``: a seat that may act but is missing passes),
    not an error — the pon on offer is declined and the next seat draws."""
    st = table([DUMMY, "55z123m456p789s11z", "", ""], draws="5z 1s")
    discard(st, "5z")
    assert st.phase == Phase.RESPONSE and st.to_act == [1]
    assert find(st, 1, T.PON) is not None
    st.step(None)
    assert st.phase == Phase.TURN and st.actor == 1 and st.melds[1] == []
    assert st.last_draw >> 2 == K("1s")


# ------------------------------------------------------------------------ furiten
@pytest.mark.parametrize("river, ron", [("5s", False), ("1z", True)])
def test_rule_8_furiten_counts_a_river_given_to_set_position(river, ron):
    """RULES §8 furiten (a): a wait among one's own discards forbids ron. A river given to
    ``set_position`` counts (its docstring): seat 1 waits on 2p / 5s (tanyao) and may not
    ron the dealer's 2p after an earlier 5s of its own; after a 1z it may."""
    st = table([DUMMY, "234m345p678s22p55s", "", ""], draws="2p")
    st.set_position(1, river=river)
    discard(st, "2p")
    assert (find(st, 1, T.RON, "2p") is not None) == ron


def _check_planet_pass(hands, passed: str, ronned: str) -> None:
    """Seat 2 lets the dealer's ``passed`` go by (no yaku), then seat 1 discards
    ``ronned``: under planet rules seat 2 is furiten and may not ron it; under the default
    rules it may."""
    for rules, ron in ((Rules.planet(), False), (Rules(), True)):
        st = table(hands, draws=f"{passed} {ronned}", rules=rules)
        discard(st, passed)
        assert st.actor == 1 and st.temp_furiten[2] == (not ron)
        discard(st, ronned)
        assert (find(st, 2, T.RON, ronned) is not None) == ron


def test_planet_yakuless_pass_furiten_of_a_seat_after_the_discarder():
    """docs/rules.md §10 planet (``furiten_on_yakuless_pass``, seeds/003), RULES §8 (b):
    letting pass a discard that completes the shape without a yaku is furiten until one's
    next draw, for every seat — here seat 2 after the dealer's 4m (no yaku: 234m 456m 789m
    999p 11s) may not ron seat 1's 1m (ittsu) in the same go-around. Under the default
    rules (only a winnable pass counts) it may."""
    _check_planet_pass(["1199m1188p1199s3z", "2266p3377s4455z6z", "23m456m789m999p11s",
                         "3388p4466s5566z7z"], passed="4m", ronned="1m")


# ------------------------------------------------------------------------ discards by id
def test_rule_8_a_discard_naming_another_copy_throws_the_copy_held():
    """RULES §1 / §8: the four copies of a kind are alike, so a discard built by hand
    (``Action(DISCARD, seat, id)``) naming a copy the player does not hold throws the copy
    held — also for the last id, 135 (the fourth 7z)."""
    st = table(["1199m1199p1199s7z", "", "", ""], draws="1s")
    mine = held(st, 0, "7z")
    assert mine != 135 and 135 not in st.hand[0]
    st.step(Action(T.DISCARD, 0, 135))
    assert st.river[0] == [mine] and mine not in st.hand[0]


# ------------------------------------------------------------------------ melds
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


# ------------------------------------------------------------------------ invariants
def test_check_invariants_notices_stale_waits():
    """``check_invariants`` (the oracle of the table tests) recomputes the shanten and
    waits of every 13-tile hand: a stale incremental wait mask is reported."""
    st = table([DUMMY, "234m345p678s22p55s", "", ""], draws="1s")
    st.check_invariants()
    st.waits[1] = 0
    with pytest.raises(AssertionError, match="waits"):
        st.check_invariants()


# ------------------------------------------------------------------------ three players
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


# ------------------------------------------------------------------------ seed 2
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


def test_set_position_of_the_actor_takes_the_last_tile_as_the_draw():
    """``set_position`` on the actor's turn (tests): the last tile of the hand given is
    the tile just drawn — the tsumo (RULES §8) is a win on it: 111z 22z 123m 456p 789s
    completed by the 1z written last."""
    st = table([DUMMY, "", "", ""], draws="1s")
    st.set_position(0, hand="1122z123m456p789s1z")
    assert st.last_draw >> 2 == K("1z")
    tsumo = find(st, 0, T.TSUMO)
    assert tsumo is not None and tsumo.tile >> 2 == K("1z")


def test_check_invariants_on_a_short_replay_wall_and_a_lost_tile():
    """``check_invariants``: the 136-tile conservation is checked on a full wall (a tile
    duplicated in the live wall is reported) and not on a replay's wall, which holds only
    the tiles a record shows (``Wall.check``: a wall may hold fewer than 136)."""
    short = Wall.from_permutation(list(range(136)))
    short.live = short.live[:10]
    short.ura = []
    st = GameState(Rules(), start=False, auto_next=False)
    st.start_hand(short)
    st.check_invariants()
    st = table([DUMMY, "", "", ""], draws="1s")
    st.check_invariants()
    st.wall.live[-1] = st.wall.live[-2]
    with pytest.raises(AssertionError, match="136 tiles"):
        st.check_invariants()


def test_rule_8_nagashi_lost_by_the_caller_of_a_pon():
    """RULES §8 nagashi mangan: only a player "who made no calls" qualifies. Seat 1 pons
    the dealer's 5z, then discards only honors and terminals (1z, 9s) to the end of the
    wall: no nagashi (the dealer's called 5z voids the dealer's too), an exhaustive draw."""
    st = table([DUMMY, "55z123467z19m19p1s", "", ""], draws="2m 3m 4m 5m 9s", n_live=5)
    discard(st, "5z")
    st.step(find(st, 1, T.PON))
    discard(st, "1z")
    pass_all(st)
    tsumogiri_round(st, 4)
    assert st.phase == Phase.HAND_END
    assert all(t >> 2 in (K("1z"), K("9s")) for t in st.river[1])
    res = st.hand_results[-1]
    assert res.kind == "exhaustive" and tuple(res.nagashi) == ()


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


def test_planet_yakuless_pass_furiten_waits_on_pins():
    """docs/rules.md §10 planet (``furiten_on_yakuless_pass``, seeds/003) as in
    ``test_planet_yakuless_pass_furiten_of_a_seat_after_the_discarder``, with the waits
    in circles: seat 2 (23p 456p 789p 999s 11m) lets the dealer's 4p pass (no yaku) and
    may not ron seat 1's 1p (ittsu) in the same go-around; under the default rules it may."""
    _check_planet_pass(["1199m1188s1199p3z", "2266s3377m4455z6z", "23p456p789p999s11m",
                         "3388s4466m5566z7z"], passed="4p", ronned="1p")


def test_set_position_keeps_a_red_five_asked_for():
    """``set_position`` (tests) prefers copies nobody else holds, but never trades a red
    five (``0p``, docs/rules.md §1) for a plain one: seat 1 asks for 0p while the dealer
    holds it, and gets the red five."""
    st = table(["0p199m1199p1199s5z", "", "", ""], draws="1s")
    assert 52 in st.hand[0]
    st.set_position(1, hand="0p123m456s789s123z")
    assert 52 in st.hand[1]


def test_rule_8_west_extension_goes_on_while_a_repeating_dealer_is_not_first():
    """RULES §8 / docs/rules.md §10 ``west_extension``: in the West round the game ends at
    the end of a hand once someone has 30,000 — but not while the dealer repeats out of
    first place. West 2 (dealer seat 1, tenpai at the exhaustive draw) with seat 0 first
    on 40,000: the game goes on, West 2 again with one honba."""
    rules = Rules().replace(west_extension=True)
    noten = "2468m2468p2468s2z"
    st = table(["1199m1199p1199s5z", "123m456p789s1122z", noten, noten],
               draws="8m 8p 8s 5s", n_live=4, rules=rules, kyoku=9,
               scores=[40000, 20000, 20000, 20000])
    assert st.dealer == 1
    tsumogiri_round(st, 4)
    res = st.hand_results[-1]
    assert res.kind == "exhaustive" and res.tenpai[1]
    assert st.phase == Phase.HAND_END and not st.game_over
    assert st.next_hand_counters[:2] == (9, 1)


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


def test_check_invariants_notices_counts_out_of_sync():
    """``check_invariants`` compares each seat's 34 kind counts with its tiles: one count
    too many (not only too few) is reported."""
    st = table([DUMMY, "", "", ""], draws="1s")
    st.check_invariants()
    st.cnt[1][K("5z")] += 1
    with pytest.raises(AssertionError, match="counts of seat 1"):
        st.check_invariants()


def test_no_tile_just_drawn_while_a_discard_is_answered():
    """``GameState.last_draw`` (public): the tile the actor just drew, -1 when there is
    none — after a discard, while the others answer it (seat 1 may pon the dealer's 5z),
    nobody holds a tile just drawn."""
    st = table([DUMMY, "55z1188m2299p19s", "", ""], draws="1s")
    assert st.last_draw >> 2 == K("1s")
    discard(st, "5z")
    assert st.phase == Phase.RESPONSE and find(st, 1, T.PON) is not None
    assert st.last_draw == -1
