"""Longer translations are not cut: the navigation column and vocabulary columns widen."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel
from PySide6.QtGui import QFont, QFontMetrics, QIcon
from PySide6.QtWidgets import QApplication, QTreeView
from pytestqt.qtbot import QtBot

from sellerdesk.ui.navigation import Sidebar
from sellerdesk.ui.widgets.columns import fit_columns

LONG = "Códigos de rastreamento"


def test_the_navigation_widens_for_a_long_name_and_never_narrows(qtbot: QtBot) -> None:
    sidebar = Sidebar()
    qtbot.addWidget(sidebar)
    sidebar.setFixedWidth(216)
    sidebar.navigation.add_view("inbox", "Inbox", QIcon())
    assert sidebar.maximumWidth() == 216  # English fits: the window's width stands
    sidebar.navigation.add_view("tracking", LONG, QIcon())
    sidebar.navigation.set_badge("tracking", 120)
    bold = QFont(sidebar.navigation.font())
    bold.setWeight(QFont.Weight.DemiBold)
    assert sidebar.minimumWidth() == sidebar.maximumWidth() > 216 + 8
    assert sidebar.minimumWidth() >= QFontMetrics(bold).horizontalAdvance(LONG) + 56
    wide = sidebar.minimumWidth()
    sidebar.navigation.set_badge("tracking", 0)
    assert sidebar.minimumWidth() == wide


def test_vocabulary_columns_fit_their_longest_word(qapp: QApplication, qtbot: QtBot) -> None:
    view = QTreeView()
    qtbot.addWidget(view)
    view.setModel(QStringListModel(["x"]))
    words = ["Short", "Adicionar ao carrinho"]
    fit_columns(view, view.header(), {0: 40}, words={0: words})
    assert view.header().sectionSize(0) >= view.fontMetrics().horizontalAdvance(words[1])
    fit_columns(view, view.header(), {0: 400}, words={0: words})
    assert view.header().sectionSize(0) == 400  # the design width when it is enough
