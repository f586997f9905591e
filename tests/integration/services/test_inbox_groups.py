"""The inbox's triage over a synced demo shop and its sandbox: what waits (a queued answer
leaves it), suggested answers from the local copy (offline too), and a group of buyers who
asked the same thing answered at once, each answer its own write, sent once."""

from __future__ import annotations

from collections import defaultdict

from sellerdesk.api.models import Question
from sellerdesk.services.changes import Changes
from sellerdesk.services.session import Session
from sellerdesk.services.triage import listing_of
from sellerdesk.store.outbox import IntentKind, OutboxState
from tests.support.sandbox import Sandbox

CITIES = ("Córdoba", "Rosario", "Mendoza", "Salta", "Neuquén")


async def _waiting(session: Session) -> list[Question]:
    return [q for q in await session.inbox.questions(unanswered=True) if q.answer is None]


async def test_a_queued_answer_leaves_what_waits_and_says_so(synced: Session,
                                                             fresh_sandbox: Sandbox) -> None:
    before = await synced.inbox.unanswered_count()
    server = fresh_sandbox.get("/questions/threads/search", limit=50).json()
    assert before == server["unanswered_quantity"]
    assert before == sum(t.waiting for t in await synced.inbox.overview())  # badge = rows
    heard: list[Changes] = []
    synced.changes.published.connect(heard.append)
    question = (await _waiting(synced))[0]
    fresh_sandbox.stop()
    entry = await synced.inbox.answer(question.id, "Sí, hay stock.")
    await synced.outbox.flush()  # offline: it stays queued
    assert (await synced.store.run(synced.store.outbox.get, entry.id)).state is (  # type: ignore[union-attr]
        OutboxState.QUEUED)
    # The queued write is published once, and says which question it holds back.
    queued = [c for c in heard if any(w.key == f"question:{question.id}" for w in c.writes)]
    assert queued and queued[0].touches("inbox")
    assert await synced.inbox.unanswered_count() == before - 1
    assert sum(t.waiting for t in await synced.inbox.overview()) == before - 1
    row = next(t for t in await synced.inbox.overview() if t.id == question.thread_id)
    assert question.id in row.held
    summary, _ = await synced.inbox.summary(question.thread_id or "")
    assert summary is not None and summary.held == row.held and summary.waiting == row.waiting
    assert question.id in synced.inbox.held()
    # Every surface reads the one `Counts`: the dashboard's cards say what the badge says.
    glance = await synced.dashboard.glance(days=1)
    counts = await synced.counts.counts()
    assert glance.counts.unanswered == counts.unanswered == before - 1
    assert counts.queued_answers == glance.counts.queued_answers == 1


async def test_suggestions_come_from_the_local_copy_even_offline(
        synced: Session, fresh_sandbox: Sandbox) -> None:
    question = next(q for q in await _waiting(synced)
                    if q.question and q.question.text == "¿Me hacen factura A?")
    fresh_sandbox.stop()
    found = await synced.inbox.suggestions(question.id)
    assert found and found[0].question == "¿Me hacen factura A?"
    assert "factura A" in found[0].answer
    assert len({s.answer for s in found}) == len(found) <= 3
    assert question.id not in {s.question_id for s in found}
    assert await synced.inbox.suggestions(1) == []  # an unknown question


async def _five_alike(session: Session, sb: Sandbox) -> list[int]:
    """Five buyers ask "¿Hacen envíos a …?" about one listing, each in their conversation."""
    buyers: dict[str, dict[str, str]] = defaultdict(dict)
    for q in await session.inbox.questions():
        listing = listing_of(q)
        if listing and q.thread_id and q.from_ and q.from_.name:
            buyers[listing].setdefault(q.from_.name, q.thread_id)
    listing, threads = max(buyers.items(), key=lambda kv: len(kv[1]))
    assert len(threads) >= len(CITIES), "the demo has a listing asked about by five buyers"
    asked = [sb.ask(thread_id=thread_id, text=f"Hola, ¿hacen envíos a {city}?")["id"]
             for thread_id, city in zip(threads.values(), CITIES, strict=False)]
    await session.sync.sync()
    return [int(i) for i in asked]


async def test_a_group_is_answered_once_per_question_with_each_buyers_name(
        synced: Session, fresh_sandbox: Sandbox) -> None:
    asked = await _five_alike(synced, fresh_sandbox)
    first, rest = asked[0], asked[1:]
    assert [q.id for q in await synced.inbox.alike(first)] == rest
    rows = {t.id: t for t in await synced.inbox.overview()}
    firsts = {(await synced.inbox.question(i)).thread_id for i in asked}  # type: ignore[union-attr]
    assert all(rows[t].alike >= 4 for t in firsts if t)

    entries = await synced.inbox.answer_group(asked, "¡Hola {buyer}! Sí, enviamos a todo el "
                                                     "país.")
    assert len(entries) == 5 and len({e.id for e in entries}) == 5
    assert {e.kind for e in entries} == {IntentKind.ANSWER}
    assert await synced.inbox.alike(first) == []  # all held now
    await synced.outbox.flush()
    for question_id in asked:
        server = fresh_sandbox.get(f"/questions/{question_id}").json()
        name = server["from"]["name"].split()[0]
        assert server["answer"]["text"] == f"¡Hola {name}! Sí, enviamos a todo el país."
    puts = [r for r in fresh_sandbox.requests_log()
            if r["method"] == "PUT" and r["applied"]]
    assert sorted(int(r["path"].rsplit("/", 1)[-1]) for r in puts) == sorted(asked)  # once each
    # A second try (say, after a failure part way) answers nothing twice.
    assert await synced.inbox.answer_group(asked, "Otra vez {buyer}") == []


async def test_a_group_answer_is_checked_whole_before_anything_is_queued(
        synced: Session, fresh_sandbox: Sandbox) -> None:
    asked = await _five_alike(synced, fresh_sandbox)
    shop_question = next(q for q in await _waiting(synced) if listing_of(q) is None)
    try:
        await synced.inbox.answer_group([*asked, shop_question.id], "Sobre el {product}: sí.")
    except ValueError as refused:
        assert "{product}" in str(refused)
    else:
        raise AssertionError("a {product} with no listing went out")
    assert await synced.outbox.entries(states=(OutboxState.QUEUED,)) == []
