"""One backoff rule for the outbox (policy.failed_tries): an entry's wait doubles with each
failed try, whether its write failed or the read of the server it needs before one. Counted
from the waits the sender records (no jitter), never slept through; the shop is stopped."""

from __future__ import annotations

import shutil
from pathlib import Path

from sellerdesk.api.enums import ShippingStatus
from sellerdesk.policy import Backoff, failed_tries
from sellerdesk.services.session import Session
from sellerdesk.store.outbox import OutboxEntry
from sellerdesk.store.rows import OrderFilter, QuestionFilter
from tests.support.sandbox import Sandbox
from tests.support.sessions import open_session

EXACT = Backoff(first=2.0, cap=300.0, jitter=0.0)


def _wait(entry: OutboxEntry | None) -> int:
    """The wait the sender recorded, in whole seconds (the store reads its clock twice)."""
    assert entry is not None and entry.next_attempt_at is not None
    return round((entry.next_attempt_at - entry.updated_at).total_seconds())


async def _offline_writes(s: Session) -> tuple[OutboxEntry, OutboxEntry]:
    """A shipping update (read before it is sent) and an answer (sent unread at first)."""
    order = (await s.orders.orders(OrderFilter(shipping="pending"), limit=1))[0]
    ship = next(x for x in order.shippings or [] if x.status == "pending")
    assert ship.id is not None
    rows = await s.store.run(s.store.cache.questions, QuestionFilter(status="unanswered"))
    shipping = await s.orders.update_shipping(order, ship.id, status=ShippingStatus.ON_ROUTE)
    answer = await s.inbox.answer(int(rows[0].id), "Sí, hay stock.")
    return shipping, answer


async def test_failed_reads_double_the_wait_as_failed_sends_do(
        fresh_sandbox: Sandbox, synced_data_dir: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    s = await open_session(fresh_sandbox, data, max_retries=0)  # a read fails at once
    try:
        s.outbox.backoff = EXACT
        fresh_sandbox.stop()
        shipping, answer = await _offline_writes(s)
        waits: dict[str, list[int]] = {shipping.id: [], answer.id: []}
        for _ in range(5):
            s.outbox.kick(ignore_backoff=True)  # every entry due now: one try each
            assert await s.outbox.drain_once() == 2
            for entry_id, seen in waits.items():
                seen.append(_wait(await s.outbox.get(entry_id)))
        assert waits[shipping.id] == [2, 4, 8, 16, 32]  # its reads failed
        assert waits[answer.id] == [2, 4, 8, 16, 32]  # a send, then reads
        ship_now, answer_now = await s.outbox.get(shipping.id), await s.outbox.get(answer.id)
        assert ship_now is not None and answer_now is not None
        assert (ship_now.attempts, ship_now.failed_reads) == (0, 5)  # never sent
        assert (answer_now.attempts, answer_now.failed_reads) == (1, 4)
    finally:
        await s.aclose()


def test_every_failed_try_counts_and_the_first_waits_the_first_step() -> None:
    assert failed_tries(0, 0) == 1  # the first failure, however it is counted
    assert failed_tries(1, 0) == 1 and failed_tries(0, 1) == 1
    assert failed_tries(2, 3) == 5
    assert [EXACT.ceiling(failed_tries(0, n)) for n in range(1, 6)] == [2, 4, 8, 16, 32]
