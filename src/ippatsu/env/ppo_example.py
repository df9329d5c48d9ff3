"""Masked PPO (sb3-contrib's MaskablePPO) learning to play one seat of ippatsu against
three random opponents, on CPU, with its learning curve against the random baseline.

    pip install ippatsu[env] sb3-contrib     # and a CPU build of torch
    python -m ippatsu.env.ppo_example --minutes 5

Each episode is one hand (``episode="hand"``: the hands of a game one after the other),
the reward the learner's score change in that hand in units of 10,000 points
(``reward="points"``, ``reward_scale=1e-4``). Every ``--eval-every`` steps the policy
(its most likely legal action) plays ``--eval-hands`` hands of games dealt from a fixed
seed; a uniformly random legal policy plays the same number once: the printed curve is
the mean reward per hand, with a 95% interval. ``--plot curve.png`` draws that curve
(matplotlib). At the end the trained policy takes a seat in :func:`ippatsu.study.match`
(``--match-games`` whole games against three random agents, duplicate walls, every seat
in turn, as a :class:`~ippatsu.env.PolicyAgent`): its placement and final score against
the random agents' with 95% intervals and p-values. ``--save model.zip`` keeps the model.
"""
from __future__ import annotations

import argparse
import time

import numpy as np



#: the rules of the training hands and of the final match
RULES = "tenhou"


def make_env():
    """The learner's env: seat 0, one hand per episode, points / 10,000."""
    from .gym import MahjongEnv
    return MahjongEnv(rules=RULES, seat=0, episode="hand", reward="points",
                      reward_scale=1e-4)


def evaluate(policy, hands: int, seed: int) -> tuple:
    """Mean and 95% half-width of the reward per hand of ``policy(obs, mask) -> index``
    over ``hands`` consecutive hands of games dealt from ``seed``."""
    env = make_env()
    out = []
    obs, info = env.reset(seed=seed)
    for h in range(hands):
        if h:
            obs, info = env.reset()   # the next hand (a new game once one is over)
        total, done = 0.0, False
        while not done:
            a = policy(obs, info["action_mask"])
            obs, r, done, _, info = env.step(a)
            total += r
        out.append(total)
    x = np.array(out)
    return x.mean(), 1.96 * x.std(ddof=1) / np.sqrt(len(x))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--eval-every", type=int, default=20_000)
    ap.add_argument("--eval-hands", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--match-games", type=int, default=400,
                    help="games of the final match against random agents (0: none)")
    ap.add_argument("--plot", default=None, help="draw the learning curve into this PNG")
    ap.add_argument("--save", default=None, help="save the trained model (.zip)")
    args = ap.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = make_env()
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=2048, batch_size=256, n_epochs=4,
                        learning_rate=3e-4, gamma=0.99, ent_coef=0.01, seed=args.seed,
                        policy_kwargs={"net_arch": [256, 256]}, verbose=0)
    rng = np.random.default_rng(args.seed)

    def random_policy(obs, mask):
        return int(rng.choice(np.flatnonzero(mask)))

    def learned(obs, mask):
        a, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(a)

    eval_seed = 10**6
    base, base_ci = evaluate(random_policy, args.eval_hands, eval_seed)
    print(f"random policy: {base:+.4f} +- {base_ci:.4f} per hand "
          f"({args.eval_hands} hands)")
    print("steps    minutes  learned per hand      minus random")
    start = time.time()
    steps = 0
    curve = []
    while time.time() - start < args.minutes * 60:
        model.learn(args.eval_every, reset_num_timesteps=False)
        steps += args.eval_every
        m, ci = evaluate(learned, args.eval_hands, eval_seed)
        curve.append((steps, m, ci))
        print(f"{steps:7d}  {(time.time() - start) / 60:6.1f}   {m:+.4f} +- {ci:.4f}   "
              f"{m - base:+.4f}", flush=True)
    if args.save:
        model.save(args.save)
    if args.plot:
        plot_curve(curve, base, base_ci, args.plot)
        print(f"learning curve: {args.plot}")
    if args.match_games:
        print(match_against_random(learned, args.match_games, args.seed))


def plot_curve(curve, base: float, base_ci: float, path: str) -> None:
    """The learned policy's reward per hand by training step, with its 95% band, and the
    random policy's, into the PNG ``path``."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = np.array([c[0] for c in curve])
    m = np.array([c[1] for c in curve])
    ci = np.array([c[2] for c in curve])
    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=120)
    ax.plot(x, m, marker="o", label="MaskablePPO (most likely legal action)")
    ax.fill_between(x, m - ci, m + ci, alpha=0.25)
    ax.axhline(base, color="grey", linestyle="--", label="uniformly random legal action")
    ax.axhspan(base - base_ci, base + base_ci, color="grey", alpha=0.15)
    ax.set_xlabel("training steps (decisions of the learner)")
    ax.set_ylabel("score change per hand / 10,000 points")
    ax.set_title("ippatsu: masked PPO against three random players")
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def match_against_random(policy, games: int, seed: int):
    """``policy(obs, mask) -> index`` as a :class:`~ippatsu.env.PolicyAgent` in a duplicate
    match against three random agents (``games`` whole games of the learner's rules):
    the :class:`~ippatsu.study.match.MatchResult`, its placements, scores and paired
    differences with p-values."""
    from ..study import match
    from .policy import PolicyAgent

    games -= games % 4   # duplicate sets: one game per seating
    return match([PolicyAgent(policy, name="ppo"), "random", "random", "random"],
                 games=games, rules=RULES, seed=seed,
                 backend="serial", progress=False)


if __name__ == "__main__":
    main()
