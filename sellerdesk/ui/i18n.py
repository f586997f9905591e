"""Translation helpers that lupdate can see, and the rules that keep strings extractable.

`pyside6-lupdate` reads the source, it does not run it. It extracts:

- `self.tr("…")` in a class (the context is the class name; PySide6 finds it from
  subclasses too);
- `QCoreApplication.translate("Context", "…")` anywhere;
- `QT_TRANSLATE_NOOP("Context", "…")` (below) for words kept in a table and translated
  where they are shown, with `QCoreApplication.translate("Context", word)`.

The text must be a literal: a module helper such as `_tr("Online")`, an f-string or a
concatenation never reaches the translators. Counts go through `self.tr(text, "", n)` in a
class: lupdate reads the plural forms of `QCoreApplication.translate` only when the count
is a number literal, and drops the message when the count is a call or an attribute. The
source may show the count as `%n` (`%Ln` with digit grouping) or as `{count}` formatted
afterwards; either way the translation has one form per plural of the language.
tests/i18n checks all of this.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark `text` for translation under `context`; returns it unchanged. Named as lupdate
    knows it; typed, unlike PySide6's own, which returns `object`."""
    return text
