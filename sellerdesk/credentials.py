"""Profiles in a settings file; each profile's token in the OS keyring, never on disk in clear.

A profile (name, base URL, shop id, flags) lives in `profiles.json` in the platform's config
folder. It holds either a pasted token or an OAuth grant, both in the keyring only: the token
under service "SellerDesk", the grant (app id and secret, refresh and access tokens, expiry,
token URL) as one JSON value under service "SellerDesk OAuth"; user = the profile name in
both. Saving one removes the other; every secret is registered with the log redaction the
moment it is read, before a library can log it. Without a secure keyring backend (keyring's
fail/null backends, plain-text file backends, a chainer with nothing usable) or when the
keyring refuses, the token or grant is kept in memory for this session only and `storage_warning`
says so to the seller: there is no plain-text fallback. `SELLERDESK_TOKEN` in the
environment overrides the token of every profile (and hides its grant).

Keyring calls may block (D-Bus, an unlock prompt): the GUI calls them off the event loop.
The keyring itself (its module, its backends' discovery: programs started, a crypto library
loaded) is looked for the first time a token or the storage's state is needed, not when the
store is made: listing profiles, or a start with `SELLERDESK_TOKEN`, never loads it.
"""

from __future__ import annotations

import logging
import os
import tempfile
import threading
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from sellerdesk.api.redact import register_secret
from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.private_files import private_dir

if TYPE_CHECKING:  # the keyring loads when first needed (see the module docstring)
    from keyring.backend import KeyringBackend

log = logging.getLogger("sellerdesk.credentials")

APP_NAME = "SellerDesk"
KEYRING_SERVICE = "SellerDesk"
KEYRING_GRANT_SERVICE = "SellerDesk OAuth"  # the profile's OAuth grant, a JSON value
ENV_TOKEN = "SELLERDESK_TOKEN"
SETTINGS_FILE = "profiles.json"

NO_SECURE_STORE = ("Your system has no secure password store; the token is kept only until "
                   "you close SellerDesk.")
STORE_REFUSED = ("Your system's password store did not accept the token; it is kept only "
                 "until you close SellerDesk.")


class CredentialsError(Exception):
    """A profile or the settings file is unusable; `message` is for the seller."""

    def __init__(self, message: str, *, detail: str = "") -> None:
        self.message = message
        self.detail = detail
        super().__init__(message)


class Profile(msgspec.Struct, frozen=True, kw_only=True):
    """One shop the seller works with. Holds no secret."""

    name: str
    base_url: str
    shop_id: int
    demo: bool = False
    authorization_url: str = ""  # OAuth sign-in page (no secret), for "Connect again"


class _Settings(msgspec.Struct, kw_only=True):
    version: int = 1
    default_profile: str | None = None
    profiles: list[Profile] = msgspec.field(default_factory=list)


class TokenSource(StrEnum):
    ENV = "env"  # SELLERDESK_TOKEN
    KEYRING = "keyring"  # the OS's secure store
    SESSION = "session"  # memory only, gone when SellerDesk closes


def default_config_dir() -> Path:
    import platformdirs  # only without a data folder given

    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def is_secure_backend(backend: KeyringBackend) -> bool:
    """Whether `backend` keeps secrets safely on this machine (and is usable at all)."""
    from keyring.backends import chainer, fail, null

    if isinstance(backend, chainer.ChainerBackend):
        return any(is_secure_backend(b) for b in backend.backends)
    if isinstance(backend, fail.Keyring | null.Keyring):
        return False
    cls = type(backend)
    # keyrings.alt's file backends write a readable file or prompt on a terminal.
    if "plaintext" in cls.__name__.lower() or cls.__module__.startswith("keyrings.alt"):
        return False
    try:
        return float(backend.priority) > 0
    except Exception:  # priority raises when the backend cannot work here (no D-Bus, ...)
        return False


class CredentialStore:
    """Profiles and tokens. Tokens are never logged, written to the settings file or repr'd."""

    def __init__(self, config_dir: Path | None = None, *,
                 backend: KeyringBackend | None = None,
                 environ: Mapping[str, str] | None = None) -> None:
        self.settings_path = (config_dir or default_config_dir()) / SETTINGS_FILE
        self._given = backend
        self._found: tuple[KeyringBackend, bool] | None = None  # (backend, secure) once looked
        self._finding = threading.Lock()  # the window's threads may ask at the same time
        self._environ = os.environ if environ is None else environ
        self._session: dict[str, str] = {}  # this run's tokens, by profile
        self._in_keyring: set[str] = set()  # profiles whose session token is also saved
        self._grants: dict[str, OAuthGrant] = {}  # this run's grants, by profile
        self._grants_in_keyring: set[str] = set()
        self._warning: str | None = None  # set when the backend is found
        self._settings: _Settings | None = None

    def __repr__(self) -> str:
        secure = "?" if self._found is None else self._found[1]
        return f"CredentialStore({str(self.settings_path)!r}, secure={secure})"

    def discover(self) -> None:
        """Find the keyring backend now (it may block: call it off the event loop); every
        method that needs it does so on its own first use."""
        if self._found is not None:
            return
        with self._finding:
            if self._found is not None:
                return
            if self._given is not None:
                backend = self._given
            else:
                import keyring

                backend = keyring.get_keyring()
            secure = is_secure_backend(backend)
            self._warning = None if secure else NO_SECURE_STORE
            log.info("keyring backend: %s (secure: %s)", type(backend).__name__, secure)
            self._found = (backend, secure)

    @property
    def _backend(self) -> KeyringBackend:
        self.discover()
        assert self._found is not None
        return self._found[0]

    @property
    def _secure(self) -> bool:
        self.discover()
        assert self._found is not None
        return self._found[1]

    # -- where tokens go ----------------------------------------------------------------------

    @property
    def secure_storage(self) -> bool:
        """False when tokens cannot be saved safely and live only for this session."""
        return self._secure and self._warning is None

    @property
    def storage_warning(self) -> str | None:
        """What to tell the seller when tokens are not saved, else None."""
        self.discover()
        return self._warning

    def get_token(self, profile: str) -> str | None:
        return self._lookup(profile)[0]

    def token_source(self, profile: str) -> TokenSource | None:
        return self._lookup(profile)[1]

    def _lookup(self, profile: str) -> tuple[str | None, TokenSource | None]:
        env = self._environ.get(ENV_TOKEN, "").strip()
        if env:
            register_secret(env)
            return env, TokenSource.ENV
        if profile in self._session:
            source = TokenSource.KEYRING if profile in self._in_keyring else TokenSource.SESSION
            return self._session[profile], source
        if not self._secure:
            return None, None
        token = None
        for attempt in (1, 2):
            try:
                token = self._backend.get_password(KEYRING_SERVICE, profile)
                # Before it leaves this function: a library may log what a call returned.
                register_secret(token)
                break
            except Exception as exc:  # locked, dismissed prompt, D-Bus gone: ask again
                log.warning("keyring read failed for profile %r: %s", profile,
                            type(exc).__name__)
                # Once more first: the Secret Service can lose an item it has just found
                # while another program writes to it (ItemNotFoundException), and a seller
                # asked for a token that is in the keyring is a seller let down.
                if attempt == 2:
                    return None, None
        if not token:
            return None, None
        self._session[profile] = token  # read the keyring once per session
        self._in_keyring.add(profile)
        return token, TokenSource.KEYRING

    def set_token(self, profile: str, token: str) -> TokenSource:
        """Save the token of `profile` (dropping its grant, if any); returns where it went
        (SESSION: see storage_warning)."""
        register_secret(token)
        token = token.strip()
        if not token:
            raise CredentialsError("The access token is empty.")
        self.delete_grant(profile)
        self._session[profile] = token
        self._in_keyring.discard(profile)
        if not self._secure:
            return TokenSource.SESSION
        if not self._write(KEYRING_SERVICE, profile, token, "token"):
            self._warning = STORE_REFUSED
            return TokenSource.SESSION
        self._warning = None  # the store works (again)
        self._in_keyring.add(profile)
        return TokenSource.KEYRING

    def _write(self, service: str, profile: str, secret: str, what: str) -> bool:
        """Write one secret, asking twice: the Secret Service can fail a write while another
        program writes to the same collection (seen with several SellerDesk commands at
        once), as it fails reads; a write that fails twice is a refusal. Writing the same
        item again replaces it, so a first try that did land is harmless."""
        for attempt in (1, 2):
            try:
                self._backend.set_password(service, profile, secret)
                return True
            except Exception as exc:
                log.warning("keyring refused the %s of profile %r (try %d of 2): %s", what,
                            profile, attempt, type(exc).__name__)
        return False

    def delete_token(self, profile: str) -> None:
        """Forget the token of `profile` in memory and in the keyring (absent is fine)."""
        self._session.pop(profile, None)
        self._in_keyring.discard(profile)
        if not self._secure:
            return
        from keyring.errors import PasswordDeleteError

        try:
            self._backend.delete_password(KEYRING_SERVICE, profile)
        except PasswordDeleteError:
            pass  # there was none
        except Exception as exc:
            log.warning("keyring delete failed for profile %r: %s", profile,
                        type(exc).__name__)

    # -- OAuth grants -------------------------------------------------------------------------

    def get_grant(self, profile: str) -> OAuthGrant | None:
        """The OAuth grant of `profile`, or None (none saved, the keyring unreadable, or
        `SELLERDESK_TOKEN` set: the environment's token wins)."""
        if self._environ.get(ENV_TOKEN, "").strip():
            return None
        if profile in self._grants:
            return self._grants[profile]
        return self._read_grant(profile)

    def stored_grant(self, profile: str) -> OAuthGrant | None:
        """The grant of `profile` as the keyring holds it now, not as this run last read or
        wrote it: another process may have renewed it since (None as in `get_grant`, and
        without a secure keyring)."""
        if self._environ.get(ENV_TOKEN, "").strip():
            return None
        return self._read_grant(profile)

    def _read_grant(self, profile: str) -> OAuthGrant | None:
        if not self._secure:
            return None
        raw = None
        for attempt in (1, 2):
            try:
                raw = self._backend.get_password(KEYRING_GRANT_SERVICE, profile)
                break
            except Exception as exc:  # locked, dismissed prompt, D-Bus gone
                log.warning("keyring read of the grant failed for profile %r: %s", profile,
                            type(exc).__name__)
                # Once more, as `_lookup` does: the Secret Service can lose an item for a
                # moment while another program writes it.
                if attempt == 2:
                    return None
        if not raw:
            return None
        try:
            grant = msgspec.json.decode(raw, type=OAuthGrant)
        except msgspec.DecodeError as exc:
            # Never log the value: it holds the secrets.
            log.warning("the keyring's grant of profile %r is unreadable (%s); ignoring it",
                        profile, type(exc).__name__)
            return None
        register_secret(*grant.secrets())  # before qasync logs this call's result
        self._grants[profile] = grant  # read the keyring once per session
        self._grants_in_keyring.add(profile)
        return grant

    def set_grant(self, profile: str, grant: OAuthGrant) -> TokenSource:
        """Save (or rotate) the OAuth grant of `profile`, dropping its pasted token; returns
        where it went (SESSION: see storage_warning). Blocks on the keyring: the GUI calls it
        off the event loop, and awaits it before using the grant's new access token."""
        register_secret(*grant.secrets())
        first = profile not in self._grants
        self._grants[profile] = grant
        self._grants_in_keyring.discard(profile)
        if not self._secure:
            if first:
                self.delete_token(profile)
            return TokenSource.SESSION
        # The grant is written before anything else: a rotated refresh token is the only
        # one that works, and a process killed before this write loses it.
        try:
            if not self._write(KEYRING_GRANT_SERVICE, profile,
                               msgspec.json.encode(grant).decode(), "grant"):
                self._warning = STORE_REFUSED
                return TokenSource.SESSION
        finally:
            if first:  # a profile holds a token or a grant, not both
                self.delete_token(profile)
        self._warning = None
        self._grants_in_keyring.add(profile)
        return TokenSource.KEYRING

    def grant_source(self, profile: str) -> TokenSource | None:
        """Where the grant of `profile` lives (KEYRING or SESSION), or None without one."""
        if self.get_grant(profile) is None:
            return None
        return (TokenSource.KEYRING if profile in self._grants_in_keyring
                else TokenSource.SESSION)

    def delete_grant(self, profile: str) -> None:
        """Forget the grant of `profile` in memory and in the keyring (absent is fine)."""
        self._grants.pop(profile, None)
        self._grants_in_keyring.discard(profile)
        if not self._secure:
            return
        from keyring.errors import PasswordDeleteError

        try:
            self._backend.delete_password(KEYRING_GRANT_SERVICE, profile)
        except PasswordDeleteError:
            pass  # there was none
        except Exception as exc:
            log.warning("keyring delete of the grant failed for profile %r: %s", profile,
                        type(exc).__name__)

    # -- profiles -----------------------------------------------------------------------------

    def _load(self) -> _Settings:
        if self._settings is None:
            try:
                raw = self.settings_path.read_bytes()
            except FileNotFoundError:
                self._settings = _Settings()
            except OSError as exc:
                raise CredentialsError("SellerDesk could not read its settings file.",
                                       detail=str(exc)) from exc
            else:
                try:
                    self._settings = msgspec.json.decode(raw, type=_Settings)
                except msgspec.DecodeError as exc:
                    raise CredentialsError(
                        f"SellerDesk's settings file {self.settings_path} is damaged. "
                        "Fix or remove it to start over.", detail=str(exc)) from exc
        return self._settings

    def _save(self, settings: _Settings) -> None:
        data = msgspec.json.format(msgspec.json.encode(settings), indent=2)
        folder = self.settings_path.parent
        try:
            private_dir(folder)
            # Write aside, then rename: a crash leaves the old file or the new, never half.
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".profiles-", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(tmp, self.settings_path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as exc:
            raise CredentialsError("SellerDesk could not save its settings file.",
                                   detail=str(exc)) from exc
        self._settings = settings

    def list_profiles(self) -> list[Profile]:
        return list(self._load().profiles)

    def get_profile(self, name: str) -> Profile | None:
        return next((p for p in self._load().profiles if p.name == name), None)

    def add_profile(self, profile: Profile) -> None:
        """Add `profile`, or replace the one of the same name."""
        if not profile.name.strip():
            raise CredentialsError("A profile needs a name.")
        if not profile.base_url.startswith(("http://", "https://")):
            raise CredentialsError("The service address must start with http:// or https://.")
        if "access_token" in profile.base_url:
            # The token never goes in the settings file, not even inside a URL.
            raise CredentialsError("Enter the service address without the access token.")
        settings = self._load()
        others = [p for p in settings.profiles if p.name != profile.name]
        self._save(_Settings(version=settings.version,
                             default_profile=settings.default_profile or profile.name,
                             profiles=[*others, profile]))

    def remove_profile(self, name: str) -> None:
        """Remove the profile, its token and its grant (its local database is left for the
        caller)."""
        settings = self._load()
        rest = [p for p in settings.profiles if p.name != name]
        default = settings.default_profile
        if default == name:
            default = rest[0].name if rest else None
        self._save(_Settings(version=settings.version, default_profile=default, profiles=rest))
        self.delete_token(name)
        self.delete_grant(name)

    def default_profile(self) -> Profile | None:
        """The profile SellerDesk opens when none is named (the first added, or as set)."""
        settings = self._load()
        return self.get_profile(settings.default_profile) if settings.default_profile else None

    def set_default_profile(self, name: str) -> None:
        if self.get_profile(name) is None:
            raise CredentialsError(f"There is no profile named {name!r}.")
        settings = self._load()
        if settings.default_profile == name:
            return  # every start names its shop: no rewrite and fsync of an unchanged file
        self._save(_Settings(version=settings.version, default_profile=name,
                             profiles=settings.profiles))
