"""What every subcommand shares: the shop and token, the session, and how a write ends."""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from sellerdesk.commands.codes import AUTH, CONFLICT, DONE, ERROR, QUEUED, USAGE, CommandError
from sellerdesk.commands.output import say, warn
from sellerdesk.services.session import Session, ShopAddress
from sellerdesk.services.shops import Shops
from sellerdesk.services.sign_in import GRANT_REFUSED
from sellerdesk.services.sync import without_promise
from sellerdesk.services.types import (
    ApiError,
    AuthError,
    CredentialsError,
    IntentKind,
    OAuthGrant,
    OutboxEntry,
    OutboxState,
    SaveGrant,
    StoreError,
    StoreFullError,
)

# Who sends what waits in the outbox: this process ends after its one try.
SENT_BY = ("it is sent by `sellerdesk outbox --flush`, `sellerdesk sync` or the next write "
           "command, or by the SellerDesk window while it runs")


async def resolve(args: argparse.Namespace
                  ) -> tuple[ShopAddress, str | OAuthGrant, SaveGrant | None]:
    """The shop to talk to and its token, or its OAuth grant with where its renewals go:
    `--base-url/--shop-id` or a saved profile (`SELLERDESK_TOKEN` wins over both)."""
    shops = Shops(args.data_dir)
    env_token = os.environ.get("SELLERDESK_TOKEN", "").strip()
    if args.base_url:  # with --shop-id: cli.main checks they come together
        name = args.profile or shop_name(args.base_url, int(args.shop_id))
        address = ShopAddress(profile=_safe_name(name), base_url=args.base_url,
                              shop_id=int(args.shop_id))
    else:
        profile = shops.profile(args.profile) if args.profile else shops.default_profile()
        if profile is None:
            raise CommandError("No shop profile yet: open SellerDesk once, or give --base-url, "
                               "--shop-id and SELLERDESK_TOKEN.", USAGE)
        name = profile.name
        address = ShopAddress(profile=_safe_name(profile.name), base_url=profile.base_url,
                              shop_id=profile.shop_id)
    grant = None if env_token else await shops.grant_of(name)
    if grant is not None:  # renews itself; each rotated grant is stored before it is used
        return address, grant, shops.grant_saver(name)
    token = env_token or await shops.token_of(name)
    if not token:
        raise CommandError("No access token for this shop (none in SELLERDESK_TOKEN or the "
                           "keyring).", AUTH)
    return address, token, None


def shop_name(base_url: str, shop_id: int) -> str:
    """The profile name of a shop given by `--base-url/--shop-id` without `--profile`."""
    return f"{shop_id}@{base_url.split('://')[-1].rstrip('/')}"


def profile_name(args: argparse.Namespace) -> str | None:
    """The profile a command works on: `--profile`, the name `--base-url/--shop-id` give,
    or the default profile; None when there is none."""
    if args.profile:
        return str(args.profile)
    if args.base_url:
        return shop_name(args.base_url, int(args.shop_id))
    try:
        profile = Shops(args.data_dir).default_profile()
    except CredentialsError:  # a damaged settings file is reported where it is read
        return None
    return profile.name if profile else None


def reconnect_hint(args: argparse.Namespace, name: str | None = None) -> str:
    """What a seller runs after an exit 4: the command that connects this shop again, with
    the options this command was given that it needs too."""
    words = ["sellerdesk"]
    if args.data_dir:
        words += ["--data-dir", shlex.quote(str(args.data_dir))]
    words += ["connect", "--profile", shlex.quote(name or profile_name(args) or "NAME")]
    if args.base_url:
        words += ["--base-url", shlex.quote(args.base_url), "--shop-id", str(args.shop_id)]
    command = " ".join(words)
    if os.environ.get("SELLERDESK_TOKEN", "").strip():
        return (f"Set SELLERDESK_TOKEN to a new token, or unset it and run `{command}` to "
                "connect again.")
    return f"Run `{command}` to connect again."


def auth_words(message: str) -> str:
    """A refusal in the command line's words: the window's advice for a refused grant
    ("from the profile") gives way to `reconnect_hint`, printed with every exit 4."""
    if message == GRANT_REFUSED:
        return "The shop no longer accepts SellerDesk's connection."
    return message


def _safe_name(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:80]


async def open_session(args: argparse.Namespace) -> Session:
    address, token, save_grant = await resolve(args)
    try:
        session = await Session.open(address, token, data_dir=args.data_dir,
                                     save_grant=save_grant)
    except StoreError as exc:
        raise CommandError(exc.message) from None
    try:
        if await session.outbox.resume_if_new_token():
            warn("sending resumes: this token is not the one the shop refused")
    except BaseException:
        await session.aclose()
        raise
    return session


async def run(args: argparse.Namespace, body: Callable[[Session], Awaitable[int]]) -> int:
    """Open the session, run `body`, turn known failures into exit codes, close. Every
    exit 4 says how to connect again."""
    try:
        code = await _run(args, body)
    except CommandError as exc:
        if exc.code == AUTH:
            raise CommandError(f"{exc} {reconnect_hint(args)}", AUTH) from None
        raise
    if code == AUTH:
        warn(reconnect_hint(args))
    return code


async def _run(args: argparse.Namespace, body: Callable[[Session], Awaitable[int]]) -> int:
    session = await open_session(args)
    try:
        return await body(session)
    except AuthError as exc:
        raise CommandError(auth_words(exc.message), AUTH) from None
    except ApiError as exc:
        raise CommandError(exc.message) from None
    except StoreError as exc:
        raise CommandError(exc.message) from None
    finally:
        await session.aclose()


def flat(text: str | None, width: int = 80) -> str:
    """`text` flattened to one line and cut to `width` characters (for listings)."""
    joined = " ".join((text or "").split())
    return joined if len(joined) <= width else joined[: width - 1] + "…"


async def as_of(session: Session, key: str) -> None:
    """Say on stderr how old the local copy is (or that there is none)."""
    synced = await session.store.run(session.store.cache.last_sync, key)
    if synced is None:
        warn("(nothing synced yet: run `sellerdesk sync` first)")
        return
    age = datetime.now(UTC) - synced
    warn(f"as of {synced:%Y-%m-%d %H:%M} UTC ({int(age.total_seconds() // 60)} min ago)")


def reason(text: str | None, default: str = "waiting to be sent") -> str:
    """An entry's last error in words that promise nothing this process will not do."""
    return without_promise(text or default).rstrip(".")


def store_trouble(exc: StoreError) -> str:
    """What went wrong with the local store, without claiming what was (not) saved: the
    store's own messages say "could not save this change", true only before a commit."""
    if isinstance(exc, StoreFullError):
        return "the disk is full"
    return f"the local data could not be written ({exc.message.rstrip('.')})"


def outcome(entry: OutboxEntry | None, paused: str | None) -> int:
    """Exit code and message for a write that was queued and tried once."""
    if entry is None:
        say("done")
        return DONE
    if entry.state is OutboxState.DONE:
        if entry.kind is IntentKind.TRACKING_CREATE:
            say(f"sent: tracking code {entry.entity.rsplit(':', 1)[-1]}")
        else:
            say("sent")
        return DONE
    if paused:
        say(f"queued, not sent: {auth_words(paused)}")
        return AUTH
    if entry.state is OutboxState.CONFLICT:
        say(f"conflict: {entry.last_error or ''}")
        return CONFLICT
    if entry.state is OutboxState.FAILED:
        say(f"refused: {entry.last_error or ''}")
        return ERROR
    say(f"queued: {reason(entry.last_error)} ({SENT_BY})")
    return QUEUED


async def write(session: Session, submit: Callable[[], Awaitable[OutboxEntry]]) -> int:
    """Queue a write, try to send it now, and report how it ended: what the outbox holds."""
    try:
        entry = await submit()
    except StoreError as exc:  # the intent's commit failed: nothing is in the outbox
        advice = " Free some disk space and try again." if isinstance(
            exc, StoreFullError) else ""
        raise CommandError(f"Not saved: {store_trouble(exc)}; nothing was queued.{advice}",
                           ERROR) from None
    try:
        await session.outbox.flush()
    except StoreError as exc:  # saved: the outbox says how far it got
        return await after_store_error(session, entry, exc)
    after = await session.store.run(session.store.outbox.get, entry.id)
    return outcome(after, await session.outbox.paused())


async def after_store_error(session: Session, entry: OutboxEntry, exc: StoreError) -> int:
    """The exit code and words for a saved write whose sending stopped because the store
    refused a later change (marking it sent or done, a cache copy): read the outbox again."""
    trouble = store_trouble(exc)
    after: OutboxEntry | None = None
    try:
        after = await session.store.run(session.store.outbox.get, entry.id)
        paused = await session.outbox.paused()
    except StoreError:  # saved (its commit returned); how far it got is unknown
        after = None
    else:
        if after is None or after.state not in (OutboxState.QUEUED, OutboxState.SENDING):
            code = outcome(after, paused)  # settled before the store failed
            warn(f"note: {trouble}, so SellerDesk could not record everything it did.")
            return code
    if after is not None and after.state is OutboxState.QUEUED:
        say(f"queued: saved in the outbox, not sent: {trouble} ({SENT_BY})")
    else:  # marked as going out: it may have reached the shop before the store failed
        say(f"queued: saved in the outbox; it may already be on the shop, but {trouble}, so "
            "SellerDesk could not record it. The next `sellerdesk outbox --flush` reads the "
            "shop first and sends it only if it is not there.")
    return QUEUED


__all__ = ["SENT_BY", "CommandError", "after_store_error", "as_of", "auth_words", "flat",
           "open_session", "outcome", "profile_name", "reason", "reconnect_hint", "resolve",
           "run", "shop_name", "store_trouble", "write"]
