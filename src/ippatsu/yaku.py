"""The yaku table: one row per yaku / yakuman drives both the scoring code and the metadata.

Design
------
``YAKU`` is a tuple of :class:`Yaku` rows. Each row carries its stable ``id`` (which is
also its bit in the ``uint64`` yaku mask: ``1 << id``), its names, han concealed / open
(``han_open == 0``: concealed only), its yakuman multiple (0 for ordinary yaku), the rows
it replaces, its Tenhou and Mahjong Soul ids, and ``check``: a function of one
:class:`YakuContext` returning ``True`` when the yaku holds. The scorer builds one context
per reading of the hand and runs every check; adding a yaku is one row plus one check.

Display names: ``en`` is one style for every row, the English name followed by the usual
romaji in brackets (``"All simples (tanyao)"``, ``"Seat wind East (jikaze ton)"``), and
the bracketed part is always :attr:`Yaku.romaji`; ``ja`` is the Japanese name and
:attr:`Yaku.ko` the Korean one. The command
line shows ``en`` on full lines and ``romaji`` in compact lists; ``name`` is the stable key
for code and JSON.

The ids are chosen equal to Tenhou's yaku numbering (``data/README.md``), so a Tenhou
record's ``yaku`` ids read directly (36 is renhou, a local yaku: ``Rules.renhou``). The local
yaku of docs/rules.md §12 take the free ids 36 and 55–63.

Conventions of :class:`YakuContext` (built by :mod:`ippatsu.scoring`): kinds 0–33
(27–30 E S W N, 31–33 White Green Red); ``runs`` are the lowest kinds of every run
(concealed or chi), ``triplets`` the kinds of every triplet or kan (concealed, pon, kan);
``ankou`` counts concealed triplets (closed kans included, a triplet completed by a ron
excluded); ``mask`` has bit ``k`` set when kind ``k`` is anywhere in the hand.

Examples
--------
>>> BY_NAME["pinfu"].han_closed, BY_NAME["pinfu"].han_open
(1, 0)
>>> BY_NAME["daisuushi"].yakuman
2
>>> BY_ID[22].name
'chiitoitsu'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

__all__ = [
    "Yaku",
    "YakuContext",
    "YAKU",
    "BY_ID",
    "BY_NAME",
    "BY_TENHOU",
    "BY_MAJSOUL",
    "FORM_STANDARD",
    "FORM_CHIITOITSU",
    "FORM_KOKUSHI",
    "WAIT_RYANMEN",
    "WAIT_KANCHAN",
    "WAIT_PENCHAN",
    "WAIT_SHANPON",
    "WAIT_TANKI",
    "WAIT_NAMES",
    "MAJSOUL_DORA",
    "MAJSOUL_RED",
    "MAJSOUL_URA",
    "TENHOU_DORA",
    "TENHOU_URA",
    "TENHOU_RED",
    "yaku_names",
    "may_be_yakuman",
    "ORDINARY",
    "YAKUMAN",
    "LOCAL_NAMES",
    "REPLACED_BY",
]

FORM_STANDARD = 0
FORM_CHIITOITSU = 1
FORM_KOKUSHI = 2

WAIT_RYANMEN = 0  # open, two-sided
WAIT_KANCHAN = 1  # closed
WAIT_PENCHAN = 2  # edge
WAIT_SHANPON = 3  # dual pair
WAIT_TANKI = 4    # pair wait
WAIT_NAMES = ("ryanmen", "kanchan", "penchan", "shanpon", "tanki")

# dora are not yaku; their ids in the two external numberings
TENHOU_DORA, TENHOU_URA, TENHOU_RED = 52, 53, 54
MAJSOUL_DORA, MAJSOUL_RED, MAJSOUL_URA = 31, 32, 33

# kind masks
_MANZU = 0x1FF
_PINZU = 0x1FF << 9
_SOUZU = 0x1FF << 18
# the kind groups as masks: ippatsu._codes is their one home
from ._codes import HONORS_MASK as _HONORS, TERMINALS_MASK as _TERMINALS  # noqa: E402
from ._codes import YAOCHUU_MASK as _YAOCHUU  # noqa: E402
_GREEN = (1 << 19) | (1 << 20) | (1 << 21) | (1 << 23) | (1 << 25) | (1 << 32)
from ._codes import DRAGON_KINDS as _DRAGONS, WIND_KINDS as _WINDS  # noqa: E402
from ._codes import HATSU as _HATSU  # noqa: E402


class YakuContext:
    """What a yaku check may look at: one reading of one winning hand (see module doc).

    Attributes
    ----------
    form : int            FORM_STANDARD, FORM_CHIITOITSU or FORM_KOKUSHI
    closed : bool         no open meld (closed kans keep the hand closed)
    tsumo : bool
    riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou : bool
    seat, round : int     the seat-wind and round-wind kinds (27–30)
    pair : int            kind of the pair (-1 for kokushi)
    runs : tuple[int]     lowest kind of each run, sorted
    triplets : tuple[int] kind of each triplet or kan, sorted
    ankou : int           concealed triplets (closed kans in, ron-completed triplets out)
    kans : int            number of kans
    wait : int            WAIT_* of the winning tile in this reading
    mask : int            bit k set when kind k is in the hand
    counts : sequence     34 counts of the concealed part (winning tile included)
    win : int             kind of the winning tile
    open_tanyao : bool    rule: tanyao allowed open
    renhou, paarenchan, open_riichi, sashikomi : bool
                          the situations of the local yaku (docs/rules.md §12)
    rules : Rules         the rules (the local yaku read their options here)
    """

    __slots__ = ("form", "closed", "tsumo", "riichi", "double_riichi", "ippatsu",
                 "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou",
                 "seat", "round", "pair", "runs", "triplets", "ankou", "kans", "wait",
                 "mask", "counts", "win", "open_tanyao", "renhou", "paarenchan",
                 "open_riichi", "sashikomi", "rules")

    def __init__(self, **kw):
        self.renhou = self.paarenchan = self.open_riichi = self.sashikomi = False
        self.rules = None
        if kw:
            for k in self.__slots__:
                setattr(self, k, kw.get(k))
            for k in ("renhou", "paarenchan", "open_riichi", "sashikomi"):
                if getattr(self, k) is None:
                    setattr(self, k, False)


@dataclass(frozen=True)
class Yaku:
    """One row of the yaku table.

    ``han_open == 0`` means concealed only. ``yakuman`` is 0 for ordinary yaku, else the
    multiple (2 for the double patterns; they count 1 when ``Rules.double_yakuman`` is
    off — ``double`` marks them). ``replaces`` names rows that this one supersedes.
    """

    id: int
    name: str          # short romaji key, stable
    en: str            # English name with the romaji in brackets: "All simples (tanyao)"
    ja: str            # the Japanese name
    han_closed: int
    han_open: int
    yakuman: int
    tenhou_id: int
    majsoul_id: int
    check: Callable[[YakuContext], bool]
    replaces: tuple = ()
    double: bool = False

    @property
    def concealed_only(self) -> bool:
        """True for the yaku an open hand cannot have (riichi, pinfu, suuankou, ...)."""
        if self.yakuman:
            return self.name in _CONCEALED_YAKUMAN
        return self.han_open == 0

    @property
    def bit(self) -> int:
        return 1 << self.id

    @property
    def ko(self) -> str:
        """The Korean name (``"탕야오"``), as the Ippatsu rules page writes it."""
        return _KO[self.name]

    @property
    def romaji(self) -> str:
        """The usual romaji name (``"menzen tsumo"``, ``"junsei chuuren poutou"``)."""
        return _ROMAJI.get(self.name, self.name.replace("_", " "))

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "en": self.en, "ja": self.ja,
                "ko": self.ko, "romaji": self.romaji,
                "han_closed": self.han_closed, "han_open": self.han_open,
                "yakuman": self.yakuman, "tenhou_id": self.tenhou_id,
                "majsoul_id": self.majsoul_id}


_ROMAJI = {
    "haitei": "haitei raoyue", "houtei": "houtei raoyui", "rinshan": "rinshan kaihou",
    "seat_wind_e": "jikaze ton", "seat_wind_s": "jikaze nan", "seat_wind_w": "jikaze shaa",
    "seat_wind_n": "jikaze pei", "round_wind_e": "bakaze ton", "round_wind_s": "bakaze nan",
    "round_wind_w": "bakaze shaa", "round_wind_n": "bakaze pei", "sanshoku": "sanshoku doujun",
    "chuuren": "chuuren poutou", "chuuren_pure": "junsei chuuren poutou",
    "kokushi": "kokushi musou", "kokushi_13": "kokushi musou juusanmen machi",
    "suuankou_tanki": "suuankou tanki", "double_riichi": "daburu riichi",
}

_KO_WIND = ("동", "남", "서", "북")
_KO = {
    # the names of the Ippatsu rules page's yaku list; the rows it names only as a group
    # (yakuhai by wind or dragon) or not at all (the yakuman below daisangen) use the usual
    # Korean terms the page's own vocabulary builds (자풍/장풍, 역패, 단기, 13면, 순정).
    "menzen_tsumo": "멘젠쯔모", "riichi": "리치", "ippatsu": "일발", "chankan": "창깡",
    "rinshan": "영상개화", "haitei": "해저로월", "houtei": "하저로어", "pinfu": "핑후",
    "tanyao": "탕야오", "iipeikou": "이페코",
    **{f"seat_wind_{'eswn'[i]}": f"자풍 {_KO_WIND[i]}" for i in range(4)},
    **{f"round_wind_{'eswn'[i]}": f"장풍 {_KO_WIND[i]}" for i in range(4)},
    "haku": "역패 백", "hatsu": "역패 발", "chun": "역패 중",
    "double_riichi": "더블리치", "chiitoitsu": "치또이쯔", "chanta": "찬타", "ittsu": "일기통관",
    "sanshoku": "삼색동순", "sanshoku_doukou": "삼색동각", "sankantsu": "산깡즈",
    "toitoi": "또이또이", "sanankou": "산안커", "shousangen": "소삼원", "honroutou": "혼노두",
    "ryanpeikou": "량페코", "junchan": "준찬타", "honitsu": "혼일색", "chinitsu": "청일색",
    "tenhou": "천화", "chiihou": "지화", "daisangen": "대삼원", "suuankou": "스안커",
    "suuankou_tanki": "스안커 단기", "tsuuiisou": "자일색", "ryuuiisou": "녹일색",
    "chinroutou": "청노두", "chuuren": "구련보등", "chuuren_pure": "순정구련보등",
    "kokushi": "국사무쌍", "kokushi_13": "국사무쌍 13면", "daisuushi": "대사희",
    "shousuushii": "소사희", "suukantsu": "스깡즈",
    # local yaku (docs/rules.md §12)
    "renhou": "인화", "renhou_yakuman": "인화 역만", "daisharin": "대차륜",
    "daichikurin": "대죽림", "daisuurin": "대수린", "daichisei": "대칠성",
    "paarenchan": "팔연장", "open_riichi": "오픈 리치", "double_open_riichi": "더블 오픈 리치",
    "sashikomi": "오픈 리치 방총",
}

_CONCEALED_YAKUMAN = frozenset({"suuankou", "suuankou_tanki", "kokushi", "kokushi_13",
                                "chuuren", "chuuren_pure", "tenhou", "chiihou",
                                "renhou_yakuman", "daisharin", "daichikurin", "daisuurin",
                                "daichisei", "sashikomi"})


# ---------------------------------------------------------------------------------------
# checks: one function per yaku, all with the same signature
# ---------------------------------------------------------------------------------------
def _menzen_tsumo(c: YakuContext) -> bool:
    return c.closed and c.tsumo


def _riichi(c: YakuContext) -> bool:
    return c.closed and (c.riichi or c.double_riichi)


def _ippatsu(c: YakuContext) -> bool:
    return c.closed and c.ippatsu and (c.riichi or c.double_riichi)


def _chankan(c: YakuContext) -> bool:
    return c.chankan and not c.tsumo


def _rinshan(c: YakuContext) -> bool:
    return c.rinshan and c.tsumo


def _haitei(c: YakuContext) -> bool:
    return c.haitei and c.tsumo and not c.rinshan


def _houtei(c: YakuContext) -> bool:
    return c.houtei and not c.tsumo and not c.chankan


def _pinfu(c: YakuContext) -> bool:
    return (c.closed and c.form == FORM_STANDARD and len(c.runs) == 4
            and c.wait == WAIT_RYANMEN and c.pair < 31 and c.pair != c.seat
            and c.pair != c.round)


def _tanyao(c: YakuContext) -> bool:
    return (c.closed or c.open_tanyao) and not (c.mask & _YAOCHUU)


def _iipeikou(c: YakuContext) -> bool:
    if not c.closed or c.form != FORM_STANDARD:
        return False
    prev = -1
    for x in c.runs:   # sorted: a repeated run sits next to its twin
        if x == prev:
            return True
        prev = x
    return False


def _wind_checker(field: str, kind: int) -> Callable[[YakuContext], bool]:
    if field == "seat":
        def check(c: YakuContext) -> bool:
            return c.seat == kind and kind in c.triplets
    else:
        def check(c: YakuContext) -> bool:
            return c.round == kind and kind in c.triplets
    check.__name__ = f"_{field}_wind_{'ESWN'[kind - 27]}"
    return check


def _dragon_checker(kind: int) -> Callable[[YakuContext], bool]:
    def check(c: YakuContext) -> bool:
        return kind in c.triplets
    check.__name__ = f"_dragon_{kind}"
    return check


def _double_riichi(c: YakuContext) -> bool:
    return c.closed and c.double_riichi


def _chiitoitsu(c: YakuContext) -> bool:
    return c.form == FORM_CHIITOITSU


def _all_blocks_yaochuu(c: YakuContext) -> bool:
    if c.form != FORM_STANDARD or not c.runs:
        return False
    if not (1 << c.pair) & _YAOCHUU:
        return False
    for r in c.runs:
        if r % 9 not in (0, 6):
            return False
    for t in c.triplets:
        if not (1 << t) & _YAOCHUU:
            return False
    return True


def _chanta(c: YakuContext) -> bool:
    return _all_blocks_yaochuu(c)


def _junchan(c: YakuContext) -> bool:
    return not (c.mask & _HONORS) and _all_blocks_yaochuu(c)


def _ittsu(c: YakuContext) -> bool:
    r = c.runs
    if len(r) < 3:
        return False
    for s in (0, 9, 18):
        if s in r and s + 3 in r and s + 6 in r:
            return True
    return False


def _sanshoku(c: YakuContext) -> bool:
    r = c.runs
    if len(r) < 3:
        return False
    for x in r:
        if x < 9 and x + 9 in r and x + 18 in r:
            return True
    return False


def _sanshoku_doukou(c: YakuContext) -> bool:
    t = c.triplets
    if len(t) < 3:
        return False
    for x in t:
        if x < 9 and x + 9 in t and x + 18 in t:
            return True
    return False


def _sankantsu(c: YakuContext) -> bool:
    return c.kans == 3


def _toitoi(c: YakuContext) -> bool:
    return c.form == FORM_STANDARD and len(c.triplets) == 4


def _sanankou(c: YakuContext) -> bool:
    return c.ankou == 3


def _shousangen(c: YakuContext) -> bool:
    if c.pair < 31:
        return False
    t = c.triplets
    return sum(1 for d in _DRAGONS if d in t) == 2


def _honroutou(c: YakuContext) -> bool:
    m = c.mask
    return (not (m & ~_YAOCHUU)) and bool(m & _HONORS) and bool(m & _TERMINALS)


def _ryanpeikou(c: YakuContext) -> bool:
    r = c.runs
    return (c.closed and c.form == FORM_STANDARD and len(r) == 4
            and r[0] == r[1] and r[2] == r[3])


def _one_suit(m: int) -> bool:
    s = m & ~_HONORS
    return s != 0 and (s & ~_MANZU == 0 or s & ~_PINZU == 0 or s & ~_SOUZU == 0)


def _honitsu(c: YakuContext) -> bool:
    return _one_suit(c.mask) and bool(c.mask & _HONORS)


def _chinitsu(c: YakuContext) -> bool:
    return _one_suit(c.mask) and not (c.mask & _HONORS)


def _tenhou(c: YakuContext) -> bool:
    return c.tenhou and c.tsumo and c.seat == 27 and c.closed and not c.kans


def _chiihou(c: YakuContext) -> bool:
    return c.chiihou and c.tsumo and c.seat != 27 and c.closed and not c.kans


def _daisangen(c: YakuContext) -> bool:
    t = c.triplets
    return 31 in t and 32 in t and 33 in t


def _suuankou(c: YakuContext) -> bool:
    return c.ankou == 4


def _suuankou_tanki(c: YakuContext) -> bool:
    return c.ankou == 4 and c.wait == WAIT_TANKI


def _tsuuiisou(c: YakuContext) -> bool:
    return not (c.mask & ~_HONORS)


def _ryuuiisou(c: YakuContext) -> bool:
    return not (c.mask & ~_GREEN) and (not c.rules.ryuuiisou_hatsu
                                       or bool(c.mask >> _HATSU & 1))


def _chinroutou(c: YakuContext) -> bool:
    return not (c.mask & ~_TERMINALS)


def _chuuren_shape(c: YakuContext) -> int:
    """-1 if not chuuren, else the suit's first kind."""
    if not c.closed or c.kans or c.form != FORM_STANDARD or not _chinitsu(c):
        return -1
    cn = c.counts
    s = c.win - c.win % 9
    if cn[s] < 3 or cn[s + 8] < 3:
        return -1
    for i in range(s + 1, s + 8):
        if cn[i] < 1:
            return -1
    return s


def _chuuren(c: YakuContext) -> bool:
    return _chuuren_shape(c) >= 0


def _chuuren_pure(c: YakuContext) -> bool:
    s = _chuuren_shape(c)
    if s < 0:
        return False
    # before the winning tile the suit was exactly 1112345678999: a nine-sided wait
    return c.counts[c.win] in ((4, 2) if c.win % 9 in (0, 8) else (2,))


def _kokushi(c: YakuContext) -> bool:
    return c.form == FORM_KOKUSHI


def _kokushi_13(c: YakuContext) -> bool:
    # before the winning tile: all 13 kinds once each; the winning kind is the pair
    return c.form == FORM_KOKUSHI and c.counts[c.win] == 2


def _daisuushi(c: YakuContext) -> bool:
    t = c.triplets
    return 27 in t and 28 in t and 29 in t and 30 in t


def _shousuushii(c: YakuContext) -> bool:
    if not 27 <= c.pair <= 30:
        return False
    t = c.triplets
    return sum(1 for w in _WINDS if w in t) == 3


def _suukantsu(c: YakuContext) -> bool:
    return c.kans == 4


# local yaku (docs/rules.md §12): each holds only when its rule is on
def _renhou(c: YakuContext) -> bool:
    return c.renhou and not c.tsumo and c.closed and c.rules.renhou.value == "yaku"


def _renhou_yakuman(c: YakuContext) -> bool:
    return c.renhou and not c.tsumo and c.closed and c.rules.renhou.value == "yakuman"


def _daisharin_checker(suit: int) -> Callable[[YakuContext], bool]:
    def check(c: YakuContext) -> bool:
        mode = c.rules.daisharin.value
        if mode == "off" or (mode == "pin" and suit != 9) or not c.closed or c.kans:
            return False
        cn = c.counts
        return (c.mask == 0x7F << (suit + 1)
                and all(cn[k] == 2 for k in range(suit + 1, suit + 8)))
    check.__name__ = f"_daisharin_{suit}"
    return check


def _daichisei(c: YakuContext) -> bool:
    return c.rules.daichisei and c.form == FORM_CHIITOITSU and not (c.mask & ~_HONORS)


def _paarenchan(c: YakuContext) -> bool:
    # the hand-level condition (a yaku needed or not) is the scorer's: see
    # _reference.scoring._yaku_mask
    return c.paarenchan and c.rules.paarenchan.value != "off"


def _open_riichi(c: YakuContext) -> bool:
    return (c.open_riichi and c.closed and c.riichi and not c.double_riichi
            and c.rules.open_riichi)


def _double_open_riichi(c: YakuContext) -> bool:
    return c.open_riichi and c.closed and c.double_riichi and c.rules.open_riichi


def _sashikomi(c: YakuContext) -> bool:
    return (c.sashikomi and c.open_riichi and not c.tsumo and c.closed
            and (c.riichi or c.double_riichi) and c.rules.sashikomi_yakuman)


# ---------------------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------------------
_WIND_EN = ("East", "South", "West", "North")
_WIND_JA = ("東", "南", "西", "北")
_WIND_ROMAJI = ("ton", "nan", "shaa", "pei")

_rows = [
    # id name en ja closed open yakuman tenhou majsoul check replaces
    Yaku(0, "menzen_tsumo", "Fully concealed hand (menzen tsumo)", "門前清自摸和", 1, 0, 0, 0, 1, _menzen_tsumo),
    Yaku(1, "riichi", "Ready declaration (riichi)", "立直", 1, 0, 0, 1, 2, _riichi),
    Yaku(2, "ippatsu", "One shot (ippatsu)", "一発", 1, 0, 0, 2, 30, _ippatsu),
    Yaku(3, "chankan", "Robbing a kan (chankan)", "槍槓", 1, 1, 0, 3, 3, _chankan),
    Yaku(4, "rinshan", "After a kan (rinshan kaihou)", "嶺上開花", 1, 1, 0, 4, 4, _rinshan),
    Yaku(5, "haitei", "Under the sea (haitei raoyue)", "海底摸月", 1, 1, 0, 5, 5, _haitei),
    Yaku(6, "houtei", "Under the river (houtei raoyui)", "河底撈魚", 1, 1, 0, 6, 6, _houtei),
    Yaku(7, "pinfu", "No-points hand (pinfu)", "平和", 1, 0, 0, 7, 14, _pinfu),
    Yaku(8, "tanyao", "All simples (tanyao)", "断幺九", 1, 1, 0, 8, 12, _tanyao),
    Yaku(9, "iipeikou", "Pure double run (iipeikou)", "一盃口", 1, 0, 0, 9, 13, _iipeikou),
]
for _i in range(4):
    _rows.append(Yaku(10 + _i, f"seat_wind_{'eswn'[_i]}", f"Seat wind {_WIND_EN[_i]} (jikaze {_WIND_ROMAJI[_i]})",
                      f"自風 {_WIND_JA[_i]}", 1, 1, 0, 10 + _i, 10,
                      _wind_checker("seat", 27 + _i)))
for _i in range(4):
    _rows.append(Yaku(14 + _i, f"round_wind_{'eswn'[_i]}", f"Round wind {_WIND_EN[_i]} (bakaze {_WIND_ROMAJI[_i]})",
                      f"場風 {_WIND_JA[_i]}", 1, 1, 0, 14 + _i, 11,
                      _wind_checker("round", 27 + _i)))
_rows += [
    Yaku(18, "haku", "White dragon (haku)", "翻牌 白", 1, 1, 0, 18, 7, _dragon_checker(31)),
    Yaku(19, "hatsu", "Green dragon (hatsu)", "翻牌 發", 1, 1, 0, 19, 8, _dragon_checker(32)),
    Yaku(20, "chun", "Red dragon (chun)", "翻牌 中", 1, 1, 0, 20, 9, _dragon_checker(33)),
    Yaku(21, "double_riichi", "Double ready declaration (daburu riichi)", "ダブル立直", 2, 0, 0, 21, 18, _double_riichi, ("riichi",)),
    Yaku(22, "chiitoitsu", "Seven pairs (chiitoitsu)", "七対子", 2, 0, 0, 22, 25, _chiitoitsu),
    Yaku(23, "chanta", "Half outside hand (chanta)", "混全帯幺九", 2, 1, 0, 23, 15, _chanta),
    Yaku(24, "ittsu", "Pure straight (ittsu)", "一気通貫", 2, 1, 0, 24, 16, _ittsu),
    Yaku(25, "sanshoku", "Mixed triple run (sanshoku doujun)", "三色同順", 2, 1, 0, 25, 17, _sanshoku),
    Yaku(26, "sanshoku_doukou", "Triple triplets (sanshoku doukou)", "三色同刻", 2, 2, 0, 26, 19, _sanshoku_doukou),
    Yaku(27, "sankantsu", "Three kans (sankantsu)", "三槓子", 2, 2, 0, 27, 20, _sankantsu),
    Yaku(28, "toitoi", "All triplets (toitoi)", "対々和", 2, 2, 0, 28, 21, _toitoi),
    Yaku(29, "sanankou", "Three concealed triplets (sanankou)", "三暗刻", 2, 2, 0, 29, 22, _sanankou),
    Yaku(30, "shousangen", "Little three dragons (shousangen)", "小三元", 2, 2, 0, 30, 23, _shousangen),
    Yaku(31, "honroutou", "All terminals and honors (honroutou)", "混老頭", 2, 2, 0, 31, 24, _honroutou, ("chanta",)),
    Yaku(32, "ryanpeikou", "Twice pure double run (ryanpeikou)", "二盃口", 3, 0, 0, 32, 28, _ryanpeikou, ("iipeikou",)),
    Yaku(33, "junchan", "Fully outside hand (junchan)", "純全帯幺九", 3, 2, 0, 33, 26, _junchan, ("chanta",)),
    Yaku(34, "honitsu", "Half flush (honitsu)", "混一色", 3, 2, 0, 34, 27, _honitsu),
    Yaku(35, "chinitsu", "Full flush (chinitsu)", "清一色", 6, 5, 0, 35, 29, _chinitsu, ("honitsu",)),
    # yakuman
    Yaku(37, "tenhou", "Blessing of heaven (tenhou)", "天和", 0, 0, 1, 37, 35, _tenhou),
    Yaku(38, "chiihou", "Blessing of earth (chiihou)", "地和", 0, 0, 1, 38, 36, _chiihou),
    Yaku(39, "daisangen", "Big three dragons (daisangen)", "大三元", 0, 0, 1, 39, 37, _daisangen),
    Yaku(40, "suuankou", "Four concealed triplets (suuankou)", "四暗刻", 0, 0, 1, 40, 38, _suuankou),
    Yaku(41, "suuankou_tanki", "Four concealed triplets, pair wait (suuankou tanki)", "四暗刻単騎", 0, 0, 2, 41, 48, _suuankou_tanki, ("suuankou",), True),
    Yaku(42, "tsuuiisou", "All honors (tsuuiisou)", "字一色", 0, 0, 1, 42, 39, _tsuuiisou),
    Yaku(43, "ryuuiisou", "All green (ryuuiisou)", "緑一色", 0, 0, 1, 43, 40, _ryuuiisou),
    Yaku(44, "chinroutou", "All terminals (chinroutou)", "清老頭", 0, 0, 1, 44, 41, _chinroutou),
    Yaku(45, "chuuren", "Nine gates (chuuren poutou)", "九蓮宝燈", 0, 0, 1, 45, 45, _chuuren),
    Yaku(46, "chuuren_pure", "Pure nine gates (junsei chuuren poutou)", "純正九蓮宝燈", 0, 0, 2, 46, 47, _chuuren_pure, ("chuuren",), True),
    Yaku(47, "kokushi", "Thirteen orphans (kokushi musou)", "国士無双", 0, 0, 1, 47, 42, _kokushi),
    Yaku(48, "kokushi_13", "Thirteen orphans, 13-sided wait (kokushi musou juusanmen machi)", "国士無双十三面", 0, 0, 2, 48, 49, _kokushi_13, ("kokushi",), True),
    Yaku(49, "daisuushi", "Big four winds (daisuushi)", "大四喜", 0, 0, 2, 49, 50, _daisuushi, (), True),
    Yaku(50, "shousuushii", "Little four winds (shousuushii)", "小四喜", 0, 0, 1, 50, 43, _shousuushii),
    Yaku(51, "suukantsu", "Four kans (suukantsu)", "四槓子", 0, 0, 1, 51, 44, _suukantsu),
    # local yaku (docs/rules.md §12), each under its Rules option; Tenhou's id 36 is its
    # renhou; the other rows have no Tenhou or Mahjong Soul id (-1)
    Yaku(36, "renhou", "Blessing of man (renhou)", "人和", 5, 0, 0, 36, -1, _renhou),
    Yaku(55, "renhou_yakuman", "Blessing of man as a yakuman (renhou yakuman)", "人和 (役満)", 0, 0, 1, -1, -1, _renhou_yakuman),
    Yaku(56, "daisharin", "Big wheels (daisharin)", "大車輪", 0, 0, 1, -1, -1, _daisharin_checker(9)),
    Yaku(57, "daichikurin", "Bamboo forest (daichikurin)", "大竹林", 0, 0, 1, -1, -1, _daisharin_checker(18)),
    Yaku(58, "daisuurin", "Numerous neighbours (daisuurin)", "大数隣", 0, 0, 1, -1, -1, _daisharin_checker(0)),
    Yaku(59, "daichisei", "Big seven stars (daichisei)", "大七星", 0, 0, 1, -1, -1, _daichisei),
    Yaku(60, "paarenchan", "Eight consecutive dealer wins (paarenchan)", "八連荘", 0, 0, 1, -1, -1, _paarenchan),
    Yaku(61, "open_riichi", "Open ready declaration (open riichi)", "オープン立直", 2, 0, 0, -1, -1, _open_riichi, ("riichi",)),
    Yaku(62, "double_open_riichi", "Double open ready declaration (double open riichi)", "ダブルオープン立直", 3, 0, 0, -1, -1, _double_open_riichi, ("riichi", "double_riichi")),
    Yaku(63, "sashikomi", "Dealing into an open riichi (sashikomi)", "オープン立直放銃", 0, 0, 1, -1, -1, _sashikomi),
]

YAKU: tuple = tuple(sorted(_rows, key=lambda y: y.id))
"""Every yaku row, ordered by id."""

BY_ID: dict = {y.id: y for y in YAKU}
BY_NAME: dict = {y.name: y for y in YAKU}
BY_TENHOU: dict = {y.tenhou_id: y for y in YAKU if y.tenhou_id >= 0}
BY_MAJSOUL: dict = {}
for _y in YAKU:
    if _y.majsoul_id >= 0:
        BY_MAJSOUL.setdefault(_y.majsoul_id, _y)

# derived masks used by the scorer
REPLACED_BY: dict = {}
"""id -> mask of the rows that id supersedes."""
for _y in YAKU:
    m = 0
    for n in _y.replaces:
        m |= BY_NAME[n].bit
    REPLACED_BY[_y.id] = m

ORDINARY: tuple = tuple(y for y in YAKU if not y.yakuman)
YAKUMAN: tuple = tuple(y for y in YAKU if y.yakuman)
LOCAL_NAMES: frozenset = frozenset({
    "renhou", "renhou_yakuman", "daisharin", "daichikurin", "daisuurin", "daichisei",
    "paarenchan", "open_riichi", "double_open_riichi", "sashikomi"})
"""The local yaku (docs/rules.md §12): rows that hold only under their ``Rules`` option."""


def may_be_yakuman(c: YakuContext) -> bool:
    """A cheap necessary condition for every yakuman check (the scorer's fast path).

    When it is False no yakuman row can hold, so the scorer skips the yakuman checks.
    Adding a yakuman row means making sure this stays a necessary condition for it
    (the project's tests check it on every yakuman example and corpus hand).
    """
    if (c.tenhou or c.chiihou or c.form == FORM_KOKUSHI or c.ankou == 4 or c.kans == 4
            or c.renhou or c.paarenchan or c.sashikomi):
        return True
    m = c.mask
    if not (m & ~_HONORS) or not (m & ~_TERMINALS) or not (m & ~_GREEN):
        return True   # tsuuiisou, chinroutou, ryuuiisou
    t = c.triplets
    if len(t) >= 3 and t[-3] >= 27:
        return True   # three honor triplets: daisangen, shousuushii, daisuushi
    if c.closed and not c.kans and not (m & _HONORS) and _one_suit(m):
        return True   # chuuren, daisharin
    return False
assert all(y.id < 64 for y in YAKU) and len(BY_ID) == len(YAKU)


def yaku_names(mask: int) -> list:
    """Names of the rows whose bits are set in ``mask``, by id.

    >>> yaku_names((1 << 1) | (1 << 7))
    ['riichi', 'pinfu']
    """
    return [y.name for y in YAKU if mask >> y.id & 1]

