"""Tooltips for outside text: Qt guesses whether a tooltip is rich text, so `<b>x</b>` in a
snippet or a name would render. This pins it: escaped, in a pre-wrap paragraph, always."""

from __future__ import annotations

import html


def plain_tooltip(text: str | None) -> str:
    if not text:
        return ""
    return f"<p style='white-space:pre-wrap'>{html.escape(text)}</p>"
