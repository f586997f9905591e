"""Column widths that survive translation: a design width, widened to fit the header's
title and the longest of a column's known words (a state, a provider, "Default").

Only closed sets of words are measured, never the rows: a column of buyers' names keeps its
design width and elides, as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtWidgets import QAbstractItemView, QHeaderView

from sellerdesk.ui.widgets.chip_delegate import chip_width

# An item's text sits between the style's margins, with a decoration (icon) before it.
_CELL_PADDING = 12
_DECORATION = 22


def fit_columns(view: QAbstractItemView, header: QHeaderView, widths: Mapping[int, int], *,
                words: Mapping[int, Iterable[str]] | None = None,
                chips: Mapping[int, Iterable[str]] | None = None,
                icons: Iterable[int] = ()) -> None:
    """Resize each column of `widths` to at least its title's width and, when given, its
    longest word (`words`: plain cells; `chips`: state chips; `icons`: columns whose cells
    also show an icon)."""
    fm = view.fontMetrics()
    with_icon = set(icons)
    for column, width in widths.items():
        need = max(width, header.sectionSizeHint(column))
        extra = _CELL_PADDING + (_DECORATION if column in with_icon else 0)
        for word in (words or {}).get(column, ()):
            need = max(need, fm.horizontalAdvance(word) + extra)
        for word in (chips or {}).get(column, ()):
            need = max(need, chip_width(fm, word))
        header.resizeSection(column, need)
