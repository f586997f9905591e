"""The tracking editor's validation rules and option values, and the outbox's words."""

from __future__ import annotations

import msgspec

from sellerdesk.services.outbox.settle import Intent
from sellerdesk.services.outbox.subjects import Subject
from sellerdesk.services.safe_text import one_line
from sellerdesk.store.outbox import Conflict, IntentKind, OutboxState
from sellerdesk.ui.outbox.describe import details, versions, what
from sellerdesk.ui.tracking.options import parse_value
from sellerdesk.ui.tracking.validation import validate
from tests.support.values import outbox_entry


def test_validation_in_words() -> None:
    assert validate("Pixel", "<script></script>", ["id", "site"]) == []
    problems = validate("  ", "", ["", "id", " id "])
    assert [p.field for p in problems] == ["name", "code", "options", "options"]
    assert problems[2].row == 0 and problems[3].row == 2
    assert "appears twice" in problems[3].message
    assert "too long" not in validate("x" * 121, "c", [])[0].message  # says how long it is
    assert "121 characters" in validate("x" * 121, "c", [])[0].message


def test_option_values_keep_their_type_while_they_can() -> None:
    assert parse_value("7", 5) == 7
    assert parse_value("seven", 5) == "seven"
    assert parse_value("true", False) is True
    assert parse_value("7", "5") == "7"  # text stays text
    assert parse_value("1", True) == "1"  # a number is not a yes/no


def test_outbox_words_and_versions() -> None:
    answer = outbox_entry(1, IntentKind.ANSWER, "question:9", Intent(question_id=9, text="Sí, hay"))
    assert what(answer) == "Answer to question 9"
    assert details(answer) == f"“{one_line('Sí, hay')}”"
    server = msgspec.json.encode({"id": 9, "question": {"text": "¿Hay stock?"},
                                  "answer": {"text": "No"}})
    conflicted = outbox_entry(2, IntentKind.ANSWER, "question:9",
                        Intent(question_id=9, text="Sí, hay"), OutboxState.CONFLICT,
                        Conflict(answer.payload, server, "answered elsewhere"))
    shown = versions(conflicted)
    assert [(f.mine, f.theirs) for f in shown.fields] == [("Sí, hay", "No")]
    assert shown.context == "¿Hay stock?" and not shown.can_keep_mine
    shipping = outbox_entry(3, IntentKind.SHIPPING, "order:77",
                      Intent(order_id="77", shipping_id=5, status="delivered",
                             tracking_code="AR1"))
    assert what(shipping) == "Shipping of order 77 → Delivered"
    known = Subject(buyer="Vitória Araújo", product="Kit de potes", more_products=2)
    assert what(shipping, known) == \
        f"Shipping of order 77 ({one_line('Vitória Araújo')}) → Delivered"
    assert what(answer, Subject(buyer="Ana", product="Kit")) == \
        f"Answer to {one_line('Ana')} about {one_line('Kit')}"
    assert details(shipping) == f"Delivered, tracking {one_line('AR1')}"
    gone = outbox_entry(4, IntentKind.SHIPPING, "order:77", Intent(order_id="77", shipping_id=5,
                                                             status="delivered"),
                  OutboxState.CONFLICT, Conflict(shipping.payload, None, "gone"))
    assert versions(gone).server_gone and not versions(gone).can_keep_mine
