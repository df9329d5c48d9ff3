"""ippatsu.env: the vectorised env plays the table's games exactly, its masks are the
table's legal sets, its observations encode the state (and nothing hidden), rewards add
up, autoreset starts the right game; the Gymnasium and PettingZoo envs pass their
libraries' checkers."""
from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from ippatsu.env import ORACLE, ORACLE_FLOWERS, PLANES, Encoder, VecEnv, encode
from ippatsu.errors import IllegalActionError, IppatsuError
from ippatsu.rules import Rules
from ippatsu.table import Observation, Phase
from ippatsu.table import actionspace as A
from ippatsu.table.actionspace import SIZE

from _env_helpers import (Mirror, channels, compare_planes, hidden_wall, holds_flower,
                          mask_bits, reference_planes)

PURE = os.environ.get("IPPATSU_PURE_PYTHON") == "1"
#: decisions of the differential runs (interpreted: fewer, still past game ends)
STEPS = 1500 if PURE else 6000
#: the flower rule (docs/rules.md §12) on Tenhou's rules, the env's default
FLOWERS = Rules.tenhou().replace(flowers=True)
#: (players, rules) of the games every env property is checked on: four and three
#: players, and four with flower tiles
GAMES = [pytest.param(4, "tenhou", id="4p"), pytest.param(3, "tenhou_sanma", id="3p"),
         pytest.param(4, FLOWERS, id="flowers")]


def _random_actions(rng, mask):
    """A uniformly random legal index per env (0 where the mask is empty: ignored)."""
    u = rng.random(mask.shape) * mask
    return u.argmax(axis=1)


def _drive(players, seed, n_envs, steps, rules=None, episode="game", check_obs=True,
           reward="points", encoder="planes"):
    """Play ``n_envs`` envs with random legal actions beside their :class:`Mirror` and
    check every step: the seat asked, the mask, the observation, the rewards, the scores.
    Returns counters of what was met (``flowers``: decisions holding a flower)."""
    rules = rules or ("tenhou" if players == 4 else "tenhou_sanma")
    env = VecEnv(n_envs, rules=rules, players=players, seed=seed, episode=episode,
                 reward=reward, encoder=encoder)
    oracle = encoder == "oracle"
    names = channels(env.rules, oracle)
    assert env.observation_shape == (len(names), 34)
    mirrors = [Mirror(env.rules, seed, j, hand_level=episode == "hand")
               for j in range(n_envs)]
    obs, info = env.reset()
    rng = np.random.default_rng(seed)
    seen = {"responses": 0, "ends": 0, "hands": 0, "turns": 0, "flowers": 0}
    prev = [list(m.st.scores) for m in mirrors]
    hand_sum = [np.zeros(players) for _ in range(n_envs)]
    hand_deposits = [m.st.deposits for m in mirrors]
    resetting = np.zeros(n_envs, bool)
    for _ in range(steps):
        for j, m in enumerate(mirrors):
            if resetting[j]:
                continue
            seat = m.seat()
            assert seat is not None
            assert info["seat"][j] == seat
            st = m.st
            assert mask_bits(info["mask"][j]) == st.legal_mask(seat), "mask != legal_mask"
            if check_obs:
                compare_planes(obs[j], reference_planes(st, seat, oracle), names)
                if not oracle:   # the seat's own view encodes to the same array
                    view = Observation(env.states[j], seat).encode(env.encoder)
                    assert np.array_equal(view, obs[j]), "Observation.encode != the env's"
            if holds_flower(st, seat):   # setting the flower aside is all it may do
                assert np.flatnonzero(info["mask"][j]).tolist() == [A.NUKIDORA]
                seen["flowers"] += 1
            if st.phase == Phase.RESPONSE:
                seen["responses"] += 1
            elif st.phase == Phase.TURN:
                seen["turns"] += 1
        # an env whose episode ended takes any index (ignored): 999 is out of range
        acts = np.where(resetting, 999, _random_actions(rng, info["mask"]))
        for j, m in enumerate(mirrors):
            if not resetting[j]:
                m.step(int(info["seat"][j]), int(acts[j]))
        obs, rew, term, trunc, info = env.step(acts)
        assert not trunc.any()
        for j, m in enumerate(mirrors):
            if resetting[j]:   # next-step autoreset: the next episode, nothing earned
                assert not term[j] and not rew[j].any()
                m.next_episode()
                seen[f"r{j}"] = len(m.st.hand_results)
                prev[j] = list(m.st.scores)
                hand_deposits[j] = m.st.deposits
                hand_sum[j][:] = 0
                resetting[j] = False
                continue
            st = m.st
            if reward == "points":
                want = np.array(st.scores) - np.array(prev[j])
                assert np.array_equal(rew[j], want), (rew[j], want)
                prev[j] = list(st.scores)
                hand_sum[j] += rew[j]
            assert env.states[j].scores == st.scores
            n_results = len(st.hand_results)
            ended = m.seat() is None
            assert bool(term[j]) == ended
            if n_results > seen.setdefault(f"r{j}", 0):
                # a hand ended in this step: the points moved add up to what the table
                # took in riichi deposits (or gave back)
                seen[f"r{j}"] = n_results
                seen["hands"] += 1
                if reward == "points" and st.phase != Phase.GAME_END:
                    dep = st.deposits - hand_deposits[j]
                    assert hand_sum[j].sum() == -dep * st.rules.riichi_deposit
                    hand_sum[j][:] = 0
                    hand_deposits[j] = st.deposits
            if ended:
                seen["ends"] += 1
                resetting[j] = True
                assert not info["mask"][j].any()
                if st.phase == Phase.GAME_END:
                    seen["games"] = seen.get("games", 0) + 1
                    if reward == "points" and st.rules.deposits_to_first:
                        assert sum(st.scores) == players * st.rules.starting_points
                    if reward == "rank":
                        assert np.array_equal(rew[j], _rank_rewards(st))
                elif reward == "rank":
                    assert not rew[j].any()
                # the last observation: the last seat's view of the final state
                compare_planes(obs[j], reference_planes(st, int(info["seat"][j]), oracle),
                               names)
            elif reward == "rank":
                assert not rew[j].any()
    return seen


def _uma_of(rules, scores):
    """The uma of the final ``scores`` from the rule's words (docs/rules.md §8): the row
    of ``uma_floating`` for the number of players at or above the return, else ``uma``."""
    floating = len([s for s in scores if s >= rules.return_points])
    if rules.uma_floating and 0 < floating < len(scores):
        return rules.uma_floating[floating - 1]
    return rules.uma


def _rank_rewards(st):
    """Each seat's uma at the end of ``st``'s game: its place's, or with
    ``tied_placement="split"`` the mean over the places of the seats tied with it."""
    scores = st.final["scores"]
    uma = _uma_of(st.rules, scores)
    want = np.zeros(len(scores))
    for place, p in enumerate(st.final["placement"]):
        want[p] = uma[place]
    if st.rules.tied_placement == "split":
        for p in range(len(scores)):
            above = len([s for s in scores if s > scores[p]])
            same = len([s for s in scores if s == scores[p]])
            want[p] = sum(uma[above:above + same]) / same
    return want


@pytest.mark.parametrize("players,rules", GAMES)
def test_env_games_equal_table_games(players, rules):
    seen = _drive(players, seed=7, n_envs=1, steps=STEPS, rules=rules, check_obs=False)
    assert seen["responses"] > 20 and seen["ends"] >= 1 and seen["hands"] >= 5
    assert seen["flowers"] > 0 if rules is FLOWERS else seen["flowers"] == 0


@pytest.mark.parametrize("players,rules", GAMES)
def test_env_observations_encode_the_state(players, rules):
    """Every channel of every observation against the reference built from the table's
    public view and event log; three envs stepped together."""
    seen = _drive(players, seed=11, n_envs=3, steps=STEPS // 6, rules=rules)
    assert seen["responses"] > 5
    assert seen["flowers"] > 0 if rules is FLOWERS else seen["flowers"] == 0


@settings(max_examples=3 if PURE else 12, deadline=None)
@given(seed=hst.integers(0, 2 ** 32 - 1), players=hst.sampled_from([4, 3]),
       rules=hst.sampled_from(["tenhou", "ippatsu", "majsoul"]), flowers=hst.booleans())
def test_observations_encode_random_states(seed, players, rules, flowers):
    """Random games (any seed, preset, seat count, four players with flower tiles or
    not): every observation of their first decisions against the reference."""
    if players == 3:
        rules += "_sanma"
    elif flowers:
        rules = Rules.preset(rules).replace(flowers=True)
    _drive(players, seed=seed, n_envs=2, steps=60 if PURE else 150, rules=rules)


@pytest.mark.parametrize("where", ["dora", "ura"])
def test_flower_indicators_are_seen(where):
    """A game whose first dora (ura) indicator is a flower: every observation of it,
    "oracle" (which holds "planes"), against the reference."""
    from ippatsu.table import GameState
    seed = next(s for s in range(1000)
                if getattr(GameState(FLOWERS, seed=np.random.SeedSequence(s, spawn_key=(0, 0)))
                           .wall, where)[0] >= 136)
    _drive(4, seed=seed, n_envs=1, steps=100 if PURE else 400, rules=FLOWERS,
           encoder="oracle")


@pytest.mark.parametrize("players,rules", GAMES)
def test_env_rank_rewards_and_hand_episodes(players, rules):
    seen = _drive(players, seed=5, n_envs=2, steps=STEPS // 2, rules=rules, reward="rank",
                  episode="hand", check_obs=False)
    assert seen["ends"] >= 4


@pytest.mark.parametrize("rules", ["tenhou", FLOWERS], ids=["4p", "flowers"])
def test_env_rank_rewards_pay_uma_at_game_end(rules):
    seen = _drive(4, seed=3, n_envs=2, steps=STEPS, rules=rules, reward="rank",
                  check_obs=False)
    assert seen.get("games", 0) >= 1


def test_env_rank_rewards_follow_the_floating_uma():
    """RULES §8 (uma_floating, the renmei preset): the "rank" reward is the uma of the
    number of players who end at or above the return."""
    seen = _drive(4, seed=3, n_envs=2, steps=STEPS, reward="rank", check_obs=False,
                  rules="renmei")
    assert seen.get("games", 0) >= 1
    assert VecEnv(1, rules="renmei", reward="rank").uma is None
    assert VecEnv(1, rules="renmei", reward="rank", uma=(3, 1, -1, -3)).uma == [3, 1, -1, -3]


@pytest.mark.parametrize("players,rules", GAMES)
def test_oracle_extends_planes_with_the_hidden_information(players, rules):
    """``"oracle"`` starts with the ``"planes"`` channels (the same games side by side);
    the rest, the hidden information, against the reference from the table."""
    pl = VecEnv(1, rules=rules, players=players, encoder="planes", seed=6)
    orc = VecEnv(1, rules=rules, players=players, encoder="oracle", seed=6)
    m = Mirror(orc.rules, 6, 0)
    rng = np.random.default_rng(2)   # a kan early in both games (304 indices)
    names, planes = channels(orc.rules, oracle=True), channels(orc.rules)
    assert orc.observation_shape == (len(names), 34) and names[:len(planes)] == planes
    o1, i1 = pl.reset()
    o2, i2 = orc.reset()
    kans = 0
    for _ in range(200 if PURE else 1000):
        assert np.array_equal(o2[0, :len(planes)], o1[0])
        assert np.array_equal(i1["mask"], i2["mask"])
        seat = m.seat()
        if seat is None:   # the game ended: both start the next one
            m.next_episode()
            a = np.zeros(1, np.int64)
        else:
            compare_planes(o2[0], reference_planes(m.st, seat, oracle=True), names)
            kans += m.st.kan_count > 0
            a = _random_actions(rng, i1["mask"])
            m.step(seat, int(a[0]))
        o1, _, _, _, i1 = pl.step(a)
        o2, _, _, _, i2 = orc.step(a)
    assert len(names) > len(planes) and kans > 0


def _at_response(env, rng, players):
    """Step a one-env VecEnv at random until a seat answers a discard."""
    obs, info = env.reset()
    while True:
        obs, _, term, _, info = env.step(_random_actions(rng, info["mask"]))
        st = env.states[0]
        if not term[0] and st.phase == Phase.RESPONSE:
            return obs, info


def _exchange_hidden(st, seat, rng):
    """Exchange the other seats' concealed tiles with tiles of the live wall (and scramble
    their cached shanten and waits); with flower tiles, also move each hidden flower to
    another hidden place of the wall. Returns the flowers moved."""
    from ippatsu.env._vec import live_position
    pos = live_position(st)
    live = st.wall.live
    for q in range(st.n_players):
        if q == seat:
            continue
        hand = st.hand[q]
        for i in range(len(hand)):   # each concealed tile for one ahead in the wall
            j = pos + int(rng.integers(0, st.left))
            if live[j] < 136 and live[j] >> 2 != hand[i] >> 2:   # (no flower in a hand)
                hand[i], live[j] = live[j], hand[i]
        cnt = st.cnt[q]
        for k in range(34):
            cnt[k] = 0
        for t in hand:
            cnt[t >> 2] += 1
        st.seats[q].shanten = 6 - st.shanten[q]
        st.seats[q].waits = (1 << 34) - 1 - st.waits[q]
    moved = 0
    if st.rules.flowers:
        places = hidden_wall(st)
        for a, i in places:
            if a[i] >= 136:   # a hidden flower: exchanged with a tile of another place
                b, j = places[int(rng.integers(0, len(places)))]
                if b[j] < 136:
                    a[i], b[j] = b[j], a[i]
                    moved += 1
    return moved


@pytest.mark.parametrize("players,rules", GAMES)
@pytest.mark.parametrize("phase", ["turn", "response"])
def test_planes_never_show_hidden_tiles(players, rules, phase):
    """Exchanging another seat's concealed tiles with tiles of the live wall (and
    scrambling that seat's cached shanten and waits), and with flower tiles moving the
    hidden flowers about the wall, changes the oracle channels but not one plane of the
    observer's view."""
    rng = np.random.default_rng(4)
    checked = moved = 0
    for trial in range(3 if PURE else 10):
        env = VecEnv(1, rules=rules, players=players, seed=trial)
        if phase == "response":
            obs, info = _at_response(env, rng, players)
        else:
            obs, info = env.reset()
            for _ in range(int(rng.integers(0, 40))):
                obs, _, term, _, info = env.step(_random_actions(rng, info["mask"]))
                if term[0] or env.states[0].phase != Phase.TURN:
                    break
        st = env.states[0]
        seat = int(info["seat"][0])
        before = encode(st, seat, "planes")
        before_o = encode(st, seat, "oracle")
        assert np.array_equal(before, obs[0])
        moved += _exchange_hidden(st, seat, rng)
        after = encode(st, seat, "planes")
        after_o = encode(st, seat, "oracle")
        assert np.array_equal(before, after)
        assert not np.array_equal(before_o, after_o)
        checked += 1
    assert checked
    assert moved > 0 if rules is FLOWERS else moved == 0


def _holding_a_flower(seed, rng):
    """A game of the flower rules (recorded) played at random until a seat holds a flower
    (its one legal action: setting it aside)."""
    m = Mirror(FLOWERS, seed, 0)
    while True:
        seat = m.seat()
        if seat is None:
            m.next_episode()
            continue
        st = m.st
        legal = [i for i in range(SIZE) if st.legal_mask(seat) >> i & 1]
        if st.phase == Phase.TURN and st.last_draw >= 136:
            assert legal == [A.NUKIDORA]
            return st
        m.step(seat, int(rng.choice(legal)))


def test_no_other_seat_sees_the_flower_held():
    """While a seat holds a flower (drawn, not yet set aside), every other seat's planes
    are those of the world where it drew a tile of the wall instead; their oracle sees
    the flower held. The holder sees it (``flower_held``, no ``drawn``). Every seat's
    view against the reference."""
    rng = np.random.default_rng(12)
    names = channels(FLOWERS, oracle=True)
    for seed in range(2 if PURE else 6):
        st = _holding_a_flower(seed, rng)
        p = st.actor
        flower = st.last_draw
        views = {q: (encode(st, q, "planes"), encode(st, q, "oracle")) for q in range(4)}
        assert views[p][0][names.index("flower_held")].all()
        assert not views[p][0][names.index("drawn")].any()
        for q in range(4):
            compare_planes(views[q][1], reference_planes(st, q, oracle=True), names)
            r = (p - q) % 4
            if r:
                assert views[q][1][names.index(f"s{r}.flower_held")].all()
                assert not views[q][0][names.index("flower_held")].any()
        # the other world: the holder drew a tile of the live wall, the flower is there
        from ippatsu.env._vec import live_position
        live = st.wall.live
        pos = live_position(st)
        j = next(i for i in range(pos, pos + st.left) if live[i] < 136)
        t = live[j]
        live[j] = flower
        st.hand[p].append(t)
        st.cnt[p][t >> 2] += 1
        st.last_draw = t
        for q in range(4):
            if q != p:
                assert np.array_equal(encode(st, q, "planes"), views[q][0])
                assert not np.array_equal(encode(st, q, "oracle"), views[q][1])


@pytest.mark.parametrize("players,rules", GAMES)
def test_live_position_counts_the_tiles_drawn_from_the_front(players, rules):
    """The oracle's next draws start where the table draws next (GameState._live_pos),
    kans, Norths and flowers set aside (at the deal too) counted; with flowers, once no
    draw is left (the replacement of a flower drawn last shortens nothing) the oracle
    reads no live tile wherever it starts."""
    from ippatsu.env._vec import live_position
    rng = np.random.default_rng(3)   # kans or Norths early in both games (304 indices)
    env = VecEnv(1, rules=rules, players=players, seed=9)
    obs, info = env.reset()
    kans = 0
    for _ in range(400 if PURE else 2000):
        st = env.states[0]
        assert live_position(st) == st._live_pos or (st.rules.flowers and st.left == 0)
        kans += st.kan_count + sum(map(len, st.nuki))
        obs, _, term, _, info = env.step(_random_actions(rng, info["mask"]))
    assert kans


def _prefix_env(players, seed, prefix, rules=None):
    env = VecEnv(1, rules=rules or ("tenhou" if players == 4 else "tenhou_sanma"),
                 players=players, seed=seed, copy=True)
    obs, info = env.reset()
    for a in prefix:
        obs, _, _, _, info = env.step(np.array([a]))
    return env, obs, info


@pytest.mark.parametrize("players,rules", GAMES)
def test_masked_in_actions_step_and_masked_out_ones_raise(players, rules):
    """At decisions of every kind met (turns, answers to a discard, a flower held), each
    index of the mask steps from a replay of the same game, and every other index raises
    IllegalActionError and leaves every env as it was."""
    rng = np.random.default_rng(21)
    env, obs, info = _prefix_env(players, 21, [], rules)
    prefix = []
    kinds = {}
    limit = 2 if PURE else 6
    for _ in range(400 if PURE else 1500):
        st = env.states[0]
        kind = st.phase.name
        if kind == "TURN" and st.last_draw >= 136:
            kind = "FLOWER"
        if kinds.get(kind, 0) < limit and (kind == "FLOWER" or rng.random() < 0.2):
            kinds[kind] = kinds.get(kind, 0) + 1
            legal = np.flatnonzero(info["mask"][0])
            for i in legal:   # each legal index, from a replay of the same game
                e2, o2, i2 = _prefix_env(players, 21, prefix, rules)
                assert np.array_equal(o2, obs) and np.array_equal(i2["mask"], info["mask"])
                e2.step(np.array([i]))
            for i in np.flatnonzero(~info["mask"][0]):
                with pytest.raises(IllegalActionError) as ex:
                    env.step(np.array([i]))
                assert ex.value.code == "illegal_action"
            for bad in (-1, SIZE):
                with pytest.raises(IllegalActionError) as ex:
                    env.step(np.array([bad]))
                assert ex.value.code == "bad_action_index"
            # nothing moved
            st2 = env.states[0]
            assert st2 is st and st.phase.name == kind.replace("FLOWER", "TURN")
            e3, o3, i3 = _prefix_env(players, 21, prefix, rules)
            assert np.array_equal(o3, env._obs) and np.array_equal(i3["mask"], info["mask"])
        a = _random_actions(rng, info["mask"])
        prefix.append(int(a[0]))
        obs, _, term, _, info = env.step(a)
        if term[0]:
            break
    assert kinds.get("TURN", 0) == limit and kinds.get("RESPONSE", 0) >= 1
    assert kinds.get("FLOWER", 0) >= 1 if rules is FLOWERS else "FLOWER" not in kinds



@pytest.mark.parametrize("players,rules", GAMES)
def test_random_actions_are_legal_uniform_and_seeded(players, rules):
    """``VecEnv.random_actions(rng)``: a legal index of every env with a decision (0 for an
    ended episode's empty mask), each legal index as likely as the others (chi-square over
    masks of every size met), the same actions for the same generator; the module
    function picks the same from a mask given as bool."""
    from ippatsu.env.vec import random_legal_actions
    env = VecEnv(4, rules=rules, players=players, seed=3)
    obs, info = env.reset()
    rng = np.random.default_rng(3)
    for _ in range(STEPS // 10):
        mask = info["mask"]
        state = rng.bit_generator.state
        a = env.random_actions(rng)
        rng.bit_generator.state = state
        np.testing.assert_array_equal(random_legal_actions(mask, rng), a)
        for j in range(4):
            assert mask[j, a[j]] if mask[j].any() else a[j] == 0
        obs, _, _, _, info = env.step(a)
    # uniform: one row of k legal indices drawn many times
    picks = np.zeros((1, SIZE), dtype=bool)
    legal = np.array([0, 5, 37, 100, 101, 299, SIZE - 1])
    picks[0, legal] = True
    got = np.concatenate([random_legal_actions(picks, rng) for _ in range(7000)])
    counts = np.array([(got == i).sum() for i in legal])
    assert counts.sum() == 7000
    chi2 = ((counts - 1000) ** 2 / 1000).sum()
    assert chi2 < 27.86, counts   # the chi-square quantile of 6 degrees at 1 - 1e-4
    with pytest.raises(IppatsuError) as e:
        env.random_actions(3)
    assert e.value.code == "bad_env_option"


def test_an_illegal_action_in_one_env_moves_no_env():
    env = VecEnv(3, seed=1)
    obs, info = env.reset()
    acts = info["mask"].argmax(axis=1)
    acts[2] = int(np.flatnonzero(~info["mask"][2])[0])
    with pytest.raises(IllegalActionError, match="env 2"):
        env.step(acts)
    ref = VecEnv(3, seed=1)
    ref.reset()
    acts[2] = int(info["mask"][2].argmax())
    o1 = env.step(acts)[0]
    o2 = ref.step(acts)[0]
    assert np.array_equal(o1, o2)


def _first_legal_run(env, steps):
    """Observations, rewards and seats of ``steps`` steps taking the lowest legal index."""
    obs, info = env.reset()
    out = []
    for _ in range(steps):
        acts = info["mask"].argmax(axis=1)
        obs, rew, term, _, info = env.step(acts)
        out.append((obs.copy(), rew.copy(), term.copy(), info["seat"].copy()))
    return out


@pytest.mark.parametrize("rules", ["tenhou", FLOWERS], ids=["4p", "flowers"])
def test_games_do_not_depend_on_the_number_of_envs(rules):
    """Env j plays the games of (seed, j, game number): alone or among others, the same."""
    steps = 300 if PURE else 1500
    one = _first_legal_run(VecEnv(1, rules=rules, seed=8, episode="hand"), steps)
    three = _first_legal_run(VecEnv(3, rules=rules, seed=8, episode="hand"), steps)
    assert any(t[2][0] for t in one)   # past an autoreset
    for a, b in zip(one, three):
        assert np.array_equal(a[0][0], b[0][0]) and np.array_equal(a[1][0], b[1][0])
        assert a[2][0] == b[2][0] and a[3][0] == b[3][0]
    assert not all(np.array_equal(b[0][0], b[0][1]) for b in three)


@pytest.mark.parametrize("rules", ["tenhou", FLOWERS], ids=["4p", "flowers"])
def test_a_seed_gives_the_same_run_and_reset_with_a_seed_restarts_it(rules):
    a = VecEnv(2, rules=rules, seed=3)
    b = VecEnv(2, rules=rules, seed=3)
    oa, _ = a.reset()
    ob, _ = b.reset()
    assert np.array_equal(oa, ob)
    c = VecEnv(2, rules=rules, seed=4)
    assert not np.array_equal(c.reset()[0], oa)
    assert np.array_equal(c.reset(seed=3)[0], oa)


def test_copy_false_returns_the_envs_own_buffers():
    env = VecEnv(2, seed=1, copy=False)
    obs, info = env.reset()
    obs2, *_ = env.step(info["mask"].argmax(axis=1))
    assert obs2 is obs


def test_callable_reward_gets_the_state_and_the_scores_before():
    calls = []

    def reward(state, before):
        calls.append(list(before))
        return [s - b for s, b in zip(state.scores, before)]

    env = VecEnv(1, seed=6, reward=reward)
    ref = VecEnv(1, seed=6)
    obs, info = env.reset()
    ref.reset()
    for _ in range(300 if PURE else 1500):
        a = info["mask"].argmax(axis=1)
        obs, r1, _, _, info = env.step(a)
        _, r2, _, _, _ = ref.step(a)
        assert np.array_equal(r1, r2)
    assert calls


@pytest.mark.parametrize("rules", ["tenhou", FLOWERS], ids=["4p", "flowers"])
def test_mjai_observations_are_the_seats_masked_event_stream(rules):
    from ippatsu.io.mjai import mask_events
    env = VecEnv(2, rules=rules, seed=5, encoder="mjai")
    obs, info = env.reset()
    streams = {}
    rng = np.random.default_rng(5)
    for _ in range(200 if PURE else 800):
        for j in range(2):
            seat = int(info["seat"][j])
            streams.setdefault((j, env.games[j].games, seat), []).extend(obs[j])
        obs, _, term, _, info = env.step(_random_actions(rng, info["mask"]))
    for j in range(2):
        st = env.states[j]
        for seat in range(4):
            got = streams.get((j, env.games[j].games, seat), [])
            want = mask_events(st.events, seat)[:len(got)]
            assert got == want
            hidden = [e for e in got if e["type"] == "tsumo" and e["actor"] != seat]
            assert all(e["pai"] == "?" for e in hidden)


def test_a_custom_encoder_writes_the_observation():
    class Hand(Encoder):
        channels = 1

        def encode(self, state, seat, out, tsumogiri):
            out[0] = np.frombuffer(bytes(state.cnt[seat]), dtype=np.uint8)

    env = VecEnv(2, seed=1, encoder=Hand())
    obs, info = env.reset()
    assert obs.shape == (2, 1, 34)
    for j in range(2):
        assert obs[j, 0].sum() == len(env.states[j].hand[int(info["seat"][j])])


@pytest.mark.parametrize("kwargs,code", [
    (dict(num_envs=0), "bad_env_option"),
    (dict(num_envs=1, encoder="pixels"), "bad_env_option"),
    (dict(num_envs=1, reward="money"), "bad_env_option"),
    (dict(num_envs=1, episode="round"), "bad_env_option"),
    (dict(num_envs=1, players=5), "bad_env_option"),
    (dict(num_envs=1, rules=Rules.tenhou(), players=3), "bad_env_option"),
    (dict(num_envs=1, uma=(1, 2)), "bad_env_option"),
    (dict(num_envs=1, seed=-1), "bad_seed"),
    (dict(num_envs=1, seed="x"), "bad_seed"),
])
def test_bad_options_are_named(kwargs, code):
    with pytest.raises(IppatsuError) as ex:
        VecEnv(**kwargs)
    assert ex.value.code == code


def test_players_follow_the_rules():
    assert VecEnv(1, rules="tenhou_sanma").players == 3
    assert VecEnv(1, rules=Rules.tenhou_sanma()).players == 3
    assert VecEnv(1, rules="tenhou", players=3).rules == Rules.tenhou_sanma()
    assert VecEnv(1).players == 4


def test_bad_action_arrays_are_named():
    env = VecEnv(2, seed=1)
    with pytest.raises(IppatsuError) as ex:
        env.step(np.zeros(2, np.int64))
    assert ex.value.code == "env_not_reset"
    env.reset()
    for bad in (np.zeros(3, np.int64), np.zeros(2, np.float32), [[0, 0]]):
        with pytest.raises(IppatsuError) as ex:
            env.step(bad)
        assert ex.value.code == "bad_env_actions"


# ---------------------------------------------------------------- standard interfaces
gymnasium = pytest.importorskip("gymnasium")


@pytest.mark.parametrize("players,rules", GAMES)
@pytest.mark.parametrize("encoder", ["planes", "oracle"])
def test_gymnasium_env_passes_the_gymnasium_checker(players, rules, encoder):
    from gymnasium.utils.env_checker import check_env

    from ippatsu.env.gym import MahjongEnv
    env = MahjongEnv(rules=rules, players=players, seat=None, encoder=encoder)
    assert env.observation_space.shape == (len(channels(env._vec.rules, encoder == "oracle")),
                                           34)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize("rules", ["tenhou", FLOWERS], ids=["4p", "flowers"])
def test_gymnasium_env_plays_to_the_end_with_masks(rules):
    from ippatsu.env.gym import MahjongEnv
    from ippatsu.table import GreedyAgent, RandomAgent
    # interpreted, the greedy agents' kernel is the slow reference: random opponents
    opp = [RandomAgent(i) for i in range(3)] if PURE else [GreedyAgent() for _ in range(3)]
    env = MahjongEnv(rules=rules, seat=1, opponents=opp, reward_scale=1e-3)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    total = 0.0
    done = False
    while not done:
        m = info["action_mask"]
        assert m.any() and np.array_equal(m, env.action_masks())
        assert env.observation_space.contains(obs)
        obs, r, done, trunc, info = env.step(int(rng.choice(np.flatnonzero(m))))
        total += r
    st = env._vec.games[0].st
    assert st.phase == Phase.GAME_END
    assert total == pytest.approx((st.scores[1] - st.rules.starting_points) * 1e-3)
    with pytest.raises(IppatsuError):
        env.step(0)


def test_gymnasium_env_illegal_action_ends_or_raises():
    from ippatsu.env.gym import MahjongEnv
    env = MahjongEnv()
    obs, info = env.reset(seed=1)
    bad = int(np.flatnonzero(~info["action_mask"])[0])
    obs, r, done, _, info2 = env.step(bad)
    assert done and r == -1.0 and info2["illegal_action"]
    env = MahjongEnv(illegal="raise")
    obs, info = env.reset(seed=1)
    with pytest.raises(IllegalActionError):
        env.step(bad)


@pytest.mark.parametrize("players,rules", GAMES)
def test_pettingzoo_env_passes_the_pettingzoo_api_test(players, rules):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from ippatsu.env.pettingzoo import MahjongAECEnv
    api_test(MahjongAECEnv(rules=rules, players=players), num_cycles=300 if PURE else 2000,
             verbose_progress=False)


@pytest.mark.parametrize("rules", ["tenhou", FLOWERS], ids=["4p", "flowers"])
def test_pettingzoo_env_plays_a_whole_game_zero_sum(rules):
    pytest.importorskip("pettingzoo")
    from ippatsu.env.pettingzoo import MahjongAECEnv
    env = MahjongAECEnv(rules=rules, reward="rank")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, r, term, trunc, info = env.last()
        totals[agent] += r
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    st = env._vec.games[0].st
    assert st.phase == Phase.GAME_END
    uma = st.rules.uma
    for place, p in enumerate(st.final["placement"]):
        assert totals[f"player_{p}"] == uma[place]


# ---------------------------------------------------------------- docs
DOC = __import__("pathlib").Path(__file__).resolve().parents[1] / "docs" / "env.md"


def test_docs_list_every_channel():
    """docs/env.md names every channel of "planes" and "oracle" (a seat block's channels
    once, as the block's names)."""
    from ippatsu.env.encoders import SEAT_PLANES
    if not DOC.exists():
        pytest.skip("docs/ not beside the tests")
    text = DOC.read_text()
    import re
    names = set(re.findall(r"`([a-z_0-9>=.-]+)`", text))
    listed = set()
    for name in ORACLE_FLOWERS:
        if name.startswith("s") and "." in name and name.split(".", 1)[1] in SEAT_PLANES:
            name = name.split(".", 1)[1]
        listed.add(name)
    # a range written "a … b" names its ends; the rest must be named one by one
    missing = [n for n in listed if n not in names
               and not any(n.startswith(m.rstrip("1>=")) for m in names if m.endswith(("1", ">=1")))]
    assert not missing, missing


def test_docs_examples_run():
    import doctest
    if not DOC.exists():
        pytest.skip("docs/ not beside the tests")
    r = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert r.attempted > 0 and r.failed == 0


def test_module_examples_run():
    import doctest

    import ippatsu.env.gym as g
    import ippatsu.env.pettingzoo as pz
    import ippatsu.env.vector as v
    for mod in (g, pz, v):
        r = doctest.testmod(mod)
        assert r.attempted > 0 and r.failed == 0, mod.__name__


# ---------------------------------------------------------------- multiple ron
def _env_at(st):
    """A one-env VecEnv continuing the game of the state ``st`` (a position)."""
    env = VecEnv(1, rules=st.rules, players=st.n_players, seed=0)
    env.reset()
    g = env.games[0]
    g.clear(env._mask[0])
    g.st = st
    g.prev = list(st.scores)
    g.advance(env._mask[0])
    env._seat[0] = g.seat
    return env


@pytest.mark.parametrize("mode,answers,winners", [
    ("DOUBLE", {1: "pass", 2: "ron", 3: "ron"}, [2, 3]),
    ("DOUBLE", {1: "ron", 2: "ron", 3: "ron"}, "three_ron"),
    ("ATAMAHANE", {1: "pass", 2: "ron", 3: "ron"}, [2]),
    ("TRIPLE", {1: "ron", 2: "ron", 3: "ron"}, [1, 2, 3]),
    ("DOUBLE_HEAD_BUMP", {1: "ron", 2: "ron", 3: "ron"}, [1, 2]),
])
def test_answers_are_gathered_in_turn_order_then_resolved_as_the_table_does(
        mode, answers, winners):
    from _table_helpers import discard, table

    from ippatsu.rules import RonMode
    from ippatsu.table import actionspace as A
    three = ["1199m1199s12344z", "123m46p456s555z11z", "789m46p123s666z22z",
             "456m46p789s777z33z"]
    rules = Rules().replace(ron_mode=getattr(RonMode, mode))
    st = table(three, draws="5p", rules=rules)
    discard(st, "5p")   # seats 1, 2, 3 may ron
    env = _env_at(st)
    asked = []
    rewards = np.zeros(4)
    for q in (1, 2, 3):
        assert env._seat[0] == q
        mask = env._mask[0].astype(bool)
        assert mask[A.RON] and mask[A.PASS]
        asked.append(q)
        idx = A.RON if answers[q] == "ron" else A.PASS
        _, r, term, _, _ = env.step(np.array([idx]))
        rewards += r[0]
        if q < 3:
            assert env.states[0].phase == Phase.RESPONSE and not r.any()
    res = st.hand_results[-1]
    if winners == "three_ron":
        assert res.kind == "three_ron" and not rewards.any()
    else:
        assert [w.winner for w in res.wins] == winners
        assert np.array_equal(rewards, np.array(res.deltas))


def test_gymnasium_hand_episodes_play_the_hands_of_a_game_in_turn():
    from ippatsu.env.gym import MahjongEnv
    env = MahjongEnv(seat=0, episode="hand")
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    seen = []
    for _ in range(4):
        done = False
        while not done:
            obs, r, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        st = env._vec.games[0].st
        seen.append((env._vec.games[0].games, len(st.hand_results)))
        obs, info = env.reset()
    assert [s[1] for s in seen] == [1, 2, 3, 4] and {s[0] for s in seen} == {1}
    env.reset(seed=1)
    assert env._vec.games[0].games == 1 and not env._vec.games[0].st.hand_results


@pytest.mark.parametrize("choice", ["stop", "pass"])
def test_the_last_dealers_stop_is_a_decision(choice):
    """LastDealerStop.OPTIONAL: after the last dealer's win in first place the env asks
    that seat to stop or play on (the stop_offer plane set); STOP ends the game, PASS plays
    the next hand."""
    from _table_helpers import table

    from ippatsu.table import actionspace as A
    rules = Rules().replace(last_dealer_stop="optional", game_length="east")
    st = table(["", "", "", "123m456p789s1122z"], draws="2z", rules=rules, kyoku=3,
               scores=[20000, 20000, 20000, 40000])
    env = _env_at(st)
    assert env._seat[0] == 3 and env._mask[0][A.TSUMO]
    obs, r, term, _, info = env.step(np.array([A.TSUMO]))
    assert not term[0] and info["seat"][0] == 3 and st.phase == Phase.HAND_END
    assert np.flatnonzero(info["mask"][0]).tolist() == [A.PASS, A.STOP]
    compare_planes(obs[0], reference_planes(st, 3), PLANES)
    assert obs[0][PLANES.index("stop_offer")].all()
    assert r[0].tolist() == st.hand_results[-1].deltas
    obs, r, term, _, info = env.step(np.array([A.STOP if choice == "stop" else A.PASS]))
    if choice == "stop":
        assert term[0] and st.phase == Phase.GAME_END
    else:
        assert not term[0] and st.phase == Phase.TURN and st.kyoku == 3 and st.honba == 1


# ---------------------------------------------------------------- encoders on bad buffers
@pytest.mark.parametrize("flowers", [False, True], ids=["4p", "flowers"])
def test_an_encoder_refuses_a_buffer_or_seat_it_would_write_past(flowers):
    from ippatsu.env import OracleEncoder, PlanesEncoder
    from ippatsu.table import GameState
    rules = FLOWERS if flowers else Rules.tenhou()
    st = GameState(rules, seed=3)
    for enc, c in ((PlanesEncoder(flowers), len(channels(rules))),
                   (OracleEncoder(flowers), len(channels(rules, oracle=True)))):
        assert enc.channels == c and len(enc.names) == c
        for shape in ((c - 1, 34), (c, 33)):
            with pytest.raises(IppatsuError) as e:
                enc.encode(st, 0, np.zeros(shape, dtype=np.float32), [0, 0, 0, 0])
            assert e.value.code == "bad_obs_buffer"
        with pytest.raises(IppatsuError) as e:
            enc.encode(st, 0, np.zeros((c, 34), dtype=np.float32), [0, 0])
        assert e.value.code == "bad_obs_buffer"
        for seat in (4, -1):
            with pytest.raises(IppatsuError) as e:
                enc.encode(st, seat, np.zeros((c, 34), dtype=np.float32), [0] * 4)
            assert e.value.code == "bad_seat"



@pytest.mark.parametrize("players,rules", GAMES)
def test_a_planes_memo_follows_every_change_of_the_state_it_is_given(players, rules):
    """``encode_planes`` with a :class:`PlanesMemo` (what the env keeps of each game: the
    melds and rivers read only where they changed) writes the planes it writes without
    one: one memo shared by two games in turn through whole games, by a snapshot restored
    into a new state (new river lists), by a seat whose tsumogiri bits were rewritten or
    whose river list was replaced, by a river longer than the memo mirrors, then by the
    game again."""
    from ippatsu.env import _vec
    from ippatsu.table import GameState
    env = VecEnv(2, rules=rules, players=players, seed=5)
    obs, info = env.reset()
    rng = np.random.default_rng(5)
    memo = _vec.PlanesMemo()
    c = len(channels(env.rules))
    got = np.zeros((c, 34), dtype=np.float32)
    want = np.zeros((c, 34), dtype=np.float32)
    checked = {"called": 0, "long": 0, "restored": 0, "tsumogiri": 0}

    def same(st, seat):
        _vec.encode_planes(st, seat, got, False, None, memo)
        _vec.encode_planes(st, seat, want, False)
        np.testing.assert_array_equal(got, want)

    for step in range(STEPS // 4):
        obs, _, _, _, info = env.step(_random_actions(rng, info["mask"]))
        for g in env.games:
            st = g.st
            for seat in range(players):   # every observer, the seat to act last
                same(st, (g.seat + 1 + seat) % players)
            checked["called"] += sum(any(s.river_called) for s in st.seats)
        if step % 50 == 7:
            g = env.games[step % 2]
            same(GameState.from_snapshot(g.st.snapshot(), auto_next=False), g.seat)
            checked["restored"] += 1
            other = g.st.copy()
            q = max(range(players), key=lambda q: len(other.seats[q].river))
            same(other, q)
            if other.seats[q].river:
                other.seats[q].tsumogiri ^= 1   # the same lists, bit 0 rewritten
                same(other, q)
                checked["tsumogiri"] += 1
                other.seats[q].river = other.seats[q].river[::-1]   # a new river list
                same(other, q)
            long = 61 + step % 4   # ids without a fifth copy, some tsumogiri, some called
            other.seats[q].river = [(i * 4 + i // 34) % 136 for i in range(long)]
            other.seats[q].river_called = [i % 9 == 4 for i in range(long)]
            other.seats[q].tsumogiri = 0x5A5A5A5A5A5A5A5A & ((1 << long) - 1)
            same(other, q)
            checked["long"] += 1
    assert all(n > 0 for n in checked.values()), checked


def test_the_oracle_encoder_reads_a_record_wall_only_as_far_as_it_goes():
    """A replayed record's wall holds only the tiles that were drawn: the oracle planes of
    the live wall stop at its end (every decision of a record, no error)."""
    from conftest import SHARED_DATA
    from ippatsu.table.replay import replay_file
    root = SHARED_DATA / "tenhou" / "mjlog"
    files = sorted(p for p in root.rglob("*") if p.suffix in (".mjlog", ".xml"))[:2] \
        if root.exists() else []
    if not files:
        pytest.skip(f"shared data not available: {root}")
    seen = [0]

    def look(st, _action):
        if st.phase in (Phase.TURN, Phase.RESPONSE):
            for p in range(st.n_players):
                encode(st, p, "oracle")
            seen[0] += 1

    for f in files:
        rep = replay_file(str(f), on_step=look)
        assert rep.exact == rep.hands > 0
    assert seen[0] > 100


@pytest.mark.parametrize("flowers", [False, True], ids=["4p", "flowers"])
def test_an_env_takes_the_encoder_layout_of_its_rules(flowers):
    """``"planes"`` / ``"oracle"`` follow the rules' flowers; an encoder object built for
    the other layout is refused (``bad_env_option``), never written past."""
    from ippatsu.env import OracleEncoder, PlanesEncoder
    rules = FLOWERS if flowers else Rules.tenhou()
    for name, cls in (("planes", PlanesEncoder), ("oracle", OracleEncoder)):
        env = VecEnv(1, rules=rules, encoder=name)
        assert env.observation_shape == (len(channels(rules, name == "oracle")), 34)
        assert VecEnv(1, rules=rules, encoder=cls(flowers)).observation_shape == \
            env.observation_shape
        with pytest.raises(IppatsuError) as e:
            VecEnv(1, rules=rules, encoder=cls(not flowers))
        assert e.value.code == "bad_env_option"


def test_without_flowers_the_observations_are_those_of_the_pinned_layout():
    """Rules without flower tiles keep the layout (and the games) they had before the
    environments played flowers: a digest of seeded runs of "planes" and "oracle" (four
    and three players: observations, masks, seats, rewards, ends) is pinned."""
    import hashlib
    h = hashlib.sha256()
    for players in (4, 3):
        for enc in ("planes", "oracle"):
            env = VecEnv(2, players=players, encoder=enc, seed=5, episode="hand")
            o, i = env.reset()
            rng = np.random.default_rng(1)
            for _ in range(300):
                h.update(o.tobytes())
                h.update(i["mask"].tobytes())
                h.update(i["seat"].tobytes())
                o, r, t, _, i = env.step(_random_actions(rng, i["mask"]))
                h.update(r.tobytes())
                h.update(t.tobytes())
    assert h.hexdigest() == "d2562eef39be3c4e405b0be3fb5a3088d1892470d5ccfccb322241db0a733e78"
