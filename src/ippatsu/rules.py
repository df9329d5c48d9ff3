"""Rule options: one immutable :class:`Rules` value and its presets.

Every option that the rules reference (``docs/rules.md``) names, or leaves open, is a field of :class:`Rules`; the
defaults are the Ippatsu rules (``docs/rules.md`` §1–§8). Evaluation never mutates a ``Rules``
(it is a frozen dataclass); derive a variant with :meth:`Rules.replace`.

Presets (``docs/rules.md`` §10) and how they differ from the default ``Rules.ippatsu()``:

=============================  ===========  ===========  ===========  ===========
option                         ippatsu      tenhou       majsoul      planet
=============================  ===========  ===========  ===========  ===========
``ron_mode``                   atamahane    double       atamahane    double
``double_yakuman``             True         **False**    True         True
``kokushi_robs_closed_kan``    True         **False**    True         **False**
``pao_rinshan``                True         **False**    True         **False**
``pao_whole_hand``             True         True         True         **False**
``pao_ron_honba``              False        **True**     False        False
``furiten_on_yakuless_pass``   False        False        False        **True**
``nagashi_mode``               win          **draw**     win          win
``last_dealer_stop``           off          **auto**     off          **auto**
``west_extension``             False        **True**     False        False
``game_length``                half         half         half         **east**
``open_kan_dora_delayed``      True         **False**    True         True
=============================  ===========  ===========  ===========  ===========

Three-player presets (``players=3``, docs/rules.md §11): ``ippatsu_sanma`` (the Ippatsu rules
for three, tsumo ``split``), ``tenhou_sanma`` and ``majsoul_sanma`` (tsumo ``loss``, 35,000
start, 40,000 return, uma +20/0/-20, honba 200 / 100, noten 2,000).

Everything else (open tanyao, kazoe yakuman at 13 han, no kiriage, yakuman stacking, red
fives, 4-fu double-wind pair, 300/100 honba, uma +20/+10/−10/−20 with a 30,000 return)
is the same in all four presets. ``majsoul`` scores exactly as ``ippatsu`` (docs/rules.md §10:
"scoring as ippatsu"); it exists so callers can name the ruleset of the Mahjong Soul corpus.
``planet`` follows the Mahjong Planet rules page (preset planet-riichi-red-3-v1): two rons on one discard,
three abort; no kokushi robbing of a closed kan; liability only for daisangen/daisuushi
feeds and only for that yakuman's part of the hand; passing a discard that completes the
hand's shape is temporary furiten even without a yaku; East-only ranked games; the
last-hand dealer in first place with ≥ 30,000 ends the game automatically after a win or
a tenpai draw ("ends with a win or a tenpai draw by the engine's automatic stop rule").

Examples
--------
>>> Rules.ippatsu().kiriage
False
>>> Rules.tenhou().double_yakuman
False
>>> Rules.ippatsu().replace(kiriage=True).kiriage
True
>>> Rules.tenhou()
Rules.tenhou()
>>> Rules.tenhou().replace(kiriage=True)
Rules.tenhou().replace(kiriage=True)
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any, Optional

from ._codes import MAX_RED_PER_SUIT, red_five_ids

__all__ = [
    "Rules",
    "RonMode",
    "NagashiMode",
    "GameLength",
    "LastDealerStop",
    "SanmaTsumo",
    "Renhou",
    "Paarenchan",
    "Daisharin",
    "RiichiKan",
    "TiedPlacement",
    "DOUBLE_YAKUMAN_PATTERNS",
    "PAO_KINDS",
]

DOUBLE_YAKUMAN_PATTERNS = ("kokushi_13", "suuankou_tanki", "chuuren_pure", "daisuushi")
"""The yakuman patterns that may count double (``Rules.double_yakuman_patterns``)."""

PAO_KINDS = ("daisangen", "daisuushi", "suukantsu")
"""The yakuman a feeder may be liable for (``Rules.pao_yakuman``)."""

#: JPML's placement points by the number of players at or above the 30,000 return
#: (``Rules.uma_floating`` of ``renmei``): one, two, three floating
_JPML_UMA = ((12, -1, -3, -8), (8, 4, -4, -8), (8, 3, 1, -12))


def _listed(v: Any) -> Any:
    """Tuples (nested ones too) as lists: the JSON form of an option."""
    return [_listed(x) for x in v] if isinstance(v, tuple) else v


class RonMode(str, Enum):
    """Several players claiming ron on one discard (docs/rules.md §8)."""

    ATAMAHANE = "atamahane"
    """Only the claimant closest to the discarder in turn order wins."""
    DOUBLE = "double"
    """Up to two claimants win; three claims abort the hand."""
    TRIPLE = "triple"
    """Every claimant (up to three) wins."""
    DOUBLE_HEAD_BUMP = "double_head_bump"
    """Up to two claimants win; of three claims the two closest to the discarder in turn
    order win (no abort)."""


class NagashiMode(str, Enum):
    """How nagashi mangan settles (docs/rules.md §8, §10)."""

    WIN = "win"
    """Paid as a mangan tsumo and treated as a win: no noten payments, honba/deposits go
    to the qualifier closest to the dealer, dealer repeats only if the dealer qualified."""
    DRAW = "draw"
    """Paid as a mangan tsumo, but the hand otherwise ends as an exhaustive draw (dealer
    repeat by tenpai, honba +1, deposits stay, no noten payments) — Tenhou."""


class GameLength(str, Enum):
    """Game length (docs/rules.md §8)."""

    EAST = "east"
    """East-only game (tonpuusen): E1–E4."""
    HALF = "half"
    """Half game (hanchan): E1–S4."""


class LastDealerStop(str, Enum):
    """What happens when the dealer of the last regular hand repeats (a win, or tenpai at
    an exhaustive draw when ``last_dealer_stop_tenpai``) while in first place with at
    least ``last_dealer_stop_min`` points."""

    OFF = "off"
    """The game always continues with a dealer repeat."""
    OPTIONAL = "optional"
    """The dealer chooses: the table offers the dealer ``STOP`` (end the game) or ``PASS``
    (play on) before the next hand."""
    AUTO = "auto"
    """The game ends at once."""


class SanmaTsumo(str, Enum):
    """Who pays a tsumo in three-player mahjong (docs/rules.md §11): the North seat does
    not exist, so its share of a tsumo is either lost or split between the two payers."""

    LOSS = "loss"
    """Tsumo loss (tsumo-zon): the two others pay their four-player shares; the missing
    North's share is not paid (Tenhou, Mahjong Soul's default)."""
    SPLIT = "split"
    """The missing North's share (and its honba) is divided equally between the two payers,
    each half rounded up to 100 (Mahjong Soul's "North-bisection" option; seeds/002)."""


class Renhou(str, Enum):
    """Renhou: a non-dealer's ron before their first draw, with no call before it
    (docs/rules.md §12)."""

    OFF = "off"
    """No renhou (the Ippatsu rules, Tenhou, Mahjong Soul)."""
    MANGAN = "mangan"
    """Worth a mangan, or the hand's value without it when that is more."""
    BAIMAN = "baiman"
    """Worth a baiman, or the hand's value without it when that is more."""
    YAKUMAN = "yakuman"
    """A yakuman."""
    YAKU = "yaku"
    """A 5-han yaku counted with the hand's other yaku and dora."""


class Paarenchan(str, Enum):
    """Paarenchan: the dealer's eighth consecutive win is a yakuman (docs/rules.md §12)."""

    OFF = "off"
    WITH_YAKU = "with_yaku"
    """The winning hand still needs a yaku of its own."""
    ALWAYS = "always"
    """Any complete hand wins as paarenchan."""


class RiichiKan(str, Enum):
    """Which closed kans a player in riichi may declare (docs/rules.md §8)."""

    WAITS = "waits"
    """Only one that leaves the waits as they were (the Ippatsu rules)."""
    READINGS = "readings"
    """Only one that changes neither the waits nor any reading of the hand: the kind is
    a triplet in every reading of every winning hand."""
    NEVER = "never"
    """None (Mu)."""


class Daisharin(str, Enum):
    """Daisharin: 22334455667788 of one suit, concealed, a yakuman (docs/rules.md §12)."""

    OFF = "off"
    PIN = "pin"
    """Pin only (daisharin)."""
    ALL = "all"
    """Any suit: daisharin (pin), daichikurin (sou), daisuurin (man)."""


class TiedPlacement(str, Enum):
    """How players with equal points at the end of the game are placed."""

    SEAT = "seat"
    """The player nearer the first dealer (East of the first hand, then South, West,
    North) takes the higher place and its uma (Tenhou, Mahjong Soul)."""
    SPLIT = "split"
    """Tied players share their places: the uma (and the oka, when first place is among
    them) of the places they hold is added up and divided evenly (WRC, EMA and the
    Japanese professional leagues)."""


@dataclass(frozen=True, repr=False)
class Rules:
    """An immutable set of rule options. Defaults are the Ippatsu rules.

    Scoring (docs/rules.md §4–§7)
    ------------------------
    open_tanyao : bool
        Tanyao is allowed in an open hand (kuitan). Default True.
    kazoe_yakuman : bool
        13+ han from ordinary yaku and dora is a (single) yakuman; when off, 13+ han is
        sanbaiman. Default True.
    kiriage : bool
        Round 4 han 30 fu and 3 han 60 fu up to mangan. Default False.
    double_yakuman : bool
        13-sided kokushi, tanki suuankou, pure chuuren and daisuushi count as double
        yakuman; when off each counts once. Default True.
    yakuman_stacking : bool
        Different yakuman add up; when off the hand is worth its largest single yakuman.
        Default True.
    double_wind_pair_fu : int
        Fu for a pair that is both the round and the seat wind (2 or 4). Default 4.
    red_fives : bool
        The three red fives are in play (one in each suit) and each is +1 dora. Default
        True. A tuple of three counts is read as ``red_five_counts`` (``red_fives`` is then
        True when any count is above 0).
    red_five_counts : tuple of 3 ints, or None
        Red fives per suit (man, pin, sou), each 0-4: the first copies of that suit's five
        are red (:func:`ippatsu._codes.red_five_ids`), each +1 dora. None (default): one
        per suit with ``red_fives``, none without. Real sets: ``(1, 2, 1)`` (four reds, two
        of them 5p), ``(0, 2, 2)`` (three players). Stored as None when it says the same as
        ``red_fives``, so equal rules compare equal.
    ura_dora, kan_dora, kan_ura : bool
        Ura dora for riichi winners, one more indicator per kan, ura under kan indicators.
    open_kan_dora_delayed : bool
        True (docs/rules.md §5): the indicator of an open or added kan turns only after the
        following discard passes without a ron, so a ron on that discard does not count
        it. False (Tenhou, checked against the records): it turns when the kan player
        discards, before any ron on that discard. Default True.

    Local yaku and limits (docs/rules.md §12)
    -----------------------------------------
    kazoe_multiple : bool
        A counted yakuman is one yakuman per 13 han (26 han: double, 39: triple) instead
        of a single one. Needs ``kazoe_yakuman``. Default False.
    double_yakuman_patterns : tuple of str
        The patterns that count double when ``double_yakuman`` is on: any of
        ``"kokushi_13"``, ``"suuankou_tanki"``, ``"chuuren_pure"``, ``"daisuushi"``.
        Default all four.
    aotenjou : bool
        No limits at all: every hand is paid ``fu × 2^(han+2)`` uncapped, a yakuman
        counting 13 han per multiple (dora do not add to it). ``score()`` only
        (``score_batch``'s int32 points cannot hold it). Default False.
    renhou : Renhou
        ``OFF`` (default), ``MANGAN``, ``BAIMAN``, ``YAKUMAN`` or ``YAKU`` (5 han).
    paarenchan : Paarenchan
        ``OFF`` (default), ``WITH_YAKU`` or ``ALWAYS``.
    daisharin : Daisharin
        ``OFF`` (default), ``PIN`` or ``ALL``.
    daichisei : bool
        Seven pairs of honors is daichisei, a yakuman on top of tsuuiisou. Default False.
    ryuuiisou_hatsu : bool
        All green (ryuuiisou) needs the Green dragon in the hand; without it the hand is
        only a green flush. Default False (JPML: True).
    open_riichi : bool
        Open riichi exists: 2 han (3 for a double open riichi) instead of riichi's 1 / 2.
        Default False.
    sashikomi_yakuman : bool
        A ron on an open riichi from a player not in riichi is a yakuman. Needs
        ``open_riichi``. Default False.
    ippatsu_yaku : bool
        Ippatsu exists (the professional leagues JPML and Mu play without it). Default
        True.

    Payments (docs/rules.md §7, §8)
    --------------------------
    honba_ron : int
        Points per honba on a ron, paid by the discarder. Default 300.
    honba_tsumo : int
        Points per honba from each payer on a tsumo. Default 100.
    riichi_deposit : int
        Value of one riichi stick. Default 1,000.
    pao_rinshan : bool
        Feeding an open kan makes the feeder liable for a win on that kan's replacement
        tile. Default True.
    pao_yakuman : tuple of str
        The yakuman whose completing feed makes the feeder liable: any of
        ``"daisangen"`` (the third dragon set), ``"daisuushi"`` (the fourth wind set),
        ``"suukantsu"`` (the fourth kan, by an open kan). Default
        ``("daisangen", "daisuushi")``.
    pao_whole_hand : bool
        What a liable player answers for. True (the default; Tenhou too): the whole hand,
        every yakuman in it — on a tsumo the liable player pays the entire amount and the
        honba alone, on a ron the discarder and the liable player split the hand's value.
        False (``planet``): only the yakuman that caused liability (daisangen /
        daisuushi); the rest of a multi-yakuman hand is paid as usual (the
        others' tsumo shares, or the discarder). Default True.
    pao_ron_honba : bool
        On a ron with a liable player other than the discarder, the liable player pays the
        honba (the discarder pays only half the hand's value) — Tenhou. Default False: the
        discarder pays the honba.
    nagashi_mangan : bool
        Nagashi mangan exists. Default True.
    nagashi_mode : NagashiMode
        ``WIN`` (default) or ``DRAW`` (Tenhou).
    noten_payment : int
        Total moved from noten to tenpai players at an exhaustive draw. Default 3,000.
    noten_pool : bool
        The noten players pay into the pool instead: at an exhaustive draw with some
        players tenpai and some not, each noten player puts one deposit
        (``riichi_deposit``) on the table, and the next winner takes it with the riichi
        deposits; nothing goes to the tenpai players. Needs a noten penalty
        (``noten_payment`` not 0). Default False.
    noten_declaration : bool
        At an exhaustive draw each tenpai player chooses to show the hand (``PASS``) or to
        declare noten (``ActionType.NOTEN``, hiding it): a player who declares noten is
        noten for the noten payments and the dealer's repeat. When off (default) every
        tenpai hand is shown and counts as tenpai. Not offered when nagashi mangan settles
        the hand as a win.

    Table (docs/rules.md §8)
    -------------------
    kuikae_allowed : bool
        Swap-calling (kuikae) is allowed: right after a chi or pon the caller may discard
        the kind just called, or (after a chi) the kind at the other end of the run, and a
        call is offered even when it leaves only such tiles to discard. Default False (no
        swap-calling); True in ``mu`` (and the EMA rules before 2016).
    ron_mode : RonMode
        ``ATAMAHANE`` (default), ``DOUBLE`` (two win, three abort), ``TRIPLE`` or
        ``DOUBLE_HEAD_BUMP`` (two win; of three, the two closest to the discarder).
    honba_to_first_winner_only : bool
        With several ron winners only the one closest to the discarder takes honba and
        deposits. Default True.
    kokushi_robs_closed_kan : bool
        Kokushi may ron the tile of a closed kan. Default True.
    furiten_on_yakuless_pass : bool
        Letting pass a discard that completes your hand's shape makes you temporarily
        furiten even when that shape has no yaku (so no ron was offered) — ``planet``.
        Default False: only passing a legal ron (or chankan) does.
    riichi_min_points, riichi_min_wall : int
        Riichi needs at least 1,000 points and 4 tiles left in the live wall.
    closed_kan_after_riichi : RiichiKan
        ``WAITS`` (default: a closed kan that keeps the waits), ``READINGS`` (that keeps
        every reading of the hand too) or ``NEVER``.
    max_kans : int
        Kans per hand, all players together. Default 4.
    abort_nine_terminals, abort_four_winds, abort_four_riichi, abort_four_kans : bool
        The abortive draws. Default all True.
    game_length : GameLength
        ``HALF`` (default) or ``EAST``; an Ippatsu stage sets it.
    west_extension : bool
        A half game in which nobody reaches ``return_points`` goes on into the West round
        (Tenhou). Default False.
    bust_ends_game : bool
        The game ends at once when a player is below 0. Default True.
    last_dealer_stop : LastDealerStop
        Default ``OFF``.
    last_dealer_stop_min : int
        Points the last-hand dealer needs to stop. Default 30,000.
    last_dealer_stop_tenpai : bool
        The stop applies after the dealer's tenpai at an exhaustive draw too, not only
        after a dealer win. Default True; False in ``tenhou`` (records go on after an
        all-last dealer tenpai in first place).
    dealer_repeat_tenpai : bool
        The dealer keeps the seat after being tenpai at an exhaustive draw (honba +1).
        Default True; False (``saikouisen_classic``: a dealer repeats only by winning,
        agari renchan) passes the deal on after every exhaustive draw, tenpai or not.
    deposits_to_first : bool
        Deposits left on the table at game end go to the first-placed player. Default True.
    tied_placement : TiedPlacement
        Players tied on points at the end: ``SEAT`` (default: the player nearer the first
        dealer is placed higher) or ``SPLIT`` (they share the uma and oka of their places;
        leftover deposits going to first place are shared by the players tied for it).
    starting_points : int
        25,000.
    return_points : int
        30,000 (the top bonus, oka, is ``4 × (return − starting)`` = 20,000).
    uma : tuple of ints, one per player
        Placement bonus in thousands: (20, 10, -10, -20); three values for three players.
    uma_floating : tuple of uma tuples
        Placement bonus that depends on how many players end at or above the return
        (``return_points``, "floating"): row ``k - 1`` is the uma when ``k`` players
        float, ``k`` = 1 to ``players - 1`` (JPML: one floating +12/−1/−3/−8, two
        +8/+4/−4/−8, three +8/+3/+1/−12); ``uma`` applies when none or all do. Default
        ``()``: ``uma`` always.

    Three players (docs/rules.md §11)
    ---------------------------------
    players : int
        4 (default) or 3. With 3 the tiles 2m-8m do not exist (108 tiles), there is no
        North seat (seat winds and round winds are East, South, West), no chi, and the
        dora after a 1m indicator is 9m.
    sanma_tsumo : SanmaTsumo
        Three players only: ``LOSS`` (default; the missing North's share of a tsumo is not
        paid) or ``SPLIT`` (it is divided between the two payers).
    nukidora : bool
        Three players only: a North may be set aside (declared) as a dora, with a
        replacement draw. Default True. A North that is not declared is an ordinary tile
        (a guest wind: no yaku, no pair fu).
    nukidora_dora : int
        Han for each North set aside. Default 1 (each also counts as a dora of a West
        indicator, like any North).

    Flower tiles (docs/rules.md §12 "Flower tiles")
    -----------------------------------------------
    flowers : bool
        Four flower tiles join the wall (ids 136-139, written ``1f``-``4f``): 140 tiles, a
        dead wall of 18 (8 replacement tiles, the first dora indicator on its fifth stack).
        A flower is never played: it is set aside at the deal or when drawn
        (:attr:`~ippatsu.table.ActionType.NUKIDORA`, the only legal action while it is
        held), a replacement tile is drawn, and each flower set aside adds one han of dora
        to a win that has a yaku (``score(flowers=n)``). Four players only. Default False
        (an optional rule of the Korean rule book; no preset turns it on).
    """

    # scoring
    open_tanyao: bool = True
    kazoe_yakuman: bool = True
    kiriage: bool = False
    double_yakuman: bool = True
    yakuman_stacking: bool = True
    double_wind_pair_fu: int = 4
    red_fives: bool = True
    red_five_counts: Optional[tuple] = None
    ura_dora: bool = True
    kan_dora: bool = True
    kan_ura: bool = True
    open_kan_dora_delayed: bool = True
    # local yaku and limits (docs/rules.md §12)
    kazoe_multiple: bool = False
    double_yakuman_patterns: tuple = DOUBLE_YAKUMAN_PATTERNS
    aotenjou: bool = False
    renhou: Renhou = Renhou.OFF
    paarenchan: Paarenchan = Paarenchan.OFF
    daisharin: Daisharin = Daisharin.OFF
    daichisei: bool = False
    ryuuiisou_hatsu: bool = False
    open_riichi: bool = False
    sashikomi_yakuman: bool = False
    ippatsu_yaku: bool = True
    # payments
    honba_ron: int = 300
    honba_tsumo: int = 100
    riichi_deposit: int = 1000
    pao_rinshan: bool = True
    pao_yakuman: tuple = ("daisangen", "daisuushi")
    pao_whole_hand: bool = True
    pao_ron_honba: bool = False
    nagashi_mangan: bool = True
    nagashi_mode: NagashiMode = NagashiMode.WIN
    noten_payment: int = 3000
    noten_pool: bool = False
    noten_declaration: bool = False
    # table
    kuikae_allowed: bool = False
    ron_mode: RonMode = RonMode.ATAMAHANE
    honba_to_first_winner_only: bool = True
    kokushi_robs_closed_kan: bool = True
    furiten_on_yakuless_pass: bool = False
    riichi_min_points: int = 1000
    riichi_min_wall: int = 4
    closed_kan_after_riichi: RiichiKan = RiichiKan.WAITS
    max_kans: int = 4
    abort_nine_terminals: bool = True
    abort_four_winds: bool = True
    abort_four_riichi: bool = True
    abort_four_kans: bool = True
    game_length: GameLength = GameLength.HALF
    west_extension: bool = False
    bust_ends_game: bool = True
    last_dealer_stop: LastDealerStop = LastDealerStop.OFF
    last_dealer_stop_min: int = 30000
    last_dealer_stop_tenpai: bool = True
    dealer_repeat_tenpai: bool = True
    deposits_to_first: bool = True
    tied_placement: TiedPlacement = TiedPlacement.SEAT
    starting_points: int = 25000
    return_points: int = 30000
    uma: tuple = (20, 10, -10, -20)
    uma_floating: tuple = ()
    # three players
    players: int = 4
    sanma_tsumo: SanmaTsumo = SanmaTsumo.LOSS
    nukidora: bool = True
    nukidora_dora: int = 1
    # flower tiles
    flowers: bool = False
    name: str = "ippatsu"

    def __post_init__(self) -> None:
        from .errors import IppatsuError

        # accept plain strings for the enum fields, normalise to the enums
        for f, enum in (("ron_mode", RonMode), ("nagashi_mode", NagashiMode),
                        ("game_length", GameLength), ("last_dealer_stop", LastDealerStop),
                        ("sanma_tsumo", SanmaTsumo), ("renhou", Renhou),
                        ("paarenchan", Paarenchan), ("daisharin", Daisharin),
                        ("closed_kan_after_riichi", RiichiKan),
                        ("tied_placement", TiedPlacement)):
            v = getattr(self, f)
            if not isinstance(v, enum):
                try:
                    object.__setattr__(self, f, enum(v))
                except (ValueError, TypeError):
                    raise IppatsuError(f"{f} must be one of "
                                       f"{', '.join(repr(m.value) for m in enum)}, not {v!r}",
                                       code="bad_rules") from None
        self._check_red_fives()
        if self.double_wind_pair_fu not in (2, 4):
            raise IppatsuError(f"double_wind_pair_fu must be 2 or 4, not "
                               f"{self.double_wind_pair_fu!r}", code="bad_rules")
        if type(self.players) is not int or self.players not in (3, 4):
            raise IppatsuError(f"players must be 4 or 3, not {self.players!r}",
                               code="bad_rules")
        if type(self.flowers) is not bool:
            raise IppatsuError(f"flowers must be True or False, not {self.flowers!r}",
                               code="bad_rules")
        if self.flowers and self.players != 4:
            raise IppatsuError(f"flowers=True and players={self.players}: flower tiles are "
                               f"a four-player rule (these options cannot combine)",
                               code="bad_rules")
        if type(self.nukidora_dora) is not int or self.nukidora_dora < 0:
            raise IppatsuError(f"nukidora_dora must be an int >= 0, not "
                               f"{self.nukidora_dora!r}", code="bad_rules")
        try:
            uma = tuple(self.uma)
        except TypeError:
            uma = ()
        if len(uma) != self.players:
            raise IppatsuError(f"uma needs one value per player ({self.players} for "
                               f"{self.players} players), not {self.uma!r}", code="bad_rules")
        object.__setattr__(self, "uma", uma)
        self._check_uma_floating()
        pats = self.double_yakuman_patterns
        if isinstance(pats, str) or not all(isinstance(p, str) for p in
                                            (pats if hasattr(pats, "__iter__") else (1,))):
            raise IppatsuError(f"double_yakuman_patterns must be a tuple of names out of "
                               f"{', '.join(DOUBLE_YAKUMAN_PATTERNS)}, not {pats!r}",
                               code="bad_rules")
        bad = [p for p in pats if p not in DOUBLE_YAKUMAN_PATTERNS]
        if bad:
            raise IppatsuError(f"double_yakuman_patterns: {bad[0]!r} is not one of "
                               f"{', '.join(DOUBLE_YAKUMAN_PATTERNS)}", code="bad_rules")
        # canonical order, so equal choices compare equal
        object.__setattr__(self, "double_yakuman_patterns",
                           tuple(p for p in DOUBLE_YAKUMAN_PATTERNS if p in pats))
        kinds = self.pao_yakuman
        if (isinstance(kinds, str) or not hasattr(kinds, "__iter__")
                or any(k not in PAO_KINDS for k in kinds)):
            raise IppatsuError(f"pao_yakuman must be a tuple of names out of "
                               f"{', '.join(PAO_KINDS)}, not {kinds!r}", code="bad_rules")
        object.__setattr__(self, "pao_yakuman", tuple(k for k in PAO_KINDS if k in kinds))
        for a, b, ok in (
                ("kazoe_multiple", "kazoe_yakuman",
                 not self.kazoe_multiple or self.kazoe_yakuman),
                ("sashikomi_yakuman", "open_riichi",
                 not self.sashikomi_yakuman or self.open_riichi),
                ("noten_pool", "noten_payment",
                 not self.noten_pool or self.noten_payment != 0)):
            if not ok:
                raise IppatsuError(f"{a}={getattr(self, a)!r} needs {b} (it is "
                                   f"{getattr(self, b)!r}): these options cannot combine",
                                   code="bad_rules")

    def _check_uma_floating(self) -> None:
        """Normalise ``uma_floating`` to a tuple of tuples: none, or one uma (one value
        per player) for each count of floating players from 1 to ``players - 1``."""
        from .errors import IppatsuError

        rows = self.uma_floating
        n = self.players
        try:
            rows = tuple(tuple(r) for r in rows)
        except TypeError:
            rows = None
        if rows is None or (rows and (len(rows) != n - 1 or any(
                len(r) != n or not all(isinstance(u, (int, float)) and not isinstance(u, bool)
                                       for u in r) for r in rows))):
            raise IppatsuError(f"uma_floating needs one uma of {n} numbers for each count of "
                               f"players at or above the return from 1 to {n - 1} ({n - 1} "
                               f"rows), or none, not {self.uma_floating!r}", code="bad_rules")
        object.__setattr__(self, "uma_floating", rows)

    def uma_in_play(self, scores) -> tuple:
        """The uma for the final ``scores`` (after deposits left to first place):
        ``uma_floating``'s row for the number of players at or above ``return_points``,
        or ``uma`` when that row does not exist (none or every player floating, or no
        ``uma_floating``).

        >>> Rules.renmei().uma_in_play([45000, 32000, 23000, 20000])
        (8, 4, -4, -8)
        >>> Rules.renmei().uma_in_play([45000, 29000, 26000, 20000])
        (12, -1, -3, -8)
        """
        rows = self.uma_floating
        if rows:
            k = sum(1 for s in scores if s >= self.return_points)
            if 1 <= k <= len(rows):
                return rows[k - 1]
        return self.uma

    def _check_red_fives(self) -> None:
        """Normalise ``red_fives`` / ``red_five_counts`` (see the class docstring)."""
        from .errors import IppatsuError

        rf, counts = self.red_fives, self.red_five_counts
        if isinstance(rf, (tuple, list)):
            if counts is not None and tuple(counts) != tuple(rf):
                raise IppatsuError(f"red_fives={rf!r} and red_five_counts={counts!r} say "
                                   f"different things: these options cannot combine",
                                   code="bad_rules")
            counts, rf = rf, True
        elif type(rf) is not bool and rf not in (0, 1):
            raise IppatsuError(f"red_fives must be True, False or three counts (man, pin, "
                               f"sou), not {rf!r}", code="bad_rules")
        if counts is not None:
            try:
                counts = tuple(counts)
            except TypeError:
                counts = ()
            if len(counts) != 3 or any(type(c) is not int or not 0 <= c <= MAX_RED_PER_SUIT
                                       for c in counts):
                raise IppatsuError(f"red_five_counts must be three ints 0-{MAX_RED_PER_SUIT} "
                                   f"(man, pin, sou), not {self.red_five_counts!r}"
                                   if not isinstance(self.red_fives, (tuple, list)) else
                                   f"red_fives as counts must be three ints "
                                   f"0-{MAX_RED_PER_SUIT} (man, pin, sou), not "
                                   f"{self.red_fives!r}", code="bad_rules")
            if not rf and any(counts):
                raise IppatsuError(f"red_fives=False and red_five_counts={counts!r}: these "
                                   f"options cannot combine (no red fives, yet some "
                                   f"counted)", code="bad_rules")
            rf = any(counts)
            if counts == ((1, 1, 1) if rf else (0, 0, 0)):
                counts = None
        object.__setattr__(self, "red_fives", bool(rf))
        object.__setattr__(self, "red_five_counts", counts)

    @property
    def red_counts(self) -> tuple:
        """Red fives per suit (man, pin, sou): ``red_five_counts``, or what ``red_fives``
        says ((1, 1, 1) or (0, 0, 0))."""
        c = self.red_five_counts
        if c is None:
            return (1, 1, 1) if self.red_fives else (0, 0, 0)
        return c

    @property
    def red_ids(self) -> frozenset:
        """The 136-ids that are red fives under these rules (empty with ``red_fives``
        off): :func:`ippatsu._codes.red_five_ids` of :attr:`red_counts`."""
        return red_five_ids(self.red_counts)

    @property
    def standard_reds(self) -> bool:
        """True when the reds are the standard ones: one per suit, or none (Tenhou's
        records know only these; scoring, the table, the envs and mjai logs play any
        counts: docs/rules.md)."""
        return self.red_five_counts is None

    @property
    def double_mask(self) -> int:
        """Bits (yaku ids) of the yakuman rows that count double under these rules: the
        ``double_yakuman_patterns`` when ``double_yakuman`` is on, else none."""
        if not self.double_yakuman:
            return 0
        from .yaku import BY_NAME

        m = 0
        for p in self.double_yakuman_patterns:
            m |= BY_NAME[p].bit
        return m

    def yakuman_multiple(self, row) -> int:
        """The multiple of one yakuman row (a :class:`~ippatsu.yaku.Yaku`) under these
        rules: 2 for a double pattern counted double, else 1."""
        return row.yakuman if self.double_mask >> row.id & 1 else 1

    def __repr__(self) -> str:
        """Short and evaluable: ``Rules.tenhou()`` for a preset, else the preset named by
        ``name`` (``Rules.ippatsu()`` for an unknown name) plus ``.replace(...)`` with only
        the fields that differ from it."""
        make = _PRESET_MAKERS.get(self.name)
        base = make() if make is not None else Rules()
        label = self.name if make is not None else "ippatsu"
        diff = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if v != getattr(base, f.name):
                diff.append(f"{f.name}={v.value!r}" if isinstance(v, Enum)
                            else f"{f.name}={v!r}")
        head = f"Rules.{label}()"
        return f"{head}.replace({', '.join(diff)})" if diff else head

    # -- derived values ---------------------------------------------------------------
    @property
    def oka(self) -> int:
        """Top bonus: ``players × (return_points − starting_points)`` (20,000 by default)."""
        return self.players * (self.return_points - self.starting_points)

    # -- construction -----------------------------------------------------------------
    def replace(self, **changes: Any) -> "Rules":
        """A copy with some fields changed (the original is untouched). An unknown field
        raises IppatsuError ``bad_rules`` naming it and the closest field names.

        >>> Rules().replace(kiriage=True).kiriage
        True
        """
        check_fields(changes)
        if "red_fives" in changes and "red_five_counts" not in changes:
            changes["red_five_counts"] = None  # red_fives alone says every count
        elif changes.get("red_five_counts") is not None and "red_fives" not in changes:
            changes["red_fives"] = True  # the counts alone say whether reds are in play
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        """JSON-able dict of every option (enums as their string values)."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = v.value if isinstance(v, Enum) else _listed(v)
        return out

    @classmethod
    def ippatsu(cls) -> "Rules":
        """The Ippatsu rules (docs/rules.md §1–§8): the defaults."""
        return cls()

    @classmethod
    def tenhou(cls, at: Any = None) -> "Rules":
        """Tenhou's ranked four-player rooms (docs/rules.md §10; Tenhou's game records).

        ``at`` (a ``datetime.date``, ``datetime.datetime`` or ISO string ``"2010-03-01"``)
        gives the rules that were in force on that day (Tenhou changed some over the
        years; see :mod:`ippatsu._tenhou_timeline`); ``None`` means today's rules.
        """
        today = cls._tenhou_today()
        if at is None:
            return today
        from ._tenhou_timeline import tenhou_rules_at

        return tenhou_rules_at(today, at)

    @classmethod
    def _tenhou_today(cls) -> "Rules":
        return cls(
            name="tenhou",
            ron_mode=RonMode.DOUBLE,
            double_yakuman=False,
            kokushi_robs_closed_kan=False,
            pao_rinshan=False,
            pao_ron_honba=True,
            nagashi_mode=NagashiMode.DRAW,
            last_dealer_stop=LastDealerStop.AUTO,
            last_dealer_stop_min=0,
            west_extension=True,
            open_kan_dora_delayed=False,
        )

    @classmethod
    def majsoul(cls) -> "Rules":
        """Mahjong Soul ranked: scored exactly as ``ippatsu`` (docs/rules.md §10)."""
        return cls(name="majsoul")

    @classmethod
    def planet(cls) -> "Rules":
        """Mahjong Planet ``planet-riichi-red-3-v1`` (docs/rules.md §10; the Mahjong Planet rules page)."""
        return cls(
            name="planet",
            ron_mode=RonMode.DOUBLE,
            kokushi_robs_closed_kan=False,
            pao_rinshan=False,
            pao_whole_hand=False,
            furiten_on_yakuless_pass=True,
            game_length=GameLength.EAST,
            last_dealer_stop=LastDealerStop.AUTO,
            last_dealer_stop_min=30000,
        )

    # -- three players (docs/rules.md §11) ---------------------------------------------
    @classmethod
    def ippatsu_sanma(cls) -> "Rules":
        """The Ippatsu rules for three players (docs/rules.md §11): no chi, 2m-8m removed,
        a North may be set aside as a dora, and a tsumo is paid by the two others with the
        missing North's share split between them."""
        return cls(name="ippatsu_sanma", players=3, sanma_tsumo=SanmaTsumo.SPLIT,
                   abort_four_winds=False, abort_four_riichi=False, uma=(20, 0, -20))

    @classmethod
    def tenhou_sanma(cls) -> "Rules":
        """Tenhou's ranked three-player rooms (docs/rules.md §11): Tenhou's rules with tsumo
        loss, North set aside as dora, 35,000 start / 40,000 return, uma +20/0/-20,
        honba 200 on a ron / 100 from each payer of a tsumo, 2,000 noten payment."""
        return cls._tenhou_today().replace(
            name="tenhou_sanma", players=3, sanma_tsumo=SanmaTsumo.LOSS,
            starting_points=35000, return_points=40000, uma=(20, 0, -20), honba_ron=200,
            honba_tsumo=100, noten_payment=2000, abort_four_winds=False,
            abort_four_riichi=False)

    @classmethod
    def majsoul_sanma(cls) -> "Rules":
        """Mahjong Soul's three-player rooms (docs/rules.md §11): scored as ``majsoul`` with
        tsumo loss (its default), North set aside as dora, 35,000 start / 40,000 return,
        honba 200 on a ron / 100 from each payer of a tsumo, 2,000 noten payment."""
        return cls(
            name="majsoul_sanma", players=3, sanma_tsumo=SanmaTsumo.LOSS,
            starting_points=35000, return_points=40000, uma=(20, 0, -20), honba_ron=200,
            honba_tsumo=100, noten_payment=2000, abort_four_winds=False,
            abort_four_riichi=False)

    # -- league and tournament presets (docs/rules.md §10; each cites its sources in
    #    PRESET_SOURCES; what a preset cannot express yet is listed there too) -----------
    @classmethod
    def wrc(cls) -> "Rules":
        """World Riichi Championship rules: 30,000 start and return, uma +15/+5/-5/-15
        shared by tied players, no red fives, no abortive draws, no nagashi mangan, 4 han
        30 fu (and 3 han 60 fu) rounded up to a mangan, no counted yakuman, every yakuman
        single and not cumulative, renhou a 5-han yaku counted with the others, no
        liability for an open kan's replacement tile, head bump, deposits left at the end
        not given to first place."""
        return cls(
            name="wrc", starting_points=30000, return_points=30000, uma=(15, 5, -5, -15),
            red_fives=False, abort_nine_terminals=False, abort_four_winds=False,
            abort_four_riichi=False, abort_four_kans=False, kazoe_yakuman=False,
            double_yakuman=False, yakuman_stacking=False, renhou=Renhou.YAKU,
            pao_rinshan=False, kiriage=True, nagashi_mangan=False, deposits_to_first=False,
            tied_placement=TiedPlacement.SPLIT)

    @classmethod
    def ema(cls) -> "Rules":
        """EMA Riichi Competition Rules (2016): the WRC rules with double and triple ron,
        no rounding of 4 han 30 fu up to a mangan and deposits left at the end given to
        first place; so 30,000 start and return, uma +15/+5/-5/-15 shared by tied
        players, no red fives, no abortive draws, no nagashi mangan, renhou a mangan, no
        counted yakuman, every yakuman single and not cumulative, every kan's indicator
        turned at once, liability for daisangen and daisuushi only."""
        return cls(
            name="ema", starting_points=30000, return_points=30000, uma=(15, 5, -5, -15),
            red_fives=False, abort_nine_terminals=False, abort_four_winds=False,
            abort_four_riichi=False, abort_four_kans=False, ron_mode=RonMode.TRIPLE,
            renhou=Renhou.MANGAN, kazoe_yakuman=False, double_yakuman=False,
            yakuman_stacking=False, nagashi_mangan=False, open_kan_dora_delayed=False,
            pao_rinshan=False, tied_placement=TiedPlacement.SPLIT)

    @classmethod
    def mleague(cls) -> "Rules":
        """M.League: 25,000 start, 30,000 return, uma +30/+10/-10/-30, red fives, no bust,
        head bump, kiriage mangan, no counted yakuman, no double yakuman (different
        yakuman still add up), no abortive draws, kan indicators at once, no kokushi
        robbing of a closed kan, riichi without a draw left or under 1,000 points, the
        fourth kan's feeder liable."""
        return cls(
            name="mleague", uma=(30, 10, -10, -30), bust_ends_game=False, kiriage=True,
            kazoe_yakuman=False, double_yakuman=False, abort_nine_terminals=False,
            abort_four_winds=False, abort_four_riichi=False, abort_four_kans=False,
            open_kan_dora_delayed=False, kokushi_robs_closed_kan=False, riichi_min_wall=0,
            riichi_min_points=0, pao_rinshan=False, double_wind_pair_fu=2,
            nagashi_mangan=False, pao_yakuman=("daisangen", "daisuushi", "suukantsu"),
            pao_ron_honba=True, tied_placement=TiedPlacement.SPLIT, noten_declaration=True)

    @classmethod
    def renmei(cls) -> "Rules":
        """JPML (Nihon Pro Mahjong Renmei) rules: 30,000 start and return, no red fives,
        no ippatsu, no ura or kan dora, no counted yakuman (13+ han is sanbaiman), no
        double or cumulative yakuman, renhou a mangan, head bump, riichi without a draw
        left, kokushi may rob a closed kan, liability for an open kan's replacement tile,
        the abortive draws kept, no bust, no last-dealer stop, no nagashi mangan, all
        green only with the Green dragon, noten declaration at a draw; the uma by the
        number of players at or above 30,000 (one +12/-1/-3/-8, two +8/+4/-4/-8, three
        +8/+3/+1/-12; +8/+4/-4/-8 otherwise)."""
        return cls(
            name="renmei", starting_points=30000, return_points=30000, red_fives=False,
            uma=(8, 4, -4, -8), uma_floating=_JPML_UMA, noten_declaration=True,
            ippatsu_yaku=False, ura_dora=False, kan_dora=False, kan_ura=False,
            kazoe_yakuman=False, double_yakuman=False, yakuman_stacking=False,
            renhou=Renhou.MANGAN, riichi_min_wall=0, double_wind_pair_fu=2,
            nagashi_mangan=False, bust_ends_game=False, deposits_to_first=False,
            pao_yakuman=("daisangen", "daisuushi", "suukantsu"), open_kan_dora_delayed=False,
            tied_placement=TiedPlacement.SPLIT, ryuuiisou_hatsu=True)

    @classmethod
    def saikouisen(cls) -> "Rules":
        """Saikouisen (Saikouisen Nihon Pro Mahjong Kyokai) rules: 30,000 start and
        return, uma +30/+10/-10/-30, no red fives, ippatsu, ura and kan dora, no
        abortive draws, no liability, no counted or cumulative yakuman, no kokushi
        robbing of a closed kan, kiriage mangan, no last-dealer stop."""
        return cls(
            name="saikouisen", starting_points=30000, return_points=30000,
            uma=(30, 10, -10, -30), red_fives=False, abort_nine_terminals=False,
            abort_four_winds=False, abort_four_riichi=False, abort_four_kans=False,
            pao_yakuman=(), pao_rinshan=False, kazoe_yakuman=False, yakuman_stacking=False,
            double_yakuman=False, kokushi_robs_closed_kan=False, kiriage=True,
            riichi_min_wall=0, double_wind_pair_fu=2, nagashi_mangan=False,
            bust_ends_game=False, deposits_to_first=False, open_kan_dora_delayed=False,
            pao_ron_honba=True, tied_placement=TiedPlacement.SPLIT, noten_declaration=True)

    @classmethod
    def mu(cls) -> "Rules":
        """Mu (Mahjong Union) rules: 30,000 start and return, uma +12/+4/-4/-12, no red
        fives, no honba
        points, no ippatsu, no ura or kan dora, no noten payment, no counted or
        cumulative yakuman, no abortive draws, no closed kan after riichi, swap-calling
        (kuikae) allowed."""
        return cls(
            name="mu", starting_points=30000, return_points=30000, uma=(12, 4, -4, -12),
            red_fives=False,
            honba_ron=0, honba_tsumo=0, ippatsu_yaku=False, ura_dora=False, kan_dora=False,
            kan_ura=False, noten_payment=0, kazoe_yakuman=False, yakuman_stacking=False,
            double_yakuman=False, abort_nine_terminals=False, abort_four_winds=False,
            abort_four_riichi=False, abort_four_kans=False, riichi_min_wall=0,
            double_wind_pair_fu=2, nagashi_mangan=False, bust_ends_game=False,
            deposits_to_first=False, pao_rinshan=False, kokushi_robs_closed_kan=False,
            open_kan_dora_delayed=False, pao_ron_honba=True,
            closed_kan_after_riichi=RiichiKan.NEVER, tied_placement=TiedPlacement.SPLIT,
            kuikae_allowed=True, noten_declaration=True)

    @classmethod
    def rmu(cls) -> "Rules":
        """RMU (Real Mahjong Unit) rules: 30,000 start and return, uma +15/+5/-5/-15, no
        red fives, kiriage
        mangan, no liability, no double yakuman, no abortive draws."""
        return cls(
            name="rmu", starting_points=30000, return_points=30000, uma=(15, 5, -5, -15),
            red_fives=False,
            kiriage=True, pao_yakuman=(), pao_rinshan=False, double_yakuman=False,
            abort_nine_terminals=False, abort_four_winds=False, abort_four_riichi=False,
            abort_four_kans=False, riichi_min_wall=0, double_wind_pair_fu=2,
            nagashi_mangan=False, bust_ends_game=False, deposits_to_first=False,
            kokushi_robs_closed_kan=False, open_kan_dora_delayed=False, pao_ron_honba=True,
            tied_placement=TiedPlacement.SPLIT, noten_declaration=True)

    @classmethod
    def kyokai(cls) -> "Rules":
        """Nihon Pro Mahjong Kyokai (Japan Pro Mahjong Association) rules: 25,000 start,
        30,000 return (oka 20,000), uma +30/+10/-10/-30, no red fives, ippatsu, ura and
        kan dora, kiriage mangan, no counted yakuman, double and cumulative yakuman, no
        liability, no renhou, no nagashi mangan, no abortive draws, no bust, head bump,
        no last-dealer stop."""
        return cls(
            name="kyokai", uma=(30, 10, -10, -30), red_fives=False, kiriage=True,
            kazoe_yakuman=False, pao_yakuman=(), pao_rinshan=False,
            abort_nine_terminals=False, abort_four_winds=False, abort_four_riichi=False,
            abort_four_kans=False, riichi_min_wall=0, double_wind_pair_fu=2,
            nagashi_mangan=False, bust_ends_game=False, deposits_to_first=False,
            kokushi_robs_closed_kan=False, open_kan_dora_delayed=False, pao_ron_honba=True,
            tied_placement=TiedPlacement.SPLIT, noten_declaration=True)

    @classmethod
    def saikyosen(cls) -> "Rules":
        """Mahjong Saikyosen (Kindai Mahjong's open tournament) rules: 25,000 start,
        30,000 return (oka 20,000), uma +30/+10/-10/-30, ties placed by seat, no red
        fives, ippatsu, ura and kan dora, kiriage mangan, no counted or double yakuman
        (different yakuman still add up), no abortive draws, no bust, head bump, no
        last-dealer stop, the fourth kan's feeder liable too."""
        return cls(
            name="saikyosen", uma=(30, 10, -10, -30), red_fives=False, kiriage=True,
            kazoe_yakuman=False, double_yakuman=False,
            pao_yakuman=("daisangen", "daisuushi", "suukantsu"), pao_rinshan=False,
            pao_ron_honba=True, abort_nine_terminals=False, abort_four_winds=False,
            abort_four_riichi=False, abort_four_kans=False, riichi_min_wall=0,
            double_wind_pair_fu=2, nagashi_mangan=False, bust_ends_game=False,
            kokushi_robs_closed_kan=False, open_kan_dora_delayed=False,
            noten_declaration=True)

    @classmethod
    def saikouisen_classic(cls) -> "Rules":
        """Saikouisen Classic (the old Saikouisen rules): 30,000 start and return, uma
        +30/+10/-10/-30, no red fives, no ippatsu, no ura or kan dora, no kiriage, no
        noten payment and the dealer repeats only by winning (every hand is hidden at a
        draw), no closed kan after riichi, swap-calling allowed, no counted or double
        yakuman, no liability, no abortive draws."""
        return cls(
            name="saikouisen_classic", starting_points=30000, return_points=30000,
            uma=(30, 10, -10, -30), red_fives=False, ippatsu_yaku=False, ura_dora=False,
            kan_dora=False, kan_ura=False, noten_payment=0, dealer_repeat_tenpai=False,
            closed_kan_after_riichi=RiichiKan.NEVER, kuikae_allowed=True,
            kazoe_yakuman=False, double_yakuman=False, pao_yakuman=(), pao_rinshan=False,
            pao_ron_honba=True, abort_nine_terminals=False, abort_four_winds=False,
            abort_four_riichi=False, abort_four_kans=False, riichi_min_wall=0,
            double_wind_pair_fu=2, nagashi_mangan=False, bust_ends_game=False,
            deposits_to_first=False, kokushi_robs_closed_kan=False,
            open_kan_dora_delayed=False, tied_placement=TiedPlacement.SPLIT)

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """A preset by name (:data:`PRESETS`): ``"ippatsu"``, ``"tenhou"``,
        ``"majsoul"``, ``"planet"``, the league and tournament presets ``"wrc"``,
        ``"ema"``, ``"mleague"``, ``"renmei"``, ``"saikouisen"``, ``"mu"``, ``"rmu"``,
        ``"kyokai"``, ``"saikyosen"``, ``"saikouisen_classic"``, or
        a three-player preset ``"ippatsu_sanma"``, ``"tenhou_sanma"``,
        ``"majsoul_sanma"``."""
        from .errors import IppatsuError

        key = name.lower() if isinstance(name, str) else None
        if key not in PRESETS:
            raise IppatsuError(f"unknown rules preset {name!r}: use "
                               + ", ".join(repr(n) for n in PRESETS), code="bad_rules")
        return getattr(cls, key)()


def check_fields(names) -> None:
    """Raise IppatsuError ``bad_rules`` for the first name that is not a field of
    :class:`Rules`, with the closest field names as a suggestion."""
    import difflib

    from .errors import IppatsuError

    fields = [f.name for f in dataclasses.fields(Rules)]
    for name in names:
        if name not in fields:
            close = difflib.get_close_matches(str(name), fields, n=3, cutoff=0.6)
            hint = (f": did you mean {' or '.join(repr(c) for c in close)}?" if close
                    else "; see Rules.to_dict() for every field")
            raise IppatsuError(f"Rules has no field {name!r}{hint}", code="bad_rules")


PRESETS = ("ippatsu", "tenhou", "majsoul", "planet",
           "wrc", "ema", "mleague", "renmei", "saikouisen", "mu", "rmu",
           "kyokai", "saikyosen", "saikouisen_classic",
           "ippatsu_sanma", "tenhou_sanma", "majsoul_sanma")
"""The preset names, four-player first (:meth:`Rules.preset`)."""


_PRESET_CACHE: dict = {}
_PRESET_MAKERS = {"ippatsu": Rules.ippatsu, "tenhou": Rules._tenhou_today,
                  "majsoul": Rules.majsoul, "planet": Rules.planet, "wrc": Rules.wrc,
                  "ema": Rules.ema, "mleague": Rules.mleague, "renmei": Rules.renmei,
                  "saikouisen": Rules.saikouisen, "mu": Rules.mu, "rmu": Rules.rmu,
                  "kyokai": Rules.kyokai, "saikyosen": Rules.saikyosen,
                  "saikouisen_classic": Rules.saikouisen_classic,
                  "ippatsu_sanma": Rules.ippatsu_sanma, "tenhou_sanma": Rules.tenhou_sanma,
                  "majsoul_sanma": Rules.majsoul_sanma}


def rules_of(x: Any) -> "Rules":
    """A :class:`Rules` from a Rules or a preset name (``"tenhou"``); anything else raises
    :class:`~ippatsu.errors.IppatsuError` ``bad_rules``."""
    if isinstance(x, Rules):
        return x
    if isinstance(x, str):
        hit = _PRESET_CACHE.get(x)
        if hit is None:
            hit = _PRESET_CACHE[x] = Rules.preset(x)
        return hit
    from .errors import IppatsuError

    raise IppatsuError(f"rules must be a Rules or a preset name, got {type(x).__name__}",
                       code="bad_rules")
