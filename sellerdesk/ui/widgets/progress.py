"""Status-bar progress for the task runner: shown only for work that lasts, with Cancel."""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QToolButton, QWidget

from sellerdesk.ui.icons import icon
from sellerdesk.ui.runner import TaskHandle, TaskRunner
from sellerdesk.ui.widgets.text import ElidingLabel, plain_label


class TaskProgress(QWidget):
    """Label + bar + Cancel for the oldest visible task; "+2 more" when several run."""

    def __init__(self, runner: TaskRunner, parent: QWidget | None = None,
                 reveal_after_ms: int = 400) -> None:
        super().__init__(parent)
        self._delay = reveal_after_ms
        self._visible: list[TaskHandle[object]] = []
        self._pending: dict[int, tuple[TaskHandle[object], float]] = {}  # id -> reveal time
        self._tick = QTimer(self)
        self._tick.setSingleShot(True)
        self._tick.timeout.connect(self._on_tick_timeout)

        self._label = ElidingLabel("", self)  # gives way before the outbox beside it
        self._more = plain_label("", self, muted=True)
        self._bar = QProgressBar(self)
        self._bar.setFixedWidth(140)
        self._bar.setMaximumHeight(14)
        self._bar.setTextVisible(False)
        self._bar.setAccessibleName(self.tr("Progress"))
        self._cancel = QToolButton(self)
        self._cancel.setIcon(icon("close"))
        self._cancel.setAutoRaise(True)
        self._cancel.setToolTip(self.tr("Cancel"))
        self._cancel.setAccessibleName(self.tr("Cancel the running task"))
        self._cancel.clicked.connect(self._on_cancel_clicked)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self._label)
        layout.addWidget(self._bar)
        layout.addWidget(self._more)
        layout.addWidget(self._cancel)

        runner.task_started.connect(self._on_runner_task_started)
        runner.task_progressed.connect(self._on_runner_task_progressed)
        runner.task_finished.connect(self._on_runner_task_finished)
        self.hide()

    def current(self) -> TaskHandle[object] | None:
        return self._visible[0] if self._visible else None

    def pending_reveals(self) -> int:
        """Tasks not yet shown because they have not lasted long enough."""
        return len(self._pending)

    def _on_runner_task_started(self, handle: TaskHandle[object]) -> None:
        if handle.show_progress:
            self._pending[handle.id] = (handle, time.monotonic() + self._delay / 1000)
            self._schedule()

    def _schedule(self) -> None:
        # One timer for all waiting tasks, set to the earliest reveal (no timer per task:
        # deleting timers from their own or their parent's callbacks is asking for trouble).
        if not self._pending:
            self._tick.stop()
            return
        due = min(deadline for _, deadline in self._pending.values())
        self._tick.start(max(0, int((due - time.monotonic()) * 1000) + 1))

    def _on_tick_timeout(self) -> None:
        now = time.monotonic()
        for handle_id, (handle, deadline) in list(self._pending.items()):
            if deadline <= now:
                del self._pending[handle_id]
                if not handle.is_finished() and handle not in self._visible:
                    self._visible.append(handle)
        self._refresh()
        self._schedule()

    def _on_runner_task_progressed(self, handle: TaskHandle[object]) -> None:
        if handle in self._visible:
            self._refresh()

    def _on_runner_task_finished(self, handle: TaskHandle[object]) -> None:
        if self._pending.pop(handle.id, None) is not None:
            self._schedule()
        if handle in self._visible:
            self._visible.remove(handle)
            self._refresh()

    def _on_cancel_clicked(self) -> None:
        handle = self.current()
        if handle is not None:
            handle.cancel()

    def _refresh(self) -> None:
        handle = self.current()
        if handle is None:
            self.hide()
            return
        self._label.setText(handle.text or self.tr("Working…"))
        if handle.total:
            self._bar.setRange(0, handle.total)
            self._bar.setValue(min(handle.done or 0, handle.total))
        else:
            self._bar.setRange(0, 0)  # busy indicator: the total is not known
        others = len(self._visible) - 1
        self._more.setText(self.tr("+{n} more").format(n=others) if others else "")
        self._more.setVisible(others > 0)
        self._cancel.setEnabled(handle.cancellable)
        self.show()
