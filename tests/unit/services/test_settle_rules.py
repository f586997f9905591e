"""The settle rules that read no server: which writes are checked before sending, and how
values are compared (the verdicts themselves: tests/integration/services/test_settle.py)."""

from __future__ import annotations

from decimal import Decimal

from sellerdesk.api.enums import Event, Provider, TrackingStatus
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.services.outbox.created import canonical
from sellerdesk.services.outbox.settle import Intent, must_check
from sellerdesk.store.outbox import IntentKind

DRAFT = TrackingCodeDraft(name="Pixel", code="<s/>", provider=Provider.ANALYTICS,
                          event=Event.NAVIGATION, status=TrackingStatus.ACTIVE)
ANSWER = Intent(question_id=1, text="Sí, hay stock")
DRAFT_PAYLOAD = {"name": DRAFT.name, "code": DRAFT.code, "provider": DRAFT.provider.value,
                 "event": DRAFT.event.value, "status": DRAFT.status.value, "options": {}}
SHIP = Intent(order_id="77", shipping_id=5, status="on_route", tracking_code="TRK1",
              base={"status": "pending", "tracking_code": ""})


def test_must_check() -> None:
    create = Intent(draft=DRAFT_PAYLOAD)
    assert not must_check(IntentKind.TRACKING_CREATE, create, attempts=0, uncertain=False)
    marked = Intent(draft=DRAFT_PAYLOAD, mark=3)
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
