"""An in-memory stand-in for the shop service behind `httpx.MockTransport`, for the verdicts.

It keeps what the outbox's checks read (tracking codes, questions, orders) the way the spec
and the service notes describe: ids handed out in increasing order and never reused, a list of
ACTIVE codes only (options as ""), single reads of any code. Faults are armed per request
(`arm`), or drawn from a seeded RNG (`drop_rate`): a dropped reply runs the endpoint first and
then cuts the connection, as the sandbox does, so the write is applied and its answer lost.
"""

from __future__ import annotations

import json
import random
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import httpx

from sellerdesk.api.client import ShopClient
from sellerdesk.policy import NoPacer

SHOP = 1001
BASE = "http://fake.test"
TOKEN = "fake-token"
_PATH = re.compile(rf"^/v1/shops/{SHOP}(?:/(?P<rest>.*))?$")


@dataclass
class Armed:
    method: str
    suffix: str  # a regular expression the path below the shop must match in full
    fault: str  # "drop" (applied, reply cut), "error" (503, not applied), "429", "malformed",
    # "crash" (applied, then an exception the client does not know)


@dataclass
class FakeShop:
    codes: dict[int, dict[str, Any]] = field(default_factory=dict)
    last_id: int = 0
    questions: dict[int, dict[str, Any]] = field(default_factory=dict)
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)
    armed: deque[Armed] = field(default_factory=deque)
    drop_rate: float = 0.0
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    log: list[tuple[str, str, int | str]] = field(default_factory=list)

    # -- setting the scene ---------------------------------------------------------------

    def add_code(self, name: str, code: str, *, provider: str = "PROVIDER_ANALYTICS",
                 event: str = "NAVIGATION", status: str = "ACTIVE",
                 options: dict[str, Any] | None = None) -> int:
        """A code made elsewhere (another device, the shop's own site)."""
        return self._insert({"name": name, "code": code, "provider": provider, "event": event,
                             "status": status, "options": options or {}})

    def add_question(self, qid: int, *, answer: str | None = None,
                     status: str | None = None) -> None:
        doc: dict[str, Any] = {"id": qid, "status": status or ("answered" if answer else
                                                               "unanswered"),
                               "question": {"text": "¿Tiene stock?"}}
        if answer is not None:
            doc["answer"] = {"text": answer, "date": "2026-11-20T10:00:00.000Z"}
        self.questions[qid] = doc

    def add_order(self, oid: str, *, invoice: dict[str, Any] | None = None,
                  shipping_status: str = "pending", tracking_code: str = "") -> None:
        self.orders[oid] = {
            "id": oid, "invoice": invoice or {"invoiced": False, "number": None, "type": None},
            "shippings": [{"id": 5, "status": shipping_status, "tracking_code": tracking_code}]}

    def arm(self, method: str, suffix: str, fault: str) -> None:
        """The next request matching `method` and `suffix` meets `fault` (once)."""
        self.armed.append(Armed(method, suffix, fault))

    def client(self, **kw: Any) -> ShopClient:
        kw.setdefault("max_retries", 0)
        kw.setdefault("pacer", NoPacer())  # these tests count requests, not seconds
        return ShopClient(BASE, SHOP, TOKEN, transport=httpx.MockTransport(self.handle), **kw)

    # -- what the test reads back ----------------------------------------------------------

    def bodies(self) -> list[dict[str, Any]]:
        return [dict(c) for _, c in sorted(self.codes.items())]

    def applied_posts(self) -> int:
        """POSTs that reached the endpoint (their effect applied, whatever the reply)."""
        reached = (201, "drop", "crash", "malformed")
        return sum(1 for method, _, status in self.log if method == "POST" and status in reached)

    # -- the service ------------------------------------------------------------------------

    def _insert(self, body: dict[str, Any]) -> int:
        self.last_id += 1
        self.codes[self.last_id] = {"id": self.last_id, "shop_id": SHOP, **body}
        return self.last_id

    def _fault(self, method: str, rest: str) -> str | None:
        for armed in list(self.armed):
            if armed.method == method and re.fullmatch(armed.suffix, rest):
                self.armed.remove(armed)
                return armed.fault
        if self.drop_rate and self.rng.random() < self.drop_rate:
            return "drop"
        return None

    def handle(self, request: httpx.Request) -> httpx.Response:
        assert request.url.params.get("access_token") == TOKEN
        m = _PATH.match(request.url.path)
        assert m, request.url.path
        rest, method = m["rest"] or "", request.method
        if not rest:  # the shop record: the connectivity probe reads it
            return httpx.Response(200, json={"id": SHOP, "status": "active"})
        fault = self._fault(method, rest)
        if fault == "error":
            self.log.append((method, rest, 503))
            return httpx.Response(503, json={"message": "Injected failure"})
        if fault == "429":
            self.log.append((method, rest, 429))
            return httpx.Response(429, json={"message": "slow down"},
                                  headers={"Retry-After": "0"})
        body = json.loads(request.content) if request.content else None
        response = self._route(method, rest, body)
        if fault == "drop":
            self.log.append((method, rest, "drop"))
            raise httpx.RemoteProtocolError("peer closed connection mid-body")
        if fault == "crash":
            self.log.append((method, rest, "crash"))
            raise RuntimeError("something nobody planned for")
        if fault == "malformed":
            self.log.append((method, rest, "malformed"))
            return httpx.Response(200, content=b'{"id": 1, "na\x00')
        self.log.append((method, rest, response.status_code))
        return response

    def _route(self, method: str, rest: str, body: Any) -> httpx.Response:
        parts = rest.split("/")
        if parts[0] == "metrics":
            return self._metrics(method, parts[1:], body)
        if parts[0] == "questions":
            return self._questions(method, int(parts[1]), body)
        if parts[0] == "orders":
            return self._orders(method, parts[1], parts[2:], body)
        return httpx.Response(404, json={"error": "no route"})

    def _metrics(self, method: str, parts: list[str], body: Any) -> httpx.Response:
        if not parts:
            if method == "GET":
                return httpx.Response(200, json=[
                    {**c, "options": ""} for _, c in sorted(self.codes.items())
                    if c["status"] == "ACTIVE"])
            new = {"status": "ACTIVE", "options": {}, **body}
            return httpx.Response(201, json=self.codes[self._insert(new)])
        code = self.codes.get(int(parts[0]))
        if code is None:
            return httpx.Response(404, json={"error": "Tracking code not found"})
        if method == "GET":
            return httpx.Response(200, json=code)
        if method == "PUT":
            code.update(body)
            return httpx.Response(200, json=code)
        del self.codes[code["id"]]
        return httpx.Response(204)

    def _questions(self, method: str, qid: int, body: Any) -> httpx.Response:
        q = self.questions.get(qid)
        if q is None:
            return httpx.Response(404, json={"message": "not found", "status": 404})
        if method == "GET":
            return httpx.Response(200, json=q)
        if method == "DELETE":
            del self.questions[qid]
            return httpx.Response(204)
        if q["status"] != "unanswered":
            return httpx.Response(400, json={"message": "The question is already answered"})
        q["status"] = "answered"
        q["answer"] = {"text": body["answer"].strip(), "date": "2026-11-21T10:00:00.000Z"}
        return httpx.Response(200, json={"answer": q["answer"]["text"]})

    def _orders(self, method: str, oid: str, parts: list[str], body: Any) -> httpx.Response:
        order = self.orders.get(oid)
        if order is None:
            return httpx.Response(404, json={"message": "not found", "status": 404})
        if method == "GET":
            return httpx.Response(200, json=order)
        if not parts:
            order["invoice"] = dict(body["invoice"])
            return httpx.Response(200, json=order)
        ship = next((s for s in order["shippings"] if s["id"] == int(parts[1])), None)
        if ship is None:
            return httpx.Response(404, json={"message": "not found", "status": 404})
        ship["status"] = body["status"]
        if "tracking_code" in body:
            ship["tracking_code"] = body["tracking_code"]
        return httpx.Response(200, json=ship)
