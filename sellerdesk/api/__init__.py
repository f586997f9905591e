"""The wire side of SellerDesk: `ShopClient`, typed models, paging, errors, OAuth. No Qt."""

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
