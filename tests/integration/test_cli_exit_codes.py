"""Exit codes that mean what the README says (issues 22 and 24), through the real command
line against a sandbox started by the test:
- 3 only when the change is in the outbox: an offline write to a record this device never
  read is queued and settled against the shop (a 404 then is "no such order", never "sent");
- 7 "partly done": a sync with a failed stage, a flush that left changes waiting, each named
  on stderr; 1 when every stage failed (offline);
- no promise the process will not keep ("retrying shortly");
- 2 for an argument that is not text.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import http
from tests.support.cli import cli_env, run_cli
from tests.support.sandbox import Sandbox

# The README's table, literal: the code under test is what defines them.
DONE, ERROR, USAGE, QUEUED, AUTH, CONFLICT, NOT_FOUND, PARTIAL = 0, 1, 2, 3, 4, 5, 6, 7


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Sandbox]:
    sb = Sandbox(db=tmp_path / "small.db", orders=30).start()
    yield sb
    sb.stop()


def cli(sb: Sandbox, data: Path, *args: str, token: str | None = None) -> tuple[int, str, str]:
    r = run_cli(sb, data, *args, token=token)
    return r.returncode, r.stdout, r.stderr


def rows(listing: str) -> list[list[str]]:
    return [ln.split("\t") for ln in listing.splitlines() if "\t" in ln]


def writes(sb: Sandbox) -> list[str]:
    return [f"{r['method']} {r['path']}" for r in sb.requests_log()
            if r["method"] in ("PUT", "POST", "DELETE") and "/v1/" in r["path"]]


def pending_order(sb: Sandbox) -> tuple[dict[str, Any], int]:
    order = sb.get("/orders/search", shipping="pending", limit=1).json()["results"][0]
    ship = next(s for s in order["shippings"] if s["status"] == "pending")
    return order, int(ship["id"])


def unanswered(sb: Sandbox, n: int) -> list[int]:
    page = sb.get("/questions/search", status="unanswered", limit=50).json()
    return [q["id"] for q in page["results"]][:n]


def test_arguments_that_are_not_text_exit_2_before_anything_runs(tmp_path: Path) -> None:
    data = tmp_path / "data"
    for args in ([b"answer", b"5", b"\x9b"], [b"questions", b"--search", b"caf\xe9"],
                 [b"--profile", b"\xff\xfe", b"sync"]):
        r = subprocess.run([sys.executable.encode(), b"-m", b"sellerdesk", b"--data-dir",
                            os.fsencode(data), *args], capture_output=True,
                           env=cli_env("any-token"), timeout=60)
        err = r.stderr.decode("utf-8", "replace")
        assert r.returncode == USAGE, (args, err)
        assert "is not valid text" in err and "Nothing was run" in err, err
        assert "codec" not in err and "Traceback" not in err, err
        assert not data.exists()  # nothing touched the disk


def test_offline_writes_to_records_never_read_are_queued_and_settled(small: Sandbox,
                                                                     tmp_path: Path) -> None:
    sb, data = small, tmp_path / "data"
    order, ship_id = pending_order(sb)
    other = sb.get("/orders/search", limit=2).json()["results"][1]["id"]
    code_id = sb.get("/metrics").json()[0]["id"]
    sb.stop()
    for args in (("ship", order["id"], str(ship_id), "--status", "on_route", "--tracking",
                  "AR-77"),
                 ("invoice", other, "--number", "0001-42", "--type", "B"),
                 ("tracking", "modify", str(code_id), "--name", "Píxel nuevo"),
                 ("ship", "777777777", "1", "--status", "on_route")):
        code, out, err = cli(sb, data, *args)
        assert code == QUEUED, (args, out, err)
        assert out.startswith("queued:") and "sync first" not in err, out + err
    # What --option keeps is unknown without reading the code: refused, nothing queued.
    code, out, err = cli(sb, data, "tracking", "modify", str(code_id), "--option", "a=1")
    assert code == ERROR and "nothing was queued" in err, out + err
    code, out, _ = cli(sb, data, "outbox")
    assert code == QUEUED and len(rows(out)) == 4, out
    assert sorted(r[2] for r in rows(out)) == ["invoice", "shipping", "shipping",
                                                "tracking_modify"]

    sb.start()
    code, out, err = cli(sb, data, "outbox", "--flush")
    assert code == CONFLICT, out + err  # the order that does not exist: never "sent"
    (left,) = rows(out)
    assert left[1:4] == ["conflict", "shipping", "order:777777777"], left
    assert "The shop has no order 777777777" in left[4], left
    assert not any("777777777" in w for w in writes(sb))
    server = sb.get(f"/orders/{order['id']}").json()
    ship = next(s for s in server["shippings"] if s["id"] == ship_id)
    assert (ship["status"], ship["tracking_code"]) == ("on_route", "AR-77")
    assert sb.get(f"/orders/{other}").json()["invoice"]["number"] == "0001-42"
    assert sb.get(f"/metrics/{code_id}").json()["name"] == "Píxel nuevo"


def test_sync_with_a_failed_stage_exits_7_and_every_stage_failed_exits_1(
        small: Sandbox, tmp_path: Path) -> None:
    sb, data = small, tmp_path / "data"
    sb.set_faults(rate_limit_rate=1.0, retry_after=0, match="GET /metrics")
    code, out, err = cli(sb, data, "sync")
    assert code == PARTIAL, out + err
    assert out.startswith("synced: ")
    assert ("tracking not synced: The shop service asks us to slow down. The next sync "
            "tries it again.") in err, err
    assert "retrying shortly" not in out + err
    sb.clear_faults()
    code, out, err = cli(sb, data, "sync")
    assert code == DONE, out + err

    sb.stop()  # every stage fails: not 0, and not "queued" (nothing was saved)
    code, out, err = cli(sb, data, "sync")
    assert code == ERROR, out + err
    assert "Nothing was synced: No connection to the shop service." in err, err
    assert "sent later" not in err


def test_a_flush_that_leaves_changes_waiting_exits_7_naming_each(small: Sandbox,
                                                                 tmp_path: Path) -> None:
    sb, data = small, tmp_path / "data"
    first, second = unanswered(sb, 2)
    sb.stop()
    assert cli(sb, data, "answer", str(first), "Primera")[0] == QUEUED
    assert cli(sb, data, "answer", str(second), "Segunda")[0] == QUEUED
    sb.start()
    sb.set_faults(error_rate=1.0, match=f"/questions/{first}")  # 503 for the first only
    code, out, err = cli(sb, data, "outbox", "--flush")
    assert code == PARTIAL, out + err
    (left,) = rows(out)
    assert left[3] == f"question:{first}"
    assert f"still waiting: {left[0]} (answer for question {first})" in err, err
    assert sb.get(f"/questions/{second}").json()["answer"]["text"] == "Segunda"

    code, out, err = cli(sb, data, "sync")  # its flush leaves the first waiting too
    assert code == PARTIAL, out + err
    assert f"still waiting: {left[0]}" in err and "not synced" not in err, err
    sb.clear_faults()
    code, out, err = cli(sb, data, "outbox", "--flush")
    assert (code, out.strip()) == (DONE, "nothing waiting: every change was sent"), err
    code, out, err = cli(sb, data, "sync")
    assert code == DONE, out + err


@pytest.mark.parametrize("args", [("sync", "now"), ("questions", "--all"), ("export", "orders"),
                                  ("invoice", "1", "--number", "1")])
def test_usage_errors_of_every_family_exit_2(args: tuple[str, ...], tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "sellerdesk", "--base-url", "http://127.0.0.1:9",
                        "--shop-id", "1", "--data-dir", str(tmp_path / "data"), *args],
                       capture_output=True, text=True, env=cli_env("unused"), timeout=60)
    assert r.returncode == USAGE, r.stderr
    assert not (tmp_path / "data").exists()


def test_the_codes_each_family_can_give_that_other_tests_do_not(small: Sandbox,
                                                               tmp_path: Path) -> None:
    """4 for sync, ship and tracking; 5 from answer and ship themselves; 1 for a write the
    shop refused (kept as failed) and for an export that cannot be written."""
    sb, data = small, tmp_path / "data"
    wrong = "wrong-token-5d2e"
    order, ship_id = pending_order(sb)
    code_id = sb.get("/metrics").json()[0]["id"]
    assert cli(sb, data, "sync", token=wrong)[0] == AUTH
    assert cli(sb, data, "ship", order["id"], str(ship_id), "--status", "in_progress",
               token=wrong)[0] == AUTH
    code, out, err = cli(sb, data, "tracking", "delete", str(code_id), token=wrong)
    assert code == AUTH and out.startswith("queued, not sent"), out + err
    code, out, _ = cli(sb, data, "outbox", "--discard", rows(cli(sb, data, "outbox")[1])[0][0])
    assert code == DONE, out

    # answer: the question was answered elsewhere with another text meanwhile.
    (qid,) = unanswered(sb, 1)
    http.put(f"{sb.api}/questions/{qid}", params={"access_token": sb.token},
             json={"answer": "Otra"}, timeout=10).raise_for_status()
    code, out, err = cli(sb, data, "answer", str(qid), "Nuestra")
    assert code == CONFLICT and out.startswith("conflict"), out + err

    # ship: read here (first ship), then changed elsewhere, then shipped again from here.
    args = ("ship", order["id"], str(ship_id))
    assert cli(sb, data, *args, "--status", "in_progress")[0] == DONE
    http.put(f"{sb.api}/orders/{order['id']}/shippings/{ship_id}",
             params={"access_token": sb.token}, json={"status": "pickup"},
             timeout=10).raise_for_status()
    code, out, err = cli(sb, data, *args, "--status", "on_route")
    assert code == CONFLICT and out.startswith("conflict"), out + err

    # invoice: refused by the shop (invoiced without a number): 1, kept as failed.
    other = next(o["id"] for o in sb.get("/orders/search", limit=5).json()["results"]
                 if o["id"] != order["id"])  # not behind the conflict (in order per record)
    code, out, err = cli(sb, data, "invoice", other, "--number", " ", "--type", "A")
    assert code == ERROR and out.startswith("refused"), out + err

    code, out, err = cli(sb, data, "export", "orders", "--csv",
                         str(tmp_path / "no-such-folder" / "o.csv"))
    assert code == ERROR and "Could not write" in err, out + err


@pytest.fixture
def hostile() -> Iterator[str]:
    """A loopback server answering every GET with a 100,000-digit number in the body."""
    import http.server
    import threading

    body = (b'{"paging": {"total": ' + b"9" * 100_000 + b', "offset": 0, "limit": 50}, '
            b'"results": [], "id": ' + b"9" * 100_000 + b"}")

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_sync_of_answers_it_cannot_read_is_not_0(hostile: str, tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "sellerdesk", "--base-url", hostile, "--shop-id",
                        "1", "--data-dir", str(tmp_path / "data"), "sync"],
                       capture_output=True, text=True, env=cli_env("a-token"), timeout=180)
    assert r.returncode in (ERROR, PARTIAL), r.stdout + r.stderr
    for stage in ("shop", "categories", "tracking"):
        assert f"{stage} not synced: The shop service sent an answer SellerDesk could not " \
               "read." in r.stderr, r.stderr
