"""sellerdesk/services/suggestions.py: what a question asks, the alike rule, placeholders."""

from __future__ import annotations

import pytest

from sellerdesk.services.suggestions import (
    alike,
    content_words,
    fill_placeholders,
    search_terms,
    unfilled,
)


def test_content_words_drop_greetings_small_words_accents_and_a_plural_s() -> None:
    assert content_words("¡Hola! ¿Hacen envíos a Córdoba? Gracias") == [
        "hacen", "envio", "cordoba"]
    assert content_words("Olá, vocês entregam em Curitiba?") == ["voce", "entregam", "curitiba"]
    assert content_words("Hi, do you ship to Lima?") == ["ship", "lima"]
    assert content_words("¿Talle 42?") == ["talle", "42"]
    assert content_words("") == [] and content_words("¿?!") == []
    assert content_words("envíos ENVÍOS Envio") == ["envio"]  # each once


@pytest.mark.parametrize(("first", "second"), [
    ("¿Hacen envíos a Córdoba?", "¿Hacen envíos a Rosario?"),
    ("¿Hacen envíos a Córdoba?", "Hola, ¿hacen envíos a Mendoza capital?"),
    ("¿Tienen stock?", "¿Tienen stock? Quiero comprar hoy."),
    ("¿Lo tienen en verde?", "Hola! lo tienen en verde??"),
    ("Vocês entregam em Curitiba?", "Vocês entregam em Porto Alegre?"),
])
def test_the_same_thing_asked_twice_is_alike(first: str, second: str) -> None:
    assert alike(content_words(first), content_words(second))
    assert alike(content_words(second), content_words(first))


@pytest.mark.parametrize(("first", "second"), [
    ("¿Hacen envíos a Córdoba?", "¿El envío es gratis?"),  # shipping, but not the same
    ("¿Hacen envíos a Córdoba?", "¿Me hacen factura A?"),
    ("¿Lo tienen en verde?", "¿Lo tienen en azul?"),  # different answers, likely
    ("¿Talle 42?", "¿Talle 40?"),
    ("¿Cuánto tarda en llegar a Córdoba?", "¿Hacen envíos a Córdoba?"),
    ("Hola", "Hola"),  # nothing asked
])
def test_different_questions_are_not_alike(first: str, second: str) -> None:
    assert not alike(content_words(first), content_words(second))


def test_search_terms_put_the_telling_words_first_and_stay_bounded() -> None:
    assert search_terms(["hacen", "envio", "cordoba"]) == ["cordoba", "hacen", "envio"]
    assert len(search_terms([f"w{n}" for n in range(40)])) == 12


def test_placeholders_are_filled_and_other_braces_kept() -> None:
    text = fill_placeholders("Hola {buyer}! El {product} está disponible {0} {x.y}",
                             buyer="Tomás Álvarez", product="Taladro percutor")
    assert text == "Hola Tomás! El Taladro percutor está disponible {0} {x.y}"


def test_without_a_name_the_greeting_reads_on_without_it() -> None:
    assert fill_placeholders("Hola {buyer}, sí.", buyer="", product="x") == "Hola, sí."
    assert fill_placeholders("¡Gracias {buyer}!", buyer="  ", product="x") == "¡Gracias!"


def test_without_a_listing_product_stays_for_the_seller_never_interface_words() -> None:
    """Issue 15, item 3: a question about the shop has no listing to name."""
    text = fill_placeholders("Hola {buyer}, el {product} tiene garantía.", buyer="Ana Paz",
                             product="")
    assert text == "Hola Ana, el {product} tiene garantía."
    assert unfilled(text) == ["{product}"]
    assert "Question about your shop" not in text
    assert unfilled("Listo.") == []
