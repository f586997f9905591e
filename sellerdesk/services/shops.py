"""Opening a shop: the seller's choice -> profile -> token -> session, and the demo shop's
sandbox. Qt-free: the window and the command line open shops the same way.

Profiles live in `profiles.json`, tokens in the OS keyring (`CredentialStore`); keyring calls
may block (D-Bus, an unlock prompt), so they run in a thread. A shop is opened before the one
on screen is closed, so a shop that cannot be opened (its data in use by another window, say)
leaves the seller where they were. The demo shop is the bundled sandbox as a child process on
a loopback port chosen before it starts: its session (over the cached copy) is usable at once
and the sandbox starts behind it once the session is `use`d.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from sellerdesk.api.backend import import_backend as import_backend  # for the window's warm-up
from sellerdesk.api.enums import QuestionStatus, ThreadStatus
from sellerdesk.api.tokens import GrantStore, OAuthGrant, SaveGrant
from sellerdesk.credentials import CredentialsError, CredentialStore, Profile, TokenSource
from sellerdesk.policy import TOKEN_LIFETIME
from sellerdesk.services.dashboard import DashboardService, Glance
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.services.sign_in import OAuthApp, sandbox_app
from sellerdesk.store import Store, StoreBusyError, StoreError, default_data_dir, profile_db_path
from sellerdesk.store.outbox import OutboxEntry

if TYPE_CHECKING:  # the launcher is imported by `open_demo`: a command never starts it
    from sellerdesk.services.sandbox_launcher import SandboxProcess

log = logging.getLogger("sellerdesk.services")

DEMO_PROFILE = "demo"  # the demo shop's store name; a saved profile may not take it
DEMO_SHOP_ID = 1001  # the sandbox's defaults (docs/decisions.md, "Sandbox specifics")
DEMO_TOKEN = "sandbox-token"
BUSY_RETRIES = 10  # a store another reader holds for a moment ("All shops") frees up soon
BUSY_WAIT = 0.2


class ProfileChoice(enum.Enum):
    CONNECT = "connect"  # a new or edited profile, with its token
    DEMO = "demo"
    OPEN = "open"  # a saved profile, by name (its token is in the keyring)


@dataclass(frozen=True)
class ProfileAnswer:
    """What the seller chose in a shop dialog or menu."""

    choice: ProfileChoice
    name: str = ""
    base_url: str = ""
    shop_id: int = 0
    token: str = field(default="", repr=False)  # CONNECT: a pasted token; "" keeps the saved
    grant: OAuthGrant | None = None  # CONNECT: the grant of an OAuth sign-in (wins)
    authorization_url: str = ""  # CONNECT with a grant: where to sign in again


def demo_grant(demo: SandboxProcess, *, now: datetime | None = None) -> OAuthGrant | None:
    """The demo shop's OAuth grant: the sandbox hands out its start token with a refresh
    token, so the demo renews its tokens itself as a real shop does (None from a sandbox
    that names none)."""
    if not (demo.client_id and demo.refresh_token):
        return None
    app = sandbox_app(demo.base_url, demo.client_id, demo.client_secret)
    start = now or datetime.now(UTC)
    return OAuthGrant(client_id=app.client_id, client_secret=app.client_secret,
                      refresh_token=demo.refresh_token, access_token=demo.token,
                      expires_at=start + timedelta(seconds=TOKEN_LIFETIME),
                      token_url=app.token_url, lifetime=TOKEN_LIFETIME)


class KeyringGrants:
    """A profile's OAuth grant in the keyring, as the client's `GrantStore`: each rotated
    grant is saved, and the newest one any process saved can be read back."""

    def __init__(self, credentials: CredentialStore, name: str) -> None:
        self._credentials = credentials
        self.name = name

    def __repr__(self) -> str:
        return f"KeyringGrants({self.name!r})"

    async def __call__(self, grant: OAuthGrant) -> None:
        await asyncio.to_thread(self._credentials.set_grant, self.name, grant)

    async def latest(self) -> OAuthGrant | None:
        return await asyncio.to_thread(self._credentials.stored_grant, self.name)


class TokenMissing(Exception):
    """The saved shop has no token on this computer (the keyring lost it): ask again."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile.name)
        self.profile = profile


def saved_profiles(config_dir: Path | None) -> list[Profile]:
    """The saved profiles, read without touching the keyring (no token is needed to list,
    and the store looks for the keyring only when a token is); a damaged file reads as none
    (it is reported where a token is needed)."""
    try:
        return CredentialStore(config_dir).list_profiles()
    except CredentialsError:
        return []


async def open_session(address: ShopAddress, token: str | OAuthGrant, data_dir: Path | None,
                       *, save_grant: SaveGrant | None = None,
                       rate: float | None = None) -> Session:
    """A session over the shop's store; waits a moment while another reader holds it."""
    for attempt in range(BUSY_RETRIES):
        try:
            return await Session.open(address, token, data_dir=data_dir,
                                      save_grant=save_grant, rate=rate)
        except StoreBusyError:
            if attempt == BUSY_RETRIES - 1:
                raise  # another window or command holds it: the seller is told so
            await asyncio.sleep(BUSY_WAIT)
    raise AssertionError("unreachable")


class Shops:
    """The seller's shops: saved profiles with their tokens, and the shop in use."""

    def __init__(self, data_dir: Path | None = None, *,
                 credentials: CredentialStore | None = None) -> None:
        self.data_dir = data_dir
        # One credential store for the whole run: without a secure keyring, tokens live in
        # its memory only, and switching back to a shop must still find them.
        self._credentials = credentials or CredentialStore(config_dir=data_dir)
        self.session: Session | None = None
        self._demo: SandboxProcess | None = None
        self._demo_start: asyncio.Future[SandboxProcess] | None = None
        self._demo_pending: dict[Session, SandboxProcess] = {}  # opened, not started yet
        # Pictures of the demo (`--snapshot`) are not a seller's session: its sandbox and
        # session then run without the field's rate limit, so a picture takes seconds.
        self.demo_unlimited = False

    # ---- profiles ------------------------------------------------------------------------

    def prepare_network(self) -> None:
        """Make the shop in use's HTTP transport now (blocking: off the event loop)."""
        session = self.session
        if session is not None:
            session.prepare_network()

    def discover_keyring(self) -> None:
        """Look for the keyring now (blocking: off the event loop), so that the first token
        read or storage warning does not wait for it."""
        self._credentials.discover()

    @property
    def storage_warning(self) -> str | None:
        """Why tokens are kept for this session only (no secure keyring), or None."""
        return self._credentials.storage_warning

    def profiles(self) -> list[Profile]:
        """Saved profiles (raises CredentialsError when the settings file is unreadable)."""
        return self._credentials.list_profiles()

    def profile(self, name: str) -> Profile | None:
        return self._credentials.get_profile(name)

    def default_profile(self) -> Profile | None:
        return self._credentials.default_profile()

    async def remove_profile(self, name: str) -> None:
        """Forget the profile and its token (its local data stays on disk)."""
        await asyncio.to_thread(self._credentials.remove_profile, name)

    async def token_of(self, name: str) -> str | None:
        return await asyncio.to_thread(self._credentials.get_token, name)

    async def grant_of(self, name: str) -> OAuthGrant | None:
        """The profile's OAuth grant (None with a pasted token, or `SELLERDESK_TOKEN` set)."""
        return await asyncio.to_thread(self._credentials.get_grant, name)

    def grant_saver(self, name: str) -> GrantStore:
        """Stores each rotated grant of `name` in the keyring, off the loop; the client awaits
        it before using the new access token (refresh tokens are single-use), and reads back
        the newest stored one when its refresh token is refused."""
        return KeyringGrants(self._credentials, name)

    async def save_connection(self, profile: Profile, grant: OAuthGrant) -> TokenSource:
        """Keep the grant of a sign-in and the profile it is for; the grant first (its
        refresh token is the only one that works from now on). Returns where the grant went
        (SESSION: only in this run's memory, see `storage_warning`)."""
        source = await asyncio.to_thread(self._credentials.set_grant, profile.name, grant)
        self._credentials.add_profile(profile)
        return source

    async def oauth_app(self, name: str) -> OAuthApp | None:
        """The OAuth settings `name` was connected with (to connect again), or None."""
        profile = self._credentials.get_profile(name)
        grant = await self.grant_of(name)
        if profile is None or grant is None:
            return None
        return OAuthApp(profile.authorization_url, grant.token_url, grant.client_id,
                        grant.client_secret)

    def demo_oauth_app(self) -> OAuthApp | None:
        """The demo sandbox's OAuth app, while it runs (the profile dialog's prefill)."""
        demo = self._demo
        if demo is None or not demo.client_id:
            return None
        return sandbox_app(demo.base_url, demo.client_id, demo.client_secret)

    # ---- opening -------------------------------------------------------------------------

    async def open_choice(self, answer: ProfileAnswer) -> Session:
        """Open (not yet `use`) the shop the seller chose, saving a new or edited profile
        first. Raises TokenMissing when a saved shop has no token on this computer."""
        if answer.choice is ProfileChoice.DEMO:
            await self._close_if_open(DEMO_PROFILE)
            return await self.open_demo()
        if answer.choice is ProfileChoice.CONNECT:
            saved = self._credentials.get_profile(answer.name)
            auth_url = answer.authorization_url or (saved.authorization_url if saved else "")
            profile = Profile(name=answer.name, base_url=answer.base_url,
                              shop_id=answer.shop_id, authorization_url=auth_url)
            if answer.grant is not None:
                await self.save_connection(profile, answer.grant)
            else:
                self._credentials.add_profile(profile)
                if answer.token:  # empty when an edit keeps the saved token
                    await asyncio.to_thread(self._credentials.set_token, answer.name,
                                            answer.token)
        return await self.open_saved(answer.name)

    async def open_saved(self, name: str) -> Session:
        profile = self._credentials.get_profile(name)
        if profile is None:
            raise CredentialsError("There is no saved shop by that name.", detail=name)
        grant = await self.grant_of(profile.name)
        token: str | OAuthGrant | None = grant or await self.token_of(profile.name)
        if not token:
            raise TokenMissing(profile)
        await self._close_if_open(profile.name)
        address = ShopAddress(profile.name, profile.base_url, profile.shop_id)
        session = await open_session(address, token, self.data_dir,
                                     save_grant=self.grant_saver(profile.name))
        self._credentials.set_default_profile(profile.name)
        return session

    async def open_demo(self) -> Session:
        """The bundled demo shop's session; its sandbox starts once the session is `use`d."""
        from sellerdesk.services.sandbox_launcher import SandboxProcess, free_port

        folder = self.data_dir or default_data_dir()
        port = free_port()
        address = ShopAddress(DEMO_PROFILE, f"http://127.0.0.1:{port}", DEMO_SHOP_ID)
        unlimited = self.demo_unlimited
        session = await open_session(address, DEMO_TOKEN, self.data_dir,
                                     rate=0.0 if unlimited else None)
        self._demo_pending[session] = SandboxProcess(
            db=folder / "demo" / "sandbox.db", port=port,
            extra_args=["--rate-limit", "0"] if unlimited else [])
        return session

    async def _close_if_open(self, profile: str) -> None:
        """Re-opening the shop in use (a new token, say): its store must be closed first."""
        if self.session is not None and self.session.address.profile == profile:
            await self.close_session()

    def use(self, session: Session) -> None:
        """Make `session` the shop in use (the one before it is closed already)."""
        self.session = session
        demo = self._demo_pending.pop(session, None)
        if demo is not None:
            self._demo_start = asyncio.get_running_loop().create_task(
                asyncio.to_thread(demo.start), name="demo-sandbox-start")

    async def demo_ready(self) -> None:
        """Wait until the demo shop's sandbox serves (at once for any other shop); from then
        on the demo session renews its tokens with the grant the sandbox handed out."""
        if self._demo_start is not None:
            # Shielded: a cancelled sync must not cancel the server's start (its thread would
            # go on starting a sandbox nobody stops).
            started = self._demo is None
            self._demo = await asyncio.shield(self._demo_start)
            session = self.session
            grant = demo_grant(self._demo) if started else None
            if grant is not None and session is not None and self.demo:
                session.use_grant(grant)  # kept in memory: every start hands out a new one

    @property
    def demo(self) -> bool:
        return self.session is not None and self.session.address.profile == DEMO_PROFILE

    # ---- closing -------------------------------------------------------------------------

    async def close_session(self) -> None:
        """Close the shop in use (its session and its demo sandbox)."""
        session, self.session = self.session, None
        if session is not None:
            await session.aclose()
        start, self._demo_start = self._demo_start, None
        if start is not None and self._demo is None and not start.cancelled():
            # The thread starting it cannot be cancelled: let it finish, then stop it.
            with contextlib.suppress(Exception):
                self._demo = await asyncio.shield(start)
        demo, self._demo = self._demo, None
        if demo is not None:
            await asyncio.to_thread(demo.stop)

    async def discard(self, session: Session) -> None:
        """Close a session opened but never used (the seller left meanwhile)."""
        self._demo_pending.pop(session, None)
        await session.aclose()

    async def aclose(self) -> None:
        await self.close_session()
        for session in list(self._demo_pending):
            await self.discard(session)


async def queue_demo_answer(session: Session, *, hold: float = 3600.0) -> OutboxEntry | None:
    """Queue one answer, held back `hold` seconds, so pictures of the demo show what a
    queued change looks like. The words are the demo shop's own: an answer it already gave
    in the same conversation (so in the buyers' language, whatever the window's)."""
    threads = await session.inbox.threads(status=ThreadStatus.UNANSWERED)
    # Prefer a conversation with answered and waiting questions: the picture shows all three.
    threads.sort(key=lambda t: not ((t.answered_quantity or 0)
                                    and (t.unanswered_quantity or 0) >= 2))
    for thread in threads:
        conversation = await session.inbox.conversation(thread.id)
        given = [q.answer.text for q in conversation if q.answer and q.answer.text]
        waiting = [q for q in conversation if q.status == QuestionStatus.UNANSWERED]
        if given and waiting:
            return await session.inbox.answer(waiting[0].id, given[-1], hold=hold)
    return None


# ---- Every saved shop's figures, side by side ("All shops"). ------------------------------

class GlanceProblem(enum.Enum):
    NOT_SYNCED = "not_synced"  # no local copy on this computer yet
    IN_USE = "in_use"  # another SellerDesk window or command holds its data
    UNREADABLE = "unreadable"  # the store refused: `message` says why


class ShopGlance(msgspec.Struct, frozen=True):
    """One shop's figures read from its own store, or why there are none."""

    name: str
    glance: Glance | None
    problem: GlanceProblem | None = None
    message: str = ""  # UNREADABLE: the store's words


async def read_glance(profile: Profile, data_dir: Path | None, *, slow_minutes: int,
                      now: datetime | None = None) -> ShopGlance:
    """The glance of a shop that is not in use (its store opened for a moment; local data
    only, so this works offline)."""
    if not profile_db_path(profile.name, data_dir).exists():
        return ShopGlance(profile.name, None, GlanceProblem.NOT_SYNCED)
    try:
        store = await Store.open_async(profile.name, data_dir=data_dir)
    except StoreBusyError:
        return ShopGlance(profile.name, None, GlanceProblem.IN_USE)
    except StoreError as exc:
        return ShopGlance(profile.name, None, GlanceProblem.UNREADABLE, exc.message)
    try:
        glance = await DashboardService(store).glance(days=1, now=now,
                                                      slow_minutes=slow_minutes)
    except StoreError as exc:
        return ShopGlance(profile.name, None, GlanceProblem.UNREADABLE, exc.message)
    finally:
        await store.aclose()
    return ShopGlance(profile.name, glance)


async def read_glances(profiles: Sequence[Profile], data_dir: Path | None, *,
                       slow_minutes: int) -> list[ShopGlance]:
    """One after the other: each opens a database, and they share the cores with the app."""
    return [await read_glance(p, data_dir, slow_minutes=slow_minutes) for p in profiles]


__all__ = [
    "BUSY_RETRIES",
    "DEMO_PROFILE",
    "DEMO_SHOP_ID",
    "DEMO_TOKEN",
    "GlanceProblem",
    "KeyringGrants",
    "ProfileAnswer",
    "ProfileChoice",
    "ShopGlance",
    "Shops",
    "TokenMissing",
    "demo_grant",
    "open_session",
    "queue_demo_answer",
    "read_glance",
    "read_glances",
    "saved_profiles",
]
