"""The personal-data scrubber over a corpus: what it takes out (e-mails, phones, documents,
buyers' fields, the home folder, user names) and what a report needs kept (ids, dates,
times, prices, versions, hosts, frames)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from sellerdesk.api.personal import (
    DOCUMENT,
    EMAIL,
    PHONE,
    REMOVED,
    PersonalDataFilter,
    scrub_all,
    scrub_paths,
    scrub_personal,
)
from sellerdesk.api.redact import register_secret

EMAILS = ["ana.souza@correo.com.br", "juan_perez+ventas@mail.example.com.ar",
          "ana%40correo.com.br", "MARIA.LOPEZ@EMPRESA.MX"]
PHONES = ["+55 11 98765-4321", "(011) 4555-1234", "11 98765 4321", "+5511987654321",
          "+54 9 11 4555-1234", "98765-4321", "+56 9 8765 4321", "(55) 1234-5678",
          "300 123 4567", "+52 (55) 1234 5678", "11\u00a098765-4321"]
DOCUMENTS = ["123.456.789-09", "12.345.678/0001-90", "12.345.678-9", "12.345.678-K",
             "20-12345678-9", "12.345.678", "123456789-09", "12345678-K",
             "GODE561231HDFRRN09"]
# What a report needs and must keep, word for word.
KEPT = [
    "order 2000012345678", "question 13000012345", "orders [2000012345678, 2000012345679]",
    "2000012345678 2000012345679", "ids 3000001-3000008",
    "2026-11-27T06:10:29.123-03:00", "2026-11-27 06:12:14,429 INFO sellerdesk.cli: sync",
    "2026-10-12T08:13:17.730Z", "27/11/2026 06:10", "total 1234.56", "R$ 1.234,56",
    "R$ 12.345.678,90", "$ 1,234,567.89", "SellerDesk 0.1.0", "Python 3.11.7",
    "Linux-6.5.0-1025-azure-x86_64-with-glibc2.35", "http://127.0.0.1:34705/v1/shops/1001",
    "192.168.100.200", "HTTP/1.1 200 OK", 'File "/opt/app/sellerdesk/api/client.py", line 1234',
    "0x7f12345678ab", "123e4567-e89b-12d3-a456-426614174000", "maxBytes=2_000_000",
    "synced: 2029 orders, 123 threads, 304 questions", "Expected `int`, got `null` - at `$.id`",
    "at `$.results[3].buyer.email`", "KeyError: 'email'", "1 2 3", "took 12 345 ms",
    '"phone": null', "'buyer': None", "email=None",
]


@pytest.mark.parametrize("email", EMAILS)
def test_emails_go(email: str) -> None:
    assert scrub_personal(f"mail {email}, then") == f"mail {EMAIL}, then"


@pytest.mark.parametrize("phone", PHONES)
def test_phones_go(phone: str) -> None:
    assert scrub_personal(f"call {phone} today.") == f"call {PHONE} today."


@pytest.mark.parametrize("document", DOCUMENTS)
def test_document_numbers_go(document: str) -> None:
    assert scrub_personal(f"doc {document} ok") == f"doc {DOCUMENT} ok"


@pytest.mark.parametrize("text", KEPT)
def test_ids_dates_prices_and_frames_stay(text: str) -> None:
    assert scrub_personal(text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), [
    # JSON of an order, whole and cut short (a log excerpt).
    ('{"id":"3000008","buyer":{"id":5,"name":"Ana Souza","mail":"a@b.co"},"grand_total":"x"}',
     ["Ana Souza", "a@b.co"], ['"id":"3000008"', '"grand_total":"x"']),
    ('[{"id":"3000008","store_id":1001,"buyer":{"id":5,"name":"Ana Sou',
     ["Ana Sou"], ['"store_id":1001']),
    ('{"id":null,"from":{"email":"x@y.com","name":"Juan"},"text":"Hola"}',
     ["Juan", "x@y.com"], ['"text":"Hola"']),
    ('{"receiver_address": {"street_name": "Rua das Flores", "zip_code": "01234-567"}, "id": 9}',
     ["Flores", "01234"], ['"id": 9']),
    ('{"billing_info": {"doc_number": "12345678909"}, "status": "paid"}',
     ["12345678909"], ['"status": "paid"']),
    # JSON inside a string (escaped quotes), as an error body quotes it.
    ('body: "{\\"shipping\\": {\\"receiver\\": {\\"address\\": \\"Av. Corrientes 1234\\"}}}"',
     ["Corrientes"], ["shipping"]),
    # Python reprs: a dict, a struct, keyword arguments.
    ("{'buyer': {'name': 'Ana', 'phone': '11987654321'}, 'id': 5}",
     ["Ana", "11987654321"], ["'id': 5"]),
    ("Order(id='3', buyer=Buyer(id=1, name='Ana Souza'), amount=Decimal('10.50'))",
     ["Ana Souza"], ["id='3'", "amount=Decimal('10.50')"]),
    ("Receiver(doc_number=12345678909, name='Ana', address='Rua X 12', zip='01234')",
     ["12345678909", "Rua X 12", "01234"], []),
    ("Question(id=7, from_=From(email='a@b.co', name='Ana'), text='Hay stock?')",
     ["Ana", "a@b.co"], ["text='Hay stock?'"]),
    # A query string and free text.
    ("GET /x?email=ana%40x.com&phone=%2B5511987654321&limit=50",
     ["ana", "5511987654321"], ["limit=50"]),
    ("shipping to address: Rua das Flores 123; status shipped",
     ["Flores"], ["status shipped"]),
])
def test_values_under_buyers_keys_go(text: str, gone: list[str], kept: list[str]) -> None:
    cleaned = scrub_personal(text)
    assert REMOVED in cleaned
    for value in gone:
        assert value not in cleaned
    for value in kept:
        assert value in cleaned


def test_the_home_folder_becomes_a_tilde_and_other_users_lose_their_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/home/anasouza")
    text = ('File "/home/anasouza/.local/lib/sellerdesk/x.py", line 3; cwd /home/anasouza; '
            "not /home/anasouza2/x nor http://h/home/anasouza/x; "
            r"C:\Users\Juan\AppData C:\\Users\\Juan\\x /Users/maria/Library /home/pedro/x")
    assert scrub_paths(text) == (
        'File "~/.local/lib/sellerdesk/x.py", line 3; cwd ~; '
        "not /home/<user>/x nor http://h/home/anasouza/x; "
        r"C:\Users\<user>\AppData C:\\Users\\<user>\\x /Users/<user>/Library /home/<user>/x")


def test_scrubbing_twice_changes_nothing_more() -> None:
    text = " ".join([*EMAILS, *PHONES, *DOCUMENTS, '{"buyer": {"name": "Ana"}}', *KEPT])
    once = scrub_personal(text)
    assert scrub_personal(once) == once
    for kept in KEPT:
        assert kept in once


def test_scrub_all_takes_out_secrets_too() -> None:
    register_secret("personal-test-secret-4242")
    text = "token personal-test-secret-4242 for ana@x.com at ?access_token=abc"
    cleaned = scrub_all(text)
    assert "personal-test-secret-4242" not in cleaned and "abc" not in cleaned
    assert "ana@x.com" not in cleaned


def test_the_filter_cleans_message_arguments_traceback_and_extras(tmp_path: Path) -> None:
    path = tmp_path / "x.log"
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.addFilter(PersonalDataFilter())
    handler.setFormatter(logging.Formatter("%(message)s %(who)s"))
    logger = logging.getLogger("tests.personal.filter")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        try:
            raise ValueError("buyer ana@x.com, +55 11 98765-4321")
        except ValueError:
            logger.exception("order %s for %s", 2000012345678, "juan@y.com",
                             extra={"who": "CPF 123.456.789-09"})
    finally:
        logger.removeHandler(handler)
        handler.close()
    written = path.read_text(encoding="utf-8")
    for value in ("ana@x.com", "98765", "juan@y.com", "123.456.789"):
        assert value not in written
    assert "order 2000012345678" in written and "ValueError" in written
    assert "Traceback" in written and "test_api_personal.py" in written
