"""A keyring in a dict, for tests that need tokens without the machine's Secret Service."""

from __future__ import annotations

import json
import os
from pathlib import Path

from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError

from sellerdesk.credentials import CredentialStore


class MemoryKeyring(KeyringBackend):
    """Counts as a secure store (priority 1) and keeps its passwords in memory."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        if self.passwords.pop((service, username), None) is None:
            raise PasswordDeleteError(username)


# keyring registers every backend class it sees; keep ours out of its automatic choice.
KeyringBackend._classes.discard(MemoryKeyring)  # type: ignore[attr-defined]


def memory_credentials(folder: Path) -> CredentialStore:
    """Profiles in `folder`, tokens in memory, no SELLERDESK_TOKEN from the environment."""
    return CredentialStore(config_dir=folder, backend=MemoryKeyring(), environ={})


class FileKeyring(KeyringBackend):
    """Counts as a secure store and keeps its passwords in one JSON file, written aside and
    renamed with an fsync: a keyring two processes share, that survives a `kill -9` (the
    machine's Secret Service does the same where the runner has one)."""

    priority = 1  # type: ignore[assignment]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def _read(self) -> dict[str, str]:
        try:
            data: dict[str, str] = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        return data

    def _write(self, data: dict[str, str]) -> None:
        tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("w", encoding="utf-8") as out:
            json.dump(data, out)
            out.flush()
            os.fsync(out.fileno())
        tmp.replace(self.path)

    def get_password(self, service: str, username: str) -> str | None:
        return self._read().get(f"{service}\n{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        data = self._read()
        data[f"{service}\n{username}"] = password
        self._write(data)

    def delete_password(self, service: str, username: str) -> None:
        data = self._read()
        if data.pop(f"{service}\n{username}", None) is None:
            raise PasswordDeleteError(username)
        self._write(data)


KeyringBackend._classes.discard(FileKeyring)  # type: ignore[attr-defined]


def keyring_for(spec: str) -> KeyringBackend:
    """`secretservice` (the machine's, under ./run test) or `file:PATH` (a FileKeyring)."""
    if spec == "secretservice":
        from keyring.backends import SecretService

        return SecretService.Keyring()
    return FileKeyring(Path(spec.removeprefix("file:")))
