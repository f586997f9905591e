"""Tracking codes in a seller's words: providers, events (with where the snippet goes), status."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from sellerdesk.api.enums import Event, Provider, TrackingStatus


def _tr(text: str) -> str:
    return QCoreApplication.translate("TrackingVocabulary", text)


def provider_name(provider: Provider | None) -> str:
    if provider is None:
        return _tr("No provider")
    return {
        Provider.ANALYTICS: _tr("Web analytics"),
        Provider.ADS: _tr("Advertising"),
        Provider.CLICKS: _tr("Click maps"),
        Provider.SURVEY: _tr("Surveys"),
        Provider.STAMP: _tr("Trust seal"),
        Provider.SOCIAL_AD: _tr("Social media ads"),
        Provider.OTHER: _tr("Other"),
    }.get(provider, str(provider.value))


def event_name(event: Event | None) -> str:
    if event is None:
        return _tr("No event")
    return {
        Event.NAVIGATION: _tr("Every page"),
        Event.BUY_BUTTON: _tr("Add to cart"),
        Event.CONTACT_BUTTON: _tr("Contact page"),
        Event.PAY_BUTTON: _tr("Checkout"),
        Event.CONGRAT_PAGE: _tr("Purchase completed"),
    }.get(event, str(event.value))


def event_description(event: Event | None) -> str:
    """Where the shop inserts the snippet (the spec's table of event values)."""
    if event is None:
        return ""
    return {
        Event.NAVIGATION: _tr("Inserted on every page of the shop."),
        Event.BUY_BUTTON: _tr("Inserted each time the user adds a product to the cart."),
        Event.CONTACT_BUTTON: _tr("Inserted on the contact page of the shop."),
        Event.PAY_BUTTON: _tr("Inserted when the checkout process starts."),
        Event.CONGRAT_PAGE: _tr("Inserted on the purchase completion page."),
    }.get(event, "")


def status_name(status: TrackingStatus | None) -> str:
    if status is TrackingStatus.INACTIVE:
        return _tr("Inactive")
    if status is TrackingStatus.ACTIVE:
        return _tr("Active")
    return _tr("Unknown")


def status_key(status: TrackingStatus | None) -> str:
    """The state chip's key ("active", "inactive")."""
    return "inactive" if status is TrackingStatus.INACTIVE else "active"
