"""Access tokens, refresh tokens and authorization codes, kept in the sandbox's database.

Only a SHA-256 digest of each is stored, so the file never holds a usable token. Times are
the sandbox `Clock`'s epoch seconds, so a restart on the same `--db` keeps every grant and
expiry, and tests move time on instead of waiting.
"""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
import sqlite3
from dataclasses import dataclass
from typing import Literal

from sellerdesk.sandbox.clock import Clock
from sellerdesk.sandbox.db import transaction

DEMO_CLIENT_ID = "sellerdesk-demo"
DEMO_CLIENT_SECRET = "sandbox-secret"  # the demo app's published test secret
CODE_TTL = 600  # seconds an authorization code may wait to be exchanged
REFRESH_TTL = 180 * 86400  # the marketplace's refresh tokens last about six months
START_CLIENT = "start"  # client id recorded for the --token issued at start
_VERIFIER = re.compile(r"^[A-Za-z0-9._~-]{43,128}$")  # RFC 7636 section 4.1

Access = Literal["valid", "expired", "unknown"]


class GrantError(Exception):
    """A refused exchange at /oauth/token: the OAuth error code and why."""

    def __init__(self, error: str, reason: str, status: int = 400) -> None:
        super().__init__(reason)
        self.error = error
        self.reason = reason
        self.status = status


@dataclass(frozen=True)
class Code:
    client_id: str
    redirect_uri: str | None
    challenge: str | None
    method: str | None


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def s256(verifier: str) -> str:
    """The PKCE S256 challenge of a verifier: base64url(sha256), no padding."""
    raw = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


class TokenStore:
    def __init__(self, conn: sqlite3.Connection, clock: Clock, shop_id: int) -> None:
        self.conn = conn
        self.clock = clock
        self.shop_id = shop_id

    def _expiry(self, ttl: float) -> float | None:
        return self.clock.wall() + ttl if ttl > 0 else None

    def _put(self, token: str, kind: str, client_id: str, ttl: float,
             code: Code | None = None) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO oauth_tokens(digest, kind, client_id, issued_at, "
            "expires_at, used_at, redirect_uri, challenge, challenge_method) "
            "VALUES(?, ?, ?, ?, ?, NULL, ?, ?, ?)",
            (digest(token), kind, client_id, self.clock.wall(), self._expiry(ttl),
             code.redirect_uri if code else None, code.challenge if code else None,
             code.method if code else None))

    # -- access tokens -------------------------------------------------------------------
    def register_access(self, token: str, ttl: float) -> None:
        """The start token (--token): issued now, living `ttl` seconds (0 = forever)."""
        with transaction(self.conn):
            self._put(token, "access", START_CLIENT, ttl)

    def issue_access(self, client_id: str, ttl: float) -> str:
        token = f"APP_USR-{secrets.token_hex(8)}-{secrets.token_hex(16)}-{self.shop_id}"
        self._put(token, "access", client_id, ttl)
        return token

    def check_access(self, token: str) -> Access:
        row = self.conn.execute(
            "SELECT expires_at FROM oauth_tokens WHERE digest=? AND kind='access'",
            (digest(token),)).fetchone()
        if row is None:
            return "unknown"
        if row[0] is not None and row[0] <= self.clock.wall():
            return "expired"
        return "valid"

    def expire(self, token: str) -> bool:
        """End an access token's life now; False when there is no such token."""
        with transaction(self.conn):
            cur = self.conn.execute(
                "UPDATE oauth_tokens SET expires_at=? WHERE digest=? AND kind='access'",
                (self.clock.wall(), digest(token)))
        return cur.rowcount > 0

    def expire_all(self) -> int:
        now = self.clock.wall()
        with transaction(self.conn):
            cur = self.conn.execute(
                "UPDATE oauth_tokens SET expires_at=? WHERE kind='access' "
                "AND (expires_at IS NULL OR expires_at > ?)", (now, now))
        return cur.rowcount

    # -- refresh tokens and codes --------------------------------------------------------
    def issue_refresh(self, client_id: str) -> str:
        token = f"TG-{secrets.token_hex(12)}-{self.shop_id}"
        self._put(token, "refresh", client_id, REFRESH_TTL)
        return token

    def issue_code(self, code: Code) -> str:
        value = f"TG-{secrets.token_hex(12)}-{self.shop_id}"
        with transaction(self.conn):
            self._put(value, "code", code.client_id, CODE_TTL, code)
        return value

    def _spend(self, value: str, kind: str, client_id: str) -> sqlite3.Row:
        """Mark a single-use grant used (inside the caller's transaction); its row."""
        row = self.conn.execute("SELECT * FROM oauth_tokens WHERE digest=? AND kind=?",
                                (digest(value), kind)).fetchone()
        what = "refresh token" if kind == "refresh" else "authorization code"
        if row is None:
            raise GrantError("invalid_grant", f"unknown {what}")
        if row["used_at"] is not None:
            raise GrantError("invalid_grant", f"the {what} was already used")
        if row["expires_at"] is not None and row["expires_at"] <= self.clock.wall():
            raise GrantError("invalid_grant", f"the {what} has expired")
        if row["client_id"] != client_id:
            raise GrantError("invalid_grant", f"the {what} was issued to another client")
        self.conn.execute("UPDATE oauth_tokens SET used_at=? WHERE digest=?",
                          (self.clock.wall(), row["digest"]))
        found: sqlite3.Row = row
        return found

    def _pair(self, client_id: str, ttl: float) -> tuple[str, str]:
        return self.issue_access(client_id, ttl), self.issue_refresh(client_id)

    def exchange_refresh(self, value: str, client_id: str, ttl: float) -> tuple[str, str]:
        """A new (access, refresh) pair for a refresh token, which is used up in the same
        transaction (rotation); older access tokens live on until they expire."""
        with transaction(self.conn):
            self._spend(value, "refresh", client_id)
            return self._pair(client_id, ttl)

    def exchange_code(self, value: str, client_id: str, redirect_uri: str | None,
                      verifier: str | None, ttl: float) -> tuple[str, str]:
        """A new (access, refresh) pair for a code bound to `redirect_uri` and a PKCE
        challenge. Any attempt uses the code up, a refused one too (RFC 6749 10.5)."""
        with transaction(self.conn):
            row = self._spend(value, "code", client_id)
        if row["redirect_uri"] is not None and redirect_uri != row["redirect_uri"]:
            raise GrantError("invalid_grant", "redirect_uri does not match the authorization")
        challenge = row["challenge"]
        if challenge is not None:
            if verifier is None or not _VERIFIER.match(verifier):
                raise GrantError("invalid_grant", "code_verifier missing or malformed")
            expected = s256(verifier) if row["challenge_method"] == "S256" else verifier
            if not secrets.compare_digest(expected, challenge):
                raise GrantError("invalid_grant", "code_verifier does not match the challenge")
        with transaction(self.conn):
            return self._pair(client_id, ttl)
