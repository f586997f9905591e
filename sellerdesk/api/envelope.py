"""The search envelope (spec, "Search envelope"), read record by record.

A page is never lost to one record: each entry of `results` is decoded on its own, field by
field (`lenient`). A record with odd fields is kept with those fields as they came or empty,
logged by id and field paths and listed in `SearchEnvelope.partial`; one whose id or money
cannot be read is left out, logged by id and field path and listed in
`SearchEnvelope.skipped`. Logs name ids and paths, never a record's values. The envelope's
own fields are read leniently too: `paging: null` or without `offset`, `filters` as an
object, facet values as plain strings, orderings as strings. Only a body that is not a JSON
object with a `results` array (or null) is a `BadResponse`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import msgspec

from sellerdesk.api import lenient
from sellerdesk.api.base import Model, Text, as_text
from sellerdesk.api.decoding import TYPES_LOCK, decode_strict, decoder, reason

T = TypeVar("T")
log = logging.getLogger("sellerdesk.api")


class Paging(Model):
    total: int | None = None
    offset: int | None = None
    limit: int | None = None


class Ordering(Model):
    id: Text
    name: str | None = None

    def __post_init__(self) -> None:
        as_text(self, "id")


class FilterValue(Model):
    id: str | int | bool | None = None
    name: str | None = None
    results: int | None = None


class Filter(Model):
    id: Text
    name: str | None = None
    values: list[FilterValue] | None = None

    def __post_init__(self) -> None:
        as_text(self, "id")


class Skipped(msgspec.Struct, frozen=True):
    """A record of a page that could not be read: its id when that much was readable."""

    id: str | None
    reason: str


class Partial(msgspec.Struct, frozen=True):
    """A record read with some fields left empty or kept as text: its id and their paths."""

    id: str | None
    fields: tuple[str, ...]


class SearchEnvelope(Model, Generic[T]):
    """A page of a question, thread or order search (and of a thread by id).

    `skipped` lists the records of this page that could not be read, `partial` those read
    with odd fields (neither sent by the server: filled in by the decoder); `items` are
    every record read, wholly or in part."""

    seller_id: int | None = None
    query: str | None = None
    paging: Paging = msgspec.field(default_factory=Paging)
    results: list[T] | None = None
    orders: list[Ordering] | None = None
    filters: list[Filter] | None = None
    available_orders: list[Ordering] | None = None
    available_filters: list[Filter] | None = None
    unanswered_quantity: int | None = None  # thread search only
    skipped: list[Skipped] = msgspec.field(default_factory=list)
    partial: list[Partial] = msgspec.field(default_factory=list)

    @property
    def items(self) -> list[T]:
        """`results`, or an empty list when the server sent null or nothing."""
        return self.results or []


# --- decoding ----------------------------------------------------------------------------

class _RawEnvelope(msgspec.Struct):
    """The envelope with every part left raw, each decoded on its own below."""

    results: list[msgspec.Raw] | None = None
    seller_id: msgspec.Raw = msgspec.Raw()
    query: msgspec.Raw = msgspec.Raw()
    paging: msgspec.Raw = msgspec.Raw()
    orders: msgspec.Raw = msgspec.Raw()
    filters: msgspec.Raw = msgspec.Raw()
    available_orders: msgspec.Raw = msgspec.Raw()
    available_filters: msgspec.Raw = msgspec.Raw()
    unanswered_quantity: msgspec.Raw = msgspec.Raw()


class _IdOnly(msgspec.Struct):
    id: str | int | None = None


# Reads one raw record: the item (None when unreadable), what was skipped inside it and the
# records it read in part.
Read = tuple[Any, list[Skipped], list[Partial]]
RecordReader = Callable[[msgspec.Raw], Read]


def record_id(raw: msgspec.Raw | bytes) -> str | None:
    """The `id` of a record we could not read, if at least that is readable."""
    try:
        found = msgspec.json.decode(raw, type=_IdOnly, strict=False).id
    except Exception:
        return None
    return None if found is None else str(found)


def skip(raw: msgspec.Raw | bytes, exc: BaseException, what: str) -> Skipped:
    """Log and describe one unreadable record: its id and the field at fault, no values."""
    why = f"{exc.why} at {exc.path}" if isinstance(exc, lenient.Unreadable) else reason(exc)
    skipped = Skipped(id=record_id(raw), reason=why)
    log.warning("%s: record %s skipped, could not read it: %s", what,
                skipped.id or "without id", skipped.reason)
    return skipped


def note_partial(record_id: str | None, fixes: list[lenient.Fix], what: str) -> Partial:
    """Log and describe one record read in part: its id and the paths of its odd fields."""
    partial = Partial(id=record_id, fields=tuple(f.path for f in fixes))
    log.info("%s: record %s read in part: %s", what, record_id or "without id",
             ", ".join(f"{f.path} {_HOW[f.how]}" for f in fixes))
    return partial


_HOW = {"text": "kept as text", "instant": "read as an ISO 8601 instant",
        "empty": "left empty", "dropped": "entry left out"}


def read_one(raw: msgspec.Raw | bytes, tp: Any, what: str) -> Read:
    """One record of type `tp`, field by field (`lenient.read`)."""
    try:
        item, fixes = lenient.read(raw, tp)
    except lenient.Unreadable as exc:
        return None, [skip(raw, exc, what)], []
    if not fixes:
        return item, [], []
    key = getattr(item, "id", None)
    return item, [], [note_partial(None if key is None else str(key), fixes, what)]


def record_reader(tp: Any, what: str) -> RecordReader:
    """Reads records of type `tp`, each on its own, field by field."""
    decoder(tp)  # built now, under the lock, not by the first record

    def read(raw: msgspec.Raw) -> Read:
        return read_one(raw, tp, what)

    return read


def _lenient(raw: msgspec.Raw, tp: Any, what: str, field: str) -> Any:
    if not raw:
        return None
    try:
        return decoder(tp).decode(raw)
    except Exception as exc:
        log.info("%s: ignoring unreadable %s (%s)", what, field, reason(exc))
        return None


def _as_list(data: Any) -> list[Any]:
    if data is None:
        return []
    return data if isinstance(data, list) else [data]


def _filter_value(value: Any) -> FilterValue | None:
    if isinstance(value, dict):
        try:
            with TYPES_LOCK:  # FilterValue's decoding information may be in the making
                return msgspec.convert(value, FilterValue, strict=False)
        except msgspec.ValidationError:
            return None
    if isinstance(value, str | int | bool):
        return FilterValue(id=value, name=str(value))  # the field's plain-string facet values
    return None


def _filter(item: Any) -> Filter | None:
    if isinstance(item, str):
        return Filter(id=item)
    if not isinstance(item, dict) or item.get("id") is None:
        return None
    values = [v for v in map(_filter_value, _as_list(item.get("values"))) if v is not None]
    name = item.get("name")
    return Filter(id=str(item["id"]), name=name if isinstance(name, str) else None,
                  values=values)


def _filters(raw: msgspec.Raw) -> list[Filter] | None:
    """Facets as the spec shows them (a list of {id, name, values}) or as the field sends
    them: an object of filter -> value(s), values as plain strings."""
    if not raw:
        return None
    try:
        data = msgspec.json.decode(raw)
    except Exception:  # DecodeError, or bytes that are not UTF-8 inside the part
        return None
    if isinstance(data, dict):
        data = [{"id": key, "values": value} for key, value in data.items()]
    if not isinstance(data, list):
        return None
    return [f for f in map(_filter, data) if f is not None]


def _ordering(item: Any) -> Ordering | None:
    if isinstance(item, str):
        return Ordering(id=item)
    if isinstance(item, dict) and item.get("id") is not None:
        name = item.get("name")
        return Ordering(id=str(item["id"]), name=name if isinstance(name, str) else None)
    return None


def _orderings(raw: msgspec.Raw) -> list[Ordering] | None:
    if not raw:
        return None
    try:
        data = msgspec.json.decode(raw)
    except Exception:  # DecodeError, or bytes that are not UTF-8 inside the part
        return None
    if data is None:
        return None
    return [o for o in map(_ordering, _as_list(data)) if o is not None]


def decode_envelope(data: bytes, tp: Any, *, what: str = "answer",
                    read: RecordReader | None = None) -> SearchEnvelope[Any]:
    """`data` as a `SearchEnvelope[tp]`, each record read by `read` (default: as `tp`)."""
    try:  # fast path: a page all in the spec's shapes decodes in one go
        page: SearchEnvelope[Any] = decoder(SearchEnvelope[tp]).decode(data)
    except Exception:
        pass
    else:
        page.skipped, page.partial = [], []  # never the server's to say
        return page
    raw = decode_strict(data, _RawEnvelope, what=what)
    read = read or record_reader(tp, what)
    items: list[Any] | None = None
    skipped: list[Skipped] = []
    partial: list[Partial] = []
    if raw.results is not None:
        items = []
        for record in raw.results:
            item, lost, odd = read(record)
            if item is not None:
                items.append(item)
            skipped += lost
            partial += odd
    paging = _lenient(raw.paging, Paging | None, what, "paging") or Paging()
    query = _lenient(raw.query, str | int | None, what, "query")
    return SearchEnvelope[Any](
        seller_id=_lenient(raw.seller_id, int | None, what, "seller_id"),
        query=None if query is None else str(query),
        paging=paging, results=items,
        orders=_orderings(raw.orders), filters=_filters(raw.filters),
        available_orders=_orderings(raw.available_orders),
        available_filters=_filters(raw.available_filters),
        unanswered_quantity=_lenient(raw.unanswered_quantity, int | None, what,
                                     "unanswered_quantity"),
        skipped=skipped, partial=partial)


def decode_records(data: bytes, tp: Any, *, what: str = "answer"
                   ) -> tuple[list[Any], list[Skipped]]:
    """`data` as a JSON array of `tp` (the tracking-code list), read record by record: the
    readable records and the skipped ones. Only a body that is no array fails."""
    try:  # fast path, as for envelopes
        items: list[Any] = decoder(list[tp]).decode(data)
    except Exception:
        pass
    else:
        return items, []
    raws = decode_strict(data, list[msgspec.Raw], what=what)
    read = record_reader(tp, what)
    items, skipped = [], []
    for raw in raws:
        item, lost, _ = read(raw)  # records read in part are logged by the reader
        if item is not None:
            items.append(item)
        skipped += lost
    return items, skipped


__all__ = ["Filter", "FilterValue", "Ordering", "Paging", "Partial", "Read", "RecordReader",
           "SearchEnvelope", "Skipped", "decode_envelope", "decode_records", "note_partial",
           "read_one", "record_id", "record_reader", "skip"]
