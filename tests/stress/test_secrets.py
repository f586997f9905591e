"""The token is a secret: after a sync, writes of every kind and errors of every kind, with
logging at DEBUG to the app's log file, it appears in no file of the data folder (database,
WAL, logs, an export), in no error's text and in no repr. The window and the command line,
run with every logger of every library at DEBUG, leave it in no file, stream or picture.

The shop is small (`SHOP_ORDERS`): a token could leak on a path (a request, a write, an error,
a log line, a picture), never by the number of records, and with every library at DEBUG and
asyncio's debug mode each record costs many long log lines (the window's sync of the 2,000-order
demo shop was most of this file's time, and its log rotated away lines before they were read).
Orders still span more than one page. The command line's full sync and the window share one
store, so the window's own sync is the short one that follows.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from sellerdesk.api.enums import Event, Provider, ShippingStatus
from sellerdesk.api.errors import ApiError
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.credentials import CredentialStore, Profile
from sellerdesk.logs import setup_logging
from sellerdesk.store.rows import OrderFilter
from tests.stress.support import assert_api_error, drain, open_session
from tests.support import http
from tests.support.cli import cli_args, cli_env
from tests.support.sandbox import Sandbox

SHOP_ORDERS = 60  # a page is 50 (`sellerdesk.services.sync.PAGE`): orders span two pages


@pytest.fixture(scope="module")
def small_shop_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo shop with `SHOP_ORDERS` orders (same questions), seeded once per module."""
    path = tmp_path_factory.mktemp("secrets-shop") / "sandbox.db"
    Sandbox(db=path, orders=SHOP_ORDERS).start().stop()
    # A sandbox stopped early may leave its writes in the WAL: a copy of the main file
    # alone would be an empty database, which the next sandbox seeds with 2,000 orders.
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        seeded = conn.execute("SELECT value FROM meta WHERE key='seeded_orders'").fetchone()
    assert seeded == (str(SHOP_ORDERS),)
    return path


@pytest.fixture
def debug_logging(tmp_path: Path) -> Iterator[Path]:
    """The app's own logging set-up on the data folder, then every logger at DEBUG."""
    data = tmp_path / "data"
    root = logging.getLogger()
    saved_level, saved_handlers = root.level, list(root.handlers)
    noisy = [logging.getLogger(n) for n in ("httpx", "httpcore", "sellerdesk")]
    saved = [(lg, lg.level) for lg in noisy]
    log_file = setup_logging(data, verbose=False)
    assert log_file is not None
    root.setLevel(logging.DEBUG)
    for lg in noisy:
        lg.setLevel(logging.DEBUG)
    try:
        yield data
    finally:
        for handler in root.handlers:
            if handler not in saved_handlers:
                handler.close()
                root.removeHandler(handler)
        root.setLevel(saved_level)
        for lg, level in saved:
            lg.setLevel(level)


def files_holding(folder: Path, secret: bytes) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and secret in p.read_bytes()]


async def test_the_token_is_in_no_file_and_no_message(small_shop_db: Path, tmp_path: Path,
                                                      debug_logging: Path) -> None:
    token = "sd-" + secrets.token_hex(16)
    db = tmp_path / "sandbox.db"
    shutil.copy(small_shop_db, db)
    sb = Sandbox(db=db, extra_args=["--token", token]).start()
    assert sb.token == token
    data = debug_logging
    errors: list[ApiError] = []
    session = await open_session(sb, data)
    try:
        await session.sync.sync()
        # Writes of every kind, some of them meeting a fault on the way.
        await asyncio.to_thread(sb.set_faults, error_next=2, drop_next=2, malformed_next=2,
                                rate_limit_next=1, retry_after=0)
        threads = await session.inbox.threads()
        unanswered = [q for t in threads for q in await session.inbox.conversation(t.id)
                      if q.status == "unanswered"]
        await session.inbox.answer(unanswered[0].id, "Sí, tenemos stock.")
        await session.inbox.delete_question(unanswered[1].id, undo_seconds=0)
        order = (await session.orders.orders(OrderFilter(shipping="pending"), limit=1))[0]
        ship = next(s for s in order.shippings or [] if s.status == ShippingStatus.PENDING)
        assert ship.id is not None
        await session.orders.update_shipping(order, ship.id, status=ShippingStatus.ON_ROUTE,
                                             tracking_code="AR-1")
        await session.orders.update_invoice(order, invoiced=True, number="0001-1", type="A")
        await session.tracking.create(TrackingCodeDraft(
            name="Píxel", code="<script></script>", provider=Provider.ADS,
            event=Event.NAVIGATION))
        code = (await session.tracking.codes())[0]
        await session.tracking.modify(code, name="Renombrado")
        await session.outbox.flush()
        # Errors of every kind: refused token, missing record, bad request, server down.
        await asyncio.to_thread(sb.clear_faults)
        await asyncio.to_thread(sb.set_faults, token_revoked=True)
        try:
            await session.sync.sync()
        except ApiError as exc:
            errors.append(exc)
        await session.tracking.delete(code.id)
        await session.outbox.flush()
        assert await session.outbox.paused()
        await asyncio.to_thread(sb.clear_faults)
        await session.outbox.set_token(token)
        await drain(session)
        for call in (session.client.question(1), session.client.answer_question(
                unanswered[2].id, " "), session.client.order("999999999")):
            try:
                await call
            except ApiError as exc:
                errors.append(exc)
        await asyncio.to_thread(sb.stop)
        try:
            await session.sync.sync()
        except ApiError as exc:
            errors.append(exc)
        # Code that logs a raw httpx error with its traceback (it holds the URL).
        try:
            http.get(f"{sb.api}/nothing", params={"access_token": token},
                      timeout=1).raise_for_status()
        except httpx.HTTPError:
            logging.getLogger("sellerdesk.test").exception("raw httpx failure")
        await session.orders.export_csv(data / "orders.csv")
        assert token not in repr(session.client) and token not in repr(session)
    finally:
        await session.aclose()
        sb.stop()
    for handler in logging.getLogger().handlers:
        handler.flush()

    assert len(errors) >= 4
    for error in errors:
        assert_api_error(error, token)
    log_text = (data / "logs" / "sellerdesk.log").read_text(encoding="utf-8")
    assert "GET /shops/" in log_text and "raw httpx failure" in log_text  # DEBUG did log
    assert "access_token=REDACTED" in log_text  # httpx's URL lines, scrubbed
    assert files_holding(data, token.encode()) == []
    assert files_holding(data, token.encode("utf-16-le")) == []


@pytest.mark.early  # long: started first (tests/conftest.py)
@pytest.mark.timeout(1800)  # asyncio's debug mode and every logger at DEBUG, on a loaded machine
def test_the_most_verbose_window_and_command_line_leak_no_token(small_shop_db: Path,
                                                                tmp_path: Path) -> None:
    """`-vv` with SELLERDESK_LOG_DEBUG=all and asyncio's debug mode: every library logs at
    DEBUG (qasync logs what a keyring read returned), and the token is nowhere: not in the
    data folder, the log, stdout, stderr or the pictures."""
    token = "sd-" + secrets.token_hex(16)
    db = tmp_path / "sandbox.db"
    shutil.copy(small_shop_db, db)
    sb = Sandbox(db=db, extra_args=["--token", token]).start()
    data, snaps = tmp_path / "data", tmp_path / "snaps"
    loud = {"SELLERDESK_LOG_DEBUG": "all", "PYTHONASYNCIODEBUG": "1",
            "QT_QPA_PLATFORM": "offscreen"}
    streams: list[str] = []
    creds = CredentialStore(config_dir=data)
    in_keyring = os.environ.get("SELLERDESK_TEST_KEYRING") == "secretservice"

    def run(args: list[str], env: dict[str, str]) -> int:
        # A bound for a hang: the window's snapshot in asyncio's debug mode once took over
        # 300 s on a loaded 2-core machine (with the 2,000-order shop).
        r = subprocess.run(args, capture_output=True, text=True, env=env, timeout=900)
        streams.extend([r.stdout, r.stderr])
        return r.returncode

    def cli(*args: str) -> int:
        # The window's profile name: one store, so the window's sync starts from this one.
        return run(cli_args(sb, data, "--profile", "shop", "-vv", *args), cli_env(token, **loud))

    try:
        assert cli("sync") == 0, streams[-1][-2000:]
        first, second = [q["id"] for q in sb.get("/questions/search", status="unanswered",
                                                 limit=2).json()["results"]]
        assert cli("questions", "--unanswered") == 0
        assert cli("answer", str(first), "Sí, hay stock.") == 0
        assert cli("tracking", "create", "Píxel", "<p>", "--provider", "ads", "--event",
                   "NAVIGATION") == 0
        sb.stop()
        assert cli("answer", str(second), "Mañana.") == 3
        sb.start()
        assert cli("outbox", "--flush") == 0

        # The window on a saved profile; its token in the keyring when the machine has one.
        creds.add_profile(Profile(name="shop", base_url=sb.base_url, shop_id=sb.shop_id))
        window_env = cli_env(token, **loud)
        if in_keyring:
            assert creds.set_token("shop", token).value == "keyring"
            window_env = cli_env(None, **loud)
        code = run([sys.executable, "-m", "sellerdesk", "-vv", "--profile", "shop",
                    "--data-dir", str(data), "--snapshot", str(snaps)], window_env)
        assert code == 0, streams[-1][-2000:]
    finally:
        sb.stop()
        if in_keyring:
            creds.delete_token("shop")

    assert len(list(snaps.glob("*.png"))) >= 5
    log = "".join(p.read_text(encoding="utf-8") for p in (data / "logs").glob("sellerdesk.log*"))
    for library in ("qasync", "httpcore", "asyncio", "sellerdesk"):
        assert f"DEBUG {library}" in log, f"no DEBUG line of {library}: not the loudest run"
    assert "INFO httpx: HTTP Request: GET " in log and "access_token=REDACTED" in log
    # qasync's worker once logged the keyring read's result (the token); the app's reads now
    # go through its own named executor, but any library line that quotes a result is covered
    # by the checks below.
    for secret in {token.encode(), token.encode("utf-16-le"), quote(token).encode()}:
        assert files_holding(data, secret) == []
        assert files_holding(snaps, secret) == []
    for text in streams:
        assert token not in text
