"""Notifications and refresh: how often to look for news, desktop messages, quiet hours, and
how long a question may wait before it counts as late."""

from __future__ import annotations

from datetime import time

from babel.dates import format_time
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QSpinBox,
    QSystemTrayIcon,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.ui import settings as keys
from sellerdesk.ui.settings import Settings
from sellerdesk.ui.widgets import formatting
from sellerdesk.ui.widgets.text import heading_label, plain_label


def _hour_combo(name: str, hour: int, parent: QWidget) -> QComboBox:
    combo = QComboBox(parent)
    for h in range(24):
        combo.addItem(format_time(time(h, 0), "short", locale=formatting.current_locale()), h)
    combo.setCurrentIndex(hour % 24)
    combo.setAccessibleName(name)
    return combo


class NotificationSettingsDialog(QDialog):
    """Saves to `Settings` on OK; the connector and the dashboard follow the changes."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self.setWindowTitle(self.tr("Notifications and refresh"))
        self.setMinimumWidth(460)
        layout = QVBoxLayout(self)
        layout.addWidget(heading_label(self.tr("Notifications and refresh")))

        self.interval = QSpinBox(self)
        self.interval.setRange(1, 120)
        self.interval.setSuffix(self.tr(" min"))
        self.interval.setValue(max(1, round(settings.get(keys.REFRESH_INTERVAL_S) / 60)))
        self.interval.setAccessibleName(self.tr("Look for news every (minutes)"))
        self.desktop = QCheckBox(self.tr("Show a desktop notification for new questions and "
                                         "orders"), self)
        self.desktop.setChecked(settings.get(keys.NOTIFY_DESKTOP))
        self.quiet = QCheckBox(self.tr("Quiet hours: no notifications from"), self)
        self.quiet.setChecked(settings.get(keys.QUIET_HOURS))
        self.quiet_from = _hour_combo(self.tr("Quiet hours start"),
                                      settings.get(keys.QUIET_FROM_HOUR), self)
        self.quiet_to = _hour_combo(self.tr("Quiet hours end"),
                                    settings.get(keys.QUIET_TO_HOUR), self)
        self.goal = QSpinBox(self)
        self.goal.setRange(5, 24 * 60)
        self.goal.setSingleStep(5)
        self.goal.setSuffix(self.tr(" min"))
        self.goal.setValue(settings.get(keys.SLOW_ANSWER_MINUTES))
        self.goal.setAccessibleName(self.tr("A question is late after (minutes)"))

        form = QFormLayout()
        form.addRow(self.tr("Look for news every"), self.interval)
        form.addRow(self.desktop)
        quiet_row = QHBoxLayout()
        quiet_row.addWidget(self.quiet)
        quiet_row.addWidget(self.quiet_from)
        quiet_row.addWidget(plain_label(self.tr("to"), self))
        quiet_row.addWidget(self.quiet_to)
        quiet_row.addStretch(1)
        form.addRow(quiet_row)
        form.addRow(self.tr("A question is late after"), self.goal)
        layout.addLayout(form)
        hint = plain_label(self.tr("While offline, or when the shop service asks to slow "
                                   "down, SellerDesk looks less often and catches up as soon "
                                   "as it can. In quiet hours the counts still update."),
                           self, wrap=True, muted=True)
        layout.addWidget(hint)
        if not QSystemTrayIcon.isSystemTrayAvailable():
            layout.addWidget(plain_label(self.tr(
                "This desktop has no notification area: new questions and orders show as "
                "counts in the window only."), self, wrap=True, muted=True))

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        for button in buttons.buttons():
            button.setAccessibleName(button.text().replace("&", ""))
        buttons.accepted.connect(self._on_accepted)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.quiet.toggled.connect(self._on_quiet_toggled)
        self._on_quiet_toggled(self.quiet.isChecked())
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def _on_quiet_toggled(self, on: bool) -> None:
        self.quiet_from.setEnabled(on)
        self.quiet_to.setEnabled(on)

    def _on_accepted(self) -> None:
        s = self._settings
        s.set(keys.REFRESH_INTERVAL_S, self.interval.value() * 60)
        s.set(keys.NOTIFY_DESKTOP, self.desktop.isChecked())
        s.set(keys.QUIET_HOURS, self.quiet.isChecked())
        s.set(keys.QUIET_FROM_HOUR, int(self.quiet_from.currentData()))
        s.set(keys.QUIET_TO_HOUR, int(self.quiet_to.currentData()))
        s.set(keys.SLOW_ANSWER_MINUTES, self.goal.value())
        self.accept()
