"""The tracking-code editor: HTML shown as plain text with syntax colours, never rendered.

A tracking code is a third party's HTML and script. It lives in a QPlainTextEdit (which has
no HTML rendering at all), and `HtmlHighlighter` only colours the characters.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextDocument,
)
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from sellerdesk.ui import theme
from sellerdesk.ui.theme import Tone

# Block states carried from one line to the next.
_NORMAL, _COMMENT, _SCRIPT, _STYLE, _JS_COMMENT = 0, 1, 2, 3, 4
_TAG, _TAG_SCRIPT, _TAG_STYLE = 10, 20, 30  # + 1 inside "…", + 2 inside '…'
_AFTER_TAG = {_TAG: _NORMAL, _TAG_SCRIPT: _SCRIPT, _TAG_STYLE: _STYLE}

_TAG_OPEN = re.compile(r"</?([A-Za-z][\w:.-]*)")
_DECLARATION = re.compile(r"<![^>]*>?")
_ATTR_NAME = re.compile(r"[^\s\"'>/=]+")
_UNQUOTED = re.compile(r"[^\s\"'>=`<]+")
_ENTITY = re.compile(r"&(?:#\d+|#x[0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")
_JS_TOKEN = re.compile(
    r"(?P<comment>//.*)|(?P<block>/\*)"
    r"|(?P<string>\"(?:\\.|[^\"\\])*\"?|'(?:\\.|[^'\\])*'?|`(?:\\.|[^`\\])*`?)"
    r"|(?P<keyword>\b(?:var|let|const|function|return|if|else|for|while|do|new|this|typeof|"
    r"instanceof|true|false|null|undefined|async|await|try|catch|finally|throw|in|of)\b)"
    r"|(?P<number>\b\d+(?:\.\d+)?\b)"
)

# Colours beyond the shared tones: (light, dark).
_ATTR_COLOURS = ("#8250df", "#c297ff")
_ENTITY_COLOURS = ("#b35900", "#f0883e")


class HtmlHighlighter(QSyntaxHighlighter):
    """Colours tags, attributes, values, comments, entities and inline script."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._formats: dict[str, QTextCharFormat] = {}
        self.refresh_formats()

    def refresh_formats(self, pal: QPalette | None = None) -> None:
        """Recompute the colours from the palette (after a light/dark switch)."""
        pal = pal or theme.palette()
        dark = theme.is_dark(pal)

        def fmt(color: QColor, *, bold: bool = False, italic: bool = False) -> QTextCharFormat:
            result = QTextCharFormat()
            result.setForeground(color)
            if bold:
                result.setFontWeight(QFont.Weight.DemiBold)
            result.setFontItalic(italic)
            return result

        muted = theme.tone_color(Tone.MUTED, pal)
        self._formats = {
            "tag": fmt(theme.tone_color(Tone.ACCENT, pal), bold=True),
            "punct": fmt(muted),
            "attr": fmt(QColor(_ATTR_COLOURS[dark])),
            "value": fmt(theme.tone_color(Tone.SUCCESS, pal)),
            "comment": fmt(muted, italic=True),
            "entity": fmt(QColor(_ENTITY_COLOURS[dark])),
            "keyword": fmt(theme.tone_color(Tone.ACCENT, pal)),
            "number": fmt(QColor(_ENTITY_COLOURS[dark])),
        }
        self.rehighlight()

    def _paint(self, start: int, length: int, kind: str) -> None:
        if length > 0:
            self.setFormat(start, length, self._formats[kind])

    def highlightBlock(self, text: str) -> None:
        state = self.previousBlockState()
        state = _NORMAL if state < 0 else state
        lower = text.lower()
        i, n = 0, len(text)
        while i < n:
            if state == _COMMENT:
                end = text.find("-->", i)
                stop = n if end < 0 else end + 3
                self._paint(i, stop - i, "comment")
                i, state = stop, (_COMMENT if end < 0 else _NORMAL)
            elif state in (_SCRIPT, _STYLE, _JS_COMMENT):
                end = lower.find("</style" if state == _STYLE else "</script", i)
                stop = n if end < 0 else end
                if state != _STYLE:
                    state = self._script(text, i, stop, state)
                i = stop
                if end >= 0:
                    state = _NORMAL
            elif state >= _TAG:
                i, state = self._inside_tag(text, i, state)
            else:
                i, state = self._text(text, i)
        self.setCurrentBlockState(state)

    def _text(self, text: str, i: int) -> tuple[int, int]:
        lt = text.find("<", i)
        stop = len(text) if lt < 0 else lt
        for match in _ENTITY.finditer(text, i, stop):
            self._paint(match.start(), match.end() - match.start(), "entity")
        if lt < 0:
            return len(text), _NORMAL
        if text.startswith("<!--", lt):
            self._paint(lt, 4, "comment")
            return lt + 4, _COMMENT
        tag = _TAG_OPEN.match(text, lt)
        if tag:
            self._paint(lt, tag.start(1) - lt, "punct")
            self._paint(tag.start(1), tag.end(1) - tag.start(1), "tag")
            name, closing = tag.group(1).lower(), text.startswith("</", lt)
            kind = _TAG
            if not closing and name == "script":
                kind = _TAG_SCRIPT
            elif not closing and name == "style":
                kind = _TAG_STYLE
            return tag.end(), kind
        decl = _DECLARATION.match(text, lt)
        if decl:
            self._paint(lt, decl.end() - lt, "comment")
            return decl.end(), _NORMAL
        return lt + 1, _NORMAL

    def _inside_tag(self, text: str, i: int, state: int) -> tuple[int, int]:
        kind, quote = state - state % 10, state % 10
        n = len(text)
        while i < n:
            if quote:
                mark = '"' if quote == 1 else "'"
                end = text.find(mark, i)
                stop = n if end < 0 else end + 1
                self._paint(i, stop - i, "value")
                if end < 0:
                    return n, kind + quote
                i, quote = stop, 0
                continue
            char = text[i]
            if char == ">" or text.startswith("/>", i):
                width = 1 if char == ">" else 2
                self._paint(i, width, "punct")
                return i + width, (_AFTER_TAG[kind] if width == 1 else _NORMAL)
            if char in "\"'":
                quote = 1 if char == '"' else 2
                self._paint(i, 1, "value")
                i += 1
                continue
            if char == "=":
                self._paint(i, 1, "punct")
                value = _UNQUOTED.match(text, i + 1)
                if value:
                    self._paint(value.start(), value.end() - value.start(), "value")
                    i = value.end()
                else:
                    i += 1
                continue
            name = _ATTR_NAME.match(text, i)
            if name:
                self._paint(i, name.end() - i, "attr")
                i = name.end()
            else:
                i += 1
        return n, kind + quote

    def _script(self, text: str, start: int, stop: int, state: int) -> int:
        i = start
        if state == _JS_COMMENT:
            end = text.find("*/", i, stop)
            if end < 0:
                self._paint(i, stop - i, "comment")
                return _JS_COMMENT
            self._paint(i, end + 2 - i, "comment")
            i = end + 2
        while i < stop:
            match = _JS_TOKEN.search(text, i, stop)
            if not match:
                break
            kind = match.lastgroup or ""
            if kind == "block":
                end = text.find("*/", match.end(), stop)
                if end < 0:
                    self._paint(match.start(), stop - match.start(), "comment")
                    return _JS_COMMENT
                self._paint(match.start(), end + 2 - match.start(), "comment")
                i = end + 2
                continue
            names = {"comment": "comment", "string": "value", "keyword": "keyword",
                     "number": "number"}
            self._paint(match.start(), match.end() - match.start(), names[kind])
            i = max(match.end(), i + 1)
        return _SCRIPT


class CodeEditor(QPlainTextEdit):
    """Monospaced, unwrapped plain-text editor for an HTML snippet, with HTML colouring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.setFont(font)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabStopDistance(self.fontMetrics().horizontalAdvance(" ") * 2)
        self.setTabChangesFocus(True)  # keyboard users can leave the editor with Tab
        self.setPlaceholderText(QCoreApplication.translate(
            "CodeEditor", "Paste the HTML snippet the provider gave you"))
        self.setAccessibleName(QCoreApplication.translate("CodeEditor", "Snippet code"))
        self.highlighter = HtmlHighlighter(self.document())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.highlighter.refresh_formats(self.palette())
