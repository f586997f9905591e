"""Small row builders for the store tests."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from sellerdesk.store.rows import OrderRow, QuestionRow, ThreadRow

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)


def doc(**fields: Any) -> bytes:
    return json.dumps(fields).encode()


def order(n: int, **kw: Any) -> OrderRow:
    values: dict[str, Any] = {
        "id": str(5000 + n), "doc": doc(id=str(5000 + n)), "channel": "shopfront",
        "currency": "ARS", "creation_date": T0 + timedelta(hours=n), "client_id": n,
        "buyer_name": f"Buyer {n}", "buyer_nickname": f"nick{n}",
        "product_titles": ("Remera lisa",), "tracking_codes": ()}
    values.update(kw)
    return OrderRow(**values)


def question(n: int, **kw: Any) -> QuestionRow:
    values: dict[str, Any] = {
        "id": 900 + n, "doc": doc(id=900 + n), "thread_id": f"t{n}", "status": "unanswered",
        "channel": "shopfront", "creation_date": T0 + timedelta(minutes=n), "client_id": n,
        "text": "¿Tienen stock?", "buyer_name": f"Buyer {n}", "product_title": "Remera lisa"}
    values.update(kw)
    return QuestionRow(**values)


def thread(n: int, **kw: Any) -> ThreadRow:
    values: dict[str, Any] = {
        "id": f"t{n}", "doc": doc(id=f"t{n}"), "status": "unanswered", "channel": "shopfront",
        "last_question_date": T0 + timedelta(minutes=n), "unanswered_quantity": 1,
        "client_id": n}
    values.update(kw)
    return ThreadRow(**values)
