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
    with pytest.raises(ValueError):
        Rules(ron_mode="quadruple")
    with pytest.raises(ValueError):
        Rules(double_wind_pair_fu=3)


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
