"""Helpers for the texts of the order list: cutting long fields, and warming the formats.

The rows themselves are `services.order_list.OrderItem`: decoded on the store's thread with
only the fields the list shows; the detail pane reads the whole order for the one selected.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from decimal import Decimal

from sellerdesk.ui.widgets.formatting import (
    current_locale,
    format_datetime,
    format_money,
    format_number,
)

# Table cells show at most this much of a text field (a 100 KB "name" would make every
# repaint lay out 100 KB of glyphs); the detail pane shows more.
CELL_LIMIT = 160


def clip(text: str, limit: int = CELL_LIMIT) -> str:
    """`text` on one line and at most `limit` characters (then an ellipsis)."""
    if len(text) > limit:
        text = text[:limit] + "…"
    if "\n" in text or "\r" in text:
        text = " ".join(text.split())
    return text


_warming = threading.Lock()
_warmed: set[str] = set()


def warm_formatting() -> None:
    """Load CLDR's data for the UI language on a thread of its own, once per language.

    The first date or amount written in a locale loads that locale from disk (10-30 ms);
    loading it while the window is being set up keeps it off the first paint. A plain daemon
    thread, not the task runner: nothing waits for it and nothing is shown (Babel's loader
    locks).
    """
    locale = current_locale()
    with _warming:
        if locale in _warmed:
            return
        _warmed.add(locale)

    def warm() -> None:
        moment = datetime(2024, 1, 1, tzinfo=UTC)
        format_money(Decimal("1234.5"), "ARS", locale=locale)
        format_datetime(moment, "short", locale=locale)
        format_number(1234, locale=locale)

    threading.Thread(target=warm, name="warm-formatting", daemon=True).start()
