"""One player's part of the current hand: :class:`Seat`.

A :class:`~ippatsu.table.state.GameState` keeps one :class:`Seat` per player in
:attr:`~ippatsu.table.state.GameState.seats` (made again at every hand's deal); the game's
own counters (scores, kyoku, honba, the wall, the decision point) stay on the state.

The build compiles this file with Cython: ``seat.pxd`` makes :class:`Seat` a cdef class
whose fields are C slots (flags and counters C integers, the kind masks 64-bit), so the
state machine reads them without a lookup. The file stays plain Python:
``IPPATSU_PURE_PYTHON=1`` runs it interpreted.
"""
from __future__ import annotations

from typing import List

__all__ = ["Seat"]


class Seat:
    """Seat(hand, cnt, riichi): one player's tiles, melds, river and flags in the current
    hand, as dealt (``cnt``: the kind counts of ``hand``; ``riichi``: not declared).

    Fields
    ------
    hand : list of int
        The concealed tile ids, in the order they came (a drawn tile last).
    cnt : bytearray
        The copies of each of the 34 kinds in ``hand``.
    melds : list of :class:`~ippatsu.hand.Meld`
        The declared melds, in order.
    is_open : bool
        A meld other than a closed kan was declared.
    river : list of int
        The discarded ids, in order (tiles called away included).
    river_called : list of bool
        Per discard, whether another player called it.
    river_riichi : int
        The position in ``river`` of the riichi declaration's discard (-1: none).
    disc_mask : int
        The bit of every kind this player discarded (furiten).
    tsumogiri : int
        The bit of every river position whose tile was discarded straight from the draw.
    waits : int
        The bit of every kind that completes the 3k+1 hand (as of its last change).
    shanten : int
        The shanten of that 3k+1 hand.
    riichi : :class:`~ippatsu.table.state.RiichiState`
        Not declared, declared (its discard not yet passed) or accepted.
    double_riichi, ippatsu : bool
        Declared on the first uninterrupted turn; the ippatsu window is open.
    temp_furiten, riichi_furiten : bool
        Passed a winning tile this go-around; passed one after riichi.
    first_turn : bool
        The player has not discarded yet.
    nagashi_ok : bool
        Nagashi mangan is still possible.
    pao : int
        The seat liable for this player's big-dragons or big-winds yakuman (-1: none).
    kans : int
        The kans this player declared.
    nuki : list of int
        The Norths (three players) or flowers set aside.
    dead_hand : bool
        The hand can no longer win, declare riichi or call (a penalty).
    """

    def __init__(self, hand: List[int], cnt: bytearray, riichi) -> None:
        self.hand = hand
        self.cnt = cnt
        self.melds = []
        self.is_open = False
        self.river = []
        self.river_called = []
        self.river_riichi = -1
        self.disc_mask = 0
        self.tsumogiri = 0
        self.waits = 0
        self.shanten = 8
        self.riichi = riichi
        self.double_riichi = False
        self.ippatsu = False
        self.temp_furiten = False
        self.riichi_furiten = False
        self.first_turn = True
        self.nagashi_ok = True
        self.pao = -1
        self.kans = 0
        self.nuki = []
        self.dead_hand = False

    def copy(self) -> "Seat":
        """An independent copy (the lists copied; melds are replaced, never changed in
        place, so they are shared)."""
        c = Seat(self.hand[:], self.cnt[:], self.riichi)
        c.melds = self.melds[:]
        c.is_open = self.is_open
        c.river = self.river[:]
        c.river_called = self.river_called[:]
        c.river_riichi = self.river_riichi
        c.disc_mask = self.disc_mask
        c.tsumogiri = self.tsumogiri
        c.waits = self.waits
        c.shanten = self.shanten
        c.double_riichi = self.double_riichi
        c.ippatsu = self.ippatsu
        c.temp_furiten = self.temp_furiten
        c.riichi_furiten = self.riichi_furiten
        c.first_turn = self.first_turn
        c.nagashi_ok = self.nagashi_ok
        c.pao = self.pao
        c.kans = self.kans
        c.nuki = self.nuki[:]
        c.dead_hand = self.dead_hand
        return c

    def __repr__(self) -> str:
        return (f"Seat(hand={self.hand!r}, melds={len(self.melds)}, river={len(self.river)}, "
                f"riichi={int(self.riichi)}, shanten={self.shanten})")
