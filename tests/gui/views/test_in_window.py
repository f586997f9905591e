"""The four views inside the main window: shortcuts that only act in the view on screen,
the shortcuts sheet, and a name for every control a screen reader lands on."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from sellerdesk.ui.categories import CategoriesPanel
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.tracking.panel import TrackingPanel

MINE = ["categories", "tracking", "shop", "outbox"]


def _focus(window: MainWindow, qtbot: QtBot) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)


def test_a_shared_shortcut_acts_in_the_view_on_screen_only(window: MainWindow,
                                                           qtbot: QtBot) -> None:
    _focus(window, qtbot)
    window.show_view("tracking")
    tracking = window.panel("tracking")
    assert isinstance(tracking, TrackingPanel)
    QTest.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: tracking.filters.event_combo.hasFocus(), timeout=5000)
    window.show_view("categories")
    categories = window.panel("categories")
    assert isinstance(categories, CategoriesPanel)
    QTest.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: categories.filter_edit.hasFocus(), timeout=5000)


def test_ctrl_n_starts_a_new_tracking_code(window: MainWindow, qtbot: QtBot) -> None:
    _focus(window, qtbot)
    window.show_view("tracking")
    tracking = window.panel("tracking")
    assert isinstance(tracking, TrackingPanel)
    QTest.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: tracking.editor.name_edit.hasFocus(), timeout=5000)
    assert tracking.editor.is_new()


def test_the_shortcuts_sheet_lists_the_views_actions(window: MainWindow) -> None:
    sections = dict(window.shortcut_sections())
    for view_id in MINE:
        title = window.panel(view_id).title()
        assert title in sections, title
        assert all(not a.shortcut().isEmpty() for a in sections[title])


def _inside(widget: QWidget, kinds: tuple[type[QWidget], ...]) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, kinds) and not isinstance(parent, QAbstractItemView):
            return True
        parent = parent.parentWidget()
    return False


@pytest.mark.parametrize("view_id", MINE)
def test_every_control_has_an_accessible_name(window: MainWindow, view_id: str) -> None:
    window.show_view(view_id)
    panel = window.panel(view_id)
    kinds = (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView, QPlainTextEdit)
    nameless = []
    for widget in panel.findChildren(QWidget):
        if not isinstance(widget, kinds) or isinstance(widget, QHeaderView):
            continue
        if _inside(widget, kinds):  # a combo's own popup list, a line edit's clear button
            continue
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
            continue
        if not widget.accessibleName():
            nameless.append(f"{type(widget).__name__} {widget.objectName()} "
                            f"{getattr(widget, 'text', lambda: '')()}")
    assert nameless == []
