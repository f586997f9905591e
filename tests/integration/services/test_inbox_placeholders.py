"""Issue 25, B8: `{buyer}` and `{product}` typed into a single answer are filled before it is
sent, the same as in a group answer, or the answer is refused with a hint; nothing raw reaches
the buyer (the window and the command line both answer through `InboxService.answer`)."""

from __future__ import annotations

import pytest

from sellerdesk.api.models import Question
from sellerdesk.services.inbox import PlaceholderLeft
from sellerdesk.services.session import Session
from sellerdesk.services.triage import listing_of
from sellerdesk.store.outbox import OutboxState
from tests.support.sandbox import Sandbox


async def _waiting(session: Session) -> list[Question]:
    return [q for q in await session.inbox.questions(unanswered=True) if q.answer is None]


async def test_a_typed_placeholder_reaches_the_buyer_filled(synced: Session,
                                                           fresh_sandbox: Sandbox) -> None:
    question = next(q for q in await _waiting(synced)
                    if listing_of(q) and q.from_ and q.from_.name)
    entry = await synced.inbox.answer(question.id, "Olá {buyer}, o {product} está em estoque.")
    await synced.outbox.flush()
    server = fresh_sandbox.get(f"/questions/{question.id}").json()
    name = server["from"]["name"].split()[0]
    title = question.publication.title  # type: ignore[union-attr]
    expected = f"Olá {name}, o {title} está em estoque."
    assert server["answer"]["text"] == expected
    put = [r for r in fresh_sandbox.requests_log() if r["method"] == "PUT" and r["applied"]]
    assert len(put) == 1
    done = await synced.store.run(synced.store.outbox.get, entry.id)
    assert done is not None and done.state is OutboxState.DONE


async def test_a_product_with_no_listing_is_refused_with_a_hint(synced: Session,
                                                                fresh_sandbox: Sandbox) -> None:
    about_shop = next(q for q in await _waiting(synced) if listing_of(q) is None)
    with pytest.raises(PlaceholderLeft, match=r"\{product\}.*Write the words"):
        await synced.inbox.answer(about_shop.id, "Hola {buyer}, el {product} llega mañana.")
    assert await synced.outbox.entries(states=(OutboxState.QUEUED,)) == []
    assert fresh_sandbox.get(f"/questions/{about_shop.id}").json().get("answer") is None


async def test_a_question_not_in_the_local_copy_cannot_be_filled(
        synced: Session, fresh_sandbox: Sandbox) -> None:
    thread = next(q.thread_id for q in await _waiting(synced) if q.thread_id)
    asked = int(fresh_sandbox.ask(thread_id=thread, text="¿Tienen garantía?")["id"])
    assert await synced.inbox.question(asked) is None  # not synced yet
    with pytest.raises(PlaceholderLeft, match="sync first"):
        await synced.inbox.answer(asked, "Hola {buyer}, sí.")
    assert await synced.outbox.entries(states=(OutboxState.QUEUED,)) == []
    # Without a placeholder the answer needs nothing of the local copy.
    await synced.inbox.answer(asked, "Hola, sí: un año.")
    await synced.outbox.flush()
    assert fresh_sandbox.get(f"/questions/{asked}").json()["answer"]["text"] == (
        "Hola, sí: un año.")
