"""The sentences the Qt-free core writes for people, declared for translation.

`api/`, `store/`, `services/` and `credentials.py` import no Qt (style habit 1), so the
English they put in an error's `message`, an outbox entry's `last_error` or a conflict is
listed here under the "Errors" context. `core_words` shows such a text in the seller's
language; text that is not listed (a server's own words) is shown as it came.
tests/i18n/test_core_messages.py fails when the core gains a sentence missing here.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP

MESSAGES: tuple[str, ...] = (
    # api/errors.py: each error's default message.
    QT_TRANSLATE_NOOP("Errors", "The shop service could not complete the request."),
    QT_TRANSLATE_NOOP("Errors", "The shop service did not accept your access token. "
                                "It may have expired: please enter a new one."),
    QT_TRANSLATE_NOOP("Errors", "That record no longer exists on the shop service."),
    QT_TRANSLATE_NOOP("Errors", "The shop service refused the request."),
    QT_TRANSLATE_NOOP("Errors", "The shop service asks us to slow down; retrying shortly."),
    QT_TRANSLATE_NOOP("Errors", "The shop service is having trouble right now; "
                                "try again in a moment."),
    QT_TRANSLATE_NOOP("Errors", "No connection to the shop service. "
                                "Your work is kept and sent later."),
    QT_TRANSLATE_NOOP("Errors", "The shop service sent an answer SellerDesk could not read."),
    # api/errors.py: what the server or the sign-in said, in the seller's words.
    QT_TRANSLATE_NOOP("Errors", "Your access token has expired or was revoked. "
                                "Please enter a new one."),
    QT_TRANSLATE_NOOP("Errors", "The shop no longer accepts SellerDesk's connection. "
                                "Connect to the shop again from the profile."),
    QT_TRANSLATE_NOOP("Errors", "The sign-in was cancelled or refused in the browser."),
    QT_TRANSLATE_NOOP("Errors", "The sign-in took too long. Please try connecting again."),
    QT_TRANSLATE_NOOP("Errors", "The shop service did not accept the sign-in. "
                                "Please try connecting again."),
    QT_TRANSLATE_NOOP("Errors", "The shop service answered from another address (it may have "
                                "moved). Check the service address of this shop."),
    QT_TRANSLATE_NOOP("Errors", "The shop service sent the same page again when asked for the "
                                "next one, so the list stops here."),
    QT_TRANSLATE_NOOP("Errors", "The shop service sent an answer larger than 16 MB, so "
                                "SellerDesk stopped reading it."),
    QT_TRANSLATE_NOOP("Errors", "The shop service took longer than 60 s to answer, so "
                                "SellerDesk stopped waiting."),
    # store/db.py and store/outbox_entries.py.
    QT_TRANSLATE_NOOP("Errors", "SellerDesk could not read or save its local data."),
    QT_TRANSLATE_NOOP("Errors", "Your disk is full, so SellerDesk could not save this change. "
                                "Everything saved before is safe. Free some disk space and "
                                "try again."),
    QT_TRANSLATE_NOOP("Errors", "This shop's data is in use by another SellerDesk window or "
                                "command. Close it and try again."),
    QT_TRANSLATE_NOOP("Errors", "SellerDesk's local data file is damaged. Your shop's data is "
                                "safe on the server; changes not yet sent may be lost."),
    QT_TRANSLATE_NOOP("Errors", "This shop's local data was saved by a newer version of "
                                "SellerDesk. Please update SellerDesk to open it."),
    QT_TRANSLATE_NOOP("Errors", "SellerDesk's local data is closed."),
    QT_TRANSLATE_NOOP("Errors", "SellerDesk may not write to its data folder, so this change "
                                "was not saved. Check that the disk is not read-only and that "
                                "you may write to the folder."),
    QT_TRANSLATE_NOOP("Errors", "The computer ran out of memory while SellerDesk read or saved "
                                "its data. Close other programs and try again."),
    QT_TRANSLATE_NOOP("Errors", "SellerDesk could not open its data folder. Check that the disk "
                                "is connected and that you may write to it."),
    QT_TRANSLATE_NOOP("Errors", "The disk reported an error while SellerDesk was saving. "
                                "Everything saved before is safe."),
    QT_TRANSLATE_NOOP("Errors", "That change has already moved on; the list is being "
                                "refreshed."),
    # services/outbox/settle.py and services/outbox/sender.py: why a queued write became a conflict.
    QT_TRANSLATE_NOOP("Errors", "The buyer's question was deleted."),
    QT_TRANSLATE_NOOP("Errors", "This question was already answered elsewhere with another "
                                "text."),
    QT_TRANSLATE_NOOP("Errors", "The order no longer exists."),
    QT_TRANSLATE_NOOP("Errors", "This shipping no longer exists on the order."),
    QT_TRANSLATE_NOOP("Errors", "The invoice of this order was changed elsewhere meanwhile."),
    QT_TRANSLATE_NOOP("Errors", "The shipping of this order was changed elsewhere meanwhile."),
    QT_TRANSLATE_NOOP("Errors", "This tracking code was never created."),
    QT_TRANSLATE_NOOP("Errors", "This tracking code was deleted elsewhere."),
    QT_TRANSLATE_NOOP("Errors", "This tracking code was changed elsewhere meanwhile."),
    QT_TRANSLATE_NOOP("Errors", "The buyer's question was deleted before the answer arrived."),
    QT_TRANSLATE_NOOP("Errors", "The order (or its shipping) no longer exists."),
    # credentials.py: profiles and the settings file.
    QT_TRANSLATE_NOOP("Errors", "The access token is empty."),
    QT_TRANSLATE_NOOP("Errors", "SellerDesk could not read its settings file."),
    QT_TRANSLATE_NOOP("Errors", "SellerDesk could not save its settings file."),
    QT_TRANSLATE_NOOP("Errors", "A profile needs a name."),
    QT_TRANSLATE_NOOP("Errors", "The service address must start with http:// or https://."),
    QT_TRANSLATE_NOOP("Errors", "Enter the service address without the access token."),

    QT_TRANSLATE_NOOP("Errors", "The shop has no such tracking code; nothing was changed."),

    # services/shops.py.
    QT_TRANSLATE_NOOP("Errors", "There is no saved shop by that name."),
)


def core_words(text: str | None) -> str:
    """`text` from the core in the seller's language (as it is when it is not listed)."""
    return QCoreApplication.translate("Errors", text) if text else ""
