"""The Kyokai, Saikyosen and Saikouisen Classic presets, each by its distinctive rules
(docs/rules.md §10): the scoring differences through ``score``, the table's through a
drawn hand, the rest as the preset's options."""
from __future__ import annotations

import pytest

import ippatsu
from ippatsu.errors import SituationError
from ippatsu.rules import RiichiKan, Rules, TiedPlacement

from _table_helpers import table, tsumogiri_round

# riichi, pinfu, tanyao, iipeikou: 4 han 30 fu, 7,700 from a non-dealer's ron
FOUR_30 = dict(hand="23m234m567p678s55s", win_tile="4m", riichi=True, seat_wind=1)
# thirteen-sided thirteen orphans: a double yakuman where double_yakuman is on
KOKUSHI_13 = dict(hand="19m19p19s1234567z", win_tile="1m", seat_wind=1)


def _points(rules, **kw):
    return ippatsu.score(rules=rules, **kw).points


def test_kyokai_kiriage_double_yakuman_no_liability_no_red_fives():
    r = Rules.kyokai()
    assert _points(r, **FOUR_30) == 8000 and _points(Rules(), **FOUR_30) == 7700
    assert _points(r, **KOKUSHI_13) == 64000
    assert (r.starting_points, r.return_points, r.uma) == (25000, 30000, (30, 10, -10, -30))
    assert r.pao_yakuman == () and not r.pao_rinshan and not r.red_fives
    assert not r.kazoe_yakuman and r.yakuman_stacking and not r.nagashi_mangan
    assert not (r.abort_nine_terminals or r.abort_four_winds or r.abort_four_riichi
                or r.abort_four_kans or r.bust_ends_game)


def test_saikyosen_kiriage_single_yakuman_ties_by_seat_25000_start():
    r = Rules.saikyosen()
    assert _points(r, **FOUR_30) == 8000
    assert _points(r, **KOKUSHI_13) == 32000
    assert (r.starting_points, r.return_points, r.uma) == (25000, 30000, (30, 10, -10, -30))
    assert r.tied_placement is TiedPlacement.SEAT and r.deposits_to_first
    assert r.pao_yakuman == ("daisangen", "daisuushi", "suukantsu") and not r.red_fives
    assert r.ippatsu_yaku and r.ura_dora and r.kan_dora and r.kan_ura


def test_saikouisen_classic_no_ippatsu_ura_or_kiriage():
    r = Rules.saikouisen_classic()
    assert _points(r, **FOUR_30) == 7700                      # no kiriage
    with_ura = dict(FOUR_30, ura_indicators=["4s"])     # ura dora 5s: the pair, 2 han
    assert _points(r, **with_ura) == 7700 and _points(Rules(), **with_ura) == 12000
    ippatsu_hand = dict(FOUR_30, ippatsu=True)
    assert _points(Rules(), **ippatsu_hand) == 8000
    with pytest.raises(SituationError):                 # no ippatsu to claim
        _points(r, **ippatsu_hand)
    assert (r.starting_points, r.return_points) == (30000, 30000)
    assert r.closed_kan_after_riichi is RiichiKan.NEVER and r.kuikae_allowed
    assert r.noten_payment == 0 and not r.dealer_repeat_tenpai and not r.noten_declaration
    assert not (r.kan_dora or r.kan_ura or r.red_fives)


def _dealer_tenpai_draw(rules):
    """Seat 0 (the dealer) tenpai at an exhaustive draw, the others noten."""
    st = table(["123m456p789s1122z", "258m369p147s2m5p8s3z", "369m147p258s3m6p9s5z",
                "147m369p258s7m3p5s7z"], draws="4m 5m 5m 6m", n_live=4, rules=rules)
    tsumogiri_round(st, 4)
    return st


def test_saikouisen_classic_dealer_tenpai_draw_passes_the_deal_and_pays_nothing():
    """Agari renchan (dealer_repeat_tenpai=False): the dealer's tenpai at a draw keeps
    nothing; the honba still go up; no noten payment."""
    st = _dealer_tenpai_draw(Rules.saikouisen_classic())
    res = st.hand_results[-1]
    assert res.kind == "exhaustive" and res.tenpai[0] and res.deltas == [0, 0, 0, 0]
    assert st.next_hand_counters == (1, 1, 0)


@pytest.mark.parametrize("repeat,counters", [(True, (0, 1, 0)), (False, (1, 1, 0))])
def test_dealer_repeat_tenpai_decides_the_dealer_repeat_after_a_draw(repeat, counters):
    """docs/rules.md §8: the noten payment is the same either way; only the dealer's
    seat follows the option."""
    st = _dealer_tenpai_draw(Rules().replace(dealer_repeat_tenpai=repeat))
    assert st.hand_results[-1].deltas == [3000, -1000, -1000, -1000]
    assert st.next_hand_counters == counters
