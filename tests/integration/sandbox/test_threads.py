"""Threads: search fields, filters, ordering, unanswered_quantity, thread by id."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import (
    CHANNEL_VALUES,
    DATE,
    INT,
    NUM,
    OBJ,
    QUESTION_STATUSES,
    QUESTION_TYPES,
    STR,
    THREAD_STATUSES,
    assert_marketplace_error,
    envelope_problems,
    facets,
    fold,
    get_json,
    ordering_ids,
    parse_date,
    pick_word,
    problems_of,
    request,
    sorted_by,
    type_problems,
    walk,
    words,
)

SEARCH = "/questions/threads/search"
THREAD = {"id": STR, "answered_quantity": STR, "status": THREAD_STATUSES,
          "last_question_date": DATE, "store_id": INT, "channel": CHANNEL_VALUES,
          "main_question": OBJ, "unanswered_quantity": INT}
MAIN = {"creation_date": DATE, "id": INT, "status": QUESTION_STATUSES, "store_id": INT,
        "from": OBJ, "question": OBJ, "type": QUESTION_TYPES, "thread_id": STR,
        "channel": CHANNEL_VALUES, "publication": OBJ}
MAIN_FROM = {"nickname": STR, "name": STR, "market_cust_id": INT, "client_id": INT}
PUBLICATION = {"id": STR, "currency_id": STR, "title": STR, "price": NUM, "stock": STR,
               "thumbnail": STR, "permalink": STR}
ENTRY_KEYS = {"creation_date", "id", "status", "store_id", "from", "question", "type",
              "thread_id", "channel"}
T = dict[str, Any]


def thread_problems(t: T, shop_id: int) -> list[str]:
    where = f"thread {t.get('id')}"
    out = type_problems(t, THREAD, where, nonnull=THREAD)
    if out:
        return out
    if not t["answered_quantity"].isdigit():
        out.append(f"{where}: answered_quantity {t['answered_quantity']!r}")
    mq = t["main_question"]
    out += type_problems(mq, MAIN, f"{where}.main_question",
                         nonnull=[k for k in MAIN if k != "publication"])
    out += type_problems(mq.get("from"), MAIN_FROM, f"{where}.main_question.from",
                         nonnull=["client_id"])
    out += type_problems(mq.get("question"), {"text": STR, "date": DATE},
                         f"{where}.main_question.question", nonnull=["text"])
    if mq.get("type") == "item" or mq.get("publication") is not None:
        out += type_problems(mq.get("publication"), PUBLICATION,
                             f"{where}.main_question.publication", nonnull=["id", "title"])
    if mq.get("thread_id") != t["id"]:
        out.append(f"{where}: main_question.thread_id {mq.get('thread_id')!r}")
    if t["store_id"] != shop_id or mq.get("store_id") != shop_id:
        out.append(f"{where}: store_id")
    return out


def by_thread(questions: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in questions:
        out[q["thread_id"]].append(q)
    return out


def thread_questions(sb: Sandbox, thread_id: str, **params: Any) -> list[dict[str, Any]]:
    """All questions of a thread by id, paged through limit/offset."""
    out: list[dict[str, Any]] = []
    while True:
        env = get_json(sb, f"/questions/threads/{thread_id}", limit=50, offset=len(out),
                       **params)
        page = env["results"][0]["questions"]
        out += page
        if len(page) < 50:
            return out


def test_search_envelope(spec_sandbox: Sandbox) -> None:
    env = get_json(spec_sandbox, SEARCH)
    assert envelope_problems(env, spec_sandbox) == []
    assert isinstance(env.get("unanswered_quantity"), int)
    assert not isinstance(env["unanswered_quantity"], bool)
    assert {"last_question_date_asc", "last_question_date_desc"} <= ordering_ids(env)


def test_thread_fields_and_types(spec_sandbox: Sandbox, all_threads: list[T]) -> None:
    assert all_threads
    assert problems_of(all_threads, lambda t: thread_problems(t, spec_sandbox.shop_id)) == []
    assert len({t["id"] for t in all_threads}) == len(all_threads)


def test_threads_and_questions_agree(all_threads: list[T],
                                     all_questions: list[dict[str, Any]]) -> None:
    groups = by_thread(all_questions)
    assert set(groups) == {t["id"] for t in all_threads}
    for t in all_threads:
        qs = groups[t["id"]]
        assert t["unanswered_quantity"] == sum(q["status"] == "unanswered" for q in qs), t["id"]
        assert int(t["answered_quantity"]) == sum(q["status"] == "answered" for q in qs), t["id"]
        assert t["main_question"]["id"] in {q["id"] for q in qs}
        last = parse_date(t["last_question_date"])
        assert last in (max(parse_date(q["creation_date"]) for q in qs),
                        max(parse_date(q["question"]["date"]) for q in qs)), t["id"]


def test_main_question_agrees_with_its_single_read(spec_sandbox: Sandbox,
                                                   all_threads: list[T]) -> None:
    for t in all_threads[:25]:
        mq = t["main_question"]
        q = get_json(spec_sandbox, f"/questions/{mq['id']}")
        for key in ENTRY_KEYS - {"from"}:
            assert mq[key] == q[key], (t["id"], key)
        assert mq["from"] == {k: q["from"][k] for k in MAIN_FROM}
        if q.get("publication") is not None:
            pub = dict(q["publication"])
            assert Decimal(str(mq["publication"]["price"])) == Decimal(pub.pop("price"))
            assert {k: v for k, v in mq["publication"].items() if k != "price"} == pub


@pytest.mark.parametrize("params", [{}, {"status": "unanswered"}, {"status": "answered"},
                                    {"orders": "last_question_date_asc"}],
                         ids=lambda p: "&".join(f"{k}={v}" for k, v in p.items()) or "none")
def test_unanswered_quantity_is_the_sum_over_the_query(spec_sandbox: Sandbox,
                                                        params: dict[str, str]) -> None:
    got, envs = walk(spec_sandbox, SEARCH, params, limit=20)
    assert {e["unanswered_quantity"] for e in envs} == {sum(t["unanswered_quantity"]
                                                            for t in got)}


def test_unanswered_quantity_counts_unanswered_questions(spec_sandbox: Sandbox,
                                                         all_questions: list[dict[str, Any]]
                                                         ) -> None:
    env = get_json(spec_sandbox, SEARCH)
    assert env["unanswered_quantity"] == sum(q["status"] == "unanswered" for q in all_questions)


@pytest.mark.parametrize("status", THREAD_STATUSES)
def test_status_filter(spec_sandbox: Sandbox, all_threads: list[T], status: str) -> None:
    got, envs = walk(spec_sandbox, SEARCH, {"status": status})
    assert got and all(t["status"] == status for t in got)
    assert sorted(t["id"] for t in got) == sorted(t["id"] for t in all_threads
                                                  if t["status"] == status)
    assert envs[0]["paging"]["total"] == len(got)


def test_thread_id_filter(spec_sandbox: Sandbox, all_threads: list[T]) -> None:
    for t in (all_threads[0], all_threads[len(all_threads) // 2], all_threads[-1]):
        env = get_json(spec_sandbox, SEARCH, thread_id=t["id"])
        assert [r["id"] for r in env["results"]] == [t["id"]]
        assert env["paging"]["total"] == 1
        assert env["results"][0] == t
    env = get_json(spec_sandbox, SEARCH, thread_id="no-such-thread")
    assert env["results"] == [] and env["paging"]["total"] == 0


def test_client_id_filter(spec_sandbox: Sandbox, all_threads: list[T]) -> None:
    clients = sorted({t["main_question"]["from"]["client_id"] for t in all_threads})
    for client in (clients[0], clients[len(clients) // 2], clients[-1]):
        got, _ = walk(spec_sandbox, SEARCH, {"client_id": client})
        assert got and all(t["main_question"]["from"]["client_id"] == client for t in got)
        assert sorted(t["id"] for t in got) == sorted(
            t["id"] for t in all_threads if t["main_question"]["from"]["client_id"] == client)


def test_query_filter(spec_sandbox: Sandbox, all_threads: list[T]) -> None:
    word = pick_word(t["main_question"]["question"]["text"] for t in all_threads)
    got, envs = walk(spec_sandbox, SEARCH, {"query": word})
    assert envs[0]["query"] == word
    ids = {t["id"] for t in got}
    must = {t["id"] for t in all_threads if word in words(t["main_question"]["question"]["text"])}
    assert must and must <= ids
    key = fold(word)
    for t in got:
        mq = t["main_question"]
        title = (mq.get("publication") or {}).get("title")
        hay = [mq["question"]["text"], mq["from"]["name"], title]
        if not any(key in fold(h or "") for h in hay):
            qs = thread_questions(spec_sandbox, t["id"])
            assert any(key in fold(q["question"]["text"] or "") or key in fold(q["from"]["name"]
                                                                               or "")
                       for q in qs), (word, t["id"])


@pytest.mark.parametrize("ordering", ["last_question_date_asc", "last_question_date_desc"])
def test_ordering_by_last_question_date(spec_sandbox: Sandbox, all_threads: list[T],
                                        ordering: str) -> None:
    got, envs = walk(spec_sandbox, SEARCH, {"orders": ordering})
    dates = [parse_date(t["last_question_date"]) for t in got]
    assert sorted_by(dates, descending=ordering.endswith("desc"))
    assert sorted(t["id"] for t in got) == sorted(t["id"] for t in all_threads)
    assert ordering in ordering_ids(envs[0], "orders")


def test_facet_values_are_drill_down_totals(spec_sandbox: Sandbox) -> None:
    env = get_json(spec_sandbox, SEARCH)
    for facet_id, values in facets(env).items():
        for value, count in values.items():
            assert count == get_json(spec_sandbox, SEARCH, limit=1,
                                     **{facet_id: value})["paging"]["total"], (facet_id, value)


# -- thread by id ----------------------------------------------------------------------------
def test_thread_by_id_holds_the_thread_and_its_questions(
        spec_sandbox: Sandbox, all_threads: list[T], all_questions: list[dict[str, Any]]) -> None:
    groups = by_thread(all_questions)
    for t in all_threads[:30]:
        env = get_json(spec_sandbox, f"/questions/threads/{t['id']}")
        assert envelope_problems(env, spec_sandbox) == []
        assert len(env["results"]) == 1
        got = dict(env["results"][0])
        questions = got.pop("questions")
        got["answered_quantity"] = str(got["answered_quantity"])
        assert got == t
        assert sorted(q["id"] for q in questions) == sorted(q["id"] for q in groups[t["id"]])
        for q in questions:
            assert ENTRY_KEYS <= set(q) <= ENTRY_KEYS | {"answer"}, sorted(q)
            assert q["thread_id"] == t["id"]
            if q["status"] == "answered":
                assert type_problems(q.get("answer"), {"date": DATE, "text": STR},
                                     "answer", nonnull=["text"]) == []
            else:
                assert q.get("answer") is None, q
        assert sum(q["status"] == "unanswered" for q in questions) == t["unanswered_quantity"]


def _busiest(all_threads: list[T], all_questions: list[dict[str, Any]]) -> str:
    groups = by_thread(all_questions)
    return max(sorted(groups), key=lambda tid: len(groups[tid]))


@pytest.mark.parametrize("ordering", ["question_date_asc", "question_date_desc"])
def test_thread_by_id_orders_its_questions(spec_sandbox: Sandbox, all_threads: list[T],
                                           all_questions: list[dict[str, Any]],
                                           ordering: str) -> None:
    tid = _busiest(all_threads, all_questions)
    questions = thread_questions(spec_sandbox, tid, orders=ordering)
    assert len(questions) >= 2, "the demo data should have threads with several questions"
    dates = [parse_date(q["creation_date"]) for q in questions]
    assert sorted_by(dates, descending=ordering.endswith("desc"))


def test_thread_by_id_cuts_questions_by_limit_and_offset(
        spec_sandbox: Sandbox, all_threads: list[T], all_questions: list[dict[str, Any]]) -> None:
    tid = _busiest(all_threads, all_questions)
    full = [q["id"] for q in thread_questions(spec_sandbox, tid, orders="question_date_asc")]
    for offset in range(len(full)):
        env = get_json(spec_sandbox, f"/questions/threads/{tid}", orders="question_date_asc",
                       limit=1, offset=offset)
        assert [q["id"] for q in env["results"][0]["questions"]] == [full[offset]]
        assert env["paging"]["limit"] == 1 and env["paging"]["offset"] == offset


def test_missing_thread_is_404(spec_sandbox: Sandbox) -> None:
    assert_marketplace_error(request(spec_sandbox, "GET", "/questions/threads/no-such-thread"), 404)


@pytest.mark.parametrize("params", [{"status": "bogus"}, {"client_id": "abc"},
                                    {"status": "closed"}])
def test_invalid_filter_value_is_400(spec_sandbox: Sandbox, params: dict[str, str]) -> None:
    assert_marketplace_error(request(spec_sandbox, "GET", SEARCH, params=params), 400)
