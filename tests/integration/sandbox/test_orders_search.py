"""Order search: every filter value, combinations, orderings, facets and summary facets."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import (
    CHANNEL_SHORT,
    ORDER_FILTER_VALUES,
    SUMMARY_FACETS,
    applied,
    assert_marketplace_error,
    envelope_problems,
    facets,
    fold,
    get_json,
    order_matches,
    order_matches_all,
    ordering_ids,
    parse_date,
    request,
    sorted_by,
    total,
    walk,
)

SEARCH = "/orders/search"
ORDERINGS = ("creation_date_asc", "creation_date_desc", "client_id_asc", "client_id_desc",
             "name_asc", "name_desc", "total_last_updated_asc", "total_last_updated_desc")
Order = dict[str, Any]
FILTER_CASES = [(k, v) for k, values in ORDER_FILTER_VALUES.items() for v in values]


def label(params: dict[str, str]) -> str:
    return "&".join(f"{k}={v}" for k, v in params.items()) or "none"


def check_search(sb: Sandbox, params: dict[str, str], all_orders: list[Order]) -> list[Order]:
    """Total equals the matching demo orders, and every returned order matches.

    Small results are walked whole; large ones are checked on their first and last page.
    """
    expected = sorted(o["id"] for o in all_orders if order_matches_all(o, params))
    first = get_json(sb, SEARCH, **params)
    n = first["paging"]["total"]
    assert n == len(expected), (params, n, len(expected))
    if n <= 400:
        got = walk(sb, SEARCH, params)[0]
        assert sorted(o["id"] for o in got) == expected, params
    else:
        last = get_json(sb, SEARCH, **params, offset=n - 20)["results"]
        got = first["results"] + last
        assert len(got) == 70
        assert {o["id"] for o in got} <= set(expected), params
    wrong = [o["id"] for o in got if not order_matches_all(o, params)]
    assert wrong == [], params
    return got


def test_search_envelope(spec_sandbox: Sandbox) -> None:
    env = get_json(spec_sandbox, SEARCH)
    assert envelope_problems(env, spec_sandbox) == []
    assert env["paging"]["total"] == 2000
    assert set(ORDERINGS) <= ordering_ids(env)
    found = facets(env)
    assert set(ORDER_FILTER_VALUES) | set(SUMMARY_FACETS) <= set(found)
    for key, values in ORDER_FILTER_VALUES.items():
        short = {v for v in values if not v.endswith("_long")}
        assert set(found[key]) <= short, (key, found[key])
    for key in SUMMARY_FACETS:
        facet = next(f for f in env["available_filters"] if f["id"] == key)
        assert len(facet["values"]) == 1, facet


@pytest.mark.parametrize(("key", "value"), FILTER_CASES, ids=[f"{k}={v}" for k, v in FILTER_CASES])
def test_filter_value(spec_sandbox: Sandbox, all_orders: list[Order], key: str, value: str) -> None:
    got = check_search(spec_sandbox, {key: value}, all_orders)
    assert got or key in ("shipping", "status"), f"no demo order has {key}={value}"
    env = get_json(spec_sandbox, SEARCH, **{key: value}, limit=1)
    echoed = applied(env).get(key)
    assert echoed in ({value}, {CHANNEL_SHORT.get(value, value)}), env["filters"]


@pytest.mark.parametrize("params", [
    {"paid": "true", "delivered": "false"},
    {"channel": "marketplace_long", "closed": "false", "feedback": "false"},
    {"shipping": "print_tag", "paid": "true"},
    {"status": "new", "buyer_feedback": "true", "seller_feedback": "false"},
    {"processed": "true", "shipping": "on_route", "channel": "shopfront"},
], ids=label)
def test_filters_combine(spec_sandbox: Sandbox, all_orders: list[Order], params: dict[str,
                                                                                      str]) -> None:
    check_search(spec_sandbox, params, all_orders)


def _sample(sb: Sandbox, params: dict[str, str]) -> tuple[int, list[str]]:
    """Total plus the ids of the first two pages and the last page."""
    n = get_json(sb, SEARCH, limit=1, **params)["paging"]["total"]
    ids = []
    for offset in (0, 50, max(0, n - 50)):
        ids += [o["id"] for o in get_json(sb, SEARCH, offset=offset, **params)["results"]]
    return n, ids


@pytest.mark.parametrize("short", ["shopfront", "marketplace"])
def test_both_channel_spellings_select_the_same_orders(spec_sandbox: Sandbox, short: str) -> None:
    a = _sample(spec_sandbox, {"channel": short, "orders": "creation_date_asc"})
    b = _sample(spec_sandbox, {"channel": f"{short}_long", "orders": "creation_date_asc"})
    assert a == b and a[0] > 0


def _key(ordering: str, o: Order) -> Any:
    if ordering.startswith("creation_date"):
        return parse_date(o["creation_date"])
    if ordering.startswith("client_id"):
        return o["buyer"]["client_id"]
    return o["buyer"]["name"]


@pytest.mark.parametrize("ordering", ORDERINGS[:6])
def test_ordering(spec_sandbox: Sandbox, all_orders: list[Order], ordering: str) -> None:
    desc = ordering.endswith("desc")
    got = walk(spec_sandbox, SEARCH, {"orders": ordering})[0]
    assert sorted(o["id"] for o in got) == sorted(o["id"] for o in all_orders)
    keys = [_key(ordering, o) for o in got]
    if ordering.startswith("name"):
        assert any(sorted_by([f(k) for k in keys], desc) for f in (str, str.casefold, fold)), \
            keys[:20]
    else:
        assert sorted_by(keys, desc), keys[:20]
    env = get_json(spec_sandbox, SEARCH, orders=ordering, limit=1)
    assert ordering in ordering_ids(env, "orders")


def test_ordering_applies_within_filters(spec_sandbox: Sandbox) -> None:
    got = walk(spec_sandbox, SEARCH, {"orders": "creation_date_asc", "paid": "true"})[0]
    assert got and all(o["status"]["paid"] for o in got)
    assert sorted_by([parse_date(o["creation_date"]) for o in got])


def test_last_updated_descending_has_two_spellings(spec_sandbox: Sandbox) -> None:
    desc = _sample(spec_sandbox, {"orders": "total_last_updated_desc"})
    sasc = _sample(spec_sandbox, {"orders": "total_last_updated_sasc"})
    asc = _sample(spec_sandbox, {"orders": "total_last_updated_asc"})
    assert desc == sasc
    assert asc[0] == desc[0] == 2000
    assert asc[1][:50] != desc[1][:50]


# -- facets ----------------------------------------------------------------------------------
BASES = [{}, {"channel": "marketplace"}, {"paid": "true", "delivered": "false"},
         {"shipping": "pending", "closed": "false"}]


@pytest.mark.parametrize("base", BASES, ids=label)
def test_facet_counts_are_drill_down_totals(spec_sandbox: Sandbox, all_orders: list[Order],
                                            base: dict[str, str]) -> None:
    env = get_json(spec_sandbox, SEARCH, **base)
    found = {**facets(env, "filters"), **facets(env)}
    assert set(ORDER_FILTER_VALUES) <= set(found)
    for key in ORDER_FILTER_VALUES:
        rest = {k: v for k, v in base.items() if k != key}
        assert found[key], f"facet {key} lists no values"
        for value, count in found[key].items():
            query = {**rest, key: value}
            assert count == total(spec_sandbox, SEARCH, **query), (key, value, base)
            assert count == sum(order_matches_all(o, query) for o in all_orders), query
        if key in ("processed", "paid", "delivered", "closed", "buyer_feedback",
                   "seller_feedback", "channel"):
            assert sum(found[key].values()) == total(spec_sandbox, SEARCH, **rest), (key, base)


@pytest.mark.parametrize("base", [{}, {"channel": "marketplace"}, {"buyer_feedback": "true"},
                                  {"shipping": "pending"}], ids=label)
def test_summary_facets_equal_their_filter_combinations(spec_sandbox: Sandbox,
                                                        all_orders: list[Order],
                                                        base: dict[str, str]) -> None:
    env = get_json(spec_sandbox, SEARCH, **base)
    by_id = {f["id"]: f for f in env["available_filters"]}
    for key, combo in SUMMARY_FACETS.items():
        assert len(by_id[key]["values"]) == 1, by_id[key]
        count = by_id[key]["values"][0]["results"]
        query = {**base, **combo}
        assert count == total(spec_sandbox, SEARCH, **query), (key, base)
        assert count == sum(order_matches_all(o, query) for o in all_orders), (key, base)


def test_summary_facets_are_not_trivial(all_orders: list[Order]) -> None:
    for key, combo in SUMMARY_FACETS.items():
        n = sum(order_matches_all(o, combo) for o in all_orders)
        assert 0 < n < len(all_orders), key


def test_feedback_filter_differs_from_each_side(all_orders: list[Order]) -> None:
    """The demo data must tell `feedback` apart from `buyer_feedback`/`seller_feedback`."""
    mixed = [o for o in all_orders if order_matches(o, "buyer_feedback", "true")
             and order_matches(o, "seller_feedback", "false")]
    assert mixed


# -- errors ----------------------------------------------------------------------------------
INVALID = [{"status": "paid"}, {"processed": "yes"}, {"paid": "1x"}, {"delivered": "maybe"},
           {"closed": "open"}, {"channel": "ebay"}, {"buyer_feedback": "done"},
           {"seller_feedback": "none"}, {"feedback": "both"}, {"shipping": "teleport"}]


@pytest.mark.parametrize("params", INVALID, ids=label)
def test_invalid_filter_value_is_400(spec_sandbox: Sandbox, params: dict[str, str]) -> None:
    assert_marketplace_error(request(spec_sandbox, "GET", SEARCH, params=params), 400)


def test_order_search_has_no_word_query(spec_sandbox: Sandbox) -> None:
    env = get_json(spec_sandbox, SEARCH)
    assert env["query"] is None
