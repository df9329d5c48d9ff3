"""Three-player scoring (docs/rules.md §11): indicators, Norths set aside as dora
and ura, and split tsumo payments.
"""
from __future__ import annotations

import pytest
from ippatsu.errors import TileCountError
from ippatsu.rules import Rules
from ippatsu.scoring import score


SANMA = Rules.ippatsu_sanma()


def test_rule_11_three_players_refuse_a_2m_to_8m_indicator():
    """docs/rules.md §11: a three-player set has no 2m-8m, so a 5m indicator is refused
    (TileCountError sanma_tile); four players accept it."""
    with pytest.raises(TileCountError) as e:
        score("123p456p789p11s999s", "9s", tsumo=True, riichi=True, dora_indicators="5m",
              rules=SANMA)
    assert e.value.code == "sanma_tile"
    score("123p456p789p11s999s", "9s", tsumo=True, riichi=True, dora_indicators="5m")


def test_rule_11_nukidora_count_as_ura_only_under_a_north_indicator():
    """docs/rules.md §11: set-aside Norths are dora of an indicator that points at North
    (3z): under the ura indicator 1p (ura 2p) the one North adds nothing, under 3z one."""
    base = dict(tsumo=True, riichi=True, nukidora=1, rules=SANMA)
    r = score("123p456p789p11s999s", "9s", ura_indicators="1p", **base)
    assert r.ura == 1                       # the 2p in the hand
    r = score("123p456p789p11s999s", "9s", ura_indicators="3z", **base)
    assert r.ura == 1                       # the North set aside


@pytest.mark.parametrize("n, code", [(5, "fifth_copy"), (-1, "negative_count")])
def test_rule_11_nukidora_out_of_range_names_the_problem(n, code):
    """docs/rules.md §11: 0 to 4 Norths can be set aside: five is a fifth copy, a negative
    count is refused as such (TileCountError, with the count in the message)."""
    with pytest.raises(TileCountError) as e:
        score("123p456p789p11s999s", "9s", tsumo=True, nukidora=n, rules=SANMA)
    assert e.value.code == code and f"nukidora={n}" in str(e.value)


def test_rule_11_split_tsumo_honba_payments_are_integers():
    """docs/rules.md §11 sanma_tsumo="split": each payer of a tsumo pays 100 per honba plus
    half the missing North's 100 (150 each for one honba); payments stay integers."""
    r = score("123p456p789p11s999s", "9s", tsumo=True, riichi=True, honba=1,
              rules=Rules.ippatsu_sanma().replace(sanma_tsumo="split"), seat_wind=1)
    plain = score("123p456p789p11s999s", "9s", tsumo=True, riichi=True,
                  rules=Rules.ippatsu_sanma().replace(sanma_tsumo="split"), seat_wind=1)
    assert [a - b for a, b in zip(r.payments, plain.payments)] == [-150, 300, -150]
    assert all(type(x) is int for x in r.payments)

