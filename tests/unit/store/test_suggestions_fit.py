"""`read_suggestions` over a real store (SQLite, FTS5): the issue's thermos. For "¿Lo tienen
en verde?" the answers to "talle M (17")", "rojo" and "azul" are read but left out, each with
why; an answer about green (another listing) is offered, its shared words told."""

from __future__ import annotations

from typing import Any

from sellerdesk.api.models import Question
from sellerdesk.services.attributes import Kind, Reason
from sellerdesk.services.convert import load
from sellerdesk.services.suggestions import read_suggestions
from sellerdesk.store import Store
from sellerdesk.store.rows import Resource

from .factories import doc, question

THERMOS = "Termo de acero inoxidable 1 litro"


def asked(n: int, text: str, answer: str | None, title: str = THERMOS) -> Any:
    body: dict[str, Any] = {
        "id": 900 + n, "status": "answered" if answer else "unanswered",
        "question": {"text": text, "date": "2024-03-01T12:00:00Z"},
        "publication": {"id": "MLA1", "title": title}}
    if answer:
        body["answer"] = {"text": answer, "date": "2024-03-01T13:00:00Z"}
    return question(n, doc=doc(**body), text=text, status=body["status"],
                    product_title=title)


def open_question(store: Store, n: int) -> Question:
    row = store.cache.get(Resource.QUESTIONS, 900 + n)
    assert row is not None
    return load(row, Question)


def test_the_thermos_look_alikes_are_left_out_and_say_why(store: Store) -> None:
    store.cache.upsert_questions([
        asked(1, "¿Tienen talle M (17\")?", "Hola, sí, tenemos talle M (17\")."),
        asked(2, "¿La tienen en rojo?", "Hola, sí, la tenemos en rojo."),
        asked(3, "¿Las tienen en azul?", "Hola, sí, las tenemos en azul."),
        asked(4, "¿Lo tienen en verde?", None),
    ])
    found = read_suggestions(store, open_question(store, 4))
    assert [s for s in found if s.fits] == []  # nothing offered: "No close match"
    why = {s.question: s.mismatch for s in found}
    assert set(why) == {"¿Tienen talle M (17\")?", "¿La tienen en rojo?",
                        "¿Las tienen en azul?"}
    red = why["¿La tienen en rojo?"]
    assert red is not None and (red.reason, red.kind, red.theirs) == (
        Reason.OTHER_VALUE, Kind.COLOUR, ("rojo",))
    size = why["¿Tienen talle M (17\")?"]
    assert size is not None and size.reason is Reason.OTHER_KIND and size.kind is Kind.SIZE
    assert all(s.matched == ("tienen",) for s in found)


def test_an_answer_about_the_same_colour_is_offered_first(store: Store) -> None:
    store.cache.upsert_questions([
        asked(1, "¿La tienen en rojo?", "Hola, sí, la tenemos en rojo."),
        asked(2, "¿Lo tienen en color verde?", "Hola, sí, lo tenemos en verde.",
              title="Mate de calabaza"),
        asked(3, "¿Lo tienen en verde?", None),
    ])
    found = read_suggestions(store, open_question(store, 3))
    assert [(s.question, s.fits) for s in found] == [
        ("¿Lo tienen en color verde?", True), ("¿La tienen en rojo?", False)]
    assert found[0].matched == ("tienen", "verde") and found[0].mismatch is None
