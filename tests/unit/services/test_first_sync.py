"""The gates between a first sync's parts (services/first_sync.py): which part is under way,
what is still coming, and that no part waits for one that will not run."""

from __future__ import annotations

from sellerdesk.services.first_sync import FirstSync, Parts, SyncPart


async def test_a_whole_first_sync_goes_through_its_three_parts() -> None:
    parts = Parts(FirstSync(threads=True, orders=True))
    assert parts.now() == (SyncPart.UNANSWERED, (SyncPart.ORDERS_TO_DO, SyncPart.REST))
    parts.unanswered_read.set()
    assert parts.now() == (SyncPart.ORDERS_TO_DO, (SyncPart.REST,))
    parts.to_do_read.set()
    assert parts.now() == (SyncPart.REST, ())


async def test_orders_read_for_the_first_time_do_not_wait_for_the_questions() -> None:
    """The order cache cleared, the questions synced: the orders' part starts at once (the
    threads' stage, not a first one, never opens the first gate)."""
    parts = Parts(FirstSync(threads=False, orders=True))
    assert parts.unanswered_read.is_set() and not parts.to_do_read.is_set()
    assert parts.now() == (SyncPart.ORDERS_TO_DO, (SyncPart.REST,))


async def test_questions_read_for_the_first_time_alone() -> None:
    parts = Parts(FirstSync(threads=True, orders=False))
    assert parts.now() == (SyncPart.UNANSWERED, (SyncPart.REST,))
    parts.unanswered_read.set()
    parts.to_do_read.set()  # the orders' stage opens it once the questions are in
    assert parts.now() == (SyncPart.REST, ())


async def test_a_sync_of_a_synced_shop_has_no_parts_and_no_gates() -> None:
    parts = Parts(FirstSync(threads=False, orders=False))
    assert parts.unanswered_read.is_set() and parts.to_do_read.is_set()
    assert parts.now() == (None, ())
