"""Shared pieces of the typed models: the base struct, timestamps, text ids, money checks."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

import msgspec

# The spec's Date(ISO_8601): always with Z or an offset, so a naive time is a wrong answer.
# msgspec reads up to 9 fractional digits (rounded to microseconds) and any offset.
Timestamp = Annotated[datetime, msgspec.Meta(tz=True)]

if TYPE_CHECKING:
    Text = str
else:
    # A string id the field also sends as a JSON number (order, thread, publication ids): decoded
    # as either, then made a `str` by the struct's `__post_init__` via `as_text` (a str
    # subclass would not survive msgspec's encoder). Digits are kept exact (16-digit ids).
    Text = str | int


def as_text(struct: object, *names: str) -> None:
    """Turn the named `Text` fields that arrived as numbers into strings, in place."""
    for name in names:
        value = getattr(struct, name)
        if value.__class__ is int:
            setattr(struct, name, str(value))


MONEY_NOT_FINITE = "money must be a finite number"


def check_money(*amounts: Decimal | None) -> None:
    """Refuse non-finite money: msgspec reads "NaN"/"Infinity" strings as Decimals."""
    for amount in amounts:
        if amount is not None and not amount.is_finite():
            raise ValueError(MONEY_NOT_FINITE)


class Model(msgspec.Struct, kw_only=True):
    """Base of all resources: keyword-only structs.

    `MONEY_IS_VITAL`: a record of this type whose amounts cannot be read is not read at all
    (`lenient`); in other records an odd amount (a listing's price) is left empty."""

    MONEY_IS_VITAL: ClassVar[bool] = False


class TrackingOptions(dict[str, Any]):
    """A tracking code's `options`: an object in single reads, "" in lists (spec), or a JSON
    string of an object (decisions: create accepts one). Always decoded to a mapping; "" and
    null become an empty one."""
