"""sellerdesk/services/attributes.py and the suggestions built on it: an answer to another
colour, size, model or number is never offered as the answer to the open question."""

from __future__ import annotations

import pytest

from sellerdesk.services.attributes import Kind, Reason, attributes, mismatch
from sellerdesk.services.suggestions import content_words, word_spans


def values(text: str) -> list[tuple[str, str]]:
    return [(a.kind.value, a.value) for a in attributes(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("¿Lo tienen en verde?", [("colour", "green")]),
    ("¿Las tienen en VERDES?", [("colour", "green")]),
    ("Tem na cor vermelha?", [("colour", "red")]),
    ("Do you have it in red?", [("colour", "red")]),
    ("¿Viene en negro o en blanco?", [("colour", "black"), ("colour", "white")]),
    ("Tem preto?", [("colour", "black")]),
    ("¿Tienen talle M (17\")?", [("size", "m"), ("size", '17"'), ("number", "17")]),
    ("Tem tamanho GG?", [("size", "gg")]),
    ("¿Tienen talle 38?", [("size", "38"), ("number", "38")]),
    ("Do you have it in XL?", [("size", "xl")]),
    ("¿Entra una notebook de 15,6 pulgadas?", [("size", '15.6"'), ("number", "15.6")]),
    ("¿Tienen para Galaxy A54?", [("model", "galaxy a54")]),
    ("¿Funciona con el iPhone 13?", [("model", "iphone 13")]),
    ("¿Sirve para un WH1000XM4?", [("model", "wh1000xm4")]),
    ("Tem o 37?", [("number", "37")]),
    ("¿Es de 220 V?", [("number", "220")]),
    # Nothing to agree with: no colour, size, model or number.
    ("¿Me hacen factura A?", []),
    ("¿Hacen envíos a Córdoba?", []),
    ("Mido 1,75 m", [("number", "1.75")]),  # metres, not size M
])
def test_attributes_read_colours_sizes_models_and_numbers(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert values(text) == expected


GREEN = attributes("¿Lo tienen en verde?")


def test_the_issues_thermos_every_look_alike_contradicts_green() -> None:
    size = mismatch(GREEN, attributes("¿Tienen talle M (17\")?"), shared_words=1)
    assert size is not None and size.reason is Reason.OTHER_KIND and size.kind is Kind.SIZE
    assert size.theirs == ("M", '17"') and size.ours == ("verde",)
    red = mismatch(GREEN, attributes("¿La tienen en rojo?"), shared_words=1)
    assert red is not None and (red.reason, red.kind, red.theirs) == (
        Reason.OTHER_VALUE, Kind.COLOUR, ("rojo",))
    blue = mismatch(GREEN, attributes("¿Las tienen en azul?"), shared_words=1)
    assert blue is not None and blue.theirs == ("azul",)
    # "Sí, hay stock" says nothing about green: one shared word ("tienen") is not enough.
    stock = mismatch(GREEN, attributes("¿Tienen stock?"), shared_words=1)
    assert stock is not None and stock.reason is Reason.MISSING and stock.ours == ("verde",)


@pytest.mark.parametrize(("asked", "answered"), [
    ("¿Lo tienen en verde?", "¿La tienen en color verde?"),
    ("¿Lo tienen en verde?", "Tem na cor verde?"),  # the same colour in Portuguese
    ("¿Viene en negro o en blanco?", "¿Lo tienen en negro?"),
    ("¿Tienen talle M?", "¿Cuáles son las medidas del talle M (17\")?"),
    ("¿Tienen talle 38?", "Tem o 38?"),  # a numeric size is the number
    ("¿Son compatibles con Galaxy A54?", "¿Tienen para Galaxy A54?"),
    ("¿Tienen garantía?", "¿La tienen en rojo?"),  # the open question names nothing
    ("¿Lo tienen en verde? ¿Cuánto tarda en llegar?", "¿Cuánto tarda en llegar a Salta?"),
])
def test_agreeing_or_silent_questions_are_no_mismatch(asked: str, answered: str) -> None:
    shared = len(set(content_words(asked)) & set(content_words(answered)))
    assert mismatch(attributes(asked), attributes(answered), shared_words=shared) is None


@pytest.mark.parametrize(("asked", "answered", "kind", "theirs"), [
    ("¿Tienen talle M?", "¿Tienen talle XL?", Kind.SIZE, ("XL",)),
    ("Tem o 37?", "Tem o 39?", Kind.NUMBER, ("39",)),
    ("¿Sirve para un iPhone 13?", "¿Sirve para un Moto G84?", Kind.MODEL, ("Moto G84",)),
    ("Tem na cor rosa?", "Tem na cor branco?", Kind.COLOUR, ("branco",)),
])
def test_another_value_of_the_same_kind_is_a_mismatch(asked: str, answered: str, kind: Kind,
                                                      theirs: tuple[str, ...]) -> None:
    found = mismatch(attributes(asked), attributes(answered))
    assert found is not None and found.reason is Reason.OTHER_VALUE
    assert (found.kind, found.theirs) == (kind, theirs)


def test_word_spans_find_the_shared_words_as_written() -> None:
    text = "¿Me hacen FACTURA A? Envíos también"
    spans = word_spans(text, ["hacen", "factura", "envio"])
    assert [text[a:b] for a, b in spans] == ["hacen", "FACTURA", "Envíos"]
    assert word_spans("<b>verde</b>", ["verde"]) == [(3, 8)]  # offsets, no markup read
