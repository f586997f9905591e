"""sellerdesk/store/db.py: file per profile, WAL, migrations, errors, the writer thread."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

import hypothesis
import pytest
from hypothesis import strategies as st

from sellerdesk.store import (
    Database,
    Store,
    StoreBusyError,
    StoreClosedError,
    StoreCorruptError,
    StoreFullError,
    StoreVersionError,
    default_data_dir,
    profile_db_path,
)
from sellerdesk.store.db import encode_time
from sellerdesk.store.outbox import IntentKind, OutboxState
from sellerdesk.store.rows import OrderFilter, Resource
from sellerdesk.store.schema import MIGRATIONS

from .factories import order


def test_new_store_is_wal_at_latest_version(store: Store, data_dir: Path) -> None:
    assert store.db.path == data_dir / "test.sqlite3"
    assert store.db.user_version == len(MIGRATIONS)
    assert store.db.query_one("PRAGMA journal_mode") == ("wal",)
    assert store.db.query_one("PRAGMA synchronous") == (1,)  # NORMAL outside outbox writes


def test_profiles_get_separate_safe_files(tmp_path: Path) -> None:
    names = ["main", "Tienda Pérez", "../evil", "con", "a/b", "a_b"]
    paths = [profile_db_path(n, tmp_path) for n in names]
    assert len(set(paths)) == len(names)
    assert all(p.parent == tmp_path and p.suffix == ".sqlite3" for p in paths)
    assert paths[0].name == "main.sqlite3"
    assert "SellerDesk" in str(default_data_dir())
    assert profile_db_path("main").parent == default_data_dir()


def _seed_v1(path: Path) -> None:
    db = Database(path, migrations=MIGRATIONS[:1])
    assert db.user_version == 1
    with db.transaction() as conn:
        conn.execute(
            "INSERT INTO orders (id, paid, processed, delivered, closed, buyer_feedback, "
            "seller_feedback, shipping_tags, buyer_name, product_titles, doc, fetched_at) "
            "VALUES ('77', 1, 0, 0, 0, 0, 0, ',pending,', 'María Gómez', 'Camión rojo', ?, "
            "'2024-01-01T00:00:00.000000Z')", (b'{"id": "77"}',))
        conn.execute(
            "INSERT INTO questions (id, thread_id, status, text, buyer_name, doc, fetched_at) "
            "VALUES (5, 't1', 'unanswered', '¿Envían a Córdoba?', 'Ana', ?, "
            "'2024-01-01T00:00:00.000000Z')", (b"{}",))
    db.close()


def test_upgrade_from_v1_to_latest_keeps_and_indexes_data(tmp_path: Path) -> None:
    path = profile_db_path("old", tmp_path)
    _seed_v1(path)
    with Store.open("old", data_dir=tmp_path) as store:
        assert store.db.user_version == len(MIGRATIONS)
        cached = store.cache.get(Resource.ORDERS, "77")
        assert cached is not None and cached.doc == b'{"id": "77"}'
        assert store.cache.count_orders(OrderFilter(paid=True, shipping="pending")) == 1
        assert store.search.orders("gomez camion") == ["77"]  # rows from v1 got indexed
        assert store.search.questions("cordoba") == [5]
        store.outbox.enqueue(IntentKind.ANSWER, "question:5", b'{"answer": "S\\u00ed"}')
        assert store.outbox.counts()[OutboxState.QUEUED] == 1


_OPEN_SCRIPT = """
import sys
from pathlib import Path
from sellerdesk.store import Store, StoreBusyError
try:
    Store.open("test", data_dir=Path(sys.argv[1])).close()
except StoreBusyError as exc:
    sys.exit(exc.message)
"""


def test_one_process_at_a_time_per_profile(store: Store, data_dir: Path) -> None:
    with pytest.raises(StoreBusyError) as info:
        Store.open("test", data_dir=data_dir)
    assert "another SellerDesk window" in info.value.message
    other = subprocess.run([sys.executable, "-c", _OPEN_SCRIPT, str(data_dir)],
                           capture_output=True, text=True, timeout=60)
    assert "another SellerDesk window" in other.stderr
    with Store.open("other", data_dir=data_dir):  # other profiles are independent
        pass
    store.close()
    assert subprocess.run([sys.executable, "-c", _OPEN_SCRIPT, str(data_dir)],
                          timeout=60).returncode == 0
    Store.open("test", data_dir=data_dir).close()


def test_failed_migration_step_is_rolled_back(tmp_path: Path) -> None:
    path = tmp_path / "x.sqlite3"

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("step failed")

    with pytest.raises(RuntimeError):
        Database(path, migrations=(*MIGRATIONS, broken))
    db = Database(path)  # the good steps stayed; the broken one left nothing behind
    assert db.user_version == len(MIGRATIONS)
    assert db.query_one("SELECT name FROM sqlite_master WHERE name = 'half_done'") is None
    db.close()


def test_file_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    conn.close()
    with pytest.raises(StoreVersionError) as info:
        Database(path)
    assert "newer version of SellerDesk" in info.value.message


def test_damaged_file_gives_a_readable_error(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreCorruptError) as info:
        Database(path)
    assert "damaged" in str(info.value)


def test_transactions_roll_back_and_nest(store: Store) -> None:
    db = store.db
    with pytest.raises(ZeroDivisionError), db.transaction() as conn:
        conn.execute("INSERT INTO sync_state VALUES ('a', 'x')")
        _ = 1 / 0
    assert db.query("SELECT key FROM sync_state") == []
    with db.transaction() as conn:
        conn.execute("INSERT INTO sync_state VALUES ('outer', 'x')")
        with pytest.raises(KeyError), db.transaction() as inner:
            inner.execute("INSERT INTO sync_state VALUES ('inner', 'x')")
            raise KeyError("inner only")
    assert db.query("SELECT key FROM sync_state") == [("outer",)]
    with pytest.raises(ValueError), db.transaction(), db.transaction(durable=True):
        pass
    with db.transaction(durable=True), db.transaction(durable=True):
        pass
    assert db.query_one("PRAGMA synchronous") == (1,)


def test_disk_full_is_a_clear_error_and_keeps_committed_data(store: Store,
                                                             data_dir: Path) -> None:
    store.cache.upsert_orders(order(n) for n in range(20))
    kept = store.outbox.enqueue(IntentKind.INVOICE, "order:5001", b'{"invoiced": true}')
    pages = store.db.query_one("PRAGMA page_count")
    assert pages is not None
    store.db.query(f"PRAGMA max_page_count = {pages[0]}")  # the "disk" is full now

    big = [order(n, buyer_name="x" * 2000) for n in range(100, 2100)]
    with pytest.raises(StoreFullError) as info:
        store.cache.upsert_orders(big)
    assert "disk is full" in info.value.message and "safe" in info.value.message
    assert "full" in info.value.detail  # the technical story, for the log
    with pytest.raises(StoreFullError):
        store.outbox.enqueue(IntentKind.ANSWER, "question:1", b'{"answer": "' + b"y" * 20000
                             + b'"}')

    assert store.cache.count(Resource.ORDERS) == 20
    assert store.outbox.get(kept.id) == kept
    store.close()
    with Store.open("test", data_dir=data_dir) as again:  # and on disk, after a reopen
        assert again.cache.count(Resource.ORDERS) == 20
        assert [e.id for e in again.outbox.entries()] == [kept.id]
        assert again.cache.upsert_orders(big) == 2000  # the limit was only this connection's


async def test_run_uses_one_writer_thread_off_the_loop(data_dir: Path) -> None:
    store = await Store.open_async("async", data_dir=data_dir)
    here = threading.get_ident()
    idents = set(await asyncio.gather(*(store.run(threading.get_ident) for _ in range(5))))
    assert len(idents) == 1 and here not in idents
    await store.run(store.cache.upsert_orders, [order(1)])
    assert await store.run(store.cache.count, Resource.ORDERS) == 1
    await store.aclose()
    with pytest.raises(StoreClosedError):
        await store.run(store.cache.count, Resource.ORDERS)
    with pytest.raises(StoreClosedError):
        store.cache.count(Resource.ORDERS)


async def test_outbox_observer_runs_on_the_event_loop(store: Store) -> None:
    loop_thread = threading.get_ident()
    seen: list[tuple[str, int]] = []
    done = asyncio.Event()

    def on_change(change: object) -> None:
        seen.append((str(change), threading.get_ident()))
        done.set()

    stop = store.observe_outbox(on_change)
    await store.run(store.outbox.enqueue, IntentKind.ANSWER, "question:1", b"{}")
    await asyncio.wait_for(done.wait(), 5)
    assert seen and seen[0][1] == loop_thread
    stop()


_KILL_SCRIPT = """
import os, signal, sys
from pathlib import Path
from sellerdesk.store import Store
from sellerdesk.store.outbox import IntentKind
store = Store.open("crash", data_dir=Path(sys.argv[1]))
a = store.outbox.enqueue(IntentKind.ANSWER, "question:1", b'{"answer": "yes"}')
b = store.outbox.enqueue(IntentKind.SHIPPING, "order:9", b'{"status": "on_route"}')
store.outbox.mark_sending(a.id)
print(a.id, b.id, flush=True)  # what the UI would now show as saved
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_saved_intents_survive_kill_9(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", _KILL_SCRIPT, str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == -9, proc.stderr
    sending_id, queued_id = proc.stdout.split()
    with Store.open("crash", data_dir=tmp_path) as store:
        entries = {e.id: e for e in store.outbox.entries()}
        assert entries[queued_id].state is OutboxState.QUEUED
        assert entries[sending_id].state is OutboxState.SENDING
        assert [e.id for e in store.outbox.uncertain()] == [sending_id]
        assert [e.id for e in store.outbox.next_ready()] == [queued_id]


@hypothesis.given(st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 30),
                               timezones=st.timezones()))
def test_encode_time_writes_what_strftime_writes(value: datetime) -> None:
    """encode_time formats by hand (cheaper): the text must stay strftime's, byte for byte."""
    hypothesis.assume(value.utcoffset() is not None)
    try:
        utc = value.astimezone(UTC)
    except OverflowError:
        return
    assert encode_time(value) == utc.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
