"""Translation helpers that lupdate can see.

Text for people goes through `self.tr("…")` in a QObject, or
`QCoreApplication.translate("Context", "…")` elsewhere, always with literal strings: those
are the only forms `pyside6-lupdate` extracts. Words chosen at run time from a table are
marked with `QT_TRANSLATE_NOOP` where the table is written and translated where they are
shown, under the same context. Counts use `%n` with the numerus form:
`self.tr("%n question(s)", "", n)`.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark `text` for translation under `context`; returns it unchanged. Named as lupdate
    knows it; typed, unlike PySide6's own, which returns `object`."""
    return text
