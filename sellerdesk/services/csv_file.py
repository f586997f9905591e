"""CSV files a spreadsheet opens as text: whichever separator it reads them with, no cell
starts a formula, and the file is written privately and whole (`private_files`).

- Separator: the seller's locale's list separator, `;` where the decimal separator is a
  comma (es, pt-BR, most of Latin America: what Excel expects there), `,` otherwise.
- Every field is quoted (`csv.QUOTE_ALL`): a reader using the file's own separator never
  splits a cell.
- A reader using the other separator (or a tab, or a line break inside a cell) does split
  cells, so every piece that could then start a cell is defused: where `= + - @ TAB CR`
  (after any quotes or spaces) starts the cell or follows a `,` `;` TAB CR LF inside it, a
  `'` goes first: the rule spreadsheets and OWASP use for a cell's first character.
"""

from __future__ import annotations

import csv
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from sellerdesk.private_files import replace_privately

FORMULA_START = "=+-@\t\r"
# Where a reader may start a new cell inside ours: the start, another separator, a line
# break; a ' goes there when a formula character follows (after quotes or spaces).
_PIECE = re.compile(r'(?:^|(?<=[,;\t\r\n]))(?=["\x20]*[=+\-@\t\r])')
# The same test over a whole row joined by NUL: one search per row, not one per cell.
_ROW_AT_RISK = re.compile(r'(?:^|[\x00,;\t\r\n])["\x20]*[=+\-@\t\r]')


def defuse(cell: str) -> str:
    """`cell` as text a spreadsheet will not run, however it splits the line."""
    return _PIECE.sub("'", cell)


def defuse_row(cells: Sequence[str]) -> Sequence[str]:
    """Every cell of a row defused (most rows need nothing: they are returned as they are)."""
    if _ROW_AT_RISK.search("\x00".join(cells)) is None:
        return cells
    return [defuse(c) for c in cells]


def separator_for(decimal_point: str) -> str:
    """The list separator spreadsheets use beside this decimal separator (Excel's rule)."""
    return ";" if decimal_point == "," else ","


def list_separator(locale: str | None) -> str:
    """The list separator a spreadsheet in `locale` ("es_AR.UTF-8", "pt-BR", "en") reads."""
    name = (locale or "").split(".")[0].split("@")[0].replace("-", "_")
    if not name or name in ("C", "POSIX"):
        return ","
    # Babel's locale data: only an export without --delimiter reads it.
    from babel import Locale, UnknownLocaleError
    from babel.numbers import get_decimal_symbol

    try:
        return separator_for(get_decimal_symbol(Locale.parse(name)))
    except (UnknownLocaleError, ValueError, TypeError):
        return ","


def environment_locale(environ: Mapping[str, str] | None = None) -> str | None:
    """The locale numbers are written in for a program started from this environment
    (POSIX order: LC_ALL, LC_NUMERIC, LANG); None when none is set."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_NUMERIC", "LANG"):
        if env.get(name):
            return env[name]
    return None


def write_csv(path: Path, headers: Sequence[str], rows: Iterable[Sequence[str]], *,
              delimiter: str = ",") -> None:
    """Write the file (UTF-8 with BOM, for spreadsheets), every cell defused and quoted."""
    with replace_privately(path, encoding="utf-8-sig", newline="") as fh:
        writer = csv.writer(fh, delimiter=delimiter, quoting=csv.QUOTE_ALL)
        writer.writerow(defuse_row(headers))
        writer.writerows(defuse_row(row) for row in rows)


__all__ = ["FORMULA_START", "defuse", "defuse_row", "environment_locale", "list_separator",
           "separator_for", "write_csv"]
