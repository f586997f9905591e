"""The request log: what each request did (status, fault, applied write, id created), kept
across restarts so crash trials can count "sent twice"."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.support import http
from tests.support.sandbox import Sandbox

from ._helpers import TIMEOUT, control, freeze, request

TC = {"name": "Logged pixel", "code": "<script>/*l*/</script>", "provider": "OTHER",
      "event": "NAVIGATION"}
FIELDS = {"id", "time", "method", "path", "status", "fault", "limited", "applied",
          "created_id"}


def log(sb: Sandbox, **params: Any) -> list[dict[str, Any]]:
    r = http.get(f"{sb.base_url}/_sandbox/requests",
                  params={"access_token": sb.token, **params}, timeout=TIMEOUT)
    assert r.status_code == 200, r.text
    entries: list[dict[str, Any]] = r.json()
    return entries


def last(sb: Sandbox) -> dict[str, Any]:
    return log(sb, limit=1)[0]


def test_each_entry_says_what_the_request_did(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    request(sb, "GET", "/metrics")
    entry = last(sb)
    assert set(entry) == FIELDS
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", entry["time"])
    assert (entry["method"], entry["status"], entry["fault"], entry["applied"]) == (
        "GET", 200, None, False)
    created = request(sb, "POST", "/metrics", body=TC).json()
    entry = last(sb)
    assert (entry["status"], entry["applied"], entry["created_id"]) == (201, True,
                                                                       created["id"])
    request(sb, "POST", "/metrics", body={"name": ""})
    assert (last(sb)["status"], last(sb)["applied"]) == (400, False)
    request(sb, "DELETE", f"/metrics/{created['id']}")
    assert (last(sb)["status"], last(sb)["applied"], last(sb)["created_id"]) == (204, True,
                                                                                None)
    assert sb.token not in str(log(sb)) and "access_token" not in str(log(sb))


@pytest.mark.parametrize(("fault", "kind"), [("error_next", "error"),
                                             ("rate_limit_next", "rate_limit"),
                                             ("drop_next", "drop"),
                                             ("malformed_next", "malformed")])
def test_injected_faults_and_whether_the_write_went_through(fresh_spec_sandbox: Sandbox,
                                                            fault: str, kind: str) -> None:
    sb = fresh_spec_sandbox
    sb.set_faults(**{fault: 1})
    try:
        request(sb, "POST", "/metrics", body=TC)
    except httpx.HTTPError:
        pass  # the dropped answer
    entry = last(sb)
    assert entry["fault"] == kind and entry["limited"] is False
    # Errors and 429s answer before the endpoint runs; drops and garbles after it did.
    assert entry["applied"] is (kind in ("drop", "malformed"))
    assert (entry["created_id"] is not None) is entry["applied"]


def test_the_limiters_429s_are_marked(field_sandbox: Sandbox) -> None:
    sb = field_sandbox
    freeze(sb)
    for _ in range(11):
        request(sb, "GET", "")
    entries = log(sb)
    assert [e["status"] for e in entries] == [200] * 10 + [429]
    assert entries[-1]["fault"] == "rate_limit" and entries[-1]["limited"] is True


def test_oauth_is_logged_and_the_controls_are_not(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    control(sb, "GET", "limits")
    http.post(f"{sb.base_url}/oauth/token", data={"grant_type": "refresh_token"},
               timeout=TIMEOUT)
    paths = [e["path"] for e in log(sb)]
    assert paths == ["/oauth/token"]


def test_since_limit_and_writes(fresh_spec_sandbox: Sandbox) -> None:
    sb = fresh_spec_sandbox
    for _ in range(3):
        request(sb, "GET", "")
    request(sb, "POST", "/metrics", body=TC)
    request(sb, "GET", "/metrics")
    every = log(sb)
    assert [e["method"] for e in every] == ["GET", "GET", "GET", "POST", "GET"]
    assert [e["id"] for e in every] == sorted(e["id"] for e in every)
    assert log(sb, since=every[2]["id"]) == every[3:]
    assert log(sb, limit=2) == every[-2:]
    assert [e["method"] for e in log(sb, writes=1)] == ["POST"]
    bad = http.get(f"{sb.base_url}/_sandbox/requests",
                    params={"access_token": sb.token, "since": "-1"}, timeout=TIMEOUT)
    assert bad.status_code == 400


@pytest.mark.parametrize("kill", [False, True], ids=["stop", "kill-9"])
def test_the_log_survives_a_restart(fresh_spec_sandbox: Sandbox, kill: bool) -> None:
    sb = fresh_spec_sandbox
    created = request(sb, "POST", "/metrics", body=TC).json()["id"]
    request(sb, "GET", "/metrics")
    before = log(sb)
    sb.stop(kill=kill)
    sb.start()
    after = log(sb)
    assert after == before
    assert [e["created_id"] for e in after if e["applied"]] == [created]
    request(sb, "GET", "")
    assert log(sb)[-1]["id"] > before[-1]["id"]  # ids go on rising
    sb.requests_log()  # the shared helper reads the same log
    highest = log(sb)[-1]["id"]
    http.delete(f"{sb.base_url}/_sandbox/requests", params={"access_token": sb.token},
                 timeout=TIMEOUT).raise_for_status()
    assert log(sb) == []
    sb.restart()
    request(sb, "GET", "")
    assert [e["id"] for e in log(sb)] == [highest + 1]  # never back, even after a clear
