"""study.position: the position study on top of ippatsu.study._position.

Common random numbers: a choice's results do not depend on which other choices share the
study (each sample's world and agent seeds come from the sample index alone); the paired
difference is exactly the difference of the per-choice sums; the per-sample rows agree
with a play-out rebuilt by hand from the documented seeding.
"""
from __future__ import annotations

import numpy as np
import pytest

from ippatsu import IllegalActionError, IppatsuError, StudyError, core, study
from ippatsu.rules import Rules
from ippatsu.study import sample_seed
from ippatsu.study._agents import make_agents
from ippatsu.study._position import EXAMPLE, Position, play_out

# interpreted, greedy play-outs are ~100x slower: that pass plays random agents
AGENTS = "greedy" if core.BACKEND != "python" else "random"
KW = dict(seed=4, backend="serial", progress=False, agents=AGENTS)


def test_each_choice_sees_the_same_worlds_whatever_the_other_choices():
    a = study.position(EXAMPLE, ["9s", "riichi 9s"], n=60, **KW)
    b = study.position(EXAMPLE, ["5s", "9s"], n=60, **KW)
    assert a.acc.delta[0] == b.acc.delta[1]
    assert a.acc.tallies[0] == b.acc.tallies[1]
    d = a.acc.d_delta[(0, 1)]
    assert d.s == a.acc.delta[0].s - a.acc.delta[1].s and d.n == 60
    c = a.compare(1, 0)["delta"]
    assert c["mean"] == -a.compare(0, 1)["delta"]["mean"]


def test_same_result_on_every_backend():
    choices = ["9s", "5s"]
    base = study.position(EXAMPLE, choices, n=40, **KW).acc
    assert base == study.position(EXAMPLE, choices, n=40, **dict(KW, backend="local"),
                                  workers=2, chunk_size=7).acc


def test_rows_agree_with_a_play_out_rebuilt_from_the_seeding(tmp_path):
    pytest.importorskip("pyarrow")
    r = study.position(EXAMPLE, ["9s", "riichi 9s"], n=6, out=tmp_path, chunk_size=3,
                       **dict(KW, agents=[AGENTS, "random", AGENTS, "random"]))
    rows = study.read_rows(tmp_path).to_pylist()
    assert len(rows) == 12
    pos = Position.parse(EXAMPLE)
    sampler = pos.prepare()
    for row in rows:
        kids = sample_seed(4, row["sample"]).spawn(5)
        world = sampler.world(np.random.Generator(np.random.PCG64(kids[0])))
        agents = make_agents([AGENTS, "random", AGENTS, "random"],
                             [int(k.generate_state(1)[0]) for k in kids[1:]])
        action = sampler.resolve(["9s", "riichi 9s"][row["choice"]])
        o = play_out(sampler.state(world=world), action, agents, pos.seat)
        assert (o.win, o.deal_in, o.draw, o.tenpai, o.delta, o.kind) == (
            row["win"], row["deal_in"], row["draw"], row["tenpai"], row["delta"], row["kind"])
    assert sum(x["delta"] for x in rows if x["choice"] == 0) == r.acc.delta[0].s


def test_result_table_and_dict():
    r = study.position(EXAMPLE, ["riichi 9s", "9s"], n=30, **KW)
    text = str(r)
    assert "riichi 9s" in text and "Paired differences" in text
    d = r.to_dict()
    assert d["estimates"]["choices"][0]["worlds"] == 30
    assert d["params"]["choices"] == ["riichi 9s", "9s"]


@pytest.mark.parametrize("choices, exc, code", [
    (["1z"], IllegalActionError, "illegal_choice"),
    ([], StudyError, "bad_choices"),
    ("9s", StudyError, "bad_choices"),
    (["9s", "discard 9s"], StudyError, "bad_choices"),
])
def test_bad_choices(choices, exc, code):
    with pytest.raises(exc) as e:
        study.position(EXAMPLE, choices, n=5, **KW)
    assert e.value.code == code


def test_bad_position():
    with pytest.raises(IppatsuError):
        study.position(EXAMPLE.replace("hand 22567m", "hand 22222m"), ["9s"], n=5, **KW)
    with pytest.raises(StudyError) as e:
        study.position(42, ["9s"], n=5, **KW)
    assert e.value.code == "bad_position"


def test_a_position_sampler_is_built_once_per_process_not_per_chunk(tmp_path, monkeypatch):
    """Building a sampler (the tenpai tables of a riichi opponent) costs more than a small
    chunk's play-outs; every chunk sent to a worker must not build it again. Each build
    writes its process id to a file: at most one build per process, whatever the number
    of chunks."""
    import multiprocessing
    import os

    from ippatsu.study import _position

    log = tmp_path / "builds"
    real = _position.Sampler.__init__

    def counted(self, *a, **kw):
        with open(log, "a") as f:
            f.write(f"{os.getpid()}\n")
        real(self, *a, **kw)

    monkeypatch.setattr(_position.Sampler, "__init__", counted)
    pos = Position.parse(EXAMPLE)  # a fresh Position: nothing cached on it yet
    assert any(r >= 0 for r in pos.riichi)   # a riichi opponent: the costly tables
    study.position(pos, ["9s", "5s"], n=20, **dict(KW, backend="local", agents="random"),
                   workers=2, chunk_size=1)
    pids = log.read_text().split()
    assert len(pids) == len(set(pids)), pids
    if multiprocessing.get_start_method() == "fork":  # workers inherit the caller's
        assert pids == [str(os.getpid())]


def test_position_takes_keyword_arguments_only():
    """Position(*, seat, hand, ...): its fields by keyword only, on every supported Python
    (3.9's dataclass has no kw_only: the class builds the same constructor there), with
    the defaults of its fields and the same errors."""
    import dataclasses

    p = Position.parse(EXAMPLE)
    given = {f.name: getattr(p, f.name) for f in dataclasses.fields(Position) if f.init}
    q = Position(**given)
    assert [getattr(q, n) for n in given] == [getattr(p, n) for n in given]
    required = {"seat", "hand", "melds", "rivers", "riichi", "dora_indicators", "left"}
    r = Position(**{n: given[n] for n in required})
    assert (r.kyoku, r.honba, r.deposits, r.via, r.furiten) == (0, 0, 0, "draw", False)
    assert r.scores == (25000,) * 4
    with pytest.raises(TypeError, match="positional"):
        Position(given["seat"], **{n: v for n, v in given.items() if n != "seat"})
    with pytest.raises(TypeError, match="required keyword-only argument: 'left'"):
        Position(**{n: v for n, v in given.items() if n != "left"})
    with pytest.raises(TypeError, match="unexpected keyword argument 'sea'"):
        Position(sea=0, **given)


# ------------------------------------------------------------------ red fives per suit
def _two_red_5p_position(rules):
    """The dealer at its first turn holding 5p ids 52, 53 (both red under two red 5p) and
    54 (plain), from a live table under ``rules``."""
    from ippatsu.table import GameState, Wall

    st = GameState(rules, start=False, auto_next=False)
    st.start_hand(Wall.from_text(["055p123m789m123s7z", "", "", ""], draws="1z"))
    assert sorted(t for t in st.hand[0] if t >> 2 == 13) == [52, 53, 54]
    return Position.from_state(st, 0)


def test_position_choices_follow_the_rules_red_fives():
    """Two red 5p (``red_five_counts`` (1, 2, 1)): the legal choices name 53 red and 54
    plain, each apart; an Action or a text resolves to the copy of its red-ness under the
    rules; a study of the red and the plain discard labels and keeps them apart. One red
    per suit: 53 is a plain five, as before."""
    from ippatsu.study._position import legal_choices, resolve_choice
    from ippatsu.table import Action, ActionType

    rules = Rules(red_fives=(1, 2, 1))
    reds = rules.red_ids
    pos = _two_red_5p_position(rules)
    names = legal_choices(pos, rules)
    assert len(set(names)) == len(names) and "0p" in names and "5p" in names
    for tile, red in ((52, True), (53, True), (54, False)):
        a = resolve_choice(pos, Action(ActionType.DISCARD, 0, tile), rules)
        assert (a.tile in reds) == red and a.tile >> 2 == 13, (tile, a)
    assert resolve_choice(pos, "0p", rules).tile in reds
    assert resolve_choice(pos, "5p", rules).tile == 54
    r = study.position(pos, [Action(ActionType.DISCARD, 0, 53), Action(ActionType.DISCARD, 0, 54)],
                       n=4, rules=rules, **KW)
    assert list(r.choices) == ["discard 0p by 0", "discard 5p by 0"]
    # the position's text names each red copy red (0p twice) and the plain one plain
    assert "005p" in r.position_text
    assert "005p" in pos.to_text(reds) and "055p" in pos.to_text()
    # one red per suit: 52 alone is red, 53 and 54 are the same plain choice
    std = _two_red_5p_position(Rules())
    assert sorted(n for n in legal_choices(std) if n.endswith("p") and n[0] in "05") == \
        ["0p", "5p"]
    assert resolve_choice(std, Action(ActionType.DISCARD, 0, 53)).tile not in (52,)
    with pytest.raises(IppatsuError) as e:
        study.position(std, [Action(ActionType.DISCARD, 0, 53),
                             Action(ActionType.DISCARD, 0, 54)], n=4, **KW)
    assert e.value.code == "bad_choices"
