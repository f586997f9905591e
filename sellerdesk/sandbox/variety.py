"""Field variety: what the live switch changes on the wire, and the list of where it is.

The records themselves are written into (and taken out of) the demo shop by
`variety_records.switch`; the `variety` table lists each one with its variants. This module
holds that list in memory for the routes: which ids go on the wire as a number, a string or
null, which order reads answer 206, and which search pages get an odd envelope.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# (search, offset of the page, variant): the pages of a full walk whose envelope is odd.
ENVELOPES: tuple[tuple[str, int, str], ...] = (
    ("orders", 50, "paging_without_offset"),
    ("orders", 100, "filters_object"),
    ("threads", 50, "facet_values_strings"),
    ("threads", 100, "paging_null"),
)
# Variants that change how a record's id is written on the wire (the stored row keeps it).
def _unreadable(_: str) -> None:
    return None


_WIRE: dict[str, Callable[[str], Any]] = {"thread_id_number": int, "id_string": str,
                                          "unreadable": _unreadable}


def _paging_without_offset(body: dict[str, Any]) -> None:
    body["paging"].pop("offset", None)


def _filters_object(body: dict[str, Any]) -> None:
    body["filters"] = {f["id"]: f["values"][0]["id"] if f["values"] else None
                       for f in body["filters"]}


def _facet_values_strings(body: dict[str, Any]) -> None:
    for key in ("filters", "available_filters"):
        for facet in body[key]:
            facet["values"] = [v["id"] for v in facet["values"]]


def _paging_null(body: dict[str, Any]) -> None:
    body["paging"] = None


_TWEAKS: dict[str, Callable[[dict[str, Any]], None]] = {
    "paging_without_offset": _paging_without_offset, "filters_object": _filters_object,
    "facet_values_strings": _facet_values_strings, "paging_null": _paging_null}


@dataclass
class Variety:
    on: bool = False
    records: list[tuple[str, str, str]] = field(default_factory=list)  # (table, id, variant)
    _wire: dict[tuple[str, str], Any] = field(default_factory=dict)
    _partial: set[int] = field(default_factory=set)

    def load(self, conn: sqlite3.Connection) -> None:
        row = conn.execute("SELECT value FROM meta WHERE key='field_variety'").fetchone()
        self.on = row is not None and row[0] == "1"
        self.records = [(r[0], r[1], r[2]) for r in conn.execute(
            "SELECT tbl, id, variant FROM variety ORDER BY tbl, variant, id")]
        self._wire = {(tbl, key): _WIRE[variant](key) for tbl, key, variant in self.records
                      if variant in _WIRE and tbl in ("threads", "tracking_codes")}
        self._partial = {int(key) for tbl, key, variant in self.records
                         if tbl == "orders" and variant == "partial_content"}

    def wire_id(self, table: str, key: Any) -> Any:
        """How a thread's or tracking code's id goes on the wire (as stored, unless odd)."""
        return self._wire.get((table, str(key)), key)

    def partial(self, order_id: int) -> bool:
        """Whether a single read of this order answers 206 with empty buyer and feedback."""
        return order_id in self._partial

    def envelope(self, search: str, offset: int, body: dict[str, Any]) -> None:
        """Make this page's envelope odd in place, if it is one of ENVELOPES."""
        if not self.on:
            return
        for name, at, variant in ENVELOPES:
            if name == search and at == offset:
                _TWEAKS[variant](body)

    def listing(self) -> dict[str, Any]:
        """Where every variant is, for tests (`GET /_sandbox/variety`)."""
        records: dict[str, dict[str, list[str]]] = {}
        for tbl, key, variant in self.records:
            records.setdefault(tbl, {}).setdefault(variant, []).append(key)
        return {"on": self.on, "records": records,
                "envelopes": [{"search": s, "offset": o, "variant": v} for s, o, v in ENVELOPES]}
