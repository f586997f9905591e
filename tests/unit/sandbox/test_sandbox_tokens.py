"""Access tokens, rotated refresh tokens and PKCE codes in a real SQLite file, on a frozen
sandbox clock."""

from __future__ import annotations

import base64
import hashlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from sellerdesk.sandbox import db
from sellerdesk.sandbox.clock import Clock
from sellerdesk.sandbox.tokens import CODE_TTL, Code, GrantError, TokenStore, s256

CLIENT = "sellerdesk-demo"
VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"  # RFC 7636 appendix B
CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
REDIRECT = "http://127.0.0.1:53682/callback"


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    connection = db.connect(tmp_path / "tokens.db")
    yield connection
    db.close(connection)


@pytest.fixture
def clock() -> Clock:
    c = Clock()
    c.freeze()
    return c


@pytest.fixture
def token_store(conn: sqlite3.Connection, clock: Clock) -> TokenStore:
    return TokenStore(conn, clock, shop_id=1001)


def test_s256_matches_the_rfc_example() -> None:
    assert s256(VERIFIER) == CHALLENGE
    raw = hashlib.sha256(VERIFIER.encode()).digest()
    assert base64.urlsafe_b64encode(raw).rstrip(b"=").decode() == CHALLENGE


def test_access_tokens_expire_by_the_clock(token_store: TokenStore, clock: Clock) -> None:
    token_store.register_access("start-token", 60)
    forever = token_store.issue_access(CLIENT, 0)
    assert token_store.check_access("start-token") == "valid"
    clock.advance(59.9)
    assert token_store.check_access("start-token") == "valid"
    clock.advance(0.1)
    assert token_store.check_access("start-token") == "expired"
    clock.advance(10 * 365 * 86400)
    assert token_store.check_access(forever) == "valid"
    assert token_store.check_access("never-issued") == "unknown"


def test_expire_now_and_all(token_store: TokenStore) -> None:
    a, b = token_store.issue_access(CLIENT, 0), token_store.issue_access(CLIENT, 3600)
    assert token_store.expire(a) and token_store.check_access(a) == "expired"
    assert not token_store.expire("never-issued")
    assert token_store.expire_all() == 1  # b; a was already expired
    assert token_store.check_access(b) == "expired"


def test_refresh_tokens_are_single_use_and_rotated(token_store: TokenStore) -> None:
    first = token_store.issue_refresh(CLIENT)
    access1, second = token_store.exchange_refresh(first, CLIENT, 21600)
    assert second != first and token_store.check_access(access1) == "valid"
    with pytest.raises(GrantError) as used:
        token_store.exchange_refresh(first, CLIENT, 21600)
    assert used.value.error == "invalid_grant" and "already used" in used.value.reason
    access2, third = token_store.exchange_refresh(second, CLIENT, 21600)
    assert third not in (first, second)
    # A new access token does not revoke the older one.
    assert token_store.check_access(access1) == token_store.check_access(access2) == "valid"


def test_a_refresh_token_of_another_client_is_refused_and_kept(token_store: TokenStore) -> None:
    token = token_store.issue_refresh(CLIENT)
    with pytest.raises(GrantError, match="another client"):
        token_store.exchange_refresh(token, "someone-else", 60)
    token_store.exchange_refresh(token, CLIENT, 60)  # still good for its own client


@pytest.mark.parametrize(("challenge", "method", "verifier"), [
    (CHALLENGE, "S256", VERIFIER), (VERIFIER, "plain", VERIFIER), (None, None, None)])
def test_code_exchange_happy_paths(token_store: TokenStore, challenge: str | None,
                                   method: str | None, verifier: str | None) -> None:
    code = token_store.issue_code(Code(CLIENT, REDIRECT, challenge, method))
    access, refresh = token_store.exchange_code(code, CLIENT, REDIRECT, verifier, 21600)
    assert token_store.check_access(access) == "valid"
    token_store.exchange_refresh(refresh, CLIENT, 21600)


@pytest.mark.parametrize(("redirect", "verifier", "reason"), [
    (REDIRECT, "x" * 43, "does not match the challenge"),
    (REDIRECT, None, "missing or malformed"),
    (REDIRECT, "short", "missing or malformed"),
    ("http://127.0.0.1:1/elsewhere", VERIFIER, "redirect_uri"),
    (None, VERIFIER, "redirect_uri"),
])
def test_code_exchange_failures_use_the_code_up(token_store: TokenStore, redirect: str | None,
                                                verifier: str | None, reason: str) -> None:
    code = token_store.issue_code(Code(CLIENT, REDIRECT, CHALLENGE, "S256"))
    with pytest.raises(GrantError, match=reason):
        token_store.exchange_code(code, CLIENT, redirect, verifier, 60)
    with pytest.raises(GrantError, match="already used"):
        token_store.exchange_code(code, CLIENT, REDIRECT, VERIFIER, 60)


def test_codes_are_single_use_and_short_lived(token_store: TokenStore, clock: Clock) -> None:
    code = token_store.issue_code(Code(CLIENT, REDIRECT, CHALLENGE, "S256"))
    token_store.exchange_code(code, CLIENT, REDIRECT, VERIFIER, 60)
    with pytest.raises(GrantError, match="already used"):
        token_store.exchange_code(code, CLIENT, REDIRECT, VERIFIER, 60)
    late = token_store.issue_code(Code(CLIENT, REDIRECT, CHALLENGE, "S256"))
    clock.advance(CODE_TTL)
    with pytest.raises(GrantError, match="expired"):
        token_store.exchange_code(late, CLIENT, REDIRECT, VERIFIER, 60)
    with pytest.raises(GrantError, match="unknown"):
        token_store.exchange_code("TG-made-up", CLIENT, REDIRECT, VERIFIER, 60)


def test_the_file_holds_digests_only(token_store: TokenStore, conn: sqlite3.Connection,
                                     tmp_path: Path) -> None:
    tokens = [token_store.issue_access(CLIENT, 60), token_store.issue_refresh(CLIENT),
              token_store.issue_code(Code(CLIENT, REDIRECT, None, None))]
    token_store.register_access("start-token-value", 60)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    for token in [*tokens, "start-token-value"]:
        assert token.encode() not in raw
