"""The value types front ends show and pass back: one import for the window and the command line.

Views and commands talk to services only (tests/support/import_contract.py), yet they show
records of the wire (orders, questions...), filter with the store's filters and tell errors
apart. Those types are defined where they belong (api, store, credentials) and handed out
here, so a front end never imports below services.
"""

from __future__ import annotations

from sellerdesk.api.enums import (
    Channel,
    Provider,
    QuestionStatus,
    ShippingStatus,
    ShopStatus,
    ThreadOrder,
    ThreadStatus,
    TrackingStatus,
)
from sellerdesk.api.enums import Event as CodeEvent
from sellerdesk.api.errors import (
    ApiError,
    AuthError,
    BadRequest,
    NotFound,
    Offline,
    RateLimited,
    ServerError,
    SignInError,
)
from sellerdesk.api.models import (
    Category,
    Order,
    Publication,
    Qualification,
    Question,
    Shop,
    Thread,
    TrackingCode,
    TrackingCodeDraft,
)
from sellerdesk.api.tokens import OAuthGrant, SaveGrant
from sellerdesk.credentials import (
    NO_SECURE_STORE,
    STORE_REFUSED,
    CredentialsError,
    Profile,
)
from sellerdesk.store import (
    StoreBusyError,
    StoreError,
    StoreFullError,
)
from sellerdesk.store.facet_table import ORDER_FACETS, Facet, FacetKind
from sellerdesk.store.outbox import (
    UNFINISHED,
    IntentKind,
    OutboxChange,
    OutboxEntry,
    OutboxEvent,
    OutboxState,
    OutboxStateError,
    Resolution,
    entity_key,
)
from sellerdesk.store.rows import (
    Facets,
    OrderFilter,
    OrderSort,
    OrderSummary,
    QuestionFilter,
    Resource,
    ThreadFilter,
)
from sellerdesk.store.stats import DayFigure, Stats, WeekAnswerTime

__all__ = [
    "NO_SECURE_STORE",
    "ORDER_FACETS",
    "STORE_REFUSED",
    "UNFINISHED",
    "ApiError",
    "AuthError",
    "BadRequest",
    "Category",
    "Channel",
    "CodeEvent",
    "CredentialsError",
    "DayFigure",
    "Facet",
    "FacetKind",
    "Facets",
    "IntentKind",
    "NotFound",
    "OAuthGrant",
    "Offline",
    "Order",
    "OrderFilter",
    "OrderSort",
    "OrderSummary",
    "OutboxChange",
    "OutboxEntry",
    "OutboxEvent",
    "OutboxState",
    "OutboxStateError",
    "Profile",
    "Provider",
    "Publication",
    "Qualification",
    "Question",
    "QuestionFilter",
    "QuestionStatus",
    "RateLimited",
    "Resolution",
    "Resource",
    "SaveGrant",
    "ServerError",
    "ShippingStatus",
    "Shop",
    "ShopStatus",
    "SignInError",
    "Stats",
    "StoreBusyError",
    "StoreError",
    "StoreFullError",
    "Thread",
    "ThreadFilter",
    "ThreadOrder",
    "ThreadStatus",
    "TrackingCode",
    "TrackingCodeDraft",
    "TrackingStatus",
    "WeekAnswerTime",
    "entity_key",
]
