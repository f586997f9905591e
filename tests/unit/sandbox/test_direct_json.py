"""DirectJSONRoute answers exactly as FastAPI's own routes do, byte for byte and status for
status, while skipping the generic encoder for answers that are JSON already."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

import httpx
import pytest
from fastapi import APIRouter, FastAPI, Response
from fastapi.routing import APIRoute

from sellerdesk.sandbox import direct_json
from sellerdesk.sandbox.direct_json import DirectJSONRoute


class Colour(Enum):
    RED = "red"


ANSWERS: dict[str, Any] = {
    "plain": {"id": 7, "name": "Ana Gómez ✓", "tags": ["a", "b"], "ratio": 0.1, "none": None,
              "nested": {"ok": True, "big": 10**16, "tuple": (1, 2)}},
    "list": [{"id": 1}, {"id": 2}],
    "datetime": {"at": datetime(2026, 11, 27, 12, 0, tzinfo=UTC)},
    "decimal": {"total": Decimal("10.50")},
    "enum": {"colour": Colour.RED},
    "int_keys": {1: "one"},
}


def _app(route_class: type[APIRoute], calls: list[str]) -> FastAPI:
    router = APIRouter(route_class=route_class)
    for name, answer in ANSWERS.items():
        def endpoint(answer: Any = answer, name: str = name) -> Any:
            calls.append(name)
            return answer
        router.add_api_route(f"/{name}", endpoint, response_model=None)

    @router.post("/created", status_code=201, response_model=None)
    async def created(code: str) -> dict[str, Any]:
        return {"code": code}

    @router.delete("/gone", status_code=204, response_model=None)
    async def gone() -> Response:
        return Response(status_code=204)

    @router.get("/typed")
    async def typed() -> dict[str, Any]:  # a model from the annotation: pydantic writes it
        return {"ratio": 1e16}

    app = FastAPI()
    app.include_router(router)
    return app


PATHS = [("get", f"/{name}") for name in ANSWERS] + [
    ("post", "/created?code=X1"), ("post", "/created"), ("delete", "/gone"), ("get", "/typed")]


def _client(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://sb")


async def test_every_answer_is_the_same_bytes_status_and_headers_as_fastapis() -> None:
    async with _client(_app(APIRoute, [])) as theirs, \
            _client(_app(DirectJSONRoute, [])) as ours:
        for method, path in PATHS:
            a = await theirs.request(method.upper(), path)
            b = await ours.request(method.upper(), path)
            assert (b.status_code, b.content, b.headers.get("content-type")) == \
                (a.status_code, a.content, a.headers.get("content-type")), path


async def test_a_plain_answer_skips_the_generic_encoder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    walked: list[object] = []
    real = direct_json.jsonable_encoder
    monkeypatch.setattr(direct_json, "jsonable_encoder",
                        lambda value: walked.append(value) or real(value))
    async with _client(_app(DirectJSONRoute, [])) as ours:
        assert (await ours.get("/plain")).json()["nested"]["tuple"] == [1, 2]
        assert walked == []
        assert (await ours.get("/datetime")).json() == {"at": "2026-11-27T12:00:00+00:00"}
        assert walked == [ANSWERS["datetime"]]  # what json cannot write takes FastAPI's path
