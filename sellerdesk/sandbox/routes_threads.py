"""Conversation threads: search (with top-level unanswered_quantity) and read by id."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query

from sellerdesk.sandbox import schemas
from sellerdesk.sandbox.context import TextAuth
from sellerdesk.sandbox.direct_json import DirectJSONRoute
from sellerdesk.sandbox.envelope import Channel, LimitParam, OffsetParam, envelope, orderings, page
from sellerdesk.sandbox.errors import MarketError
from sellerdesk.sandbox.questions_data import (
    CHANNEL_FACET,
    THREAD_STATUS_FACET,
    Thread,
    channel_of,
    load_threads,
    words,
)
from sellerdesk.sandbox.routes_questions import QUESTION_ORDERS, QuestionOrder
from sellerdesk.sandbox.schemas import documented

router = APIRouter(prefix="/v1/shops/{shop_id}/questions/threads", tags=["threads"],
                   route_class=DirectJSONRoute)

THREAD_ORDERS = {"last_question_date_asc": "Última pregunta ascendente",
                 "last_question_date_desc": "Última pregunta descendente"}
ThreadOrder = Literal["last_question_date_asc", "last_question_date_desc"]


@router.get("/search", summary="Search conversation threads", **documented(schemas.ThreadSearch))
async def search_threads(
    shop_id: int, ctx: TextAuth,
    status: Annotated[Literal["unanswered", "answered"] | None, Query()] = None,
    thread_id: Annotated[str | None, Query(description="Thread id")] = None,
    client_id: Annotated[int | None, Query(description="Customer id")] = None,
    query: Annotated[str | None, Query(description="Word to search for")] = None,
    channel: Annotated[Channel | None, Query(description="Channel (either spelling)")] = None,
    orders: Annotated[ThreadOrder, Query()] = "last_question_date_desc",
    limit: LimitParam = None, offset: OffsetParam = 0,
) -> dict[str, Any]:
    pg = page(limit, offset)
    wanted = words(query)
    short = channel_of(channel) if channel else None

    def base(t: Thread) -> bool:
        return ((thread_id is None or t.id == thread_id)
                and (client_id is None or t.client_id == client_id)
                and (not wanted or t.matches(wanted)))

    def keep(t: Thread, skip: str = "") -> bool:
        return ((skip == "status" or status is None or t.status == status)
                and (skip == "channel" or short is None or channel_of(t.channel) == short))

    pool = [t for t in load_threads(ctx) if base(t)]
    hits = [t for t in pool if keep(t)]
    hits.sort(key=lambda t: (t.last_ts, t.id), reverse=orders == "last_question_date_desc")
    status_counts: dict[str, int] = {}
    channel_counts: dict[str, int] = {}
    for t in pool:
        if keep(t, "status"):
            status_counts[t.status] = status_counts.get(t.status, 0) + 1
        if keep(t, "channel"):
            key = channel_of(t.channel)
            channel_counts[key] = channel_counts.get(key, 0) + 1
    filters = []
    if status is not None:
        filters.append(THREAD_STATUS_FACET.applied(status, len(hits)))
    if short is not None:
        filters.append(CHANNEL_FACET.applied(short, len(hits)))
    result = envelope(
        seller_id=ctx.shop_id, query=query or None, total=len(hits), pg=pg,
        results=[t.shape(ctx.shop_id) for t in hits[pg.offset:pg.offset + pg.limit]],
        order_id=orders, order_name=THREAD_ORDERS[orders], filters=filters,
        available_orders=orderings(THREAD_ORDERS, tuple(THREAD_ORDERS)),
        available_filters=[THREAD_STATUS_FACET.with_counts(status_counts),
                           CHANNEL_FACET.with_counts(channel_counts)])
    # Unanswered questions of the whole query, not just of this page (spec: envelope).
    result["unanswered_quantity"] = sum(t.unanswered for t in hits)
    ctx.variety.envelope("threads", pg.offset, result)
    return result


@router.get("/{thread_id}", summary="One thread with its questions",
            **documented(schemas.ThreadSearch))
async def get_thread(
    shop_id: int, thread_id: str, ctx: TextAuth,
    orders: Annotated[QuestionOrder, Query()] = "question_date_asc",
    limit: LimitParam = None, offset: OffsetParam = 0,
) -> dict[str, Any]:
    found = load_threads(ctx, thread_id)
    if not found:
        raise MarketError(404, f"Thread {thread_id} not found")
    thread = found[0]
    pg = page(limit, offset)
    questions = sorted(thread.questions, key=lambda q: (q.ts, q.doc["id"]),
                       reverse=orders == "question_date_desc")
    shaped = thread.shape(ctx.shop_id)
    # decisions.md: the thread carries its questions, cut by limit/offset.
    shaped["questions"] = [q.entry(with_answer=True)
                           for q in questions[pg.offset:pg.offset + pg.limit]]
    result = envelope(
        seller_id=ctx.shop_id, query=None, total=len(questions), pg=pg, results=[shaped],
        order_id=orders, order_name=QUESTION_ORDERS[orders], filters=[],
        available_orders=orderings(QUESTION_ORDERS, tuple(QUESTION_ORDERS)),
        available_filters=[])
    result["unanswered_quantity"] = thread.unanswered
    return result
