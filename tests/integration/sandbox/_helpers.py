"""Helpers for the sandbox contract suite: loopback HTTP, spec value sets, type checks, paging.

Everything here is an independent reading of the spec and docs/decisions.md; nothing is
imported from `sellerdesk.sandbox`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from decimal import Decimal
from itertools import pairwise
from typing import Any

import httpx

from tests.support import http
from tests.support.sandbox import Sandbox

TIMEOUT = 30.0
MAX_LIMIT = 50  # decisions.md: default and ceiling of `limit` on every search

# -- value sets of the spec ------------------------------------------------------------------
CHANNEL_SHORT = {
    "shopfront": "shopfront", "shopfront_long": "shopfront",
    "marketplace": "marketplace", "marketplace_long": "marketplace",
}
SHORT_CHANNELS = ("shopfront", "marketplace")
CHANNEL_VALUES = tuple(CHANNEL_SHORT)
CURRENCIES = ("ARS", "BRL", "VEF", "CLP", "MXN", "COP", "UYU")
PROVIDERS = ("PROVIDER_ANALYTICS", "PROVIDER_ADS", "PROVIDER_CLICKS", "PROVIDER_SURVEY",
             "PROVIDER_STAMP", "PROVIDER_SOCIAL_AD", "OTHER")
EVENTS = ("NAVIGATION", "BUY_BUTTON", "CONTACT_BUTTON", "PAY_BUTTON", "CONGRAT_PAGE")
TC_STATUSES = ("ACTIVE", "INACTIVE")
QUESTION_STATUSES = ("unanswered", "answered", "closed_unanswered")
THREAD_STATUSES = ("unanswered", "answered")
QUESTION_TYPES = ("shop", "item")
SHIPPING_STATUSES = ("pickup", "pending", "in_progress", "on_route", "delivered")
SHIP_TYPES = ("not specified", "custom", "carrier_mode_1", "carrier_mode_2")
PAYMENT_STATUSES = ("pending", "approved", "in_process", "rejected", "cancelled", "refunded",
                    "charged_back")
CONTACT_STATUSES = ("new", "first_contact", "confirmed_data")

# -- field kinds -----------------------------------------------------------------------------
NUM, INT, STR, BOOL, DATE, OBJ, ARR = "num", "int", "str", "bool", "date", "obj", "arr"
ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:Z|[+-]\d{2}:\d{2})$")


def parse_date(text: str) -> datetime:
    """An ISO 8601 timestamp of the wire as an aware datetime."""
    value = datetime.fromisoformat(text.replace("Z", "+00:00"))
    assert value.tzinfo is not None, text
    return value


def is_kind(value: Any, kind: Any) -> bool:
    if isinstance(kind, tuple):
        return value in kind
    if kind == NUM:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == STR:
        return isinstance(value, str)
    if kind == BOOL:
        return isinstance(value, bool)
    if kind == OBJ:
        return isinstance(value, dict)
    if kind == ARR:
        return isinstance(value, list)
    if kind == DATE:
        if not (isinstance(value, str) and ISO.match(value)):
            return False
        try:
            parse_date(value)
        except ValueError:
            return False
        return True
    raise AssertionError(f"unknown kind {kind!r}")


def type_problems(obj: Any, schema: Mapping[str, Any], where: str, *,
                  nonnull: Iterable[str] = ()) -> list[str]:
    """Every key of `schema` is present with a value of its kind (or null unless in `nonnull`)."""
    if not isinstance(obj, dict):
        return [f"{where}: not an object: {obj!r:.80}"]
    must = set(nonnull)
    out = []
    for key, kind in schema.items():
        if key not in obj:
            out.append(f"{where}.{key}: missing")
            continue
        value = obj[key]
        if value is None:
            if key in must:
                out.append(f"{where}.{key}: null")
            continue
        if not is_kind(value, kind):
            out.append(f"{where}.{key}: {value!r:.60} is not {kind}")
    return out


def money_problems(value: Any, currency: str | None, where: str) -> list[str]:
    """decisions.md: money is a JSON number with at most two decimals, none for CLP and COP."""
    if value is None:
        return []
    if not is_kind(value, NUM):
        return [f"{where}: {value!r} is not a number"]
    places = 0 if currency in ("CLP", "COP") else 2
    exponent = Decimal(repr(value)).normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    if -exponent > places:
        return [f"{where}: {value!r} has more than {places} decimals ({currency})"]
    return []


def fold(text: str) -> str:
    """Case- and accent-insensitive form of a text, for word-search checks."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str | None) -> set[str]:
    return set(re.findall(r"\w+", fold(text or "")))


def param(value: Any) -> str:
    """A facet value id as a query parameter value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# -- HTTP ------------------------------------------------------------------------------------
DEFAULT: Any = object()  # "use the sandbox's token"
UNSET: Any = object()    # "send no JSON body"


def request(sb: Sandbox, method: str, path: str = "", *, token: Any = DEFAULT,
            params: Mapping[str, Any] | None = None, body: Any = UNSET,
            raw: bytes | str | None = None, prefix: str = "/v1",
            shop_id: int | str | None = None, timeout: float = TIMEOUT) -> httpx.Response:
    """One request to `{base_url}{prefix}/shops/{shop}{path}` on a new connection (of the
    test process's one client: tests/support/http.py).

    token: DEFAULT = the sandbox token, None = no `access_token`, a string = that token.
    """
    shop = sb.shop_id if shop_id is None else shop_id
    url = f"{sb.base_url}{prefix}/shops/{shop}{path}"
    query = dict(params or {})
    if token is DEFAULT:
        query["access_token"] = sb.token
    elif token is not None:
        query["access_token"] = token
    headers = {}
    content: bytes | str | None = raw
    if body is not UNSET:
        content = json.dumps(body)
    if content is not None or method in ("POST", "PUT", "DELETE"):
        headers["Content-Type"] = "application/json"
    return http.request(method, url, params=query, content=content, headers=headers,
                         timeout=timeout)


def get_json(sb: Sandbox, path: str, **params: Any) -> Any:
    r = request(sb, "GET", path, params=params)
    assert r.status_code == 200, (path, params, r.status_code, r.text[:300])
    assert r.headers["content-type"].startswith("application/json"), r.headers
    return r.json()


def walk(sb: Sandbox, path: str, params: Mapping[str, Any] | None = None,
         limit: int = MAX_LIMIT) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every record of a search, paged by `limit`/`offset` until a short page."""
    records: list[dict[str, Any]] = []
    envelopes: list[dict[str, Any]] = []
    offset = 0
    for _ in range(10_000):
        env = get_json(sb, path, **dict(params or {}), limit=limit, offset=offset)
        envelopes.append(env)
        records.extend(env["results"])
        if len(env["results"]) < limit:
            return records, envelopes
        offset += limit
    raise AssertionError(f"{path} never returned a short page")


def total(sb: Sandbox, path: str, **params: Any) -> int:
    value = get_json(sb, path, limit=1, **params)["paging"]["total"]
    assert is_kind(value, INT), value
    return int(value)


def facets(env: Mapping[str, Any], key: str = "available_filters") -> dict[str, dict[str, int]]:
    """{facet id: {value id as parameter: count}} of an envelope."""
    out: dict[str, dict[str, int]] = {}
    for facet in env[key]:
        out[facet["id"]] = {param(v["id"]): v["results"] for v in facet["values"]}
    return out


# -- error bodies ----------------------------------------------------------------------------
def marketplace_error_problems(r: httpx.Response, status: int) -> list[str]:
    """decisions.md: `{"message", "error", "status", "cause": []}` with the HTTP status."""
    out = []
    if r.status_code != status:
        out.append(f"status {r.status_code} != {status}: {r.text[:200]}")
    if not r.headers.get("content-type", "").startswith("application/json"):
        out.append(f"content-type {r.headers.get('content-type')!r}")
    try:
        body = r.json()
    except ValueError:
        return [*out, f"body is not JSON: {r.text[:200]!r}"]
    out += type_problems(body, {"message": STR, "error": STR, "status": INT, "cause": ARR},
                         "body", nonnull=("message", "error", "status", "cause"))
    if isinstance(body, dict) and body.get("status") != status:
        out.append(f"body.status {body.get('status')!r} != {status}")
    return out


def assert_marketplace_error(r: httpx.Response, status: int) -> dict[str, Any]:
    problems = marketplace_error_problems(r, status)
    assert problems == [], problems
    body: dict[str, Any] = r.json()
    return body


def assert_tc_error(r: httpx.Response, status: int) -> None:
    """Tracking codes: `{"error": "<message>"}` (spec's Errors table)."""
    assert r.status_code == status, (r.status_code, r.text[:200])
    assert r.headers.get("content-type", "").startswith("application/json"), r.headers
    body = r.json()
    assert isinstance(body, dict) and set(body) == {"error"}, body
    assert isinstance(body["error"], str) and body["error"].strip(), body


def assert_text_error(r: httpx.Response, status: int) -> None:
    """Shop info, searches and the other token-bearing reads/writes: text/plain message."""
    assert r.status_code == status, (r.status_code, r.text[:200])
    assert r.headers.get("content-type", "").startswith("text/plain"), r.headers
    assert r.text.strip(), "empty message"


def sorted_by(values: list[Any], descending: bool = False) -> bool:
    pairs = list(pairwise(values))
    if descending:
        return all(a >= b for a, b in pairs)
    return all(a <= b for a, b in pairs)


def problems_of(records: Iterable[Any], check: Callable[[Any], list[str]]) -> list[str]:
    """All problems over many records (kept short for the assertion message)."""
    out: list[str] = []
    for record in records:
        out += check(record)
    return out[:30]


# -- search envelopes ------------------------------------------------------------------------
ENVELOPE = {"seller_id": INT, "query": STR, "paging": OBJ, "results": ARR, "orders": ARR,
            "filters": ARR, "available_orders": ARR, "available_filters": ARR}
PAGING = {"total": INT, "offset": INT, "limit": INT}


def envelope_problems(env: Any, sb: Sandbox, *, query: str | None = None) -> list[str]:
    """The search envelope of the spec, with `seller_id` the shop and `query` the word."""
    out = type_problems(env, ENVELOPE, "envelope", nonnull=[k for k in ENVELOPE if k != "query"])
    if out:
        return out
    if env["seller_id"] != sb.shop_id:
        out.append(f"seller_id {env['seller_id']} != {sb.shop_id}")
    if env["query"] != query:
        out.append(f"query {env['query']!r} != {query!r}")
    out += type_problems(env["paging"], PAGING, "paging", nonnull=PAGING)
    for key in ("orders", "available_orders"):
        for entry in env[key]:
            out += type_problems(entry, {"id": STR, "name": STR}, key, nonnull=["id"])
    for key in ("filters", "available_filters"):
        for facet in env[key]:
            out += type_problems(facet, {"id": STR, "name": STR, "values": ARR}, key,
                                 nonnull=["id", "values"])
            for value in facet.get("values") or []:
                out += type_problems(value, {"name": STR, "results": INT},
                                     f"{key}.{facet.get('id')}", nonnull=["results"])
                if "id" not in value or value["id"] is None:
                    out.append(f"{key}.{facet.get('id')}: value without id")
    return out


def applied(env: Mapping[str, Any]) -> dict[str, set[str]]:
    """{filter id: value ids} echoed in `filters`."""
    return {f["id"]: {param(v["id"]) for v in f["values"]} for f in env["filters"]}


def ordering_ids(env: Mapping[str, Any], key: str = "available_orders") -> set[str]:
    return {o["id"] for o in env[key]}


def pick_word(texts: Iterable[str | None], min_len: int = 5) -> str:
    """A word found in several but not most of the texts (deterministic)."""
    docs = [words(t) for t in texts]
    counts: dict[str, int] = {}
    for doc in docs:
        for word in doc:
            if len(word) >= min_len and not word.isdigit():
                counts[word] = counts.get(word, 0) + 1
    fitting = [(n, w) for w, n in counts.items() if 2 <= n <= max(2, len(docs) * 6 // 10)]
    assert fitting, "no word to search for"
    return max(fitting, key=lambda nw: (nw[0], nw[1]))[1]


def accented(word: str) -> str:
    """The word upper-cased with its first plain vowel accented, for accent-insensitivity."""
    marks = {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú"}
    for i, ch in enumerate(word):
        if ch in marks:
            return (word[:i] + marks[ch] + word[i + 1:]).upper()
    return word.upper()


# -- orders: the filters of the spec as predicates (decisions.md "order facets") --------------
TF = ("true", "false")
ORDER_FILTER_VALUES: dict[str, tuple[str, ...]] = {
    "status": CONTACT_STATUSES, "processed": TF, "paid": TF, "delivered": TF, "closed": TF,
    "channel": CHANNEL_VALUES, "buyer_feedback": TF, "seller_feedback": TF, "feedback": TF,
    "shipping": ("pending", "pickup", "on_route", "print_tag", "to_be_agreed", "in_progress",
                 "delivered"),
}
SUMMARY_FACETS: dict[str, dict[str, str]] = {
    "pending_process": {"paid": "true", "processed": "false", "closed": "false"},
    "pending_shipment": {"processed": "true", "delivered": "false", "closed": "false"},
    "pending_feedback": {"delivered": "true", "seller_feedback": "false", "closed": "false"},
    "closed_orders": {"closed": "true"},
}


def _given(order: Mapping[str, Any], side: str) -> bool:
    return (order.get("feedback") or {}).get(side) is not None


def order_matches(order: Mapping[str, Any], key: str, value: str) -> bool:
    """Whether an order satisfies one filter value, per the spec and decisions.md."""
    flag = value == "true"
    status = order["status"]
    if key == "status":
        return bool(status["contact_data_status"] == value)
    if key in ("processed", "paid", "delivered", "closed"):
        return bool(status[key] is flag)
    if key == "channel":
        return CHANNEL_SHORT.get(order["channel"]) == CHANNEL_SHORT[value]
    if key == "buyer_feedback":
        return _given(order, "buyer") is flag
    if key == "seller_feedback":
        return _given(order, "seller") is flag
    if key == "feedback":
        return _given(order, "buyer") is flag and _given(order, "seller") is flag
    if key == "shipping":
        ships = order["shippings"] or []
        if value == "print_tag":
            return any(s["ship_type"] == "carrier_mode_2" and s["status"] == "pending"
                       for s in ships)
        if value == "to_be_agreed":
            return any(s["ship_type"] == "not specified" and s["status"] == "pending"
                       for s in ships)
        return any(s["status"] == value for s in ships)
    raise AssertionError(f"unknown order filter {key}")


def order_matches_all(order: Mapping[str, Any], params: Mapping[str, str]) -> bool:
    return all(order_matches(order, k, v) for k, v in params.items())

ANSWER_TOO_LONG = "x" * 2001  # decisions.md: answers are 1 to 2,000 characters after trimming


# -- the harsh parts: run-time switches, the ready line, Bearer requests -----------------------
EXPIRED_BODY = b'{"message":"invalid_token","error":"not_found","status":401}'


def control(sb: Sandbox, method: str, what: str, body: Any = None) -> Any:
    """A call to `/_sandbox/<what>` with the start token; its JSON answer (None if empty)."""
    r = http.request(method, f"{sb.base_url}/_sandbox/{what}",
                      params={"access_token": sb.token}, timeout=TIMEOUT,
                      json=body if body is not None else None)
    assert r.status_code < 300, (what, r.status_code, r.text[:300])
    return r.json() if r.content else None


def freeze(sb: Sandbox) -> None:
    """Stop the sandbox's clock: buckets no longer refill, tokens no longer age."""
    control(sb, "PUT", "clock", {"frozen": True})


def ready_fields(sb: Sandbox) -> dict[str, str]:
    """The `key=value` fields of the sandbox's ready line."""
    line = next(x for x in sb.output if x.startswith("SELLERDESK-SANDBOX "))
    return dict(part.split("=", 1) for part in line.split()[1:])


def bearer(sb: Sandbox, method: str, path: str, token: str, *,
           params: Mapping[str, Any] | None = None, body: Any = UNSET) -> httpx.Response:
    """A request below /v1/shops/{id} with the token in `Authorization: Bearer` only."""
    headers = {"Authorization": f"Bearer {token}"}
    content = None
    if body is not UNSET:
        content = json.dumps(body)
        headers["Content-Type"] = "application/json"
    return http.request(method, f"{sb.api}{path}", params=params, headers=headers,
                         content=content, timeout=TIMEOUT)
