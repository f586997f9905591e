"""The command line's exit codes, one place for all (documented in `sellerdesk.cli`)."""

from __future__ import annotations

DONE = 0  # done (a write: sent and applied)
ERROR = 1  # any other error
USAGE = 2  # the command line itself is wrong
QUEUED = 3  # saved, not yet sent (offline, or the service is busy)
AUTH = 4  # the access token is missing or was refused
CONFLICT = 5  # the server's record moved on; both versions are kept
NOT_FOUND = 6  # the question, order, tracking code or outbox entry does not exist

__all__ = ["AUTH", "CONFLICT", "DONE", "ERROR", "NOT_FOUND", "QUEUED", "USAGE"]
