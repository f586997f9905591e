"""Tooltips for outside text: Qt guesses whether a tooltip is rich text, so `<b>x</b>` in a
snippet or a name would render. This pins it: escaped, in a pre-wrap paragraph, always.

A widget's tooltip is also its accessible description unless it has one of its own, and
screen readers read that markup aloud: `set_plain_tooltip` gives the widget both."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QWidget


def plain_tooltip(text: str | None) -> str:
    if not text:
        return ""
    return f"<p style='white-space:pre-wrap'>{html.escape(text)}</p>"


def set_plain_tooltip(widget: QWidget, text: str | None) -> None:
    """`text` as `widget`'s tooltip, and as its description in plain words."""
    widget.setToolTip(plain_tooltip(text))
    widget.setAccessibleDescription(text or "")
