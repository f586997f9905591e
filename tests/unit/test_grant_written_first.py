"""A rotated refresh token is the only one that works: `set_grant` writes it to the keyring
before anything else it does (dropping the profile's pasted token comes after), so a process
killed in between keeps the grant."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from keyring.backend import KeyringBackend

from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.credentials import KEYRING_GRANT_SERVICE, KEYRING_SERVICE, CredentialStore
from tests.support.keyring import MemoryKeyring


class Recording(MemoryKeyring):
    """Writes down every change, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.changes: list[tuple[str, str]] = []

    def set_password(self, service: str, username: str, password: str) -> None:
        self.changes.append(("set", service))
        super().set_password(service, username, password)

    def delete_password(self, service: str, username: str) -> None:
        self.changes.append(("delete", service))
        super().delete_password(service, username)


KeyringBackend._classes.discard(Recording)  # type: ignore[attr-defined]


def test_the_grant_is_written_before_the_token_is_dropped(tmp_path: Path) -> None:
    keyring = Recording()
    credentials = CredentialStore(tmp_path, backend=keyring, environ={})
    credentials.set_token("shop", "pasted-token-1")
    keyring.changes.clear()
    grant = OAuthGrant(client_id="app", client_secret="secret-1", refresh_token="TG-1",
                       access_token="APP_USR-1", expires_at=datetime.now(UTC),
                       token_url="http://127.0.0.1/oauth/token")
    credentials.set_grant("shop", grant)
    assert keyring.changes == [("set", KEYRING_GRANT_SERVICE), ("delete", KEYRING_SERVICE)]
    assert CredentialStore(tmp_path, backend=keyring, environ={}).get_grant("shop") == grant
    assert credentials.get_token("shop") is None
