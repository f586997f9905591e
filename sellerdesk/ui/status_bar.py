"""The main window's status bar: connection, age of the last sync (and what it could not
read), the service's request to slow down, outbox, running work."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import Enum

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QSize, Qt, QTime, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QStatusBar, QToolButton, QWidget

from sellerdesk.ui.icons import icon
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.formatting import format_datetime, format_relative
from sellerdesk.ui.widgets.progress import TaskProgress
from sellerdesk.ui.widgets.text import ElidingLabel, plain_label


class ConnectionState(Enum):
    NOT_CONNECTED = "not_connected"  # no profile opened yet
    ONLINE = "online"
    OFFLINE = "offline"


def _connection_look(state: ConnectionState) -> tuple[str, str, Tone, str]:
    """(words, icon, tone, tooltip) for a state; the words alone carry the meaning."""
    return {
        ConnectionState.NOT_CONNECTED: (
            QCoreApplication.translate("StatusBar", "Not connected"), "offline", Tone.MUTED,
            QCoreApplication.translate(
                "StatusBar", "No shop profile is open. File → Profiles… connects one.")),
        ConnectionState.ONLINE: (
            QCoreApplication.translate("StatusBar", "Online"), "online", Tone.SUCCESS,
            QCoreApplication.translate("StatusBar", "Connected to the shop service.")),
        ConnectionState.OFFLINE: (
            QCoreApplication.translate("StatusBar", "Offline"), "offline", Tone.WARNING,
            QCoreApplication.translate(
                "StatusBar", "The shop service cannot be reached. You can keep working: "
                             "changes wait in the outbox.")),
    }[state]


class _IconText(QWidget):
    """A small icon followed by plain text, for status-bar read-outs."""

    def __init__(self, parent: QWidget | None = None, *, elide: bool = False) -> None:
        super().__init__(parent)
        self._look: tuple[str, Tone] | None = None
        self.icon_label = QLabel(self)
        self.text_label = ElidingLabel("", self) if elide else plain_label("", self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.setSpacing(5)
        layout.addWidget(self.icon_label)
        layout.addWidget(self.text_label)

    def set_content(self, icon_name: str, tone: Tone, text: str) -> None:
        self._paint(icon_name, tone, text)
        self.setAccessibleName(text)

    def _paint(self, icon_name: str, tone: Tone, text: str) -> None:
        if self._look != (icon_name, tone):
            self._look = (icon_name, tone)
            self._paint_icon()
        self.text_label.setText(text)

    def _paint_icon(self) -> None:
        if self._look is None:
            return
        side = self.fontMetrics().height()
        self.icon_label.setPixmap(icon(*self._look).pixmap(QSize(side, side),
                                                          self.devicePixelRatioF()))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange):
            self._paint_icon()  # a pixmap does not follow a light/dark switch by itself


class ConnectionIndicator(_IconText):
    """"Online" / "Offline"; while offline, when the next try to reach the service is (a
    countdown) or that one is under way. The state itself never flickers with the tries."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = ConnectionState.NOT_CONNECTED
        self._next_try: datetime | None = None
        self._trying = False
        self._tick = QTimer(self)  # the countdown's seconds, only while one is shown
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._render)
        self.set_state(self.state)

    def set_state(self, state: ConnectionState) -> None:
        self.state = state
        if state is not ConnectionState.OFFLINE:
            self._next_try, self._trying = None, False
        self._render()

    def set_retry(self, next_try: datetime | None, trying: bool = False) -> None:
        """While offline: the next try's time, or that a try is under way now."""
        self._next_try, self._trying = next_try, trying
        self._render()

    def detail(self) -> str:
        if self.state is not ConnectionState.OFFLINE:
            return ""
        if self._trying:
            return self.tr("trying again now…")
        if self._next_try is not None:
            seconds = max(0, round((self._next_try - datetime.now(UTC)).total_seconds()))
            return self.tr("next try in {n} s").format(n=seconds)
        return ""

    def _render(self) -> None:
        text, icon_name, tone, tip = _connection_look(self.state)
        detail = self.detail()
        shown = f"{text} · {detail}" if detail else text
        self._paint(icon_name, tone, shown)
        # Room for the widest countdown while offline: the seconds ticking never push the
        # other items sideways.
        metrics = self.text_label.fontMetrics()
        widest = 0
        if self.state is ConnectionState.OFFLINE:
            widest = max(metrics.horizontalAdvance(f"{text} · {d}") for d in (
                self.tr("next try in {n} s").format(n=999), self.tr("trying again now…")))
        self.text_label.setMinimumWidth(widest)
        # The name is what is shown, second by second (a reader that looks reads what a
        # seller sees); it is never announced: the state and each try are, by the window.
        self.setAccessibleName(shown)
        self.setToolTip(tip)
        counting = (self.state is ConnectionState.OFFLINE and self._next_try is not None
                    and not self._trying)
        if counting and not self._tick.isActive():
            self._tick.start()
        elif not counting:
            self._tick.stop()

    def text(self) -> str:
        return self.text_label.text()


class SyncAge(_IconText):
    """ "Synced 3 minutes ago", kept current by a timer; its tooltip says when each part of
    the shop (orders, questions, tracking codes...) was last brought up to date."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._last: datetime | None = None
        self._parts: list[tuple[str, datetime | None]] = []
        self._timer = QTimer(self)
        self._timer.setInterval(30_000)
        self._timer.timeout.connect(self._render)
        self._timer.start()
        self._render()

    def set_last_sync(self, moment: datetime | None) -> None:
        self._last = moment
        self._render()

    def set_parts(self, parts: list[tuple[str, datetime | None]]) -> None:
        """(name of a part, when it was last synced or None) for the tooltip, in order."""
        self._parts = parts
        self._render()

    def text(self) -> str:
        return self.text_label.text()

    def _render(self) -> None:
        if self._last is None:
            self.set_content("clock", Tone.MUTED, self.tr("Not synced yet"))
            tip = self.tr("Nothing has been fetched from the shop service yet.")
        else:
            self.set_content("clock", Tone.MUTED,
                             self.tr("Synced {when}").format(when=format_relative(self._last)))
            tip = self.tr("Last synced: {moment}").format(
                moment=format_datetime(self._last, "long"))
        lines = [self.tr("{part}: {moment} ({when})").format(
            part=part, moment=format_datetime(moment, "short"), when=format_relative(moment))
            if moment is not None else self.tr("{part}: not synced yet").format(part=part)
            for part, moment in self._parts]
        self.setToolTip("\n".join([tip, *lines]) if lines else tip)


class SyncIssues(_IconText):
    """What the last sync could not do: "2 orders could not be read (ids …)", "Tracking codes
    not synced". Hidden when it did everything; the tooltip holds every line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        # It gives way first: the whole of it is in its tooltip.
        super().__init__(parent, elide=True)
        self._lines: list[str] = []
        self.hide()

    def set_issues(self, lines: list[str], details: list[str] | None = None) -> None:
        self._lines = list(lines)
        if not lines:
            self.hide()
            return
        shown = lines[0] if len(lines) == 1 else self.tr("{first} (and {n} more)").format(
            first=lines[0], n=len(lines) - 1)
        self.set_content("warning", Tone.WARNING, shown)
        self.setToolTip("\n".join(details or lines))
        self.show()

    def lines(self) -> list[str]:
        return list(self._lines)

    def text(self) -> str:
        return self.text_label.text() if self._lines else ""


def clock_time(moment: datetime) -> str:
    """A time of today in the seller's clock and locale ("14:32")."""
    local = moment.astimezone()
    return QLocale().toString(QTime(local.hour, local.minute), QLocale.FormatType.ShortFormat)


def slow_down_text(resume_at: datetime) -> str:
    return QCoreApplication.translate(
        "StatusBar", "The shop service asked us to slow down — resuming at {time}").format(
        time=clock_time(resume_at))


class SlowDownNote(_IconText):
    """ "The shop service asked us to slow down — resuming at 14:32" while it lasts."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.resume_at: datetime | None = None
        self.setToolTip(self.tr("The shop service limits how many requests SellerDesk may "
                                "send. Everything waits until then and carries on by itself; "
                                "changes you make are kept in the outbox."))
        self.hide()

    def set_resume_at(self, resume_at: datetime | None) -> None:
        self.resume_at = resume_at
        if resume_at is None:
            self.hide()
            return
        self.set_content("clock", Tone.WARNING, slow_down_text(resume_at))
        self.show()

    def text(self) -> str:
        return self.text_label.text() if self.resume_at is not None else ""


class OutboxButton(QToolButton):
    """ "Outbox: 2 waiting" — opens the outbox."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAutoRaise(True)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(self.tr("Open the outbox (Ctrl+6)"))
        self.set_counts(0, 0)

    def set_counts(self, waiting: int, conflicts: int = 0) -> None:
        if conflicts:
            text = self.tr("Outbox: {waiting} waiting, {conflicts}").format(
                waiting=waiting, conflicts=self.tr("%n need you", "", conflicts))
            self.setIcon(icon("conflict", Tone.DANGER))
        elif waiting:
            text = self.tr("Outbox: {waiting} waiting").format(waiting=waiting)
            self.setIcon(icon("outbox", Tone.WARNING))
        else:
            text = self.tr("Outbox: all sent")
            self.setIcon(icon("outbox", Tone.MUTED))
        self.setText(text)
        self.setAccessibleName(text)


SAID_MS = 20_000  # how long an outcome (of a sync the seller asked for) stays in the bar


class StatusBar(QStatusBar):
    """Connection and sync age on the left; running work and the outbox on the right."""

    outbox_clicked = Signal()

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizeGripEnabled(False)
        self.connection = ConnectionIndicator(self)
        self.sync_age = SyncAge(self)
        self.sync_issues = SyncIssues(self)
        self.slow_down = SlowDownNote(self)
        self.progress = TaskProgress(runner, self)
        self.outbox = OutboxButton(self)
        self.outbox.clicked.connect(self.outbox_clicked)
        self.addWidget(self.connection)
        self.addWidget(self.sync_age)
        self.addWidget(self.sync_issues)
        self.addWidget(self.slow_down)
        self.addPermanentWidget(self.progress)
        self.addPermanentWidget(self.outbox)

    def say(self, text: str) -> None:
        """The outcome of something the seller asked for ("Sync finished…"), over the left
        items for a while; the running work and the outbox stay in view."""
        self.showMessage(text, SAID_MS)
