"""A record is read field by field (docs/decisions.md): every field of every record of the spec,
made odd in each way the field has been seen to send it, leaves the record readable, with the
field as it came or empty. Only the record's id, and an order's money, make it unreadable."""

from __future__ import annotations

import copy
import json
import logging
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import msgspec
import pytest

from sellerdesk.api.enums import PaymentStatus, ShippingStatus
from sellerdesk.api.errors import BadResponse
from sellerdesk.api.models import (
    Category,
    Order,
    Question,
    SearchEnvelope,
    Shop,
    Thread,
    TrackingCode,
    decode,
)

SAMPLES = Path(__file__).parent / "samples"
MONEY = re.compile(r"(amount|_total|unit_price|finance_fee)$")
ODD: dict[str, Any] = {
    "null": None, "text": "idDeLaBaseDeDatos", "number": 12345, "naive date":
    "2024-03-05T18:22:10", "object": {"x": 1}, "list": [1], "true": True,
}


def doc(name: str) -> Any:
    return json.loads((SAMPLES / f"{name}.json").read_bytes())


RECORDS: dict[str, tuple[Any, type[Any]]] = {
    "Order": (doc("order"), Order),
    "Question": (doc("question"), Question),
    "Thread": (doc("thread_by_id")["results"][0], Thread),
    "Thread in a search": (doc("thread_search")["results"][0], Thread),
    "Category": (doc("categories_tree")[0], Category),
    "TrackingCode": (doc("tracking_code"), TrackingCode),
    "Shop": (doc("shop"), Shop),
}


def paths(value: Any, path: str = "$") -> Iterator[str]:
    """Every part of a document, leaves and containers."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, f"{path}[{i}]")
    if path != "$":
        yield path


def tokens(path: str) -> list[str | int]:
    return [t if i == "" else int(i) for t, i in re.findall(r"\.([^.\[]+)|\[(\d+)\]", path)]


def put(data: Any, path: str, value: Any) -> Any:
    out = copy.deepcopy(data)
    node = out
    *head, last = tokens(path)
    for t in head:
        node = node[t]
    node[last] = value
    return out


def get(data: Any, path: str) -> Any:
    """The value at `path`, or None where it is missing (left empty or its entry left out)."""
    for t in tokens(path):
        try:
            data = data[t]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def empty(value: Any) -> bool:
    """No value: null, or a part read empty ({} for a code's options)."""
    return value is None or value == {} or value == []


def vital(kind: str, path: str) -> bool:
    """The record's own id, or an order's amounts (a whole container of them may go)."""
    return path == "$.id" or (kind == "Order" and MONEY.search(path) is not None)


@pytest.mark.parametrize("kind", list(RECORDS))
def test_every_field_made_odd_leaves_the_record_readable(kind: str) -> None:
    data, tp = RECORDS[kind]
    key = decode(json.dumps(data).encode(), tp).id
    unread: list[str] = []
    for path in paths(data):
        for name, value in ODD.items():
            if vital(kind, path) and name != "null":
                continue
            raw = json.dumps(put(data, path, value)).encode()
            try:
                record = decode(raw, tp)
            except BadResponse:
                if not vital(kind, path):
                    unread.append(f"{path} as {name}")
                continue
            assert record.id == key
            came = get(msgspec.to_builtins(record), path)
            if isinstance(value, dict | list) or empty(came) or path.endswith("]") \
                    or path.endswith("].id"):
                continue  # an unknown shape is read as empty; an entry without id left out
            if name != "null" and not vital(kind, path):
                # As it came (numbers as text where text goes), or a number read as a Unix
                # time where a date goes (msgspec's reading, lax about numbers).
                assert came in (value, str(value), str(value).lower()) or (
                    isinstance(value, int) and isinstance(came, str)
                    and came.startswith("1970-")), (path, name, came)
    assert unread == []


@pytest.mark.parametrize("kind", list(RECORDS))
def test_null_anywhere_but_the_id_and_an_orders_money_keeps_the_record(kind: str) -> None:
    data, tp = RECORDS[kind]
    for path in paths(data):
        raw = json.dumps(put(data, path, None)).encode()
        if path == "$.id":
            with pytest.raises(BadResponse):
                decode(raw, tp)
            continue
        record = decode(raw, tp)  # a null amount is no amount: the order is read
        read = msgspec.to_builtins(record)
        entry = path.removesuffix(".id")
        if path.endswith("]"):  # a null entry of a list is left out
            whole = path[:path.rindex("[")]
            assert len(get(read, whole)) == len(get(data, whole)) - 1, path
        elif path.endswith(".id"):  # a part that needs its id (a question, a category) is
            whole = entry[:entry.rindex("[")] if entry.endswith("]") else None  # left out
            assert empty(get(read, path)) or empty(get(read, entry)) or (
                whole is not None and len(get(read, whole)) < len(get(data, whole))), path
        else:
            assert empty(get(read, path)), path


def test_external_reference_as_text_is_kept_as_it_came() -> None:
    order = doc("order")
    order["external_reference"] = "idDeLaBaseDeDatos"
    order["payments"][0]["external_reference"] = "pago-77"
    order["shippings"][0]["external_reference"] = 7770001
    read = decode(json.dumps(order).encode(), Order)
    assert read.external_reference == "idDeLaBaseDeDatos"
    assert read.payments is not None and read.payments[0].external_reference == "pago-77"
    assert read.shippings is not None and read.shippings[0].external_reference == "7770001"
    # Stored and read back (the cache keeps the encoded record) as it came.
    again = decode(msgspec.json.encode(read), Order)
    assert again.external_reference == "idDeLaBaseDeDatos"


def test_ids_as_text_and_numbers_as_text() -> None:
    order = doc("order")
    order["buyer"]["id"] = "B-77"  # text where the spec says a number: left empty
    order["store_id"] = "1001"  # digits as text where the spec says a number: read
    order["billing_data"]["zip_code"] = 1010  # a number where the spec says text: as text
    order["shippings"][0]["receiver"]["phone"] = 582125551234
    order["products"][0]["sku"] = 4411
    read = decode(json.dumps(order).encode(), Order)
    assert read.buyer is not None and read.buyer.id is None and read.buyer.name == "José Pérez"
    assert read.store_id == 1001
    assert read.billing_data is not None and read.billing_data.zip_code == "1010"
    assert read.shippings is not None and read.shippings[0].receiver is not None
    assert read.shippings[0].receiver.phone == "582125551234"
    assert read.products is not None and read.products[0].sku == "4411"
    question = decode(b'{"id": "5001", "thread_id": 77, "from": {"name": 3, "client_id": "c"}}',
                      Question)
    assert (question.id, question.thread_id) == (5001, "77")
    assert question.from_ is not None and question.from_.name == "3"
    assert question.from_.client_id is None


@pytest.mark.parametrize("stamp,expected", [
    ("2024-03-05T18:22:10Z", datetime(2024, 3, 5, 18, 22, 10, tzinfo=UTC)),  # no millis
    ("2024-03-05T18:22:10.123456789-04:00",
     datetime(2024, 3, 5, 18, 22, 10, 123457, tzinfo=timezone(timedelta(hours=-4)))),
    ("2024-03-05T18:22:10+05:45",
     datetime(2024, 3, 5, 18, 22, 10, tzinfo=timezone(timedelta(hours=5, minutes=45)))),
    ("2024-03-05T18:22Z", datetime(2024, 3, 5, 18, 22, tzinfo=UTC)),  # no seconds
    ("2024-03-05T18:22:10", None),  # no offset: which clock? left empty
    ("2024-03-05", None),
    ("ayer", None),
])
def test_dates_in_every_spelling(stamp: str, expected: datetime | None) -> None:
    order = doc("order")
    order["payments"][0]["paid_date"] = stamp
    order["creation_date"] = stamp
    read = decode(json.dumps(order).encode(), Order)
    assert read.creation_date == expected
    assert read.payments is not None and read.payments[0].paid_date == expected
    assert read.amount == Decimal("123456789012.34")


def test_unknown_enum_members_are_kept_as_they_came() -> None:
    order = doc("order")
    order["payments"][0]["status"] = "in_mediation"
    order["shippings"][0]["status"] = "ready_to_print"
    order["shippings"][0]["ship_type"] = 2
    read = decode(json.dumps(order).encode(), Order)
    assert read.payments is not None and read.payments[0].status == "in_mediation"
    assert isinstance(read.payments[0].status, PaymentStatus)
    assert not read.payments[0].status.known
    assert read.shippings is not None and read.shippings[0].status == "ready_to_print"
    assert isinstance(read.shippings[0].status, ShippingStatus)
    assert not read.shippings[0].status.known
    assert read.shippings[0].ship_type == "2"


def test_money_is_exact_and_vital_in_orders_only() -> None:
    order = doc("order")
    order["grand_total"] = 14.290000000000001
    assert decode(json.dumps(order).encode(), Order).grand_total == \
        Decimal("14.290000000000001")
    for path in ("$.grand_total", "$.payments[0].amount", "$.products[0].unit_price",
                 "$.payments[0].fees.finance_fee", "$.shippings[0].amount"):
        for odd in ("no disponible", "NaN", {"value": 1}):
            with pytest.raises(BadResponse) as info:
                decode(json.dumps(put(order, path, odd)).encode(), Order)
            assert "record 900001" in info.value.detail, info.value.detail
            assert path.split(".")[-1] in info.value.detail or \
                path.rsplit(".", 1)[0] in info.value.detail, info.value.detail
    # A listing's price inside a question is not the record's money: "a convenir" is empty.
    question = doc("question")
    question["publication"]["price"] = "a convenir"
    read = decode(json.dumps(question).encode(), Question)
    assert read.publication is not None and read.publication.price is None
    question["publication"]["price"] = "NaN"
    read = decode(json.dumps(question).encode(), Question)
    assert read.publication is not None and read.publication.price is None
    assert read.publication.title


def test_a_page_keeps_partly_read_records_and_logs_ids_and_paths_only(
        caplog: pytest.LogCaptureFixture) -> None:
    odd = doc("order")
    odd["id"] = "3000042"
    odd["external_reference"] = {"ref": "idDeLaBaseDeDatos"}
    odd["buyer"]["client_id"] = "jose@hotmail.com"  # a buyer's e-mail where an id goes
    odd["payments"][0]["paid_date"] = "2024-03-05T18:25:00"
    unreadable = dict(doc("order"), id="3000043", grand_total="jose@hotmail.com")
    body = {"paging": {"total": 3, "offset": 0, "limit": 50},
            "results": [doc("order"), odd, unreadable]}
    caplog.set_level(logging.INFO, logger="sellerdesk.api")
    page = decode(json.dumps(body).encode(), SearchEnvelope[Order])
    assert [o.id for o in page.items] == ["900001", "3000042"]
    assert page.items[1].external_reference is None
    assert page.items[1].buyer is not None and page.items[1].buyer.client_id is None
    assert page.items[1].buyer.mail == "jose@hotmail.com"
    assert [(p.id, p.fields) for p in page.partial] == [
        ("3000042", ("$.external_reference", "$.buyer.client_id", "$.payments[0].paid_date"))]
    assert [s.id for s in page.skipped] == ["3000043"]
    lines = [r.getMessage() for r in caplog.records]
    partly = [line for line in lines if "3000042" in line]
    assert partly and "$.buyer.client_id" in partly[0] and "$.external_reference" in partly[0]
    skipped = [line for line in lines if "3000043" in line]
    assert skipped and "$.grand_total" in skipped[0]
    assert not any("jose@hotmail.com" in line or "José" in line for line in lines)
    assert not any("idDeLaBaseDeDatos" in line for line in lines)
