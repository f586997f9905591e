"""Connecting a shop with OAuth: the app's settings and the browser sign-in, for the window
and the command line (`sellerdesk connect`).

The authorization-code flow with PKCE (`api/oauth.py`): the system browser opens the shop's
authorization page, the seller allows SellerDesk, and the code comes back either to a loopback
address on this computer (`sign_in`; the command line, and the window through
`BrowserSignIn`, also take the address the browser ended on, pasted, for a browser on another
computer or none at all) or, for an app registration whose redirect is
elsewhere, pasted by the seller (`PastedSignIn`). The result is an `OAuthGrant`, which `Shops`
keeps in the keyring and renews by itself. Qt-free: the window opens the browser and shows the
words.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

from sellerdesk.api.errors import (
    GRANT_REFUSED,
    SIGN_IN_DENIED,
    SIGN_IN_REFUSED,
    SIGN_IN_TIMED_OUT,
    PastedTextError,
    SignInError,
)
from sellerdesk.api.redact import install_redaction
from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.services.events import Event

# `sellerdesk.api.oauth` and httpx load with the first sign-in: the window imports this
# module for `OAuthApp` before its first paint, which needs neither.


@dataclass(frozen=True)
class OAuthApp:
    """Where and as whom SellerDesk signs a seller in: the shop service's authorization page
    and token endpoint, and the app's id and secret (the secret goes to the keyring with the
    grant, never to the settings file). `redirect_uri`: empty for a loopback redirect on this
    computer, else the app registration's own (the code is then pasted)."""

    authorization_url: str
    token_url: str
    client_id: str
    client_secret: str = field(repr=False)
    redirect_uri: str = ""

    def problem(self) -> str:
        """What is missing, in English words for the command line; "" when usable."""
        for url in (self.authorization_url, self.token_url):
            if not url.startswith(("http://", "https://")):
                return "The authorization and token addresses start with https://."
        if not self.client_id.strip() or not self.client_secret.strip():
            return "Enter the app's id and secret."
        return ""


def sandbox_app(base_url: str, client_id: str, client_secret: str) -> OAuthApp:
    """The sandbox's OAuth app (its ready line names the id and secret)."""
    base = base_url.rstrip("/")
    return OAuthApp(f"{base}/authorization", f"{base}/oauth/token", client_id, client_secret)


async def sign_in(app: OAuthApp, open_browser: Callable[[str], object], *,
                  timeout: float | None = None,
                  paste: Callable[[], Awaitable[str | None]] | None = None) -> OAuthGrant:
    """Sign in through the system browser with a loopback redirect; raises `SignInError`
    (refused, cancelled, timed out; `PastedTextError`: `paste()` gave no code of this
    sign-in) or another `ApiError` (the token endpoint's). `timeout`: seconds the sign-in may
    take (default `oauth.SIGN_IN_TIMEOUT`); `paste`: the address the browser ended on (or
    the code), typed by the seller, when that comes before the redirect (None: no more)."""
    from sellerdesk.api import oauth

    install_redaction(app.client_secret)
    if timeout is None:
        timeout = oauth.SIGN_IN_TIMEOUT
    return await oauth.sign_in(authorization_base=app.authorization_url,
                               token_url=app.token_url, client_id=app.client_id,
                               client_secret=app.client_secret, open_browser=open_browser,
                               timeout=timeout, paste=paste)


def same_server(url: str, other: str) -> bool:
    """Whether two addresses name one server (scheme, host and port; any path)."""
    a, b = urlsplit(url.strip()), urlsplit(other.strip())
    if not (a.hostname and b.hostname):
        return False
    ports = {"http": 80, "https": 443}
    try:
        return (a.scheme, a.hostname, a.port or ports.get(a.scheme)) == \
            (b.scheme, b.hostname, b.port or ports.get(b.scheme))
    except ValueError:  # a port that is not a number: not an address of any server
        return False


class BrowserSignIn:
    """A sign-in with a loopback redirect (`sign_in`) that the seller can also finish by
    pasting the address a browser ended on: for a browser on another computer, or when none
    could be opened here. `address_shown` fires with the sign-in address once it is known
    (`browser_opened`: whether the system said a browser took it); `paste(text)` checks the
    text at once, so a wrong paste is told while the sign-in goes on waiting."""

    def __init__(self, app: OAuthApp, open_browser: Callable[[str], object]) -> None:
        self.app = app
        self._open_browser = open_browser
        self.url = ""
        self.browser_opened = False
        self.address_shown: Event[str] = Event("sign_in.address_shown")
        self._pasted: asyncio.Future[str | None] | None = None

    async def run(self, *, timeout: float | None = None) -> OAuthGrant:
        self._pasted = asyncio.get_running_loop().create_future()
        try:
            return await sign_in(self.app, self._opened, timeout=timeout, paste=self._paste)
        finally:
            if not self._pasted.done():
                self._pasted.cancel()

    def _opened(self, url: str) -> None:
        self.url = url
        try:
            self.browser_opened = bool(self._open_browser(url))
        finally:  # the address is shown whether a browser took it or not
            self.address_shown.emit(url)

    async def _paste(self) -> str | None:
        assert self._pasted is not None
        return await self._pasted

    def paste(self, text: str) -> None:
        """Finish with what the seller pasted. Raises `PastedTextError` (the wait goes on)
        when it holds no code of this sign-in; a refusal in it ends the sign-in."""
        from sellerdesk.api import oauth

        state = parse_qs(urlsplit(self.url).query).get("state", [""])[0]
        if not state or self._pasted is None or self._pasted.done():
            raise PastedTextError(SIGN_IN_REFUSED, detail="no sign-in is waiting")
        try:
            oauth.pasted_code(text, state)
        except PastedTextError:
            raise
        except SignInError:  # "cancelled" in the address: the sign-in ends saying so
            pass
        self._pasted.set_result(text)


class PastedSignIn:
    """A sign-in whose code the seller pastes back: `url` to open, then `finish(text)` with
    the address the browser ended on (or the bare code)."""

    def __init__(self, app: OAuthApp) -> None:
        from sellerdesk.api import oauth

        install_redaction(app.client_secret)
        self.app = app
        self._request = oauth.sign_in_request(app.authorization_url, client_id=app.client_id,
                                              redirect_uri=app.redirect_uri)

    @property
    def url(self) -> str:
        return self._request.url

    async def finish(self, pasted: str) -> OAuthGrant:
        import httpx

        from sellerdesk.api import oauth

        code = oauth.pasted_code(pasted, self._request.state)
        async with httpx.AsyncClient(timeout=httpx.Timeout(20.0, connect=10.0)) as http:
            return await oauth.exchange_code(
                http, token_url=self.app.token_url, client_id=self.app.client_id,
                client_secret=self.app.client_secret, code=code,
                redirect_uri=self._request.redirect_uri,
                code_verifier=self._request.verifier)


__all__ = ["GRANT_REFUSED", "SIGN_IN_DENIED", "SIGN_IN_TIMED_OUT", "BrowserSignIn", "OAuthApp",
           "PastedSignIn", "PastedTextError", "SignInError", "same_server", "sandbox_app",
           "sign_in"]
