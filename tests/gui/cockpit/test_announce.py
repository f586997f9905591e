"""The announcement helper (ui/widgets/announce.py): one call, heard once, in plain words."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from sellerdesk.ui.widgets.announce import announce, announcer


def test_an_announcement_is_heard_once_in_plain_words(qtbot: QtBot) -> None:
    widget = QLabel("x")
    qtbot.addWidget(widget)
    heard: list[tuple[str, bool]] = []

    def hear(text: str, assertive: bool) -> None:
        heard.append((text, assertive))

    announcer().announced.connect(hear)
    try:
        announce(widget, "  Answer\nsent  ")
        announce(widget, "Offline", assertive=True)
        announce(widget, "   ")  # nothing to say: nothing said
    finally:
        announcer().announced.disconnect(hear)
    assert heard == [("Answer sent", False), ("Offline", True)]


def test_the_application_has_one_announcer(qtbot: QtBot) -> None:
    assert announcer() is announcer()
