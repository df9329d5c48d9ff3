"""Helpers shared by the table and scoring tests: a hand set up from tile notation, and
the moves every table test makes (find a legal action, discard, pass, go round).

Scoring shorthands: ``S`` scores with the seat South and the round East unless given;
``Y`` is the ``{yaku: han}`` of that result.
"""
from __future__ import annotations

from ippatsu.rules import Rules
from ippatsu.scoring import score
from ippatsu.table import ActionType, GameState, Phase, Wall
from ippatsu.tiles import parse_kind

T = ActionType


def table(hands, draws="", rules=None, *, n_live=70, scores=None, kyoku=0, honba=0,
          deposits=0, rinshan="", dora="", ura=""):
    """A hand at the table from notation: ``hands`` per seat, then the live wall's
    ``draws`` in order (the dora indicator 9m unless given)."""
    st = GameState(rules or Rules(), start=False, auto_next=False)
    st.start_hand(Wall.from_text(hands, draws, rinshan=rinshan, dora=dora or "9m",
                                 ura=ura, n_live=n_live),
                  kyoku=kyoku, honba=honba, deposits=deposits, scores=scores)
    return st


def find(st, p, typ, tile=None):
    """Seat ``p``'s legal action of type ``typ`` (on ``tile``, given as notation), or None."""
    k = parse_kind(tile) if tile else None
    for a in st.legal_actions(p):
        if a.type == typ and (k is None or a.tile >> 2 == k):
            return a
    return None


def discard(st, tile=None):
    """The actor discards ``tile`` (default: the tile just drawn)."""
    p = st.actor
    a = find(st, p, T.DISCARD, tile) if tile else next(
        a for a in st.legal_actions(p) if a.type == T.DISCARD and a.tile == st.last_draw)
    assert a is not None, f"seat {p} cannot discard {tile}: {st.legal_actions(p)}"
    st.step(a)


def pass_all(st):
    """Every player passes the pending responses."""
    while st.phase == Phase.RESPONSE:
        st.step([])


def tsumogiri_round(st, n=1):
    """``n`` turns of draw-and-discard, every response passed."""
    for _ in range(n):
        discard(st)
        pass_all(st)


def S(hand, win=None, **kw):
    """score() with the seat South (1) and the round East (0) unless given."""
    kw.setdefault("seat_wind", 1)
    kw.setdefault("round_wind", 0)
    return score(hand, win, **kw)


def Y(hand, win=None, **kw):
    """The ``{yaku name: han}`` of ``S(...)``."""
    return dict(S(hand, win, **kw).yaku)


def random_step(st, rng):
    """One decision: every deciding seat picks a uniformly random legal action (``rng``:
    a numpy Generator)."""
    if st.phase is Phase.TURN:
        acts = st.legal_actions()
        st.step(acts[rng.integers(len(acts))])
    else:
        st.step({p: (lambda a: a[rng.integers(len(a))])(st.legal_actions(p))
                 for p in st.to_act})
