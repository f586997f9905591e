"""Desktop notifications and the tray icon: new questions and orders, the unanswered count.

`NotificationService.check()` decides what is new (each item once, ever); this object only
says it: one message per batch through the system tray, nothing during the seller's quiet
hours (the tray's count still updates), and a click opens the item the message was about.
`shown` fires for every message, whether or not the desktop has a tray (tests watch it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime

import msgspec
from PySide6.QtCore import QCoreApplication, QObject, QRect, Qt, Signal
from PySide6.QtGui import QAction, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from sellerdesk.services import safe_text as safe
from sellerdesk.services.notifications import NewItem
from sellerdesk.services.refresh import QuietHours
from sellerdesk.ui import settings as keys
from sellerdesk.ui import theme
from sellerdesk.ui.icons import app_icon
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.theme import Tone

log = logging.getLogger("sellerdesk.ui")

MAX_BODY = 180  # characters of a question shown in a popup


class Notice(msgspec.Struct, frozen=True):
    """One desktop message: what it says and the item a click on it opens."""

    title: str
    body: str
    items: tuple[NewItem, ...]
    target: NewItem | None


def safe_text(text: str, limit: int = MAX_BODY) -> str:
    """Outside words for a notification or the tray: `safe_text.one_line` (no breaks, no
    controls, no bidi controls, one isolated run), bounded, and no markup a notification
    server could interpret (some render <b>, <a>, <img> in the body). "" for nothing."""
    flat = " ".join(safe.one_line(text[: limit * 2])[1:-1].split())
    flat = flat.replace("<", "‹").replace(">", "›").replace("&", "＆")
    if not flat:
        return ""
    budget = limit - 2  # the isolate's two marks count too
    if len(flat) > budget:
        flat = flat[: budget - 1].rstrip() + "…"
    return safe.FSI + flat + safe.PDI


class NoticeCounts(QObject):
    """The counted words of a notice: lupdate reads a count's plural forms only from a
    tr() inside a class."""

    def new_questions(self, n: int) -> str:
        return self.tr("%n new question(s)", "", n)

    def new_orders(self, n: int) -> str:
        return self.tr("%n new order(s)", "", n)


def compose(items: Sequence[NewItem], shop: str = "") -> Notice:
    """The message for a batch of new items (one message, however many arrived)."""
    questions = [i for i in items if i.kind == "question"]
    orders = [i for i in items if i.kind == "order"]
    target = questions[0] if questions else (orders[0] if orders else None)
    if len(items) == 1 and target is not None:
        buyer = (safe_text(target.buyer, 60)
                 or QCoreApplication.translate("Notifier", "a buyer"))
        if target.kind == "question":
            title = QCoreApplication.translate("Notifier", "New question from {buyer}")
        else:
            title = QCoreApplication.translate("Notifier", "New order from {buyer}")
        title = title.format(buyer=buyer)
        body = safe_text(target.text)
    else:
        parts = []
        counts = NoticeCounts()
        if questions:
            parts.append(counts.new_questions(len(questions)))
        if orders:
            parts.append(counts.new_orders(len(orders)))
        title = ", ".join(parts)
        lines = [f"{safe_text(i.buyer, 40)}: {safe_text(i.text, 80)}" for i in items[:3]]
        body = "\n".join(lines)
    if shop:
        title = QCoreApplication.translate("Notifier", "{shop}: {what}").format(
            shop=safe_text(shop, 40), what=title)
    return Notice(title, body, tuple(items), target)


class Notifier(QObject):
    """Shows notices through the tray (when the desktop has one); see the module doc."""

    shown = Signal(object)  # Notice: a desktop message was shown (or would be, without a tray)
    activated = Signal(object)  # NewItem | None: the seller clicked the message or the icon

    def __init__(self, settings: Settings, parent: QObject | None = None, *,
                 clock: Callable[[], datetime] | None = None,
                 tray_available: bool | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._clock = clock or (lambda: datetime.now().astimezone())
        # Asked on the first notice, not at start: on X11 it is a round trip to the display
        # server, before the first paint otherwise.
        self._tray_available = tray_available
        self.last_item: NewItem | None = None
        self.unanswered = 0
        self.shop = ""
        self.tray: QSystemTrayIcon | None = None
        self._menu: QMenu | None = None
        self.suppressed: list[Notice] = []  # held back by quiet hours (kept for the record)

    # ---- What the app calls. --------------------------------------------------------------

    def quiet_now(self) -> bool:
        hours = QuietHours(self._settings.get(keys.QUIET_HOURS),
                           self._settings.get(keys.QUIET_FROM_HOUR) % 24,
                           self._settings.get(keys.QUIET_TO_HOUR) % 24)
        return hours.covers(self._clock().hour)

    def announce(self, items: Sequence[NewItem]) -> Notice | None:
        """Say that `items` arrived; returns the notice, or None when nothing was shown."""
        if not items:
            return None
        notice = compose(items, self.shop)
        self.last_item = notice.target
        if not self._settings.get(keys.NOTIFY_DESKTOP):
            return None
        if self.quiet_now():
            self.suppressed.append(notice)
            log.info("quiet hours: %d new item(s) not announced", len(items))
            return None
        tray = self._ensure_tray()
        if tray is not None:
            tray.showMessage(notice.title, notice.body, app_icon(), 10_000)
        self.shown.emit(notice)
        return notice

    def announce_problem(self, title: str, body: str) -> Notice | None:
        """One desktop message about the shop itself (its token refused): shown even in quiet
        hours, since nothing reaches the shop until the seller acts; a click brings the
        window."""
        if not self._settings.get(keys.NOTIFY_DESKTOP):
            return None
        notice = Notice(safe_text(title, 120), safe_text(body), (), None)
        self.last_item = None
        tray = self._ensure_tray()
        if tray is not None:
            tray.showMessage(notice.title, notice.body, app_icon(), 15_000)
        self.shown.emit(notice)
        return notice

    def set_unanswered(self, count: int, shop: str = "") -> None:
        """The tray's badge and tooltip: how many questions wait (updates in quiet hours too)."""
        self.unanswered = max(0, count)
        if shop:
            self.shop = shop
        tray = self._ensure_tray()
        if tray is not None:
            tray.setIcon(badge_icon(self.unanswered))
            tray.setToolTip(self.tooltip())

    def tooltip(self) -> str:
        if self.unanswered:
            what = self.tr("%n unanswered question(s)", "", self.unanswered)
        else:
            what = QCoreApplication.translate("Notifier", "No questions waiting")
        return " · ".join(p for p in ("SellerDesk", safe_text(self.shop, 60), what) if p)

    def close(self) -> None:
        if self.tray is not None:
            self.tray.hide()
            self.tray.deleteLater()
            self.tray = None

    # ---- The tray. ---------------------------------------------------------------------------

    def _ensure_tray(self) -> QSystemTrayIcon | None:
        if self._tray_available is None:
            self._tray_available = QSystemTrayIcon.isSystemTrayAvailable()
        if not self._tray_available:
            return None
        if self.tray is None:
            self.tray = QSystemTrayIcon(badge_icon(self.unanswered), self)
            self._menu = QMenu()
            show = QAction(QCoreApplication.translate("Notifier", "Open SellerDesk"), self._menu)
            show.triggered.connect(lambda: self.activated.emit(None))
            self._menu.addAction(show)
            self.tray.setContextMenu(self._menu)
            self.tray.messageClicked.connect(self._on_tray_message_clicked)
            self.tray.activated.connect(self._on_tray_activated)
            self.tray.setToolTip(self.tooltip())
            self.tray.show()
        return self.tray

    def take_last_item(self) -> NewItem | None:
        """The item of the last notice, once: a later click only brings the window back."""
        item, self.last_item = self.last_item, None
        return item

    def _on_tray_message_clicked(self) -> None:
        self.activated.emit(self.take_last_item())

    def _on_tray_activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (QSystemTrayIcon.ActivationReason.Trigger,
                      QSystemTrayIcon.ActivationReason.DoubleClick):
            self.activated.emit(self.take_last_item())


def badge_icon(count: int) -> QIcon:
    """The app icon with the count in a pill at its corner (none when nothing waits)."""
    base = app_icon()
    if count <= 0:
        return base
    out = QIcon()
    text = str(count) if count < 100 else "99+"
    for side in (16, 22, 24, 32, 48, 64):
        pixmap = base.pixmap(side, side)
        if pixmap.isNull():
            pixmap = QPixmap(side, side)
            pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(max(7, int(side * 0.42)))
        painter.setFont(font)
        height = max(8, int(side * 0.55))
        width = max(height, painter.fontMetrics().horizontalAdvance(text) + height // 2)
        width = min(width, side)
        pill = QRect(side - width, 0, width, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(theme.tone_color(Tone.DANGER))
        painter.drawRoundedRect(pill, height / 2, height / 2)
        painter.setPen(Qt.GlobalColor.white)
        painter.drawText(pill, int(Qt.AlignmentFlag.AlignCenter), text)
        painter.end()
        out.addPixmap(pixmap)
    return out
