"""Compare a decoded model with the raw JSON it came from, field by field, value by value."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import Any

import httpx
import msgspec

from sellerdesk.api.enums import Channel


def raw_json(response: httpx.Response) -> Any:
    """The body with every JSON number that has a fraction as an exact Decimal."""
    assert response.status_code == 200, response.text
    return json.loads(response.content, parse_float=Decimal)


def same(model: Any, raw: Any, path: str = "$") -> None:
    """Assert `model` holds exactly what `raw` says; every raw field must be modelled."""
    if isinstance(model, msgspec.Struct):
        assert isinstance(raw, dict), path
        fields = {f.encode_name: f for f in msgspec.structs.fields(model)}
        unknown = set(raw) - set(fields)
        assert not unknown, f"{path}: fields the model lacks: {unknown}"
        for name, field in fields.items():
            value = getattr(model, field.name)
            if name in raw:
                same(value, raw[name], f"{path}.{name}")
            elif name in ("skipped", "partial"):  # filled by the decoder: every sandbox
                assert value == [], f"{path}: records {name}: {value}"  # record is whole
            else:
                assert value in (None, {}, msgspec.UNSET), f"{path}.{name} not sent"
        return
    if raw is None or (raw == "" and isinstance(model, dict)):  # tracking-code list `options`
        assert model in (None, {}), path
        return
    if isinstance(model, list):
        assert isinstance(raw, list) and len(model) == len(raw), path
        for index, (m, r) in enumerate(zip(model, raw, strict=True)):
            same(m, r, f"{path}[{index}]")
    elif isinstance(model, dict):
        assert model == raw, path
    elif isinstance(model, Channel):
        assert raw in (model.value, f"{model.value}_long"), path
    elif isinstance(model, Enum):
        assert model.value == raw, path
    elif isinstance(model, bool):
        assert model is raw, path
    elif isinstance(model, Decimal):
        assert isinstance(raw, Decimal | int | str), path
        expected = Decimal(raw)
        assert model == expected and model.as_tuple() == expected.as_tuple(), path
    elif isinstance(model, datetime):
        when = datetime.fromisoformat(raw)
        assert model.tzinfo is not None, path
        assert model == when and model.utcoffset() == when.utcoffset(), path
    elif isinstance(model, int):
        assert model == int(raw), path
    elif isinstance(model, str) and isinstance(raw, int) and not isinstance(raw, bool):
        assert model == str(raw), path  # `Text`: a number on the wire, its digits as text
    else:
        assert model == raw, path
