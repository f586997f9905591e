"""Code 128 (set B) as bar widths, for the tracking code on a packing slip. Qt-free: the
renderer draws the modules; a small table is all the symbology needs (ISO/IEC 15417)."""

from __future__ import annotations

# Symbol values 0-106 as the widths (in modules) of bar, space, bar, space, bar, space; the
# stop symbol (106) has a seventh, a final bar.
PATTERNS: tuple[str, ...] = (
    "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212",
    "221213", "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221",
    "223211", "221132", "221231", "213212", "223112", "312131", "311222", "321122", "321221",
    "312212", "322112", "322211", "212123", "212321", "232121", "111323", "131123", "131321",
    "112313", "132113", "132311", "211313", "231113", "231311", "112133", "112331", "132131",
    "113123", "113321", "133121", "313121", "211331", "231131", "213113", "213311", "213131",
    "311123", "311321", "331121", "312113", "312311", "332111", "314111", "221411", "431111",
    "111224", "111422", "121124", "121421", "141122", "141221", "112214", "112412", "122114",
    "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111", "111242",
    "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
    "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311",
    "113141", "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
)
START_B = 104
STOP = 106
QUIET = 10  # modules of blank each side, so a scanner finds the edges


def encodable(text: str) -> bool:
    """Whether set B writes `text`: printable ASCII (space to tilde), not empty."""
    return bool(text) and all(32 <= ord(c) <= 126 for c in text)


def symbols(text: str) -> list[int]:
    """Start B, the characters, the check symbol, stop."""
    if not encodable(text):
        raise ValueError("Code 128 B writes printable ASCII only")
    values = [ord(c) - 32 for c in text]
    check = (START_B + sum(i * v for i, v in enumerate(values, start=1))) % 103
    return [START_B, *values, check, STOP]


def bars(text: str) -> list[tuple[int, int]]:
    """The bars of `text` as (start, width) in modules, the quiet zone included in the
    positions; see `width` for the whole symbol's."""
    out: list[tuple[int, int]] = []
    x = QUIET
    for value in symbols(text):
        for i, w in enumerate(PATTERNS[value]):
            if i % 2 == 0:
                out.append((x, int(w)))
            x += int(w)
    return out


def width(text: str) -> int:
    """Modules across the whole symbol, quiet zones included: 11 per symbol, 13 for stop."""
    return 2 * QUIET + 11 * (len(text) + 3) + 2


__all__ = ["PATTERNS", "QUIET", "bars", "encodable", "symbols", "width"]
