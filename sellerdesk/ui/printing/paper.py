"""Which paper a seller prints on: Letter where it is the norm, A4 elsewhere, unless the
settings say which."""

from __future__ import annotations

from PySide6.QtCore import QLocale

# CLDR's supplemental measurement data: the territories whose paper is US Letter.
LETTER_TERRITORIES = frozenset(
    {"BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE"})
PAPERS = ("auto", "a4", "letter")


def paper_for(setting: str, locale_name: str | None = None) -> str:
    """"a4" or "letter": the setting when it names one, else by the territory of
    `locale_name` (the system's when None). A bare language stands for its likeliest
    country, as Qt reads it: "en" and "es_MX" are Letter, "es" (Spain) and "pt_BR" A4."""
    if setting in ("a4", "letter"):
        return setting
    locale = QLocale(locale_name) if locale_name else QLocale.system()
    if locale.language() == QLocale.Language.C:
        return "a4"  # no country at all: the world's default
    code = QLocale.territoryToCode(locale.territory())
    return "letter" if code in LETTER_TERRITORIES else "a4"


__all__ = ["LETTER_TERRITORIES", "PAPERS", "paper_for"]
