"""Whether the shop still takes our token: one place for every refusal background work meets.

With a pasted token a 401/403 is final until the seller gives a new one; with an OAuth grant
the client has already tried a renewal, so a refusal means the grant itself was refused. The
first refusal a sync stage or the outbox sender meets pauses both: the sync raises at once
without a request (`refusal()`), and the outbox queue is paused in the store, persisted until
a start with another token or grant lifts it (the outbox sender's rule). `refused` fires once
per refusal, with the server's reason in words when it gave one, for the window's banner and
one desktop notification. The seller answers by giving a new token or connecting again: the
window opens the shop anew (a new session, its own `Access`); a session given a new token in
place (`OutboxService.set_token`, the command line) resumes the queue, and with it the sync
(`restore`, on the outbox's RESUMED).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import msgspec

from sellerdesk.api.errors import AuthError
from sellerdesk.services.events import Event
from sellerdesk.store import Store, StoreError

if TYPE_CHECKING:  # the client (httpx) loads when a session connects
    from sellerdesk.api.client import ShopClient

log = logging.getLogger("sellerdesk.services")


class AccessProblem(msgspec.Struct, frozen=True):
    """The shop refused our token: `message` says why (the server's reason when it gave one);
    `renewable` tells a refused OAuth grant ("Connect again…") from a refused pasted token
    ("Enter a new token…")."""

    message: str
    renewable: bool


class Access:
    def __init__(self, client: ShopClient, store: Store) -> None:
        self._client = client
        self._store = store
        self._error: AuthError | None = None
        self.problem: AccessProblem | None = None
        self.refused: Event[AccessProblem] = Event("access.refused")
        self.restored: Event[None] = Event("access.restored")

    def refusal(self) -> AuthError | None:
        """The refusal that paused background work, or None while the token is taken."""
        return self._error

    def _refuse(self, error: AuthError) -> bool:
        """Record the first refusal; False when one is recorded already."""
        if self._error is not None:
            return False
        self._error = error
        self.problem = AccessProblem(error.message, renewable=self._client.grant is not None)
        log.warning("the shop refused our %s (%s); sync and sending are paused",
                    "grant" if self.problem.renewable else "token", error.status or "-")
        return True

    def sending_paused(self, message: str) -> None:
        """The outbox sender met a refusal and paused its queue itself (its `auth_needed`)."""
        if self._refuse(AuthError(message)):
            assert self.problem is not None
            self.refused.emit(self.problem)

    async def report(self, error: AuthError) -> None:
        """Background work met a refusal: pause the sync and the outbox, tell the seller
        (once). Further reports change nothing."""
        if not self._refuse(error):
            return
        assert self.problem is not None
        try:
            await self._pause_outbox(error.message)
        except StoreError as exc:  # the pause is kept in memory for this session anyway
            log.warning("could not record the pause of sending: %s", exc.detail)
        self.refused.emit(self.problem)

    def restore(self) -> None:
        """A new token was given (the paused queue resumed): background work may go on."""
        if self._error is None:
            return
        self._error = None
        self.problem = None
        log.info("a new token: sync and sending go on")
        self.restored.emit(None)

    async def _pause_outbox(self, reason: str) -> None:
        outbox = self._store.outbox
        if await self._store.run(outbox.paused) is not None:
            return  # the sender met the refusal first and paused itself
        # The same keyed fingerprint as the sender's pause, so a start with another token
        # (and only that) lifts it.
        key = await self._store.run(outbox.fingerprint_key)
        await self._store.run(outbox.pause_all, reason, self._client.token_fingerprint(key))


__all__ = ["Access", "AccessProblem"]
