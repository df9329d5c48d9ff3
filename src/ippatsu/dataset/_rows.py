"""Rows of one record: the decisions of a replay, encoded as the env encodes them.

:class:`GameRows` is the ``on_step`` callback of :func:`ippatsu.table.replay.replay_game`:
at every decision it writes, for each chosen seat that decides (the actor at a turn; every
seat that may answer a discard, a kan or a North, in turn order from the discarder, as
:class:`~ippatsu.env.VecEnv` asks them), the observation (the env's encoder, written into
a preallocated float32 block), the legal mask (the indices of the seat's legal actions),
the index of the recorded action (a pass for a seat that could answer and did not), and
the counters. Full blocks are packed (:class:`Packing`). The labels (the hand's result
and score change for the seat, the game's final placement) are filled in by
:meth:`GameRows.finish` once the replay has ended; a game that the engine cannot follow
is dropped whole (:meth:`GameRows.drop`), never written in part.

The tsumogiri flags of the planes (a river tile discarded straight from the draw) are the
state's own (``Seat.tsumogiri``), as the env reads them.
"""
from __future__ import annotations

from array import array
from typing import Dict, List, Optional

import numpy as np

from ..env._vec import write_mask
from ..table.actions import ActionType
from ..table.actionspace import PASS, SIZE, index_of_fields, red_table
from ..table.state import Phase

__all__ = ["Packing", "GameRows", "NotInMask", "META_COLUMNS", "LABEL_COLUMNS",
           "MASK_BYTES", "RESULT_CODES", "PackingError"]

#: bytes of a packed legal mask (SIZE bits)
MASK_BYTES = (SIZE + 7) // 8
#: the per-row integer columns and their numpy dtypes
META_COLUMNS = (("game", "int32"), ("hand", "int16"), ("seat", "int8"), ("kyoku", "int8"),
                ("honba", "int8"), ("turn", "int16"), ("phase", "int8"),
                ("action", "int16"))
#: the label columns, filled when the game is over
LABEL_COLUMNS = (("hand_result", "int8"), ("hand_delta", "int32"), ("placement", "int8"),
                 ("final_score", "int32"))
#: hand_result codes
RESULT_CODES = {"draw": 0, "won": 1, "dealt_in": 2, "other_won": 3}

_TURN = Phase.TURN
_RESPONSE = Phase.RESPONSE
_DISCARD = ActionType.DISCARD
_RIICHI = ActionType.RIICHI


class NotInMask(Exception):
    """A recorded action whose index is not a set bit of the seat's legal mask."""


class PackingError(Exception):
    """An encoder wrote a value its packing cannot store exactly (a bug to report: it
    stops the build rather than store another value)."""


class Packing:
    """How an array encoder's ``(C, 34)`` float32 observation is stored without loss.

    ``const``: channels that hold one value in every column (stored once, float32);
    ``free``: channels stored whole (34 float32); every other channel holds only 0 and 1
    and is stored as bits. ``bits`` is False when no channel is binary (a custom encoder:
    every channel stored whole). :meth:`pack` checks what it stores: a block it cannot
    store exactly raises ``ValueError`` (so a row is always the encoder's bytes)."""

    def __init__(self, channels: int, const=(), free=None):
        self.channels = int(channels)
        if free is None:  # nothing known: store every channel whole
            const, free = (), tuple(range(self.channels))
        self.const = np.asarray(sorted(const), dtype=np.intp)
        self.free = np.asarray(sorted(free), dtype=np.intp)
        other = set(range(self.channels)) - set(self.const.tolist()) - set(self.free.tolist())
        self.binary = np.asarray(sorted(other), dtype=np.intp)
        self.bits = len(self.binary) > 0
        self.bit_bytes = (self.channels * 34 + 7) // 8 if self.bits else 0
        self.n_values = len(self.const) + 34 * len(self.free)

    def describe(self) -> dict:
        return {"channels": self.channels, "const": self.const.tolist(),
                "free": self.free.tolist(), "bits": self.bits}

    def pack(self, obs: np.ndarray, verify: bool = True):
        """(bits uint8 (n, bit_bytes), values float32 (n, n_values)) of ``obs`` (n, C, 34);
        ``verify``: decode them and compare with ``obs``."""
        n = obs.shape[0]
        if self.bits:
            bits = np.packbits((obs != 0).reshape(n, -1), axis=1)
        else:
            bits = np.zeros((n, 0), np.uint8)
        parts = []
        if len(self.const):
            parts.append(obs[:, self.const, 0])
        if len(self.free):
            parts.append(obs[:, self.free, :].reshape(n, -1))
        values = (np.concatenate(parts, axis=1) if parts
                  else np.zeros((n, 0), np.float32)).astype(np.float32, copy=False)
        # compared as bit patterns: a -0.0 where the decoding gives 0.0 is a difference
        if verify and not np.array_equal(self.unpack(bits, values).view(np.uint32),
                                         np.ascontiguousarray(obs).view(np.uint32)):
            raise PackingError("the encoder wrote a value its packing cannot store exactly "
                             "(a binary channel holding another value, or a constant "
                             "channel that varies)")
        return bits, values

    def unpack(self, bits: np.ndarray, values: np.ndarray) -> np.ndarray:
        """The float32 observations (n, C, 34) of packed rows."""
        n = values.shape[0] if values.ndim == 2 else bits.shape[0]
        c = self.channels
        if self.bits:
            n = bits.shape[0]
            obs = np.unpackbits(bits, axis=1, count=c * 34).reshape(n, c, 34).astype(np.float32)
        else:
            obs = np.zeros((n, c, 34), np.float32)
        nc = len(self.const)
        if nc:
            obs[:, self.const, :] = values[:, :nc, None]
        if len(self.free):
            obs[:, self.free, :] = values[:, nc:].reshape(n, len(self.free), 34)
        return obs


class GameRows:
    """The rows of one game (the ``on_step`` callback of a replay). ``encoder``: an array
    encoder of :mod:`ippatsu.env` (None: no observation); ``seats``: the seats whose
    decisions become rows (a set); ``verify_every``: one packed block in that many is
    decoded again and compared with the encoder's arrays (1: every block)."""

    def __init__(self, encoder, packing: Optional[Packing], seats, block: int = 1024,
                 verify_every: int = 8):
        self.enc = encoder
        self.verify_every = verify_every
        self.blocks = 0
        self.packing = packing
        self.seats = seats
        self.block = block
        c = packing.channels if packing is not None else 0
        self.obs = np.zeros((block, c, 34), np.float32) if c else None
        self.masks = np.zeros((block, SIZE), np.uint8)
        self.table: list = [None] * SIZE
        self.legal: list = []
        self.reset(0)

    def reset(self, game: int) -> None:
        """Start the rows of game number ``game`` (its source's index)."""
        self.game = game
        self.j = 0
        self.packed_bits: List[np.ndarray] = []
        self.packed_values: List[np.ndarray] = []
        self.packed_masks: List[np.ndarray] = []
        self.meta = {name: array("q") for name, _ in META_COLUMNS}
        self.st = None
        self.wall = None
        self.hand = -1
        self.turn = 0
        self.start_scores: List[List[int]] = []
        self.masks[:] = 0

    # ------------------------------------------------------------------ the callback
    def __call__(self, st, chosen) -> None:
        if st.wall is not self.wall:  # a new hand
            self.st = st
            self.wall = st.wall
            self.hand += 1
            self.turn = 0
            self.start_scores.append(list(st.scores))
        seats = self.seats
        red = red_table(st.rules)
        if st.phase is _TURN:
            p = st.actor
            a = chosen
            if p in seats:
                self._row(st, p, 0, index_of_fields(a.type, a.tile, a.consumed, red), red)
            if a.type is _DISCARD or a.type is _RIICHI:
                self.turn += 1
            return
        if st.phase is not _RESPONSE:  # pragma: no cover - replay steps turns and answers
            return
        by_seat: Dict[int, object] = {}
        for a in chosen:
            by_seat[a.actor] = a
        n = st.n_players
        d = st.resp_actor
        asked = st.to_act
        for r in range(1, n + 1):  # the discarder last: the declaration at the draw
            q = (d + r) % n
            if q not in asked or q not in seats:
                continue
            a = by_seat.get(q)
            idx = PASS if a is None else index_of_fields(a.type, a.tile, a.consumed, red)
            self._row(st, q, 1, idx, red)

    def _row(self, st, seat: int, phase: int, idx: int, red: bytes) -> None:
        j = self.j
        legal = self.legal
        # the env's own mask writer (compiled): the same indices as the env's masks
        write_mask(st.legal_actions(seat), red, self.masks[j], self.table, legal)
        hit = idx in legal
        table = self.table
        for i in legal:
            table[i] = None
        legal.clear()
        if not hit:
            raise NotInMask(f"hand {self.hand}, seat {seat}: the recorded action (index "
                            f"{idx}) is not in the legal mask")
        if self.obs is not None:
            self.enc.encode(st, seat, self.obs[j], list(st.tsumogiri))
        m = self.meta
        m["game"].append(self.game)
        m["hand"].append(self.hand)
        m["seat"].append(seat)
        m["kyoku"].append(st.kyoku)
        m["honba"].append(st.honba)
        m["turn"].append(self.turn)
        m["phase"].append(phase)
        m["action"].append(idx)
        j += 1
        self.j = j
        if j == self.block:
            self._flush()

    def _flush(self) -> None:
        j = self.j
        if not j:
            return
        if self.obs is not None:
            bits, values = self.packing.pack(self.obs[:j],
                                             self.blocks % self.verify_every == 0)
            self.blocks += 1
            self.packed_bits.append(bits)
            self.packed_values.append(values)
        self.packed_masks.append(np.packbits(self.masks[:j], axis=1))
        self.masks[:j] = 0
        self.j = 0

    # ------------------------------------------------------------------ the end
    @property
    def rows(self) -> int:
        return len(self.meta["game"])

    def finish(self) -> dict:
        """The game's columns (numpy arrays) with their labels; call after the replay
        ended the game (``self.st`` is the replay's state, at ``GAME_END``)."""
        self._flush()
        st = self.st
        n_rows = self.rows
        cols: dict = {}
        for name, dt in META_COLUMNS:
            cols[name] = np.frombuffer(self.meta[name], dtype=np.int64).astype(dt) \
                if n_rows else np.zeros(0, dt)
        cols["mask"] = (np.concatenate(self.packed_masks) if self.packed_masks
                        else np.zeros((0, MASK_BYTES), np.uint8))
        if self.packing is not None:
            cols["obs_bits"] = (np.concatenate(self.packed_bits) if self.packed_bits
                                else np.zeros((0, self.packing.bit_bytes), np.uint8))
            cols["obs_values"] = (np.concatenate(self.packed_values) if self.packed_values
                                  else np.zeros((0, self.packing.n_values), np.float32))
        n = st.n_players if st is not None else 4
        hands = len(self.start_scores)
        result = np.zeros((max(hands, 1), n), np.int8)
        delta = np.zeros((max(hands, 1), n), np.int32)
        for h in range(hands):
            res = st.hand_results[h]
            if res.kind == "win":
                won = {w.winner for w in res.wins}
                fed = {w.from_who for w in res.wins if not w.tsumo}
                for p in range(n):
                    result[h, p] = (RESULT_CODES["won"] if p in won else
                                    RESULT_CODES["dealt_in"] if p in fed else
                                    RESULT_CODES["other_won"])
            after = self.start_scores[h + 1] if h + 1 < hands else st.scores
            for p in range(n):
                delta[h, p] = after[p] - self.start_scores[h][p]
        placement = np.zeros(n, np.int8)
        for place, p in enumerate(st.final["placement"]):
            placement[p] = place
        final = np.asarray(st.scores, dtype=np.int32)
        hand = cols["hand"].astype(np.intp)
        seat = cols["seat"].astype(np.intp)
        cols["hand_result"] = result[hand, seat]
        cols["hand_delta"] = delta[hand, seat]
        cols["placement"] = placement[seat]
        cols["final_score"] = final[seat]
        return cols
