"""The log redaction: scrub(), the record factory, the handler filter."""

from __future__ import annotations

import logging

import httpx
import pytest

from sellerdesk.api.redact import (
    RedactionFilter,
    Secret,
    install_redaction,
    register_secret,
    scrub,
)

SECRET = "redact-unit-secret-99"


def test_scrub_access_token_parameter_and_registered_secret() -> None:
    register_secret(SECRET)
    text = (f"GET http://h/v1/shops/1?limit=5&access_token=anything-else&x=1 "
            f"and ACCESS_TOKEN=zzz, bare {SECRET}.")
    out = scrub(text)
    assert "anything-else" not in out and "zzz" not in out and SECRET not in out
    assert "limit=5" in out and "&x=1" in out and out.count("REDACTED") == 3


def test_short_secrets_are_not_registered() -> None:
    register_secret("ab", "")
    assert scrub("a cab is not a secret") == "a cab is not a secret"


def test_secret_wrapper_hides_its_value() -> None:
    secret = Secret(SECRET)
    assert SECRET not in repr(secret) and SECRET not in str(secret)
    assert secret.reveal() == SECRET


def test_every_logger_is_scrubbed_once_installed(caplog: pytest.LogCaptureFixture) -> None:
    install_redaction(SECRET)
    install_redaction(SECRET)  # idempotent
    url = httpx.URL("http://h/v1/shops/1", params={"access_token": SECRET})
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("httpx").info('HTTP Request: %s %s "%s"', "GET", url, "HTTP/1.1 200")
        logging.getLogger("httpcore.http11").debug("send_request_headers %r", [(b"x", SECRET)])
        logging.getLogger("anything.else").warning(f"token {SECRET} in an f-string")
        try:
            raise ValueError(f"failed for {url}")
        except ValueError:
            logging.getLogger("sellerdesk.api").exception("boom")
    assert len(caplog.records) == 4
    for record in caplog.records:
        assert SECRET not in record.getMessage()
        assert SECRET not in (record.exc_text or "")
    assert SECRET not in caplog.text
    assert "access_token=REDACTED" in caplog.text


def test_filter_for_a_handler_of_ones_own() -> None:
    register_secret(SECRET)
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "tok=%s", (SECRET,), None)
    assert RedactionFilter().filter(record) is True
    assert record.getMessage() == "tok=REDACTED"


def test_broken_format_is_left_to_logging() -> None:
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "%d", ("nope",), None)
    assert RedactionFilter().filter(record) is True


def test_extras_arguments_and_spellings_are_scrubbed(caplog: pytest.LogCaptureFixture) -> None:
    secret = "a+b/c=d redact"  # URL-encoded differently by quote and quote_plus
    install_redaction(secret)
    with caplog.at_level(logging.DEBUG):
        log = logging.getLogger("some.library")
        log.debug("url %s", "http://h/x?t=a%2Bb%2Fc%3Dd%20redact")
        log.debug("form %s", "t=a%2Bb%2Fc%3Dd+redact")
        log.debug("with extra", extra={"token": secret, "wrapped": [secret], "n": 3})
        log.debug("%s %d", secret, "not a number")  # a broken format still leaks nothing
    for record in caplog.records:
        assert secret not in str(record.__dict__)
    assert secret not in caplog.text and "a%2Bb%2Fc" not in caplog.text
    extra = caplog.records[2]
    assert extra.token == "REDACTED" and extra.wrapped == "['REDACTED']"  # type: ignore[attr-defined]
    assert extra.n == 3  # type: ignore[attr-defined]


def test_nothing_to_register() -> None:
    register_secret(None, "", "  ")
    assert scrub("nothing here") == "nothing here"
