"""Masked PPO (sb3-contrib's MaskablePPO) learning to play one seat of ippatsu against
three random opponents, on CPU, with its learning curve against the random baseline.

    pip install ippatsu[env] sb3-contrib     # and a CPU build of torch
    python -m ippatsu.env.ppo_example --minutes 5

Each episode is one hand (``episode="hand"``: the hands of a game one after the other),
the reward the learner's score change in that hand in units of 10,000 points
(``reward="points"``, ``reward_scale=1e-4``). Every ``--eval-every`` steps the policy
(its most likely legal action) plays ``--eval-hands`` hands of games dealt from a fixed
seed; a uniformly random legal policy plays the same number once: the printed curve is
the mean reward per hand, with a 95% interval.
"""
from __future__ import annotations

import argparse
import time

import numpy as np



def make_env():
    """The learner's env: seat 0, one hand per episode, points / 10,000."""
    from .gym import MahjongEnv
    return MahjongEnv(seat=0, episode="hand", reward="points", reward_scale=1e-4)


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
    while time.time() - start < args.minutes * 60:
        model.learn(args.eval_every, reset_num_timesteps=False)
        steps += args.eval_every
        m, ci = evaluate(learned, args.eval_hands, eval_seed)
        print(f"{steps:7d}  {(time.time() - start) / 60:6.1f}   {m:+.4f} +- {ci:.4f}   "
              f"{m - base:+.4f}", flush=True)


if __name__ == "__main__":
    main()
