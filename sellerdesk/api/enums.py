"""Closed and open value sets of the spec, as `StrEnum`s.

Every set a server sends is open (`OpenEnum`): a value matching a member but for case
(`UNANSWERED`) decodes to that member, and any other string becomes a pseudo-member kept as it
came (service notes: VES, USD, PEN; "show unknown states as they come rather than failing");
`.known` tells them apart. The sets the client only sends (orderings, the order search's
`shipping` filter) stay closed.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import Any


@cache
def _folded(cls: type[OpenEnum]) -> dict[str, OpenEnum]:
    return {member.value.casefold(): member for member in cls}


class OpenEnum(StrEnum):
    """A `StrEnum` that turns an unknown string into a pseudo-member instead of failing."""

    @classmethod
    def _missing_(cls, value: object) -> Any:
        if not isinstance(value, str) or not cls._may_be(value):
            return None
        member = _folded(cls).get(cls._canonical(value).casefold())
        if member is not None:
            return member
        pseudo = str.__new__(cls, value)
        pseudo._name_ = value.upper()
        pseudo._value_ = value
        return pseudo

    @classmethod
    def _canonical(cls, value: str) -> str:
        """Another spelling of a member's value, mapped to it (hook for subclasses)."""
        return value

    @classmethod
    def _may_be(cls, value: str) -> bool:
        """Whether `value` may become a pseudo-member (hook for subclasses)."""
        return True

    @property
    def known(self) -> bool:
        """Whether the value is one the spec (or the service notes) lists."""
        return type(self).__members__.get(self._name_) is self


class NonBlankEnum(OpenEnum):
    """An open set where a blank string is no value at all (`ValueError`, as when these sets
    were closed: code that reads "" as "any" keeps working)."""

    @classmethod
    def _may_be(cls, value: str) -> bool:
        return bool(value.strip())


class Channel(NonBlankEnum):
    """Where the listing is sold; the long spellings decode to the same member (spec, Channel)."""

    SHOPFRONT = "shopfront"
    MARKETPLACE = "marketplace"

    @classmethod
    def _canonical(cls, value: str) -> str:
        short = value.casefold().removesuffix("_long")
        return short if short in _folded(cls) else value


class Currency(NonBlankEnum):
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


class Event(NonBlankEnum):
    NAVIGATION = "NAVIGATION"
    BUY_BUTTON = "BUY_BUTTON"
    CONTACT_BUTTON = "CONTACT_BUTTON"
    PAY_BUTTON = "PAY_BUTTON"
    CONGRAT_PAGE = "CONGRAT_PAGE"


class Provider(NonBlankEnum):
    ANALYTICS = "PROVIDER_ANALYTICS"
    ADS = "PROVIDER_ADS"
    CLICKS = "PROVIDER_CLICKS"
    SURVEY = "PROVIDER_SURVEY"
    STAMP = "PROVIDER_STAMP"
    SOCIAL_AD = "PROVIDER_SOCIAL_AD"
    OTHER = "OTHER"


class TrackingStatus(NonBlankEnum):
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
