"""The shop's HTTP transport, telling `Connectivity` what each request found, and keeping the
heartbeat (services/heartbeat.py) that notices the service going away while no request goes.

Apart from connectivity.py so that the services import httpx only when a session connects
(after the window's first paint).
"""

from __future__ import annotations

import asyncio
import threading

import httpx

from sellerdesk.api.backend import import_backend
from sellerdesk.api.errors import Offline
from sellerdesk.services.connectivity import Connectivity
from sellerdesk.services.heartbeat import Heartbeat, direct


class WatchedTransport(httpx.AsyncBaseTransport):
    """The client's HTTP transport, telling connectivity what each request found: any
    answer but a 5xx or 429 (a proxy or a struggling server says little about the network)
    means online; a connection that cannot be made, breaks or times out means offline."""

    def __init__(self, inner: httpx.AsyncBaseTransport | None = None, *,
                 max_connections: int = 4) -> None:
        # httpx's own transport is made on the first request or by `prepare` (its making
        # imports httpcore and h11 and loads the TLS certificates: a tenth of a second the
        # window's first paint does not wait for).
        self._given = inner
        self._made: httpx.AsyncBaseTransport | None = None
        self._making = threading.Lock()
        self._max_connections = max_connections
        self.connectivity: Connectivity | None = None
        # The shop service's host: only its answers speak for the connection. A picture on
        # another host that cannot be reached (a CDN, the demo's made-up addresses) must not
        # make the whole app offline.
        self.service_host: str | None = None
        self.heartbeat: Heartbeat | None = None  # made with the first answer of the service
        self._in_flight = 0
        self.sent = 0  # requests sent through it (what idleness costs is counted in tests)
        self._quiet = asyncio.Event()  # set while no request is in flight
        self._quiet.set()

    def prepare(self) -> None:
        """Make the HTTP transport now (blocking; from any thread, e.g. the window's
        warm-up thread after the first paint)."""
        self._inner()

    def _inner(self) -> httpx.AsyncBaseTransport:
        if self._given is not None:
            return self._given
        made = self._made
        if made is None:
            with self._making:
                made = self._made
                if made is None:
                    # httpcore first, under the lock every import of it takes: two threads
                    # importing that graph at once can deadlock (api/backend.py).
                    import_backend()
                    # The client's own connection limits apply to the transport it would
                    # have made.
                    limits = httpx.Limits(max_connections=self._max_connections,
                                          max_keepalive_connections=self._max_connections)
                    made = self._made = httpx.AsyncHTTPTransport(limits=limits)
        return made

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        connectivity = self.connectivity
        if self.service_host is not None and request.url.host != self.service_host:
            connectivity = None
        self._in_flight += 1
        self.sent += 1
        self._quiet.clear()
        try:
            response = await self._inner().handle_async_request(request)
        except httpx.TransportError as exc:
            if connectivity is not None and not isinstance(exc, httpx.UnsupportedProtocol):
                connectivity.report_failure(Offline(detail=type(exc).__name__))
            raise
        finally:
            self._in_flight -= 1
            if not self._in_flight:
                self._quiet.set()
        if connectivity is not None and response.status_code < 500 \
                and response.status_code != 429:
            connectivity.report_success()
            self._keep_heartbeat(connectivity, request.url)
        return response

    def _keep_heartbeat(self, connectivity: Connectivity, url: httpx.URL) -> None:
        """Watch the service while idle: only over the app's own network (not a transport
        a test gave) and a direct way to the service (no proxy)."""
        if self._given is not None or self.service_host is None:
            return
        if self.heartbeat is None:
            if not direct(url.host):
                return
            port = url.port or (443 if url.scheme == "https" else 80)
            self.heartbeat = Heartbeat(url.host, port, connectivity, quiet=self._quiet.wait)
        self.heartbeat.start()

    async def aclose(self) -> None:
        if self.heartbeat is not None:
            await self.heartbeat.aclose()
        inner = self._given or self._made
        if inner is not None:  # never made: nothing to close
            await inner.aclose()


__all__ = ["WatchedTransport"]
