"""`connect`: sign a shop in with OAuth from the command line, as the window's Connect does.

The same flow (`services/sign_in.py`): PKCE, a loopback redirect to this computer, the
browser opened when one can open here. The address is always printed, and the address the
browser ended on (or the code it shows) may be pasted on stdin instead: a browser on another
computer cannot reach this one's loopback, and a seller over SSH has no browser here. The
grant goes to the keyring (`Shops.save_connection`); the app's settings come from the
profile's last grant, or from the options (the secret from `SELLERDESK_CLIENT_SECRET`, never
an argument: other users can read a process's arguments).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import threading
import webbrowser

from sellerdesk.commands.base import CommandError, profile_name, reconnect_hint
from sellerdesk.commands.codes import AUTH, DONE, ERROR, USAGE
from sellerdesk.commands.output import say, warn
from sellerdesk.services.shops import DEMO_PROFILE, Shops
from sellerdesk.services.sign_in import (
    OAuthApp,
    PastedSignIn,
    PastedTextError,
    sign_in,
)
from sellerdesk.services.types import ApiError, AuthError, CredentialsError, OAuthGrant, Profile

SECRET_ENV = "SELLERDESK_CLIENT_SECRET"
TOKEN_ENV = "SELLERDESK_TOKEN"


async def cmd_connect(args: argparse.Namespace) -> int:
    # The environment's token would hide the profile's grant (credentials.py): this command
    # reads and replaces the grant, so it looks past it (and says below that it still wins).
    env_token = bool(os.environ.pop(TOKEN_ENV, "").strip())
    shops = Shops(args.data_dir)
    profile = _profile(args, shops)
    app = await _app(args, shops, profile)
    if await asyncio.to_thread(lambda: shops.storage_warning):
        raise CommandError("This computer has no secure password store (keyring) SellerDesk "
                           "can use, and the command line keeps a connection nowhere else; "
                           "nothing was done.", ERROR)
    hint = reconnect_hint(args, profile.name)
    try:
        grant = await _sign_in(app, no_browser=args.no_browser)
    except PastedTextError:
        raise CommandError("That is neither the address your browser ended on after you "
                           "allowed SellerDesk, nor a code; nothing was saved. " + hint,
                           USAGE) from None
    except AuthError as exc:  # refused or cancelled in the browser, timed out, code refused
        raise CommandError(f"{exc.message} Nothing was saved. {hint}", AUTH) from None
    except ApiError as exc:  # the token endpoint unreachable, busy or answering nonsense
        raise CommandError(f"{exc.message} Nothing was saved.", ERROR) from None
    try:
        source = await shops.save_connection(profile, grant)
    except CredentialsError as exc:
        raise CommandError(exc.message) from None
    if source.value != "keyring":
        raise CommandError("The shop accepted the sign-in, but the keyring refused to keep "
                           f"it. {hint}", ERROR)
    say(f"Connected: profile {profile.name!r} (shop {profile.shop_id} at "
        f"{profile.base_url}). Its sign-in is saved in the keyring and renews itself.")
    if env_token:
        warn(f"Note: {TOKEN_ENV} is set; while it is, commands use that token instead.")
    return DONE


def _profile(args: argparse.Namespace, shops: Shops) -> Profile:
    """The profile to connect: saved, or new or changed by `--base-url/--shop-id`."""
    name = profile_name(args)
    if name is None:
        raise CommandError("No shop profile yet: name one, with its service address and "
                           "shop id (`sellerdesk connect --profile NAME --base-url URL "
                           "--shop-id N`).", USAGE)
    if name.casefold() == DEMO_PROFILE:
        raise CommandError(f"The name {DEMO_PROFILE!r} is kept for the demo shop; choose "
                           "another.", USAGE)
    try:
        saved = shops.profile(name)
    except CredentialsError as exc:
        raise CommandError(exc.message) from None
    if args.base_url:
        return Profile(name=name, base_url=args.base_url, shop_id=int(args.shop_id),
                       authorization_url=args.authorization_url
                       or (saved.authorization_url if saved else ""))
    if saved is None:
        raise CommandError(f"There is no shop profile named {name!r}: give --base-url and "
                           "--shop-id to make it.", USAGE)
    if args.authorization_url:
        return Profile(name=saved.name, base_url=saved.base_url, shop_id=saved.shop_id,
                       authorization_url=args.authorization_url)
    return saved


async def _app(args: argparse.Namespace, shops: Shops, profile: Profile) -> OAuthApp:
    """The OAuth app to sign in with: the options, else what the profile last used."""
    saved = await shops.oauth_app(profile.name)
    secret = os.environ.get(SECRET_ENV, "").strip() or (saved.client_secret if saved else "")
    app = OAuthApp(profile.authorization_url or (saved.authorization_url if saved else ""),
                   args.token_url or (saved.token_url if saved else ""),
                   args.client_id or (saved.client_id if saved else ""),
                   secret, args.redirect_uri or "")
    problem = app.problem()
    if problem:
        raise CommandError(
            f"{problem} This profile has no sign-in to take them from: give "
            f"--authorization-url, --token-url and --client-id (the app's page of the "
            f"marketplace lists them), and the app's secret in {SECRET_ENV}.", USAGE)
    if app.redirect_uri and not app.redirect_uri.startswith(("http://", "https://")):
        raise CommandError("--redirect-uri must start with https:// (or http://).", USAGE)
    return app


async def _sign_in(app: OAuthApp, *, no_browser: bool) -> OAuthGrant:
    if app.redirect_uri:  # the app's redirect is elsewhere: only a paste brings the code
        pasted = PastedSignIn(app)
        _show(pasted.url, browser=not no_browser and _open(pasted.url), loopback=False)
        text = await _pasted_line()
        if text is None:
            raise CommandError("Nothing was pasted; nothing was saved.", USAGE)
        return await pasted.finish(text)

    def open_browser(url: str) -> None:
        _show(url, browser=not no_browser and _open(url), loopback=True)

    return await sign_in(app, open_browser, paste=_pasted_line)


def _show(url: str, *, browser: bool, loopback: bool) -> None:
    warn("Allow SellerDesk on the shop's sign-in page, at this address:")
    warn(f"  {url}")
    if browser:
        warn("Your browser should open it now; if it does not, open the address yourself.")
    if loopback:
        warn("Once you allow SellerDesk in a browser on this computer, this command goes on "
             "by itself. With the browser on another computer, paste here the address it "
             "ended on (or the code it shows) and press Enter.")
    else:
        warn("Then paste here the address the browser ended on (or the code it shows) and "
             "press Enter.")


def _open(url: str) -> bool:
    """Ask the system's browser to open `url`, when one can open here; whether it was asked.

    In a thread: a browser given in `BROWSER` is waited for, and it may be fetching this
    command's own loopback address, which the event loop must be free to answer."""
    if not _browser_here():
        return False

    def launch() -> None:
        try:
            webbrowser.open(url)
        except Exception:  # no browser after all: the address is printed
            pass

    threading.Thread(target=launch, name="connect-browser", daemon=True).start()
    return True


def _browser_here() -> bool:
    """Whether a browser can show a page here: one named in `BROWSER`, a desktop session
    (a console browser would take over the terminal the address is printed on)."""
    if os.environ.get("BROWSER", "").strip():
        return True
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


async def _pasted_line() -> str | None:
    """The first line with text on stdin, or None at its end (nothing will be pasted).

    A daemon thread reads it: a blocked read cannot be cancelled, and it must not keep the
    process alive once the browser's redirect has finished the sign-in."""
    stdin = sys.stdin
    if stdin is None:
        return None
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str | None] = loop.create_future()

    def settle(text: str | None) -> None:
        if not answer.done():
            answer.set_result(text)

    def read() -> None:
        text = None
        try:
            for line in stdin:
                if line.strip():
                    text = line.strip()
                    break
        except (OSError, ValueError):  # closed or unreadable: nothing will be pasted
            pass
        try:
            loop.call_soon_threadsafe(settle, text)
        except RuntimeError:  # the command ended meanwhile
            pass

    threading.Thread(target=read, name="connect-paste", daemon=True).start()
    return await answer


__all__ = ["SECRET_ENV", "cmd_connect"]
