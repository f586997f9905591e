"""msgspec decoders for the models: one cached decoder per type, failures as `BadResponse`."""

from __future__ import annotations

import functools
import re
import threading
from decimal import Decimal
from typing import Any, TypeVar

import msgspec

from sellerdesk.api.base import TrackingOptions
from sellerdesk.api.errors import BadResponse
from sellerdesk.api.redact import scrub

T = TypeVar("T")

EXCERPT = 120

# float_hook: numbers in untyped places (promotions, notes, options) get the raw digits,
# so they too become exact Decimals, never floats.
untyped = msgspec.json.Decoder(float_hook=Decimal)
# Writes untyped values back with the same digits (Decimal as a JSON number).
exact_encoder = msgspec.json.Encoder(decimal_format="number")


def _dec_hook(tp: type[Any], obj: Any) -> Any:
    if tp is TrackingOptions:
        if obj is None or obj == "":
            return TrackingOptions()
        if isinstance(obj, str):
            try:
                obj = untyped.decode(obj)
            except msgspec.DecodeError:  # a ValueError has msgspec name the field's path
                raise ValueError("options must be an object, a JSON object string or empty") \
                    from None
        if isinstance(obj, dict):
            return TrackingOptions(obj)
        raise ValueError("options must be an object, a JSON object string or empty")
    raise NotImplementedError(f"no decoder for {tp!r}")


# msgspec builds a type's decoding information on its first use and keeps it on the class;
# two threads building it for the same class at once crash the process (SIGSEGV: the order
# decoder's warm-up thread and the first decode of an order on the loop, seen in the command
# line under load). Whatever builds it for the models does so under this lock.
TYPES_LOCK = threading.RLock()


@functools.lru_cache(maxsize=128)
def decoder(tp: Any) -> msgspec.json.Decoder[Any]:
    """The decoder of `tp`: lax about numbers sent as strings, exact about money."""
    with TYPES_LOCK:
        return msgspec.json.Decoder(tp, strict=False, dec_hook=_dec_hook, float_hook=Decimal)


def excerpt(data: bytes | str, size: int = EXCERPT) -> str:
    """A short, redacted piece of a body, for logs and `BadResponse.excerpt`."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return scrub(text[:size * 2])[:size]


_QUOTED = re.compile(r"'[^']*'")


def reason(exc: BaseException) -> str:
    """Why a decode failed, short and redacted (msgspec names the path: `$.results[3].id`);
    values msgspec quotes (`Invalid enum value 'x'`) are left out: they may be a buyer's."""
    return _QUOTED.sub("'…'", scrub(str(exc)))[:300] or type(exc).__name__


def decode_strict(data: bytes, tp: type[T], *, what: str = "answer") -> T:
    """Decode `data` into `tp` as a whole; any failure becomes `BadResponse`."""
    try:
        result: T = decoder(tp).decode(data)  # type: ignore[arg-type]
    except Exception as exc:  # ValidationError, DecodeError, hook errors, RecursionError...
        raise BadResponse(detail=f"undecodable {what}: {reason(exc)}",
                          excerpt=excerpt(data)) from None
    return result
