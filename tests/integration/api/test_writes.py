"""Every write method against an own sandbox; the effect is read back from the server."""

from __future__ import annotations

from typing import Any

import pytest

from sellerdesk.api.enums import (
    Event,
    OrderShippingFilter,
    Provider,
    QuestionStatus,
    ShippingStatus,
    TrackingStatus,
)
from sellerdesk.api.errors import BadRequest, NotFound
from sellerdesk.api.models import TrackingCodeChanges, TrackingCodeDraft
from tests.support.api_clients import MakeClient
from tests.support.sandbox import Sandbox

from ._compare import raw_json, same


async def test_tracking_code_lifecycle(own_sandbox: Sandbox, make_client: MakeClient) -> None:
    draft = TrackingCodeDraft(name="Píxel de prueba", code="<img src='https://px.example/1'>",
                              provider=Provider.STAMP, event=Event.CONTACT_BUTTON,
                              options={"seal": "gold", "size": 2})
    async with make_client(own_sandbox) as client:
        created = await client.create_tracking_code(draft)
        assert (created.name, created.code, created.provider, created.event, created.status,
                created.options) == (draft.name, draft.code, Provider.STAMP,
                                     Event.CONTACT_BUTTON, TrackingStatus.ACTIVE,
                                     {"seal": "gold", "size": 2})
        same(created, raw_json(own_sandbox.get(f"/metrics/{created.id}")))
        listed = await client.tracking_codes(event=Event.CONTACT_BUTTON, provider=Provider.STAMP)
        assert created.id in {c.id for c in listed}

        renamed = await client.modify_tracking_code(created.id, name="Sello renombrado")
        assert renamed.name == "Sello renombrado" and renamed.code == draft.code
        paused = await client.modify_tracking_code(
            created.id, TrackingCodeChanges(status=TrackingStatus.INACTIVE, options={"seal": "x"}))
        assert paused.status is TrackingStatus.INACTIVE and paused.options == {"seal": "x"}
        same(paused, raw_json(own_sandbox.get(f"/metrics/{created.id}")))
        # The list shows only ACTIVE codes (decisions); the single read shows either.
        assert created.id not in {c.id for c in await client.tracking_codes()}

        await client.delete_tracking_code(created.id)
        with pytest.raises(NotFound):
            await client.tracking_code(created.id)
        with pytest.raises(NotFound):
            await client.modify_tracking_code(created.id, name="gone")


async def test_tracking_code_bad_values_are_bad_request(own_sandbox: Sandbox,
                                                       make_client: MakeClient) -> None:
    async with make_client(own_sandbox) as client:
        with pytest.raises(BadRequest) as info:
            await client.modify_tracking_code(1, provider="PROVIDER_NOPE")
    assert info.value.status == 400 and info.value.message != BadRequest.default_message


def unanswered_id(sb: Sandbox, skip: int = 0) -> int:
    """The `skip`-th unanswered question that is no field-variety record (those spell their
    status otherwise): whichever of this module's tests ran before in this process."""
    odd = {str(i) for ids in sb.variety().get("questions", {}).values() for i in ids}
    found: list[dict[str, Any]] = raw_json(sb.get("/questions/search", status="unanswered"))[
        "results"]
    plain = [q for q in found if str(q["id"]) not in odd]
    return int(plain[skip]["id"])


async def test_answer_question(own_sandbox: Sandbox, make_client: MakeClient) -> None:
    qid = unanswered_id(own_sandbox)
    text = "¡Hola! Sí, enviamos a todo el país en 48 h."
    async with make_client(own_sandbox) as client:
        assert await client.answer_question(qid, text) == text
        question = await client.question(qid)
        assert question.status is QuestionStatus.ANSWERED
        assert question.answer is not None and question.answer.text == text
        with pytest.raises(BadRequest) as again:
            await client.answer_question(qid, "otra vez")
    assert again.value.message == "The question is already answered"


async def test_empty_answer_is_refused_with_the_servers_words(own_sandbox: Sandbox,
                                                             make_client: MakeClient) -> None:
    qid = unanswered_id(own_sandbox, skip=1)
    async with make_client(own_sandbox) as client:
        with pytest.raises(BadRequest) as info:
            await client.answer_question(qid, "   ")
    assert info.value.message != BadRequest.default_message
    assert raw_json(own_sandbox.get(f"/questions/{qid}"))["status"] == "unanswered"


async def test_delete_question(own_sandbox: Sandbox, make_client: MakeClient) -> None:
    qid = unanswered_id(own_sandbox, skip=2)
    async with make_client(own_sandbox) as client:
        await client.delete_question(qid)
        with pytest.raises(NotFound):
            await client.question(qid)
        with pytest.raises(NotFound):
            await client.delete_question(qid)
    log = own_sandbox.requests_log()
    assert [e["status"] for e in log if e["method"] == "DELETE"][-2:] == [204, 404]


async def test_update_invoice(own_sandbox: Sandbox, make_client: MakeClient) -> None:
    async with make_client(own_sandbox) as client:
        order = (await client.search_orders(paid=True, limit=1)).items[0]
        updated = await client.update_invoice(order.id, invoiced=True, number="0001-00004567",
                                              type="B")
        again = await client.order(order.id)
    assert updated is not None and updated.invoice is not None
    for seen in (updated, again):
        assert seen.invoice is not None
        assert (seen.invoice.invoiced, seen.invoice.number, seen.invoice.type) == (
            True, "0001-00004567", "B")
        assert seen.invoice.invoiced_date is not None
        assert seen.invoice.invoiced_date.tzinfo is not None


async def test_update_shipping(own_sandbox: Sandbox, make_client: MakeClient) -> None:
    async with make_client(own_sandbox) as client:
        order = (await client.search_orders(shipping=OrderShippingFilter.PENDING, limit=1)).items[0]
        assert order.shippings
        shipping_id = order.shippings[0].id
        assert shipping_id is not None
        result = await client.update_shipping(order.id, shipping_id,
                                              status=ShippingStatus.ON_ROUTE,
                                              tracking_code="AR123456789")
        kept = await client.update_shipping(order.id, shipping_id,
                                            status=ShippingStatus.DELIVERED)
        again = await client.order(order.id)
        with pytest.raises(NotFound):
            await client.update_shipping(order.id, 1, status=ShippingStatus.PICKUP)
    assert result is not None and result.status is ShippingStatus.ON_ROUTE
    assert kept is not None and kept.tracking_code == "AR123456789"  # absent keeps the old one
    assert again.shippings is not None
    shipping = next(s for s in again.shippings if s.id == shipping_id)
    assert (shipping.status, shipping.tracking_code) == (ShippingStatus.DELIVERED, "AR123456789")
