"""Announcements: a state change said by the screen reader at once, wherever focus is.

A changed label is read only when the seller moves onto it; "Offline", "Answer sent" or
"3 categories match" must be heard when they happen (WCAG 4.1.3, status messages). One call
for every view:

    announce(widget, self.tr("Answer sent"))

Qt 6.8+ sends `QAccessibleAnnouncementEvent` (AT-SPI's `object:announcement`, UIA's
notification, NSAccessibility's announcement). An older Qt gets the classic live region: a
label of the window, marked as a live status, whose name changes to the text. Every
announcement is also emitted by `announcer().announced`, so tests (and a log) can hear it.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QLabel, QWidget

_SPACES = re.compile(r"\s+")
_LIVE_REGION = "sellerdesk-announcements"


class Announcer(QObject):
    """The application's one announcer: `announced(text, assertive)` after each one."""

    announced = Signal(str, bool)


def announcer() -> Announcer:
    """The announcer of the running application (made on first use, dies with it)."""
    app = QCoreApplication.instance()
    found = app.findChild(Announcer, "sellerdesk-announcer") if app is not None else None
    if isinstance(found, Announcer):
        return found
    made = Announcer(app)
    made.setObjectName("sellerdesk-announcer")
    return made


def announce(widget: QWidget, text: str, *, assertive: bool = False) -> None:
    """Have assistive technology say `text` now, on behalf of `widget` (a view or control
    the change belongs to). Polite by default: said after what is being read; `assertive`
    interrupts, for what must not wait (the connection lost, a write refused)."""
    words = _SPACES.sub(" ", text).strip()
    if not words:
        return
    announcer().announced.emit(words, assertive)
    # Named here, not at import: QAccessible's enum types cost the first paint ~5 ms.
    from PySide6.QtGui import QAccessible

    if not QAccessible.isActive():
        return  # no assistive technology listens: nothing to build
    source = widget if widget.isVisible() else widget.window()
    try:  # Qt 6.8+
        from PySide6.QtGui import QAccessibleAnnouncementEvent
    except ImportError:  # pragma: no cover - the pinned PySide6 has it
        QAccessibleAnnouncementEvent = None  # type: ignore[assignment,misc]
    if QAccessibleAnnouncementEvent is not None:
        event = QAccessibleAnnouncementEvent(source, words)
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive if assertive
                            else QAccessible.AnnouncementPoliteness.Polite)
        QAccessible.updateAccessibility(event)
        return
    _live_region(source.window()).say(words)  # pragma: no cover - Qt before 6.8


class _LiveRegion(QLabel):  # pragma: no cover - Qt before 6.8
    """A label of the window that screen readers watch as a live status region."""

    def say(self, words: str) -> None:
        from PySide6.QtGui import QAccessible, QAccessibleEvent

        self.setText(words)
        self.setAccessibleName(words)
        QAccessible.updateAccessibility(
            QAccessibleEvent(self, QAccessible.Event.NameChanged))


def _live_region(window: QWidget) -> _LiveRegion:  # pragma: no cover - Qt before 6.8
    found = window.findChild(_LiveRegion, _LIVE_REGION)
    if isinstance(found, _LiveRegion):
        return found
    region = _LiveRegion(window)
    region.setObjectName(_LIVE_REGION)
    region.setAccessibleDescription(QCoreApplication.translate("Announcer", "Status"))
    region.setGeometry(0, 0, 1, 1)  # on screen (or it leaves the tree), too small to see
    region.show()
    region.lower()
    return region
