"""Was this tracking-code create applied? The settle rule for a create whose outcome is unknown.

The service has no idempotency key, and its list shows ACTIVE codes only; a single read (GET by
id) shows any code. The rule (docs/decisions.md, "Services and the outbox sender"):

* Before the first attempt the sender records `mark`: the highest id it has seen handed out
  (a fresh list, the codes it knows, the codes its own creates got, and single reads just
  above those). Ids grow, so a code our request created has an id above the mark.
* A candidate is a code above the mark whose whole body (name, code, provider, event, status,
  options compared as values) equals the queued create, and which no other create of ours has
  already claimed. The lowest one is ours.
* The sender settles one create at a time, so two identical creates never claim the same code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import TYPE_CHECKING, Any

from sellerdesk.api.enums import TrackingStatus
from sellerdesk.api.errors import NotFound
from sellerdesk.api.models import TrackingCode

if TYPE_CHECKING:  # the client (httpx) loads when a session connects
    from sellerdesk.api.client import ShopClient

# Single reads past the highest listed id before concluding no INACTIVE code of ours is there:
# a run this long of deleted (or never used) ids ends the look-up.
PROBE_MISSES = 5
# Never walk further than this above the mark in one look (a server that answers every id).
PROBE_LIMIT = 200

_FIELDS = ("name", "code", "provider", "event", "status")


def body_of(draft: Mapping[str, Any]) -> dict[str, Any]:
    """The create's whole body as the server stores it: defaults filled in (decisions.md)."""
    body = {name: _wire(draft.get(name)) for name in _FIELDS}
    if body["status"] is None:
        body["status"] = TrackingStatus.ACTIVE.value
    options = draft.get("options")
    body["options"] = options if options not in (None, "") else {}
    return body


def canonical(value: Any) -> Any:
    """A JSON value compared as a value: 1, 1.0 and Decimal("1.0") are equal, 0.1 (a float read
    back from JSON) equals Decimal("0.1"); booleans stay apart from numbers; key order is moot."""
    if isinstance(value, bool) or value is None:
        return ("lit", value)
    if isinstance(value, int | float | Decimal):
        try:
            return ("num", Decimal(str(value)).normalize())
        except InvalidOperation:  # NaN and friends never come from a JSON number
            return ("lit", str(value))
    if isinstance(value, Mapping):
        return ("obj", frozenset((str(k), canonical(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return ("arr", tuple(canonical(v) for v in value))
    return ("lit", _wire(value))


def _wire(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def same_head(code: TrackingCode, body: Mapping[str, Any]) -> bool:
    """The fields a list entry carries (it has no options) equal the body's."""
    return all(_wire(getattr(code, name)) == body[name] for name in _FIELDS)


def same_body(code: TrackingCode, body: Mapping[str, Any]) -> bool:
    """A single read equals the whole body, options included (compared as values)."""
    return same_head(code, body) and canonical(dict(code.options)) == canonical(body["options"])


async def high_mark(client: ShopClient, seen: Iterable[int]) -> int:
    """The highest tracking-code id handed out so far, as far as reads made now can tell.

    Every id read here exists (or existed) before the create is sent, so the created code's
    id is above the result. Single reads just past the top find INACTIVE codes the list hides,
    which keeps older invisible codes out of the candidates.
    """
    listed = await client.tracking_codes()
    mark = max([c.id for c in listed] + list(seen) + [0])
    for _ in range(PROBE_LIMIT):
        try:
            await client.tracking_code(mark + 1)
        except NotFound:
            break
        mark += 1
    return mark


async def _read(client: ShopClient, code_id: int) -> TrackingCode | None:
    try:
        return await client.tracking_code(code_id)
    except NotFound:  # deleted since the list was read, or never handed out
        return None


async def find_created(client: ShopClient, draft: Mapping[str, Any], mark: int,
                       claimed: frozenset[int]) -> TrackingCode | None:
    """The lowest unclaimed code above `mark` whose whole body equals `draft`, if any."""
    body = body_of(draft)
    listed = await client.tracking_codes()
    listed_ids = {c.id for c in listed}
    for code in sorted(listed, key=lambda c: c.id):
        if code.id > mark and code.id not in claimed and same_head(code, body):
            full = await _read(client, code.id)  # the list carries no options
            if full is not None and same_body(full, body):
                return full
    if body["status"] != TrackingStatus.INACTIVE.value:
        return None  # an ACTIVE code of ours would be listed
    # INACTIVE codes are not listed: read every unlisted id above the mark, up to the highest
    # listed id and then on until a run of misses.
    top = max(listed_ids | {mark})
    misses = 0
    probe = mark + 1
    while (probe <= top or misses < PROBE_MISSES) and probe <= top + PROBE_LIMIT:
        if probe in listed_ids or probe in claimed:
            misses = 0  # handed out: the run of unused ids starts again
        else:
            read = await _read(client, probe)
            if read is None:
                misses += 1
            else:
                misses = 0
                if same_body(read, body):
                    return read
        probe += 1
    return None


__all__ = ["PROBE_MISSES", "body_of", "canonical", "find_created", "high_mark", "same_body",
           "same_head"]
