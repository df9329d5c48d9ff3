"""Tenhou's rules over time: which :class:`~ippatsu.rules.Rules` were in force on a date.

Tenhou (tenhou.net) changed some of its rules over the years, and its records span
2009 to today. :meth:`Rules.tenhou(at=date) <ippatsu.rules.Rules.tenhou>` gives the rules
in force on ``date``; ``Rules.tenhou()`` gives today's. Replay
(:mod:`ippatsu.table.replay`) reads the date from the record itself (the log id
``YYYYMMDDHHgm-xxxx-xxxx-xxxxxxxx`` of an mjlog's ``<SHUFFLE ref>`` or file name, a
tenhou.net/6 record's ``ref`` / ``title`` / file name) and replays with those rules.

The timeline
------------
Each entry: the day from which the change is in force, the :class:`Rules` fields it
sets (before → from that day), the public source, and what the records show.

1. **2010-06-01 — the all-last dealer's automatic tenpai stop** (ラス親トップの自動聴牌止め).
   ``last_dealer_stop_tenpai``: False → True.
   Before: the dealer of the last hand (South 4 of a half game, East 4 of an East-only
   game, and the dealers of the sudden-death extension rounds) who was in first place
   and tenpai at an exhaustive draw repeated the deal; only a dealer *win* ended the game
   (automatic agari-yame). From June 2010 a tenpai draw ends it too.
   Source: Tenhou's own blog, 2010-05-18, "ラス親トップの自動聴牌止め導入"
   (http://blog.tenhou.net/article/38215017.html): "2010年6月から「ラス親トップの自動聴牌止め」を
   導入します。これまでは、ラス親のトップ時に聴牌で流局した場合、連荘していましたが、これが
   自動終了となります" (from June 2010; until then the last dealer in first place who was
   tenpai at a draw repeated, from then on the game ends automatically), with the note
   "ラス親=オーラス以降のサドンデスの親を含む" (the last dealer includes the dealers of the
   sudden-death rounds). The announcement gives the month, not the day or the hour: it
   says the change would be announced on the lobby's entrance page once in force and
   would probably come with a maintenance ("導入後には入場ページでアナウンスいたします。
   #おそらくメンテを入れます"). No public source found gives that maintenance's day and
   hour, and the shared records hold no game from 2010-05-18 to 2010-08-16, so none
   shows it either. The change is taken to apply from the start of 2010-06-01 (Japan
   time, as log ids are): a record played on 2010-06-01 before the maintenance, if it
   went on after such a draw, replays with ``Rules.tenhou(at="2010-05-31")``.
   Today's rule, as translated by the Japanese mahjong wiki ("Tenhou.net rules",
   arcturus.su/mjw): "In all-last hands, if the dealer is winning, the game automatically
   stops on both dealer wins and dealer tenpai hands."
   Records: ``dnovikoff/bug1.xml`` (a record of the pre-2010 format, see below) goes on
   after South 4-1, where the dealer, first with 37,400 and the only player tenpai at the
   exhaustive draw, repeats into South 4-2; replayed with the post-June-2010 rules the
   engine ends the game there. No record dated after June 2010 in the shared set goes on
   after such a draw (74 games, 2010-08 to 2022-06, replay exactly with the later rules).

   The engine applies ``last_dealer_stop_tenpai`` to the last regular hand (South 4 /
   East 4); in the sudden-death rounds it ends the game when the repeating dealer is
   first with 30,000 or more whatever the field says, which is the post-June-2010 rule:
   a pre-June-2010 record whose sudden-death dealer repeats on tenpai while first with
   30,000 would disagree (there is none in the shared set).

Considered, not a change: on 2011-05-11 Tenhou's blog ("サドンデスルール再考と追加条件",
http://blog.tenhou.net/archives/20110511-1.html) discussed ending sudden death on the
30,000 test alone, even when the dealer repeats, and a dealer stop at the last
sudden-death hand (South 4 / West 4) without 30,000. A 2023 summary of the rules as the
manual (tenhou.net/man) states them (https://jkaljsoiw.hatenablog.com/entry/2023/04/21/223000)
still has the dealer's repeat take priority over another player's 30,000 and no stop
below 30,000 at West 4 (the game goes on to West 4 with one more honba); the preset
plays that, and no record in the shared set tells the two apart, so the timeline has no
entry for it.

Every other rule of the ``tenhou`` preset is the same over the whole span as far as the
records show: the 74 complete games in the shared ``tenhou/mjlog`` folders (36 with a log
id, dated 2010-08-17 to 2022-06-04; 9 undated of the early format; 29 undated of the
later format; 724 hands) and the 32 tenhou.net/6 games (327 hands, 2010-08 to 2020-08)
replay exactly, every hand, with the rules of their dates.

Records without a date
----------------------
A record with no log id (a file renamed, an excerpt) is dated by its format where the
format tells: Tenhou's early mjlogs carry a ``shuffle="mt19937ar,..."`` attribute on every
``<INIT>`` instead of the one ``<SHUFFLE seed="mt19937ar-sha512-n288...">`` element per
game that later records have. Tenhou described the sha512 shuffle that the
``<SHUFFLE>`` element names in blog.tenhou.net/article/30503297.html, an earlier article
of that blog (its article numbers grow with time) than the 2010-05-18 announcement
above; so a record in the old format is taken to predate June 2010 and is replayed with
the rules of :data:`LEGACY_FORMAT_DATE`. The records agree: every dated record in the
shared set (the earliest from 2010-08-17) has the ``<SHUFFLE>`` element, and the
old-format ``bug1.xml`` replays only with the earlier rules. Any other undated record is
replayed with today's rules (``Rules.tenhou()``).
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass
from typing import Any, Mapping, Optional

from .errors import IppatsuError

__all__ = [
    "TenhouChange",
    "TENHOU_TIMELINE",
    "LEGACY_FORMAT_DATE",
    "as_date",
    "date_from_log_id",
    "tenhou_rules_at",
]


@dataclass(frozen=True)
class TenhouChange:
    """One dated change of Tenhou's rules: the :class:`Rules` field values ``before``
    the day ``since`` and ``after`` (from that day on), what changed, the public
    ``source`` and what the shared records show (``evidence``)."""

    since: _dt.date
    before: Mapping[str, Any]
    after: Mapping[str, Any]
    what: str
    source: str
    evidence: str


#: The dated changes, oldest first (see the module notes for the full citations).
TENHOU_TIMELINE: tuple = (
    TenhouChange(
        since=_dt.date(2010, 6, 1),
        before={"last_dealer_stop_tenpai": False},
        after={"last_dealer_stop_tenpai": True},
        what="the last-hand dealer in first place ends the game after a tenpai draw too "
             "(automatic tenpai stop), not only after a win",
        source="http://blog.tenhou.net/article/38215017.html (2010-05-18): "
               "ラス親トップの自動聴牌止め導入, from June 2010",
        evidence="dnovikoff/bug1.xml (pre-2010 format): the dealer, first and tenpai "
                 "at the South 4-1 draw, repeats into South 4-2",
    ),
)

#: The date an undated record of the early mjlog format (``shuffle`` on each ``<INIT>``)
#: is replayed at: the day before the first change it predates (see the module notes).
LEGACY_FORMAT_DATE = _dt.date(2010, 5, 31)

_LOG_ID = re.compile(r"(?<![0-9])(\d{4})(\d{2})(\d{2})(\d{2})gm-")
_ISO = re.compile(r"^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")
_COMPACT = re.compile(r"^\s*(\d{4})(\d{2})(\d{2})(?:\d{2})?(?:gm-|\s*$)")


def date_from_log_id(text: Any) -> Optional[_dt.date]:
    """The day of a Tenhou log id (``2010061212gm-00a9-0000-xxxxxxxx`` → 2010-06-12) found
    anywhere in ``text`` (a file name, a URL, a ``ref``), or None.

    >>> date_from_log_id("2010061212gm-00a9-0000-83af2648&tw=2.mjlog")
    datetime.date(2010, 6, 12)
    >>> date_from_log_id("bug1.xml") is None
    True
    """
    if not isinstance(text, str):
        return None
    mo = _LOG_ID.search(text)
    if mo is None:
        return None
    y, m, d, h = (int(x) for x in mo.groups())
    if h > 23:
        return None
    try:
        return _dt.date(y, m, d)
    except ValueError:
        return None


def as_date(at: Any) -> _dt.date:
    """``at`` as a :class:`datetime.date`: a ``date``, a ``datetime`` (its date), an ISO
    day ``"2010-06-01"`` (also ``2010/06/01``, with anything after it, such as a time),
    ``"20100601"`` or a Tenhou log id. Anything else raises
    :class:`~ippatsu.errors.IppatsuError` with code ``bad_date``.

    >>> as_date("2010/06/01 12:00"), as_date("2010061212gm-00a9-0000-83af2648")
    (datetime.date(2010, 6, 1), datetime.date(2010, 6, 12))
    """
    if isinstance(at, _dt.datetime):
        return at.date()
    if isinstance(at, _dt.date):
        return at
    if isinstance(at, str):
        d = date_from_log_id(at)
        if d is not None:
            return d
        mo = _ISO.match(at) or _COMPACT.match(at)
        if mo is not None:
            try:
                return _dt.date(*(int(x) for x in mo.groups()[:3]))
            except ValueError:
                pass
    raise IppatsuError(f"not a date: {at!r:.60} (use a datetime.date, an ISO day "
                       f"'2010-06-01' or a Tenhou log id)", code="bad_date")


def tenhou_rules_at(today: Any, at: Any) -> Any:
    """The Tenhou rules in force on ``at`` (see :func:`as_date`), derived from today's
    rules ``today``: every change of :data:`TENHOU_TIMELINE` contributes its ``before``
    values when ``at`` is earlier than its day, else its ``after`` values."""
    d = as_date(at)
    values: dict = {}
    for ch in TENHOU_TIMELINE:
        values.update(ch.before if d < ch.since else ch.after)
    changes = {k: v for k, v in values.items() if getattr(today, k) != v}
    return today.replace(**changes) if changes else today
