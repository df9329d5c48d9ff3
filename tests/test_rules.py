"""Rules: immutable options and the presets of RULES.md §10."""
from __future__ import annotations

import dataclasses
import json

import pytest

from ippatsu.rules import GameLength, LastDealerStop, NagashiMode, RonMode, Rules


def test_rules_defaults_are_ippatsu():
    r = Rules.ippatsu()
    assert r == Rules()
    assert r.open_tanyao and r.kazoe_yakuman and not r.kiriage
    assert r.double_yakuman and r.yakuman_stacking
    assert r.ron_mode is RonMode.ATAMAHANE
    assert r.kokushi_robs_closed_kan and r.pao_rinshan
    assert r.double_wind_pair_fu == 4 and r.red_fives
    assert r.deposits_to_first and r.last_dealer_stop is LastDealerStop.OFF
    assert r.uma == (20, 10, -10, -20) and r.return_points == 30000
    assert r.starting_points == 25000 and r.oka == 20000
    assert (r.honba_ron, r.honba_tsumo) == (300, 100)
    assert r.nagashi_mangan and r.nagashi_mode is NagashiMode.WIN


def test_rules_are_frozen():
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.kiriage = True  # type: ignore[misc]


def test_rules_replace_gives_a_new_value():
    r = Rules()
    k = r.replace(kiriage=True)
    assert k.kiriage and not r.kiriage


def test_rules_accept_enum_strings():
    r = Rules(ron_mode="double", game_length="east")
    assert r.ron_mode is RonMode.DOUBLE and r.game_length is GameLength.EAST
    from ippatsu.errors import IppatsuError

    for bad in (dict(ron_mode="quadruple"), dict(double_wind_pair_fu=3), dict(uma=(1, 2)),
                dict(uma=5), dict(game_length=None)):
        with pytest.raises(IppatsuError) as e:  # a ValueError subclass with a stable code
            Rules(**bad)
        assert e.value.code == "bad_rules" and next(iter(bad)) in str(e.value)


def test_rules_to_dict_is_json():
    d = json.loads(json.dumps(Rules.tenhou().to_dict()))
    assert d["ron_mode"] == "double" and d["uma"] == [20, 10, -10, -20]


def test_rule_10_tenhou_preset():
    t = Rules.tenhou()
    assert t.ron_mode is RonMode.DOUBLE and t.honba_to_first_winner_only
    assert not t.double_yakuman and t.yakuman_stacking
    assert not t.kokushi_robs_closed_kan and not t.pao_rinshan
    assert t.nagashi_mode is NagashiMode.DRAW
    assert t.last_dealer_stop is LastDealerStop.AUTO and t.west_extension
    # scoring otherwise the same as Ippatsu
    assert t.open_tanyao and not t.kiriage and t.kazoe_yakuman and t.red_fives


def test_rule_10_majsoul_scores_as_ippatsu():
    m = Rules.majsoul()
    assert m.replace(name="ippatsu") == Rules.ippatsu()


def test_rule_10_planet_preset():
    p = Rules.planet()
    assert p.ron_mode is RonMode.DOUBLE and not p.kokushi_robs_closed_kan
    assert p.riichi_min_points == 1000 and p.riichi_min_wall == 4
    assert p.last_dealer_stop is LastDealerStop.AUTO and p.last_dealer_stop_min == 30000
    assert p.game_length is GameLength.EAST
    assert p.double_yakuman and p.open_tanyao and not p.kiriage


def test_rules_preset_by_name():
    assert Rules.preset("tenhou") == Rules.tenhou()
    with pytest.raises(ValueError):
        Rules.preset("nope")


def test_rules_module_docstring_table_names_every_preset():
    import ippatsu.rules as m
    for name in ("ippatsu", "tenhou", "majsoul", "planet"):
        assert name in m.__doc__


# ---------------------------------------------------------------------------------------
# RULES.md §10 "(verify)" items of the tenhou preset, checked against data/tenhou records
# ---------------------------------------------------------------------------------------
def _game(*parts):
    from conftest import shared_path
    mjlog = pytest.importorskip("ippatsu.io.mjlog")
    return mjlog, mjlog.load_mjlog(str(shared_path("tenhou", "mjlog", *parts)))


def test_rule_10_tenhou_nagashi_is_paid_but_the_hand_ends_as_a_draw():
    mjlog, g = _game("mjx", "2019082700gm-00a9-0000-63d1f136.mjlog")
    rounds = g.rounds
    i, r, e = next((i, r, e) for i, r in enumerate(rounds) for e in r.events
                   if isinstance(e, mjlog.Ryuukyoku) and e.type == "nm")
    deltas = [d for _, d in e.sc]
    assert sorted(deltas) == [-4000, -2000, -2000, 8000]    # a non-dealer mangan tsumo
    assert sum(deltas) == 0                                   # no noten payments on top
    nxt = rounds[i + 1]
    assert e.hands[r.dealer] is not None                      # the dealer was tenpai ...
    assert (nxt.kyoku, nxt.dealer, nxt.honba) == (r.kyoku, r.dealer, r.honba + 1)  # repeat
    assert Rules.tenhou().nagashi_mode is NagashiMode.DRAW


@pytest.mark.parametrize("name", ["bug4.xml", "bug5.xml"])
def test_rule_10_tenhou_last_dealer_winning_while_first_ends_the_game(name):
    mjlog, g = _game("dnovikoff", name)
    last = g.rounds[-1]
    agari = [e for e in last.events if isinstance(e, mjlog.Agari)][-1]
    assert last.kyoku == 7 and agari.who == last.dealer        # South 4, dealer won
    final = agari.owari.scores
    assert final[last.dealer] == max(final)                   # ... while first: game over
    assert Rules.tenhou().last_dealer_stop is LastDealerStop.AUTO


def test_rule_10_tenhou_half_game_goes_into_west_below_30000():
    mjlog, g = _game("mjx", "2011020416gm-00a9-0000-025480d4.mjlog")
    west = [r for r in g.rounds if r.kyoku >= 8]
    assert west, "the game went on into the West round"
    assert max(west[0].scores) < 30000                         # nobody had 30,000 after S4
    assert Rules.tenhou().west_extension
