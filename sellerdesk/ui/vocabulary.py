"""The seller's words for every closed set of the spec, declared once (style habit 17).

Shipping and contact statuses, channels, order summaries, tracking providers, events and
statuses, question states: each value has one name, and every surface (facets, the orders
table's state column, the detail, forms, bulk shipping, the outbox, the dashboard, the
tracking views, the screen reader) takes it from here. A value the spec does not list is
shown in words made from the value itself ("search_results" -> "Search results"), on one
line, never as a raw code. The tables keep the translation contexts they were first
translated under, so the .ts files need no second copy of a word.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from sellerdesk.services.safe_text import one_line
from sellerdesk.services.types import (
    CodeEvent,
    OrderSort,
    OrderSummary,
    Provider,
    QuestionStatus,
    TrackingStatus,
)
from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP

SHIPPING_STATUSES = {
    "pending": QT_TRANSLATE_NOOP("OrderFilters", "Pending"),
    "pickup": QT_TRANSLATE_NOOP("OrderFilters", "Ready for pick-up"),
    "on_route": QT_TRANSLATE_NOOP("OrderFilters", "On the way"),
    "print_tag": QT_TRANSLATE_NOOP("OrderFilters", "Label to print"),
    "to_be_agreed": QT_TRANSLATE_NOOP("OrderFilters", "To be agreed"),
    "in_progress": QT_TRANSLATE_NOOP("OrderFilters", "Being prepared"),
    "delivered": QT_TRANSLATE_NOOP("OrderFilters", "Delivered"),
}
CONTACT_STATUSES = {
    "new": QT_TRANSLATE_NOOP("OrderFilters", "Not contacted yet"),
    "first_contact": QT_TRANSLATE_NOOP("OrderFilters", "First contact made"),
    "confirmed_data": QT_TRANSLATE_NOOP("OrderFilters", "Details confirmed"),
}
CHANNELS = {
    "shopfront": QT_TRANSLATE_NOOP("OrderFilters", "Shop"),
    "marketplace": QT_TRANSLATE_NOOP("OrderFilters", "Marketplace"),
}
SUMMARIES = {
    OrderSummary.PENDING_PROCESS: QT_TRANSLATE_NOOP("OrderFilters", "To process"),
    OrderSummary.PENDING_SHIPMENT: QT_TRANSLATE_NOOP("OrderFilters", "To ship"),
    OrderSummary.ON_THE_WAY: QT_TRANSLATE_NOOP("OrderFilters", "On the way"),
    OrderSummary.PENDING_FEEDBACK: QT_TRANSLATE_NOOP("OrderFilters", "To rate"),
    OrderSummary.CLOSED_ORDERS: QT_TRANSLATE_NOOP("OrderFilters", "Closed"),
}
SUMMARY_HINTS = {
    OrderSummary.PENDING_PROCESS: QT_TRANSLATE_NOOP("OrderFilters",
                                                    "Paid orders not processed yet"),
    OrderSummary.PENDING_SHIPMENT: QT_TRANSLATE_NOOP(
        "OrderFilters", "Paid and processed orders not handed to the carrier yet"),
    OrderSummary.ON_THE_WAY: QT_TRANSLATE_NOOP(
        "OrderFilters", "Orders handed to the carrier and not delivered yet"),
    OrderSummary.PENDING_FEEDBACK: QT_TRANSLATE_NOOP(
        "OrderFilters", "Delivered orders waiting for your feedback"),
    OrderSummary.CLOSED_ORDERS: QT_TRANSLATE_NOOP("OrderFilters", "Orders that are closed"),
}
SORTS = {
    OrderSort.CREATION_DATE_DESC: QT_TRANSLATE_NOOP("OrderFilters", "Newest first"),
    OrderSort.CREATION_DATE_ASC: QT_TRANSLATE_NOOP("OrderFilters", "Oldest first"),
    OrderSort.LAST_UPDATED_DESC: QT_TRANSLATE_NOOP("OrderFilters", "Recently updated first"),
    OrderSort.LAST_UPDATED_ASC: QT_TRANSLATE_NOOP("OrderFilters",
                                                  "Least recently updated first"),
    OrderSort.NAME_ASC: QT_TRANSLATE_NOOP("OrderFilters", "Buyer name, A to Z"),
    OrderSort.NAME_DESC: QT_TRANSLATE_NOOP("OrderFilters", "Buyer name, Z to A"),
    OrderSort.CLIENT_ID_ASC: QT_TRANSLATE_NOOP("OrderFilters", "Client number, ascending"),
    OrderSort.CLIENT_ID_DESC: QT_TRANSLATE_NOOP("OrderFilters", "Client number, descending"),
    OrderSort.TOTAL_DESC: QT_TRANSLATE_NOOP("OrderFilters", "Total by currency, highest first"),
    OrderSort.TOTAL_ASC: QT_TRANSLATE_NOOP("OrderFilters", "Total by currency, lowest first"),
}
PROVIDERS = {
    Provider.ANALYTICS: QT_TRANSLATE_NOOP("TrackingVocabulary", "Web analytics"),
    Provider.ADS: QT_TRANSLATE_NOOP("TrackingVocabulary", "Advertising"),
    Provider.CLICKS: QT_TRANSLATE_NOOP("TrackingVocabulary", "Click maps"),
    Provider.SURVEY: QT_TRANSLATE_NOOP("TrackingVocabulary", "Surveys"),
    Provider.STAMP: QT_TRANSLATE_NOOP("TrackingVocabulary", "Trust seal"),
    Provider.SOCIAL_AD: QT_TRANSLATE_NOOP("TrackingVocabulary", "Social media ads"),
    Provider.OTHER: QT_TRANSLATE_NOOP("TrackingVocabulary", "Other"),
}
EVENTS = {
    CodeEvent.NAVIGATION: QT_TRANSLATE_NOOP("TrackingVocabulary", "Every page"),
    CodeEvent.BUY_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary", "Add to cart"),
    CodeEvent.CONTACT_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary", "Contact page"),
    CodeEvent.PAY_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary", "Checkout"),
    CodeEvent.CONGRAT_PAGE: QT_TRANSLATE_NOOP("TrackingVocabulary", "Purchase completed"),
}
# Where the shop inserts the snippet (the spec's table of event values).
EVENT_PLACES = {
    CodeEvent.NAVIGATION: QT_TRANSLATE_NOOP("TrackingVocabulary",
                                            "Inserted on every page of the shop."),
    CodeEvent.BUY_BUTTON: QT_TRANSLATE_NOOP(
        "TrackingVocabulary", "Inserted each time the user adds a product to the cart."),
    CodeEvent.CONTACT_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary",
                                                "Inserted on the contact page of the shop."),
    CodeEvent.PAY_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary",
                                            "Inserted when the checkout process starts."),
    CodeEvent.CONGRAT_PAGE: QT_TRANSLATE_NOOP("TrackingVocabulary",
                                              "Inserted on the purchase completion page."),
}
QUESTION_STATUSES = {
    QuestionStatus.CLOSED_UNANSWERED: QT_TRANSLATE_NOOP("ConversationModel",
                                                        "Closed without answer"),
    QuestionStatus.UNDER_REVIEW: QT_TRANSLATE_NOOP("ConversationModel", "Under review"),
    QuestionStatus.BANNED: QT_TRANSLATE_NOOP("ConversationModel", "Banned"),
    QuestionStatus.DELETED: QT_TRANSLATE_NOOP("ConversationModel", "Deleted"),
}


# One reader per translation context: lupdate needs each context written out.
def _orders(text: str) -> str:
    return QCoreApplication.translate("OrderFilters", text)


def _tracking(text: str) -> str:
    return QCoreApplication.translate("TrackingVocabulary", text)


def _questions(text: str) -> str:
    return QCoreApplication.translate("ConversationModel", text)


def as_words(value: str) -> str:
    """A value the spec does not list, in words made from itself, on one line
    ("SEARCH_RESULTS" -> "Search results")."""
    flat = one_line(value)[1:-1]  # without controls and bidi marks (nor their isolates)
    words = " ".join(flat.replace("_", " ").replace("-", " ").split()).lower()
    return one_line(words[:1].upper() + words[1:]) if words else ""


def shipping_label(value: str) -> str:
    words = SHIPPING_STATUSES.get(value)
    return _orders(words) if words else as_words(value)


def contact_label(value: str) -> str:
    words = CONTACT_STATUSES.get(value)
    return _orders(words) if words else as_words(value)


def channel_label(value: str) -> str:
    words = CHANNELS.get(value)
    return _orders(words) if words else as_words(value)


def summary_label(summary: OrderSummary) -> str:
    return _orders(SUMMARIES[summary])


def summary_hint(summary: OrderSummary) -> str:
    return _orders(SUMMARY_HINTS[summary])


def sort_label(sort: OrderSort) -> str:
    return _orders(SORTS[sort])


def provider_name(provider: Provider | str | None) -> str:
    if provider is None:
        return QCoreApplication.translate("TrackingVocabulary", "No provider")
    words = PROVIDERS.get(provider) if isinstance(provider, Provider) else None
    return _tracking(words) if words else as_words(
        _value(provider).removeprefix("PROVIDER_"))


def event_name(event: CodeEvent | str | None) -> str:
    if event is None:
        return QCoreApplication.translate("TrackingVocabulary", "No event")
    words = EVENTS.get(event) if isinstance(event, CodeEvent) else None
    return _tracking(words) if words else as_words(_value(event))


def event_description(event: CodeEvent | None) -> str:
    """Where the shop inserts the snippet."""
    words = EVENT_PLACES.get(event) if event is not None else None
    return _tracking(words) if words else ""


def tracking_status_name(status: TrackingStatus | None) -> str:
    if status is TrackingStatus.INACTIVE:
        return QCoreApplication.translate("TrackingVocabulary", "Inactive")
    if status is TrackingStatus.ACTIVE:
        return QCoreApplication.translate("TrackingVocabulary", "Active")
    return QCoreApplication.translate("TrackingVocabulary", "Unknown")


def tracking_status_key(status: TrackingStatus | None) -> str:
    """The state chip's key ("active", "inactive")."""
    return "inactive" if status is TrackingStatus.INACTIVE else "active"


def question_status_text(status: QuestionStatus | None) -> str:
    """Words for the states worth a word (answered / unanswered speak for themselves)."""
    if status is None or status in (QuestionStatus.ANSWERED, QuestionStatus.UNANSWERED):
        return ""
    words = QUESTION_STATUSES.get(status)
    return _questions(words) if words else as_words(_value(status))


def _value(member: object) -> str:
    value = getattr(member, "value", member)
    return str(value)


__all__ = ["CHANNELS", "CONTACT_STATUSES", "SHIPPING_STATUSES", "SORTS", "SUMMARIES",
           "as_words", "channel_label", "contact_label", "event_description", "event_name",
           "provider_name", "question_status_text", "shipping_label", "sort_label",
           "summary_hint", "summary_label", "tracking_status_key", "tracking_status_name"]
