"""Reusable widgets: plain-text labels, empty states, chips, banner, HTML highlighting."""

from __future__ import annotations

import pytest
from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCharFormat
from PySide6.QtWidgets import QLabel, QLineEdit, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from sellerdesk.ui.icons import app_icon, icon
from sellerdesk.ui.theme import Tone
from sellerdesk.ui.widgets.banner import MessageBanner, MessageLevel
from sellerdesk.ui.widgets.code_editor import CodeEditor, HtmlHighlighter
from sellerdesk.ui.widgets.empty_state import EmptyState
from sellerdesk.ui.widgets.panel_header import PanelHeader
from sellerdesk.ui.widgets.state_chip import StateChip
from sellerdesk.ui.widgets.text import PlainLabel, plain_label

MARKUP = "<b>x</b>"


def test_plain_label_does_not_interpret_markup(qtbot: QtBot) -> None:
    label = plain_label(MARKUP)
    qtbot.addWidget(label)
    rich = QLabel(MARKUP)  # what a bare QLabel would do with a buyer's text
    qtbot.addWidget(rich)
    assert QtGui.Qt.mightBeRichText(MARKUP)  # a bare QLabel would render it bold
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert label.text() == MARKUP
    # The tags are drawn as characters: the plain label is much wider than a bold "x".
    assert label.sizeHint().width() > 3 * rich.sizeHint().width()


def test_plain_label_stays_plain(qtbot: QtBot) -> None:
    label = PlainLabel()
    qtbot.addWidget(label)
    label.setText("<img src='https://tracker.example/x.gif'>")
    assert label.textFormat() == Qt.TextFormat.PlainText
    with pytest.raises(ValueError):
        label.setTextFormat(Qt.TextFormat.RichText)


def test_empty_state_says_so_and_shows_its_whole_hint(qtbot: QtBot) -> None:
    hint = ("Buyers' questions and your answers appear here, grouped by conversation, "
            "once a shop is connected.")
    empty = EmptyState("inbox", "No questions here", hint)
    qtbot.addWidget(empty)
    empty.resize(800, 500)
    empty.show()
    qtbot.waitExposed(empty)
    assert (empty.title(), empty.hint()) == ("No questions here", hint)
    hint_label = empty._hint
    assert hint_label.height() >= hint_label.heightForWidth(hint_label.width())
    assert hint_label.height() > hint_label.fontMetrics().height()  # wrapped, not clipped


@pytest.mark.parametrize(("state", "text"), [
    ("queued", "Queued"), ("sent", "Sent"), ("conflict", "Conflict"), ("failed", "Failed"),
])
def test_state_chips_carry_words_not_only_colour(qtbot: QtBot, state: str, text: str) -> None:
    chip = StateChip.for_state(state)
    qtbot.addWidget(chip)
    assert chip.text() == text
    assert chip.accessibleName() == text
    assert chip.sizeHint().width() > chip.fontMetrics().horizontalAdvance(text)


def test_an_unknown_state_shows_its_name(qtbot: QtBot) -> None:
    chip = StateChip.for_state("on_hold")
    qtbot.addWidget(chip)
    assert chip.text() == "on_hold" and chip.tone() is Tone.MUTED


def test_icons_render_and_missing_ones_are_empty(qapp: object) -> None:
    assert not icon("inbox").pixmap(24).isNull()
    assert not icon("offline", Tone.WARNING).pixmap(16).isNull()
    assert icon("no-such-icon").isNull()
    assert not app_icon().isNull()


def test_banner_folds_repeats_and_keeps_a_few(qtbot: QtBot) -> None:
    banner = MessageBanner(limit=2)
    qtbot.addWidget(banner)
    first = banner.show_message("Offline", MessageLevel.WARNING)
    assert banner.show_message("Offline", MessageLevel.WARNING) is first
    assert first.count == 2
    banner.show_message("Two", MessageLevel.ERROR)
    banner.show_message("Three", MessageLevel.INFO)
    assert banner.messages() == ["Two", "Three"]
    banner.clear()
    assert banner.messages() == [] and banner.isHidden()


def test_a_message_added_to_a_banner_on_screen_shows_its_action_at_once(qtbot: QtBot) -> None:
    # A child added to a visible widget is only queued to show: for a turn of the loop a
    # second message's words were there and its action button not (a field test's flake).
    banner = MessageBanner()
    qtbot.addWidget(banner)
    banner.show_message("Offline", MessageLevel.WARNING)
    qtbot.waitExposed(banner)
    banner.show_message("Paused", MessageLevel.WARNING, action_text="Enter a new token…",
                        on_action=lambda: None)
    assert [b.text() for b in banner.findChildren(QPushButton) if b.isVisible()] == [
        "Enter a new token…"]


def test_banner_info_can_go_by_itself(qtbot: QtBot) -> None:
    banner = MessageBanner()
    qtbot.addWidget(banner)
    with qtbot.waitSignal(banner.message_dismissed, timeout=5000):
        banner.show_message("Answer sent", MessageLevel.SUCCESS, timeout_ms=10)
    assert banner.messages() == []


def _format_at(highlighter: HtmlHighlighter, editor: QPlainTextEdit, line: int,
               column: int) -> QTextCharFormat:
    block = editor.document().findBlockByLineNumber(line)
    ranges = block.layout().formats()
    for fmt_range in ranges:
        if fmt_range.start <= column < fmt_range.start + fmt_range.length:
            return QTextCharFormat(fmt_range.format)  # a copy that outlives the list
    return QTextCharFormat()


def _colour(fmt: QTextCharFormat) -> QColor:
    return fmt.foreground().color()


def test_html_is_coloured_never_rendered(qtbot: QtBot) -> None:
    snippet = ('<!-- tag\n  manager -->\n'
               '<script async src="https://x.example/t.js"></script>\n'
               "<script>var id = 'G-1'; /* a\n b */ go(42);</script>\n"
               '<img width=1 src="p.gif?a=1&amp;b=2">')
    editor = CodeEditor()
    qtbot.addWidget(editor)
    editor.setPlainText(snippet)
    assert isinstance(editor, QPlainTextEdit)
    assert editor.toPlainText() == snippet  # shown as the characters it is made of
    hl = editor.highlighter

    comment = _colour(_format_at(hl, editor, 1, 4))  # second line of a multi-line comment
    tag = _colour(_format_at(hl, editor, 2, 2))  # "script"
    attr = _colour(_format_at(hl, editor, 2, 9))  # "async"
    value = _colour(_format_at(hl, editor, 2, 20))  # inside "https://..."
    keyword = _colour(_format_at(hl, editor, 3, 9))  # "var"
    js_string = _colour(_format_at(hl, editor, 3, 19))  # 'G-1'
    js_comment = _colour(_format_at(hl, editor, 4, 1))  # second line of /* */
    unquoted = _colour(_format_at(hl, editor, 5, 11))  # width=1
    assert len({comment.name(), tag.name(), attr.name(), value.name()}) == 4
    assert keyword == tag.__class__(keyword) and keyword != value
    assert js_string == value and js_comment == comment and unquoted == value
    after_script = _format_at(hl, editor, 4, 16)  # "</script>" after the JS ends
    assert _colour(after_script) in (tag, _colour(_format_at(hl, editor, 4, 13)))


def test_code_editor_is_keyboard_friendly(qtbot: QtBot) -> None:
    editor = CodeEditor()
    qtbot.addWidget(editor)
    assert editor.tabChangesFocus()
    assert editor.accessibleName()
    assert editor.lineWrapMode() == QPlainTextEdit.LineWrapMode.NoWrap


def test_a_long_status_line_is_shortened_not_drawn_under_the_tools(qtbot: QtBot) -> None:
    header = PanelHeader("Orders")
    qtbot.addWidget(header)
    search, button = QLineEdit(header), QPushButton("Sort by", header)
    search.setMinimumWidth(220)
    header.add_tool(search)
    header.add_tool(button)
    line = "543 orders match · 200 loaded, more as you scroll " * 3
    header.set_subtitle(line)
    header.resize(520, 80)
    header.show()
    qtbot.waitExposed(header)
    shown = header._subtitle
    assert header.subtitle() == line  # the whole line, for tests and screen readers
    assert shown.text().endswith("…") and shown.toolTip() == line
    assert shown.accessibleName() == line
    assert shown.geometry().right() < search.geometry().left()  # side by side, not over
    assert search.geometry().right() < button.geometry().left()
    header.set_subtitle("2 orders")
    assert shown.text() == "2 orders" and not shown.toolTip()
