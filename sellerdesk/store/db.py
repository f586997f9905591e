"""One SQLite file per profile: connection, durability, migrations, errors, the writer thread.

Durability: the file runs in WAL mode with `synchronous=NORMAL`. A commit then reaches the
operating system before `COMMIT` returns, so it survives the process being killed (`kill -9`,
a crash); only a power loss or OS crash can drop the last few commits. Transactions opened with
`durable=True` (every outbox write) switch to `synchronous=FULL` so the WAL is fsynced before
the commit returns: an intent reported as saved survives a power cut too. Cache writes stay
NORMAL: they are copies of server data that the next sync brings back.

Threads: one connection, guarded by a lock. The GUI never touches it from the event loop
thread: `await db.run(fn, ...)` runs `fn` on the database's single writer thread. The sync
methods are for the command line and tests.

Processes: one at a time per file (an OS lock on `<file>.lock`, freed even by `kill -9`). A
second process would take the first one's in-flight outbox entries for leftovers of a crash
and might send them twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import logging
import re
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, ParamSpec, TypeVar

from sellerdesk.private_files import private_dir, private_file, private_opener, tighten_if_present
from sellerdesk.store.schema import MIGRATIONS, Migration

log = logging.getLogger("sellerdesk.store")

APP_NAME = "SellerDesk"
STORE_THREAD = "sellerdesk-store"  # the writer thread's name, without its number
P = ParamSpec("P")
T = TypeVar("T")

# Primary result codes (the low byte of an extended code), from sqlite3.h.
_SQLITE_PERM, _SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_NOMEM = 3, 5, 6, 7
_SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_CORRUPT = 8, 10, 11
_SQLITE_FULL, _SQLITE_CANTOPEN, _SQLITE_NOTADB = 13, 14, 26


class StoreError(Exception):
    """Base of every error that leaves the store; `message` is for the seller, `detail` the log."""

    default_message = "SellerDesk could not read or save its local data."

    def __init__(self, message: str | None = None, *, detail: str = "") -> None:
        self.message = message or self.default_message
        self.detail = detail
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


class StoreFullError(StoreError):
    """The disk (or the database's size limit) is full; the failed change was rolled back."""

    default_message = ("Your disk is full, so SellerDesk could not save this change. "
                       "Everything saved before is safe. Free some disk space and try again.")


class StoreBusyError(StoreError):
    """Another program holds the database file locked."""

    default_message = ("This shop's data is in use by another SellerDesk window or command. "
                       "Close it and try again.")


class StoreCorruptError(StoreError):
    """The file is not a database or is damaged."""

    default_message = ("SellerDesk's local data file is damaged. Your shop's data is safe on the "
                       "server; changes not yet sent may be lost.")


class StoreVersionError(StoreError):
    """The file was written by a newer SellerDesk: we refuse to touch it."""

    default_message = ("This shop's local data was saved by a newer version of SellerDesk. "
                       "Please update SellerDesk to open it.")


class StoreReadOnlyError(StoreError):
    """The data folder or file may not be written (permissions, a read-only disk)."""

    default_message = ("SellerDesk may not write to its data folder, so this change was not "
                       "saved. Check that the disk is not read-only and that you may write "
                       "to the folder.")


class StoreBugError(Exception):
    """An SQLite error no seller could cause (a statement SellerDesk got wrong, a constraint
    it broke): a bug, reported as one. Deliberately not a `StoreError`, so nothing words it
    as a disk or file problem (qutebrowser's `misc/sql.py` draws the same line)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class StoreClosedError(StoreError):
    """A call reached a database that was already closed (usually: the app is shutting down)."""

    default_message = "SellerDesk's local data is closed."


def translate_error(exc: sqlite3.Error) -> StoreError | StoreBugError:
    """Map an sqlite3 error to the store error a seller can read (`detail` keeps the
    original), or to `StoreBugError` when its code names no trouble of the computer's."""
    detail = f"{type(exc).__name__}: {exc}"
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    # The code decides; SQLite's words only where no code came with the error.
    text = str(exc).lower() if primary is None else ""
    if primary == _SQLITE_FULL or "database or disk is full" in text:
        return StoreFullError(detail=detail)
    if primary in (_SQLITE_BUSY, _SQLITE_LOCKED) or "database is locked" in text:
        return StoreBusyError(detail=detail)
    if primary in (_SQLITE_CORRUPT, _SQLITE_NOTADB) or "malformed" in text:
        return StoreCorruptError(detail=detail)
    if primary in (_SQLITE_READONLY, _SQLITE_PERM) or "readonly database" in text:
        return StoreReadOnlyError(detail=detail)
    if primary == _SQLITE_CANTOPEN:
        return StoreError("SellerDesk could not open its data folder. Check that the disk is "
                          "connected and that you may write to it.", detail=detail)
    if primary == _SQLITE_IOERR:
        return StoreError("The disk reported an error while SellerDesk was saving. "
                          "Everything saved before is safe.", detail=detail)
    if primary == _SQLITE_NOMEM:
        return StoreError("The computer ran out of memory while SellerDesk read or saved its "
                          "data. Close other programs and try again.", detail=detail)
    return StoreBugError(detail)


def encode_time(value: datetime) -> str:
    """An aware datetime as fixed-width UTC text: sorts and compares correctly in SQL."""
    if value.tzinfo is None:
        raise ValueError("the store only takes aware datetimes")
    utc = value.astimezone(UTC)
    if utc.year < 1000:  # strftime's %Y does not pad such years on every platform
        return utc.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    # The same text as that strftime, for half its instructions (a sent write stamps rows);
    # %-formatting because an f-string with format specs costs as much as strftime.
    return "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ" % (  # noqa: UP031
        utc.year, utc.month, utc.day, utc.hour, utc.minute, utc.second, utc.microsecond)


def decode_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def encode_optional_time(value: datetime | None) -> str | None:
    return None if value is None else encode_time(value)


def decode_optional_time(text: str | None) -> datetime | None:
    return None if text is None else decode_time(text)


def utc_now() -> datetime:
    return datetime.now(UTC)


def default_data_dir() -> Path:
    """The platform's per-user data folder for SellerDesk (not created here)."""
    import platformdirs  # only without --data-dir

    return platformdirs.user_data_path(APP_NAME, appauthor=False)


_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(10)),
             *(f"LPT{i}" for i in range(10))}


def profile_db_path(profile: str, data_dir: Path | None = None) -> Path:
    """The database file of one profile; a name unsafe as a file name gets a hash suffix."""
    slug = re.sub(r"[^A-Za-z0-9_-]", "_", profile)[:64]
    if slug != profile or not slug or slug.upper() in _RESERVED:
        slug = f"{slug}-{hashlib.sha256(profile.encode()).hexdigest()[:10]}"
    return (data_dir or default_data_dir()) / f"{slug}.sqlite3"


def _lock_exclusively(path: Path) -> IO[bytes]:
    """Hold an OS lock on `path` until the returned file is closed, or raise StoreBusyError."""
    try:
        # Held open for the database's lifetime.
        handle = open(path, "a+b", opener=private_opener)  # noqa: SIM115
    except OSError as exc:
        raise StoreError("SellerDesk could not open its data folder. Check that the disk is "
                         "connected and that you may write to it.", detail=str(exc)) from exc
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        handle.close()
        raise StoreBusyError(detail=f"{path} is held by another process: {exc}") from exc
    return handle


def _make_private(path: Path) -> None:
    """The store 0600 before SQLite opens it: SQLite gives its -wal and -shm the database's
    mode, so they are private too; ones left wider by an older SellerDesk are tightened."""
    try:
        private_file(path)
        for suffix in ("-wal", "-shm", "-journal"):
            tighten_if_present(path.with_name(path.name + suffix))
    except OSError as exc:
        raise StoreError("SellerDesk could not open its data folder. Check that the disk is "
                         "connected and that you may write to it.", detail=str(exc)) from exc


def _close_once_opened(opening: asyncio.Future[Database]) -> None:
    if not opening.cancelled() and opening.exception() is None:
        opening.result().close()


def _new_writer() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix=STORE_THREAD)


class Database:
    """One profile's SQLite file and its single connection."""

    def __init__(self, path: Path | str, *, migrations: Sequence[Migration] = MIGRATIONS,
                 executor: ThreadPoolExecutor | None = None) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()  # the connection: held through a whole transaction
        self._state = threading.Lock()  # `_closed` and `_executor` only: never held for long
        self._executor = executor
        self._closed = False
        self._depth = 0  # open transaction levels (savepoints past the first)
        self._durable = False
        try:
            private_dir(self.path.parent)
        except OSError as exc:
            raise StoreError("SellerDesk could not create its data folder "
                             f"{self.path.parent}.", detail=str(exc)) from exc
        self._process_lock = _lock_exclusively(self.path.with_name(self.path.name + ".lock"))
        try:
            _make_private(self.path)
            self._conn = sqlite3.connect(self.path, isolation_level=None,
                                         check_same_thread=False, timeout=5.0)
        except sqlite3.Error as exc:
            self._process_lock.close()
            raise translate_error(exc) from exc
        except BaseException:
            self._process_lock.close()
            raise
        try:
            self._configure()
            self.migrate(migrations)
        except BaseException:
            self._conn.close()
            self._process_lock.close()
            raise

    @classmethod
    async def open_async(cls, path: Path | str, *,
                         migrations: Sequence[Migration] = MIGRATIONS) -> Database:
        """Open (and migrate) on the new database's writer thread, off the event loop."""
        executor = _new_writer()
        loop = asyncio.get_running_loop()
        opening = loop.run_in_executor(
            executor, functools.partial(cls, path, migrations=migrations, executor=executor))
        try:
            return await asyncio.shield(opening)
        except asyncio.CancelledError:
            # The thread cannot be stopped: close what it opens, or its file lock would keep
            # this shop closed to every other window until the process ends.
            opening.add_done_callback(_close_once_opened)
            raise
        except BaseException:
            executor.shutdown(wait=False)
            raise

    def _configure(self) -> None:
        with self.read() as conn:
            mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                log.warning("SQLite refused WAL mode (%s) for %s", mode, self.path)
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")

    # -- versions -------------------------------------------------------------------------

    @property
    def user_version(self) -> int:
        with self.read() as conn:
            return int(conn.execute("PRAGMA user_version").fetchone()[0])

    def migrate(self, migrations: Sequence[Migration]) -> int:
        """Apply the steps past the file's version, each in its own transaction; return it."""
        version = self.user_version
        if version > len(migrations):
            raise StoreVersionError(detail=f"{self.path}: schema v{version}, this build knows "
                                           f"v{len(migrations)}")
        for target in range(version + 1, len(migrations) + 1):
            with self.transaction(durable=True) as conn:
                migrations[target - 1](conn)
                # user_version lives in the file header, so it commits with the step.
                conn.execute(f"PRAGMA user_version={target:d}")
            log.info("store %s migrated to schema v%d", self.path.name, target)
        return max(version, len(migrations))

    # -- access ---------------------------------------------------------------------------

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """The connection, for reads or single statements; sqlite3 errors become StoreError."""
        with self._lock:
            if self._closed:
                raise StoreClosedError()
            try:
                yield self._conn
            except sqlite3.Error as exc:
                raise translate_error(exc) from exc

    @contextmanager
    def transaction(self, *, durable: bool = False) -> Iterator[sqlite3.Connection]:
        """A write transaction: committed on exit, rolled back on any error.

        BEGIN IMMEDIATE takes the write lock up front, so a transaction never fails half-way
        for lack of it. `durable=True` fsyncs the commit (see the module docstring). Nested
        calls become savepoints of the outer transaction, which alone decides durability:
        SQLite cannot change `synchronous` inside a transaction, so a durable step inside a
        non-durable transaction is refused rather than silently weakened.
        """
        with self.read() as conn:
            if self._depth:
                if durable and not self._durable:
                    raise ValueError("a durable write must not run inside a non-durable "
                                     "transaction; open the outer one with durable=True")
                yield from self._savepoint(conn)
                return
            if durable:
                conn.execute("PRAGMA synchronous=FULL")
            self._depth, self._durable = 1, durable
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                    conn.execute("COMMIT")
                except BaseException:
                    # SQLite may already have rolled back by itself (e.g. after SQLITE_FULL).
                    if conn.in_transaction:
                        try:
                            conn.execute("ROLLBACK")
                        except sqlite3.Error:
                            log.exception("rollback failed on %s", self.path)
                    raise
            finally:
                self._depth, self._durable = 0, False
                if durable:
                    conn.execute("PRAGMA synchronous=NORMAL")

    def _savepoint(self, conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        name = f"sp{self._depth}"
        conn.execute(f"SAVEPOINT {name}")
        self._depth += 1
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:
                conn.execute(f"ROLLBACK TO {name}")
                conn.execute(f"RELEASE {name}")
            raise
        else:
            conn.execute(f"RELEASE {name}")
        finally:
            self._depth -= 1

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self.read() as conn:
            return conn.execute(sql, params).fetchall()

    def query_one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        with self.read() as conn:
            row: tuple[Any, ...] | None = conn.execute(sql, params).fetchone()
            return row

    # -- the writer thread ------------------------------------------------------------------

    async def run(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run `fn(*args, **kwargs)` on the writer thread and await its result.

        Cancelling the awaiting task does not stop a call already running: a write is
        never left half done.
        """
        # Not self._lock: the writer thread holds it through a whole transaction (an fsync, a
        # 100,000-row upsert) and the caller here is the event loop, i.e. the GUI thread.
        with self._state:
            if self._closed:
                raise StoreClosedError()
            if self._executor is None:
                self._executor = _new_writer()
            executor = self._executor
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(executor, functools.partial(fn, *args, **kwargs))

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """Close the connection (checkpointing the WAL) and stop the writer thread."""
        with self._lock, self._state:
            if self._closed:
                return
            self._closed = True
            try:
                self._conn.close()
            except sqlite3.Error:
                log.exception("closing %s failed", self.path)
            self._process_lock.close()
            executor, self._executor = self._executor, None
        if executor is not None:
            # Jobs queued after close fail with StoreClosedError; do not wait from that thread.
            executor.shutdown(wait=False)

    async def aclose(self) -> None:
        """Close after every call already queued on the writer thread has finished; cancelled
        while waiting for them, the writer thread closes it after them (its file lock would
        otherwise keep this shop closed to other windows until the process ends)."""
        executor = self._executor
        if executor is not None and not self._closed:
            try:
                await self.run(lambda: None)
            except asyncio.CancelledError:
                with contextlib.suppress(RuntimeError):  # shut down: closed already
                    executor.submit(self.close)
                raise
            except StoreClosedError:
                return
        self.close()
