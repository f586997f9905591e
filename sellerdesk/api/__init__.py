"""The wire side of SellerDesk: `ShopClient`, typed models, paging, errors. Imports no Qt."""

from sellerdesk.api.client import ShopClient
from sellerdesk.api.errors import (
    ApiError,
    AuthError,
    BadRequest,
    BadResponse,
    NotFound,
    Offline,
    RateLimited,
    ServerError,
)
from sellerdesk.api.paging import paginate, paginate_thread, walk
from sellerdesk.api.redact import RedactionFilter, install_redaction, register_secret, scrub

__all__ = [
    "ApiError",
    "AuthError",
    "BadRequest",
    "BadResponse",
    "NotFound",
    "Offline",
    "RateLimited",
    "RedactionFilter",
    "ServerError",
    "ShopClient",
    "install_redaction",
    "paginate",
    "paginate_thread",
    "register_secret",
    "scrub",
    "walk",
]
