"""Shared pieces of the typed models: the base struct, timestamps, money checks."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

import msgspec

# The spec's Date(ISO_8601): always with Z or an offset, so a naive time is a wrong answer.
Timestamp = Annotated[datetime, msgspec.Meta(tz=True)]


def check_money(*amounts: Decimal | None) -> None:
    """Refuse non-finite money: msgspec reads "NaN"/"Infinity" strings as Decimals."""
    for amount in amounts:
        if amount is not None and not amount.is_finite():
            raise ValueError("money must be a finite number")


class Model(msgspec.Struct, kw_only=True):
    """Base of all resources: keyword-only structs."""
