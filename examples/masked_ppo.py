"""Train sb3-contrib's MaskablePPO at one seat of ippatsu against three random players,
then measure the trained policy in a duplicate match against them (ippatsu.study.match,
with a PolicyAgent): the learning curve, the placements and their p-values.

    pip install "ippatsu[env]" sb3-contrib matplotlib     # and a CPU build of torch
    python examples/masked_ppo.py --minutes 5 --plot curve.png --save model.zip

The options and what the run prints: docs/env.md, "A worked example: masked PPO" (the
same program as ``python -m ippatsu.env.ppo_example``).
"""
from ippatsu.env.ppo_example import main

if __name__ == "__main__":
    main()
