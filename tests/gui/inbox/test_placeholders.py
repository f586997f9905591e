"""Issue 15, item 3: a saved reply's `{product}` in an answer to a question about the shop (no
listing) never becomes words of the interface ("Question about your shop", in English, inside
a Spanish answer). The placeholder stays, selected, for the seller to type over; Send waits
until it is gone."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.settings import SavedReply
from tests.gui.inbox.support import card, open_thread, outbox_report, services
from tests.support.sandbox import Sandbox
from tests.support.server_wait import wait_on_server

CTRL = Qt.KeyboardModifier.ControlModifier


def choose_first_saved_reply(qtbot: QtBot, panel: InboxPanel) -> None:
    """Tab to "Saved replies", Space opens its menu, Down and Return pick the first reply."""
    composer = panel.thread_view.composer
    composer.editor.setFocus()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Tab)
    assert composer.replies.hasFocus()

    def pick() -> None:
        menu = QApplication.activePopupWidget()
        assert isinstance(menu, QMenu)
        qtbot.keyClick(menu, Qt.Key.Key_Down)
        qtbot.keyClick(menu, Qt.Key.Key_Return)

    QTimer.singleShot(200, pick)  # the menu runs its own loop until an item is chosen
    qtbot.keyClick(composer.replies, Qt.Key.Key_Space)


def test_product_in_a_question_about_the_shop_stays_for_the_seller(
        panel: InboxPanel, qtbot: QtBot, fresh_sandbox: Sandbox) -> None:
    panel.ctx.settings.set_saved_replies([
        SavedReply("Gracias", "Hola {buyer}, gracias por preguntar por {product}. ¡Saludos!")])
    shop = next(t for t in panel.model.items() if t.waiting and t.thread.main_question
                and t.thread.main_question.publication is None)
    open_thread(qtbot, panel, shop.id)
    view = panel.thread_view
    target = view.target()
    assert target is not None
    composer = view.composer
    choose_first_saved_reply(qtbot, panel)
    qtbot.waitUntil(lambda: composer.text() != "")
    buyer = (card(panel, target) or view.conversation.cards[0]).item.buyer.split()[0]
    assert composer.text() == f"Hola {buyer}, gracias por preguntar por {{product}}. ¡Saludos!"
    assert "Question about your shop" not in composer.text()
    assert composer.editor.textCursor().selectedText() == "{product}"  # ready to type over
    assert composer.notice.isVisible() and "{product}" in composer.notice.text()
    assert not composer.send.isEnabled()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, CTRL)  # refused: nothing queued
    assert composer.text().startswith("Hola") and not services(panel).pending.keys("question:")

    qtbot.keyClicks(composer.editor, "nuestro horario")  # types over the placeholder
    expected = f"Hola {buyer}, gracias por preguntar por nuestro horario. ¡Saludos!"
    assert composer.text() == expected
    assert not composer.notice.isVisible() and composer.send.isEnabled()
    qtbot.keyClick(composer.editor, Qt.Key.Key_Return, CTRL)
    wait_on_server(qtbot, lambda: (fresh_sandbox.get(f"/questions/{target}").json().get(
        "answer") or {}).get("text") == expected, timeout=15_000,
        explain=lambda: outbox_report(qtbot, panel))


def test_with_a_listing_the_reply_names_it(panel: InboxPanel, qtbot: QtBot) -> None:
    panel.ctx.settings.set_saved_replies([SavedReply("Stock", "Sí, {product} tiene stock.")])
    item = next(t for t in panel.model.items() if t.waiting and t.thread.main_question
                and t.thread.main_question.publication is not None)
    open_thread(qtbot, panel, item.id)
    choose_first_saved_reply(qtbot, panel)
    composer = panel.thread_view.composer
    qtbot.waitUntil(lambda: composer.text() != "")
    title = item.thread.main_question.publication.title  # type: ignore[union-attr]
    assert composer.text() == f"Sí, {title} tiene stock."
    assert composer.send.isEnabled() and not composer.notice.isVisible()
