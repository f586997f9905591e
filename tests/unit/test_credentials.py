"""sellerdesk/credentials.py: profiles in a settings file, tokens in a real keyring only.

With SELLERDESK_TEST_KEYRING=secretservice (as `./run test` sets, inside dbus-run-session with
an unlocked gnome-keyring) the tokens go through keyring's SecretService backend and the test
fails if it is unavailable; otherwise through the in-memory backend below.
"""

from __future__ import annotations

import json
import logging
import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from keyring.backend import KeyringBackend
from keyring.backends import chainer, fail, null
from keyring.errors import PasswordDeleteError, PasswordSetError

from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.credentials import (
    ENV_TOKEN,
    KEYRING_GRANT_SERVICE,
    KEYRING_SERVICE,
    NO_SECURE_STORE,
    STORE_REFUSED,
    CredentialsError,
    CredentialStore,
    Profile,
    TokenSource,
    is_secure_backend,
)
from sellerdesk.store import Store
from sellerdesk.store.outbox import IntentKind
from sellerdesk.store.rows import OrderRow
from tests.support.keyring import MemoryKeyring


class RefusingKeyring(MemoryKeyring):
    def set_password(self, service: str, username: str, password: str) -> None:
        raise PasswordSetError("locked")


class PlaintextKeyring(MemoryKeyring):
    """Stands in for keyrings.alt's file backend."""


class UnavailableKeyring(MemoryKeyring):
    @property  # type: ignore[misc]
    def priority(self) -> float:  # type: ignore[override]
        raise RuntimeError("no D-Bus here")


# keyring registers every backend class it sees; keep ours out of its automatic choice.
for _cls in (RefusingKeyring, PlaintextKeyring, UnavailableKeyring):
    KeyringBackend._classes.discard(_cls)  # type: ignore[attr-defined]


@pytest.fixture
def keyring_backend() -> KeyringBackend:
    """The real Secret Service when the runner asks for it (and it must work), else memory."""
    if os.environ.get("SELLERDESK_TEST_KEYRING") == "secretservice":
        from keyring.backends import SecretService

        backend = SecretService.Keyring()
        try:
            assert backend.priority > 0
        except RuntimeError as exc:
            pytest.fail(f"SELLERDESK_TEST_KEYRING=secretservice but it is unavailable: {exc}")
        return backend
    return MemoryKeyring()


@pytest.fixture
def profile_name(keyring_backend: KeyringBackend) -> Iterator[str]:
    """A profile name of this test alone (parallel workers share one Secret Service)."""
    name = f"test-{uuid.uuid4().hex[:12]}"
    yield name
    for service in (KEYRING_SERVICE, KEYRING_GRANT_SERVICE):
        try:
            keyring_backend.delete_password(service, name)
        except PasswordDeleteError:
            pass


@pytest.fixture
def creds(tmp_path: Path, keyring_backend: KeyringBackend) -> CredentialStore:
    return CredentialStore(tmp_path / "config", backend=keyring_backend, environ={})


def profile(name: str, **kw: object) -> Profile:
    return Profile(name=name, base_url="http://127.0.0.1:8765", shop_id=1001, **kw)  # type: ignore[arg-type]


def test_token_round_trips_through_the_keyring(tmp_path: Path, keyring_backend: KeyringBackend,
                                               creds: CredentialStore, profile_name: str) -> None:
    assert creds.secure_storage and creds.storage_warning is None
    assert creds.get_token(profile_name) is None
    assert creds.set_token(profile_name, "s3cret-token-ÄÖ") is TokenSource.KEYRING
    assert keyring_backend.get_password(KEYRING_SERVICE, profile_name) == "s3cret-token-ÄÖ"
    # a new session (app restart) reads it back from the keyring
    later = CredentialStore(tmp_path / "config", backend=keyring_backend, environ={})
    assert later.get_token(profile_name) == "s3cret-token-ÄÖ"
    assert later.token_source(profile_name) is TokenSource.KEYRING
    later.set_token(profile_name, "rotated")
    assert CredentialStore(tmp_path / "config", backend=keyring_backend,
                           environ={}).get_token(profile_name) == "rotated"
    later.delete_token(profile_name)
    later.delete_token(profile_name)  # twice is fine
    assert keyring_backend.get_password(KEYRING_SERVICE, profile_name) is None
    assert CredentialStore(tmp_path / "config", backend=keyring_backend,
                           environ={}).get_token(profile_name) is None


def test_profiles_are_kept_in_the_settings_file(tmp_path: Path, creds: CredentialStore,
                                                keyring_backend: KeyringBackend) -> None:
    creds.add_profile(profile("main"))
    creds.add_profile(profile("demo", demo=True))
    creds.add_profile(Profile(name="main", base_url="https://api.example", shop_id=7))
    again = CredentialStore(tmp_path / "config", backend=keyring_backend, environ={})
    assert [p.name for p in again.list_profiles()] == ["demo", "main"]
    assert again.get_profile("main") == Profile(name="main", base_url="https://api.example",
                                                shop_id=7)
    assert again.get_profile("demo").demo  # type: ignore[union-attr]
    assert again.get_profile("nope") is None
    assert again.default_profile() == again.get_profile("main")  # the first one added
    again.set_default_profile("demo")
    assert again.default_profile() == again.get_profile("demo")
    # Naming the default again (every start does) leaves the file as it is: no rewrite.
    written = again.settings_path.stat()
    again.set_default_profile("demo")
    assert (again.settings_path.stat().st_ino, again.settings_path.stat().st_mtime_ns) == \
        (written.st_ino, written.st_mtime_ns)
    again.remove_profile("demo")
    assert [p.name for p in again.list_profiles()] == ["main"]
    assert again.default_profile() == again.get_profile("main")
    assert json.loads(creds.settings_path.read_text())["profiles"][0]["shop_id"] == 7
    with pytest.raises(CredentialsError):
        again.set_default_profile("nope")


def test_bad_profiles_and_damaged_settings(tmp_path: Path, creds: CredentialStore,
                                           keyring_backend: KeyringBackend) -> None:
    for bad in (profile(" "), Profile(name="x", base_url="ftp://h", shop_id=1),
                Profile(name="x", base_url="https://h/?access_token=abc", shop_id=1)):
        with pytest.raises(CredentialsError):
            creds.add_profile(bad)
    with pytest.raises(CredentialsError):
        creds.set_token("x", "   ")
    creds.settings_path.parent.mkdir(parents=True, exist_ok=True)
    creds.settings_path.write_text("{not json")
    with pytest.raises(CredentialsError) as info:
        CredentialStore(tmp_path / "config", backend=keyring_backend, environ={}).list_profiles()
    assert "damaged" in info.value.message
    creds.settings_path.write_text('{"profiles": [{"name": "a", "base_url": "http://h", '
                                   '"shop_id": 1, "future_flag": true}], "later": 1}')
    tolerant = CredentialStore(tmp_path / "config", backend=keyring_backend, environ={})
    assert [p.name for p in tolerant.list_profiles()] == ["a"]  # unknown fields are ignored


def test_removing_a_profile_removes_its_token(creds: CredentialStore, profile_name: str,
                                             keyring_backend: KeyringBackend) -> None:
    creds.add_profile(profile(profile_name))
    creds.set_token(profile_name, "tok")
    creds.remove_profile(profile_name)
    assert keyring_backend.get_password(KEYRING_SERVICE, profile_name) is None
    assert creds.get_token(profile_name) is None


def test_environment_token_wins(tmp_path: Path, keyring_backend: KeyringBackend,
                                profile_name: str) -> None:
    creds = CredentialStore(tmp_path, backend=keyring_backend,
                            environ={ENV_TOKEN: " from-env \n"})
    assert creds.get_token(profile_name) == "from-env"
    assert creds.token_source(profile_name) is TokenSource.ENV
    assert not (tmp_path / "profiles.json").exists()


def test_the_keyring_is_looked_for_only_when_a_token_needs_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing profiles and an environment token (the window's start) never discover the
    keyring; the first keyring read does, once."""
    import keyring

    found: list[KeyringBackend] = []

    def discover() -> KeyringBackend:
        found.append(MemoryKeyring())
        return found[-1]

    monkeypatch.setattr(keyring, "get_keyring", discover)
    CredentialStore(tmp_path, environ={}).add_profile(
        Profile(name="main", base_url="https://api.example.com", shop_id=1))
    with_env = CredentialStore(tmp_path, environ={ENV_TOKEN: "from-env"})
    assert [p.name for p in with_env.list_profiles()] == ["main"]
    assert with_env.get_token("main") == "from-env" and with_env.get_grant("main") is None
    assert found == []
    assert "secure=?" in repr(with_env)
    creds = CredentialStore(tmp_path, environ={})
    assert creds.get_token("main") is None
    assert creds.storage_warning is None and creds.get_grant("main") is None
    assert len(found) == 1 and "secure=True" in repr(creds)


def _chainer_with_nothing(monkeypatch: pytest.MonkeyPatch) -> KeyringBackend:
    monkeypatch.setattr(chainer.ChainerBackend, "backends", [])
    return chainer.ChainerBackend()


@pytest.mark.parametrize("make", [
    lambda mp: fail.Keyring(), lambda mp: null.Keyring(), _chainer_with_nothing,
    lambda mp: PlaintextKeyring(), lambda mp: UnavailableKeyring(),
], ids=["fail", "null", "empty-chainer", "plaintext", "unavailable"])
def test_no_secure_store_keeps_the_token_for_this_session_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make: object) -> None:
    backend = make(monkeypatch)  # type: ignore[operator]
    assert not is_secure_backend(backend)
    creds = CredentialStore(tmp_path, backend=backend, environ={})
    assert not creds.secure_storage and creds.storage_warning == NO_SECURE_STORE
    assert creds.set_token("main", "only-in-memory") is TokenSource.SESSION
    assert creds.get_token("main") == "only-in-memory"
    assert creds.token_source("main") is TokenSource.SESSION
    if isinstance(backend, MemoryKeyring):
        assert backend.passwords == {}  # never handed to an unsafe backend
    assert CredentialStore(tmp_path, backend=backend, environ={}).get_token("main") is None
    assert not any(b"only-in-memory" in p.read_bytes() for p in tmp_path.rglob("*")
                   if p.is_file())


def test_keyring_refusing_falls_back_to_memory_with_a_warning(tmp_path: Path) -> None:
    creds = CredentialStore(tmp_path, backend=RefusingKeyring(), environ={})
    assert creds.secure_storage
    assert creds.set_token("main", "tok") is TokenSource.SESSION
    assert creds.storage_warning == STORE_REFUSED and not creds.secure_storage
    assert creds.get_token("main") == "tok"


def test_secure_backends_are_recognised(keyring_backend: KeyringBackend) -> None:
    assert is_secure_backend(keyring_backend)


def test_token_is_in_no_file_and_no_log_line(tmp_path: Path, keyring_backend: KeyringBackend,
                                             profile_name: str,
                                             caplog: pytest.LogCaptureFixture) -> None:
    token = f"tok-{uuid.uuid4().hex}"
    caplog.set_level(logging.DEBUG)
    config, data = tmp_path / "config", tmp_path / "data"
    creds = CredentialStore(config, backend=keyring_backend, environ={})
    creds.add_profile(profile(profile_name))
    creds.set_token(profile_name, token)
    store = Store.open(profile_name, data_dir=data)
    used = creds.get_token(profile_name)
    assert used == token
    store.cache.upsert_orders([OrderRow(id="1", doc=b'{"id": "1"}', buyer_name="Ana")])
    entry = store.outbox.enqueue(IntentKind.ANSWER, "question:1", b'{"answer": "hola"}')
    store.outbox.mark_sending(entry.id)
    store.outbox.mark_retry(entry.id, "No connection to the shop service", 5)
    store.cache.mark_synced("orders")

    def files() -> list[Path]:
        return [p for p in tmp_path.rglob("*") if p.is_file()]

    assert any(p.suffix == ".sqlite3" for p in files())
    for path in files():  # WAL included, while the store is open
        assert token.encode() not in path.read_bytes(), path
    store.close()
    for path in files():
        assert token.encode() not in path.read_bytes(), path
    assert token not in caplog.text
    assert token not in repr(creds)


# --- OAuth grants ------------------------------------------------------------------------------

def a_grant(n: int = 0) -> OAuthGrant:
    tag = uuid.uuid4().hex[:8]
    return OAuthGrant(client_id="app-7", client_secret=f"app-secret-{tag}",
                      refresh_token=f"TG-refresh-{n}-{tag}", access_token=f"APP-access-{n}-{tag}",
                      expires_at=datetime(2026, 11, 23, 20, 0, 0, 123000, tzinfo=UTC),
                      token_url="https://api.shop.test/oauth/token", lifetime=21600.0,
                      user_id=1001, scope="offline_access read write")


def test_a_grant_round_trips_and_rotates_through_the_keyring(
        tmp_path: Path, keyring_backend: KeyringBackend, creds: CredentialStore,
        profile_name: str) -> None:
    assert creds.get_grant(profile_name) is None and creds.grant_source(profile_name) is None
    first = a_grant(0)
    assert creds.set_grant(profile_name, first) is TokenSource.KEYRING
    raw = keyring_backend.get_password(KEYRING_GRANT_SERVICE, profile_name)
    assert raw is not None and json.loads(raw)["refresh_token"] == first.refresh_token
    later = CredentialStore(tmp_path / "config", backend=keyring_backend, environ={})
    assert later.get_grant(profile_name) == first  # expiry and all, after a restart
    assert later.grant_source(profile_name) is TokenSource.KEYRING
    rotated = a_grant(1)
    assert later.set_grant(profile_name, rotated) is TokenSource.KEYRING
    again = CredentialStore(tmp_path / "config", backend=keyring_backend, environ={})
    assert again.get_grant(profile_name) == rotated
    again.delete_grant(profile_name)
    again.delete_grant(profile_name)  # twice is fine
    assert keyring_backend.get_password(KEYRING_GRANT_SERVICE, profile_name) is None
    assert CredentialStore(tmp_path / "config", backend=keyring_backend,
                           environ={}).get_grant(profile_name) is None


def test_a_profile_holds_a_token_or_a_grant_not_both(
        creds: CredentialStore, profile_name: str, keyring_backend: KeyringBackend) -> None:
    creds.set_token(profile_name, "pasted-token")
    creds.set_grant(profile_name, a_grant())
    assert creds.get_token(profile_name) is None
    assert keyring_backend.get_password(KEYRING_SERVICE, profile_name) is None
    creds.set_token(profile_name, "pasted-again")
    assert creds.get_grant(profile_name) is None
    assert keyring_backend.get_password(KEYRING_GRANT_SERVICE, profile_name) is None


def test_removing_a_profile_removes_its_grant(creds: CredentialStore, profile_name: str,
                                             keyring_backend: KeyringBackend) -> None:
    creds.add_profile(profile(profile_name))
    creds.set_grant(profile_name, a_grant())
    creds.remove_profile(profile_name)
    assert keyring_backend.get_password(KEYRING_GRANT_SERVICE, profile_name) is None
    assert creds.get_grant(profile_name) is None


def test_grant_secrets_are_in_no_file_log_or_repr(
        tmp_path: Path, keyring_backend: KeyringBackend, profile_name: str,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    creds = CredentialStore(tmp_path / "config", backend=keyring_backend, environ={})
    creds.add_profile(profile(profile_name))
    grant = a_grant()
    creds.set_grant(profile_name, grant)
    creds.set_grant(profile_name, a_grant(1))
    texts = [caplog.text, repr(creds), repr(creds.get_grant(profile_name))]
    for secret in grant.secrets():
        assert all(secret not in text for text in texts)
        for path in (p for p in tmp_path.rglob("*") if p.is_file()):
            assert secret.encode() not in path.read_bytes(), path


def test_environment_token_hides_the_grant(tmp_path: Path, keyring_backend: KeyringBackend,
                                           profile_name: str) -> None:
    CredentialStore(tmp_path, backend=keyring_backend, environ={}).set_grant(profile_name,
                                                                             a_grant())
    env = CredentialStore(tmp_path, backend=keyring_backend, environ={ENV_TOKEN: "from-env"})
    assert env.get_grant(profile_name) is None
    assert env.get_token(profile_name) == "from-env"


@pytest.mark.parametrize("make", [lambda: fail.Keyring(), lambda: PlaintextKeyring()],
                         ids=["fail", "plaintext"])
def test_no_secure_store_keeps_the_grant_for_this_session_only(tmp_path: Path,
                                                               make: object) -> None:
    backend = make()  # type: ignore[operator]
    creds = CredentialStore(tmp_path, backend=backend, environ={})
    grant = a_grant()
    assert creds.set_grant("main", grant) is TokenSource.SESSION
    assert creds.get_grant("main") == grant and creds.grant_source("main") is TokenSource.SESSION
    if isinstance(backend, MemoryKeyring):
        assert backend.passwords == {}
    assert CredentialStore(tmp_path, backend=backend, environ={}).get_grant("main") is None


def test_keyring_refusing_the_grant_keeps_it_in_memory_with_a_warning(tmp_path: Path) -> None:
    creds = CredentialStore(tmp_path, backend=RefusingKeyring(), environ={})
    grant = a_grant()
    assert creds.set_grant("main", grant) is TokenSource.SESSION
    assert creds.storage_warning == STORE_REFUSED and creds.get_grant("main") == grant


def test_a_damaged_grant_in_the_keyring_is_ignored(tmp_path: Path,
                                                   keyring_backend: KeyringBackend,
                                                   profile_name: str) -> None:
    keyring_backend.set_password(KEYRING_GRANT_SERVICE, profile_name, "{not json")
    creds = CredentialStore(tmp_path, backend=keyring_backend, environ={})
    assert creds.get_grant(profile_name) is None


class LosingOnceKeyring(MemoryKeyring):
    """Loses an item once while reading it, as the Secret Service does when another program
    writes to it at that moment (ItemNotFoundException)."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def get_password(self, service: str, username: str) -> str | None:
        self.reads += 1
        if self.reads == 1:
            raise KeyError("item lost while read")
        return super().get_password(service, username)


KeyringBackend._classes.discard(LosingOnceKeyring)  # type: ignore[attr-defined]


def test_a_keyring_read_that_fails_once_is_tried_again(tmp_path: Path) -> None:
    backend = LosingOnceKeyring()
    backend.set_password(KEYRING_SERVICE, "shop", "tok-123")
    creds = CredentialStore(tmp_path, backend=backend, environ={})
    assert creds.get_token("shop") == "tok-123"  # not "paste your token again"
    assert backend.reads == 2


class RefusingOnceKeyring(MemoryKeyring):
    """Refuses one write, as the Secret Service can while another program writes to the same
    collection; with `always`, every write."""

    def __init__(self, always: bool = False) -> None:
        super().__init__()
        self.writes = 0
        self.always = always

    def set_password(self, service: str, username: str, password: str) -> None:
        self.writes += 1
        if self.always or self.writes == 1:
            raise RuntimeError("org.freedesktop.DBus.Error.NoReply")
        super().set_password(service, username, password)


KeyringBackend._classes.discard(RefusingOnceKeyring)  # type: ignore[attr-defined]


def test_a_keyring_write_that_fails_once_is_tried_again(tmp_path: Path) -> None:
    backend = RefusingOnceKeyring()
    creds = CredentialStore(tmp_path, backend=backend, environ={})
    assert creds.set_token("shop", "tok-123") is TokenSource.KEYRING
    assert creds.storage_warning is None
    assert backend.get_password(KEYRING_SERVICE, "shop") == "tok-123"
    grant, grant_backend = a_grant(), RefusingOnceKeyring()
    creds = CredentialStore(tmp_path / "g", backend=grant_backend, environ={})
    assert creds.set_grant("shop", grant) is TokenSource.KEYRING
    assert grant_backend.writes == 2
    assert CredentialStore(tmp_path / "g", backend=grant_backend,
                           environ={}).get_grant("shop") == grant


def test_a_keyring_that_refuses_every_write_keeps_the_secret_for_this_run(
        tmp_path: Path) -> None:
    grant, backend = a_grant(), RefusingOnceKeyring(always=True)
    creds = CredentialStore(tmp_path, backend=backend, environ={})
    assert creds.set_grant("shop", grant) is TokenSource.SESSION
    assert backend.writes == 2  # asked twice, then told
    assert creds.storage_warning is not None
    assert creds.get_grant("shop") == grant
