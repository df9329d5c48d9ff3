"""Hand, Meld and MeldType: construction, validation and the text forms."""
from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ippatsu.errors import HandSizeError, IppatsuError, MeldError, NotationError, TileCountError
from ippatsu.hand import MAX_MELDS, Hand, Meld, MeldType
from ippatsu.tiles import RED_FIVE_IDS, format_tiles, parse_counts, parse_kinds, parse_tiles


def spec(t):
    return (t // 4, t in RED_FIVE_IDS)


# --------------------------------------------------------------------------------------
# Meld: construction and properties
# --------------------------------------------------------------------------------------

def test_meld_chi_defaults():
    m = Meld.chi("345m")
    assert m.type is MeldType.CHI
    assert m.tiles == tuple(parse_tiles("345m"))
    assert m.called == parse_tiles("3m")[0] and m.from_who == 3 and m.added is None
    assert m.kind == 2 and m.kinds == (2, 3, 4)
    assert m.is_open and not m.is_kan and m.n_tiles == 3 and m.n_red == 0
    assert str(m) == "chi 3m+45m<L"


def test_meld_called_tile_by_notation():
    m = Meld.chi("406p", called="0p")
    assert m.called == 52 and m.n_red == 1
    assert str(m) == "chi 0p+46p<L"
    assert str(Meld.chi("345m", called="4m")) == "chi 4m+35m<L"
    assert str(Meld.chi("435m")) == "chi 4m+35m<L"  # first written is called by default


def test_meld_pon_kan_constructors():
    assert str(Meld.pon("555z", from_who=2)) == "pon 5z+55z<A"
    assert str(Meld.pon("055s", called="5s", from_who=1)) == "pon 5s+05s<R"
    assert str(Meld.daiminkan("1111m", from_who=2)) == "daiminkan 1m+111m<A"
    a = Meld.ankan("5505m")
    assert str(a) == "ankan 0555m"
    assert a.called is None and a.from_who == 0 and not a.is_open and a.is_kan and a.n_tiles == 4
    k = Meld.kakan("5555m")
    assert k.type is MeldType.KAKAN and k.is_open and k.is_kan
    assert k.added in k.tiles and k.called in k.tiles and k.added != k.called
    assert str(Meld.kakan("1111z", from_who=1)) == "kakan 1z+11z+1z<R"
    assert str(Meld.kakan("0555m", called="5m", added="0m")) == "kakan 5m+55m+0m<L"
    assert Meld.kakan("0555m", added="0m").called == 17


def test_meld_from_ids_and_type_keyword():
    m = Meld("pon", [108, 110, 109], called=110, from_who=1)
    assert m.tiles == (108, 109, 110) and m.called == 110 and m.type is MeldType.PON
    assert m.hand_tiles == (108, 109)
    assert Meld(MeldType.CHI, [0, 4, 8]) == Meld.chi("123m")


def test_meld_is_immutable():
    m = Meld.pon("111z")
    with pytest.raises(AttributeError):
        m.from_who = 2
    with pytest.raises(AttributeError):
        m.tiles = ()


def test_meld_equality_ignores_which_ordinary_copy():
    assert Meld("pon", [0, 1, 2]) == Meld("pon", [1, 2, 3])
    assert hash(Meld("pon", [0, 1, 2])) == hash(Meld("pon", [1, 2, 3]))
    assert Meld.pon("055m") != Meld.pon("555m")  # a red five is shown
    assert Meld.pon("111z", from_who=1) != Meld.pon("111z", from_who=2)
    assert Meld.pon("111z") != Meld.daiminkan("1111z")
    assert Meld.pon("111z") != "pon 1z+11z<L"


# --------------------------------------------------------------------------------------
# Meld: text form
# --------------------------------------------------------------------------------------

DOC_EXAMPLES = [
    "chi 3m+45m<L",
    "chi 0p+46p<L",
    "pon 7z+77z<A",
    "pon 5s+05s<R",
    "daiminkan 1m+111m<A",
    "ankan 0555m",
    "kakan 5m+55m+0m<L",
    "kakan 1z+11z+1z<R",
    "chi 7s+89s<L",
]


@pytest.mark.parametrize("text", DOC_EXAMPLES)
def test_meld_text_round_trip_examples(text):
    m = Meld.parse(text)
    assert str(m) == text
    assert Meld.parse(str(m)) == m
    assert repr(m) == f"Meld.parse({text!r})"
    assert eval(repr(m)) == m


def test_meld_text_shorthand():
    assert Meld.parse("pon 222z<2") == Meld.pon("222z", from_who=2)
    assert Meld.parse("chi 345m") == Meld.chi("345m")
    assert Meld.parse("kakan 5550m<1") == Meld.parse("kakan 5m+55m+0m<R")
    assert Meld.parse("PON 1z+11z<a") == Meld.pon("111z", from_who=2)
    assert Meld.parse("minkan 1111p<A").type is MeldType.DAIMINKAN


def test_meld_text_keeps_red_called_and_seat():
    m = Meld.parse("pon 0m+55m<R")
    assert m.called == 16 and m.from_who == 1 and m.n_red == 1
    m = Meld.parse("pon 5m+05m<R")
    assert m.called != 16 and m.n_red == 1


@pytest.mark.parametrize(
    "text, code",
    [
        ("pon", "bad_meld_text"),
        ("pon 1z 11z", "bad_meld_text"),
        ("pong 111z", "bad_meld_type"),
        ("pon 111z<X", "bad_meld_text"),
        ("ankan 1111z<L", "bad_meld_text"),
        ("ankan 1z+111z", "bad_meld_text"),
        ("pon 11z+1z<L", "bad_meld_text"),
        ("kakan 1z+111z<L", "bad_meld_text"),
        ("chi 3m+45m<R", "chi_not_from_left"),
        ("pon 1z+12z<L", "mixed_kinds"),
        ("chi 1z+23z<L", "chi_honor"),
    ],
)
def test_meld_text_errors(text, code):
    with pytest.raises(MeldError) as e:
        Meld.parse(text)
    assert e.value.code == code


def test_meld_text_bad_tiles_is_a_notation_error():
    with pytest.raises(NotationError):
        Meld.parse("pon 1x+11z<L")


# --------------------------------------------------------------------------------------
# Meld: validation (rule 2 sets, rule 8 calls)
# --------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "make, code, words",
    [
        (lambda: Meld.chi("123z"), "chi_honor", "honors"),
        (lambda: Meld.chi("912m"), "chi_wraps", "wrap"),
        (lambda: Meld.chi("891m"), "chi_wraps", "wrap"),
        (lambda: Meld.chi("135m"), "chi_not_run", "consecutive"),
        (lambda: Meld.chi("111m"), "chi_not_run", "consecutive"),
        (lambda: Meld.chi("89m1p"), "chi_mixed_suits", "suit"),
        (lambda: Meld.chi("34m5p"), "chi_mixed_suits", "suit"),
        (lambda: Meld.pon("112m"), "mixed_kinds", "identical"),
        (lambda: Meld.ankan("1112m"), "mixed_kinds", "identical"),
        (lambda: Meld.daiminkan("1z1z1z2z"), "mixed_kinds", "identical"),
        (lambda: Meld.pon("1111m"), "meld_size", "3 tiles"),
        (lambda: Meld.chi("1234m"), "meld_size", "3 tiles"),
        (lambda: Meld.ankan("111m"), "meld_size", "4 tiles"),
        (lambda: Meld.kakan("111m"), "meld_size", "4 tiles"),
        (lambda: Meld.chi("345m", called="6m"), "called_not_in_meld", "not among"),
        (lambda: Meld.chi("345m", called="0m"), "called_not_in_meld", "not among"),
        (lambda: Meld("pon", [0, 1, 2], called=3), "called_not_in_meld", "not among"),
        (lambda: Meld.kakan("1111m", added="2m"), "added_not_in_meld", "not among"),
        (lambda: Meld("kakan", [0, 1, 2, 3], called=0, added=0), "added_is_called", "also be its added"),
        (lambda: Meld("ankan", [0, 1, 2, 3], called=0), "called_on_ankan", "no called"),
        (lambda: Meld("pon", [0, 1, 2], added=0), "added_not_kakan", "only a kakan"),
        (lambda: Meld.chi("345m", from_who=1), "chi_not_from_left", "left"),
        (lambda: Meld.chi("345m", from_who=2), "chi_not_from_left", "left"),
        (lambda: Meld.pon("111z", from_who=0), "bad_from_who", "from_who"),
        (lambda: Meld.pon("111z", from_who=4), "bad_from_who", "from_who"),
        (lambda: Meld("ankan", [0, 1, 2, 3], from_who=2), "bad_from_who", "own hand"),
        (lambda: Meld("pon", [0, 0, 1]), "duplicate_id", "duplicate"),
        (lambda: Meld("kan", [0, 1, 2, 3]), "bad_meld_type", "unknown meld type"),
    ],
)
def test_meld_validation(make, code, words):
    with pytest.raises(MeldError) as e:
        make()
    assert e.value.code == code
    assert words in str(e.value)
    assert isinstance(e.value, IppatsuError)


def test_meld_bad_id_is_a_notation_error():
    with pytest.raises(NotationError):
        Meld("pon", [136, 1, 2])


# random valid melds, built from explicit ids (any copies, red fives included)
@st.composite
def melds(draw):
    mtype = draw(st.sampled_from(list(MeldType)))
    if mtype is MeldType.CHI:
        suit = draw(st.integers(0, 2))
        start = suit * 9 + draw(st.integers(0, 6))
        ids = [(start + i) * 4 + draw(st.integers(0, 3)) for i in range(3)]
        called = draw(st.sampled_from(ids))
        return Meld(mtype, ids, called=called, from_who=3)
    kind = draw(st.integers(0, 33))
    n = 3 if mtype is MeldType.PON else 4
    copies = draw(st.permutations([0, 1, 2, 3]))[:n]
    ids = [kind * 4 + c for c in copies]
    if mtype is MeldType.ANKAN:
        return Meld(mtype, ids)
    from_who = draw(st.integers(1, 3))
    if mtype is MeldType.KAKAN:
        return Meld(mtype, ids, called=ids[0], added=ids[1], from_who=from_who)
    return Meld(mtype, ids, called=ids[0], from_who=from_who)


@given(melds())
def test_meld_text_round_trip_random(m):
    text = str(m)
    back = Meld.parse(text)
    assert back == m and hash(back) == hash(m)
    assert str(back) == text
    assert back.type is m.type and back.from_who == m.from_who
    assert sorted(map(spec, back.tiles)) == sorted(map(spec, m.tiles))
    assert spec(back.called) == spec(m.called) if m.called is not None else back.called is None
    assert (back.added is None) == (m.added is None)
    if m.added is not None:
        assert spec(back.added) == spec(m.added)
    assert pickle.loads(pickle.dumps(m)) == m


# --------------------------------------------------------------------------------------
# Hand: construction and attributes
# --------------------------------------------------------------------------------------

def test_hand_parse_attributes():
    h = Hand.parse("123m406p789s11222z")
    assert h.ids == tuple(sorted(parse_tiles("123m406p789s11222z")))
    assert h.counts == tuple(parse_counts("123m456p789s11222z"))
    assert isinstance(h._counts, bytes) and len(h._counts) == 34
    assert tuple(h._counts) == h.counts
    assert h.red == 0b010  # bit 1 = pin
    assert h.melds == () and h.is_closed and h.n_concealed == 14 and len(h) == 14
    assert h.all_counts() == h.counts
    assert str(h) == "123m406p789s11222z"
    assert repr(h) == "Hand.parse('123m406p789s11222z')"


def test_hand_red_mask_bits():
    assert Hand.parse("0m0p0s1112223334z").red == 0b111
    assert Hand.parse("0s111222333444z").red == 0b100
    assert Hand.parse("0m111222333444z").red == 0b001


def test_hand_with_melds():
    h = Hand.parse("123m406p789s1z [pon 2z+22z<A]")
    assert h.n_concealed == 10 and len(h.melds) == 1 and not h.is_closed
    assert h.melds[0] == Meld.pon("222z", from_who=2)
    assert h.all_counts()[28] == 3 and h.counts[28] == 0
    assert str(h) == "123m406p789s1z [pon 2z+22z<A]"


def test_hand_closed_kan_keeps_it_closed():
    """Rule 4: closed kans keep a hand concealed."""
    h = Hand.parse("123m456p789s1z [ankan 5555z]")
    assert h.is_closed
    assert not Hand.parse("123m456p789s1z [daiminkan 5z+555z<L]").is_closed
    assert h.all_counts()[31] == 4


def test_hand_mixed_inputs():
    h = Hand("123m456p789s1z", [Meld.pon("222z", from_who=2)])
    assert h == Hand.parse("123m456p789s1z [pon 2z+22z<A]")
    assert Hand("123m456p789s1z", ["pon 2z+22z<A"]) == h
    assert Hand(parse_tiles("123m456p789s1z"), ["pon 2z+22z<A"]) == h


def test_hand_text_melds_get_free_copies():
    """Melds written as text never collide with each other or with the concealed tiles."""
    h = Hand("1z", [Meld.chi("345m")] * 3 + [Meld.pon("555z")])
    ids = list(h.ids) + [t for m in h.melds for t in m.tiles]
    assert len(set(ids)) == len(ids) == 13
    assert h == Hand.parse("1z [chi 3m+45m<L] [chi 3m+45m<L] [chi 3m+45m<L] [pon 5z+55z<L]")
    h = Hand("5m123456p789s", [Meld.pon("555m")])
    assert sorted(format_tiles(list(h.ids) + list(h.melds[0].tiles))[:5]) == sorted("0555m")


def test_hand_explicit_meld_ids_are_kept():
    m = Meld("pon", [109, 110, 111], called=111, from_who=2)
    h = Hand("123m456p789s1z", [m])
    assert h.melds[0].tiles == (109, 110, 111) and 108 in h.ids


def test_hand_from_counts():
    c = parse_counts("123m456p789s11222z")
    h = Hand.from_counts(c)
    assert h.counts == tuple(c) and h.red == 0 and str(h) == "123m456p789s11222z"
    assert Hand.from_counts(c, red=0b010).red == 0b010
    assert str(Hand.from_counts(c, red=0b010)) == "123m406p789s11222z"
    h = Hand.from_counts(parse_counts("123m456p789s1z"), ["pon 1z+11z<A"])
    assert h.n_concealed == 10 and h.all_counts()[27] == 4
    with pytest.raises(NotationError):
        Hand.from_counts(c, red=0b001)  # no 5m
    with pytest.raises(TileCountError):
        Hand.from_counts(parse_counts("123m456p789s11z"), ["pon 1z+11z<A"], validate_size=False)


def test_hand_equality_and_hash():
    a = Hand.parse("123m406p789s11222z")
    b = Hand(reversed(parse_tiles("22211z987s604p321m")))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Hand.parse("123m456p789s11222z")  # the red five matters
    assert a != "123m406p789s11222z"


def test_hand_is_immutable_and_picklable():
    h = Hand.parse("1z [chi 3m+45m<L] [ankan 0555p] [pon 7z+77z<R] [kakan 9s+99s+9s<A]")
    with pytest.raises(AttributeError):
        h.red = 0
    with pytest.raises(AttributeError):
        h.new_attr = 1
    assert pickle.loads(pickle.dumps(h)) == h
    assert copy.deepcopy(h) == h and copy.copy(h) == h
    assert eval(repr(h)) == h


# --------------------------------------------------------------------------------------
# Hand: validation
# --------------------------------------------------------------------------------------

def test_rule_1_fifth_copy_across_concealed_and_melds():
    with pytest.raises(TileCountError, match="fifth copy") as e:
        Hand.parse("1123m456p789s1z [pon 1m+11m<A]")
    assert e.value.code == "fifth_copy"
    with pytest.raises(TileCountError) as e:
        Hand.parse("123m456p789s1z [ankan 1111m]")
    assert e.value.code == "fifth_copy"


def test_rule_1_second_red_across_concealed_and_melds():
    with pytest.raises(TileCountError, match="second red") as e:
        Hand.parse("0m23m456p789s1z [pon 0m+55m<A]")
    assert e.value.code == "second_red"
    with pytest.raises(TileCountError) as e:
        Hand.parse("123m456p789s1z [chi 0s+46s<L] [pon 0s+55s<R]", validate_size=False)
    assert e.value.code == "second_red"


def test_duplicate_ids_across_concealed_and_melds():
    ids = parse_tiles("123m456p789s1z")
    with pytest.raises(TileCountError, match="twice") as e:
        Hand(ids, [Meld("pon", [ids[0], 1, 2])])
    assert e.value.code == "duplicate_id"
    with pytest.raises(TileCountError) as e:
        Hand(ids[:-1] + [ids[0]] + ids[:3], validate_size=False)
    assert e.value.code == "duplicate_id"
    with pytest.raises(TileCountError):
        Hand([120, 120], [Meld("pon", [0, 1, 2])] * 4)


VALID_SIZES = {k: (13 - 3 * k, 14 - 3 * k) for k in range(MAX_MELDS + 1)}
MELD_TEXTS = ["[pon 1z+11z<L]", "[pon 2z+22z<L]", "[ankan 3333z]", "[chi 1s+23s<L]"]
FILLER = parse_kinds("11223344556677m11223344556677p")  # 28 tiles, no honors, no 1-3s


@pytest.mark.parametrize("k", range(MAX_MELDS + 1))
@pytest.mark.parametrize("n", range(0, 15))
def test_concealed_size_must_match_the_number_of_melds(k, n):
    """Rule 8 / ARCHITECTURE: k declared sets leave 13-3k or 14-3k concealed tiles."""
    from ippatsu.tiles import format_kinds

    text = format_kinds(FILLER[:n]) + " " + " ".join(MELD_TEXTS[:k])
    if n in VALID_SIZES[k]:
        h = Hand.parse(text)
        assert h.n_concealed == n and len(h.melds) == k
    else:
        with pytest.raises(HandSizeError) as e:
            Hand.parse(text)
        lo, hi = VALID_SIZES[k]
        assert e.value.code == "bad_hand_size"
        assert f"{lo} or {hi} concealed tiles, got {n}" in str(e.value)
        # a partial hand is fine when asked for
        assert Hand.parse(text, validate_size=False).n_concealed == n


def test_at_most_four_melds():
    five = ["pon 1z+11z<L", "pon 2z+22z<L", "pon 3z+33z<L", "pon 4z+44z<L", "pon 5z+55z<L"]
    with pytest.raises(HandSizeError, match="at most 4") as e:
        Hand("1m", five, validate_size=False)
    assert e.value.code == "too_many_melds"


@pytest.mark.parametrize(
    "text",
    ["123m [pon 1z+11z<L", "123m pon 1z+11z<L]", "123m [pon [1z+11z<L]]", "] 123m ["],
)
def test_hand_text_brackets(text):
    with pytest.raises(NotationError) as e:
        Hand.parse(text, validate_size=False)
    assert e.value.code == "bad_hand_text"


def test_hand_text_bad_meld_inside():
    with pytest.raises(MeldError):
        Hand.parse("123m456p789s1z [pon 1z+12z<L]")


# --------------------------------------------------------------------------------------
# Hand: round trips (Hypothesis)
# --------------------------------------------------------------------------------------

def random_hand(rnd: random.Random, explicit: bool) -> Hand:
    """A random valid hand: 0-4 melds drawn from a shuffled wall, then the concealed part."""
    wall = list(range(136))
    rnd.shuffle(wall)
    free = set(wall)
    melds = []
    for _ in range(rnd.randint(0, 4)):
        for _attempt in range(50):
            mtype = rnd.choice(list(MeldType))
            if mtype is MeldType.CHI:
                start = rnd.randrange(3) * 9 + rnd.randrange(7)
                pick = []
                for k in range(start, start + 3):
                    avail = [t for t in range(4 * k, 4 * k + 4) if t in free]
                    if not avail:
                        break
                    pick.append(rnd.choice(avail))
                if len(pick) < 3:
                    continue
                m = Meld(mtype, pick, called=rnd.choice(pick))
            else:
                k = rnd.randrange(34)
                avail = [t for t in range(4 * k, 4 * k + 4) if t in free]
                n = 3 if mtype is MeldType.PON else 4
                if len(avail) < n:
                    continue
                pick = rnd.sample(avail, n)
                if mtype is MeldType.ANKAN:
                    m = Meld(mtype, pick)
                elif mtype is MeldType.KAKAN:
                    m = Meld(mtype, pick, called=pick[0], added=pick[1], from_who=rnd.randint(1, 3))
                else:
                    m = Meld(mtype, pick, called=pick[0], from_who=rnd.randint(1, 3))
            free.difference_update(m.tiles)
            melds.append(m)
            break
    n = 14 - 3 * len(melds) - rnd.randint(0, 1)
    concealed = [t for t in wall if t in free][:n]
    if not explicit:
        return Hand(format_tiles(concealed), [str(m) for m in melds])
    return Hand(concealed, melds)


@given(st.randoms(use_true_random=False), st.booleans())
def test_hand_text_round_trip_random(rnd, explicit):
    h = random_hand(rnd, explicit)
    text = str(h)
    back = Hand.parse(text)
    assert back == h and hash(back) == hash(h)
    assert str(back) == text
    assert back.counts == h.counts and back._counts == h._counts and back.red == h.red
    assert back.all_counts() == h.all_counts() and back.is_closed == h.is_closed
    assert [str(m) for m in back.melds] == [str(m) for m in h.melds]
    all_ids = list(back.ids) + [t for m in back.melds for t in m.tiles]
    assert len(set(all_ids)) == len(all_ids)
    assert Hand.from_counts(h.counts, h.melds, red=h.red) == h
    assert pickle.loads(pickle.dumps(h)) == h


def test_docstring_examples():
    import doctest

    import ippatsu.hand

    result = doctest.testmod(ippatsu.hand)
    assert result.attempted > 0 and result.failed == 0
