"""The command line against the sandbox, as a real subprocess: output and exit codes."""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path

from tests.support import http
from tests.support.cli import run_cli
from tests.support.sandbox import Sandbox


def cli(sb: Sandbox, data: Path, *args: str, token: str | None = None
        ) -> subprocess.CompletedProcess[str]:
    return run_cli(sb, data, *args, token=token)


def _unanswered(sb: Sandbox) -> list[int]:
    page = sb.get("/questions/search", status="unanswered", limit=50).json()
    return [q["id"] for q in page["results"]]


def _orders_total(sb: Sandbox) -> int:
    total: int = sb.get("/orders/search", limit=1).json()["paging"]["total"]
    return total


def test_usage_errors_exit_2(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    r = cli(fresh_sandbox, tmp_path, "ship", "123")  # --status missing
    assert r.returncode == 2
    assert "--status" in r.stderr


def test_offline_session_on_the_command_line(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    r = cli(sb, data, "sync")
    assert r.returncode == 0, r.stderr
    # Every order but those made for the client not to read (field variety), which it names.
    unreadable = sorted(sb.unreadable("orders"))
    assert f"synced: {_orders_total(sb) - len(unreadable)} orders" in r.stdout
    assert f"1 order could not be read (id {unreadable[0]})" in r.stdout

    r = cli(sb, data, "questions", "--unanswered")
    assert r.returncode == 0
    lines = [ln for ln in r.stdout.splitlines() if ln.strip()]
    assert lines and all("\tunanswered\t" in ln for ln in lines)

    first, second = _unanswered(sb)[:2]
    r = cli(sb, data, "answer", str(first), "¡Hola! Sí, hay stock.")
    assert (r.returncode, r.stdout.strip()) == (0, "sent")

    sb.stop()
    r = cli(sb, data, "answer", str(second), "Enviamos mañana.")
    assert r.returncode == 3, r.stdout + r.stderr
    assert r.stdout.startswith("queued")
    r = cli(sb, data, "questions", "--search", "hola")  # offline search over the cache
    assert r.returncode == 0
    r = cli(sb, data, "outbox")
    assert r.returncode == 3 and "answer" in r.stdout and "question:" in r.stdout

    sb.start()
    r = cli(sb, data, "outbox", "--flush")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "nothing waiting" in r.stdout
    assert sb.get(f"/questions/{second}").json()["answer"]["text"] == "Enviamos mañana."
    assert sb.get(f"/questions/{first}").json()["answer"]["text"] == "¡Hola! Sí, hay stock."


def test_conflict_exits_5_and_auth_exits_4(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    qid = _unanswered(sb)[0]
    sb.stop()
    assert cli(sb, data, "answer", str(qid), "Nuestra versión").returncode == 3
    sb.start()
    http.put(f"{sb.api}/questions/{qid}", params={"access_token": sb.token},
              json={"answer": "Otra versión"}, timeout=10).raise_for_status()
    r = cli(sb, data, "outbox", "--flush")
    assert r.returncode == 5 and "conflict" in r.stdout

    r = cli(sb, data, "delete-question", str(_unanswered(sb)[0]), token="not-the-token")
    assert r.returncode == 4, r.stdout + r.stderr
    assert "not-the-token" not in r.stdout + r.stderr


def test_ship_invoice_and_export(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    order = sb.get("/orders/search", shipping="pending", limit=1).json()["results"][0]
    ship = next(s for s in order["shippings"] if s["status"] == "pending")
    r = cli(sb, data, "ship", order["id"], str(ship["id"]), "--status", "on_route",
            "--tracking", "AR-555")
    assert r.returncode == 0, r.stdout + r.stderr
    r = cli(sb, data, "invoice", order["id"], "--number", "0001-00001234", "--type", "B")
    assert r.returncode == 0, r.stdout + r.stderr
    server = sb.get(f"/orders/{order['id']}").json()
    assert server["invoice"]["number"] == "0001-00001234" and server["invoice"]["invoiced"]
    assert next(s for s in server["shippings"] if s["id"] == ship["id"])["tracking_code"] == (
        "AR-555")

    assert cli(sb, data, "sync").returncode == 0
    out = tmp_path / "orders.csv"
    r = cli(sb, data, "export", "orders", "--csv", str(out))
    assert r.returncode == 0, r.stderr
    with out.open(encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == _orders_total(sb) - len(sb.unreadable("orders"))
    row = next(r for r in rows if r["id"] == order["id"])
    assert "AR-555" in row["tracking_codes"] and row["invoice_number"] == "0001-00001234"
