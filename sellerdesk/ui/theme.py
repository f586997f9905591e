"""Colours that follow the OS light/dark palette, for the few things SellerDesk paints itself.

Nothing here is cached: every colour is derived from the palette at paint time, so a switch
between light and dark while the app runs needs no rebuilding.
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette


class Tone(Enum):
    """The meaning a colour carries; always paired with an icon and words, never alone."""

    TEXT = "text"
    MUTED = "muted"
    ACCENT = "accent"
    SUCCESS = "success"
    WARNING = "warning"
    DANGER = "danger"


# (light, dark) pairs with enough contrast on the window background of each scheme.
_TONES: dict[Tone, tuple[str, str]] = {
    Tone.ACCENT: ("#0b62c4", "#5ea8ff"),
    Tone.SUCCESS: ("#1a7f37", "#3fb950"),
    Tone.WARNING: ("#9a6700", "#d6a024"),
    Tone.DANGER: ("#c4242f", "#f4655c"),
}


def palette() -> QPalette:
    return QGuiApplication.palette()


def is_dark(pal: QPalette | None = None) -> bool:
    """True when the palette in use is a dark one (whatever the platform reports)."""
    app = QGuiApplication.instance()
    if pal is None and isinstance(app, QGuiApplication):
        scheme = app.styleHints().colorScheme()
        if scheme != Qt.ColorScheme.Unknown:
            return scheme == Qt.ColorScheme.Dark
    pal = pal or palette()
    return pal.color(QPalette.ColorRole.Window).lightness() < 128


def tone_color(tone: Tone, pal: QPalette | None = None) -> QColor:
    pal = pal or palette()
    if tone is Tone.TEXT:
        return pal.color(QPalette.ColorRole.WindowText)
    if tone is Tone.MUTED:
        # About 5:1 against the window in both schemes: quiet, yet readable.
        return mix(pal.color(QPalette.ColorRole.WindowText), pal.color(QPalette.ColorRole.Window),
                   0.55)
    light, dark = _TONES[tone]
    return QColor(dark if is_dark(pal) else light)


def tone_fill(tone: Tone, pal: QPalette | None = None, strength: float = 0.14) -> QColor:
    """A soft background for a banner or chip of this tone."""
    pal = pal or palette()
    base = pal.color(QPalette.ColorRole.Base)
    if tone in (Tone.TEXT, Tone.MUTED):
        return mix(pal.color(QPalette.ColorRole.WindowText), base, strength * 0.6)
    return mix(tone_color(tone, pal), base, strength)


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """`amount` of `a` over `b` (0 gives b, 1 gives a)."""
    amount = max(0.0, min(1.0, amount))
    return QColor.fromRgbF(
        a.redF() * amount + b.redF() * (1 - amount),
        a.greenF() * amount + b.greenF() * (1 - amount),
        a.blueF() * amount + b.blueF() * (1 - amount),
        1.0,
    )


def sidebar_color(pal: QPalette | None = None) -> QColor:
    """The navigation column: a shade off the window colour, like a native source list."""
    pal = pal or palette()
    window = pal.color(QPalette.ColorRole.Window)
    return window.lighter(112) if is_dark(pal) else window.darker(104)
