"""The three-player table (docs/rules.md §11, "Three players (sanma)" and "The table with
three players"; RULES §8 for what stays as with four players), one position per rule in
tile notation, then seeded self-play properties.

Seat 0 is the dealer (East 1); the live wall starts with the ``draws`` given, so seat 0
draws ``draws[0]``, seat 1 ``draws[1]``, seat 2 ``draws[2]`` while nobody calls.
"""
from __future__ import annotations


import numpy as np
import pytest

from ippatsu import _backend as _ipt_backend
from ippatsu.errors import IllegalActionError
from ippatsu.rules import Rules
from ippatsu.scoring import score
from ippatsu.table import GameState, GreedyAgent, Observation, Phase, RandomAgent, Wall
from ippatsu.table.state import RiichiState
from ippatsu.table.wall import wall_generator
from ippatsu.tiles import parse_kind, parse_tiles

from _table_helpers import T, discard, find, pass_all

PURE = _ipt_backend.PURE
NORTH = parse_kind("4z")
#: the 108 ids of three-player mahjong, from the rule (2m-8m removed), not from the code
IDS108 = sorted(t for t in range(136) if not (1 <= t // 4 <= 7))


def table3(hands, draws="", rules=None, *, n_live=55, scores=None, kyoku=0, honba=0,
           deposits=0, rinshan="", dora="7z", ura=""):
    """A three-player hand from notation (the dora indicator 7z unless given)."""
    st = GameState(rules or Rules.tenhou_sanma(), start=False, auto_next=False)
    st.start_hand(Wall.from_text(hands, draws, rinshan=rinshan, dora=dora, ura=ura,
                                 n_live=n_live),
                  kyoku=kyoku, honba=honba, deposits=deposits, scores=scores)
    return st


def all_ids(st):
    """Every id of the hand at the table now: hands, Norths set aside, melds, rivers (not
    called away), the rest of the wall."""
    seen = []
    for p in range(3):
        seen += st.hand[p] + st.nuki[p]
        for m in st.melds[p]:
            seen += m.tiles
        seen += [t for t, c in zip(st.river[p], st.river_called[p]) if not c]
    w = st.wall
    extra = max(0, st._rinshan_pos - len(w.rinshan))
    seen += w.live[st._live_pos:len(w.live) - extra] + w.rinshan[st._rinshan_pos:]
    return sorted(seen + w.dora + w.ura)


# ---------------------------------------------------------------------------- the wall
@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_108_tile_wall_without_2m_to_8m(seed):
    """docs/rules.md §11 Tiles: 108 tiles (no 2m-8m), three start hands of 13, a dead
    wall of 14 (4 replacement tiles, 5 indicators, 5 ura), 55 live draws."""
    st = GameState(Rules.tenhou_sanma(), seed)
    w = st.wall
    assert len(w.hands) == 3 and all(len(h) == 13 for h in w.hands)
    assert (len(w.rinshan), len(w.dora), len(w.ura)) == (4, 5, 5)
    assert len(w.live) == 55 and w.n_live == 55
    assert sorted(w.tiles()) == IDS108
    assert all_ids(st) == IDS108
    assert st.phase == Phase.TURN and st.actor == 0 and len(st.hand[0]) == 14


def test_four_player_walls_of_a_seed_unchanged():
    """RULES §8 walls: with four players a seed gives numpy's permutation of the 136 ids
    (dealt from the dealer): the three-player walls did not move them."""
    g = wall_generator(7)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(7)))
    for dealer in (0, 1):
        perm = rng.permutation(136).tolist()
        w = g(dealer)
        assert w.hands[dealer] == perm[:13] and w.live == perm[52:122]
        assert w.dora == perm[126:131]


def test_three_player_walls_are_reproducible_per_seed():
    """docs/rules.md §11 / §8: the same seed gives the same three-player walls."""
    a, b, c = wall_generator(5, players=3), wall_generator(5, players=3), \
        wall_generator(6, players=3)
    wa, wb, wc = a(0), b(0), c(0)
    assert wa.tiles() == wb.tiles() and wa.tiles() != wc.tiles()
    assert a(1).tiles() == b(1).tiles()


# ---------------------------------------------------------------------------- no chi
def test_no_chi_in_three_player_mahjong():
    """docs/rules.md §11 Seats: no chi; only pon and kan claim a discard (the seat after
    the discarder holding 12p is not asked about 3p; a chi given anyway is refused)."""
    st = table3(["11m99m1199s1122z3p", "12p19m55678s337z4p", "33p19m234s456z789p"],
                draws="7z")
    discard(st, "3p")
    assert st.phase == Phase.RESPONSE
    assert st.to_act == [2]                       # seat 2 may pon; seat 1 is not asked
    assert find(st, 2, T.PON) is not None
    assert not [a for a in st.legal_actions() if a.type == T.CHI]
    h1 = st.hand[1]
    ids = tuple(next(t for t in h1 if t >> 2 == k) for k in (parse_kind("1p"),
                                                              parse_kind("2p")))
    chi = T.CHI
    from ippatsu.table import Action
    with pytest.raises(IllegalActionError) as e:
        st.step([Action(chi, 1, st.last_discard, ids, 0)])
    assert e.value.code == "sanma_chi"


# ---------------------------------------------------------------------------- North
def test_north_declaration_replacement_draw_and_dora_in_the_score():
    """docs/rules.md §11 The North tile: a North set aside, a replacement tile from the
    dead wall; a win on it is rinshan kaihou and each North set aside is a dora."""
    st = table3(["123456789p999s4z", "", ""], draws="3z", rinshan="3z", dora="1s")
    north = find(st, 0, T.NUKIDORA)
    assert north is not None and north.tile >> 2 == NORTH
    st.step(north)
    assert [t >> 2 for t in st.nuki[0]] == [NORTH]
    assert st.events[-2] == {"type": "nukidora", "actor": 0, "pai": "N"}
    assert st.last_draw >> 2 == parse_kind("3z") and st.rinshan_draw
    assert st.left == 55 - 2                  # the first draw and the replacement
    tsumo = find(st, 0, T.TSUMO)
    assert tsumo is not None
    st.step(tsumo)
    res = st.hand_results[-1]
    win = res.wins[0]
    names = dict(win.score.yaku)
    assert "rinshan" in names
    want = score("123456789p999s33z", "3z", tsumo=True, rinshan=True, seat_wind=0,
                 dora_indicators="1s", nukidora=1, rules=Rules.tenhou_sanma())
    assert win.score.han == want.han and win.score.points == want.points
    assert win.score.nukidora == 1 and win.score.dora >= 1   # one dora per North
    two = score("123456789p999s33z", "3z", tsumo=True, rinshan=True, seat_wind=0,
                dora_indicators="1s", nukidora=2, rules=Rules.tenhou_sanma())
    assert two.han == win.score.han + 1


def test_north_not_right_after_a_pon():
    """docs/rules.md §11: a North may not be set aside right after a pon (the pon's
    discard comes first); on the next own turn it may."""
    st = table3(["1199m1199p1s5z667z", "55z4z19m2345p99s67z", "1234s6789p9m1233z"],
                draws="1z 7z 7z 9s", dora="1s")
    discard(st, "5z")
    pon = find(st, 1, T.PON)
    assert pon is not None
    st.step(pon)
    assert st.actor == 1 and find(st, 1, T.NUKIDORA) is None
    assert {a.type for a in st.legal_actions(1)} == {T.DISCARD}
    discard(st, "6z")
    pass_all(st)
    discard(st)          # seat 2 throws its draw
    pass_all(st)
    discard(st)          # seat 0
    pass_all(st)
    assert st.actor == 1 and find(st, 1, T.NUKIDORA) is not None


def test_north_declaration_breaks_ippatsu_like_a_call():
    """docs/rules.md §11: setting a North aside counts as a call for ippatsu (and double
    riichi, chiihou, nine terminals): a riichi's ippatsu is gone once a North passes."""
    st = table3(["1199m2233s34567z", "123456789p11s99s", "55667788s11236z"],
                draws="1z 5z 2z 6z")
    discard(st)
    pass_all(st)
    riichi = find(st, 1, T.RIICHI, "5z")
    assert riichi is not None
    st.step(riichi)
    pass_all(st)
    assert st.riichi[1] == RiichiState.ACCEPTED and st.ippatsu[1]
    discard(st)          # seat 2
    pass_all(st)
    assert st.actor == 0
    st.step(find(st, 0, T.NUKIDORA))
    pass_all(st)
    assert not st.ippatsu[1] and not st.no_calls


def test_ron_on_a_declared_north_with_any_yaku():
    """docs/rules.md §11: another player waiting on North may ron the North set aside,
    with any yaku (here a pure straight), and it is not chankan."""
    st = table3(["1199m2233s34567z", "123456789p999s4z", "55667788s11236z"],
                draws="1z", dora="1s")
    st.step(find(st, 0, T.NUKIDORA))
    assert st.phase == Phase.RESPONSE and st.to_act == [1]
    ron = find(st, 1, T.RON)
    assert ron is not None and ron.tile >> 2 == NORTH and ron.target == 0
    st.step([ron])
    win = st.hand_results[-1].wins[0]
    assert (win.winner, win.from_who) == (1, 0)
    names = dict(win.score.yaku)
    assert "chankan" not in names and "ittsu" in names
    assert win.deltas[0] == -win.deltas[1] and win.deltas[2] == 0


def test_north_in_riichi_only_the_drawn_north():
    """docs/rules.md §11 (the table): in riichi only the North just drawn may be set
    aside (the declared hand, so its waits, stay unchanged); a North held in the hand may
    not."""
    st = table3(["1199m2233s13567z", "123456789p444z5z", "55667788s11236z"],
                draws="7z 9s 2z 3z 7z 5p 6p 4z")
    discard(st)
    pass_all(st)
    st.step(find(st, 1, T.RIICHI, "5z"))   # tanki on 9s, three Norths in the hand
    pass_all(st)
    for _ in range(2):
        discard(st)
        pass_all(st)
    # seat 1 drew 7z while holding a North: no North declaration in riichi
    assert st.actor == 1 and st.last_draw >> 2 == parse_kind("7z")
    assert find(st, 1, T.NUKIDORA) is None
    discard(st)
    pass_all(st)
    discard(st)
    pass_all(st)
    discard(st)
    pass_all(st)
    assert st.actor == 1 and st.last_draw >> 2 == NORTH
    assert find(st, 1, T.NUKIDORA) is not None


# ---------------------------------------------------------------------------- payments
@pytest.mark.parametrize("rules,payers", [
    (Rules.tenhou_sanma(), (4000, 2000)),      # tsumo loss: 4,000 + 2,000
    (Rules.ippatsu_sanma(), (5000, 3000)),     # split: 5,000 + 3,000
])
def test_tsumo_loss_and_split_at_the_table(rules, payers):
    """docs/rules.md §11 Payments: a non-dealer's mangan tsumo is 4,000 + 2,000 with
    tsumo loss, 5,000 + 3,000 with the North's share split."""
    st = table3(["1199m1199p1s2s35z6z", "123456789p999s4z", "55667788s11236z"],
                rules=rules, draws="6z 7z 2z 5p 4z", dora="3z")
    for _ in range(4):   # one round first: no chiihou
        discard(st)
        pass_all(st)
    tsumo = find(st, 1, T.TSUMO)
    st.step(tsumo)
    win = st.hand_results[-1].wins[0]
    assert win.score.han == 5
    dealer_pays, other_pays = payers
    assert win.deltas == [-dealer_pays, dealer_pays + other_pays, -other_pays]
    assert st.scores == [rules.starting_points - dealer_pays,
                         rules.starting_points + dealer_pays + other_pays,
                         rules.starting_points - other_pays]


def _draw_to_the_end(st):
    while st.phase != Phase.HAND_END:
        discard(st)
        pass_all(st)


@pytest.mark.parametrize("tenpai,want", [
    ((True, False, False), [2000, -1000, -1000]),   # one tenpai: 1,000 from each noten
    ((True, True, False), [1000, 1000, -2000]),     # two tenpai: 1,000 each from the noten
])
def test_noten_payments_with_three_players(tenpai, want):
    """docs/rules.md §11 / §8 exhaustive draw: the noten seats pay noten_payment (2,000 in
    tenhou_sanma) in all to the tenpai seats."""
    ready = ["123456789p999s4z", "123456789s111m5z"]
    far = "2468p2468s13567z"
    hands = [ready[p] if t else far for p, t in enumerate(tenpai)]
    st = table3(hands, draws="5p 6p 7p 5s 6s 7s", n_live=6)
    _draw_to_the_end(st)
    res = st.hand_results[-1]
    assert res.kind == "exhaustive" and list(res.tenpai) == list(tenpai)
    assert res.deltas == want
    assert st.scores == [35000 + d for d in want]


def test_nagashi_mangan_is_a_mangan_tsumo_with_three_players():
    """docs/rules.md §11 Payments: nagashi mangan is paid as a mangan tsumo by the
    sanma_tsumo rule (tsumo loss: a non-dealer gets 4,000 + 2,000)."""
    st = table3(["1199m1359p1s35z67z", "2468p2468s13567z", "55667788s11236z"],
                draws="5p 9m 6p 7p 1m 5s", n_live=6)
    _draw_to_the_end(st)
    res = st.hand_results[-1]
    assert res.nagashi == (1,)
    assert res.deltas == [-4000, 6000, -2000]


def test_riichi_deposit_goes_to_the_winner():
    """RULES §8 deposits, with three players: 1,000 on the table with an accepted
    riichi; the next winner takes it; points + deposits stay 3 x 35,000."""
    st = table3(["1199m2233s13567z", "123456789p11s99s", "55667788s11236z"],
                draws="2z 5z 4z 7z 1s", deposits=1)
    discard(st)
    pass_all(st)
    st.step(find(st, 1, T.RIICHI, "5z"))
    pass_all(st)
    assert st.deposits == 2 and st.scores[1] == 34000
    assert sum(st.scores) + 1000 * st.deposits == 3 * 35000 + 1000  # + the one given
    discard(st)    # seat 2
    pass_all(st)
    discard(st)    # seat 0
    pass_all(st)
    st.step(find(st, 1, T.TSUMO))
    win = st.hand_results[-1].wins[0]
    assert st.deposits == 0
    assert win.deltas[1] == win.score.points + 2000 - 0
    assert sum(st.scores) == 3 * 35000 + 1000


# ---------------------------------------------------------------------------- the game
def test_a_round_has_three_hands_and_the_game_ends_after_south_3():
    """docs/rules.md §11 The game: a round has three hands (East 1-3, South 1-3); the
    game ends after South 3 and the final score takes the three uma values and the oka
    3 x (40,000 - 35,000)."""
    rules = Rules.tenhou_sanma()
    st = table3(["1199m1199p1s2s35z6z", "123456789p999s4z", "55667788s11236z"],
                rules=rules, draws="6z 7z 4z", dora="3z", kyoku=5)
    assert st.dealer == 2 and st.round_wind == 1
    discard(st)
    pass_all(st)
    discard(st)
    pass_all(st)
    st.step(find(st, 1, T.TSUMO))
    assert st.phase == Phase.GAME_END
    fin = st.final
    order = fin["placement"]
    assert order == sorted(range(3), key=lambda p: (-st.scores[p], p))
    for place, p in enumerate(order):
        want = (st.scores[p] - 40000) / 1000 + (20, 0, -20)[place] + (15 if place == 0 else 0)
        assert fin["final"][p] == pytest.approx(want)
    assert sum(fin["final"]) == pytest.approx(0)


def test_seeded_game_plays_east_1_to_south_3():
    """docs/rules.md §11 The game: seats 0-2 deal in turn; kyoku 0-2 East, 3-5 South;
    no four-winds or four-riichi abort."""
    from ippatsu import sim

    for i in range(6):  # ippatsu_sanma: no West extension
        r = sim.play(i, [RandomAgent(3 * i + k) for k in range(3)], Rules.ippatsu_sanma())
        ks = [h.kyoku for h in r["hands"]]
        assert ks == sorted(ks) and max(ks) <= 5
        assert not {h.kind for h in r["hands"]} & {"four_winds", "four_riichi"}
        starts = [e for e in r["events"] if e["type"] == "start_kyoku"]
        assert all(e["oya"] == e["kyoku"] - 1 and len(e["tehais"]) == 3 for e in starts)
        assert sum(r["scores"]) == 3 * 25000


def test_determinism_per_seed():
    """RULES §8 (seeded walls) for three players: the same seed and agents give the same
    game; another seed another game."""
    from ippatsu import sim

    def run(seed):
        return sim.play(seed, [RandomAgent(seed + k) for k in range(3)],
                        Rules.tenhou_sanma())["events"]

    assert run(3) == run(3)
    assert run(3) != run(4)


# ---------------------------------------------------------------------------- self-play
def _selfplay(seed, kind):
    rules = (Rules.tenhou_sanma(), Rules.ippatsu_sanma(), Rules.majsoul_sanma())[seed % 3]
    if kind == "random":
        agents = [RandomAgent(seed * 3 + k) for k in range(3)]
    else:
        agents = [GreedyAgent(), RandomAgent(seed), GreedyAgent()]
    st = GameState(rules, seed, record=False)
    views = [Observation(st, p) for p in range(3)]
    nuki = 0
    while st.phase != Phase.GAME_END:
        st.check_invariants()
        if st.phase in (Phase.TURN, Phase.RESPONSE):
            assert all_ids(st) == IDS108
        legal = st._legal
        assert all(a.type != T.CHI for acts in legal.values() for a in acts)
        if st.phase == Phase.TURN:
            p = st.actor
            a = agents[p](views[p], legal[p])
            nuki += a.type == T.NUKIDORA
            st.step(a)
        else:
            st.step([agents[p](views[p], acts) for p, acts in legal.items()])
    st.check_invariants()
    assert sum(st.scores) + st.deposits * 1000 == 3 * rules.starting_points
    return nuki


def test_selfplay_conserves_108_tiles_and_points():
    """docs/rules.md §11 (property, seeded self-play): in random and greedy three-player
    games 108 tiles are conserved at every step, points + deposits too, the incremental
    waits equal the hand core's players=3 answer, no chi is offered, nothing raises.
    (Interpreted, the hand core's players=3 road is slow: fewer games.)"""
    n = 6 if PURE else 300
    nuki = 0
    for seed in range(n):
        nuki += _selfplay(seed, "random" if seed % 2 else "greedy")
    assert nuki > 0


# ---------------------------------------------------------------------------- as in four-player
def _discard_kinds(st, p):
    return {a.tile >> 2 for a in st.legal_actions(p) if a.type == T.DISCARD}


def test_kuikae_after_a_pon_with_three_players():
    """docs/rules.md §11 (kuikae as in §8): after a pon the called kind may not be
    discarded at once, also with three players (seat 1 keeps a third 5z and may not throw
    it)."""
    st = table3(["1199m1199p1s5z667z", "555z19m2345p99s67z", "1234s6789p9m1233z"],
                draws="1z", dora="1s")
    discard(st, "5z")
    pon = find(st, 1, T.PON)
    assert pon is not None
    st.step(pon)
    assert st.actor == 1
    kinds = _discard_kinds(st, 1)
    assert parse_kind("5z") not in kinds and parse_kind("9s") in kinds
    assert parse_kind("5z") in {t >> 2 for t in st.hand[1]}


@pytest.mark.parametrize("thrown, furiten", [("4p", True), ("6z", False)])
def test_discard_furiten_with_three_players(thrown, furiten):
    """docs/rules.md §11 (furiten as in §8): seat 1 waits on 1p/4p; after throwing 4p it
    may not ron the 1p that seat 2 throws (its own discard is a wait), after throwing
    another tile it may."""
    st = table3(["19m119p559s11223z", "23p456789p11s999s", "33p19m234s456z789p"],
                draws=f"7z {thrown} 1p", dora="1s")
    discard(st, "7z")
    pass_all(st)
    discard(st, thrown)                 # seat 1 passes on a tsumo of 4p and throws it
    pass_all(st)
    discard(st, "1p")                   # seat 2
    ron = find(st, 1, T.RON) if st.phase == Phase.RESPONSE else None
    assert (ron is None) == furiten


@pytest.mark.parametrize("mode, winners", [("double", [1, 2]), ("atamahane", [1])])
def test_double_ron_with_three_players(mode, winners):
    """docs/rules.md §11 (several rons as in §8, ron_mode): seats 1 and 2 both ron seat
    0's 1p; with "double" both win and seat 0 pays both, with head bump only the first
    in turn order after the discarder."""
    rules = Rules.tenhou_sanma().replace(ron_mode=mode)
    st = table3(["19m119p559s11223z", "23p456789p11s999s", "23p456789p11s666s"],
                draws="7z", rules=rules)
    discard(st, "1p")
    rons = [find(st, p, T.RON) for p in (1, 2)]
    assert all(r is not None for r in rons)
    st.step(rons)
    res = st.hand_results[-1]
    assert [w.winner for w in res.wins] == winners
    deltas = [sum(w.deltas[p] for w in res.wins) for p in range(3)]
    assert deltas[0] == -sum(deltas[p] for p in winners) < 0
    assert all(deltas[p] > 0 for p in winners)
