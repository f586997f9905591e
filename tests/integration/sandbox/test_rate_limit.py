"""The rate limit over loopback: a token bucket per caller, counted on a frozen clock.

One field sandbox for the module; each test starts from its start limits, rested buckets
and a running clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import http
from tests.support.sandbox import Sandbox
from tests.support.sandbox_copies import FIELD, start_copy

from ._helpers import (
    DEFAULT,
    TIMEOUT,
    assert_marketplace_error,
    bearer,
    control,
    freeze,
    request,
)


def statuses(sb: Sandbox, count: int, path: str = "", token: Any = DEFAULT) -> list[int]:
    return [request(sb, "GET", path, token=token).status_code for _ in range(count)]


@pytest.fixture(scope="module")
def limited(seeded_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    sb = start_copy(seeded_db, tmp_path_factory.mktemp("limited"), FIELD)
    yield sb
    sb.stop()


@pytest.fixture
def field_sandbox(limited: Sandbox) -> Sandbox:
    control(limited, "PUT", "clock", {"frozen": False})
    control(limited, "DELETE", "limits")
    return limited


def test_fifteen_quick_requests_give_exactly_five_429s(field_sandbox: Sandbox) -> None:
    sb = field_sandbox
    freeze(sb)
    answers = [request(sb, "GET", "/orders/search", params={"limit": 1}) for _ in range(15)]
    assert [r.status_code for r in answers] == [200] * 10 + [429] * 5
    for r in answers[10:]:
        body = assert_marketplace_error(r, 429)
        assert body["error"] == "too_many_requests"
    # Every 4th 429 of the limiter comes without Retry-After; the others say 1 s.
    assert [r.headers.get("Retry-After") for r in answers[10:]] == ["1", "1", "1", None, "1"]


def test_time_refills_the_bucket(field_sandbox: Sandbox) -> None:
    sb = field_sandbox
    freeze(sb)
    assert statuses(sb, 11).count(429) == 1
    control(sb, "PUT", "clock", {"advance": 1.0})  # 5 requests' worth at 5/s
    assert statuses(sb, 6) == [200] * 5 + [429]


def test_categories_are_limited_too_and_callers_apart(field_sandbox: Sandbox) -> None:
    sb = field_sandbox
    freeze(sb)
    assert statuses(sb, 12, "/categories", token=None).count(429) == 2  # by address
    assert statuses(sb, 11, "/categories").count(429) == 1  # by the token
    other = control(sb, "POST", "tokens")["access_token"]
    headers = [bearer(sb, "GET", "/categories", other).status_code for _ in range(11)]
    assert headers.count(429) == 1  # another token, another bucket


def test_header_and_parameter_spend_the_same_bucket(field_sandbox: Sandbox) -> None:
    sb = field_sandbox
    freeze(sb)
    mixed = [bearer(sb, "GET", "", sb.token).status_code for _ in range(5)]
    mixed += statuses(sb, 6)
    assert mixed == [200] * 10 + [429]


def test_sandbox_controls_are_never_limited(field_sandbox: Sandbox) -> None:
    sb = field_sandbox
    freeze(sb)
    statuses(sb, 12)
    for _ in range(20):
        r = http.get(f"{sb.base_url}/_sandbox/limits", params={"access_token": sb.token},
                      timeout=TIMEOUT)
        assert r.status_code == 200
    assert http.get(f"{sb.base_url}/openapi.json", timeout=TIMEOUT).status_code == 200


def test_limits_switch_at_run_time(field_sandbox: Sandbox) -> None:
    sb = field_sandbox
    freeze(sb)
    assert control(sb, "GET", "limits") == {"rate_limit": 5.0, "rate_burst": 10,
                                            "retry_after_omit_every": 4, "token_ttl": 21600}
    control(sb, "PUT", "limits", {"rate_burst": 3, "retry_after_omit_every": 0})
    answers = [request(sb, "GET", "") for _ in range(8)]
    assert [r.status_code for r in answers].count(429) == 5
    assert all(r.headers.get("Retry-After") == "1" for r in answers if r.status_code == 429)
    control(sb, "PUT", "limits", {"rate_limit": 0})
    assert statuses(sb, 30).count(429) == 0
    assert control(sb, "DELETE", "limits")["rate_limit"] == 5.0
    assert statuses(sb, 11).count(429) == 1


@pytest.mark.parametrize("body", [{"rate_limit": -1}, {"burst": 3}, {"rate_burst": 0}, [1]])
def test_bad_limits_are_refused(field_sandbox: Sandbox, body: object) -> None:
    r = http.put(f"{field_sandbox.base_url}/_sandbox/limits",
                  params={"access_token": field_sandbox.token}, json=body, timeout=TIMEOUT)
    assert r.status_code == 400 and "error" in r.json()


def test_the_gentle_sandbox_has_no_limit(spec_sandbox: Sandbox) -> None:
    assert control(spec_sandbox, "GET", "limits")["rate_limit"] == 0
    assert statuses(spec_sandbox, 25, "/categories").count(429) == 0
