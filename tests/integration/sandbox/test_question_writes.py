"""Answering and deleting questions, and what that does to searches and threads."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import (
    ANSWER_TOO_LONG,
    DATE,
    STR,
    assert_marketplace_error,
    facets,
    get_json,
    request,
    total,
    type_problems,
    walk,
)

SEARCH = "/questions/search"
THREADS = "/questions/threads/search"


def first_unanswered(sb: Sandbox) -> dict[str, Any]:
    results = get_json(sb, SEARCH, status="unanswered", limit=1)["results"]
    assert results, "the demo shop should have unanswered questions"
    q: dict[str, Any] = results[0]
    return q


def thread(sb: Sandbox, thread_id: str) -> dict[str, Any]:
    t: dict[str, Any] = get_json(sb, f"/questions/threads/{thread_id}")["results"][0]
    return t


def answer(sb: Sandbox, qid: int, body: Any = None, raw: bytes | None = None) -> Any:
    if raw is not None:
        return request(sb, "PUT", f"/questions/{qid}", raw=raw)
    return request(sb, "PUT", f"/questions/{qid}", body=body)


def test_answer_marks_the_question_answered_and_moves_the_counts(
        fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    q = first_unanswered(sb)
    before_t = thread(sb, q["thread_id"])
    before = {s: total(sb, SEARCH, status=s) for s in ("unanswered", "answered")}
    before_top = get_json(sb, THREADS, limit=1)["unanswered_quantity"]

    text = "¡Hola! Sí, tenemos stock y enviamos hoy."
    r = answer(sb, q["id"], {"answer": text})
    assert r.status_code == 200, r.text[:300]
    assert r.json() == {"answer": text}

    single = get_json(sb, f"/questions/{q['id']}")
    assert single["status"] == "answered"
    assert type_problems(single["answer"], {"date": DATE, "text": STR, "source": STR},
                         "answer", nonnull=["date", "text"]) == []
    assert single["answer"]["text"] == text

    assert total(sb, SEARCH, status="unanswered") == before["unanswered"] - 1
    assert total(sb, SEARCH, status="answered") == before["answered"] + 1
    env = get_json(sb, SEARCH, limit=1)
    assert facets(env)["status"]["unanswered"] == before["unanswered"] - 1
    assert get_json(sb, THREADS, limit=1)["unanswered_quantity"] == before_top - 1

    after_t = thread(sb, q["thread_id"])
    assert after_t["unanswered_quantity"] == before_t["unanswered_quantity"] - 1
    assert int(after_t["answered_quantity"]) == int(before_t["answered_quantity"]) + 1
    mine = [x for x in after_t["questions"] if x["id"] == q["id"]]
    assert len(mine) == 1 and mine[0]["status"] == "answered"
    assert mine[0]["answer"]["text"] == text
    searched = get_json(sb, THREADS, thread_id=q["thread_id"])["results"][0]
    assert searched["unanswered_quantity"] == after_t["unanswered_quantity"]


def test_answering_twice_is_400_and_keeps_the_first_answer(fresh_spec_sandbox: Sandbox) -> None:
    q = first_unanswered(fresh_spec_sandbox)
    assert answer(fresh_spec_sandbox, q["id"], {"answer": "first"}).status_code == 200
    body = assert_marketplace_error(answer(fresh_spec_sandbox, q["id"], {"answer": "second"}), 400)
    assert body["message"] == "The question is already answered"
    assert get_json(fresh_spec_sandbox, f"/questions/{q['id']}")["answer"]["text"] == "first"


@pytest.mark.parametrize(("text", "status"), [
    pytest.param("y", 200, id="one-char"),
    pytest.param("x" * 2000, 200, id="2000-chars"),
    pytest.param("  " + "x" * 2000 + " \n", 200, id="2000-after-trim"),
    pytest.param("", 400, id="empty"),
    pytest.param(" \t\n ", 400, id="blank"),
    pytest.param(ANSWER_TOO_LONG, 400, id="2001-chars"),
])
def test_answer_length_after_trimming(fresh_spec_sandbox: Sandbox, text: str, status: int) -> None:
    q = first_unanswered(fresh_spec_sandbox)
    r = answer(fresh_spec_sandbox, q["id"], {"answer": text})
    single = get_json(fresh_spec_sandbox, f"/questions/{q['id']}")
    if status == 200:
        assert r.status_code == 200, r.text[:300]
        assert single["status"] == "answered"
        assert single["answer"]["text"].strip() == text.strip()
    else:
        assert_marketplace_error(r, 400)
        assert single["status"] == "unanswered"


@pytest.mark.parametrize("body", [
    pytest.param({}, id="empty-object"),
    pytest.param({"answer": 5}, id="number"),
    pytest.param({"answer": None}, id="null"),
    pytest.param({"text": "hi"}, id="wrong-key"),
    pytest.param(["hi"], id="array"),
    pytest.param(b'{"answer": "hi"', id="malformed"),
])
def test_invalid_answer_body_is_400(fresh_spec_sandbox: Sandbox, body: Any) -> None:
    q = first_unanswered(fresh_spec_sandbox)
    if isinstance(body, bytes):
        r = answer(fresh_spec_sandbox, q["id"], raw=body)
    else:
        r = answer(fresh_spec_sandbox, q["id"], body)
    assert_marketplace_error(r, 400)
    assert get_json(fresh_spec_sandbox, f"/questions/{q['id']}")["status"] == "unanswered"


def test_answer_to_a_missing_question_is_404(spec_sandbox: Sandbox) -> None:
    r = answer(spec_sandbox, 9_876_543_210, {"answer": "hello"})
    assert_marketplace_error(r, 404)


def _deletable(sb: Sandbox) -> dict[str, Any]:
    """An unanswered question that is not the main question of its thread."""
    mains = {t["main_question"]["id"] for t in walk(sb, THREADS)[0]}
    for q in walk(sb, SEARCH, {"status": "unanswered"})[0]:
        if q["id"] not in mains:
            return q
    raise AssertionError("no unanswered follow-up question in the demo data")


def test_delete_removes_the_question(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    q = _deletable(sb)
    path = f"/questions/{q['id']}"
    before_total = total(sb, SEARCH)
    before_t = thread(sb, q["thread_id"])

    r = request(sb, "DELETE", path)
    assert r.status_code == 204 and r.content == b"", (r.status_code, r.content[:200])

    assert_marketplace_error(request(sb, "GET", path), 404)
    assert_marketplace_error(request(sb, "DELETE", path), 404)
    assert_marketplace_error(answer(sb, q["id"], {"answer": "too late"}), 404)
    assert total(sb, SEARCH) == before_total - 1
    assert q["id"] not in {x["id"] for x in walk(sb, SEARCH)[0]}
    after_t = thread(sb, q["thread_id"])
    assert q["id"] not in {x["id"] for x in after_t["questions"]}
    assert len(after_t["questions"]) == len(before_t["questions"]) - 1
    assert after_t["unanswered_quantity"] == sum(
        x["status"] == "unanswered" for x in after_t["questions"])


def test_delete_of_a_missing_question_is_404(spec_sandbox: Sandbox) -> None:
    assert_marketplace_error(request(spec_sandbox, "DELETE", "/questions/9876543210"), 404)
