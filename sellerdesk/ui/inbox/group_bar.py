"""Above the composer: other buyers who asked the same about this listing, answered at once.

`InboxService.alike` finds them (docs/decisions.md, "Answer a group at once"). One check box
turns the group on; then each of the others has its own check box, all ticked, so the seller
can leave one out. The composer's answer then goes to every ticked question as its own
queued write, `{buyer}` being each one's first name.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QFrame, QScrollArea, QVBoxLayout, QWidget

from sellerdesk.services.people import buyer_name
from sellerdesk.services.types import Question
from sellerdesk.ui.inbox.thread_model import one_line
from sellerdesk.ui.widgets.text import plain_label

_SHOWN_ROWS = 4  # beyond this the list scrolls


class GroupBar(QWidget):
    """`changed()` whenever the group is switched on or off or its members change."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question_id: int | None = -1  # nothing set yet: the first set_group lays out
        self._others: list[Question] = []
        self.together = QCheckBox(self)
        self.together.toggled.connect(self._on_together_toggled)
        self.hint = plain_label(self.tr("Write {buyer} where each buyer's first name goes."),
                                self, wrap=True, muted=True)
        self._list = QWidget(self)
        self._rows = QVBoxLayout(self._list)
        self._rows.setContentsMargins(22, 0, 0, 0)
        self._rows.setSpacing(2)
        self.area = QScrollArea(self)
        self.area.setWidget(self._list)
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self.area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.boxes: list[QCheckBox] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 8, 20, 0)
        layout.setSpacing(4)
        layout.addWidget(self.together)
        layout.addWidget(self.area)
        layout.addWidget(self.hint)
        self.set_group(None, [])

    def set_group(self, question_id: int | None, others: list[Question]) -> None:
        """The questions like `question_id` (the composer's target); none hides the bar."""
        same = question_id == self.question_id and [q.id for q in others] == [
            q.id for q in self._others]
        if same:
            return
        keep_on = question_id == self.question_id and self.together.isChecked()
        left_out = {q.id for q, box in zip(self._others, self.boxes, strict=True)
                    if not box.isChecked()} if keep_on else set()
        self.question_id, self._others = question_id, list(others)
        for box in self.boxes:
            self._rows.removeWidget(box)
            box.deleteLater()
        self.boxes = []
        for q in others:
            who = buyer_name(q.from_)
            text = q.question.text if q.question else ""
            words = one_line(text, 140)
            label = f"{one_line(who, 60)}: {words}" if who else words
            box = QCheckBox(label.replace("&", "&&"), self._list)  # "&" is no mnemonic here
            box.setAccessibleName(label)
            box.setChecked(q.id not in left_out)
            box.toggled.connect(self.changed)
            self._rows.addWidget(box)
            QWidget.setTabOrder(self.boxes[-1] if self.boxes else self.together, box)
            self.boxes.append(box)
        n = len(others)
        self.together.setText(self.tr("Also answer %n more who asked the same about this "
                                      "listing", "", n))
        self.together.setAccessibleName(self.together.text())
        self.together.blockSignals(True)
        self.together.setChecked(keep_on and n > 0)
        self.together.blockSignals(False)
        self.setVisible(n > 0)
        self._fold()
        self.changed.emit()

    def active(self) -> bool:
        return not self.isHidden() and bool(self.selected())

    def selected(self) -> list[int]:
        """The other questions ticked (the composer's own target is always answered)."""
        if not self.together.isChecked():
            return []
        return [q.id for q, box in zip(self._others, self.boxes, strict=True)
                if box.isChecked()]

    def others(self) -> list[Question]:
        return list(self._others)

    def _fold(self) -> None:
        on = self.together.isChecked()
        self.area.setVisible(on)
        self.hint.setVisible(on)
        if self.boxes:
            row = self.boxes[0].sizeHint().height() + self._rows.spacing()
            self.area.setFixedHeight(min(len(self.boxes), _SHOWN_ROWS) * row + 2)

    def _on_together_toggled(self, _on: bool) -> None:
        self._fold()
        self.changed.emit()
