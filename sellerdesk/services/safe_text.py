"""Untrusted text made safe to show: on a terminal, and on one line of the window.

Buyers' names, questions and server messages may hold terminal control sequences (ESC, CSI,
OSC, C1 controls, BEL) that recolour, retitle or clear a terminal, and bidi controls
(U+202E and friends) that make `\u202egnp.exe` read "exe.png". Two pure functions:

- `for_terminal(text)`: every control character except tab and newline, every bidi control
  and the Unicode line/paragraph separators become a visible escape (`\\x1b`, `\\u202e`);
  everything else (accents, emoji, Arabic, Hebrew, joiners) is left as it is. A literal
  backslash is not escaped: the text stays readable, and no escape it imitates can act.
- `one_line(text)`: for a one-line widget (list row, title, tooltip, notification, tray).
  Tabs, line breaks and separators become spaces, other controls and bidi controls are
  removed, and the result is one isolated bidi run (FSI ... PDI), so nothing in it can
  reorder the text around it, nor can a U+202E inside it reverse the buyer's own words.

Multi-line views need no function: they must show the text exactly (the seller may quote or
copy it), so they put it in a plain-text widget (never rich text, never a link). There a
bidi control acts only inside its own paragraph, which holds nothing but the buyer's words.
"""

from __future__ import annotations

import re

FSI = "\u2068"  # first strong isolate: the run takes its direction from its own text
PDI = "\u2069"  # pop directional isolate

# Bidi embeddings, overrides, isolates and marks, plus the Arabic letter mark.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                          "\u200e\u200f\u061c")
LINE_SEPARATORS = frozenset("\u2028\u2029")

_C0 = "\x00-\x08\x0b-\x1f"  # all but tab (\x09) and newline (\x0a)
_UNSAFE_TERMINAL = re.compile(
    f"[{_C0}\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
    "\ud800-\udfff]")  # lone surrogates: unprintable, and a UnicodeEncodeError on a terminal
_BREAKS = re.compile("\r\n|[\t\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
_UNSAFE_LINE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ud800-\udfff]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: str) -> str:
    """`text` with every control character but tab and newline, every bidi control and
    U+2028/U+2029 shown as a visible escape (`\\x1b`, `\\x9b`, `\\u202e`)."""
    return _UNSAFE_TERMINAL.sub(_visible, text)


def one_line(text: str) -> str:
    """`text` for a one-line widget: tabs, line breaks and separators as spaces, other
    controls and bidi controls removed, the whole wrapped in FSI ... PDI as one run."""
    flat = _BREAKS.sub(" ", text)
    return FSI + _UNSAFE_LINE.sub("", flat) + PDI


__all__ = ["BIDI_CONTROLS", "FSI", "LINE_SEPARATORS", "PDI", "for_terminal", "one_line"]
