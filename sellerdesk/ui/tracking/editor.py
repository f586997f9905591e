"""The tracking-code editor: name, provider, event, status, options and the snippet's code.

The code is a third party's HTML and script: it lives in the plain-text `CodeEditor` (which
colours it and can neither render nor run it) and is never put in a label or a tooltip that
could interpret it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from sellerdesk.services.tracking_rows import TrackingRow
from sellerdesk.services.types import (
    CodeEvent,
    Provider,
    TrackingCode,
    TrackingCodeDraft,
    TrackingStatus,
)
from sellerdesk.ui import theme
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.tracking.model import code_name, sync_words
from sellerdesk.ui.tracking.options import OptionsEditor, plain_value
from sellerdesk.ui.tracking.validation import Problem, validate
from sellerdesk.ui.vocabulary import (
    event_description,
    event_name,
    provider_name,
    tracking_status_name,
)
from sellerdesk.ui.widgets.code_editor import CodeEditor
from sellerdesk.ui.widgets.plain_tooltip import plain_tooltip
from sellerdesk.ui.widgets.state_chip import StateChip, chip_style
from sellerdesk.ui.widgets.text import heading_label, plain_label

_BREAKS = re.compile("\r\n|[\r\u2029]")


def editor_form(code: str) -> str:
    """`code` as the editor can hold it: every line break ("\r\n", "\r", U+2029) is one
    of its blocks, read back as "\n"; everything else (U+2028, no-break spaces) stays."""
    return _BREAKS.sub("\n", code)


@dataclass(frozen=True)
class Values:
    name: str
    provider: Provider
    event: CodeEvent
    status: TrackingStatus
    options: dict[str, Any]
    code: str

    @classmethod
    def of(cls, code: TrackingCode) -> Values:
        return cls(code.name or "", code.provider or Provider.OTHER,
                   code.event or CodeEvent.NAVIGATION, code.status or TrackingStatus.ACTIVE,
                   {str(k): plain_value(v) for k, v in (code.options or {}).items()},
                   editor_form(code.code or ""))


_NEW = Values("", Provider.ANALYTICS, CodeEvent.NAVIGATION, TrackingStatus.ACTIVE, {}, "")


def _combo(parent: QWidget, name: str, items: list[tuple[str, object]]) -> QComboBox:
    combo = QComboBox(parent)
    combo.setAccessibleName(name)
    for text, data in items:
        combo.addItem(text, data)
    return combo


class TrackingEditor(QWidget):
    """Edits one code (or a new one). Emits `edited` whenever the fields change."""

    edited = Signal()
    save_requested = Signal()
    delete_requested = Signal()
    revert_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.row: TrackingRow | None = None
        self._baseline = _NEW
        self._loading = False
        self._build()

    # ---- Building. --------------------------------------------------------------------------

    def _build(self) -> None:
        self.heading = heading_label(self.tr("New tracking code"), self, scale=1.2)
        self.sync_chip = StateChip("", "info", Tone.MUTED, self)
        self.sync_chip.hide()
        self.delete_button = self._button(self.tr("Delete…"), self.tr("Delete this tracking code"),
                                          self.delete_requested.emit)
        self.revert_button = self._button(self.tr("Revert"), self.tr("Undo the changes not saved"),
                                          self.revert_requested.emit)
        self.save_button = self._button(self.tr("Save"), self.tr("Save the tracking code"),
                                        self.save_requested.emit)
        self.save_button.setDefault(True)
        self.note = plain_label("", self, wrap=True, muted=True)
        self.note.hide()

        self.name_edit = QLineEdit(self)
        self.name_edit.setAccessibleName(self.tr("Name"))
        self.name_edit.setPlaceholderText(self.tr("e.g. Analytics for every page"))
        self.provider_combo = _combo(self, self.tr("Provider"),
                                     [(provider_name(p), p) for p in Provider])
        self.event_combo = _combo(self, self.tr("Inserted on (event)"),
                                  [(event_name(e), e) for e in CodeEvent])
        self.event_help = plain_label("", self, wrap=True, muted=True)
        self.status_combo = _combo(self, self.tr("Status"),
                                   [(tracking_status_name(s), s) for s in TrackingStatus])
        self.status_help = plain_label("", self, wrap=True, muted=True)
        self.options = OptionsEditor(self)
        self.code_edit = CodeEditor(self)
        self.code_edit.setMinimumHeight(110)
        self.code_help = plain_label(self.tr("HTML and script, shown as text: SellerDesk never "
                                             "renders or runs it."), self, muted=True, wrap=True)
        self.problems = plain_label("", self, wrap=True)
        self.problems.setAccessibleName(self.tr("Problems to fix before saving"))
        self.problems.hide()

        top = QHBoxLayout()
        top.setSpacing(10)
        top.addWidget(self.heading, 1)
        top.addWidget(self.sync_chip, 0, Qt.AlignmentFlag.AlignVCenter)
        top.addWidget(self.delete_button)
        top.addWidget(self.revert_button)
        top.addWidget(self.save_button)

        for combo in (self.provider_combo, self.event_combo, self.status_combo):
            combo.setMinimumWidth(220)
            combo.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        event_box = QHBoxLayout()
        event_box.setSpacing(12)
        event_box.addWidget(self.event_combo)
        event_box.addWidget(self.event_help, 1)
        status_box = QHBoxLayout()
        status_box.setSpacing(12)
        status_box.addWidget(self.status_combo)
        status_box.addWidget(self.status_help, 1)
        provider_box = QHBoxLayout()
        provider_box.addWidget(self.provider_combo)
        provider_box.addStretch(1)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        form.setHorizontalSpacing(14)
        form.setVerticalSpacing(6)
        form.addRow(self.tr("&Name"), self.name_edit)
        form.addRow(self.tr("&Provider"), provider_box)
        form.addRow(self.tr("Inserted &on"), event_box)
        form.addRow(self.tr("S&tatus"), status_box)
        form.addRow(self.tr("O&ptions"), self.options)
        for field, buddy in ((0, self.name_edit), (1, self.provider_combo),
                             (2, self.event_combo), (3, self.status_combo),
                             (4, self.options.table)):
            item = form.itemAt(field, QFormLayout.ItemRole.LabelRole)
            label = item.widget() if item is not None else None
            if label is not None and hasattr(label, "setBuddy"):
                label.setBuddy(buddy)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(18, 12, 18, 12)
        layout.setSpacing(8)
        layout.addLayout(top)
        layout.addWidget(self.note)
        layout.addLayout(form)
        layout.addWidget(plain_label(self.tr("Code"), self, muted=True))
        layout.addWidget(self.code_edit, 1)
        layout.addWidget(self.code_help)
        layout.addWidget(self.problems)

        self.name_edit.textChanged.connect(self._on_field_edited)
        self.code_edit.textChanged.connect(self._on_field_edited)
        self.options.model.edited.connect(self._on_field_edited)
        for combo in (self.provider_combo, self.event_combo, self.status_combo):
            combo.currentIndexChanged.connect(self._on_field_edited)

    def _button(self, text: str, accessible: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text, self)
        button.setAccessibleName(accessible)
        button.clicked.connect(slot)
        return button

    # ---- Loading. ---------------------------------------------------------------------------

    def show_row(self, row: TrackingRow | None) -> None:
        """Edit `row` (None: a new code), dropping what was typed before."""
        self.row = row
        self._baseline = Values.of(row.code) if row is not None else _NEW
        self._put(self._baseline)
        self.set_sync(row)
        self.show_problems([])

    def update_row(self, row: TrackingRow) -> None:
        """The same code, merged again (its state moved, or its values changed elsewhere):
        reload the fields only when the seller has nothing unsaved in them."""
        if not self.is_dirty() and Values.of(row.code) != self._baseline:
            self.show_row(row)
            return
        self.row = row
        self.set_sync(row)

    def refresh_buttons(self) -> None:
        self._refresh_state()

    def revert(self) -> None:
        self._put(self._baseline)
        self.show_problems([])

    def mark_saved(self) -> None:
        """What is on screen was queued: it is the new baseline (nothing unsaved)."""
        self._baseline = self.values()
        self._refresh_state()

    def _put(self, values: Values) -> None:
        self._loading = True
        try:
            self.name_edit.setText(values.name)
            self._select(self.provider_combo, values.provider)
            self._select(self.event_combo, values.event)
            self._select(self.status_combo, values.status)
            self.options.model.set_options(values.options)
            if self.code_text() != values.code:
                self.code_edit.setPlainText(values.code)
        finally:
            self._loading = False
        self._refresh_state()

    @staticmethod
    def _select(combo: QComboBox, value: object) -> None:
        index = combo.findData(value)
        combo.setCurrentIndex(max(index, 0))

    # ---- Reading. ---------------------------------------------------------------------------

    def is_new(self) -> bool:
        return self.row is None

    def values(self) -> Values:
        # Qt hands the str enums stored as item data back as plain text.
        return Values(self.name_edit.text().strip(),
                      Provider(self.provider_combo.currentData()),
                      CodeEvent(self.event_combo.currentData()),
                      TrackingStatus(self.status_combo.currentData()),
                      self.options.model.options(), self.code_text())

    def code_text(self) -> str:
        """The code exactly as typed: `toPlainText` would turn U+2028 and no-break spaces
        into breaks and spaces, so a code merely opened would read as changed."""
        return self.code_edit.document().toRawText().replace("\u2029", "\n")

    def is_dirty(self) -> bool:
        return self.values() != self._baseline

    def changes(self) -> dict[str, Any]:
        """Only the fields that differ from the code as it was loaded (spec: modify sends only
        the fields to change)."""
        now, before = self.values(), self._baseline
        out: dict[str, Any] = {}
        for name in ("name", "provider", "event", "status", "options", "code"):
            if getattr(now, name) != getattr(before, name):
                out[name] = getattr(now, name)
        return out

    def draft(self) -> TrackingCodeDraft:
        v = self.values()
        return TrackingCodeDraft(name=v.name, code=v.code, provider=v.provider, event=v.event,
                                 options=v.options, status=v.status)

    def validate(self) -> list[Problem]:
        keys = [k for k, _ in self.options.model.entries()]
        problems = validate(self.name_edit.text(), self.code_text(), keys)
        self.show_problems(problems)
        if problems:
            first = problems[0]
            if first.field == "name":
                self.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
            elif first.field == "code":
                self.code_edit.setFocus(Qt.FocusReason.OtherFocusReason)
            elif first.row is not None:
                self.options.focus_row(first.row)
        return problems

    # ---- State shown. -----------------------------------------------------------------------

    def show_problems(self, problems: list[Problem]) -> None:
        self.problems.setText("\n".join(f"• {p.message}" for p in problems))
        self.problems.setVisible(bool(problems))
        pal = self.problems.palette()
        pal.setColor(QPalette.ColorRole.WindowText, theme.tone_color(Tone.DANGER, pal))
        self.problems.setPalette(pal)

    def problem_text(self) -> str:
        return self.problems.text() if not self.problems.isHidden() else ""

    def set_sync(self, row: TrackingRow | None) -> None:
        state = row.sync if row is not None else None
        if state and row is not None:
            text, icon_name, tone = chip_style(state)
            self.sync_chip.set_state_text(sync_words(row) or text, icon_name, tone)
        self.sync_chip.setVisible(bool(state))
        self.sync_chip.setToolTip(plain_tooltip(row.problem if row is not None else ""))
        self._refresh_state()

    def sync_text(self) -> str:
        return self.sync_chip.text() if self.sync_chip.isVisible() else ""

    def _refresh_state(self) -> None:
        row = self.row
        editable = row is None or row.editable
        if row is None:
            self.heading.setText(self.tr("New tracking code"))
        else:
            self.heading.setText(code_name(row.code.name))
        for widget in (self.name_edit, self.provider_combo, self.event_combo,
                       self.status_combo):
            widget.setEnabled(editable)
        self.code_edit.setReadOnly(not editable)
        self.options.set_read_only(not editable)
        dirty = self.is_dirty()
        self.save_button.setEnabled(editable and (dirty or row is None))
        self.revert_button.setEnabled(dirty)
        self.delete_button.setEnabled(row is not None and not row.deleting)
        self.event_help.setText(event_description(CodeEvent(self.event_combo.currentData())))
        inactive = self.status_combo.currentData() == TrackingStatus.INACTIVE.value
        self.status_help.setText(self.tr(
            "Inactive codes are not inserted in the shop, and the shop's list leaves them "
            "out: after the next update it shows only active codes.") if inactive else "")
        self.status_help.setVisible(inactive)
        self.note.setText(self._note(row))
        self.note.setVisible(bool(self.note.text()))

    def _note(self, row: TrackingRow | None) -> str:
        if row is None:
            return ""
        if row.deleting:
            return self.tr("This code waits to be deleted from the shop; it can no longer be "
                           "edited.")
        if row.creating:
            return self.tr("This code waits to be created on the shop. You can change it once "
                           "it has been sent.")
        if row.sync == "conflict":
            return self.tr("This change clashes with the shop's version: open the Outbox "
                           "(Ctrl+6) to choose which one to keep.")
        if row.sync == "failed" and row.problem:
            return self.tr("The shop refused the last change: {reason}").format(
                reason=row.problem)
        return ""

    def _on_field_edited(self, *_: object) -> None:
        if self._loading:
            return
        self._refresh_state()
        self.edited.emit()
