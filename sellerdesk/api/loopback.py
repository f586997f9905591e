"""The loopback redirect of a browser sign-in: a one-shot HTTP listener on 127.0.0.1.

The authorization server sends the browser to `http://127.0.0.1:<port>/callback?code=...
&state=...`; the receiver answers a small plain page ("You can close this tab"), checks
`state` against the sign-in it belongs to (a request of another sign-in is refused and the
wait goes on), and hands over the code. Only the request line is read; nothing is logged of
it but its path. Qt-free: the profile dialog opens the browser and awaits `code()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from urllib.parse import parse_qs, urlsplit

from sellerdesk.api.errors import SIGN_IN_DENIED, SIGN_IN_TIMED_OUT, SignInError
from sellerdesk.api.redact import install_redaction

log = logging.getLogger("sellerdesk.api")

HOST = "127.0.0.1"
READ_TIMEOUT = 10.0  # seconds a connected browser may take to send its request
MAX_REQUEST = 16 * 1024

PAGE_DONE = "You can close this tab and return to SellerDesk."
PAGE_DENIED = "The sign-in was cancelled. You can close this tab and return to SellerDesk."
PAGE_WRONG = "This sign-in address is not the one SellerDesk is waiting for."


class LoopbackReceiver:
    """Waits for one authorization redirect. `start()` gives the `redirect_uri`."""

    def __init__(self, *, path: str = "/callback") -> None:
        self.path = path
        self._state: str | None = None
        self._server: asyncio.Server | None = None
        self._result: asyncio.Future[str] | None = None
        self.redirect_uri = ""

    def __repr__(self) -> str:
        return f"LoopbackReceiver({self.redirect_uri!r})"

    async def start(self) -> str:
        """Listen on a free loopback port; returns the redirect URI to register/send."""
        self._result = asyncio.get_running_loop().create_future()
        self._server = await asyncio.start_server(self._serve, HOST, 0)
        port = self._server.sockets[0].getsockname()[1]
        self.redirect_uri = f"http://{HOST}:{port}{self.path}"
        return self.redirect_uri

    def expect(self, state: str) -> None:
        """The `state` of the sign-in this redirect must belong to."""
        self._state = state

    async def code(self, *, timeout: float) -> str:
        """The authorization code, once the browser comes back; `SignInError` when the
        seller refused, or after `timeout` seconds."""
        if self._result is None:
            raise RuntimeError("start() the receiver first")
        try:
            return await asyncio.wait_for(asyncio.shield(self._result), timeout)
        except TimeoutError:
            raise SignInError(SIGN_IN_TIMED_OUT, detail=f"no redirect in {timeout:.0f} s"
                              ) from None

    async def aclose(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        if self._result is not None:
            if not self._result.done():
                self._result.cancel()
            elif not self._result.cancelled():
                self._result.exception()  # retrieved: no "never retrieved" warning

    async def __aenter__(self) -> LoopbackReceiver:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            try:
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), READ_TIMEOUT)
            except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError,
                    ConnectionError):
                return
            status, page = self._handle(head[:MAX_REQUEST])
            body = page.encode("utf-8")
            writer.write(f"HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\n"
                         f"Content-Length: {len(body)}\r\nConnection: close\r\n"
                         "Cache-Control: no-store\r\n\r\n".encode("ascii") + body)
            with contextlib.suppress(ConnectionError):
                await writer.drain()
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()

    def _handle(self, head: bytes) -> tuple[str, str]:
        line = head.split(b"\r\n", 1)[0].decode("latin-1")
        parts = line.split(" ")
        if len(parts) != 3 or parts[0] != "GET":
            return "405 Method Not Allowed", PAGE_WRONG
        target = urlsplit(parts[1])
        if target.path != self.path:
            return "404 Not Found", PAGE_WRONG  # a favicon, a stray request
        query = {k: v[0] for k, v in parse_qs(target.query).items()}
        install_redaction(query.get("code", ""))  # the code must not reach a log either
        if self._state is None or query.get("state") != self._state:
            log.warning("sign-in redirect with a state of another sign-in: ignored")
            return "400 Bad Request", PAGE_WRONG
        result = self._result
        if result is None or result.done():
            return "200 OK", PAGE_DONE
        if "error" in query or not query.get("code"):
            error = query.get("error", "no code")
            result.set_exception(SignInError(SIGN_IN_DENIED,
                                             detail=f"authorization error {error!r}"))
            return "200 OK", PAGE_DENIED
        result.set_result(query["code"])
        return "200 OK", PAGE_DONE
