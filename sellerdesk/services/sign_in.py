"""Connecting a shop with OAuth: the app's settings and the browser sign-in, for the window
and the command line (`sellerdesk connect`).

The authorization-code flow with PKCE (`api/oauth.py`): the system browser opens the shop's
authorization page, the seller allows SellerDesk, and the code comes back either to a loopback
address on this computer (`sign_in`; the command line also takes the address the browser ended
on, pasted, for a browser on another computer) or, for an app registration whose redirect is
elsewhere, pasted by the seller (`PastedSignIn`). The result is an `OAuthGrant`, which `Shops`
keeps in the keyring and renews by itself. Qt-free: the window opens the browser and shows the
words.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from sellerdesk.api.errors import (
    GRANT_REFUSED,
    SIGN_IN_DENIED,
    SIGN_IN_TIMED_OUT,
    PastedTextError,
    SignInError,
)
from sellerdesk.api.redact import install_redaction
from sellerdesk.api.tokens import OAuthGrant

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


__all__ = ["GRANT_REFUSED", "SIGN_IN_DENIED", "SIGN_IN_TIMED_OUT", "OAuthApp", "PastedSignIn",
           "PastedTextError", "SignInError", "sandbox_app", "sign_in"]
