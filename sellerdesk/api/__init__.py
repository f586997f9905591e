"""The wire side of SellerDesk: `ShopClient`, typed models, paging, errors, OAuth. No Qt.

The names below load with their module on first use (PEP 562): importing one module of the
package (the log redaction, the models) does not import the HTTP client and httpx, which
the window's start leaves until after its first paint.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sellerdesk.api.client import ShopClient
    from sellerdesk.api.envelope import Skipped
    from sellerdesk.api.errors import (
        ApiError,
        AuthError,
        BadRequest,
        BadResponse,
        NotFound,
        Offline,
        RateLimited,
        ServerError,
        SignInError,
    )
    from sellerdesk.api.paging import paginate, paginate_thread, walk
    from sellerdesk.api.redact import RedactionFilter, install_redaction, register_secret, scrub
    from sellerdesk.api.tokens import OAuthGrant

_HOMES = {
    "ShopClient": "client",
    "Skipped": "envelope",
    **dict.fromkeys(["ApiError", "AuthError", "BadRequest", "BadResponse", "NotFound",
                     "Offline", "RateLimited", "ServerError", "SignInError"], "errors"),
    **dict.fromkeys(["paginate", "paginate_thread", "walk"], "paging"),
    **dict.fromkeys(["RedactionFilter", "install_redaction", "register_secret", "scrub"],
                    "redact"),
    "OAuthGrant": "tokens",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "ApiError",
    "AuthError",
    "BadRequest",
    "BadResponse",
    "NotFound",
    "OAuthGrant",
    "Offline",
    "RateLimited",
    "RedactionFilter",
    "ServerError",
    "ShopClient",
    "SignInError",
    "Skipped",
    "install_redaction",
    "paginate",
    "paginate_thread",
    "register_secret",
    "scrub",
    "walk",
]
