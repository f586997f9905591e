"""Tracking codes from the command line: list, create (the new id when sent), modify, delete,
over the same service and outbox as the window, with the same exit codes."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.cli import run_cli
from tests.support.sandbox import Sandbox


def _ids(listing: str) -> set[int]:
    return {int(line.split("\t", 1)[0]) for line in listing.splitlines() if "\t" in line}


def test_tracking_codes_round_trip(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    assert run_cli(sb, data, "sync").returncode == 0
    before = run_cli(sb, data, "tracking", "list")
    assert before.returncode == 0 and _ids(before.stdout)

    r = run_cli(sb, data, "tracking", "create", "Píxel", "<script>px()</script>",
                "--provider", "ads", "--event", "BUY_BUTTON", "--status", "INACTIVE",
                "--option", "id=AW-1", "--option", "label=a=b")
    assert r.returncode == 0, r.stdout + r.stderr
    m = re.fullmatch(r"sent: tracking code (\d+)", r.stdout.strip())
    assert m, r.stdout
    code_id = int(m.group(1))
    server = sb.get(f"/metrics/{code_id}").json()
    assert (server["name"], server["status"], server["provider"], server["event"]) == (
        "Píxel", "INACTIVE", "PROVIDER_ADS", "BUY_BUTTON")
    assert server["options"] == {"id": "AW-1", "label": "a=b"}

    assert code_id not in _ids(run_cli(sb, data, "tracking", "list").stdout)  # INACTIVE
    assert code_id in _ids(run_cli(sb, data, "tracking", "list", "--all").stdout)

    r = run_cli(sb, data, "tracking", "modify", str(code_id), "--status", "active",
                "--name", "Píxel 2", "--option", "label=c")
    assert (r.returncode, r.stdout.strip()) == (0, "sent"), r.stdout + r.stderr
    server = sb.get(f"/metrics/{code_id}").json()
    assert (server["name"], server["status"]) == ("Píxel 2", "ACTIVE")
    assert server["options"] == {"id": "AW-1", "label": "c"}  # one option set, others kept

    r = run_cli(sb, data, "tracking", "delete", str(code_id))
    assert (r.returncode, r.stdout.strip()) == (0, "sent"), r.stdout + r.stderr
    assert sb.get(f"/metrics/{code_id}").status_code == 404
    assert code_id not in _ids(run_cli(sb, data, "tracking", "list", "--all").stdout)


def test_an_offline_create_is_queued_then_sent_once(fresh_sandbox: Sandbox,
                                                    tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    sb.stop()
    r = run_cli(sb, data, "tracking", "create", "Encuesta", "<div>e</div>", "--provider",
                "PROVIDER_SURVEY", "--event", "CONGRAT_PAGE")
    assert r.returncode == 3 and r.stdout.startswith("queued"), r.stdout + r.stderr
    r = run_cli(sb, data, "outbox")
    assert r.returncode == 3 and "tracking_create" in r.stdout
    sb.start()
    r = run_cli(sb, data, "outbox", "--flush")
    assert r.returncode == 0, r.stdout + r.stderr
    created = [c for c in sb.get("/metrics").json() if c["name"] == "Encuesta"]
    assert len(created) == 1 and created[0]["code"] == "<div>e</div>"
