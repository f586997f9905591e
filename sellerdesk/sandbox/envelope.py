"""The search envelope shared by question, thread and order searches (spec: Search envelope)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import Query

from sellerdesk.sandbox.db import MAX_ID

MAX_LIMIT = 50  # decisions.md: default and ceiling of every search

LimitParam = Annotated[int | None, Query(ge=0, description="Items per page (at most 50)")]
OffsetParam = Annotated[int, Query(ge=0, description="Items to skip")]
# Both channel spellings are accepted as filter values (spec: Channel values).
Channel = Literal["shopfront", "shopfront_long", "marketplace", "marketplace_long"]
CHANNEL_VALUES = (("shopfront", "Tienda"), ("marketplace", "Marketplace"))


@dataclass(frozen=True)
class Page:
    limit: int
    offset: int


def page(limit: int | None, offset: int) -> Page:
    """Clamp rather than refuse: a big limit gets 50, a huge offset simply finds nothing."""
    return Page(MAX_LIMIT if limit is None else min(limit, MAX_LIMIT), min(offset, MAX_ID))


@dataclass(frozen=True)
class Facet:
    id: str
    name: str
    values: tuple[tuple[str, str], ...]  # (value id, value name)

    def with_counts(self, counts: dict[str, int]) -> dict[str, Any]:
        return {"id": self.id, "name": self.name,
                "values": [{"id": v, "name": n, "results": int(counts.get(v, 0))}
                           for v, n in self.values]}

    def applied(self, value: str, total: int) -> dict[str, Any]:
        name = dict(self.values).get(value, value)
        return {"id": self.id, "name": self.name,
                "values": [{"id": value, "name": name, "results": total}]}


def orderings(options: dict[str, str], listed: tuple[str, ...]) -> list[dict[str, str]]:
    return [{"id": key, "name": options[key]} for key in listed]


def envelope(*, seller_id: int, query: str | None, total: int, pg: Page,
             results: list[Any], order_id: str, order_name: str,
             filters: list[dict[str, Any]], available_orders: list[dict[str, str]],
             available_filters: list[dict[str, Any]]) -> dict[str, Any]:
    return {"seller_id": seller_id, "query": query,
            "paging": {"total": total, "offset": pg.offset, "limit": pg.limit},
            "results": results, "orders": [{"id": order_id, "name": order_name}],
            "filters": filters, "available_orders": available_orders,
            "available_filters": available_filters}
