"""New questions and orders are announced once: not on the first sync, not after a restart."""

from __future__ import annotations

from pathlib import Path

from sellerdesk.services.notifications import NewItem
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session


async def test_each_new_item_is_announced_once_even_across_restarts(
        fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    heard: list[list[NewItem]] = []

    s = await open_session(sb, data)
    s.notifications.arrived.connect(heard.append)
    await s.sync.sync()
    assert await s.notifications.check() == []  # the first look at a shop is not news
    question = sb.ask(text="¿Tienen talle M en azul?", buyer="Lucía Fernández")
    order = sb.sell(currency="ARS")
    await s.sync.sync()
    items = await s.notifications.check()
    assert {(i.kind, i.id) for i in items} == {("question", str(question["id"])),
                                               ("order", order["id"])}
    q_item = next(i for i in items if i.kind == "question")
    assert q_item.text == "¿Tienen talle M en azul?" and q_item.thread_id
    # Called as every other surface calls a buyer: the name they gave, not the nickname.
    assert q_item.buyer == "Lucía Fernández"
    assert await s.notifications.check() == []  # not twice
    await s.aclose()

    again = await open_session(sb, data)  # a restart
    try:
        await again.sync.sync()
        assert await again.notifications.check() == []
        second = sb.ask()
        await again.sync.sync()
        assert [i.id for i in await again.notifications.check()] == [str(second["id"])]
    finally:
        await again.aclose()
    assert heard  # the event fired for the listeners too


async def test_a_question_answered_before_any_check_is_never_announced(
        fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    """The notice names only questions every surface counts as waiting (`Counts`): one
    answered offline before a check saw it is recorded, not announced, even after the
    seller discards that answer."""
    sb = fresh_sandbox
    s = await open_session(sb, tmp_path / "data")
    try:
        await s.sync.sync()
        assert await s.notifications.check() == []  # the baseline
        answered, other = sb.ask(text="¿Hay en rojo?"), sb.ask(text="¿Hacen envíos?")
        await s.sync.sync()  # the app closed before its check, say
        before = await s.counts.counts()
        sb.stop()
        entry = await s.inbox.answer(answered["id"], "Sí, en rojo también.")  # queued
        after = await s.counts.counts()
        assert after.unanswered == before.unanswered - 1
        items = await s.notifications.check()
        assert [i.id for i in items] == [str(other["id"])]
        await s.outbox.discard(entry.id)
        assert (await s.counts.counts()).unanswered == before.unanswered
        assert await s.notifications.check() == []  # seen by the seller: not news
    finally:
        if not sb.running:
            sb.start()
        await s.aclose()
