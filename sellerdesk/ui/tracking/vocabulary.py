"""Tracking codes in a seller's words: providers, events (with where the snippet goes), status."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from sellerdesk.services.types import CodeEvent, Provider, TrackingStatus
from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP

_PROVIDERS = {
    Provider.ANALYTICS: QT_TRANSLATE_NOOP("TrackingVocabulary", "Web analytics"),
    Provider.ADS: QT_TRANSLATE_NOOP("TrackingVocabulary", "Advertising"),
    Provider.CLICKS: QT_TRANSLATE_NOOP("TrackingVocabulary", "Click maps"),
    Provider.SURVEY: QT_TRANSLATE_NOOP("TrackingVocabulary", "Surveys"),
    Provider.STAMP: QT_TRANSLATE_NOOP("TrackingVocabulary", "Trust seal"),
    Provider.SOCIAL_AD: QT_TRANSLATE_NOOP("TrackingVocabulary", "Social media ads"),
    Provider.OTHER: QT_TRANSLATE_NOOP("TrackingVocabulary", "Other"),
}
_EVENTS = {
    CodeEvent.NAVIGATION: QT_TRANSLATE_NOOP("TrackingVocabulary", "Every page"),
    CodeEvent.BUY_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary", "Add to cart"),
    CodeEvent.CONTACT_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary", "Contact page"),
    CodeEvent.PAY_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary", "Checkout"),
    CodeEvent.CONGRAT_PAGE: QT_TRANSLATE_NOOP("TrackingVocabulary", "Purchase completed"),
}
# Where the shop inserts the snippet (the spec's table of event values).
_EVENT_PLACES = {
    CodeEvent.NAVIGATION: QT_TRANSLATE_NOOP("TrackingVocabulary",
                                        "Inserted on every page of the shop."),
    CodeEvent.BUY_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary",
                                        "Inserted each time the user adds a product to the cart."),
    CodeEvent.CONTACT_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary",
                                            "Inserted on the contact page of the shop."),
    CodeEvent.PAY_BUTTON: QT_TRANSLATE_NOOP("TrackingVocabulary",
                                        "Inserted when the checkout process starts."),
    CodeEvent.CONGRAT_PAGE: QT_TRANSLATE_NOOP("TrackingVocabulary",
                                          "Inserted on the purchase completion page."),
}


def _words(text: str) -> str:
    """A text from the tables above in the seller's language."""
    return QCoreApplication.translate("TrackingVocabulary", text)


def provider_name(provider: Provider | None) -> str:
    if provider is None:
        return QCoreApplication.translate("TrackingVocabulary", "No provider")
    text = _PROVIDERS.get(provider)
    return _words(text) if text else str(provider.value)


def event_name(event: CodeEvent | None) -> str:
    if event is None:
        return QCoreApplication.translate("TrackingVocabulary", "No event")
    text = _EVENTS.get(event)
    return _words(text) if text else str(event.value)


def event_description(event: CodeEvent | None) -> str:
    """Where the shop inserts the snippet."""
    text = _EVENT_PLACES.get(event) if event is not None else None
    return _words(text) if text else ""


def status_name(status: TrackingStatus | None) -> str:
    if status is TrackingStatus.INACTIVE:
        return QCoreApplication.translate("TrackingVocabulary", "Inactive")
    if status is TrackingStatus.ACTIVE:
        return QCoreApplication.translate("TrackingVocabulary", "Active")
    return QCoreApplication.translate("TrackingVocabulary", "Unknown")


def status_key(status: TrackingStatus | None) -> str:
    """The state chip's key ("active", "inactive")."""
    return "inactive" if status is TrackingStatus.INACTIVE else "active"
