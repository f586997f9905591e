"""Routes whose plain JSON answers skip FastAPI's generic encoder.

A route that returns a dict or a list is answered by FastAPI with `jsonable_encoder` (a
walk over every value in Python, re-building the document) and then `json.dumps`. The
sandbox's answers are already JSON values (str, int, float, bool, None, lists and dicts),
so the walk only costs time: about a fifth of the sandbox's CPU while it serves a sync.
`DirectJSONRoute` hands such an answer straight to the JSON response; an answer `json`
cannot write as it stands (a datetime, a model, a Decimal) takes FastAPI's own path, so
what goes on the wire is the same byte for byte either way. No sandbox route sets headers
through an injected `Response` parameter, which returning a response would bypass.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute


def _answer(result: Any, status: int) -> Any:
    if isinstance(result, dict | list):
        try:
            return JSONResponse(result, status_code=status)
        except (TypeError, ValueError):
            return JSONResponse(jsonable_encoder(result), status_code=status)
    return result  # a Response already, or something FastAPI must encode itself


class DirectJSONRoute(APIRoute):
    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        # Only where FastAPI itself would encode with `jsonable_encoder`: no response model
        # (said outright, as `schemas.documented` does; a model left to the return
        # annotation is validated and written by pydantic instead) and the JSON class.
        if "response_model" in kwargs and kwargs["response_model"] is None \
                and _plain_json(kwargs.get("response_class")):
            endpoint = _direct(endpoint, kwargs.get("status_code") or 200)
        super().__init__(path, endpoint, **kwargs)


def _plain_json(response_class: Any) -> bool:
    # FastAPI passes DefaultPlaceholder(JSONResponse) when a route names no class.
    return response_class is None or response_class is JSONResponse \
        or getattr(response_class, "value", None) is JSONResponse


def _direct(endpoint: Callable[..., Any], status: int) -> Callable[..., Any]:
    # functools.wraps keeps the signature and the annotations' module: FastAPI reads the
    # parameters through `inspect.unwrap`.
    if inspect.iscoroutinefunction(endpoint):
        @functools.wraps(endpoint)
        async def direct_async(*args: Any, **kwargs: Any) -> Any:
            return _answer(await endpoint(*args, **kwargs), status)
        return direct_async

    @functools.wraps(endpoint)
    def direct(*args: Any, **kwargs: Any) -> Any:
        return _answer(endpoint(*args, **kwargs), status)
    return direct

