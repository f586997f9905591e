"""The cockpit's views at 1280×720 in every language: nothing a seller reads is cut.

The window is laid out as on a laptop (1280×720) in English, Spanish and Portuguese, and the
words are measured where Qt drew them: every header whole, every permalink whole (tree and
record), the dashboard's cards in even rows with no line cut, the answer-time legend whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.ui.categories import CategoriesPanel
from sellerdesk.ui.categories.model import Column
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.dashboard import DashboardPanel
from sellerdesk.ui.dashboard.cards import FigureCard
from sellerdesk.ui.main_window import MainWindow

LAPTOP = (1280, 720)


@pytest.fixture(params=["en", "es", "pt_BR"])
def window(request: pytest.FixtureRequest, use_language: Callable[[str], str],
           live_ctx: UiContext, qtbot: QtBot) -> Iterator[MainWindow]:
    use_language(request.param)
    shown = MainWindow(live_ctx)
    qtbot.addWidget(shown)
    shown.resize(*LAPTOP)
    shown.show()
    qtbot.waitExposed(shown)
    yield shown
    shown.close()


def settle() -> None:
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def not_cut(label: QLabel) -> bool:
    """A visible label is as tall as its text needs at its width (wrapped lines all show)."""
    if not label.isVisible() or not label.text():
        return True
    need = label.heightForWidth(label.width()) if label.wordWrap() else \
        label.sizeHint().height()
    return label.height() >= need and (label.wordWrap() or
                                       label.width() >= label.sizeHint().width())


def cut_labels(root: QWidget) -> list[str]:
    return [label.text() for label in root.findChildren(QLabel) if not not_cut(label)]


def test_the_categories_show_headers_and_permalinks_whole(window: MainWindow,
                                                          qtbot: QtBot) -> None:
    window.show_view("categories")
    panel = window.panel("categories")
    assert isinstance(panel, CategoriesPanel)
    qtbot.waitUntil(lambda: panel.model.total() > 0, timeout=30_000)
    panel.expand_all()
    settle()
    tree, head = panel.tree, panel.tree.header()
    fm = tree.fontMetrics()
    for column in Column:
        title = str(panel.model.headerData(column, Qt.Orientation.Horizontal))
        assert head.sectionSize(column) >= head.sectionSizeHint(column), title
    assert head.sectionPosition(Column.PERMALINK) + head.sectionSize(Column.PERMALINK) \
        <= tree.viewport().width(), "the last column runs off the tree"
    rows: list[QModelIndex] = []

    def walk(parent: QModelIndex) -> None:
        for row in range(panel.proxy.rowCount(parent)):
            rows.append(panel.proxy.index(row, 0, parent))
            walk(panel.proxy.index(row, 0, parent))

    walk(QModelIndex())
    for index in rows:
        for column in (Column.NAME, Column.PERMALINK):
            cell = index.siblingAtColumn(column)
            text = str(cell.data() or "")
            room = tree.visualRect(cell).width()
            assert room >= fm.horizontalAdvance(text) + 4, f"{text!r} is cut ({room} px)"
    # The record beside it: every row whole, the permalink whole (it wraps, never elides).
    # (shown isolated, as every address from the server: services/safe_text.one_line)
    assert panel.detail.permalink.shown_text().strip("\u2068\u2069").startswith("http")
    link = panel.detail.permalink
    assert link.height() >= link.heightForWidth(link.width())
    assert link.geometry().right() <= panel.detail.card.width()
    assert cut_labels(panel.detail) == []


def test_the_dashboard_cards_reflow_evenly_and_nothing_is_cut(window: MainWindow,
                                                              qtbot: QtBot) -> None:
    window.show_view("dashboard")
    panel = window.panel("dashboard")
    assert isinstance(panel, DashboardPanel)
    qtbot.waitUntil(panel.charts_drawn, timeout=30_000)
    for width in (1280, 1100, 980, 860):  # a laptop, then narrower windows
        window.resize(width, LAPTOP[1])
        settle()
        cards = panel.findChildren(FigureCard)
        rows: dict[int, int] = {}
        for card in cards:
            rows[card.geometry().top()] = rows.get(card.geometry().top(), 0) + 1
        counts = sorted(rows.values())
        assert counts[-1] - counts[0] <= 1, f"{width} px: rows of {counts}"
        assert cut_labels(panel.cards) == [], f"{width} px"
        legend = panel.charts.answers.legend
        assert legend.isVisible() and not_cut(legend), f"{width} px: legend cut"
        assert legend.geometry().right() <= panel.charts.answers.width()
