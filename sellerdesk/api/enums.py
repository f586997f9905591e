"""Closed and open value sets of the spec, as `StrEnum`s.

Closed enums reject unknown values (the answer becomes `BadResponse`). Open enums (`OpenEnum`)
accept any string as a pseudo-member, so a state the spec does not list is shown as it comes
(service-notes: "show unknown states as they come rather than failing"); `.known` tells them apart.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class OpenEnum(StrEnum):
    """A `StrEnum` that turns an unknown string into a pseudo-member instead of failing."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if not isinstance(value, str):
            return None
        member = str.__new__(cls, value)
        member._name_ = value.upper()
        member._value_ = value
        return member

    @property
    def known(self) -> bool:
        """Whether the value is one the spec (or the service notes) lists."""
        return type(self).__members__.get(self._name_) is self


class Channel(StrEnum):
    """Where the listing is sold; the long spellings decode to the same member (spec, Channel)."""

    SHOPFRONT = "shopfront"
    MARKETPLACE = "marketplace"

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if isinstance(value, str) and value.endswith("_long"):
            return cls.__members__.get(value.removesuffix("_long").upper())
        return None


class Currency(StrEnum):
    ARS = "ARS"
    BRL = "BRL"
    VEF = "VEF"
    CLP = "CLP"
    MXN = "MXN"
    COP = "COP"
    UYU = "UYU"


class ShopStatus(OpenEnum):
    ACTIVE = "active"
    CLOSE = "close"


class QuestionStatus(OpenEnum):
    """Spec: unanswered/answered; facets show closed_unanswered; the notes list three more."""

    UNANSWERED = "unanswered"
    ANSWERED = "answered"
    CLOSED_UNANSWERED = "closed_unanswered"
    UNDER_REVIEW = "under_review"
    BANNED = "banned"
    DELETED = "deleted"


class ThreadStatus(OpenEnum):
    UNANSWERED = "unanswered"
    ANSWERED = "answered"


class QuestionType(OpenEnum):
    SHOP = "shop"
    ITEM = "item"


class Event(StrEnum):
    NAVIGATION = "NAVIGATION"
    BUY_BUTTON = "BUY_BUTTON"
    CONTACT_BUTTON = "CONTACT_BUTTON"
    PAY_BUTTON = "PAY_BUTTON"
    CONGRAT_PAGE = "CONGRAT_PAGE"


class Provider(StrEnum):
    ANALYTICS = "PROVIDER_ANALYTICS"
    ADS = "PROVIDER_ADS"
    CLICKS = "PROVIDER_CLICKS"
    SURVEY = "PROVIDER_SURVEY"
    STAMP = "PROVIDER_STAMP"
    SOCIAL_AD = "PROVIDER_SOCIAL_AD"
    OTHER = "OTHER"


class TrackingStatus(StrEnum):
    ACTIVE = "ACTIVE"
    INACTIVE = "INACTIVE"


class PaymentStatus(OpenEnum):
    PENDING = "pending"
    APPROVED = "approved"
    IN_PROCESS = "in_process"
    REJECTED = "rejected"
    CANCELLED = "cancelled"
    REFUNDED = "refunded"
    CHARGED_BACK = "charged_back"


class ShippingStatus(OpenEnum):
    """Normalised shipping status; the five values are also what a shipping update may send."""

    PICKUP = "pickup"
    PENDING = "pending"
    IN_PROGRESS = "in_progress"
    ON_ROUTE = "on_route"
    DELIVERED = "delivered"


class ShipType(OpenEnum):
    NOT_SPECIFIED = "not specified"
    CUSTOM = "custom"
    CARRIER_MODE_1 = "carrier_mode_1"
    CARRIER_MODE_2 = "carrier_mode_2"


class ContactDataStatus(OpenEnum):
    """Order `status.contact_data_status`, also the order search filter `status`."""

    NEW = "new"
    FIRST_CONTACT = "first_contact"
    CONFIRMED_DATA = "confirmed_data"


class OrderShippingFilter(StrEnum):
    """Order search filter `shipping` (a superset of the shipping statuses)."""

    PENDING = "pending"
    PICKUP = "pickup"
    ON_ROUTE = "on_route"
    PRINT_TAG = "print_tag"
    TO_BE_AGREED = "to_be_agreed"
    IN_PROGRESS = "in_progress"
    DELIVERED = "delivered"


class QuestionOrder(StrEnum):
    """`orders` of the question search and of a thread by id."""

    DATE_ASC = "question_date_asc"
    DATE_DESC = "question_date_desc"


class ThreadOrder(StrEnum):
    LAST_QUESTION_DATE_ASC = "last_question_date_asc"
    LAST_QUESTION_DATE_DESC = "last_question_date_desc"


class OrderOrder(StrEnum):
    """`orders` of the order search.

    The spec spells the descending last-updated option both `total_last_updated_desc`
    (available orderings) and `total_last_updated_sasc` (parameter table). We send the first,
    the id the server itself lists, and decode the second to the same member.
    """

    CREATION_DATE_ASC = "creation_date_asc"
    CREATION_DATE_DESC = "creation_date_desc"
    CLIENT_ID_ASC = "client_id_asc"
    CLIENT_ID_DESC = "client_id_desc"
    NAME_ASC = "name_asc"
    NAME_DESC = "name_desc"
    TOTAL_LAST_UPDATED_ASC = "total_last_updated_asc"
    TOTAL_LAST_UPDATED_DESC = "total_last_updated_desc"

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if value == "total_last_updated_sasc":
            return cls.TOTAL_LAST_UPDATED_DESC
        return None
