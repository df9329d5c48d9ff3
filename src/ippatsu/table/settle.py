"""Settlement at the table: who pays whom (docs/rules.md §8). Pure arithmetic on scores,
no game state: :class:`~ippatsu.table.state.GameState` calls these at the end of a hand
and of the game.

* :func:`win_deltas`: a win's payments (by seat wind, from :func:`ippatsu.score`) as score
  changes by seat;
* :func:`liable_seat`: the seat that pays for a win under pao (liability), decided once;
* :func:`noten_deltas`, :func:`noten_pool_deltas`, :func:`nagashi_deltas`: the exhaustive
  draw's payments;
* :func:`placement`, :func:`final_standings`: the end of the game (leftover deposits,
  return points, uma and oka);
* :func:`foul_deltas`, :func:`chombo_deltas`: the penalties a host applies
  (docs/rules.md §13): a 1,000-point foul paid into the deposits, and a chombo (the hand
  void, a mangan paid as a penalty).

Seats are absolute (0–3, seat 0 = the first dealer); the seat wind of seat ``p`` is
``(p - dealer) % 4``. With three players (docs/rules.md §11) every list has three entries
(seats 0–2, seat wind ``(p - dealer) % 3``): the functions read the player count from the
lengths of what they are given (``rules.players`` for :func:`nagashi_deltas`).

>>> noten_deltas([True, False, False], 2000)  # three players: 1,000 from each noten seat
[2000, -1000, -1000]
>>> noten_deltas([True, True, False], 2000)
[1000, 1000, -2000]

>>> noten_deltas([True, False, False, True], 3000)
[1500, -1500, -1500, 1500]
>>> win_deltas((8000, -8000, 0, 0), dealer=1)  # seat 1 (East) wins from seat 2 (South)
[0, 8000, -8000, 0]
>>> placement([25000, 31000, 25000, 19000])
[1, 0, 2, 3]
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

from ..scoring import nagashi_mangan_payments

__all__ = ["win_deltas", "liable_seat", "noten_deltas", "noten_pool_deltas", "nagashi_deltas",
           "placement", "final_standings", "place_values", "foul_deltas", "chombo_deltas",
           "FOUL_POINTS"]

#: what a foul costs (docs/rules.md §13): one stick into the deposits
FOUL_POINTS = 1000


def win_deltas(payments: Sequence[int], dealer: int) -> List[int]:
    """Score changes by seat of a result whose ``payments`` are by seat wind (East first:
    :attr:`ippatsu.ScoreResult.payments`)."""
    n = len(payments)
    deltas = [0] * n
    for sw in range(n):
        deltas[(dealer + sw) % n] = payments[sw]
    return deltas


def liable_seat(pao: int, tsumo: bool, rinshan_draw: bool, rinshan_from: int,
                pao_rinshan: bool) -> int:
    """The seat liable for a win (pao), or -1: the seat that fed the last dragon or wind
    set of a daisangen / daisuushi (``pao``, -1 if none); else, with
    ``Rules.pao_rinshan``, the seat whose discard made the open kan whose replacement
    tile won by tsumo (``rinshan_from``)."""
    if pao >= 0:
        return pao
    if tsumo and rinshan_draw and rinshan_from >= 0 and pao_rinshan:
        return rinshan_from
    return -1


def noten_deltas(tenpai: Sequence[bool], payment: int) -> List[int]:
    """The noten payments of an exhaustive draw: ``payment`` in all, paid in equal shares
    by the noten seats and received in equal shares by the tenpai seats (nothing when all
    or none are tenpai)."""
    players = len(tenpai)
    n = sum(tenpai)
    if not 0 < n < players:
        return [0] * players
    return [payment // n if tenpai[p] else -payment // (players - n)
            for p in range(players)]


def noten_pool_deltas(tenpai: Sequence[bool], stick: int) -> List[int]:
    """The noten payments into the pool (``Rules.noten_pool``): each noten seat puts one
    deposit of ``stick`` points on the table, on the same occasions as
    :func:`noten_deltas` (some seats tenpai, some not); the caller adds one deposit per
    payer, which the next winner takes with the riichi deposits.

    >>> noten_pool_deltas([True, False, False, True], 1000)
    [0, -1000, -1000, 0]
    >>> noten_pool_deltas([False, False, False, False], 1000)
    [0, 0, 0, 0]
    """
    players = len(tenpai)
    if not 0 < sum(tenpai) < players:
        return [0] * players
    return [0 if t else -stick for t in tenpai]


def nagashi_deltas(nagashi: Sequence[int], dealer: int, honba: int, deposits: int, rules,
                   win_mode: bool) -> List[int]:
    """The payments of nagashi mangan for the seats ``nagashi``, each paid as a mangan
    tsumo. With ``win_mode`` (``NagashiMode.WIN``) the seat closest to the dealer in turn
    order also takes the honba and the deposits, as a winner does."""
    n = rules.players
    deltas = [0] * n
    closest = min(nagashi, key=lambda s: (s - dealer) % n)
    for p in nagashi:
        take = win_mode and p == closest
        pay = nagashi_mangan_payments((p - dealer) % n, honba if take else 0,
                                      deposits if take else 0, rules)
        for sw in range(n):
            deltas[(dealer + sw) % n] += pay[sw]
    return deltas


def placement(scores: Sequence[int]) -> List[int]:
    """Seats from first to last place (ties: the lower starting seat first)."""
    return sorted(range(len(scores)), key=lambda p: (-scores[p], p))


def place_values(scores: Sequence[int], values: Sequence, split: bool) -> list:
    """Each seat's value of its place: ``values[place]`` with the placement of
    :func:`placement`, or, when ``split``, the mean of the values of the places held by
    the seats tied with it on points (``Rules.tied_placement == "split"``: uma, oka and
    the environments' placement rewards)."""
    order = placement(scores)
    out = [values[0]] * len(scores)
    place = 0
    while place < len(order):
        k = 1
        while split and place + k < len(order) and \
                scores[order[place + k]] == scores[order[place]]:
            k += 1
        total = sum(values[place:place + k])
        for i in range(k):
            out[order[place + i]] = total / k if k > 1 else total
        place += k
    return out


def final_standings(scores: Sequence[int], deposits: int, rules
                    ) -> Tuple[List[int], int, List[int], List[float]]:
    """(scores, deposits, placement, final) at the end of the game: the deposits left on
    the table go to first place when ``Rules.deposits_to_first`` (else they stay); each
    seat's final value is ``(score - return_points) / 1000 + uma[place]``, plus
    ``oka / 1000`` for first place; ``uma`` is :meth:`Rules.uma_in_play
    <ippatsu.Rules.uma_in_play>` of the scores after the deposits (``Rules.uma_floating``:
    it depends on how many players end at or above the return).

    Ties (``Rules.tied_placement``): with ``SEAT`` the placement breaks them by starting
    seat and each seat takes its own place's uma; with ``SPLIT`` the seats tied on points
    share the uma and oka of the places they hold evenly, and leftover deposits going to
    first place are shared by the seats tied for it (their scores get equal whole points,
    a remainder is shared in their final values)."""
    scores = list(scores)
    order = placement(scores)
    split = rules.tied_placement == "split"
    rest = 0
    if deposits and rules.deposits_to_first:
        pot = deposits * rules.riichi_deposit
        firsts = [p for p in order if scores[p] == scores[order[0]]] if split else order[:1]
        share, rest = divmod(pot, len(firsts))
        for p in firsts:
            scores[p] += share
        deposits = 0
    # each place's bonus in points: uma (by the scores with the deposits taken, for an
    # uma that depends on who floats: Rules.uma_floating), and the oka for first place
    bonus = [round(u * 1000) for u in rules.uma_in_play(scores)]
    bonus[0] += rules.oka + rest  # a remainder shared with first place's bonus: the tie
    # stays a tie
    # summed in points and divided once: the float nearest the exact value (-0.2, not
    # -0.1999999999999993 from -0.2 + 20 - 20)
    shares = place_values(scores, bonus, split)
    final = [(scores[p] - rules.return_points + shares[p]) / 1000
             for p in range(len(scores))]
    return scores, deposits, order, final


# ---------------------------------------------------------------------------------------
# penalties (docs/rules.md §13): functions a host calls (a referee, an outside bot's fault)
def foul_deltas(offender: int, players: int = 4) -> List[int]:
    """A foul (a wall knocked over, a wrong draw, a call withdrawn after the declaration):
    the offender puts :data:`FOUL_POINTS` (1,000) into the deposits, which the next
    winner takes like a riichi stick. Score changes by seat; the caller adds one deposit.

    >>> foul_deltas(2)
    [0, 0, -1000, 0]
    """
    _seat(offender, players)
    deltas = [0] * players
    deltas[offender] = -FOUL_POINTS
    return deltas


def chombo_deltas(offender: int, dealer: int, players: int = 4) -> List[int]:
    """A chombo (a false win, a noten riichi found at the draw, a wait changed by a closed
    kan after riichi, ...): the hand is void and replayed, and the offender pays a mangan
    as a penalty — the dealer 4,000 to each other player, a non-dealer 4,000 to the dealer
    and 2,000 to each other player. Score changes by seat (absolute seats; ``dealer`` is
    the seat that is East). Three players: the same shares to the two others.

    >>> chombo_deltas(0, dealer=0)
    [-12000, 4000, 4000, 4000]
    >>> chombo_deltas(2, dealer=0)
    [4000, 2000, -8000, 2000]
    """
    _seat(offender, players)
    _seat(dealer, players)
    deltas = [0] * players
    for p in range(players):
        if p == offender:
            continue
        share = 4000 if offender == dealer or p == dealer else 2000
        deltas[p] += share
        deltas[offender] -= share
    return deltas


def _seat(p, players: int) -> None:
    if type(p) is not int or not 0 <= p < players:
        from ..errors import IppatsuError

        raise IppatsuError(f"a seat is 0..{players - 1}, not {p!r}", code="bad_seat")
