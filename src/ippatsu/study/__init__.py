"""Monte Carlo studies: answer questions about riichi mahjong by simulation.

Three kinds of study, each a function returning a result object (estimates with 95 %
intervals, the number of samples, the seed and the rules; ``print(result)`` shows a table,
``result.to_dict()`` / ``to_json()`` the data, ``result.plot(path)`` a PNG):

* :func:`solo` — from a hand, drawing from the unseen tiles and discarding by a policy:
  P(tenpai) and P(complete) by each draw, the final shanten. Compiled, millions of rollouts.
* :func:`position` — a mid-hand table position seen by one seat: hidden tiles are sampled
  from what the seat cannot see, each *choice* (riichi or dama, discard A or B) is played
  out by agents on the same sampled worlds; win, deal-in, draw and tenpai rates, mean point
  change and the paired difference between choices.
* :func:`match` — whole games between agents, duplicate walls so that luck cancels;
  placements, final scores, win / deal-in / riichi / call rates, and which differences
  are significant.

Every study takes the same running options:

``seed``
    An int (``None``: fresh entropy, recorded in the result). Sample ``i`` uses
    ``SeedSequence(seed, spawn_key=(i,))``; the same seed gives the same result, bit for
    bit, on every backend with any number of workers.
``backend``, ``workers``, ``address``
    ``"local"`` (default: a process per core), ``"serial"`` (this process) or ``"ray"``
    (``pip install "ippatsu[ray]"``; ``address`` joins a running cluster, e.g. ``"auto"``
    on a cluster node, else a local Ray starts).
``progress``
    A tqdm bar with samples/s and the time left (default: when stderr is a terminal and
    tqdm is installed; ``False`` never, ``True`` always).
``out``, ``resume``
    Write every finished chunk to ``out/chunk-NNNNNNN.parquet`` (pyarrow); with
    ``resume=True`` chunks already there are read back instead of run again.
``chunk_size``
    Samples per unit of work (a default per study; it never changes the result).

Ctrl-C stops a study cleanly: the result holds the chunks finished so far and says
``partial``.

>>> from ippatsu import study
>>> r = study.match(["random"] * 4, games=4, seed=1, backend="serial", progress=False)
>>> r.agent(0)["games"], sum(r.agent(0)["placement_counts"])
(4, 4)
"""
from ._runner import read_rows, sample_seed
from ._position import Position
from .choices import PositionResult, position
from .match import MatchResult, match
from .solo import SoloResult, solo
from ..table.agents import GreedyAgent, RandomAgent

__all__ = ["solo", "SoloResult", "position", "PositionResult", "Position", "match",
           "MatchResult", "sample_seed", "read_rows", "GreedyAgent", "RandomAgent"]

