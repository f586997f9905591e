"""`sellerdesk connect` through the real command line against the sandbox's OAuth: the
address pasted back (the seller's browser on another computer) and the loopback redirect (a
browser here, `BROWSER` being a script that allows SellerDesk on the sandbox's page); the
lock-out a kill leaves (a refresh the service applied whose new grant was never stored) ends
in exit 4 pointing to `connect`, and `connect` ends it.

The command line keeps grants in the machine's keyring: these tests need the Secret Service
`./run test` and `wtest` start (SELLERDESK_TEST_KEYRING=secretservice); each uses a profile
name of its own and removes its grant after.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from sellerdesk.api.tokens import OAuthGrant
from sellerdesk.credentials import CredentialStore, Profile
from sellerdesk.services.sign_in import sandbox_app
from tests.support import http
from tests.support.cli import cli_env
from tests.support.sandbox import Sandbox

pytestmark = pytest.mark.skipif(os.environ.get("SELLERDESK_TEST_KEYRING") != "secretservice",
                                reason="the command line's grants need the Secret Service")

# What the browser does when the seller presses "Permitir" (as the sandbox's page posts it),
# then where it goes: the address the sandbox redirects to.
BROWSER_SCRIPT = """#!{python}
import sys
from urllib.parse import parse_qsl, urlsplit

import httpx

url = sys.argv[1]
parts = urlsplit(url)
with httpx.Client(timeout=30) as http:
    page = http.get(url)
    assert page.status_code == 200 and "Permitir" in page.text, page.text
    answer = http.post(f"{{parts.scheme}}://{{parts.netloc}}/authorization",
                       data={{**dict(parse_qsl(parts.query)), "decision": "{decision}"}})
    assert answer.status_code == 302, answer.text
    http.get(answer.headers["location"])  # back to SellerDesk's loopback address
"""


@pytest.fixture
def profile() -> Iterator[str]:
    """A profile name of this test's own; its keyring entries are removed after."""
    name = f"connect-{uuid.uuid4().hex[:10]}"
    yield name
    CredentialStore(environ={}).delete_grant(name)
    CredentialStore(environ={}).delete_token(name)


def sellerdesk(data: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "sellerdesk", "--data-dir", str(data), *args]


def run(data: Path, *args: str, env: dict[str, str] | None = None
        ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(sellerdesk(data, *args), capture_output=True, text=True,
                          env=env or cli_env(None), timeout=180, stdin=subprocess.DEVNULL)


def allowed_redirect(sb: Sandbox, url: str, decision: str = "allow") -> str:
    """What the seller's browser ends on after they press Permitir (or Cancelar)."""
    page = http.get(url, timeout=30)
    assert page.status_code == 200 and "Permitir" in page.text
    fields = dict(parse_qsl(urlsplit(url).query))
    answer = http.post(f"{sb.base_url}/authorization", timeout=30,
                       data={**fields, "decision": decision})
    assert answer.status_code == 302, answer.text
    return str(answer.headers["location"])


def connect_by_pasting(sb: Sandbox, data: Path, *args: str, env: dict[str, str],
                       paste: object = allowed_redirect) -> tuple[int, str, str]:
    """`sellerdesk connect ARGS --no-browser`: read the address it prints, do what the
    browser does, paste `paste(sb, url)` on its stdin; (exit code, stdout, stderr)."""
    child = subprocess.Popen(sellerdesk(data, "connect", *args, "--no-browser"),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    try:
        before = []
        for line in child.stderr:
            before.append(line)
            if line.strip().startswith("http"):
                break
        else:
            child.wait(60)
            pytest.fail(f"no address printed (exit {child.returncode}): {''.join(before)}")
        url = before[-1].strip()
        assert url.startswith(f"{sb.base_url}/authorization?")
        child.stdin.write(paste(sb, url) + "\n")  # type: ignore[operator]
        child.stdin.close()
        err = "".join(before) + child.stderr.read()
        out = child.stdout.read()
        return child.wait(120), out, err
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(30)
        for stream in (child.stdout, child.stderr):
            stream.close()


def stored_grant(sb: Sandbox, data: Path, name: str, *, expired: bool) -> OAuthGrant:
    """A profile connected earlier (as the window does): its grant in the keyring, the
    access token already past its end when `expired`."""
    issued = sb.new_tokens()
    app = sandbox_app(sb.base_url, sb.client_id, sb.client_secret)
    now = datetime.now(UTC)
    grant = OAuthGrant(client_id=app.client_id, client_secret=app.client_secret,
                       refresh_token=issued["refresh_token"],
                       access_token=issued["access_token"],
                       expires_at=now - timedelta(seconds=1) if expired
                       else now + timedelta(seconds=issued["expires_in"]),
                       token_url=app.token_url, lifetime=float(issued["expires_in"]))
    credentials = CredentialStore(config_dir=data, environ={})
    credentials.add_profile(Profile(name=name, base_url=sb.base_url, shop_id=sb.shop_id,
                                    authorization_url=app.authorization_url))
    credentials.set_grant(name, grant)
    return grant


def keyring_grant(data: Path, name: str) -> OAuthGrant | None:
    return CredentialStore(config_dir=data, environ={}).get_grant(name)


def test_a_lock_out_after_a_kill_ends_with_connect(fresh_sandbox: Sandbox, tmp_path: Path,
                                                   profile: str) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    grant = stored_grant(sb, data, profile, expired=True)
    # The kill window: a renewal the service applied (the refresh token is spent, a new pair
    # issued) whose answer never reached the keyring.
    spent = http.post(grant.token_url, timeout=30, data={
        "grant_type": "refresh_token", "client_id": grant.client_id,
        "client_secret": grant.client_secret, "refresh_token": grant.refresh_token})
    assert spent.status_code == 200

    r = run(data, "--profile", profile, "sync")
    assert r.returncode == 4, r.stdout + r.stderr
    assert "The shop no longer accepts SellerDesk's connection." in r.stderr
    assert f"Run `sellerdesk --data-dir {data} connect --profile {profile}` to connect " \
           f"again." in r.stderr
    assert "from the profile" not in r.stdout + r.stderr  # the window's advice, not here's

    # The seller connects again; the app's settings come from the profile's last sign-in.
    code, out, err = connect_by_pasting(sb, data, "--profile", profile, env=cli_env(None))
    assert code == 0, out + err
    assert out.strip() == (f"Connected: profile {profile!r} (shop {sb.shop_id} at "
                           f"{sb.base_url}). Its sign-in is saved in the keyring and renews "
                           f"itself.")
    fresh = keyring_grant(data, profile)
    assert fresh is not None and fresh.refresh_token != grant.refresh_token
    assert fresh.client_id == grant.client_id and fresh.token_url == grant.token_url

    r = run(data, "--profile", profile, "sync")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "synced:" in r.stdout


def test_connect_a_new_profile_through_the_loopback(fresh_sandbox: Sandbox, tmp_path: Path,
                                                    profile: str) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    browser = tmp_path / "browser"
    browser.write_text(BROWSER_SCRIPT.format(python=sys.executable, decision="allow"))
    browser.chmod(browser.stat().st_mode | stat.S_IXUSR)
    env = cli_env(None, BROWSER=str(browser), SELLERDESK_CLIENT_SECRET=sb.client_secret)
    r = run(data, "connect", "--profile", profile, "--base-url", sb.base_url, "--shop-id",
            str(sb.shop_id), "--authorization-url", f"{sb.base_url}/authorization",
            "--token-url", f"{sb.base_url}/oauth/token", "--client-id", sb.client_id, env=env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Your browser should open it now" in r.stderr
    assert r.stdout.startswith(f"Connected: profile {profile!r} (shop {sb.shop_id} at ")
    assert sb.client_secret not in r.stdout + r.stderr

    r = run(data, "--profile", profile, "sync")
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_refusal_in_the_browser_exits_4(fresh_sandbox: Sandbox, tmp_path: Path,
                                          profile: str) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    grant = stored_grant(sb, data, profile, expired=False)
    browser = tmp_path / "browser"
    browser.write_text(BROWSER_SCRIPT.format(python=sys.executable, decision="deny"))
    browser.chmod(browser.stat().st_mode | stat.S_IXUSR)
    r = run(data, "connect", "--profile", profile, env=cli_env(None, BROWSER=str(browser)))
    assert r.returncode == 4, r.stdout + r.stderr
    assert "The sign-in was cancelled or refused in the browser. Nothing was saved." \
        in r.stderr
    assert f"connect --profile {profile}`" in r.stderr
    assert keyring_grant(data, profile) == grant  # the connection it had is kept


def test_what_is_pasted_must_be_this_sign_in(fresh_sandbox: Sandbox, tmp_path: Path,
                                             profile: str) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    stored_grant(sb, data, profile, expired=False)

    def another_sign_in(sb: Sandbox, url: str) -> str:
        redirect = allowed_redirect(sb, url)
        return redirect.replace("state=", "state=x")

    code, out, err = connect_by_pasting(sb, data, "--profile", profile, env=cli_env(None),
                                        paste=another_sign_in)
    assert code == 2, out + err
    assert "nor a code; nothing was saved." in err

    def words(_sb: Sandbox, _url: str) -> str:
        return "I allowed it"

    code, out, err = connect_by_pasting(sb, data, "--profile", profile, env=cli_env(None),
                                        paste=words)
    assert code == 2, out + err


def test_connect_needs_a_shop_and_an_app(fresh_sandbox: Sandbox, tmp_path: Path,
                                         profile: str) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    r = run(data, "connect", "--profile", profile)
    assert r.returncode == 2
    assert f"There is no shop profile named {profile!r}" in r.stderr
    r = run(data, "connect", "--profile", profile, "--base-url", sb.base_url, "--shop-id",
            str(sb.shop_id))
    assert r.returncode == 2
    assert "SELLERDESK_CLIENT_SECRET" in r.stderr and "--client-id" in r.stderr
    r = run(data, "connect", "--profile", "demo", "--base-url", sb.base_url, "--shop-id", "1")
    assert r.returncode == 2 and "kept for the demo shop" in r.stderr
