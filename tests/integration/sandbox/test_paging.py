"""Paging on the three searches: limit/offset walks, the 50 ceiling, short pages, 400s."""

from __future__ import annotations

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import MAX_LIMIT, assert_marketplace_error, get_json, request, walk

SEARCHES = {"questions": "/questions/search", "threads": "/questions/threads/search",
            "orders": "/orders/search"}
PATHS = pytest.mark.parametrize("path", list(SEARCHES.values()), ids=list(SEARCHES))


def _odd_limit(n: int) -> int:
    """A limit below 50 that does not divide the total, so the last page is short."""
    return next(k for k in range(MAX_LIMIT - 1, 1, -1) if n % k)


@PATHS
def test_default_limit_is_50_and_offset_0(spec_sandbox: Sandbox, path: str) -> None:
    env = get_json(spec_sandbox, path)
    assert env["paging"]["limit"] == 50 and env["paging"]["offset"] == 0
    assert len(env["results"]) == min(50, env["paging"]["total"])
    assert env["paging"]["total"] > 50, "the demo data should need several pages"


@PATHS
@pytest.mark.parametrize("limit", [51, 100, 1000])
def test_limit_above_50_is_clamped_and_echoed(spec_sandbox: Sandbox, path: str, limit: int) -> None:
    env = get_json(spec_sandbox, path, limit=limit)
    assert env["paging"]["limit"] == 50
    assert len(env["results"]) == 50


@PATHS
@pytest.mark.parametrize("limit", [1, 7, 50])
def test_limit_is_applied_and_echoed(spec_sandbox: Sandbox, path: str, limit: int) -> None:
    env = get_json(spec_sandbox, path, limit=limit, offset=3)
    assert env["paging"]["limit"] == limit and env["paging"]["offset"] == 3
    assert len(env["results"]) == limit


@PATHS
def test_walk_returns_every_record_once_with_a_short_last_page(spec_sandbox: Sandbox,
                                                                path: str) -> None:
    n = get_json(spec_sandbox, path, limit=1)["paging"]["total"]
    limit = _odd_limit(n)
    records, envs = walk(spec_sandbox, path, limit=limit)
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids)) == n
    assert {e["paging"]["total"] for e in envs} == {n}
    assert [e["paging"]["offset"] for e in envs] == [i * limit for i in range(len(envs))]
    assert len(envs[-1]["results"]) == n % limit
    assert all(len(e["results"]) == limit for e in envs[:-1])


@PATHS
def test_pages_of_different_sizes_agree(spec_sandbox: Sandbox, path: str) -> None:
    params = {"orders": "creation_date_asc"} if "orders" in path else {}
    big = [r["id"] for r in get_json(spec_sandbox, path, limit=50, offset=10, **params)["results"]]
    small = []
    for offset in range(10, 60, 10):
        small += [r["id"] for r in get_json(spec_sandbox, path, limit=10, offset=offset,
                                            **params)["results"]]
    assert small == big


@PATHS
def test_filtered_walk_returns_every_match_once(spec_sandbox: Sandbox, path: str) -> None:
    params = {"paid": "true"} if "orders" in path else {"status": "answered"}
    n = get_json(spec_sandbox, path, limit=1, **params)["paging"]["total"]
    records, _ = walk(spec_sandbox, path, params, limit=_odd_limit(n))
    assert len({r["id"] for r in records}) == len(records) == n


@PATHS
def test_offset_past_the_end_is_an_empty_page(spec_sandbox: Sandbox, path: str) -> None:
    n = get_json(spec_sandbox, path, limit=1)["paging"]["total"]
    for offset in (n, n + 1, n + 500):
        env = get_json(spec_sandbox, path, offset=offset)
        assert env["results"] == [] and env["paging"]["total"] == n
        assert env["paging"]["offset"] == offset
    last = get_json(spec_sandbox, path, offset=n - 1)
    assert len(last["results"]) == 1


@PATHS
@pytest.mark.parametrize("params", [{"limit": -1}, {"limit": "ten"}, {"offset": -5},
                                    {"offset": "x"}, {"limit": "1.5"}],
                         ids=lambda p: "&".join(f"{k}={v}" for k, v in p.items()))
def test_invalid_limit_or_offset_is_400(spec_sandbox: Sandbox, path: str,
                                        params: dict[str, object]) -> None:
    assert_marketplace_error(request(spec_sandbox, "GET", path, params=params), 400)
