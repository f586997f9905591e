"""`match` scopes the fault switches to some requests: the others pass and spend nothing."""

from __future__ import annotations

import pytest

from sellerdesk.sandbox.faults import Faults, FaultState, check_fields, matches

CREATE = ("POST", "/v1/shops/1001/metrics")
LIST = ("GET", "/v1/shops/1001/metrics")
READ = ("GET", "/v1/shops/1001/metrics/7")


@pytest.mark.parametrize(("pattern", "hits"), [
    ("", [CREATE, LIST, READ]),
    ("POST /metrics", [CREATE]),
    ("post /metrics/", [CREATE]),
    ("POST", [CREATE]),
    ("/metrics", [CREATE, LIST]),
    ("GET /metrics/7", [READ]),
])
def test_what_a_pattern_matches(pattern: str, hits: list[tuple[str, str]]) -> None:
    assert [r for r in (CREATE, LIST, READ) if matches(pattern, *r)] == hits


def test_a_scoped_counter_waits_for_its_request() -> None:
    faults = Faults(FaultState(drop_next=1, match="POST /metrics"))
    assert faults.draw(*LIST) is None  # the settle rule's list read first: untouched
    assert faults.draw(*READ) is None
    assert faults.state.drop_next == 1
    assert faults.draw(*CREATE) == "drop"
    assert faults.draw(*CREATE) is None
    assert faults.state.drop_next == 0


def test_match_is_checked_as_a_string() -> None:
    assert check_fields({"match": "POST /metrics"}) is None
    assert check_fields({"match": 3}) == "match must be a string"
