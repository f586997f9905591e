"""Untrusted text for the terminal and for one-line widgets: nothing can act, text stays."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sellerdesk.services.safe_text import (
    BIDI_CONTROLS,
    FSI,
    LINE_SEPARATORS,
    PDI,
    for_terminal,
    one_line,
)

ISOLATES = {"\u2066", "\u2067", FSI}


def acts_on_a_terminal(ch: str) -> bool:
    """Controls (C0 but tab/newline, DEL, C1), bidi controls, separators, surrogates."""
    if ch in "\t\n":
        return False
    return (unicodedata.category(ch) in ("Cc", "Cs") or ch in BIDI_CONTROLS
            or ch in LINE_SEPARATORS)


@pytest.mark.parametrize(("raw", "shown"), [
    ("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m"),
    ("\x1b]0;title\x07", "\\x1b]0;title\\x07"),
    ("\x1b[2J", "\\x1b[2J"),
    ("\x9b31m \x9d0;t\x9c", "\\x9b31m \\x9d0;t\\x9c"),
    ("bell\x07 del\x7f cr\r", "bell\\x07 del\\x7f cr\\x0d"),
    ("\u202egnp.exe", "\\u202egnp.exe"),
    ("a\u2028b\u2029c", "a\\u2028b\\u2029c"),
    ("\u2066x\u2069 \u200e\u200f\u061c", "\\u2066x\\u2069 \\u200e\\u200f\\u061c"),
    ("lone \ud800", "lone \\ud800"),
])
def test_terminal_escapes_are_visible(raw: str, shown: str) -> None:
    assert for_terminal(raw) == shown


def test_terminal_keeps_ordinary_text_tabs_and_newlines() -> None:
    text = "¡Hola! Ñandú e\u0301 👩🏽‍💻🇦🇷 مرحبا שלום <b>x</b> \\x1b\tcol\nnext"
    assert for_terminal(text) == text


@given(st.text(alphabet=st.characters(codec=None)))
def test_no_acting_character_survives_the_terminal(text: str) -> None:
    out = for_terminal(text)
    assert not any(acts_on_a_terminal(ch) for ch in out)
    out.encode("utf-8")  # printable on a UTF-8 terminal: no lone surrogate left


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")).filter(
    lambda ch: ch not in BIDI_CONTROLS and ch not in LINE_SEPARATORS)))
def test_printable_text_is_unchanged(text: str) -> None:
    assert for_terminal(text) == text


@pytest.mark.parametrize(("raw", "shown"), [
    ("\u202egnp.exe", "gnp.exe"),
    ("\u202etxt.exe", "txt.exe"),
    ("first\u2028second\u2029third", "first second third"),
    ("a\r\nb\nc\rd\te", "a b c d e"),
    ("\x1b[31mred\x07", "[31mred"),
    ("Ana \u2067שלום\u2069", "Ana שלום"),
])
def test_one_line(raw: str, shown: str) -> None:
    assert one_line(raw) == FSI + shown + PDI


@given(st.text(alphabet=st.characters(codec=None)))
def test_one_line_is_one_balanced_isolated_run(text: str) -> None:
    out = one_line(text)
    assert out.startswith(FSI) and out.endswith(PDI)
    inner = out[1:-1]
    assert not any(ch in BIDI_CONTROLS for ch in inner)  # so no isolate is left open
    assert not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in inner)
    assert not any(ch in LINE_SEPARATORS or ch == "\x85" for ch in inner)
    assert len(out.splitlines()) <= 1


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")).filter(
    lambda ch: ch not in BIDI_CONTROLS and ch not in LINE_SEPARATORS)))
def test_one_line_keeps_printable_text(text: str) -> None:
    assert one_line(text) == FSI + text + PDI
