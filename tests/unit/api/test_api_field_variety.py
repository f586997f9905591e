"""Records the spec never promised, as the field sends them (service-notes.md, "Values outside
the spec's lists"): every shape decodes or is skipped alone, counted, never failing its page."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.api.enums import (
    Channel,
    Currency,
    Event,
    PaymentStatus,
    Provider,
    QuestionStatus,
    ThreadStatus,
    TrackingStatus,
)
from sellerdesk.api.models import (
    Order,
    Question,
    SearchEnvelope,
    Thread,
    TrackingCode,
    decode,
)
from sellerdesk.policy import NoPacer

SAMPLES = Path(__file__).parent / "samples"
TOKEN = "variety-secret-token-9"


def doc(name: str) -> Any:
    return json.loads((SAMPLES / f"{name}.json").read_bytes())


def page(results: list[Any], **envelope: Any) -> bytes:
    body = {"seller_id": 1001, "query": None,
            "paging": {"total": len(results), "offset": 0, "limit": 50}, "results": results}
    body.update(envelope)
    return json.dumps(body).encode()


def an_order(**fields: Any) -> dict[str, Any]:
    order: dict[str, Any] = doc("order")
    order.update(fields)
    return order


@pytest.mark.parametrize("code", ["VES", "USD", "PEN"])
def test_currencies_outside_the_spec_are_kept_as_they_came(code: str) -> None:
    order = decode(json.dumps(an_order(currency=code)).encode(), Order)
    assert order.currency == code and isinstance(order.currency, Currency)
    assert not order.currency.known and order.currency.value == code
    assert Currency("VEF").known and Currency("vef") is Currency.VEF


def test_money_as_a_float_literal_stays_exact() -> None:
    raw = b'{"id": "1", "amount": 14.290000000000001, "grand_total": 1e2, "currency": "USD"}'
    order = decode(raw, Order)
    assert order.amount == Decimal("14.290000000000001")
    assert str(order.amount) == "14.290000000000001"
    assert order.grand_total == Decimal("100")


@pytest.mark.parametrize("spelling,member", [
    ("UNANSWERED", QuestionStatus.UNANSWERED), ("Answered", QuestionStatus.ANSWERED),
    ("BANNED", QuestionStatus.BANNED), ("CLOSED_UNANSWERED", QuestionStatus.CLOSED_UNANSWERED)])
def test_statuses_are_compared_without_regard_to_case(spelling: str,
                                                      member: QuestionStatus) -> None:
    question = decode(json.dumps({"id": 1, "status": spelling}).encode(), Question)
    assert question.status is member and question.status.value == member.value
    thread = decode(json.dumps({"id": "t", "status": spelling}).encode(), Thread)
    assert thread.status is not None and thread.status.casefold() == spelling.casefold()


def test_other_open_sets_keep_unknown_values() -> None:
    code = decode(b'{"id": 1, "provider": "PROVIDER_TIKTOK", "event": "SCROLL",'
                  b' "status": "PAUSED"}', TrackingCode)
    assert (code.provider, code.event, code.status) == ("PROVIDER_TIKTOK", "SCROLL", "PAUSED")
    assert isinstance(code.provider, Provider) and not code.provider.known
    assert isinstance(code.event, Event) and isinstance(code.status, TrackingStatus)
    lower = decode(b'{"id": 1, "provider": "other", "status": "active"}', TrackingCode)
    assert lower.provider is Provider.OTHER and lower.status is TrackingStatus.ACTIVE
    order = decode(b'{"id": "1", "channel": "mshops", "payments": [{"status": "AUTHORIZED"}]}',
                   Order)
    assert order.channel == "mshops" and order.channel is not None
    assert not order.channel.known
    assert order.payments is not None and order.payments[0].status == "AUTHORIZED"
    assert isinstance(order.payments[0].status, PaymentStatus)
    assert decode(b'{"id": "1", "channel": "MARKETPLACE_LONG"}', Order).channel \
        is Channel.MARKETPLACE


def test_ids_from_numbers_or_strings_sixteen_digits_exact() -> None:
    order = decode(b'{"id": 2000009876543210, "buyer": {"id": "77"},'
                   b' "products": [{"id": "5", "external_reference": 8877665544332211}],'
                   b' "shippings": [{"id": "41", "tracking_code": 12345678901234}]}', Order)
    assert order.id == "2000009876543210" and type(order.id) is str
    assert order.buyer is not None and order.buyer.id == 77
    assert order.products is not None and order.products[0].id == 5
    assert order.products[0].external_reference == "8877665544332211"
    assert order.shippings is not None and order.shippings[0].id == 41
    assert order.shippings[0].tracking_code == "12345678901234"
    question = decode(b'{"id": "1234567890123456", "thread_id": 9876543210987654}', Question)
    assert question.id == 1234567890123456 and question.thread_id == "9876543210987654"
    thread = decode(b'{"id": 5550001112223334}', Thread)
    assert thread.id == "5550001112223334"


def test_fractional_seconds_up_to_nine_digits_and_mixed_offsets() -> None:
    raw = (b'{"id": "1", "creation_date": "2024-03-05T18:22:10.123456789-04:00",'
           b' "status": {"closed_date": "2024-03-06T01:02:03Z",'
           b' "processed_date": "2024-03-05T19:00:00.1+05:30"}}')
    order = decode(raw, Order)
    assert order.creation_date == datetime(2024, 3, 5, 18, 22, 10, 123457,
                                           tzinfo=timezone(timedelta(hours=-4)))
    assert order.status is not None
    assert order.status.closed_date == datetime(2024, 3, 6, 1, 2, 3, tzinfo=UTC)
    assert order.status.processed_date is not None
    assert order.status.processed_date.utcoffset() == timedelta(hours=5, minutes=30)


def test_partial_content_with_empty_objects_decodes() -> None:
    order = decode(json.dumps(an_order(buyer={}, feedback={})).encode(), Order)
    assert order.buyer is not None and order.buyer.name is None
    assert order.feedback is not None and order.feedback.buyer is None


@pytest.mark.parametrize("paging", [None, {"total": 2, "limit": 50}, {}, "n/a"])
def test_paging_null_without_offset_or_odd(paging: Any) -> None:
    env = decode(page([{"id": 1}, {"id": 2}], paging=paging), SearchEnvelope[Question])
    assert [q.id for q in env.items] == [1, 2]
    assert env.paging.offset is None


def test_filters_as_an_object_and_facet_values_as_strings() -> None:
    raw = page([{"id": 1}], filters={"status": "UNANSWERED", "limit": 50, "offset": 0},
               available_filters=[{"id": "status", "values": ["answered", "unanswered"]},
                                  {"id": "channel", "name": "Canal",
                                   "values": [{"id": "shopfront", "results": "3"}]},
                                  "loose", 7],
               available_orders=["question_date_asc", {"id": "question_date_desc"}])
    env = decode(raw, SearchEnvelope[Question])
    assert env.filters is not None
    assert [(f.id, [v.id for v in f.values or []]) for f in env.filters] == [
        ("status", ["UNANSWERED"]), ("limit", [50]), ("offset", [0])]
    assert env.available_filters is not None
    status, channel, loose = env.available_filters
    assert [v.id for v in status.values or []] == ["answered", "unanswered"]
    assert channel.values is not None and channel.values[0].results == 3
    assert loose.id == "loose"
    assert [o.id for o in env.available_orders or []] == ["question_date_asc",
                                                          "question_date_desc"]


def test_only_records_without_id_or_readable_money_are_skipped_never_failing_the_page(
        caplog: pytest.LogCaptureFixture) -> None:
    good = an_order(id="900001", currency="VES")
    naive = an_order(id="900002", creation_date="2024-03-05T18:22:10")  # no zone
    no_id = {"amount": 5}
    bad_money = an_order(id=900004, amount="NaN")
    nested = an_order(id="900005", payments=[{"amount": {"value": 1}}])
    usd = an_order(id="900006", currency="USD", amount=14.290000000000001)
    url = f"https://x.test/?access_token={TOKEN}"
    secret = an_order(id="900007", creation_date=url)
    raw = page([good, naive, no_id, bad_money, nested, usd, secret, "junk", None])
    caplog.set_level(logging.INFO)
    env = decode(raw, SearchEnvelope[Order])
    assert [o.id for o in env.items] == ["900001", "900002", "900006", "900007"]
    assert env.items[1].creation_date is None and env.items[3].creation_date is None
    assert [(p.id, p.fields) for p in env.partial] == [("900002", ("$.creation_date",)),
                                                       ("900007", ("$.creation_date",))]
    assert [s.id for s in env.skipped] == [None, "900004", "900005", None, None]
    assert all(s.reason for s in env.skipped)
    assert "900004" in caplog.text and "$.payments[0].amount" in caplog.text
    assert TOKEN not in caplog.text and all(TOKEN not in s.reason for s in env.skipped)
    # Ids and field paths, never a record's values.
    assert "Entregar por la tarde" not in caplog.text and "jose@hotmail.com" not in caplog.text


def test_a_thread_keeps_its_readable_questions() -> None:
    thread_page: dict[str, Any] = doc("thread_by_id")
    questions = thread_page["results"][0]["questions"]
    questions.append({"id": "not-a-number", "status": "UNANSWERED"})
    questions.append({"id": 5003, "status": "UNANSWERED",
                      "question": {"text": "¿Hay stock?", "date": "2024-03-03T10:00:00Z"}})
    env = decode(json.dumps(thread_page).encode(), SearchEnvelope[Thread])
    thread = env.items[0]
    assert thread.questions is not None
    assert [q.id for q in thread.questions] == [4990, 5001, 5003]
    assert thread.questions[2].status is QuestionStatus.UNANSWERED
    assert [s.id for s in env.skipped] == ["not-a-number"]


def test_thread_searches_skip_bad_threads_alone() -> None:
    threads = doc("thread_search")["results"]
    bad = dict(threads[0], id={"nested": True})
    raw = page([bad, threads[0], dict(threads[0], id=123, status="ANSWERED")])
    env = decode(raw, SearchEnvelope[Thread])
    assert [t.id for t in env.items] == [threads[0]["id"], "123"]
    assert env.items[1].status is ThreadStatus.ANSWERED
    assert len(env.skipped) == 1 and env.skipped[0].id is None


async def test_the_client_reports_skipped_and_partly_read_records_of_a_search_page() -> None:
    raw = page([an_order(id="1"), an_order(id="2", creation_date="yesterday"),
                an_order(id="3", amount="NaN"), an_order(id="4", currency="PEN")])

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(206, content=raw)  # Partial Content, as the field sometimes says

    async with ShopClient("http://shop.test", 1001, TOKEN, pacer=NoPacer(),
                          transport=httpx.MockTransport(handler)) as client:
        env = await client.search_orders()
    assert [o.id for o in env.items] == ["1", "2", "4"]
    assert env.items[1].creation_date is None and [s.id for s in env.skipped] == ["3"]
    assert [p.id for p in env.partial] == ["2"]


def test_a_page_that_is_not_an_envelope_is_still_a_bad_response() -> None:
    from sellerdesk.api.errors import BadResponse

    for raw in (b"[]", b'{"results": {"id": 1}}', b"<html>", b""):
        with pytest.raises(BadResponse):
            decode(raw, SearchEnvelope[Order])


def test_a_blank_is_no_value_for_the_sets_that_were_closed() -> None:
    # Code that reads "" as "any channel" (saved filters) keeps working.
    for cls in (Channel, Currency, Event, Provider, TrackingStatus):
        with pytest.raises(ValueError):
            cls("")
        with pytest.raises(ValueError):
            cls("  ")
    assert QuestionStatus("") == "" and not QuestionStatus("").known


def test_a_thread_by_id_with_unreadable_own_fields_keeps_its_questions() -> None:
    from sellerdesk.api.models import decode_thread_page

    thread_page: dict[str, Any] = doc("thread_by_id")
    thread_page["results"][0]["last_question_date"] = "last tuesday"
    env = decode_thread_page(json.dumps(thread_page).encode(), "th-5001")
    thread = env.items[0]
    assert thread.id == "th-5001" and thread.last_question_date is None
    assert [q.id for q in thread.questions or []] == [4990, 5001] and env.skipped == []
