"""Demo questions make sense: asked about what the listing is, answered with what fits."""

from __future__ import annotations

import json
import random
import re
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest

from sellerdesk.sandbox import db, phrases, seed, vocab

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _pattern(template: str) -> re.Pattern[str]:
    parts = PLACEHOLDER.split(template)
    # split() alternates literal text and placeholder names.
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}{i}>.+?)"
                              for i, p in enumerate(parts)) + r"\Z")


def pairs_for(pub: dict[str, Any] | None) -> list[phrases.Pair]:
    if pub is None:
        return list(phrases.SHOP_ES)
    family = phrases.family_of(pub) or ""
    if pub["currency_id"] == "BRL":
        return phrases.GENERAL_PT + phrases.FAMILY_PT.get(family, [])
    return phrases.GENERAL_ES + phrases.FAMILY_ES.get(family, [])


def matching_pairs(question: str, pub: dict[str, Any] | None) -> list[phrases.Pair]:
    return [(q, a) for q, a in pairs_for(pub) if _pattern(q).match(question)]


@pytest.fixture(scope="module")
def questions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[dict[str, Any]]]:
    conn: sqlite3.Connection = db.connect(tmp_path_factory.mktemp("phrases") / "demo.db")
    seed.seed(conn, 1001, 1, 50)
    yield [json.loads(r[0]) for r in conn.execute("SELECT doc FROM questions")]
    db.close(conn)


def test_every_product_has_a_family_with_questions_in_its_language() -> None:
    for idx, (title, _, _) in enumerate(vocab.PRODUCTS):
        family = phrases.FAMILY[title]
        book = phrases.FAMILY_PT if idx >= 22 else phrases.FAMILY_ES  # BRL listings (seed)
        assert book.get(family), (title, family)


def test_sizes_are_asked_only_where_there_are_sizes() -> None:
    for lang, book in (("es", phrases.FAMILY_ES), ("pt", phrases.FAMILY_PT)):
        for family, pairs in book.items():
            for question, answer in pairs:
                if "{size}" in question or "{size}" in answer:
                    assert (lang, family) in phrases.SIZES, (lang, family, question)
    for question, answer in phrases.GENERAL_ES + phrases.GENERAL_PT + phrases.SHOP_ES:
        assert "{size}" not in question + answer


def test_an_answer_names_only_what_its_question_gives() -> None:
    for question, answer in [*phrases.GENERAL_ES, *phrases.GENERAL_PT, *phrases.SHOP_ES,
                             *(p for b in (phrases.FAMILY_ES, phrases.FAMILY_PT)
                               for ps in b.values() for p in ps)]:
        assert set(PLACEHOLDER.findall(answer)) <= set(PLACEHOLDER.findall(question)), answer


def _values(template: str, text: str) -> dict[str, str] | None:
    m = _pattern(template).match(text)
    if m is None:
        return None
    return {re.sub(r"\d+$", "", name): value for name, value in m.groupdict().items()}


@pytest.mark.parametrize("title", ["Remera de algodón orgánico", "Funda de silicona para celular",
                                   "Tênis casual feminino", None])
def test_exchange_fills_both_with_the_same_values(title: str | None) -> None:
    rng = random.Random(3)
    pub = None if title is None else {"title": title,
                                      "currency_id": "BRL" if "Tênis" in title else "ARS"}
    for _ in range(100):
        question, answer = phrases.exchange(rng, pub is not None and "Tênis" in (title or ""),
                                            "Rosario", pub)
        fitting = [ta.format(**values) for tq, ta in pairs_for(pub)
                   if (values := _values(tq, question)) is not None]
        assert answer in fitting, (question, answer)


def test_seeded_answers_fit_their_questions(questions: list[dict[str, Any]]) -> None:
    answered = [q for q in questions if q["status"] == "answered"]
    assert len(answered) > 100
    for q in answered:
        pub = q.get("publication")
        found = [(tq, ta) for tq, ta in matching_pairs(q["question"]["text"], pub)
                 if _pattern(ta).match(q["answer"]["text"])]
        assert found, (q["question"]["text"], q["answer"]["text"], pub and pub["title"])


def test_seeded_questions_follow_the_listing(questions: list[dict[str, Any]]) -> None:
    sized = {"clothing", "footwear", "bicycle"}
    for q in questions:
        pub, text = q.get("publication"), q["question"]["text"]
        assert matching_pairs(text, pub), (text, pub and pub["title"])
        family = phrases.family_of(pub)
        if re.search(r"\b(talle|tamanho)\b", text, re.IGNORECASE):
            assert family in sized, (text, pub and pub["title"])
        if pub is not None and pub["currency_id"] == "BRL":
            assert not re.search(r"[¿ñ]", text), text  # Portuguese for BRL listings
        if pub is None:
            assert q["type"] == "shop"
