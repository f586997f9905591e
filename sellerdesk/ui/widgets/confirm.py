"""Questions to the seller that never block the loop: a sheet-like box and a callback.

`QMessageBox.exec()` would spin a nested event loop in the middle of a slot; these open the
box window-modal and call back when the seller has chosen. Texts are plain text, always.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget


@dataclass(frozen=True)
class Choice:
    text: str
    role: QMessageBox.ButtonRole
    callback: Callable[[], None] | None = None
    default: bool = False
    escape: bool = False


def ask(parent: QWidget, title: str, text: str, choices: Sequence[Choice], *,
        informative: str = "", icon: QMessageBox.Icon = QMessageBox.Icon.Question
        ) -> QMessageBox:
    """Show the question; the chosen button's callback runs once the box closes."""
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # names in the text are the seller's or a buyer's
    if informative:
        box.setInformativeText(informative)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    actions: dict[QAbstractButton, Callable[[], None] | None] = {}
    for choice in choices:
        button = box.addButton(choice.text, choice.role)
        button.setAccessibleName(choice.text)
        actions[button] = choice.callback
        if choice.default:
            box.setDefaultButton(button)
        if choice.escape:
            box.setEscapeButton(button)

    def on_clicked(button: QAbstractButton) -> None:
        callback = actions.get(button)
        actions.clear()  # once; and drop the references to the view's callbacks
        if callback is not None:
            callback()

    box.buttonClicked.connect(on_clicked)
    box.open()
    return box


def confirm(parent: QWidget, title: str, text: str, confirm_text: str,
            on_confirmed: Callable[[], None], *, informative: str = "",
            destructive: bool = True) -> QMessageBox:
    """Ask before doing something that cannot be taken back; Cancel is the default."""
    role = (QMessageBox.ButtonRole.DestructiveRole if destructive
            else QMessageBox.ButtonRole.AcceptRole)
    return ask(parent, title, text, [
        Choice(confirm_text, role, on_confirmed),
        Choice(QCoreApplication.translate("Confirm", "Cancel"),
               QMessageBox.ButtonRole.RejectRole, None, default=True, escape=True),
    ], informative=informative, icon=QMessageBox.Icon.Warning)


def ask_unsaved(parent: QWidget, name: str, on_save: Callable[[], None],
                on_discard: Callable[[], None]) -> QMessageBox:
    """Save, discard or stay: asked before unsaved edits would be left behind."""
    question = (QCoreApplication.translate("Confirm", "Save the changes to “{name}”?")
                .format(name=name) if name
                else QCoreApplication.translate("Confirm", "Save your changes?"))
    return ask(parent, QCoreApplication.translate("Confirm", "Unsaved changes"), question, [
        Choice(QCoreApplication.translate("Confirm", "Save"),
               QMessageBox.ButtonRole.AcceptRole, on_save, default=True),
        Choice(QCoreApplication.translate("Confirm", "Discard changes"),
               QMessageBox.ButtonRole.DestructiveRole, on_discard),
        Choice(QCoreApplication.translate("Confirm", "Cancel"),
               QMessageBox.ButtonRole.RejectRole, None, escape=True),
    ], informative=QCoreApplication.translate(
        "Confirm", "If you go on without saving, what you typed is lost."))


def button_with_text(box: QMessageBox, text: str) -> QAbstractButton | None:
    """The box's button that says `text` (tests and keyboard helpers)."""
    return next((b for b in box.buttons() if b.text() == text), None)
