"""The sidebar's list of views: how wide it must be for every name to fit."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QIcon
from pytestqt.qtbot import QtBot

from sellerdesk.ui import navigation
from sellerdesk.ui.navigation import NavigationList

VIEWS = ["inbox", "questions", "orders", "tracking", "dashboard", "outbox", "shop"]


def test_each_row_is_measured_once_until_its_name_badge_or_font_changes(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    measured: list[str] = []
    plain = navigation._NavigationDelegate.row_width

    def counting(font: QFont, text: str, badge: int) -> int:
        measured.append(text)
        return plain(font, text, badge)

    monkeypatch.setattr(navigation._NavigationDelegate, "row_width", staticmethod(counting))
    nav = NavigationList()
    qtbot.addWidget(nav)
    widths = []
    nav.needed_width_changed.connect(lambda: widths.append(nav.needed_width()))
    for view in VIEWS:
        nav.add_view(view, view.title(), QIcon())
    assert sorted(measured) == sorted(v.title() for v in VIEWS)  # not once per row added
    assert widths == sorted(widths)

    measured.clear()
    widest = max(VIEWS, key=lambda v: plain(nav.font(), v.title(), 0))
    nav.set_badge(widest, 120)  # a badge widens its row: measured again, the others not
    assert measured == [widest.title()]
    assert widths[-1] > widths[-2]

    measured.clear()
    bigger = QFont(nav.font())
    bigger.setPointSizeF(bigger.pointSizeF() * 2)
    nav.setFont(bigger)  # every row again, and wider
    assert sorted(measured) == sorted(v.title() for v in VIEWS)
    assert nav.needed_width() > widths[-2]
