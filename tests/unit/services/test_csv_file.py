"""The export's CSV: no cell starts a formula whichever separator reads the file."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sellerdesk.services.csv_file import (
    FORMULA_START,
    defuse,
    defuse_row,
    environment_locale,
    list_separator,
    write_csv,
)

HOSTILE = ["Juan;=cmd|' /C calc'!A0", "x;+1;", '=HYPERLINK("http://x","y")', "@SUM(A1)",
           "\t=1", "-2+3", "a, =1", 'b;"=2', "c\n=3", "d\r\n@4", 'q","=5', "\r=6"]
READERS = (",", ";", "\t")


def starts_a_formula(cell: str) -> bool:
    """What a spreadsheet could run: = + - @ first, after the quotes, spaces, tabs and line
    breaks a reader may drop (why a leading TAB or CR counts as a formula start)."""
    return cell.lstrip('" \t\r\n')[:1] in tuple(FORMULA_START.strip())


def cells_read(text: str, delimiter: str) -> list[str]:
    return [c for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
            for c in row]


def written(rows: list[list[str]], delimiter: str, tmp_path: Path) -> str:
    path = tmp_path / "orders.csv"
    write_csv(path, ["id", "buyer"], rows, delimiter=delimiter)
    return path.read_bytes().decode("utf-8-sig")  # line ends as written


@pytest.mark.parametrize("delimiter", READERS)
def test_hostile_cells_start_no_formula_read_with_any_separator(
        delimiter: str, tmp_path: Path) -> None:
    text = written([["1", name] for name in HOSTILE], delimiter, tmp_path)
    for reader in READERS:
        found = [c for c in cells_read(text, reader) if starts_a_formula(c)]
        assert found == [], (repr(delimiter), repr(reader))
    # Read with its own separator the file gives back every name, a ' before each formula.
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    assert [r[1] for r in rows[1:]] == [defuse(n) for n in HOSTILE]
    assert rows[1][1] == "Juan;'=cmd|' /C calc'!A0"
    assert rows[3][1] == "'=HYPERLINK(\"http://x\",\"y\")"


def test_defuse_keeps_plain_text_and_adds_one_quote_per_formula_start() -> None:
    assert defuse("Ana María, Córdoba; 3 x Remera") == "Ana María, Córdoba; 3 x Remera"
    assert defuse("=1") == "'=1" and defuse("-2+3") == "'-2+3"
    assert defuse("x;+1;") == "x;'+1;"
    assert defuse("\t=1") == "'\t'=1"  # a tab reader splits there too
    assert defuse("a, =1") == "a,' =1" and defuse('b;"=2') == "b;'\"=2"
    assert defuse(defuse("Juan;=cmd")) == "Juan;'=cmd"  # once is enough


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet=",;\t\r\n\"' =+-@aZ1"), min_size=1, max_size=4),
       st.sampled_from(READERS))
def test_no_cell_of_any_text_starts_a_formula_read_any_way(cells: list[str],
                                                           delimiter: str) -> None:
    buf = io.StringIO(newline="")
    csv.writer(buf, delimiter=delimiter, quoting=csv.QUOTE_ALL).writerow(
        ["1", *(defuse(c) for c in cells)])
    for reader in READERS:
        assert not [c for c in cells_read(buf.getvalue(), reader) if starts_a_formula(c)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=",;\t\r\n\x00\"' =+-@aZ1"), max_size=5))
def test_a_row_at_once_is_its_cells_one_by_one(cells: list[str]) -> None:
    assert list(defuse_row(cells)) == [defuse(c) for c in cells]


@pytest.mark.parametrize(("locale", "separator"), [
    ("es_AR.UTF-8", ";"), ("pt_BR", ";"), ("pt-BR", ";"), ("es", ";"), ("de_DE@euro", ";"),
    ("es_MX", ","), ("en_US.UTF-8", ","), ("C.UTF-8", ","), ("POSIX", ","), (None, ","),
    ("xx_YY", ","), ("", ",")])
def test_the_list_separator_follows_the_decimal_separator(locale: str | None,
                                                           separator: str) -> None:
    assert list_separator(locale) == separator


def test_the_environment_locale_in_posix_order() -> None:
    assert environment_locale({"LANG": "en_US", "LC_NUMERIC": "es_AR"}) == "es_AR"
    assert environment_locale({"LC_ALL": "pt_BR", "LC_NUMERIC": "en_US"}) == "pt_BR"
    assert environment_locale({"LC_ALL": "", "LANG": "es_CL"}) == "es_CL"
    assert environment_locale({}) is None
