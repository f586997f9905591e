"""The Connect dialog alone, on a real display, for tests/gui/test_connect_no_browser.py.

Run as `python -m tests.support.connect_worker LANG BASE_URL SHOP_ID CLIENT_ID SECRET OUT`:
opens the profile dialog on its sign-in tab in LANG, with the system's own way of opening a
browser (QDesktopServices), and reports what a seller would see as JSON lines on stdout —
`shown` (the window id), `address` (the sign-in address row once shown: its text, where it
is, what has focus, the words above it), `clipboard` (each new text on the X clipboard),
`said` (the dialog's messages), `signed-in` (the grant, tried on the shop) — then exits.
A picture of the dialog with its address goes to OUT. The test drives it by keyboard.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from sellerdesk.api.client import ShopClient
from sellerdesk.services.shops import ProfileAnswer
from sellerdesk.services.sign_in import sandbox_app
from sellerdesk.ui.dialogs.profile import ProfileDialog
from sellerdesk.ui.qt_loop import QtLoop
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.translations import install_translations

GIVE_UP_MS = 120_000  # a bound on the whole walk, so a dialog that never shows the address ends


def tell(event: str, **fields: Any) -> None:
    print(json.dumps({"event": event, **fields}), flush=True)


async def main(app: QApplication, argv: list[str]) -> int:
    _lang, base_url, shop_id, client_id, secret, out = argv
    runner = TaskRunner()
    dialog = ProfileDialog(name="Mi tienda", base_url=base_url, shop_id=int(shop_id),
                           runner=runner, oauth=sandbox_app(base_url, client_id, secret),
                           sign_in_first=True)
    done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    clipboard = QGuiApplication.clipboard()
    clipboard.dataChanged.connect(lambda: tell("clipboard", text=clipboard.text()))

    def address_shown() -> None:
        layout = dialog.layout()
        if layout is not None:
            layout.activate()  # the rows just shown are laid out before they are measured
        row, screen = dialog.address_row, dialog.screen().geometry()
        frame = dialog.frameGeometry()
        focus = app.focusWidget()
        dialog.grab().save(out)
        tell("address", text=dialog.address_edit.text(), visible=row.isVisible(),
             read_only=dialog.address_edit.isReadOnly(),
             on_screen=screen.contains(frame), screen=[screen.width(), screen.height()],
             size=[frame.width(), frame.height()],
             squeezed=squeezed(dialog),
             focus=focus.accessibleName() if focus is not None else "",
             status=dialog.sign_in_status.text(), paste_visible=dialog.paste_row.isVisible())

    def said() -> None:
        if dialog.error_label.isVisible():
            tell("said", text=dialog.error_label.text())

    async def check(answer: ProfileAnswer) -> None:
        if answer.grant is None:
            tell("answered", choice=answer.choice.value, grant=False)
            done.set_result(4)
            return

        async def keep(_grant: object) -> None:
            return None

        async with ShopClient(base_url, int(shop_id), answer.grant, save_grant=keep) as client:
            shop = await client.shop()
        tell("signed-in", shop_id=shop.id)
        done.set_result(0)

    checking: list[asyncio.Task[None]] = []
    dialog.answered.connect(lambda answer: checking.append(asyncio.ensure_future(check(answer))))

    def cancelled() -> None:
        if not done.done():
            done.set_result(3)

    dialog.rejected.connect(cancelled)
    row: QWidget | None = getattr(dialog, "address_row", None)  # None: a dialog without
    watched: dict[QObject, Callable[[], None]] = {dialog.error_label: said}
    if row is not None:
        watched[row] = address_shown
    watcher = OnShow(watched)
    for widget in watched:
        widget.installEventFilter(watcher)

    def give_up() -> None:  # nothing more will come: say what is on screen, and end
        if not done.done():
            tell("gave-up", status=dialog.sign_in_status.text())
            done.set_result(5)

    QTimer.singleShot(GIVE_UP_MS, give_up)
    dialog.open()
    await asyncio.sleep(0)
    QApplication.processEvents()
    focus = app.focusWidget()
    tell("shown", window=int(dialog.winId()),
         focus=focus.accessibleName() if focus is not None else "")
    try:
        return await done
    finally:
        for task in checking:
            await task
        await runner.shutdown()


def squeezed(dialog: QWidget) -> list[str]:
    """Visible texts given less height than they need (wrapped labels at their width)."""
    out = []
    for widget in dialog.findChildren(QWidget):
        if not widget.isVisible() or not isinstance(widget, QLabel | QLineEdit | QPushButton):
            continue
        if isinstance(widget.parent(), QAbstractSpinBox):  # drawn inside the box's frame
            continue
        need = (widget.heightForWidth(widget.width()) if widget.hasHeightForWidth()
                else widget.minimumSizeHint().height())
        if widget.height() < need:
            out.append(widget.accessibleName() or getattr(widget, "text", lambda: "")())
    return out


class OnShow(QObject):
    """Calls a widget's function once it is shown (after the event loop's turn, so the
    dialog has laid itself out), and for the error label each time its words change."""

    def __init__(self, calls: dict[QObject, Callable[[], None]]) -> None:
        super().__init__()
        self._calls = calls

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        call = self._calls.get(watched)
        if call is not None and event.type() == QEvent.Type.Show:
            QTimer.singleShot(0, lambda: QTimer.singleShot(0, call))  # after the dialog's
        return False


def run() -> int:
    app = QApplication([sys.argv[0], "-name", "SellerDesk"])
    app.setQuitOnLastWindowClosed(False)  # the dialog closes before the grant is tried
    install_translations(app, sys.argv[1])
    loop = QtLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        code: int = loop.run_until_complete(main(app, sys.argv[1:]))
    return code


if __name__ == "__main__":
    sys.exit(run())
