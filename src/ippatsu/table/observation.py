"""What one player may see: :class:`Observation`.

An observation is a light view of a :class:`~ippatsu.table.state.GameState` for one seat,
built in O(1) at every decision point: its properties read the state on demand and show
only public information plus the seat's own hand (others' concealed tiles and draws are
never exposed). It is valid until the next ``step``; use :meth:`Observation.to_dict` for a
snapshot. (A Python agent could reach the state through private attributes; a server that
does not trust its agents sends :meth:`to_dict` or the masked mjai events instead.)
"""
from __future__ import annotations

from typing import List

from ..tiles import flower_name, id_to_mjai as _id_to_mjai

__all__ = ["Observation"]


class Observation:
    """Observation(state, player): the view of seat ``player``."""

    __slots__ = ("_s", "player")

    def __init__(self, state, player: int):
        self._s = state
        self.player = player

    # own hand
    @property
    def hand(self) -> List[int]:
        """The seat's concealed tiles (136-ids)."""
        return list(self._s.seats[self.player].hand)

    @property
    def counts(self) -> bytes:
        """The seat's concealed tiles as 34 counts (``bytes``, for :mod:`ippatsu.core`)."""
        return bytes(self._s.seats[self.player].cnt)

    @property
    def last_draw(self) -> int:
        s = self._s
        return s.last_draw if s.actor == self.player else -1

    @property
    def shanten(self) -> int:
        """Shanten of the seat's 3k+1 hand (as of its last change)."""
        return self._s.seats[self.player].shanten

    # public
    @property
    def melds(self):
        return [list(m) for m in self._s.melds]

    @property
    def rivers(self) -> List[List[int]]:
        return [list(r) for r in self._s.river]

    @property
    def nukidora(self) -> List[int]:
        """Norths set aside by seat (three players), or flowers set aside by seat
        (``Rules.flowers``); zeros otherwise."""
        s = self._s
        return [len(x) for x in s.nuki]

    @property
    def n_players(self) -> int:
        return self._s.n_players

    @property
    def riichi(self) -> List[bool]:
        return [r == 2 for r in self._s.riichi]

    @property
    def scores(self) -> List[int]:
        return list(self._s.scores)

    @property
    def dora_indicators(self) -> List[int]:
        return self._s.dora_indicators

    @property
    def tiles_left(self) -> int:
        return self._s.left

    @property
    def kyoku(self) -> int:
        return self._s.kyoku

    @property
    def honba(self) -> int:
        return self._s.honba

    @property
    def deposits(self) -> int:
        return self._s.deposits

    @property
    def dealer(self) -> int:
        return self._s.dealer

    @property
    def seat_wind(self) -> int:
        return self._s.seat_wind(self.player)

    @property
    def last_discard(self) -> int:
        return self._s.last_discard

    @property
    def visible_counts(self) -> bytes:
        """Copies of each kind the seat can see outside its own hand: every river (called
        tiles sit in the meld), every meld, the dora indicators (three players: the
        Norths set aside, and 2m-8m as four copies each: none is left to draw)."""
        return bytes(self._s.visible)

    def encode(self, encoder="planes", out=None):
        """The seat's observation array by an environment encoder (:mod:`ippatsu.env`):
        ``"planes"`` (float32, ``(C, 34)``; the layout of the rules, flower tiles or not)
        or an :class:`~ippatsu.env.Encoder`, written into ``out`` when given: what a
        :class:`~ippatsu.env.VecEnv` shows the seat at this decision. The oracle encoder,
        which shows hidden tiles, is refused (``bad_env_option``)."""
        from ..env.encoders import OracleEncoder, encode
        from ..errors import IppatsuError

        if encoder == "oracle" or isinstance(encoder, OracleEncoder):
            raise IppatsuError("an observation shows what its seat sees: the oracle "
                               "encoder is the environments' (VecEnv(encoder='oracle'))",
                               "bad_env_option")
        return encode(self._s, self.player, encoder, out)

    def legal_mask(self, out=None):
        """The seat's legal actions now as a numpy ``bool`` row over the fixed action
        space (:mod:`ippatsu.table.actionspace`; all False when it has no decision)."""
        return self._s.legal_mask_array(self.player, out)

    def action_of(self, index: int):
        """The seat's legal :class:`~ippatsu.table.Action` with the action-space index
        ``index`` (``IllegalActionError`` when that index is not legal for it now)."""
        return self._s.action_of(index, self.player)

    def events(self, start: int = 0) -> List[dict]:
        """The mjai events so far (from index ``start``) as this seat sees them: other
        hands and other players' draws masked (needs a state with ``record=True``)."""
        from ..io.mjai import mask_event

        p = self.player
        return [mask_event(e, p) for e in self._s.events[start:]]

    def to_dict(self) -> dict:
        """A JSON-able snapshot (mjai tile names; the melds in their text form): a tile is
        named red exactly when the rules' red ids (``Rules.red_ids``) hold it."""
        s = self._s
        reds = s.rules.red_ids   # the rules' red fives: none with red fives off

        def id_to_mjai(t: int) -> str:   # every red copy is 5pr (Rules.red_five_counts)
            return _id_to_mjai(t, reds)

        return {
            "player": self.player, "kyoku": s.kyoku, "honba": s.honba,
            "deposits": s.deposits, "dealer": s.dealer, "scores": list(s.scores),
            "hand": [id_to_mjai(t) for t in s.hand[self.player]],
            "melds": [[str(m) for m in ms] for ms in s.melds],
            "rivers": [[id_to_mjai(t) for t in r] for r in s.river],
            "riichi": self.riichi, "tiles_left": s.left,
            "dora_indicators": [flower_name(t) if t >= 136 else id_to_mjai(t)
                                for t in s.dora_indicators],
            **({"nukidora": self.nukidora} if s.n_players == 3 or s.rules.flowers else {}),
        }
