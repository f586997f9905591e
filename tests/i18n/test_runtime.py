"""In Spanish and Portuguese, no view shows English that has a translation.

The catalogue tests check the .ts files; this one checks the running window: a string that
lupdate extracted under another context than the code asks for at run time, a table read at
import time (before the translator is installed) or text set once and never again would all
show English here. Each view is opened with the demo shop's data and every visible string is
read: labels, buttons, actions and menus, placeholders, tooltips, accessible names, combo
items, header titles and the first rows of item views.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.main_window import MainWindow
from tests.i18n.catalogue import LANGUAGES, read_ts, translation_file

_ROWS = 40  # rows read per item view: enough to meet every kind of cell
_ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
          Qt.ItemDataRole.AccessibleTextRole)
_FIELD = re.compile(r"\\\{[^{}]*\\\}|%L?n")  # a placeholder, once re.escape()d
# Placeholders that only ever hold a number: matched as digits, so "{count} orders" does
# not match any sentence that ends in "orders".
_NUMBERS = re.compile(r"%L?n|\\\{(?:n|count|total|waiting|conflicts|orders|loaded|id|max|"
                      r"limit|quantity)\\\}")


def _template(source: str) -> str:
    escaped = re.escape(source)
    escaped = _NUMBERS.sub(r"[\\d.,\\s]+", escaped)
    return _FIELD.sub("(.+?)", escaped)


@pytest.fixture(params=LANGUAGES)
def lang(request: pytest.FixtureRequest, use_language: Callable[[str], str]) -> str:
    use_language(request.param)
    return str(request.param)


class English:
    """The English of every message whose translation differs, exactly and as templates."""

    def __init__(self, lang: str) -> None:
        messages = read_ts(translation_file(lang)).values()
        translations = {form for m in messages for form in m.forms}
        self.exact = {m.source for m in messages
                      if m.source not in translations and "%n" not in m.source
                      and len(m.source) > 2 and m.source not in m.forms}
        self.templates = []
        for m in messages:
            pattern = _template(m.source)
            literal = _FIELD.sub("", re.escape(m.source)).replace("\\", "")
            if pattern != re.escape(m.source) and sum(c.isalpha() for c in literal) >= 4 \
                    and all(_FIELD.sub("", re.escape(f)).replace("\\", "") != literal
                            for f in m.forms):
                self.templates.append((m.source, re.compile(pattern, re.S)))

    def match(self, text: str) -> str | None:
        """The English source `text` shows untranslated, if any."""
        if text in self.exact:
            return text
        for source, pattern in self.templates:
            if pattern.fullmatch(text):
                return source
        return None


def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    try:
        return model.columnCount(parent)
    except TypeError:  # Qt's own list models keep columnCount private
        return 1


def _model_texts(model: QAbstractItemModel, parent: QModelIndex, depth: int = 0) -> Iterator[str]:
    columns = _columns(model, parent)
    for column in range(columns):
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            title = model.headerData(column, Qt.Orientation.Horizontal, role)
            if isinstance(title, str):
                yield title
    for row in range(min(model.rowCount(parent), _ROWS)):
        for column in range(columns):
            index = model.index(row, column, parent)
            for role in _ROLES:
                value = model.data(index, role)
                if isinstance(value, str):
                    yield value
            if column == 0 and depth < 2 and model.rowCount(index) > 0:
                yield from _model_texts(model, index, depth + 1)


def _action_texts(action: QAction) -> Iterator[str]:
    yield from (action.text(), action.toolTip(), action.statusTip())
    menu = action.menu()
    if isinstance(menu, QMenu):
        yield menu.title()
        for sub in menu.actions():
            yield from _action_texts(sub)


def visible_texts(widget: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) of what `widget` and its visible children show or say."""
    for w in [widget, *widget.findChildren(QWidget)]:
        if not w.isVisible():
            continue
        where = f"{type(w).__name__} {w.objectName()!r}".strip()
        texts = [w.toolTip(), w.accessibleName(), w.accessibleDescription(), w.windowTitle()]
        if isinstance(w, QLabel | QAbstractButton):
            texts.append(w.text())
        if isinstance(w, QLineEdit | QPlainTextEdit | QTextEdit):
            texts.append(w.placeholderText())
        if isinstance(w, QComboBox):
            texts += [w.itemText(i) for i in range(w.count())]
        if isinstance(w, QGroupBox):
            texts.append(w.title())
        if isinstance(w, QTabBar):
            texts += [w.tabText(i) for i in range(w.count())]
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            texts += list(_model_texts(w.model(), QModelIndex()))
        for action in w.actions():
            texts += list(_action_texts(action))
        for text in texts:
            if text and text.strip():
                yield where, text


def test_no_view_shows_english(lang: str, live_ctx: UiContext, qtbot: QtBot) -> None:
    english = English(lang)
    window = MainWindow(live_ctx)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    found: dict[str, str] = {}
    for view_id in window.view_ids():
        window.show_view(view_id)
        qtbot.waitUntil(window.panel(view_id).is_loaded, timeout=30_000)
        qtbot.wait(50)  # let posted updates (counts, subtitles) land
        for where, text in visible_texts(window):
            source = english.match(text)
            if source is not None:
                found.setdefault(f"{view_id}: {where}: {text!r}", source)
    titles = [window.panel(v).title() for v in window.view_ids()]
    assert all(english.match(t) is None for t in titles)
    assert not found, f"{lang}: English on screen where a translation exists:\n  " + \
        "\n  ".join(f"{k} (source {v!r})" for k, v in sorted(found.items()))


def test_the_navigation_is_translated(lang: str, live_ctx: UiContext, qtbot: QtBot) -> None:
    window = MainWindow(live_ctx)
    qtbot.addWidget(window)
    nav = window.sidebar.navigation
    labels = [nav.item(row).text() for row in range(nav.count())]
    done = read_ts(translation_file(lang))
    assert "Pedidos" in labels  # es and pt_BR agree on this one
    inbox = done[("InboxPanel", "Inbox", "")].forms[0]
    assert inbox in labels and "Inbox" not in labels
