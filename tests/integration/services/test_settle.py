"""The verdicts of `settle.check` for every kind of write, read from a real sandbox over
loopback: applied / not applied / conflict, and the settle rule of creates (whole body above
the mark, unclaimed; INACTIVE codes found by id). The scene is set over the sandbox's API as
another device would set it. One state the sandbox never serves (a deleted question still
readable, status "deleted", as the field keeps some) is one canned reply."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from sellerdesk.api.client import ShopClient
from sellerdesk.api.enums import Event, Provider, TrackingStatus
from sellerdesk.api.errors import BadResponse
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.policy import NoPacer
from sellerdesk.services.outbox.created import PROBE_MISSES, high_mark
from sellerdesk.services.outbox.settle import Intent, Verdict, check
from sellerdesk.store.outbox import IntentKind
from tests.support import shop_scene as scene
from tests.support.sandbox import Sandbox


@pytest.fixture(scope="module")
def shop(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """A sandbox of this module's own (as the field serves it): each test makes the records
    it reads, with names of its own, so the tests share it without meeting."""
    db = tmp_path_factory.mktemp("settle") / "sandbox.db"
    shutil.copy(seeded_db, db)
    sb = Sandbox(db=db).start()
    yield sb
    sb.stop()


@pytest.fixture
async def client(shop: Sandbox) -> AsyncIterator[ShopClient]:
    # No retries, no pacing: a verdict is one read, and these tests count requests.
    async with ShopClient(shop.base_url, shop.shop_id, shop.token, max_retries=0,
                          pacer=NoPacer()) as c:
        yield c


def _deleted_question_client() -> ShopClient:
    """The field keeps some deleted questions readable, status "deleted" (service-notes.md);
    the sandbox deletes them (a 404, tested against it below), so this one reply stands in
    for the field."""
    doc = {"id": 1, "status": "deleted", "question": {"text": "¿Tiene stock?"}}
    return ShopClient("http://field.test", 1001, "field-token", max_retries=0,
                      pacer=NoPacer(),
                      transport=httpx.MockTransport(lambda _: httpx.Response(200, json=doc)))


def unique(name: str) -> str:
    """A name no other test's record has (the module's sandbox is shared)."""
    return f"{name} {uuid.uuid4().hex[:8]}"


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


def add(shop: Sandbox, d: dict[str, Any], **changes: Any) -> int:
    """`d` made on the server by another device; its id."""
    return scene.add_code(shop, **{**server_body(d), **changes})


# -- answers and question deletes ---------------------------------------------------------

TEXT = "Sí, hay stock"


def answer_of(question_id: int) -> Intent:
    return Intent(question_id=question_id, text=TEXT)


async def test_answer_not_there_is_sent(shop: Sandbox, client: ShopClient) -> None:
    qid = shop.ask()["id"]
    assert (await check(client, IntentKind.ANSWER, f"question:{qid}", answer_of(qid))
            ).verdict is Verdict.NOT_APPLIED


async def test_answer_with_our_text_is_applied(shop: Sandbox, client: ShopClient) -> None:
    qid = shop.ask()["id"]
    scene.answer(shop, qid, "  Sí, hay stock ")
    assert (await check(client, IntentKind.ANSWER, f"question:{qid}", answer_of(qid))
            ).verdict is Verdict.APPLIED


async def test_answer_with_another_text_is_a_conflict(shop: Sandbox,
                                                      client: ShopClient) -> None:
    qid = shop.ask()["id"]
    scene.answer(shop, qid, "No, se agotó")
    found = await check(client, IntentKind.ANSWER, f"question:{qid}", answer_of(qid))
    assert found.verdict is Verdict.CONFLICT and found.server is not None


async def test_answer_emptied_by_moderation_is_a_conflict_not_a_resend(
        shop: Sandbox, client: ShopClient) -> None:
    qid = int(shop.variety()["questions"]["answer_empty"][0])  # answered, its text emptied
    assert (await check(client, IntentKind.ANSWER, f"question:{qid}", answer_of(qid))
            ).verdict is Verdict.CONFLICT


async def test_answer_to_a_question_deleted_elsewhere_is_a_conflict(
        shop: Sandbox, client: ShopClient) -> None:
    qid = shop.ask()["id"]
    scene.delete_question(shop, qid)
    found = await check(client, IntentKind.ANSWER, f"question:{qid}", answer_of(qid))
    assert found.verdict is Verdict.CONFLICT and "deleted" in found.message
    async with _deleted_question_client() as field:
        found = await check(field, IntentKind.ANSWER, "question:1", answer_of(1))
    assert found.verdict is Verdict.CONFLICT and "deleted" in found.message


async def test_question_delete(shop: Sandbox, client: ShopClient) -> None:
    qid = shop.ask()["id"]
    delete = Intent(question_id=qid)
    assert (await check(client, IntentKind.DELETE_QUESTION, f"question:{qid}", delete)
            ).verdict is Verdict.NOT_APPLIED
    scene.delete_question(shop, qid)
    assert (await check(client, IntentKind.DELETE_QUESTION, f"question:{qid}", delete)
            ).verdict is Verdict.APPLIED
    async with _deleted_question_client() as field:  # kept readable, as "deleted"
        assert (await check(field, IntentKind.DELETE_QUESTION, "question:1",
                            Intent(question_id=1))).verdict is Verdict.APPLIED


# -- invoice and shipping -----------------------------------------------------------------

def invoice_of(order_id: str) -> Intent:
    return Intent(order_id=order_id, invoiced=True, number="A-0001", type="A",
                  base={"invoiced": False, "number": None, "type": None})


@pytest.mark.parametrize(("invoice", "verdict"), [
    ({"invoiced": True, "number": "A-0001", "type": "A"}, Verdict.APPLIED),
    (None, Verdict.NOT_APPLIED),
    ({"invoiced": True, "number": "B-0009", "type": "B"}, Verdict.CONFLICT)])
async def test_invoice(shop: Sandbox, client: ShopClient, invoice: dict[str, Any] | None,
                       verdict: Verdict) -> None:
    order = shop.sell()
    assert not order["invoice"]["invoiced"]
    if invoice is not None:
        scene.set_invoice(shop, order["id"], **invoice)
    assert (await check(client, IntentKind.INVOICE, f"order:{order['id']}",
                        invoice_of(order["id"]))).verdict is verdict


async def test_invoice_of_an_order_gone_is_a_conflict(client: ShopClient) -> None:
    assert (await check(client, IntentKind.INVOICE, "order:77", invoice_of("77"))).verdict \
        is Verdict.CONFLICT


def ship_of(order: dict[str, Any], shipping_id: int | None = None, *,
            tracking_code: str | None = "TRK1") -> Intent:
    """"On route" for the order's first shipping, as seen when sold (pending, no code)."""
    first = order["shippings"][0]
    assert first["status"] == "pending" and not first.get("tracking_code")
    return Intent(order_id=order["id"], shipping_id=shipping_id or first["id"],
                  status="on_route", tracking_code=tracking_code,
                  base={"status": "pending", "tracking_code": ""})


@pytest.mark.parametrize(("status", "code", "verdict"), [
    ("on_route", "TRK1", Verdict.APPLIED),
    (None, None, Verdict.NOT_APPLIED),
    ("delivered", None, Verdict.CONFLICT),  # another device moved it on
    ("pending", "OTHER", Verdict.CONFLICT),  # another device set a tracking code
    ("on_route", "OTHER", Verdict.CONFLICT)])
async def test_shipping(shop: Sandbox, client: ShopClient, status: str | None,
                        code: str | None, verdict: Verdict) -> None:
    order = shop.sell()
    intent = ship_of(order)
    if status is not None:
        scene.set_shipping(shop, order["id"], order["shippings"][0]["id"], status=status,
                           **({"tracking_code": code} if code else {}))
    assert (await check(client, IntentKind.SHIPPING, f"order:{order['id']}", intent)
            ).verdict is verdict


async def test_shipping_without_a_code_ignores_another_devices_code(
        shop: Sandbox, client: ShopClient) -> None:
    """The update keeps the server's tracking code, so a code set elsewhere is no conflict."""
    order = shop.sell()
    status_only = ship_of(order, tracking_code=None)
    shipping_id = order["shippings"][0]["id"]
    scene.set_shipping(shop, order["id"], shipping_id, status="pending",
                       tracking_code="SET-ELSEWHERE")
    entity = f"order:{order['id']}"
    assert (await check(client, IntentKind.SHIPPING, entity, status_only)).verdict \
        is Verdict.NOT_APPLIED
    scene.set_shipping(shop, order["id"], shipping_id, status="on_route")
    assert (await check(client, IntentKind.SHIPPING, entity, status_only)).verdict \
        is Verdict.APPLIED


async def test_shipping_gone_from_the_order_is_a_conflict(shop: Sandbox,
                                                          client: ShopClient) -> None:
    order = shop.sell()
    gone = ship_of(order, shipping_id=order["shippings"][0]["id"] + 999)
    assert (await check(client, IntentKind.SHIPPING, f"order:{order['id']}", gone)).verdict \
        is Verdict.CONFLICT


# -- tracking-code modify and delete -----------------------------------------------------

async def test_modify(shop: Sandbox, client: ShopClient) -> None:
    old, new = unique("Old"), unique("New")
    cid = scene.add_code(shop, old, "<s/>", options={"rate": 0.1})
    rename = Intent(tracking_id=cid, changes={"name": new}, base={"name": old})
    entity = f"tracking:{cid}"
    assert (await check(client, IntentKind.TRACKING_MODIFY, entity, rename)).verdict \
        is Verdict.NOT_APPLIED
    scene.change_code(shop, cid, name=new)
    assert (await check(client, IntentKind.TRACKING_MODIFY, entity, rename)).verdict \
        is Verdict.APPLIED
    scene.change_code(shop, cid, name="Renamed elsewhere")
    found = await check(client, IntentKind.TRACKING_MODIFY, entity, rename)
    assert found.verdict is Verdict.CONFLICT and found.server is not None


async def test_modify_races_only_on_the_fields_it_changes(shop: Sandbox,
                                                          client: ShopClient) -> None:
    old = unique("Old")
    cid = scene.add_code(shop, old, "<s/>")
    scene.change_code(shop, cid, event="PAY_BUTTON")  # changed elsewhere; a rename's fine
    rename = Intent(tracking_id=cid, changes={"name": "New"}, base={"name": old})
    assert (await check(client, IntentKind.TRACKING_MODIFY, f"tracking:{cid}", rename)
            ).verdict is Verdict.NOT_APPLIED


async def test_modify_compares_options_as_values(shop: Sandbox, client: ShopClient) -> None:
    """The server reads 0.1 back as Decimal("0.1"); the payload holds the float 0.1."""
    cid = scene.add_code(shop, unique("A"), "<s/>", options={"rate": 0.1, "on": True})
    change = Intent(tracking_id=cid, changes={"options": {"on": True, "rate": 0.1}},
                    base={"options": {}})
    assert (await check(client, IntentKind.TRACKING_MODIFY, f"tracking:{cid}", change)
            ).verdict is Verdict.APPLIED


async def test_modify_of_a_code_deleted_elsewhere_or_never_created(
        shop: Sandbox, client: ShopClient) -> None:
    cid = scene.add_code(shop, unique("A"), "<s/>")
    scene.delete_code(shop, cid)
    rename = Intent(changes={"name": "New"}, base={"name": "Old"})
    gone = await check(client, IntentKind.TRACKING_MODIFY, f"tracking:{cid}", rename)
    assert gone.verdict is Verdict.CONFLICT and "deleted" in gone.message
    never = await check(client, IntentKind.TRACKING_MODIFY, "tracking:new:abc", rename)
    assert never.verdict is Verdict.CONFLICT


async def test_code_delete(shop: Sandbox, client: ShopClient) -> None:
    cid = scene.add_code(shop, unique("A"), "<s/>")
    delete = Intent(tracking_id=cid)
    assert (await check(client, IntentKind.TRACKING_DELETE, f"tracking:{cid}", delete)
            ).verdict is Verdict.NOT_APPLIED
    scene.delete_code(shop, cid)
    assert (await check(client, IntentKind.TRACKING_DELETE, f"tracking:{cid}", delete)
            ).verdict is Verdict.APPLIED


# -- tracking-code creates ------------------------------------------------------------------

async def created(client: ShopClient, d: dict[str, Any], mark: int,
                  claimed: frozenset[int] = frozenset()) -> tuple[Verdict, int | None]:
    found = await check(client, IntentKind.TRACKING_CREATE, "tracking:new:x",
                        Intent(draft=d, mark=mark), claimed=claimed)
    return found.verdict, found.created_id


async def test_create_above_the_mark_with_the_whole_body_is_applied(
        shop: Sandbox, client: ShopClient) -> None:
    mark = scene.add_code(shop, unique("Other"), "<o/>")
    d = draft(unique("Pixel"))
    cid = add(shop, d)
    assert await created(client, d, mark=mark) == (Verdict.APPLIED, cid)


async def test_case2_same_name_and_code_for_another_event_is_not_ours(
        shop: Sandbox, client: ShopClient) -> None:
    """Issue 14, case 2: "Pixel"/C for NAVIGATION exists; our create is for BUY_BUTTON."""
    name = unique("Pixel")
    add(shop, draft(name))
    ours = draft(name, event=Event.BUY_BUTTON)
    assert await created(client, ours, mark=scene.top_code_id(shop)) \
        == (Verdict.NOT_APPLIED, None)
    # Not even without a mark (an attempt recorded before marks existed): the body differs.
    assert await created(client, ours, mark=0) == (Verdict.NOT_APPLIED, None)


async def test_an_identical_code_at_or_below_the_mark_is_not_ours(
        shop: Sandbox, client: ShopClient) -> None:
    d = draft(unique("Pixel"))
    add(shop, d)  # made before our attempt, e.g. the seller's earlier one
    assert await created(client, d, mark=scene.top_code_id(shop)) \
        == (Verdict.NOT_APPLIED, None)


async def test_case1_an_inactive_code_is_found_by_id_below_a_later_active_one(
        shop: Sandbox, client: ShopClient) -> None:
    """Issue 14, case 1: A (INACTIVE) got its id with its reply lost, B (ACTIVE) the next."""
    mark = scene.top_code_id(shop)
    a = draft(unique("A"), "<a/>", status=TrackingStatus.INACTIVE)
    a_id = add(shop, a)
    add(shop, draft(unique("B"), "<b/>"))
    assert await created(client, a, mark=mark) == (Verdict.APPLIED, a_id)


async def test_an_inactive_code_past_a_short_run_of_deleted_ids_is_found(
        shop: Sandbox, client: ShopClient) -> None:
    mark = scene.top_code_id(shop)
    for _ in range(PROBE_MISSES - 1):  # made and deleted elsewhere meanwhile
        scene.delete_code(shop, scene.add_code(shop, unique("gone"), "<g/>"))
    a = draft(unique("A"), status=TrackingStatus.INACTIVE)
    a_id = add(shop, a)
    assert await created(client, a, mark=mark) == (Verdict.APPLIED, a_id)


async def test_an_unreadable_code_above_the_mark_leaves_the_outcome_unknown(
        shop: Sandbox, client: ShopClient) -> None:
    """A single read the client cannot read (the field's code with a null id, or a reply
    garbled on the way) could be the created code itself: the check ends without a verdict
    and is made again later; it never says "not applied" (that would send the create twice,
    as a 30 % malformed-reply trial did when such a read was taken for "not ours")."""
    unreadable = min(int(i) for i in shop.variety()["tracking_codes"]["unreadable"])
    a = draft(unique("A"), status=TrackingStatus.INACTIVE)
    add(shop, a)
    with pytest.raises(BadResponse):
        await created(client, a, mark=unreadable - 1)


async def test_status_is_part_of_the_identity(shop: Sandbox, client: ShopClient) -> None:
    name, mark = unique("Pixel"), scene.top_code_id(shop)
    active = draft(name)
    cid = add(shop, active)
    inactive = draft(name, status=TrackingStatus.INACTIVE)
    assert await created(client, inactive, mark=mark) == (Verdict.NOT_APPLIED, None)
    scene.change_code(shop, cid, status="INACTIVE")
    assert await created(client, active, mark=mark) == (Verdict.NOT_APPLIED, None)
    assert await created(client, inactive, mark=mark) == (Verdict.APPLIED, cid)


@pytest.mark.parametrize(("ours", "theirs", "same"), [
    ({"rate": 0.1}, {"rate": 0.1}, True),
    ({"n": 1}, {"n": 1.0}, True),
    ({"a": {"b": [1, "x"]}, "c": None}, {"c": None, "a": {"b": [1, "x"]}}, True),
    ({"n": 1}, {"n": "1"}, False),
    ({"on": True}, {"on": 1}, False),
    ({}, {"k": ""}, False)])
async def test_options_are_compared_as_values(shop: Sandbox, client: ShopClient,
                                              ours: dict[str, Any], theirs: dict[str, Any],
                                              same: bool) -> None:
    d = draft(unique("Pixel"), options=ours)
    cid = add(shop, d, options=theirs)
    expected = (Verdict.APPLIED, cid) if same else (Verdict.NOT_APPLIED, None)
    assert await created(client, d, mark=0) == expected


async def test_identical_creates_are_told_apart_by_claims(shop: Sandbox,
                                                          client: ShopClient) -> None:
    """Two identical creates with lost replies: each takes its own code, lowest first."""
    for status in (TrackingStatus.ACTIVE, TrackingStatus.INACTIVE):
        d = draft(unique(f"twin {status}"), status=status)
        first, second = add(shop, d), add(shop, d)
        mark = first - 1
        assert await created(client, d, mark) == (Verdict.APPLIED, first)
        assert await created(client, d, mark, frozenset({first})) == (Verdict.APPLIED, second)
        # A third identical create whose request never landed must not take either one.
        assert await created(client, d, mark, frozenset({first, second})) \
            == (Verdict.NOT_APPLIED, None)


async def test_our_code_modified_elsewhere_is_no_longer_recognised(
        shop: Sandbox, client: ShopClient) -> None:
    d = draft(unique("Pixel"))
    cid = add(shop, d)
    scene.change_code(shop, cid, name="Renamed on the phone")
    assert await created(client, d, mark=0) == (Verdict.NOT_APPLIED, None)


async def test_high_mark_sees_inactive_codes_above_the_list(shop: Sandbox,
                                                            client: ShopClient) -> None:
    scene.add_code(shop, unique("a"), "<a/>")
    scene.add_code(shop, unique("b"), "<b/>", status="INACTIVE")
    top = scene.add_code(shop, unique("c"), "<c/>", status="INACTIVE")
    assert await high_mark(client, []) == top
    assert await high_mark(client, [top + 4]) == top + 4  # ids we know: our settled creates
    before = len(shop.requests_log())
    assert await high_mark(client, [top]) == top
    assert len(shop.requests_log()) - before == 2  # the list and one miss past the top


