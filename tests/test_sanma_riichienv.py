"""Agreement with RiichiEnv's three-player corpus (``data/scored/riichienv_agari_3p.json``).

402 winning three-player (sanma) hands, scored with ``Rules.majsoul_sanma()`` and the
corpus' ``kita_count`` as ``nukidora``, compared on han, fu and the yaku ids in Mahjong
Soul numbering (dora 31, red 32, ura 33 and kita 34 listed once when present: Mahjong Soul
lists the Norths set aside as their own line, "kita", and a North that is a dora of a West
indicator under dora). The hands are read as in the four-player test
(``test_scoring_riichienv.case_kwargs``).

When the ``riichienv`` package is installed its three-player evaluator
(``HandEvaluator3P``) also gives the payments: every ron and every tsumo share (tsumo loss,
honba 200 on a ron and 100 from each payer of a tsumo) is compared with ``payments``.

Run: ``PYTHONPATH=src python -m pytest tests/test_sanma_riichienv.py -q -s``.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from ippatsu.rules import Rules
from ippatsu.scoring import score
from ippatsu.yaku import MAJSOUL_DORA
from test_scoring_riichienv import case_kwargs, compare_corpus, majsoul_ids

MAJSOUL_KITA = 34  # Mahjong Soul's yaku id of the Norths set aside (kita / nukidora)

# index -> the rule (docs/rules.md) that decides a disagreement; none today
EXPLAINED: dict = {}

RULES = Rules.majsoul_sanma()


def majsoul_ids_3p(r) -> list:
    """``majsoul_ids`` with kita: 34 when Norths were set aside; 31 only for the dora that
    are not kita."""
    ids = majsoul_ids(r)
    if r.nukidora:
        ids.append(MAJSOUL_KITA)
        if r.dora == r.nukidora:
            ids.remove(MAJSOUL_DORA)
    return sorted(ids)


def scored(case: dict):
    cond = case["conditions"]
    discarder = None if cond["tsumo"] else (cond["player_wind"] + 1) % 3
    return score(**case_kwargs(case), rules=RULES, nukidora=cond["kita_count"],
                 discarder=discarder)


@lru_cache(maxsize=None)
def _all():
    return compare_corpus("riichienv_agari_3p.json", scored, majsoul_ids_3p)


MEASURED = {"han": 402, "fu": 402, "yaku": 402}


def test_sanma_corpus_is_three_player(shared_data):
    cases, _ = _all()
    assert len(cases) == 402
    assert all(c["conditions"]["is_sanma"] and c["conditions"]["num_players"] == 3
               for c in cases)
    # the corpus exercises what differs: Norths set aside, 1m indicators (dora 9m)
    assert sum(1 for c in cases if c["conditions"]["kita_count"]) > 200
    assert sum(1 for c in cases if any(i // 4 == 0 for i in c["dora_indicators"])) > 10


def test_sanma_riichienv_agreement_counts(shared_data):
    cases, results = _all()
    counts = {k: sum(1 for r in results if r[k]) for k in MEASURED}
    print("\nriichienv three-player agreement over", len(cases), "hands:", counts)
    bad = [i for i, r in enumerate(results)
           if not all(r[k] for k in MEASURED) and i not in EXPLAINED]
    assert not bad, [(i, cases[i], results[i].get("error") or results[i].get("result"))
                     for i in bad[:3]]
    for k, n in MEASURED.items():
        assert counts[k] >= n - len(EXPLAINED), (k, counts[k])


def test_sanma_riichienv_explained_disagreements_are_exact(shared_data):
    """The disagreements are exactly the EXPLAINED cases (none: every hand agrees on han,
    fu and yaku), so a new disagreement or a fixed one both fail here."""
    cases, results = _all()
    assert len(results) == len(cases) > 0
    disagree = {i for i, r in enumerate(results) if not all(r[k] for k in MEASURED)}
    assert disagree == set(EXPLAINED), sorted(disagree ^ set(EXPLAINED))[:10]


def test_sanma_payments_agree_with_riichienv_evaluator(shared_data):
    """Every hand's payments equal riichienv's three-player evaluator: the ron, or each
    tsumo share with tsumo loss (docs/rules.md §11), honba included."""
    R = pytest.importorskip("riichienv._riichienv")
    winds = [R.Wind.East, R.Wind.South, R.Wind.West, R.Wind.North]
    mt = {"chi": R.MeldType.Chi, "pon": R.MeldType.Pon, "daiminkan": R.MeldType.Daiminkan,
          "ankan": R.MeldType.Ankan, "kakan": R.MeldType.Kakan}
    cases, _ = _all()
    bad = []
    honba_seen = 0
    for i, c in enumerate(cases):
        cond = c["conditions"]
        kw = case_kwargs(c)
        ms = [R.Meld(mt[m["meld_type"]], sorted(m["tiles"]), m["meld_type"] != "ankan")
              for m in c["melds"]]
        concealed = [t for t in kw["hand"] if t != kw["win_tile"]]
        cc = R.Conditions(
            tsumo=cond["tsumo"], riichi=cond["riichi"], double_riichi=cond["double_riichi"],
            ippatsu=cond["ippatsu"], haitei=cond["haitei"], houtei=cond["houtei"],
            rinshan=cond["rinshan"], chankan=cond["chankan"],
            tsumo_first_turn=cond["tsumo_first_turn"],
            player_wind=winds[cond["player_wind"]], round_wind=winds[cond["round_wind"]],
            honba=cond["honba"], kita_count=cond["kita_count"], is_sanma=True,
            num_players=3)
        theirs = R.HandEvaluator3P(sorted(concealed), ms).calc(
            kw["win_tile"], c["dora_indicators"], c["ura_indicators"], cc)
        r = scored(c)
        seat = cond["player_wind"]
        honba_seen += cond["honba"] > 0
        assert len(r.payments) == 3 and sum(r.payments) == 0
        if not cond["tsumo"]:
            ok = -r.payments[(seat + 1) % 3] == theirs.ron_agari
        elif seat == 0:  # the dealer: both pay the same (riichienv's oya field is unused)
            ok = r.payments[1] == r.payments[2] == -theirs.tsumo_agari_ko
        else:
            other = 3 - seat
            ok = (-r.payments[0], -r.payments[other]) == (theirs.tsumo_agari_oya,
                                                          theirs.tsumo_agari_ko)
        if not ok or theirs.han != r.han:
            bad.append((i, r.payments, theirs.ron_agari, theirs.tsumo_agari_oya,
                        theirs.tsumo_agari_ko))
    print(f"\nriichienv three-player payments: {len(cases) - len(bad)} of {len(cases)} agree "
          f"({honba_seen} with honba)")
    assert honba_seen > 0
    assert not bad, bad[:5]
