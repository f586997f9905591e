"""A keyring in a dict, for tests that need tokens without the machine's Secret Service."""

from __future__ import annotations

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
