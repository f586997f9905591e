"""The verdicts of `settle.check` for every kind of write, against a fake service
(`httpx.MockTransport`): applied / not applied / conflict, and the settle rule of creates
(whole body above the mark, unclaimed; INACTIVE codes found by id)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from decimal import Decimal
from typing import Any

import msgspec
import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.api.enums import Event, Provider, TrackingStatus
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.services.outbox.created import PROBE_MISSES, canonical, high_mark
from sellerdesk.services.outbox.settle import Intent, Verdict, check, must_check
from sellerdesk.store.outbox import IntentKind
from tests.unit.services.fake_shop import FakeShop


@pytest.fixture
def shop() -> FakeShop:
    return FakeShop()


@pytest.fixture
async def client(shop: FakeShop) -> AsyncIterator[ShopClient]:
    c = shop.client()
    yield c
    await c.aclose()


def draft(name: str = "Pixel", code: str = "<script>px()</script>", *,
          event: Event = Event.NAVIGATION, status: TrackingStatus = TrackingStatus.ACTIVE,
          options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A create's payload exactly as `TrackingService.create` stores it."""
    built: dict[str, Any] = msgspec.to_builtins(TrackingCodeDraft(
        name=name, code=code, provider=Provider.ANALYTICS, event=event, status=status,
        options=options or {}))
    return built


def server_body(d: dict[str, Any]) -> dict[str, Any]:
    return {k: d[k] for k in ("name", "code", "provider", "event", "status", "options")}


# -- answers and question deletes ---------------------------------------------------------

ANSWER = Intent(question_id=1, text="Sí, hay stock")


async def test_answer_not_there_is_sent(shop: FakeShop, client: ShopClient) -> None:
    shop.add_question(1)
    assert (await check(client, IntentKind.ANSWER, "question:1", ANSWER)).verdict \
        is Verdict.NOT_APPLIED


async def test_answer_with_our_text_is_applied(shop: FakeShop, client: ShopClient) -> None:
    shop.add_question(1, answer="  Sí, hay stock ")
    assert (await check(client, IntentKind.ANSWER, "question:1", ANSWER)).verdict \
        is Verdict.APPLIED


async def test_answer_with_another_text_is_a_conflict(shop: FakeShop,
                                                      client: ShopClient) -> None:
    shop.add_question(1, answer="No, se agotó")
    found = await check(client, IntentKind.ANSWER, "question:1", ANSWER)
    assert found.verdict is Verdict.CONFLICT and found.server is not None


async def test_answer_emptied_by_moderation_is_a_conflict_not_a_resend(
        shop: FakeShop, client: ShopClient) -> None:
    shop.add_question(1, answer="", status="answered")
    assert (await check(client, IntentKind.ANSWER, "question:1", ANSWER)).verdict \
        is Verdict.CONFLICT


@pytest.mark.parametrize("how", ["gone", "status deleted"])
async def test_answer_to_a_question_deleted_elsewhere_is_a_conflict(
        shop: FakeShop, client: ShopClient, how: str) -> None:
    if how == "status deleted":
        shop.add_question(1, status="deleted")
    found = await check(client, IntentKind.ANSWER, "question:1", ANSWER)
    assert found.verdict is Verdict.CONFLICT and "deleted" in found.message


@pytest.mark.parametrize(("there", "status", "verdict"), [
    (False, None, Verdict.APPLIED), (True, "deleted", Verdict.APPLIED),
    (True, None, Verdict.NOT_APPLIED)])
async def test_question_delete(shop: FakeShop, client: ShopClient, there: bool,
                               status: str | None, verdict: Verdict) -> None:
    if there:
        shop.add_question(1, status=status)
    found = await check(client, IntentKind.DELETE_QUESTION, "question:1", Intent(question_id=1))
    assert found.verdict is verdict


# -- invoice and shipping -----------------------------------------------------------------

INVOICE = Intent(order_id="77", invoiced=True, number="A-0001", type="A",
                 base={"invoiced": False, "number": None, "type": None})


@pytest.mark.parametrize(("invoice", "verdict"), [
    ({"invoiced": True, "number": "A-0001", "type": "A"}, Verdict.APPLIED),
    ({"invoiced": False, "number": None, "type": None}, Verdict.NOT_APPLIED),
    ({"invoiced": True, "number": "B-0009", "type": "B"}, Verdict.CONFLICT)])
async def test_invoice(shop: FakeShop, client: ShopClient, invoice: dict[str, Any],
                       verdict: Verdict) -> None:
    shop.add_order("77", invoice=invoice)
    assert (await check(client, IntentKind.INVOICE, "order:77", INVOICE)).verdict is verdict


async def test_invoice_of_an_order_gone_is_a_conflict(client: ShopClient) -> None:
    assert (await check(client, IntentKind.INVOICE, "order:77", INVOICE)).verdict \
        is Verdict.CONFLICT


SHIP = Intent(order_id="77", shipping_id=5, status="on_route", tracking_code="TRK1",
              base={"status": "pending", "tracking_code": ""})


@pytest.mark.parametrize(("status", "code", "verdict"), [
    ("on_route", "TRK1", Verdict.APPLIED),
    ("pending", "", Verdict.NOT_APPLIED),
    ("delivered", "", Verdict.CONFLICT),  # another device moved it on
    ("pending", "OTHER", Verdict.CONFLICT),  # another device set a tracking code
    ("on_route", "OTHER", Verdict.CONFLICT)])
async def test_shipping(shop: FakeShop, client: ShopClient, status: str, code: str,
                        verdict: Verdict) -> None:
    shop.add_order("77", shipping_status=status, tracking_code=code)
    assert (await check(client, IntentKind.SHIPPING, "order:77", SHIP)).verdict is verdict


async def test_shipping_without_a_code_ignores_another_devices_code(
        shop: FakeShop, client: ShopClient) -> None:
    """The update keeps the server's tracking code, so a code set elsewhere is no conflict."""
    shop.add_order("77", shipping_status="pending", tracking_code="SET-ELSEWHERE")
    status_only = Intent(order_id="77", shipping_id=5, status="on_route",
                         base={"status": "pending", "tracking_code": ""})
    assert (await check(client, IntentKind.SHIPPING, "order:77", status_only)).verdict \
        is Verdict.NOT_APPLIED
    shop.orders["77"]["shippings"][0]["status"] = "on_route"
    assert (await check(client, IntentKind.SHIPPING, "order:77", status_only)).verdict \
        is Verdict.APPLIED


async def test_shipping_gone_from_the_order_is_a_conflict(shop: FakeShop,
                                                          client: ShopClient) -> None:
    shop.add_order("77")
    shop.orders["77"]["shippings"] = []
    assert (await check(client, IntentKind.SHIPPING, "order:77", SHIP)).verdict \
        is Verdict.CONFLICT


# -- tracking-code modify and delete -----------------------------------------------------

async def test_modify(shop: FakeShop, client: ShopClient) -> None:
    cid = shop.add_code("Old", "<s/>", options={"rate": 0.1})
    rename = Intent(tracking_id=cid, changes={"name": "New"}, base={"name": "Old"})
    entity = f"tracking:{cid}"
    assert (await check(client, IntentKind.TRACKING_MODIFY, entity, rename)).verdict \
        is Verdict.NOT_APPLIED
    shop.codes[cid]["name"] = "New"
    assert (await check(client, IntentKind.TRACKING_MODIFY, entity, rename)).verdict \
        is Verdict.APPLIED
    shop.codes[cid]["name"] = "Renamed elsewhere"
    found = await check(client, IntentKind.TRACKING_MODIFY, entity, rename)
    assert found.verdict is Verdict.CONFLICT and found.server is not None


async def test_modify_races_only_on_the_fields_it_changes(shop: FakeShop,
                                                          client: ShopClient) -> None:
    cid = shop.add_code("Old", "<s/>")
    shop.codes[cid]["event"] = "PAY_BUTTON"  # changed elsewhere; our rename does not care
    rename = Intent(tracking_id=cid, changes={"name": "New"}, base={"name": "Old"})
    assert (await check(client, IntentKind.TRACKING_MODIFY, f"tracking:{cid}", rename)
            ).verdict is Verdict.NOT_APPLIED


async def test_modify_compares_options_as_values(shop: FakeShop, client: ShopClient) -> None:
    """The server reads 0.1 back as Decimal("0.1"); the payload holds the float 0.1."""
    cid = shop.add_code("A", "<s/>", options={"rate": 0.1, "on": True})
    change = Intent(tracking_id=cid, changes={"options": {"on": True, "rate": 0.1}},
                    base={"options": {}})
    assert (await check(client, IntentKind.TRACKING_MODIFY, f"tracking:{cid}", change)
            ).verdict is Verdict.APPLIED


async def test_modify_of_a_code_deleted_elsewhere_or_never_created(client: ShopClient) -> None:
    rename = Intent(changes={"name": "New"}, base={"name": "Old"})
    gone = await check(client, IntentKind.TRACKING_MODIFY, "tracking:42", rename)
    assert gone.verdict is Verdict.CONFLICT and "deleted" in gone.message
    never = await check(client, IntentKind.TRACKING_MODIFY, "tracking:new:abc", rename)
    assert never.verdict is Verdict.CONFLICT


async def test_code_delete(shop: FakeShop, client: ShopClient) -> None:
    cid = shop.add_code("A", "<s/>")
    delete = Intent(tracking_id=cid)
    assert (await check(client, IntentKind.TRACKING_DELETE, f"tracking:{cid}", delete)
            ).verdict is Verdict.NOT_APPLIED
    del shop.codes[cid]
    assert (await check(client, IntentKind.TRACKING_DELETE, f"tracking:{cid}", delete)
            ).verdict is Verdict.APPLIED


# -- tracking-code creates ------------------------------------------------------------------

async def created(client: ShopClient, d: dict[str, Any], mark: int,
                  claimed: frozenset[int] = frozenset()) -> tuple[Verdict, int | None]:
    found = await check(client, IntentKind.TRACKING_CREATE, "tracking:new:x",
                        Intent(draft=d, mark=mark), claimed=claimed)
    return found.verdict, found.created_id


async def test_create_above_the_mark_with_the_whole_body_is_applied(
        shop: FakeShop, client: ShopClient) -> None:
    shop.add_code("Other", "<o/>")
    d = draft()
    cid = shop.add_code(**server_body(d))
    assert await created(client, d, mark=1) == (Verdict.APPLIED, cid)


async def test_case2_same_name_and_code_for_another_event_is_not_ours(
        shop: FakeShop, client: ShopClient) -> None:
    """Issue 14, case 2: "Pixel"/C for NAVIGATION exists; our create is for BUY_BUTTON."""
    shop.add_code(**server_body(draft()))
    ours = draft(event=Event.BUY_BUTTON)
    assert await created(client, ours, mark=shop.last_id) == (Verdict.NOT_APPLIED, None)
    # Not even without a mark (an attempt recorded before marks existed): the body differs.
    assert await created(client, ours, mark=0) == (Verdict.NOT_APPLIED, None)


async def test_an_identical_code_at_or_below_the_mark_is_not_ours(
        shop: FakeShop, client: ShopClient) -> None:
    d = draft()
    shop.add_code(**server_body(d))  # made before our attempt, e.g. the seller's earlier one
    assert await created(client, d, mark=shop.last_id) == (Verdict.NOT_APPLIED, None)


async def test_case1_an_inactive_code_is_found_by_id_below_a_later_active_one(
        shop: FakeShop, client: ShopClient) -> None:
    """Issue 14, case 1: A (INACTIVE) got id 11 with its reply lost, B (ACTIVE) got 12."""
    for n in range(10):
        shop.add_code(f"seed {n}", "<s/>")
    a = draft("A", "<a/>", status=TrackingStatus.INACTIVE)
    a_id = shop.add_code(**server_body(a))
    shop.add_code(**server_body(draft("B", "<b/>")))
    assert await created(client, a, mark=10) == (Verdict.APPLIED, a_id)


async def test_an_inactive_code_past_a_short_run_of_deleted_ids_is_found(
        shop: FakeShop, client: ShopClient) -> None:
    for _ in range(PROBE_MISSES - 1):  # made and deleted elsewhere meanwhile
        del shop.codes[shop.add_code("gone", "<g/>")]
    a = draft(status=TrackingStatus.INACTIVE)
    a_id = shop.add_code(**server_body(a))
    assert await created(client, a, mark=0) == (Verdict.APPLIED, a_id)


async def test_status_is_part_of_the_identity(shop: FakeShop, client: ShopClient) -> None:
    active = draft()
    shop.add_code(**server_body(active))
    inactive = draft(status=TrackingStatus.INACTIVE)
    assert await created(client, inactive, mark=0) == (Verdict.NOT_APPLIED, None)
    shop.codes[1]["status"] = "INACTIVE"
    assert await created(client, active, mark=0) == (Verdict.NOT_APPLIED, None)
    assert await created(client, inactive, mark=0) == (Verdict.APPLIED, 1)


@pytest.mark.parametrize(("ours", "theirs", "same"), [
    ({"rate": 0.1}, {"rate": 0.1}, True),
    ({"n": 1}, {"n": 1.0}, True),
    ({"a": {"b": [1, "x"]}, "c": None}, {"c": None, "a": {"b": [1, "x"]}}, True),
    ({"n": 1}, {"n": "1"}, False),
    ({"on": True}, {"on": 1}, False),
    ({}, {"k": ""}, False)])
async def test_options_are_compared_as_values(shop: FakeShop, client: ShopClient,
                                              ours: dict[str, Any], theirs: dict[str, Any],
                                              same: bool) -> None:
    d = draft(options=ours)
    shop.add_code(**{**server_body(d), "options": theirs})
    expected = (Verdict.APPLIED, 1) if same else (Verdict.NOT_APPLIED, None)
    assert await created(client, d, mark=0) == expected


async def test_identical_creates_are_told_apart_by_claims(shop: FakeShop,
                                                          client: ShopClient) -> None:
    """Two identical creates with lost replies: each takes its own code, lowest first."""
    for status in (TrackingStatus.ACTIVE, TrackingStatus.INACTIVE):
        d = draft(f"twin {status}", status=status)
        first, second = shop.add_code(**server_body(d)), shop.add_code(**server_body(d))
        mark = first - 1
        assert await created(client, d, mark) == (Verdict.APPLIED, first)
        assert await created(client, d, mark, frozenset({first})) == (Verdict.APPLIED, second)
        # A third identical create whose request never landed must not take either one.
        assert await created(client, d, mark, frozenset({first, second})) \
            == (Verdict.NOT_APPLIED, None)


async def test_our_code_modified_elsewhere_is_no_longer_recognised(
        shop: FakeShop, client: ShopClient) -> None:
    d = draft()
    cid = shop.add_code(**server_body(d))
    shop.codes[cid]["name"] = "Renamed on the phone"
    assert await created(client, d, mark=0) == (Verdict.NOT_APPLIED, None)


async def test_high_mark_sees_inactive_codes_above_the_list(shop: FakeShop,
                                                            client: ShopClient) -> None:
    shop.add_code("a", "<a/>")
    shop.add_code("b", "<b/>", status="INACTIVE")
    shop.add_code("c", "<c/>", status="INACTIVE")
    assert await high_mark(client, []) == 3
    assert await high_mark(client, [7]) == 7  # ids we know, e.g. our own settled creates
    requests = len(shop.log)
    assert await high_mark(client, [3]) == 3
    assert len(shop.log) - requests == 2  # the list and one miss past the top


def test_must_check() -> None:
    create = Intent(draft=draft())
    assert not must_check(IntentKind.TRACKING_CREATE, create, attempts=0, uncertain=False)
    marked = Intent(draft=draft(), mark=3)
    # Even after the seller's retry reset the count: the mark says it was attempted.
    assert must_check(IntentKind.TRACKING_CREATE, marked, attempts=0, uncertain=False)
    assert must_check(IntentKind.ANSWER, ANSWER, attempts=0, uncertain=True)
    assert not must_check(IntentKind.ANSWER, ANSWER, attempts=0, uncertain=False)
    assert must_check(IntentKind.SHIPPING, SHIP, attempts=0, uncertain=False)
    rename = Intent(tracking_id=1, changes={"name": "x"}, base={"name": "y"})
    assert must_check(IntentKind.TRACKING_MODIFY, rename, attempts=0, uncertain=False)


def test_canonical_values() -> None:
    assert canonical(Decimal("0.10")) == canonical(0.1)
    assert canonical(True) != canonical(1)
    assert canonical(None) != canonical("")
    assert canonical({"a": [1, 2]}) != canonical({"a": [2, 1]})
