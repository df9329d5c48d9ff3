"""Seeded games are the same games from one build to the next (a seed determines every
wall and every game): the mjai event logs of :func:`ippatsu.sim.play` and the per-game
counts of :func:`ippatsu.study.match.play_game` are pinned by their hashes, for random,
greedy and mixed agents, four and three players, under several presets. A change to the
engine or the game loops that moves one decision of one game changes a hash.

The hashes are the same for the compiled build and the pure-Python twin
(``IPPATSU_PURE_PYTHON=1``). A change that is *meant* to change games (a rule fixed) updates
them in the same commit, saying why.
"""
from __future__ import annotations

import hashlib
import json
import os

import pytest

from ippatsu import sim
from ippatsu.rules import GameLength, Rules
from ippatsu.study.match import play_game
from ippatsu.table import GreedyAgent, RandomAgent

HALF = GameLength.HALF
#: games per configuration (the pure-Python pass plays the first only)
GAMES = 1 if os.environ.get("IPPATSU_PURE_PYTHON") == "1" else 3
CONFIGS = {
    "ippatsu": Rules(game_length=HALF),
    "tenhou": Rules.tenhou(),
    "sanma": Rules.ippatsu_sanma(),
}
MIXES = {"random": "RRRR", "greedy": "GGGG", "mixed": "GRGR"}


def _agents(mix, n, seed):
    out = []
    for p in range(n):
        c = mix[p % len(mix)]
        out.append(RandomAgent(seed * 10 + p) if c == "R" else GreedyAgent())
    return out


def _digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:16]


def sim_play_hashes(config: str, mix: str, games: int = 3) -> list:
    """The hash of each game's mjai event log and scores (seeds 0, 1, ...)."""
    rules = CONFIGS[config]
    out = []
    for seed in range(games):
        r = sim.play(seed, _agents(MIXES[mix], rules.players, seed), rules)
        out.append(_digest([r["events"], r["scores"]]))
    return out


def play_game_hashes(config: str, mix: str, games: int = 3) -> list:
    """The hash of each game's final standings and per-seat counts (wall seeds 1000...)."""
    rules = CONFIGS[config]
    out = []
    for seed in range(games):
        final, stats, values = play_game(rules, 1000 + seed,
                                         _agents(MIXES[mix], rules.players, seed))
        out.append(_digest([final["scores"], final["final"], stats, values]))
    return out


SIM_PLAY = {
    ('ippatsu', 'greedy'): ['9494a144c67fa7c6', '349e0aed9fe3f5cf', '37d9aa52d8dac2bf'],
    ('ippatsu', 'mixed'): ['38d10c9f41d76d75', 'b28afcc80cf1082f', '479697b8c6df65fd'],
    ('ippatsu', 'random'): ['c9dcd911a7e06dd3', 'fd7fb14d986f2717', 'a6226188e0773ba1'],
    ('sanma', 'mixed'): ['e95b3c76f381806e', 'b73f0b1b76a27e4a', 'd48b69033fbddbeb'],
    ('sanma', 'random'): ['e532b030c8804294', '47cc2967d1db0278', 'f846697f5890d4b4'],
    ('tenhou', 'mixed'): ['0e9533c7e9ed8fe1', '46d5e23ca7266aba', '3138fb0ab2d5a439'],
    ('tenhou', 'random'): ['a5ff29cd8b6488bc', '38912cf4330528f1', '37fe2741d3c3bf4d'],
}
PLAY_GAME = {
    ('ippatsu', 'greedy'): ['023d0b061b67e62d', 'eb7a8c4bcfe5d1f1', 'ad1b0f1656959c52'],
    ('ippatsu', 'mixed'): ['901eb34bd3ba7011', '8156e5df21e0a72c', '4f886dc898feb415'],
    ('ippatsu', 'random'): ['68494f31e90293f9', '09129b50d518fbfe', 'f477064be16ee554'],
    ('sanma', 'greedy'): ['33c07f3862e579f0', '2ad299167e0d7031', 'ba03ef3a1e0a3ff4'],
    ('sanma', 'random'): ['d1752cb0e946e29c', '65774cfcb206e5a0', '7807fa8e580f37d8'],
    ('tenhou', 'greedy'): ['023d0b061b67e62d', 'eb7a8c4bcfe5d1f1', 'ad1b0f1656959c52'],
}


@pytest.mark.parametrize("config,mix", sorted(SIM_PLAY), ids=lambda x: str(x))
def test_sim_play_games_are_pinned(config, mix):
    assert sim_play_hashes(config, mix, GAMES) == SIM_PLAY[config, mix][:GAMES]


@pytest.mark.parametrize("config,mix", sorted(PLAY_GAME), ids=lambda x: str(x))
def test_match_games_are_pinned(config, mix):
    assert play_game_hashes(config, mix, GAMES) == PLAY_GAME[config, mix][:GAMES]
