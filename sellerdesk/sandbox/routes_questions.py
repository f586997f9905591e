"""Questions: single read, search by state or word (both path shapes), answer, delete."""

from __future__ import annotations

import json
import sqlite3
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query, Response
from pydantic import BaseModel, StrictStr

from sellerdesk.sandbox import clock, schemas
from sellerdesk.sandbox.context import Ctx, TextAuth
from sellerdesk.sandbox.db import MAX_ID, transaction, write_stamp
from sellerdesk.sandbox.direct_json import DirectJSONRoute
from sellerdesk.sandbox.envelope import (
    Channel,
    LimitParam,
    OffsetParam,
    envelope,
    orderings,
    page,
)
from sellerdesk.sandbox.errors import MarketError
from sellerdesk.sandbox.questions_data import (
    CHANNEL_FACET,
    STATUS_FACET,
    Question,
    channel_of,
    load_questions,
    words,
)
from sellerdesk.sandbox.schemas import documented
from sellerdesk.sandbox.seed_questions import search_text

router = APIRouter(prefix="/v1/shops/{shop_id}/questions", tags=["questions"],
                   route_class=DirectJSONRoute)

MAX_ANSWER = 2000  # decisions.md: the marketplace's limit, after trimming
QUESTION_ORDERS = {"question_date_asc": "Fecha de pregunta ascendente",
                   "question_date_desc": "Fecha de pregunta descendente"}
QuestionOrder = Literal["question_date_asc", "question_date_desc"]
QuestionStatus = Literal["unanswered", "answered", "closed_unanswered"]


class AnswerBody(BaseModel):
    answer: StrictStr


def _search(ctx: Ctx, status: str | None, channel: str | None, q: str | None,
            orders: str, limit: int | None, offset: int) -> dict[str, Any]:
    pg = page(limit, offset)
    wanted = words(q)
    pool = [x for x in load_questions(ctx) if all(w in x.search_text for w in wanted)]
    short = channel_of(channel) if channel else None

    def keep(x: Question, skip: str = "") -> bool:
        return ((skip == "status" or status is None or x.status == status)
                and (skip == "channel" or short is None
                     or channel_of(x.doc["channel"]) == short))

    hits = [x for x in pool if keep(x)]
    hits.sort(key=lambda x: (x.ts, x.doc["id"]), reverse=orders == "question_date_desc")
    # decisions.md: each facet counts over the query with its own filter removed.
    status_counts: dict[str, int] = {}
    channel_counts: dict[str, int] = {}
    for x in pool:
        if keep(x, "status"):
            status_counts[x.status] = status_counts.get(x.status, 0) + 1
        if keep(x, "channel"):
            key = channel_of(x.doc["channel"])
            channel_counts[key] = channel_counts.get(key, 0) + 1
    filters = []
    if status is not None:
        filters.append(STATUS_FACET.applied(status, len(hits)))
    if short is not None:
        filters.append(CHANNEL_FACET.applied(short, len(hits)))
    return envelope(
        seller_id=ctx.shop_id, query=q or None, total=len(hits), pg=pg,
        results=[x.entry() for x in hits[pg.offset:pg.offset + pg.limit]],
        order_id=orders, order_name=QUESTION_ORDERS[orders], filters=filters,
        available_orders=orderings(QUESTION_ORDERS, tuple(QUESTION_ORDERS)),
        available_filters=[STATUS_FACET.with_counts(status_counts),
                           CHANNEL_FACET.with_counts(channel_counts)])


Status = Annotated[QuestionStatus | None, Query(description="Question status")]
ChannelQ = Annotated[Channel | None, Query(description="Channel (either spelling)")]
Word = Annotated[str | None, Query(description="Word to search for")]
Order = Annotated[QuestionOrder, Query(description="Ordering")]


@router.get("/search", summary="Search questions by state or word",
            **documented(schemas.QuestionSearch))
async def search(shop_id: int, ctx: TextAuth, status: Status = None, channel: ChannelQ = None,
                 q: Word = None, orders: Order = "question_date_desc",
                 limit: LimitParam = None, offset: OffsetParam = 0) -> dict[str, Any]:
    return _search(ctx, status, channel, q, orders, limit, offset)


@router.get("/search/q", summary="Search questions by word (documented path shape)",
            **documented(schemas.QuestionSearch))
async def search_word(shop_id: int, ctx: TextAuth, q: Word = None, status: Status = None,
                      channel: ChannelQ = None, orders: Order = "question_date_desc",
                      limit: LimitParam = None, offset: OffsetParam = 0) -> dict[str, Any]:
    return _search(ctx, status, channel, q, orders, limit, offset)


def _row(ctx: Ctx, question_id: int) -> sqlite3.Row:
    row = None
    if 0 <= question_id <= MAX_ID:
        row = ctx.conn.execute("SELECT * FROM questions WHERE id=? AND shop_id=?",
                               (question_id, ctx.shop_id)).fetchone()
    if row is None:
        raise MarketError(404, f"Question {question_id} not found")
    found: sqlite3.Row = row
    return found


@router.get("/{question_id}", summary="One question", **documented(schemas.Question))
async def get_question(shop_id: int, question_id: int, ctx: TextAuth) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(_row(ctx, question_id)["doc"])
    return doc


@router.put("/{question_id}", summary="Answer a question", **documented(schemas.AnswerResult))
async def answer(shop_id: int, question_id: int, ctx: TextAuth,
                 body: AnswerBody = Body(...)) -> dict[str, Any]:
    row = _row(ctx, question_id)
    text = body.answer.strip()
    if not 1 <= len(text) <= MAX_ANSWER:
        raise MarketError(400, f"The answer must have 1 to {MAX_ANSWER} characters")
    doc = json.loads(row["doc"])
    status = str(doc["status"]).lower()  # field variety spells some in upper case
    if status == "answered":
        raise MarketError(400, "The question is already answered")
    if status != "unanswered":
        raise MarketError(400, "The question is closed and cannot be answered")
    with transaction(ctx.conn):
        ms = write_stamp(ctx.conn)
        doc["status"] = "answered"
        doc["answer"] = {"date": clock.iso(clock.from_millis(ms)), "text": text,
                         "source": "api"}
        ctx.conn.execute("UPDATE questions SET doc=?, status=?, search_text=? WHERE id=?",
                         (json.dumps(doc, ensure_ascii=False), "answered", search_text(doc),
                          question_id))
    return {"answer": text}


@router.delete("/{question_id}", status_code=204, summary="Delete a question")
async def delete_question(shop_id: int, question_id: int, ctx: TextAuth) -> Response:
    _row(ctx, question_id)
    with transaction(ctx.conn):
        ctx.conn.execute("DELETE FROM questions WHERE id=?", (question_id,))
    return Response(status_code=204)
