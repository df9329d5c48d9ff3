"""Reinforcement-learning environments over the table (``docs/env.md``).

* :class:`VecEnv`: many games stepped together, one decision each per step, the loop
  compiled; observations of the seat to act, legal masks over the fixed action space
  (:mod:`ippatsu.table.actionspace`), rewards for every seat, next-step autoreset.
* encoders (:mod:`ippatsu.env.encoders`): ``"planes"``, ``"oracle"``, ``"mjai"``, your own
  :class:`Encoder`.
* :class:`PolicyAgent` (:mod:`ippatsu.env.policy`): a trained ``policy(obs, mask) ->
  index`` as a table agent, for :func:`ippatsu.study.match` and every game loop.
* :mod:`ippatsu.env.vector`: :class:`~ippatsu.env.vector.ProcVecEnv` (a VecEnv split over
  worker processes) and ``MahjongVectorEnv`` (a ``gymnasium.vector.VectorEnv``).
* :mod:`ippatsu.env.gym` (a single-agent ``gymnasium.Env``) and
  :mod:`ippatsu.env.pettingzoo` (AEC and parallel envs): the extra ``ippatsu[env]``.

``_vec.py`` is compiled by Cython like the table's state machine; under
``IPPATSU_PURE_PYTHON=1`` it runs interpreted (the same source).
"""
from __future__ import annotations

from pathlib import Path as _Path

from .._backend import PURE as _PURE

if _PURE:
    from ..table._source import load_source as _load_source
    _load_source(_Path(__file__).with_name("_vec.py"), "ippatsu.env._vec")

from .encoders import (ORACLE, ORACLE_FLOWERS, PLANES, PLANES_FLOWERS,  # noqa: E402
                       Encoder, MjaiEncoder, OracleEncoder, PlanesEncoder, encode)
from .vec import ACTIONS, VecEnv  # noqa: E402
from .policy import PolicyAgent  # noqa: E402

__all__ = ["VecEnv", "PolicyAgent", "Encoder", "PlanesEncoder", "OracleEncoder", "MjaiEncoder", "encode",
           "PLANES", "ORACLE", "PLANES_FLOWERS", "ORACLE_FLOWERS", "ACTIONS"]
