"""A child process for the crash trials: queue writes through the outbox, report each one
the moment it is saved, then send them. The test kills it with SIGKILL at random instants."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any


async def _work(base_url: str, shop_id: int, token: str, data_dir: str,
                plan: list[dict[str, Any]], report: str) -> None:
    from sellerdesk.api.enums import Event, Provider, ShippingStatus
    from sellerdesk.api.models import TrackingCodeDraft
    from sellerdesk.services.session import Session, ShopAddress

    session = await Session.open(ShopAddress("crash", base_url, shop_id), token,
                                 data_dir=Path(data_dir), timeout=5.0, max_retries=1)
    session.outbox._base_delay = 0.01
    try:
        with open(report, "a", encoding="utf-8") as out:
            for step in plan:
                if step["kind"] == "answer":
                    entry = await session.inbox.answer(step["question_id"], step["text"])
                elif step["kind"] == "tracking":
                    entry = await session.tracking.create(TrackingCodeDraft(
                        name=step["name"], code=step["code"], provider=Provider.ANALYTICS,
                        event=Event.NAVIGATION))
                else:
                    order = await session.orders.refresh_order(step["order_id"])
                    entry = await session.orders.update_shipping(
                        order, step["shipping_id"], status=ShippingStatus(step["status"]),
                        tracking_code=step["tracking"])
                # Only now is the write "saved" as far as the seller is told.
                out.write(json.dumps({"saved": entry.id, **step}) + "\n")
                out.flush()
        await session.outbox.retry_all_waiting()
        await session.outbox.flush()
    finally:
        await session.aclose()


def run(base_url: str, shop_id: int, token: str, data_dir: str,
        plan: list[dict[str, Any]], report: str) -> None:
    asyncio.run(_work(base_url, shop_id, token, data_dir, plan, report))
