"""Three-player Tenhou records replayed through the table (docs/rules.md §11): every
hand's result (yaku, dora with the Norths set aside, points, the three seats' deltas) and
the game's end and final scores come out exactly as recorded.

The records are in the shared data (``tenhou/mjlog/nonstandard``): ``sanma2.xml`` is a
three-player Phoenix half game (North declarations, riichi, tsumo loss payments, a bust
ending the game in East 3). ``sanma.xml`` despite its name is a four-player game with
ratio-scaled deltas (the data README): it must still replay as four players.
"""
from __future__ import annotations

from ippatsu import _backend as _ipt_backend
from ippatsu.io import load_mjlog
from ippatsu.io.mjlog import Kita
from ippatsu.table.replay import replay_file

NONSTANDARD = ("tenhou", "mjlog", "nonstandard")


def test_three_player_record_replays_exactly(shared_data):
    """docs/rules.md §11: a Tenhou three-player game (kita, tsumo loss, 35,000 start)
    replays with exact deltas, counters between hands, the end and the final scores."""
    path = shared_data.joinpath(*NONSTANDARD, "sanma2.xml")
    g = load_mjlog(path)
    assert g.three_player
    kitas = [e for r in g.rounds for e in r.events if isinstance(e, Kita)]
    assert kitas and all(k.tile >> 2 == 30 for k in kitas)   # Norths set aside
    rep = replay_file(str(path))
    assert rep.problems == []
    assert rep.hands == 6 and rep.exact == 6
    assert rep.end_ok is True and rep.complete


def test_three_player_record_deltas_are_three_seats(shared_data):
    """docs/rules.md §11 Payments (tsumo loss): the first hand of sanma2.xml, a
    non-dealer's mangan tsumo with a deposit on the table, pays 4,000 + 2,000 (+1,000)."""
    from ippatsu.rules import Rules
    from ippatsu.table.replay import build_hand, replay_game

    path = shared_data.joinpath(*NONSTANDARD, "sanma2.xml")
    g = load_mjlog(path)
    wall, decisions, results = build_hand(g.rounds[0])
    assert len(wall.hands) == 3 and wall.n_live == 55
    assert any(d[0] == "kita" for d in decisions)
    rep = replay_game(g.rounds[:1], Rules.tenhou_sanma(), complete=False)
    assert rep.problems == [] and rep.exact == 1
    rec = results[0][1][0]
    assert tuple(rec.deltas)[:3] == (-4000, 7000, -2000)


def test_four_player_record_named_sanma_still_replays(shared_data):
    """RULES §8: sanma.xml is a four-player game: replay keeps four seats."""
    path = shared_data.joinpath(*NONSTANDARD, "sanma.xml")
    assert not load_mjlog(path).three_player
    rep = replay_file(str(path))
    assert rep.problems == [] and rep.exact == rep.hands


def test_engine_mjai_logs_of_three_player_games_replay_exactly():
    """docs/rules.md §11 (mjai): the engine writes a North set aside as
    ``{"type": "nukidora", "actor": n, "pai": "N"}``; io.mjai reads it back (riichienv's
    ``"kita"`` too) and the engine's own three-player logs replay exactly."""
    from ippatsu import sim
    from ippatsu.rules import Rules
    from ippatsu.table import GreedyAgent, RandomAgent
    from ippatsu.table.mjai import replay_mjai

    import os

    seen = 0
    # interpreted, the three-player hand core is slow: fewer games
    for i in range(2 if _ipt_backend.PURE else 8):
        rules = Rules.tenhou_sanma() if i % 2 else Rules.ippatsu_sanma()
        g = sim.play(i, [GreedyAgent(), RandomAgent(i), GreedyAgent()], rules)
        nuki = [e for e in g["events"] if e["type"] == "nukidora"]
        assert all(set(e) == {"type", "actor", "pai"} and e["pai"] == "N" for e in nuki)
        seen += len(nuki)
        rep = replay_mjai(g["events"], rules)
        assert rep.ok, rep.problems
        kita = [dict(e, type="kita") if e["type"] == "nukidora" else e for e in g["events"]]
        assert replay_mjai(kita, rules).ok
    assert seen > 0
