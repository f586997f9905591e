"""The command line's exit codes, one place for all (documented in `sellerdesk.cli`), and the
failure that carries one."""

from __future__ import annotations

DONE = 0  # everything asked for was done (a write: sent and applied)
ERROR = 1  # not done (a write: not saved); every sync stage failed; any other error
USAGE = 2  # the command line itself is wrong
QUEUED = 3  # saved in the outbox, not yet sent (offline, the service busy, the disk full)
AUTH = 4  # the access token is missing or was refused
CONFLICT = 5  # the server's record moved on; both versions are kept
NOT_FOUND = 6  # the question, order, tracking code or outbox entry does not exist
PARTIAL = 7  # partly done: some sync stages or some changes were not done (named on stderr)


class CommandError(Exception):
    """A failure with its exit code and a sentence for the terminal."""

    def __init__(self, message: str, code: int = ERROR) -> None:
        super().__init__(message)
        self.code = code


__all__ = ["AUTH", "CONFLICT", "DONE", "ERROR", "NOT_FOUND", "PARTIAL", "QUEUED", "USAGE",
           "CommandError"]
