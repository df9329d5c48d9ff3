"""The ASGI app behind ``ippatsu serve`` (see ``docs/server.md``).

Every answer is JSON; every bad input is a 4xx with ``{"error": {"code", "message"}}``
where ``code`` is the library's stable error code (:mod:`ippatsu.errors`) or one of the
server's own: ``bad_request`` (422: the body does not match the schema), ``not_found``
(404), ``method_not_allowed`` (405), ``body_too_large`` / ``batch_too_large`` (413),
``unexpected_input`` (400: the library raised something other than an
:class:`~ippatsu.errors.IppatsuError` -- a library bug; the input is logged).
"""
from __future__ import annotations

import dataclasses
import functools
import json
import logging
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Tuple, Union

try:
    from fastapi import FastAPI, Query, Request
    from fastapi.exceptions import RequestValidationError
    from fastapi.responses import HTMLResponse, JSONResponse, Response
    from pydantic import BaseModel, ConfigDict, Field
    from starlette.exceptions import HTTPException as StarletteHTTPException
except ImportError as _e:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "ippatsu.server needs the 'server' extra: pip install \"ippatsu[server]\""
    ) from _e

import ippatsu
from ..errors import IppatsuError
from ..rules import DOUBLE_YAKUMAN_PATTERNS, PAO_KINDS, PRESETS, Rules, rules_of
from ..scoring import MAX_TABLE_HAN as _MAX_TABLE_HAN, base_points, hand_cost
from ..yaku import YAKU

__all__ = ["create_app", "serve", "MAX_BATCH", "MAX_BODY_BYTES", "UNEXPECTED"]

log = logging.getLogger("ippatsu.server")

MAX_BATCH = 10_000
"""Most hands in one batch request (more answer 413 ``batch_too_large``)."""
MAX_BODY_BYTES = 4 * 1024 * 1024
"""Largest request body in bytes (larger answer 413 ``body_too_large``)."""
MAX_TABLE_HAN = _MAX_TABLE_HAN
"""Widest han × fu table (``max_han`` 1..13; the library's limit)."""

UNEXPECTED: List[Tuple[str, str]] = []
"""(path, exception repr) of every non-IppatsuError the library raised (kept for tests;
the last 100)."""



# ---------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------
class APIError(Exception):
    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


try:   # part of the server extra; the standard library encodes the same bytes, slower
    from orjson import dumps as _orjson_dumps
except ImportError:  # pragma: no cover - exercised only without orjson
    _orjson_dumps = None


def _encode(x: Any) -> bytes:
    """``json.dumps(x, separators=(",", ":"))`` as bytes. orjson writes the same bytes for
    the answers' types (str keys, str / int / bool / None / list / tuple values) when the
    text is ASCII without DEL; anything else (non-ASCII text and DEL, which json escapes,
    or a type orjson refuses) is encoded by json."""
    if _orjson_dumps is not None:
        try:
            b = _orjson_dumps(x)
        except TypeError:
            pass
        else:
            if b.isascii() and b"\x7f" not in b:  # json escapes DEL, orjson does not
                return b
    return json.dumps(x, separators=(",", ":")).encode()


def _ok(x: Any) -> Response:
    """A 200 JSON answer, encoded once (no response model)."""
    return Response(_encode(x), media_type="application/json")


def _error(status: int, code: str, message: str, **extra: Any) -> JSONResponse:
    body: Dict[str, Any] = {"code": code, "message": message}
    body.update(extra)
    return JSONResponse({"error": body}, status_code=status)


def _call(where: str, fn, *args: Any, **kwargs: Any) -> Any:
    """Run a library function; map its errors to :class:`APIError` (never a 500)."""
    try:
        return fn(*args, **kwargs)
    except IppatsuError as e:
        raise APIError(400, e.code, str(e)) from None
    except RecursionError as e:  # pragma: no cover - defensive
        raise APIError(400, "unexpected_input", f"input too deeply nested: {e}") from None
    except Exception as e:  # a library bug: answer 4xx, log the input
        log.warning("library raised %r at %s", e, where)
        UNEXPECTED.append((where, repr(e)))
        del UNEXPECTED[:-100]
        raise APIError(400, "unexpected_input",
                       f"the input was refused ({type(e).__name__}: {e})") from None


_STATUS_CODES = {400: "bad_request", 404: "not_found", 405: "method_not_allowed",
                 413: "body_too_large", 415: "unsupported_media_type"}


# ---------------------------------------------------------------------------------------
# rules: a preset name, or a preset plus field overrides
# ---------------------------------------------------------------------------------------
_FIELDS = {f.name: f for f in dataclasses.fields(Rules) if f.name != "name"}
_DEFAULTS = Rules.ippatsu()
# the fields that hold a tuple of names, and the names they take
_NAME_LISTS = {"double_yakuman_patterns": DOUBLE_YAKUMAN_PATTERNS, "pao_yakuman": PAO_KINDS}


def _field_kind(name: str) -> str:
    v = getattr(_DEFAULTS, name)
    if isinstance(v, Enum):
        return "enum"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if name in _NAME_LISTS:
        return "name_list"
    if name == "red_five_counts":
        return "counts"   # three ints (man, pin, sou), or null: as red_fives says
    if name == "uma_floating":
        return "uma_rows"  # one uma per count of floating players, or none (Rules checks)
    return "int_list"


def _check_override(name: str, v: Any) -> Any:
    if name not in _FIELDS:
        raise APIError(400, "bad_rules", f"unknown rules field {name!r}")
    kind = _field_kind(name)
    if kind == "bool":
        if type(v) is not bool:
            raise APIError(400, "bad_rules", f"rules field {name} must be true or false")
    elif kind == "int":
        if type(v) is not int:
            raise APIError(400, "bad_rules", f"rules field {name} must be an integer")
    elif kind == "enum":
        enum = type(getattr(_DEFAULTS, name))
        values = [m.value for m in enum]
        if v not in values:
            raise APIError(400, "bad_rules", f"rules field {name} must be one of {values}")
    elif kind == "name_list":
        if not (isinstance(v, list) and all(type(x) is str for x in v)):
            raise APIError(400, "bad_rules", f"rules field {name} must be a list of names")
        v = tuple(v)
    elif kind == "counts":
        if v is not None and not (isinstance(v, list) and len(v) == 3
                                  and all(type(x) is int for x in v)):
            raise APIError(400, "bad_rules", f"rules field {name} must be 3 integers "
                           f"(man, pin, sou) or null")
        v = None if v is None else tuple(v)
    elif kind == "uma_rows":
        if not (isinstance(v, list) and all(isinstance(r, list) and all(
                type(x) is int for x in r) for r in v)):
            raise APIError(400, "bad_rules", f"rules field {name} must be a list of lists "
                           f"of integers (one uma per number of floating players)")
        v = tuple(tuple(r) for r in v)
    else:
        if not (isinstance(v, list) and len(v) == 4 and all(type(x) is int for x in v)):
            raise APIError(400, "bad_rules", f"rules field {name} must be 4 integers")
        v = tuple(v)
    return v


@functools.lru_cache(maxsize=256)
def _rules_cached(preset: str, overrides: Tuple[Tuple[str, Any], ...]) -> Rules:
    base = _call("rules", rules_of, preset)
    if not overrides:
        return base
    try:
        return base.replace(**dict(overrides))
    except (ValueError, TypeError) as e:
        raise APIError(400, "bad_rules", f"bad rules: {e}") from None


class RulesSpec(BaseModel):
    """A preset plus field overrides, e.g. ``{"preset": "tenhou", "overrides":
    {"kiriage": true}}`` (the fields are those of ``GET /v1/presets``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    preset: str = "ippatsu"
    overrides: Dict[str, Any] = Field(default_factory=dict)


RulesArg = Union[str, RulesSpec, None]


def _rules(spec: RulesArg) -> Optional[Rules]:
    if spec is None:
        return None
    if isinstance(spec, str):
        return _rules_cached(spec, ())
    items = tuple(sorted((k, _check_override(k, v)) for k, v in spec.overrides.items()))
    try:
        hash(items)
    except TypeError:  # pragma: no cover - overrides are checked to hashable values
        raise APIError(400, "bad_rules", "unhashable rules override") from None
    return _rules_cached(spec.preset, items)


# ---------------------------------------------------------------------------------------
# request bodies (names mirror ippatsu.score / analyze / the hand core)
# ---------------------------------------------------------------------------------------
HandArg = Union[str, List[int]]
"""Tile notation (``"123m406p789s1122z"``) or a list of 136-ids (or 34 counts for the
hand core)."""
MeldArg = Union[str, List[Union[str, List[int]]]]
"""Meld text (``"555z"``, ``"ankan 1111m"``) or a ``[type, tiles]`` pair."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ScoreRequest(_Body):
    hand: HandArg = Field(description="concealed tiles including the winning tile")
    win_tile: Union[str, int, None] = None
    melds: List[MeldArg] = Field(default_factory=list,
                                 description='meld text ("555z", "ankan 1111m") or '
                                             '[type, tiles] pairs')
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    dora_indicators: HandArg = Field(default_factory=list)
    ura_indicators: HandArg = Field(default_factory=list)
    honba: int = 0
    deposits: int = 0
    discarder: Optional[int] = None
    pao: Optional[int] = None
    rules: RulesArg = None
    raise_on_no_yaku: bool = True
    nukidora: int = Field(default=0, description="three players: Norths set aside as dora")
    flowers: int = Field(default=0, description="flower tiles set aside as dora "
                                                "(rules.flowers, docs/rules.md §12)")
    local: Optional[List[Literal["renhou", "paarenchan", "open_riichi", "sashikomi"]]] = \
        Field(default=None, description="the local yaku's situations that hold "
                                        "(docs/rules.md §12): score()'s keywords by name")


class AnalyzeRequest(_Body):
    hand: HandArg
    melds: List[str] = Field(default_factory=list)
    seat_wind: int = 0
    round_wind: int = 0
    dora_indicators: HandArg = Field(default_factory=list)
    win_tile: Union[str, int, None] = None
    tsumo: bool = False
    riichi: bool = False
    rules: RulesArg = None
    visible: Optional[List[int]] = None
    nukidora: int = Field(default=0, description="three players: Norths set aside as dora")
    flowers: int = Field(default=0, description="flower tiles set aside as dora "
                                                "(rules.flowers, docs/rules.md §12)")


class HandRequest(_Body):
    hand: HandArg
    visible: Optional[List[int]] = Field(default=None, description="34 counts (ukeire)")


class BatchRequest(_Body):
    hands: List[HandArg] = Field(description=f"at most {MAX_BATCH} hands")
    visible: Optional[List[int]] = Field(default=None,
                                         description="34 counts, for every hand (ukeire)")


class TableRequest(_Body):
    rules: RulesArg = None
    max_han: int = Field(default=4, ge=1, le=MAX_TABLE_HAN)


# ---------------------------------------------------------------------------------------
# answers
# ---------------------------------------------------------------------------------------
def _hand(h: Any) -> Any:
    return tuple(h) if isinstance(h, list) else h


def _meld(m: Any, i: int) -> Any:
    if isinstance(m, str):
        return m
    if len(m) != 2 or not isinstance(m[0], str) or isinstance(m[1], int):
        raise APIError(400, "bad_meld", f"melds[{i}]: a meld is text or a [type, tiles] pair "
                       f"(type a string, tiles notation or 136-ids)")
    return (m[0], _hand(m[1]))


def _tiles(pairs) -> list:
    return [{"kind": k, "tile": ippatsu.kind_name(k), "count": c} for k, c in pairs]


def _shanten_of(h: Any, where: str) -> dict:
    f = _call(where, ippatsu.shanten_forms, h)
    return {"shanten": f.min, "forms": {"standard": f.standard, "chiitoitsu": f.chiitoitsu,
                                        "kokushi": f.kokushi, "min": f.min}}


def _waits_of(h: Any, where: str) -> dict:
    w = _call(where, ippatsu.waits, h)
    return {"waits": list(w), "tiles": [ippatsu.kind_name(k) for k in w]}


def _ukeire_of(h: Any, visible: Any, where: str) -> dict:
    u = _call(where, ippatsu.ukeire, h, visible)
    if isinstance(u, list):
        return {"discards": [{"discard": d.discard, "tile": ippatsu.kind_name(d.discard),
                              "shanten": d.shanten, "tiles": _tiles(d.tiles),
                              "total": d.total} for d in u]}
    return {"shanten": u.shanten, "tiles": _tiles(u.tiles), "total": u.total}


def _han_fu(rules: Optional[Rules], max_han: int) -> dict:
    t = _call("score_table", ippatsu.score_table, rules, max_han)
    cells = []
    for (han, fu), c in t.items():
        cells.append({"han": han, "fu": fu, "non_dealer_ron": c["non_dealer_ron"],
                      "dealer_ron": c["dealer_ron"],
                      "non_dealer_tsumo": None if c["non_dealer_tsumo"] is None
                      else list(c["non_dealer_tsumo"]),
                      "dealer_tsumo": c["dealer_tsumo"], "limit": c["limit"]})
    r = rules or _DEFAULTS
    return {"rules": r.name, "max_han": max_han, "cells": cells}


def _limits(rules: Optional[Rules]) -> dict:
    """The limit hands: han ranges from ``base_points``, then yakuman multiples."""
    r = rules or _DEFAULTS
    rows: list = []
    for han in range(5, 14):
        base, name = base_points(han, 20, 0, r)
        if rows and rows[-1]["limit"] == name and rows[-1]["base"] == base:
            rows[-1]["max_han"] = han
            continue
        rows.append({"limit": name, "min_han": han, "max_han": han, "base": base})
    rows[-1]["max_han"] = None   # 13 and more
    for mult in (1, 2):
        base, name = base_points(0, 0, mult, r)
        rows.append({"limit": name if mult == 1 else f"{mult}x {name}", "min_han": None,
                     "max_han": None, "yakuman": mult, "base": base})
    for row in rows:
        b = row["base"]
        row.setdefault("yakuman", 0)
        nt = hand_cost(b, False, True)
        row.update(non_dealer_ron=hand_cost(b, False, False)[0],
                   dealer_ron=hand_cost(b, True, False)[0],
                   non_dealer_tsumo=[nt[2], nt[1]],
                   dealer_tsumo=hand_cost(b, True, True)[2])
    return {"rules": r.name, "rows": rows}


def _fields() -> list:
    out = []
    for name in _FIELDS:
        kind = _field_kind(name)
        d = getattr(_DEFAULTS, name)
        row: Dict[str, Any] = {"name": name, "type": kind}
        if kind == "enum":
            row["choices"] = [m.value for m in type(d)]
            d = d.value
        elif kind == "name_list":
            row["choices"] = list(_NAME_LISTS[name])
            d = list(d)
        elif kind == "int_list":
            d = list(d)
        row["default"] = d
        out.append(row)
    return out


_STATIC_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}


@functools.lru_cache(maxsize=1)
def _static_files() -> Dict[str, Tuple[bytes, str]]:
    """The hand builder's files (``static/``, shipped in the wheel): name -> (bytes, type).
    Read once; only these names are served (no paths from the request reach the disk)."""
    from importlib import resources

    out: Dict[str, Tuple[bytes, str]] = {}
    folder = resources.files(__package__).joinpath("static")
    for f in folder.iterdir():
        ext = "." + f.name.rsplit(".", 1)[-1] if "." in f.name else ""
        if f.is_file() and ext in _STATIC_TYPES:
            data = f.read_bytes()
            if f.name == "index.html":
                data = data.replace(b"__VERSION__", ippatsu.__version__.encode())
            out[f.name] = (data, _STATIC_TYPES[ext])
    return out


# ---------------------------------------------------------------------------------------
# the front door: the body-size limit and the fast path of the JSON endpoints (a plain
# ASGI middleware: it reads at most MAX_BODY_BYTES + 1)
# ---------------------------------------------------------------------------------------
_JSON = b"application/json"


class _Front:
    """Reads the body (413 ``body_too_large`` above ``limit``), then answers the POST
    endpoints of ``fast`` (route path -> (request model, handler)) itself when the body
    is ``application/json`` that the request model accepts: the same model (strict), the
    same handler and the same error answers as the FastAPI route, without FastAPI's
    per-request dependency machinery. The body is parsed by pydantic's JSON parser, which
    reads what ``json.loads`` reads to the same values or refuses it (``NaN`` outside
    ``Any``, a lone surrogate, a byte-order mark, bad UTF-8, trailing text). Anything
    refused -- another path, another content type, a body the model or the parser refuses
    -- goes to the FastAPI app, which answers it as before (its 4xx bodies, its OpenAPI
    schema)."""

    def __init__(self, app, limit: int, fast: Optional[Dict[str, Any]] = None):
        self.app, self.limit, self.fast = app, limit, fast or {}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = self.limit
        ctype = None
        for k, v in scope.get("headers", ()):
            if k == b"content-length":
                try:
                    n = int(v)
                except ValueError:
                    n = 0
                if limit and n > limit:
                    return await self._too_large(scope, receive, send)
            elif k == b"content-type" and ctype is None:
                ctype = v
        msg = await receive()
        if msg["type"] == "http.disconnect":
            return
        body = msg.get("body", b"")
        if limit and len(body) > limit:
            return await self._too_large(scope, receive, send)
        if msg.get("more_body", False):
            chunks, size = [body], len(body)
            while True:
                msg = await receive()
                if msg["type"] == "http.disconnect":
                    return
                chunk = msg.get("body", b"")
                size += len(chunk)
                if limit and size > limit:
                    return await self._too_large(scope, receive, send)
                chunks.append(chunk)
                if not msg.get("more_body", False):
                    break
            body = b"".join(chunks)
        if ctype == _JSON and body and scope["method"] == "POST":
            path = scope["path"]
            root = scope.get("root_path", "")
            if root and path.startswith(root + "/"):
                path = path[len(root):]
            route = self.fast.get(path)
            if route is not None:
                answer = self._fast(route, body)
                if answer is not None:
                    return await answer(scope, receive, send)
        sent = False

        async def replay():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return await self.app(scope, replay, send)

    @staticmethod
    def _fast(route, body: bytes) -> Optional[Response]:
        """The answer of a fast-path endpoint, or None to let FastAPI answer."""
        model, handler = route
        try:
            req = model.model_validate_json(body)
        except Exception:   # not JSON, not the schema, too deep: FastAPI's 4xx
            return None
        try:
            return _ok(handler(req))
        except APIError as e:   # what the APIError exception handler answers
            return _error(e.status, e.code, e.message)
        except Exception:   # pragma: no cover - the route raises it again, as before
            return None

    async def _too_large(self, scope, receive, send):
        r = _error(413, "body_too_large",
                   f"request body above {self.limit} bytes (MAX_BODY_BYTES)")
        await r(scope, receive, send)


# ---------------------------------------------------------------------------------------
# the app
# ---------------------------------------------------------------------------------------
def create_app(*, max_batch: int = MAX_BATCH, max_body_bytes: int = MAX_BODY_BYTES,
               fast_path: bool = True):
    """A new FastAPI app serving the JSON API under ``/v1`` (OpenAPI at ``/openapi.json``,
    docs at ``/docs``). ``max_batch`` hands per batch request and ``max_body_bytes`` per
    body; both larger answer 413. ``fast_path=False`` lets FastAPI answer every request
    (the same answers, slower: the tests compare the two)."""
    app = FastAPI(
        title="ippatsu",
        version=ippatsu.__version__,
        description="Riichi mahjong engine as a JSON API: scoring, hand analysis, "
                    "shanten / waits / ukeire, score tables. Errors: "
                    '`{"error": {"code": ..., "message": ...}}` with a 4xx status.',
    )
    app.state.max_batch = max_batch

    @app.exception_handler(APIError)
    async def _api_error(request: Request, exc: APIError):
        return _error(exc.status, exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError):
        details = []
        for e in exc.errors():
            loc = ".".join(str(x) for x in e.get("loc", ()))
            details.append({"loc": loc, "message": str(e.get("msg", ""))})
        first = details[0] if details else {"loc": "", "message": "bad request"}
        msg = f"{first['loc']}: {first['message']}" if first["loc"] else first["message"]
        return _error(422, "bad_request", msg, details=details[:20])

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        code = _STATUS_CODES.get(exc.status_code, "bad_request")
        return _error(exc.status_code if exc.status_code < 500 else 400, code,
                      str(exc.detail))

    def _batch(hands: list) -> None:
        if len(hands) > app.state.max_batch:
            raise APIError(413, "batch_too_large",
                           f"{len(hands)} hands: at most {app.state.max_batch} per request")

    def _rows(fn, hands: list, *extra: Any) -> list:
        _batch(hands)
        out = []
        for i, h in enumerate(hands):
            try:
                out.append(fn(_hand(h), *extra, "batch"))
            except APIError as e:
                raise APIError(e.status, e.code, f"hands[{i}]: {e.message}") from None
        return out

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index():
        """The hand builder page (static/index.html; its state lives in the query)."""
        data, media = _static_files()["index.html"]
        return Response(data, media_type=media, headers={"cache-control": "no-cache"})

    @app.get("/static/{name}", include_in_schema=False)
    async def static(name: str):
        """The page's own scripts and styles (no CDN: the page works offline)."""
        f = _static_files().get(name)
        if f is None or name == "index.html":
            raise APIError(404, "not_found", f"no static file {name!r}")
        return Response(f[0], media_type=f[1], headers={"cache-control": "no-cache"})

    @app.get("/v1/health", tags=["meta"])
    async def health() -> Response:
        """Readiness: the version and the backend (compiled or pure-Python)."""
        return _ok({"status": "ok", "version": ippatsu.__version__,
                    "backend": ippatsu.BACKEND, "max_batch": app.state.max_batch,
                    "max_body_bytes": max_body_bytes})

    # the POST handlers: request model -> answer (dict), shared by the FastAPI routes
    # (their schema, their error answers) and the fast path of _Front
    def _score(req: ScoreRequest) -> dict:
        melds = [_meld(m, i) for i, m in enumerate(req.melds)]
        r = _call("score", ippatsu.score, _hand(req.hand), req.win_tile, melds=melds,
                  tsumo=req.tsumo, riichi=req.riichi, double_riichi=req.double_riichi,
                  ippatsu=req.ippatsu, haitei=req.haitei, houtei=req.houtei,
                  rinshan=req.rinshan, chankan=req.chankan, tenhou=req.tenhou,
                  chiihou=req.chiihou, seat_wind=req.seat_wind, round_wind=req.round_wind,
                  dora_indicators=_hand(req.dora_indicators),
                  ura_indicators=_hand(req.ura_indicators), honba=req.honba,
                  deposits=req.deposits, discarder=req.discarder, pao=req.pao,
                  rules=_rules(req.rules), raise_on_no_yaku=req.raise_on_no_yaku,
                  nukidora=req.nukidora, **({n: True for n in req.local} if req.local
                                            else {}),
                  **({"flowers": req.flowers} if req.flowers else {}))
        return r.to_dict()

    def _analyze(req: AnalyzeRequest) -> dict:
        a = _call("analyze", ippatsu.analyze, _hand(req.hand), melds=list(req.melds),
                  seat_wind=req.seat_wind, round_wind=req.round_wind,
                  dora_indicators=_hand(req.dora_indicators), win_tile=req.win_tile,
                  tsumo=req.tsumo, riichi=req.riichi, rules=_rules(req.rules),
                  visible=req.visible, nukidora=req.nukidora,
                  **({"flowers": req.flowers} if req.flowers else {}))
        return _call("analyze", a.to_dict)

    def _shanten(req: HandRequest) -> dict:
        return _shanten_of(_hand(req.hand), "shanten")

    def _waits(req: HandRequest) -> dict:
        return _waits_of(_hand(req.hand), "waits")

    def _ukeire(req: HandRequest) -> dict:
        return _ukeire_of(_hand(req.hand), req.visible, "ukeire")

    def _shanten_batch(req: BatchRequest) -> dict:
        return {"results": _rows(_shanten_of, req.hands)}

    def _waits_batch(req: BatchRequest) -> dict:
        return {"results": _rows(_waits_of, req.hands)}

    def _ukeire_batch(req: BatchRequest) -> dict:
        return {"results": _rows(_ukeire_of, req.hands, req.visible)}

    fast: Dict[str, Any] = {
        "/v1/score": (ScoreRequest, _score), "/v1/analyze": (AnalyzeRequest, _analyze),
        "/v1/shanten": (HandRequest, _shanten), "/v1/waits": (HandRequest, _waits),
        "/v1/ukeire": (HandRequest, _ukeire),
        "/v1/batch/shanten": (BatchRequest, _shanten_batch),
        "/v1/batch/waits": (BatchRequest, _waits_batch),
        "/v1/batch/ukeire": (BatchRequest, _ukeire_batch)}

    @app.post("/v1/score", tags=["scoring"])
    async def score(req: ScoreRequest) -> Response:
        """``ippatsu.score(...).to_dict()``: the best reading of a complete hand."""
        return _ok(_score(req))

    @app.post("/v1/analyze", tags=["analysis"])
    async def analyze(req: AnalyzeRequest) -> Response:
        """``ippatsu.analyze(...).to_dict()``: shanten, waits with scores, yaku, hints."""
        return _ok(_analyze(req))

    @app.post("/v1/shanten", tags=["hand core"])
    async def shanten(req: HandRequest) -> Response:
        """Shanten (the lowest form) and each form's shanten (``shanten_forms``)."""
        return _ok(_shanten(req))

    @app.post("/v1/waits", tags=["hand core"])
    async def waits(req: HandRequest) -> Response:
        """The kinds that complete a 3k+1 hand (``ippatsu.waits``)."""
        return _ok(_waits(req))

    @app.post("/v1/ukeire", tags=["hand core"])
    async def ukeire(req: HandRequest) -> Response:
        """Effective tiles (``ippatsu.ukeire``): of a 3k+1 hand, or per discard of 3k+2."""
        return _ok(_ukeire(req))

    @app.post("/v1/batch/shanten", tags=["hand core"])
    async def shanten_batch(req: BatchRequest) -> Response:
        """``/v1/shanten`` for up to ``max_batch`` hands (more: 413 batch_too_large)."""
        return _ok(_shanten_batch(req))

    @app.post("/v1/batch/waits", tags=["hand core"])
    async def waits_batch(req: BatchRequest) -> Response:
        """``/v1/waits`` for up to ``max_batch`` hands."""
        return _ok(_waits_batch(req))

    @app.post("/v1/batch/ukeire", tags=["hand core"])
    async def ukeire_batch(req: BatchRequest) -> Response:
        """``/v1/ukeire`` for up to ``max_batch`` hands (one ``visible`` for all)."""
        return _ok(_ukeire_batch(req))

    @app.get("/v1/presets", tags=["rules"])
    async def presets() -> Response:
        """The rules presets with every field, and the fields (type, default, choices)."""
        return _ok({"presets": [{"name": n, "rules": rules_of(n).to_dict()}
                                for n in PRESETS], "fields": _fields()})

    @app.get("/v1/yaku", tags=["rules"])
    async def yaku_table() -> Response:
        """The yaku table: one row per yaku (``Yaku.to_dict()``: id, name, en / ja / ko
        names, romaji, han concealed / open, yakuman multiple, Tenhou and Mahjong Soul ids)."""
        return _ok({"yaku": [y.to_dict() for y in YAKU]})

    @app.get("/v1/tables/han-fu", tags=["rules"])
    async def han_fu(rules: str = Query("ippatsu", description="a preset name"),
                     max_han: int = Query(4, ge=1, le=MAX_TABLE_HAN)) -> Response:
        """The han × fu table (``ippatsu.score_table``); ``null`` for impossible cells."""
        return _ok(_han_fu(_rules(rules), max_han))

    @app.post("/v1/tables/han-fu", tags=["rules"])
    async def han_fu_post(req: TableRequest) -> Response:
        """The han × fu table for a preset with field overrides."""
        return _ok(_han_fu(_rules(req.rules), req.max_han))

    @app.get("/v1/tables/limits", tags=["rules"])
    async def limits(rules: str = Query("ippatsu", description="a preset name")) -> Response:
        """The limit hands (mangan .. yakuman): han range, base points, payments."""
        return _ok(_limits(_rules(rules)))

    @app.post("/v1/tables/limits", tags=["rules"])
    async def limits_post(req: TableRequest) -> Response:
        """The limit table for a preset with field overrides (``max_han`` is ignored)."""
        return _ok(_limits(_rules(req.rules)))

    app.add_middleware(_Front, limit=max_body_bytes, fast=fast if fast_path else None)
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    """Run the app with uvicorn (one worker) until interrupted. uvicorn picks uvloop and
    httptools when they are installed (the server extra installs them); its access log
    (one INFO line per request) is on at ``info`` and ``debug`` only, where it shows."""
    import uvicorn

    uvicorn.run(create_app(), host=host, port=port, log_level=log_level,
                access_log=log_level in ("info", "debug", "trace"))
