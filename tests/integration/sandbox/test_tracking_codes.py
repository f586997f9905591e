"""Tracking codes (`metrics`): list (ACTIVE only), filters, get, create, modify, delete, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.sandbox import Sandbox

from ._helpers import (
    EVENTS,
    INT,
    OBJ,
    PROVIDERS,
    STR,
    TC_STATUSES,
    assert_tc_error,
    get_json,
    request,
    type_problems,
)

TC = {"id": INT, "shop_id": INT, "name": STR, "code": STR, "provider": PROVIDERS,
      "event": EVENTS, "status": TC_STATUSES}
NEW = {"name": "Contract pixel", "code": "<script>/*contract*/</script>",
       "options": {"account": "UA-1", "anonymize": True}, "provider": "PROVIDER_ANALYTICS",
       "event": "PAY_BUTTON", "status": "ACTIVE"}
REQUIRED = ("name", "code", "provider", "event")


def ids(codes: list[dict[str, Any]]) -> list[int]:
    return sorted(c["id"] for c in codes)


def create(sb: Sandbox, body: dict[str, Any]) -> dict[str, Any]:
    r = request(sb, "POST", "/metrics", body=body)
    assert r.status_code == 201, r.text[:300]
    created: dict[str, Any] = r.json()
    return created


# -- reads (shared sandbox) ------------------------------------------------------------------
def test_list_holds_only_active_codes_with_empty_options(
        spec_sandbox: Sandbox, active_codes: list[dict[str, Any]]) -> None:
    assert active_codes, "the demo shop should have active tracking codes"
    for code in active_codes:
        assert type_problems(code, TC, "code", nonnull=TC) == []
        assert code["status"] == "ACTIVE", code
        assert code["options"] == "", code
        assert code["shop_id"] == spec_sandbox.shop_id
    assert len(set(ids(active_codes))) == len(active_codes)


def test_single_read_has_options_object(spec_sandbox: Sandbox,
                                        active_codes: list[dict[str, Any]]) -> None:
    for listed in active_codes:
        code = get_json(spec_sandbox, f"/metrics/{listed['id']}")
        assert type_problems(code, {**TC, "options": OBJ}, "code", nonnull=[*TC, "options"]) == []
        assert {k: v for k, v in code.items() if k != "options"} == \
            {k: v for k, v in listed.items() if k != "options"}


@pytest.mark.parametrize("event", EVENTS)
def test_event_filter(spec_sandbox: Sandbox, active_codes: list[dict[str, Any]],
                      event: str) -> None:
    got = get_json(spec_sandbox, "/metrics", event=event)
    assert all(c["event"] == event for c in got), got
    assert ids(got) == ids([c for c in active_codes if c["event"] == event])


@pytest.mark.parametrize("provider", PROVIDERS)
def test_provider_filter(spec_sandbox: Sandbox, active_codes: list[dict[str, Any]],
                         provider: str) -> None:
    got = get_json(spec_sandbox, "/metrics", provider=provider)
    assert all(c["provider"] == provider for c in got), got
    assert ids(got) == ids([c for c in active_codes if c["provider"] == provider])


@pytest.mark.parametrize("event", EVENTS)
def test_event_and_provider_filters_combine(spec_sandbox: Sandbox,
                                            active_codes: list[dict[str, Any]],
                                            event: str) -> None:
    for provider in PROVIDERS:
        got = get_json(spec_sandbox, "/metrics", event=event, provider=provider)
        assert all(c["event"] == event and c["provider"] == provider for c in got), got
        expected = [c for c in active_codes if c["event"] == event and c["provider"] == provider]
        assert ids(got) == ids(expected), (event, provider)


def test_filters_have_something_to_select(active_codes: list[dict[str, Any]]) -> None:
    assert len({c["event"] for c in active_codes}) >= 2
    assert len({c["provider"] for c in active_codes}) >= 2


@pytest.mark.parametrize("params", [{"event": "BOGUS"}, {"provider": "PROVIDER_BOGUS"},
                                    {"event": "NAVIGATION", "provider": "nope"}])
def test_invalid_filter_is_400(spec_sandbox: Sandbox, params: dict[str, str]) -> None:
    assert_tc_error(request(spec_sandbox, "GET", "/metrics", params=params), 400)


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE"])
def test_missing_code_is_404(spec_sandbox: Sandbox, active_codes: list[dict[str, Any]],
                             method: str) -> None:
    missing = max(ids(active_codes)) + 100_000
    extra: dict[str, Any] = {"body": {"name": "x"}} if method == "PUT" else {}
    r = request(spec_sandbox, method, f"/metrics/{missing}", **extra)
    assert_tc_error(r, 404)


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE"])
def test_non_numeric_code_id_is_an_error_object(spec_sandbox: Sandbox, method: str) -> None:
    extra: dict[str, Any] = {"body": {"name": "x"}} if method == "PUT" else {}
    r = request(spec_sandbox, method, "/metrics/abc", **extra)
    assert r.status_code in (400, 404), r.status_code
    assert_tc_error(r, r.status_code)


# -- writes (own sandbox) --------------------------------------------------------------------
def test_create_returns_201_with_the_code(fresh_spec_sandbox: Sandbox) -> None:
    created = create(fresh_spec_sandbox, NEW)
    assert type_problems(created, {**TC, "options": OBJ}, "created", nonnull=TC) == []
    assert created["shop_id"] == fresh_spec_sandbox.shop_id
    assert {k: created[k] for k in NEW} == NEW
    assert get_json(fresh_spec_sandbox, f"/metrics/{created['id']}") == created
    listed = [c for c in get_json(fresh_spec_sandbox, "/metrics") if c["id"] == created["id"]]
    assert listed == [{**created, "options": ""}]
    filtered = get_json(fresh_spec_sandbox, "/metrics", event="PAY_BUTTON",
                        provider="PROVIDER_ANALYTICS")
    assert created["id"] in ids(filtered)


def test_create_defaults_status_active_and_options_empty(fresh_spec_sandbox: Sandbox) -> None:
    created = create(fresh_spec_sandbox, {k: NEW[k] for k in REQUIRED})
    assert created["status"] == "ACTIVE"
    assert created["options"] == {}
    assert get_json(fresh_spec_sandbox, f"/metrics/{created['id']}")["options"] == {}


def test_create_accepts_options_as_json_string(fresh_spec_sandbox: Sandbox) -> None:
    created = create(fresh_spec_sandbox, {**NEW, "options": json.dumps({"tag": "GTM-9"})})
    assert created["options"] == {"tag": "GTM-9"}
    assert get_json(fresh_spec_sandbox, f"/metrics/{created['id']}")["options"] == {"tag": "GTM-9"}


def test_inactive_code_is_not_listed_but_readable(fresh_spec_sandbox: Sandbox) -> None:
    created = create(fresh_spec_sandbox, {**NEW, "status": "INACTIVE"})
    assert created["status"] == "INACTIVE"
    assert created["id"] not in ids(get_json(fresh_spec_sandbox, "/metrics"))
    assert created["id"] not in ids(get_json(fresh_spec_sandbox, "/metrics", event=NEW["event"]))
    assert get_json(fresh_spec_sandbox, f"/metrics/{created['id']}")["status"] == "INACTIVE"


@pytest.mark.parametrize("body", [
    *[pytest.param({k: v for k, v in NEW.items() if k != key}, id=f"without-{key}")
      for key in REQUIRED],
    pytest.param({**NEW, "provider": "PROVIDER_BOGUS"}, id="bad-provider"),
    pytest.param({**NEW, "event": "LOGIN"}, id="bad-event"),
    pytest.param({**NEW, "status": "PAUSED"}, id="bad-status"),
    pytest.param({**NEW, "options": "{not json"}, id="bad-options-string"),
    pytest.param({**NEW, "options": "[1, 2]"}, id="options-string-of-array"),
    pytest.param({**NEW, "options": 5}, id="options-number"),
    pytest.param([NEW], id="array-body"),
])
def test_invalid_create_is_400_and_creates_nothing(fresh_spec_sandbox: Sandbox, body: Any) -> None:
    before = get_json(fresh_spec_sandbox, "/metrics")
    assert_tc_error(request(fresh_spec_sandbox, "POST", "/metrics", body=body), 400)
    assert get_json(fresh_spec_sandbox, "/metrics") == before


def test_malformed_create_body_is_400(fresh_spec_sandbox: Sandbox) -> None:
    r = request(fresh_spec_sandbox, "POST", "/metrics", raw=b'{"name": "x", ')
    assert_tc_error(r, 400)


@pytest.mark.parametrize("change", [
    {"name": "Renamed"}, {"code": "<img src=x>"}, {"provider": "OTHER"},
    {"event": "CONGRAT_PAGE"}, {"options": {"a": 1}}, {"name": "Both", "event": "NAVIGATION"},
], ids=lambda c: "+".join(c))
def test_modify_changes_only_the_given_fields(fresh_spec_sandbox: Sandbox,
                                              change: dict[str, Any]) -> None:
    created = create(fresh_spec_sandbox, NEW)
    r = request(fresh_spec_sandbox, "PUT", f"/metrics/{created['id']}", body=change)
    assert r.status_code == 200, r.text[:300]
    expected = {**created, **change}
    assert r.json() == expected
    assert get_json(fresh_spec_sandbox, f"/metrics/{created['id']}") == expected


def test_modify_status_moves_code_out_of_and_into_the_list(fresh_spec_sandbox: Sandbox) -> None:
    created = create(fresh_spec_sandbox, NEW)
    path = f"/metrics/{created['id']}"
    r = request(fresh_spec_sandbox, "PUT", path, body={"status": "INACTIVE"})
    assert r.status_code == 200 and r.json()["status"] == "INACTIVE", r.text[:300]
    assert created["id"] not in ids(get_json(fresh_spec_sandbox, "/metrics"))
    assert get_json(fresh_spec_sandbox, path)["status"] == "INACTIVE"
    r = request(fresh_spec_sandbox, "PUT", path, body={"status": "ACTIVE"})
    assert r.status_code == 200 and r.json()["status"] == "ACTIVE", r.text[:300]
    assert created["id"] in ids(get_json(fresh_spec_sandbox, "/metrics"))


@pytest.mark.parametrize("change", [
    pytest.param({"colour": "red"}, id="unknown-field"),
    pytest.param({"name": "ok", "shop": 5}, id="known-and-unknown"),
    pytest.param({"provider": "PROVIDER_BOGUS"}, id="bad-provider"),
    pytest.param({"event": "LOGIN"}, id="bad-event"),
    pytest.param({"status": "DELETED"}, id="bad-status"),
])
def test_invalid_modify_is_400_and_changes_nothing(fresh_spec_sandbox: Sandbox,
                                                   change: dict[str, Any]) -> None:
    created = create(fresh_spec_sandbox, NEW)
    path = f"/metrics/{created['id']}"
    assert_tc_error(request(fresh_spec_sandbox, "PUT", path, body=change), 400)
    assert get_json(fresh_spec_sandbox, path) == created


def test_malformed_modify_body_is_400(fresh_spec_sandbox: Sandbox,
                                      active_codes: list[dict[str, Any]]) -> None:
    code_id = active_codes[0]["id"]
    r = request(fresh_spec_sandbox, "PUT", f"/metrics/{code_id}", raw=b"{name: 'x'}")
    assert_tc_error(r, 400)


def test_delete_removes_the_code(fresh_spec_sandbox: Sandbox) -> None:
    created = create(fresh_spec_sandbox, NEW)
    path = f"/metrics/{created['id']}"
    r = request(fresh_spec_sandbox, "DELETE", path)
    assert r.status_code == 204 and r.content == b"", (r.status_code, r.content[:100])
    assert_tc_error(request(fresh_spec_sandbox, "GET", path), 404)
    assert_tc_error(request(fresh_spec_sandbox, "PUT", path, body={"name": "again"}), 404)
    assert_tc_error(request(fresh_spec_sandbox, "DELETE", path), 404)
    assert created["id"] not in ids(get_json(fresh_spec_sandbox, "/metrics"))


def test_delete_of_a_seeded_code(fresh_spec_sandbox: Sandbox,
                                 active_codes: list[dict[str, Any]]) -> None:
    victim = active_codes[-1]["id"]
    r = request(fresh_spec_sandbox, "DELETE", f"/metrics/{victim}")
    assert r.status_code == 204, r.text[:200]
    assert ids(get_json(fresh_spec_sandbox,
                        "/metrics")) == [i for i in ids(active_codes) if i != victim]
