"""Noticing, while idle, that the shop service went away: a heartbeat that costs no request.

Requests tell `Connectivity` what they find, but an idle window sends none for minutes (the
background refresh's interval), so a service gone meanwhile was noticed only by the next
refresh. The heartbeat is one TCP connection to the service on which nothing is sent, with
the kernel's keep-alive on: a service that stops closes it at once, a network that goes
silent leaves the keep-alive unanswered within seconds. Only then comes a probe, and a cheap
one: a new connection, made (the watch goes on) or not (offline). Requests in flight speak
first: a lost heartbeat waits a moment for them (`policy.HEARTBEAT_DEFER`).

Watched only where a direct connection is the app's own way to the service (no proxy set for
it), and only once a connection was made while requests were answered: a heartbeat that never
connected says nothing, and must not turn a working shop offline. Qt-free, asyncio only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import urllib.request
from collections.abc import Awaitable, Callable
from typing import Any

from sellerdesk import policy
from sellerdesk.api.errors import Offline
from sellerdesk.api.unpinned import release_tracebacks
from sellerdesk.services.connectivity import Connectivity

log = logging.getLogger("sellerdesk.connectivity")


def direct(host: str) -> bool:
    """Whether requests to `host` go straight to it (no proxy in the environment)."""
    proxies = urllib.request.getproxies()
    if not any(k in proxies for k in ("http", "https", "all")):
        return True
    return bool(urllib.request.proxy_bypass(host))


def keep_alive(sock: Any) -> None:
    """The kernel's keep-alive on `sock`, at the heartbeat's pace where the system allows."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
    for name, value in (("TCP_KEEPIDLE", policy.HEARTBEAT_KEEPIDLE),
                        ("TCP_KEEPALIVE", policy.HEARTBEAT_KEEPIDLE),  # macOS's name
                        ("TCP_KEEPINTVL", policy.HEARTBEAT_KEEPINTVL),
                        ("TCP_KEEPCNT", policy.HEARTBEAT_KEEPCNT)):
        option = getattr(socket, name, None)
        if option is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, option, value)


class Heartbeat:
    """Watches `host:port` while `connectivity` is online; `start()` after each answered
    request (a no-op while it watches). Counts what it did, for tests and logs: `connects`
    (connections made), `lost` (heartbeats lost), `probes` (connects tried after a loss)."""

    def __init__(self, host: str, port: int, connectivity: Connectivity, *,
                 quiet: Callable[[], Awaitable[object]] | None = None) -> None:
        self.host, self.port = host, port
        self._connectivity = connectivity
        self._quiet = quiet  # returns once no request is in flight
        self._task: asyncio.Task[None] | None = None
        self._proven = False  # a connection was made once: its failure now means something
        self._closed = False
        self.unusable = False  # its first connection failed: never tried again this session
        self.connects = self.lost = self.probes = 0
        self.watching = asyncio.Event()  # set while a heartbeat connection is open

    def __repr__(self) -> str:
        return f"Heartbeat({self.host}:{self.port})"

    def start(self) -> None:
        if self._closed or self.unusable or (self._task is not None and not self._task.done()):
            return
        self._task = asyncio.get_running_loop().create_task(self._watch(),
                                                             name="connectivity-heartbeat")

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), policy.HEARTBEAT_CONNECT)
        except (OSError, TimeoutError) as exc:
            log.info("heartbeat: no connection to the service (%s)", type(exc).__name__)
            release_tracebacks(exc)
            return None
        sock = writer.get_extra_info("socket")
        if sock is not None:
            keep_alive(sock)
        self.connects += 1
        self._proven = True
        return reader, writer

    def _live(self) -> bool:
        """Online and open: worth watching (offline, the connectivity probe takes over)."""
        return self._connectivity.online and not (self._closed or self._connectivity.closed)

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while self._live():
            opened = await self._connect()
            if opened is None:
                if self._proven and self._live():
                    self._connectivity.report_failure(
                        Offline(detail="heartbeat: the service cannot be reached"))
                self.unusable = not self._proven  # this way to the service says nothing
                return
            reader, writer = opened
            since = loop.time()
            self.watching.set()
            dropped = False
            try:
                await reader.read(1)  # nothing is ever sent: any end of it is the news
            except OSError:  # reset, or the keep-alive went unanswered
                pass
            except GeneratorExit:  # dropped unfinished with its loop gone: nothing can wait
                dropped = True
                raise
            finally:
                self.watching.clear()
                with contextlib.suppress(RuntimeError):  # dropped: its loop may be closed
                    writer.close()
                # Bounded: cancelled while closing (the session closing), an unanswered close
                # must not hold the session's close forever.
                if not dropped:
                    with contextlib.suppress(OSError, TimeoutError):
                        await asyncio.wait_for(writer.wait_closed(), 1.0)
            self.lost += 1
            await self._after_loss(loop.time() - since)
            if self._live():
                self.probes += 1

    async def _after_loss(self, lived: float) -> None:
        """Requests in flight answer first (briefly); a connection that lived less than the
        gap is not made again at once (a server closing idle connections soon)."""
        if self._quiet is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._quiet(), policy.HEARTBEAT_DEFER)
        if lived < policy.HEARTBEAT_GAP:
            await asyncio.sleep(policy.HEARTBEAT_GAP - lived)

    async def aclose(self) -> None:
        self._closed = True
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            # Never longer than a moment: closing a shop must not wait on the network.
            await asyncio.wait({task}, timeout=2.0)


__all__ = ["Heartbeat", "direct", "keep_alive"]
