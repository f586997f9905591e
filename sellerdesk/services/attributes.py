"""What a question names that an answer must agree with: colours, sizes, models, numbers.

A suggested answer is the seller's answer to another question. "Hola, sí, la tenemos en
rojo." answers "¿La tienen en rojo?", and is wrong for "¿Lo tienen en verde?" although the
two share words. `attributes(text)` reads the values a question names (es, pt, en), and
`mismatch(asked, answered)` says how a past question's values disagree with the open one's:

- `Reason.OTHER_VALUE`: both name a colour (size, model, number) and no value is the same;
- `Reason.OTHER_KIND`: both name values, of different kinds only ("talle M" for "verde");
- `Reason.MISSING`: the open question names values, the past one none, and they share a
  single word (with two or more it may well answer the rest: "¿Cuánto tarda en llegar?").

Pure functions over plain text; no Qt, no store.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from enum import StrEnum

import msgspec


class Kind(StrEnum):
    COLOUR = "colour"
    SIZE = "size"
    MODEL = "model"
    NUMBER = "number"


ORDER = (Kind.COLOUR, Kind.SIZE, Kind.MODEL, Kind.NUMBER)


class Reason(StrEnum):
    OTHER_VALUE = "other_value"
    OTHER_KIND = "other_kind"
    MISSING = "missing"


class Attribute(msgspec.Struct, frozen=True):
    kind: Kind
    value: str  # compared: "green" for verde/verdes/green, "m", '17"', "galaxy a54", "1.75"
    text: str  # as written in the question


class Mismatch(msgspec.Struct, frozen=True):
    """Why a past question's answer does not fit the open question."""

    reason: Reason
    kind: Kind  # the past question's kind (OTHER_*), the open question's (MISSING)
    theirs: tuple[str, ...]  # the past question's values as written ("rojo")
    ours: tuple[str, ...]  # the open question's values as written ("verde")


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# Colour words (accents removed) -> one name per colour, gender and plural forms included.
_COLOUR_TEXT = {
    "green": "verde verdes green",
    "red": "rojo roja rojos rojas vermelho vermelha vermelhos vermelhas red",
    "blue": "azul azules azuis blue",
    "light blue": "celeste celestes",
    "black": "negro negra negros negras preto preta pretos pretas black",
    "white": "blanco blanca blancos blancas branco branca brancos brancas white",
    "yellow": "amarillo amarilla amarillos amarillas amarelo amarela amarelos amarelas yellow",
    "pink": "rosa rosas rosado rosada rosados rosadas pink",
    "grey": "gris grises cinza cinzas gray grey",
    "orange": "naranja naranjas laranja laranjas orange",
    "purple": "violeta violetas morado morada morados moradas lila lilas roxo roxa roxos "
              "roxas purple violet",
    "brown": "marron marrones marrom marrons brown",
    "beige": "beige beis bege",
    "silver": "plateado plateada plateados plateadas prateado prateada silver",
    "gold": "dorado dorada dorados doradas dourado dourada golden",
    "burgundy": "bordo bordos burgundy",
}
COLOURS: dict[str, str] = {word: name for name, words in _COLOUR_TEXT.items()
                           for word in words.split()}

_LETTER_SIZES = r"XXXL|XXL|XL|XXS|XS|[2-5]XL|GG|PP|EG|XG|S|M|L|P|G|U"
# "talle M", "talla 38", "tamanho GG", "size XL", "número 37", "N° 5".
_SIZE_AFTER_WORD = re.compile(
    r"\b(?:talles?|tallas?|tamanhos?|tam|sizes?|n[uú]mero|nro|n[º°o]\.?)\s*[:.]?\s*"
    rf"({_LETTER_SIZES}|\d{{1,3}}(?:[.,]\d)?)(?![\w\"”″'])", re.IGNORECASE)
# A letter size written on its own, upper case, not a unit after a number ("1,75 m").
_SIZE_ALONE = re.compile(r"(?<![\w\d.,])(?<!\d )(XXXL|XXL|XL|XXS|XS|[2-5]XL|GG|S|M|L)(?!\w)")
# Inches: 17", 15,6 pulgadas, 32 polegadas.
_INCHES = re.compile(r"(?<![\w.,])(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:\"|”|″|''|pulgadas?|pulg\b|"
                     r"polegadas?|inch(?:es)?\b)", re.IGNORECASE)
# A brand or line and its number: "iPhone 13", "Galaxy A54", "Moto G84", "Note 12".
_BRANDED = re.compile(r"\b(iphone|ipad|galaxy|moto|redmi|note|pixel|xiaomi|poco|macbook|"
                      r"playstation|ps|xbox|switch)\s+([a-z]{0,3}\d{1,4}[a-z]{0,3})\b",
                      re.IGNORECASE)
# A code of letters and digits: A54, G84, IPX7, WH1000XM4 (a number and its unit is not one).
_CODE = re.compile(r"(?<![\w])(?=[^\W_]*\d)(?=[^\W_]*[^\W\d_])[^\W_]{2,}(?![\w])")
_UNIT = re.compile(r"\d+(?:w|v|mm|cm|m|kg|g|gb|tb|mb|mah|hz|khz|l|ml|cc|x|h|hs|min|s|"
                   r"ta|do|da|ro|er|o|a|º|°)", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*")
_WORD = re.compile(r"[^\W_]+")


def _number(text: str) -> str:
    return text.replace(",", ".")


def attributes(text: str) -> tuple[Attribute, ...]:
    """The colours, sizes, models and numbers `text` names, by kind, each in the text's order.
    A numeric size ("talle 38") is also a number, so "¿Tem o 38?" agrees with it."""
    found: list[tuple[int, Attribute]] = []  # with where it starts, to keep the text's order
    taken = [False] * len(text)

    def free(start: int, end: int) -> bool:
        return not any(taken[start:end])

    def take(start: int, end: int) -> None:
        for i in range(start, end):
            taken[i] = True

    for m in _BRANDED.finditer(text):
        found.append((m.start(), Attribute(Kind.MODEL,
                                           f"{m.group(1)} {m.group(2)}".casefold(), m.group(0))))
        take(*m.span())
    for m in _INCHES.finditer(text):
        if free(*m.span()):
            found.append((m.start(), Attribute(Kind.SIZE, f'{_number(m.group(1))}"',
                                               m.group(0).strip())))
            found.append((m.start(), Attribute(Kind.NUMBER, _number(m.group(1)), m.group(1))))
            take(*m.span())
    for m in _SIZE_AFTER_WORD.finditer(text):
        if free(*m.span(1)):
            value = m.group(1)
            found.append((m.start(1), Attribute(Kind.SIZE, _number(value).casefold(), value)))
            if value[0].isdigit():
                found.append((m.start(1), Attribute(Kind.NUMBER, _number(value), value)))
            take(*m.span(1))
    for m in _SIZE_ALONE.finditer(text):
        if free(*m.span()):
            found.append((m.start(), Attribute(Kind.SIZE, m.group(1).casefold(), m.group(1))))
            take(*m.span())
    for m in _CODE.finditer(text):
        if free(*m.span()) and not _UNIT.fullmatch(m.group(0)):
            found.append((m.start(), Attribute(Kind.MODEL, m.group(0).casefold(), m.group(0))))
            take(*m.span())
    for m in _NUMBER.finditer(text):
        if free(*m.span()):
            found.append((m.start(), Attribute(Kind.NUMBER, _number(m.group(0)), m.group(0))))
            take(*m.span())
    for m in _WORD.finditer(text):
        name = COLOURS.get(_plain(m.group(0)))
        if name is not None and free(*m.span()):
            found.append((m.start(), Attribute(Kind.COLOUR, name, m.group(0))))
    found.sort(key=lambda at: (ORDER.index(at[1].kind), at[0]))
    return tuple(a for _, a in found)


def _by_kind(attrs: Sequence[Attribute]) -> dict[Kind, set[str]]:
    kinds: dict[Kind, set[str]] = {}
    for a in attrs:
        kinds.setdefault(a.kind, set()).add(a.value)
    return kinds


def _texts(attrs: Sequence[Attribute], kind: Kind | None = None) -> tuple[str, ...]:
    """Values as written, each once; a numeric size's number is not said twice."""
    shown: dict[str, None] = {}
    said = {a.value.rstrip('"') for a in attrs if a.kind is Kind.SIZE}
    for a in attrs:
        if kind is not None and a.kind is not kind:
            continue
        if kind is None and a.kind is Kind.NUMBER and a.value in said:
            continue
        shown.setdefault(a.text, None)
    return tuple(shown)


def mismatch(asked: Sequence[Attribute], answered: Sequence[Attribute], *,
             shared_words: int = 2) -> Mismatch | None:
    """How the past question's values (`answered`) disagree with the open one's (`asked`);
    None when they agree or say nothing against it. `shared_words`: the content words the
    two questions share (see `Reason.MISSING`)."""
    ours, theirs = _by_kind(asked), _by_kind(answered)
    for kind in ORDER:
        if kind in ours and kind in theirs and not ours[kind] & theirs[kind]:
            return Mismatch(Reason.OTHER_VALUE, kind, _texts(answered, kind),
                            _texts(asked, kind))
    if ours and theirs and not ours.keys() & theirs.keys():
        kind = next(k for k in ORDER if k in theirs)
        return Mismatch(Reason.OTHER_KIND, kind, _texts(answered), _texts(asked))
    if ours and not theirs and shared_words < 2:
        kind = next(k for k in ORDER if k in ours)
        return Mismatch(Reason.MISSING, kind, (), _texts(asked))
    return None


__all__ = ["COLOURS", "ORDER", "Attribute", "Kind", "Mismatch", "Reason", "attributes",
           "mismatch"]
