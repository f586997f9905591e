"""Addresses from the shop service (permalinks, the shop's site, its e-mail) on a `LinkButton`.

The button says its address in its name and tooltip, so a U+202E or a U+2028 in it would
reorder or break those lines. The text shown is one isolated line (`safe_text.one_line`);
an address holding such characters is handed over percent-encoded (the same page, and what
a browser would send anyway), and one that is no web address at all is never opened, so it
is kept only as inert words.
"""

from __future__ import annotations

from PySide6.QtCore import QUrl

from sellerdesk.services.safe_text import one_line
from sellerdesk.ui.widgets.link_button import LinkButton, is_safe_url


def inert_address(address: str | None) -> str:
    """`address` as is when it holds nothing `one_line` would change; otherwise encoded
    (a web or mail address) or isolated (anything else: never opened)."""
    raw = (address or "").strip()
    if not raw or one_line(raw)[1:-1] == raw:
        return raw
    if is_safe_url(raw):
        return QUrl(raw, QUrl.ParsingMode.StrictMode).toString(
            QUrl.ComponentFormattingOption.FullyEncoded)
    return one_line(raw)


def show_outside_link(button: LinkButton, address: str | None, text: str = "") -> None:
    """Point `button` at `address`, showing `text` (default: the address) on one line."""
    words = text or (address or "").strip()
    button.set_address(inert_address(address), one_line(words) if words else "")
