"""The presets shared with the ``jansou`` package, point by point (docs/rules.md §10).

``jansou`` (a test-only oracle from the package index) names its presets ``renmei``,
``saikouisen``, ``mu``, ``rmu``, ``m-league``, ``kyokai``, ``saikyosen``,
``saikouisen-classic``, ``tenhou``, ``mahjong-soul`` and their
three-player ``tenhou-3p`` / ``mahjong-soul-3p``. Every field of its ``Rules`` is read off
ippatsu's preset of the same rule set (:data:`READ`), and the two must agree, or the
difference is in :data:`EXPLAINED` with its reason and the source it follows (a rule
ippatsu does not express yet says so). An explanation for a point that agrees fails too,
so the list stays true.
"""
from __future__ import annotations

import dataclasses

import pytest

from ippatsu.rules import GameLength, LastDealerStop, RiichiKan, Rules, RonMode

jr = pytest.importorskip("jansou.core.rules")

SHARED = {"renmei": "renmei", "saikouisen": "saikouisen", "mu": "mu", "rmu": "rmu",
          "m-league": "mleague", "kyokai": "kyokai", "saikyosen": "saikyosen",
          "saikouisen-classic": "saikouisen_classic", "tenhou": "tenhou",
          "mahjong-soul": "majsoul",
          "tenhou-3p": "tenhou_sanma", "mahjong-soul-3p": "majsoul_sanma"}

# jansou field -> its value read off an ippatsu Rules (a constant where ippatsu has the
# rule fixed, not as an option)
READ = {
    "player_count": lambda r: r.players,
    "starting_points": lambda r: r.starting_points,
    "game_length": lambda r: "SOUTH" if r.game_length is GameLength.HALF else "EAST",
    "sudden_death_target": lambda r: r.return_points,
    "honba_value": lambda r: r.honba_tsumo if r.honba_ron == (r.players - 1) *
    r.honba_tsumo else ("honba_ron", r.honba_ron),
    "double_wind_fu": lambda r: r.double_wind_pair_fu,
    "kiriage_mangan": lambda r: r.kiriage,
    "kazoe_yakuman": lambda r: r.kazoe_yakuman,
    "multiple_yakuman": lambda r: r.yakuman_stacking,
    "double_yakuman": lambda r: r.double_yakuman and bool(r.double_yakuman_patterns),
    "aka_dora": lambda r: r.red_fives,
    "ura_dora": lambda r: r.ura_dora,
    "kan_dora": lambda r: r.kan_dora,
    "nuki_dora": lambda r: r.players == 3 and r.nukidora,
    "closed_kan_indicator_immediate": lambda r: True,
    "open_kan_indicator_immediate": lambda r: not r.open_kan_dora_delayed,
    "riichi_without_draw": lambda r: r.riichi_min_wall == 0,
    "riichi_without_tenpai": lambda r: False,
    "closed_kan_after_riichi": lambda r: r.closed_kan_after_riichi is not RiichiKan.NEVER,
    "kuitan": lambda r: r.open_tanyao,
    "kuikae_ban": lambda r: not r.kuikae_allowed,
    "multiple_ron": lambda r: r.ron_mode is not RonMode.ATAMAHANE,
    "kokushi_ankan_chankan": lambda r: r.kokushi_robs_closed_kan,
    "abort_kyuushu_kyuuhai": lambda r: r.abort_nine_terminals,
    "abort_suufon_renda": lambda r: r.abort_four_winds,
    "abort_suucha_riichi": lambda r: r.abort_four_riichi,
    "abort_suukaikan": lambda r: r.abort_four_kans,
    "abort_sanchahou": lambda r: r.ron_mode is RonMode.DOUBLE,
    "noten_penalty_pool": lambda r: r.noten_payment,
    "formal_tenpai": lambda r: True,
    "tenpai_declaration": lambda r: r.noten_declaration,
    "nagashi_mangan": lambda r: r.nagashi_mangan,
    "ippatsu": lambda r: r.ippatsu_yaku,
    "dealer_repeat_on_tenpai": lambda r: r.dealer_repeat_tenpai,
    "pao_daisangen": lambda r: "daisangen" in r.pao_yakuman,
    "pao_daisuushi": lambda r: "daisuushi" in r.pao_yakuman,
    "pao_suukantsu": lambda r: "suukantsu" in r.pao_yakuman,
    "pao_daiminkan": lambda r: r.pao_rinshan,
    "pao_honba_to_liable": lambda r: r.pao_ron_honba,
    "allow_negative_scores": lambda r: not r.bust_ends_game,
    "agari_yame": lambda r: r.last_dealer_stop is not LastDealerStop.OFF,
    "sudden_death": lambda r: r.west_extension,
    "rank_ties_shared": lambda r: r.tied_placement == "split",
    "leftover_deposits_to_first": lambda r: r.deposits_to_first,
}

_JPML = "the JPML rules page (ma-jan.or.jp/guide/game_rule.php)"
_SAIKOUISEN = "the Saikouisen rules summary (jan39.com, 最高位戦日本プロ麻雀協会 競技ルール)"
_KYOKAI = ("the Japan Pro Mahjong Association's official rules as summarised at "
           "pedia.3rd-in.co.jp/wiki/日本プロ麻雀協会 (docs/rules.md §10)")
_SAIKYOSEN = "the Saikyosen rules page (mahjong-saikyosen.com/2022/?page_id=365)"

# (jansou preset, field) -> why ippatsu's preset differs
EXPLAINED = {
    # JPML: ippatsu follows the league's own page where it differs from jansou
    ("renmei", "kazoe_yakuman"): f"13+ han is sanbaiman: {_JPML}",
    ("renmei", "multiple_yakuman"): f"no double yakuman, daisangen + tsuuiisou included: "
                                    f"{_JPML}",
    ("renmei", "kokushi_ankan_chankan"): f"kokushi may rob a closed kan: {_JPML}",
    ("renmei", "pao_daiminkan"): f"an open kan's rinshan win is paid by its feeder: {_JPML}",
    ("renmei", "abort_kyuushu_kyuuhai"): f"nine terminals, four winds, four riichi and "
                                         f"four kans abort: {_JPML}",
    ("renmei", "abort_suufon_renda"): f"the abortive draws are kept: {_JPML}",
    ("renmei", "abort_suucha_riichi"): f"the abortive draws are kept: {_JPML}",
    ("renmei", "abort_suukaikan"): f"the abortive draws are kept: {_JPML}",
    ("saikouisen", "multiple_yakuman"): f"no cumulative yakuman: {_SAIKOUISEN}",
    ("kyokai", "double_yakuman"): f"double and triple yakuman are counted: {_KYOKAI}",
    ("saikyosen", "starting_points"): f"25,000 start, 30,000 return with the oka: "
                                      f"{_SAIKYOSEN}",
    # Saikouisen Classic: riichi here always needs a tenpai hand (docs/rules.md §8)
    ("saikouisen-classic", "riichi_without_tenpai"): "not expressed: ippatsu offers riichi "
        "only to a tenpai hand; jansou lets a Classic player declare it noten (no hand is "
        "shown at a draw) (docs/rules.md §10)",
    ("saikouisen-classic", "formal_tenpai"): "not expressed: a yakuless tenpai counts as "
        "tenpai here; under Classic (no noten payment, no repeat by tenpai: "
        "dealer_repeat_tenpai=False) a draw's tenpai settles nothing (docs/rules.md §10)",
    # the online presets: ippatsu's were checked against those sites' records
    ("tenhou", "open_kan_indicator_immediate"): "Tenhou turns an open kan's indicator when "
        "the kan player discards, before a ron on it: checked against the Tenhou records "
        "(Rules.open_kan_dora_delayed, docs/rules.md §5)",
    ("tenhou-3p", "open_kan_indicator_immediate"): "as tenhou",
    ("tenhou-3p", "abort_sanchahou"): "three rons cannot happen with three players: "
        "tenhou_sanma keeps tenhou's ron_mode, which names the four-player abort",
    **{("mahjong-soul" + x, f): "majsoul is the scoring preset of the Mahjong Soul corpus "
       "and keeps ippatsu's table rules (RULES.md §10: scoring as ippatsu)"
       for x in ("", "-3p") for f in ("multiple_ron", "pao_daiminkan",
                                      "pao_honba_to_liable", "agari_yame", "sudden_death")},
    **{(p, "noten_penalty_pool"): "three-player rooms pay 2,000 at a draw (docs/rules.md "
       "§11); jansou's pool takes only 0 or 3,000" for p in ("tenhou-3p", "mahjong-soul-3p")},
}
EXPLAINED = {k: v for k, v in EXPLAINED.items() if v is not None}


def _differences(jname: str) -> dict:
    theirs = jr.PRESETS[jname]
    ours = Rules.preset(SHARED[jname])
    out = {}
    for f in dataclasses.fields(theirs):
        want = getattr(theirs, f.name)
        if f.name == "game_length":
            want = want.name
        got = READ[f.name](ours)
        if got != want:
            out[f.name] = (want, got)
    return out


def test_every_jansou_field_is_read():
    fields = {f.name for f in dataclasses.fields(jr.Rules)}
    assert fields == set(READ), sorted(fields ^ set(READ))


@pytest.mark.parametrize("jname", sorted(SHARED))
def test_shared_preset_agrees_with_jansou_or_the_difference_is_explained(jname):
    diff = _differences(jname)
    unexplained = {f: v for f, v in diff.items() if (jname, f) not in EXPLAINED}
    assert not unexplained, unexplained
    stale = [f for (p, f) in EXPLAINED if p == jname and f not in diff]
    assert not stale, f"explained but agreeing: {stale}"
