"""Fuzz of the whole JSON API (ippatsu.server) from its OpenAPI schema: zero 5xx.

Schemathesis generates requests for every operation of ``/openapi.json`` (valid and
invalid bodies, query strings, headers) and sends them to the app in-process; every answer
must be below 500, and every 4xx must carry ``{"error": {"code", "message"}}``. A second,
Hypothesis-driven fuzz sends random tile ids to ``/v1/score`` and ``/v1/analyze`` and
checks that the server answers exactly what the library answers (result or error code).
Cheap on purpose (a few hundred examples): CI runs the suite twice.
"""
from __future__ import annotations

import json
import warnings

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
try:  # the 4.x API (Python 3.11+); without it only the schema fuzz skips
    import schemathesis
    from schemathesis import openapi as _st_openapi
except ImportError:
    schemathesis = None

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

with warnings.catch_warnings():  # starlette suggests httpx2; httpx works
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import ippatsu  # noqa: E402
from ippatsu.errors import IppatsuError  # noqa: E402
from ippatsu.server import _app as server_app  # noqa: E402
from ippatsu.server import create_app  # noqa: E402

APP = create_app()

_SETTINGS = settings(max_examples=30, deadline=None, derandomize=True, database=None,
                     suppress_health_check=list(HealthCheck))


def _check(response) -> None:
    assert response.status_code < 500, (response.status_code, response.text[:500])
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error"}, body
        assert isinstance(body["error"]["code"], str) and body["error"]["code"]
        assert isinstance(body["error"]["message"], str)


if schemathesis is not None:
    schema = _st_openapi.from_asgi("/openapi.json", APP)

    @schema.parametrize()
    @_SETTINGS
    def test_api_never_answers_5xx(case):
        """Every operation of the schema, fuzzed: no 5xx, every error in the error format."""
        _check(case.call())
else:
    def test_api_never_answers_5xx():
        pytest.skip("schemathesis 4 is not installed (it needs Python 3.11+)")


def test_no_unexpected_library_errors_seen():
    """The fuzz above ran into no non-IppatsuError from the library (those answer 400
    ``unexpected_input`` and are recorded in ``ippatsu.server._app.UNEXPECTED``)."""
    assert server_app.UNEXPECTED == [], server_app.UNEXPECTED


# ---------------------------------------------------------------------------------------
# the server answers what the library answers, for random tiles
# ---------------------------------------------------------------------------------------
_client = None


def _c():
    global _client
    if _client is None:
        _client = TestClient(APP)
    return _client


def _library(fn, *args, **kwargs):
    try:
        return 200, json.loads(json.dumps(fn(*args, **kwargs).to_dict()))
    except IppatsuError as e:
        return 400, e.code


ids = st.lists(st.integers(0, 135), min_size=1, max_size=15)


@settings(max_examples=100, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(hand=ids, tsumo=st.booleans(), riichi=st.booleans(), seat=st.integers(-1, 4),
       dora=st.lists(st.integers(-1, 136), max_size=3))
def test_score_agrees_with_library_on_random_tiles(hand, tsumo, riichi, seat, dora):
    body = {"hand": hand, "tsumo": tsumo, "riichi": riichi, "seat_wind": seat,
            "dora_indicators": dora}
    status, want = _library(ippatsu.score, hand, tsumo=tsumo, riichi=riichi,
                            seat_wind=seat, dora_indicators=dora)
    r = _c().post("/v1/score", json=body)
    assert r.status_code == status, r.text
    assert (r.json() if status == 200 else r.json()["error"]["code"]) == want


@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(hand=st.lists(st.integers(0, 135), min_size=1, max_size=14, unique=True),
       tsumo=st.booleans(), seat=st.integers(0, 3))
def test_analyze_agrees_with_library_on_random_tiles(hand, tsumo, seat):
    status, want = _library(ippatsu.analyze, hand, tsumo=tsumo, seat_wind=seat)
    r = _c().post("/v1/analyze", json={"hand": hand, "tsumo": tsumo, "seat_wind": seat})
    assert r.status_code == status, r.text
    assert (r.json() if status == 200 else r.json()["error"]["code"]) == want
