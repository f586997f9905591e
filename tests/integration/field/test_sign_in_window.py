"""The profile dialog's Connect signs in with OAuth: the browser (here a test function that
follows the address with httpx and allows SellerDesk on the sandbox's page) comes back to the
loopback address, the code is exchanged, and the answer carries a grant that works. The paste
fallback does the same with the address the seller copies from the browser; with no browser
at all, the dialog shows the address to copy and takes the pasted redirect."""

from __future__ import annotations

import asyncio
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from sellerdesk.api.client import ShopClient
from sellerdesk.services.shops import ProfileAnswer, ProfileChoice
from sellerdesk.services.sign_in import OAuthApp, sandbox_app
from sellerdesk.ui.dialogs.profile import ProfileDialog
from sellerdesk.ui.runner import TaskRunner
from tests.support import http
from tests.support.sandbox import Sandbox

pytestmark = pytest.mark.gui


async def allow(sb: Sandbox, url: str) -> httpx.Response:
    """What the seller does in the browser: open the page, press Permitir (its form posts the
    same fields to /authorization); returns the sandbox's redirect."""
    async with httpx.AsyncClient(timeout=30) as http:
        page = await http.get(url)
        assert page.status_code == 200 and "Permitir" in page.text
        fields = dict(parse_qsl(urlsplit(url).query))
        answer = await http.post(f"{sb.base_url}/authorization",
                                 data={**fields, "decision": "allow"})
        assert answer.status_code == 302
        return answer


def dialog_for(sb: Sandbox, runner: TaskRunner, qtbot: QtBot, app: OAuthApp,
               browser: object) -> ProfileDialog:
    form = ProfileDialog(name="Mi tienda", base_url=sb.base_url, shop_id=sb.shop_id,
                         runner=runner, oauth=app, sign_in_first=True,
                         open_browser=browser)  # type: ignore[arg-type]
    qtbot.addWidget(form)
    form.show()
    return form


async def works(sb: Sandbox, answer: ProfileAnswer) -> None:
    assert answer.grant is not None

    async def keep(_grant: object) -> None:
        return None

    async with ShopClient(sb.base_url, sb.shop_id, answer.grant, save_grant=keep) as client:
        assert (await client.shop()).id == sb.shop_id


def test_connect_signs_in_through_the_browser(fresh_sandbox: Sandbox, runner: TaskRunner,
                                              qtbot: QtBot,
                                              qloop: asyncio.AbstractEventLoop) -> None:
    sb = fresh_sandbox
    app = sandbox_app(sb.base_url, sb.client_id, sb.client_secret)
    opened: list[str] = []
    following: list[asyncio.Task[httpx.Response]] = []

    async def browse(url: str) -> httpx.Response:
        redirect = await allow(sb, url)
        async with httpx.AsyncClient(timeout=30) as http:  # back to SellerDesk's loopback
            return await http.get(redirect.headers["location"])

    def browser(url: str) -> None:
        opened.append(url)
        following.append(qloop.create_task(browse(url)))

    form = dialog_for(sb, runner, qtbot, app, browser)
    assert form.signing_in() and form.client_id_edit.text() == "sellerdesk-demo"
    with qtbot.waitSignal(form.answered, timeout=30_000) as answered:
        form.connect_button.click()
    answer = answered.args[0]
    assert isinstance(answer, ProfileAnswer) and answer.choice is ProfileChoice.CONNECT
    assert answer.token == "" and answer.authorization_url == app.authorization_url
    assert opened and urlsplit(opened[0]).path == "/authorization"
    assert dict(parse_qsl(urlsplit(opened[0]).query))["code_challenge_method"] == "S256"
    qtbot.waitUntil(lambda: all(t.done() for t in following), timeout=10_000)
    assert following[0].result().status_code == 200  # "You can close this tab"
    done = qloop.create_task(works(sb, answer))
    qtbot.waitUntil(done.done, timeout=10_000)
    done.result()


def test_a_pasted_address_finishes_the_sign_in(fresh_sandbox: Sandbox, runner: TaskRunner,
                                               qtbot: QtBot,
                                               qloop: asyncio.AbstractEventLoop) -> None:
    """An app registered with a redirect elsewhere: the sandbox shows the code on a page; the
    seller copies the address the browser ended on into the dialog."""
    sb = fresh_sandbox
    app = OAuthApp(**{**sandbox_app(sb.base_url, sb.client_id, sb.client_secret).__dict__,
                      "redirect_uri": "https://shop.example/oauth/done"})
    redirects: list[asyncio.Task[httpx.Response]] = []

    def browser(url: str) -> None:
        redirects.append(qloop.create_task(allow(sb, url)))

    form = dialog_for(sb, runner, qtbot, app, browser)
    form.connect_button.click()
    assert form.paste_row.isVisible()
    qtbot.waitUntil(lambda: bool(redirects) and redirects[0].done(), timeout=10_000)
    location = redirects[0].result().headers["location"]
    form.paste_edit.setText(location if location.startswith("https://shop.example")
                            else _code_address(location, app))
    with qtbot.waitSignal(form.answered, timeout=30_000) as answered:
        form.finish_button.click()
    done = qloop.create_task(works(sb, answered.args[0]))
    qtbot.waitUntil(done.done, timeout=10_000)
    done.result()


def _code_address(page_url: str, app: OAuthApp) -> str:
    """The sandbox's code page for a redirect that is not on this machine links on to the
    redirect with the code: that link is what the seller pastes."""
    page = http.get(page_url, timeout=30)
    start = page.text.index(app.redirect_uri)
    return page.text[start:page.text.index('"', start)].replace("&amp;", "&")


def test_no_browser_shows_the_address_to_copy_and_takes_the_pasted_redirect(
        fresh_sandbox: Sandbox, runner: TaskRunner, qtbot: QtBot,
        qloop: asyncio.AbstractEventLoop) -> None:
    """No browser could be opened: the address is shown and copied, a wrong paste is told
    while the sign-in goes on waiting, and the address a browser elsewhere ended on (the
    loopback redirect, never followed) finishes it."""
    sb = fresh_sandbox
    app = sandbox_app(sb.base_url, sb.client_id, sb.client_secret)
    opened: list[str] = []

    def no_browser(url: str) -> bool:
        opened.append(url)
        return False

    form = dialog_for(sb, runner, qtbot, app, no_browser)
    form.connect_button.click()
    qtbot.waitUntil(form.address_row.isVisible, timeout=10_000)
    assert form.address_edit.text() == opened[0] and form.address_edit.isReadOnly()
    assert "No browser could be opened" in form.sign_in_status.text()
    assert form.paste_row.isVisible() and not form.connect_button.isEnabled()
    form.copy_button.click()
    assert QGuiApplication.clipboard().text() == opened[0]

    form.paste_edit.setText("https://example.com/somewhere-else")
    form.finish_button.click()
    assert "holds no code of this sign-in" in form.error_label.text()
    assert form.address_row.isVisible()  # still waiting

    elsewhere = qloop.create_task(allow(sb, QGuiApplication.clipboard().text()))
    qtbot.waitUntil(elsewhere.done, timeout=30_000)
    form.paste_edit.setText(elsewhere.result().headers["location"])
    with qtbot.waitSignal(form.answered, timeout=30_000) as answered:
        form.finish_button.click()
    done = qloop.create_task(works(sb, answered.args[0]))
    qtbot.waitUntil(done.done, timeout=10_000)
    done.result()


def test_cancel_stops_the_sign_in_under_way(fresh_sandbox: Sandbox, runner: TaskRunner,
                                            qtbot: QtBot) -> None:
    sb = fresh_sandbox
    app = sandbox_app(sb.base_url, sb.client_id, sb.client_secret)
    form = dialog_for(sb, runner, qtbot, app, lambda _url: False)
    form.connect_button.click()
    qtbot.waitUntil(form.address_row.isVisible, timeout=10_000)
    assert runner.is_busy()
    form.reject()
    qtbot.waitUntil(lambda: not runner.is_busy(), timeout=10_000)


def test_the_running_demo_shops_server_is_refused_with_why(
        sandbox: Sandbox, runner: TaskRunner, qtbot: QtBot) -> None:
    """A shop connected to the demo's server would be offline as soon as the demo closes."""
    demo = sandbox_app(sandbox.base_url, sandbox.client_id, sandbox.client_secret)
    form = ProfileDialog(name="Mi tienda", base_url=sandbox.base_url, shop_id=sandbox.shop_id,
                         runner=runner, demo=demo)
    qtbot.addWidget(form)
    form.token_edit.setText("a-token")
    assert "demo shop's own server" in form.problem()
    form.url_edit.setText("https://api.example.com")
    assert form.problem() == ""
    form.tabs.setCurrentIndex(1)  # signing in on the demo's pages is refused the same
    for edit, url in ((form.auth_url_edit, demo.authorization_url),
                      (form.token_url_edit, demo.token_url)):
        edit.setText(url)
    form.client_id_edit.setText("id")
    form.client_secret_edit.setText("secret")
    assert "demo shop's own server" in form.problem()
