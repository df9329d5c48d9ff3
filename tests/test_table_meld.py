"""The engine builds the melds of legal calls without Meld's validation (state._new_meld):
every slot must equal what the validating constructor sets, for every meld a game can
make, and under every red table (``Rules.red_five_counts``: the meld's red fives are the
rules' red ids, ``Meld(..., red_ids=...)``)."""
from __future__ import annotations

import itertools

import pytest

import ippatsu.table.state as state_mod
from ippatsu.hand import Meld, MeldType
from ippatsu.table._source import load_state_source

SLOTS = Meld.__slots__


def _same(a, b):
    for s in SLOTS:
        assert getattr(a, s) == getattr(b, s), (s, getattr(a, s), getattr(b, s))
        assert type(getattr(a, s)) is type(getattr(b, s)), s
    assert a == b and hash(a) == hash(b) and str(a) == str(b)


def _cases():
    for k in range(34):
        ids = [4 * k + c for c in range(4)]
        for called in ids:
            rest = [x for x in ids if x != called]
            for pair in itertools.combinations(rest, 2):
                for rel in (1, 2, 3):
                    yield MeldType.PON, (called,) + pair, called, rel, None
            for rel in (1, 2, 3):
                yield MeldType.DAIMINKAN, (called,) + tuple(rest), called, rel, None
        yield MeldType.ANKAN, tuple(ids), None, None, None
        for pon in itertools.combinations(ids, 3):
            add = next(x for x in ids if x not in pon)
            for called in pon:
                for rel in (1, 2, 3):
                    yield MeldType.KAKAN, pon + (add,), called, rel, add
        if k < 27 and k % 9 <= 6:
            for a, b, c in itertools.product(range(4), repeat=3):
                run = (4 * k + a, 4 * (k + 1) + b, 4 * (k + 2) + c)
                for i in range(3):
                    called = run[i]
                    yield MeldType.CHI, (called,) + run[:i] + run[i + 1:], called, 3, None


@pytest.mark.parametrize("mod", [state_mod, load_state_source()], ids=["imported", "interp"])
def test_fast_melds_equal_validated_melds(mod):
    n = 0
    for mtype, tiles, called, rel, added in _cases():
        if mtype is MeldType.ANKAN:
            ref = Meld(mtype, tiles)
        else:
            ref = Meld(mtype, tiles, called=called, from_who=rel, added=added)
        _same(mod._new_meld(mtype, tiles, called, rel, added), ref)
        code = mod._MELD_TYPES.index(mtype)
        m = mod._meld(code, tiles, called, rel, added)
        _same(m, ref)
        assert mod._meld(code, tiles, called, rel, added) is m  # cached
        n += 1
    assert n > 5000


#: red tables other than one per suit, with the rules' red ids
RED_COUNTS = [(1, 2, 1), (4, 4, 4), (0, 3, 0), (0, 0, 0)]


@pytest.mark.parametrize("counts", RED_COUNTS, ids=["".join(map(str, c)) for c in RED_COUNTS])
@pytest.mark.parametrize("mod", [state_mod, load_state_source()], ids=["imported", "interp"])
def test_fast_melds_equal_validated_melds_under_red_counts(mod, counts):
    from ippatsu.rules import Rules
    from ippatsu.table.actionspace import red_table

    rules = Rules(red_fives=counts)
    red, reds = red_table(rules), rules.red_ids
    n = 0
    for mtype, tiles, called, rel, added in _cases():
        if not any(t >> 2 in (4, 13, 22) for t in tiles):   # the fives' melds
            continue
        if mtype is MeldType.ANKAN:
            ref = Meld(mtype, tiles, red_ids=reds)
        else:
            ref = Meld(mtype, tiles, called=called, from_who=rel, added=added, red_ids=reds)
        assert ref.n_red == sum(1 for t in tiles if t in reds)
        _same(mod._new_meld(mtype, tiles, called, rel, added, red), ref)
        code = mod._MELD_TYPES.index(mtype)
        m = mod._meld(code, tiles, called, rel, added, red)
        _same(m, ref)
        assert mod._meld(code, tiles, called, rel, added, red) is m  # cached
        n += 1
    assert n > 1000
