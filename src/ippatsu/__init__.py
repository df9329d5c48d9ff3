"""Fast, exact riichi mahjong engine: hand core, scoring, analysis, a game table.

The names here are the hand core (shanten, agari, waits, effective tiles; per hand and in
numpy batches), the tile model and notation, scoring and hand analysis; the game table
is :mod:`ippatsu.table`, self-play :mod:`ippatsu.sim`, Monte Carlo studies
:mod:`ippatsu.study`, record readers :mod:`ippatsu.io`. Every rule option is a field of
:class:`Rules` (presets ``Rules.ippatsu()``, ``tenhou()``, ``majsoul()``, ``planet()``);
the rules themselves are written down in ``docs/rules.md``. Docstrings cite the user
documentation as ``docs/NAME.md``; the pages ship with the package: ``ippatsu docs NAME``
on the command line, :func:`ippatsu.docs.page` here.

>>> import ippatsu
>>> ippatsu.shanten("123m456p789s1122z"), ippatsu.waits("123m456p789s1122z")
(0, [27, 28])
"""
from .errors import (
    HandSizeError,
    IllegalActionError,
    IppatsuError,
    MeldError,
    NoYakuError,
    NotAgariError,
    NotationError,
    StudyError,
    TileCountError,
)
from .tiles import (
    dora_kind,
    format_counts,
    format_kinds,
    format_tiles,
    kind_name,
    parse_counts,
    parse_kinds,
    parse_tiles,
    tile_name,
)
from .hand import Hand, Meld, MeldType
from ._types import DiscardUkeire, ShantenForms, Ukeire
from .core import (
    BACKEND,
    NOT_APPLICABLE,
    decompositions,
    efficiency_discard,
    is_agari,
    is_agari_batch,
    is_tenpai,
    shanten,
    shanten_batch,
    shanten_forms,
    shanten_forms_batch,
    solo_rollouts,
    ukeire,
    ukeire_batch,
    waits,
    waits_batch,
)

from .rules import Rules
from .scoring import ScoreResult, format_score_table, score, score_table
from .scoring_batch import ScoreBatch, score_batch
from .analysis import Analysis, analyze
from . import docs  # the user documentation installed with the package

__version__ = "0.1.0"

__all__ = [
    "__version__",
    # errors
    "IppatsuError",
    "NotationError",
    "TileCountError",
    "MeldError",
    "HandSizeError",
    "NotAgariError",
    "NoYakuError",
    "IllegalActionError",
    "StudyError",
    # tiles and hands
    "parse_tiles",
    "parse_kinds",
    "parse_counts",
    "format_tiles",
    "format_kinds",
    "format_counts",
    "tile_name",
    "kind_name",
    "dora_kind",
    "Hand",
    "Meld",
    "MeldType",
    # hand core
    "BACKEND",
    "NOT_APPLICABLE",
    "shanten",
    "shanten_forms",
    "is_agari",
    "is_tenpai",
    "waits",
    "ukeire",
    "decompositions",
    "shanten_batch",
    "shanten_forms_batch",
    "is_agari_batch",
    "waits_batch",
    "ukeire_batch",
    "efficiency_discard",
    "solo_rollouts",
    "ShantenForms",
    "Ukeire",
    "DiscardUkeire",
    # scoring and analysis
    "Rules",
    "score",
    "ScoreResult",
    "score_table",
    "format_score_table",
    "score_batch",
    "ScoreBatch",
    "analyze",
    "Analysis",
]
