"""The Tracking codes view: list and filters from the sandbox, the editor, validation, and
create / modify / delete through the outbox (queued, then sent), snippets shown as text."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import Event, Provider
from sellerdesk.services.safe_text import one_line
from sellerdesk.services.session import Session
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.tracking.model import Column
from sellerdesk.ui.tracking.panel import TrackingPanel
from sellerdesk.ui.widgets.confirm import button_with_text
from sellerdesk.ui.widgets.text import PlainLabel
from tests.support.pictures import save_picture
from tests.support.sandbox import Sandbox
from tests.support.server_wait import wait_on_server


@pytest.fixture
def panel(live_ctx: UiContext, qtbot: QtBot) -> TrackingPanel:
    view = TrackingPanel(live_ctx)
    qtbot.addWidget(view)
    view.resize(1100, 780)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=20_000):
        view.activate()
    qtbot.waitUntil(lambda: view.model.rowCount() > 0, timeout=20_000)
    return view


def _names(view: TrackingPanel) -> list[str]:
    return [r.code.name or "" for r in view.model.items()]


def _server_names(sb: Sandbox, **params: str) -> list[str]:
    """The list's names by id; ids come as numbers or text, and a code without one cannot be
    read (field variety)."""
    codes = [c for c in sb.get("/metrics", **params).json() if c["id"] is not None]
    return [c["name"] for c in sorted(codes, key=lambda c: int(c["id"]))]


def _answer(qtbot: QtBot, view: TrackingPanel, text: str) -> None:
    """Click `text` in the question box the view has open."""
    def box() -> QMessageBox | None:
        found = [b for b in view.findChildren(QMessageBox) if b.isVisible()]
        return found[0] if found else None

    qtbot.waitUntil(lambda: box() is not None, timeout=5000)
    found = box()
    assert found is not None
    button = button_with_text(found, text)
    assert button is not None, [b.text() for b in found.buttons()]
    button.click()


def _record_sync(view: TrackingPanel, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    original: Callable[[Any], None] = view.editor.set_sync

    def spy(row: Any) -> None:
        original(row)
        text = view.editor.sync_text()
        if text and (not seen or seen[-1] != text):
            seen.append(text)

    monkeypatch.setattr(view.editor, "set_sync", spy)
    return seen


def _create_report(view: TrackingPanel, seen: list[str], qtbot: QtBot) -> str:
    services = view.ctx.services
    assert isinstance(services, Session)
    future = asyncio.ensure_future(services.outbox.entries())
    qtbot.waitUntil(future.done, timeout=10_000)
    entries = future.result()
    row = view.editor.row
    key = row.key if row is not None else None
    writes = services.pending.writes(key) if key is not None else None
    return (f"'Sent' never shown: seen {seen}, the editor now says {view.editor.sync_text()!r} "
            f"for {key!r}; outbox {[(e.entity, e.state.value, e.attempts) for e in entries]}; "
            f"pending writes of that row: "
            f"{None if writes is None else (writes.state, len(writes.waiting), len(writes.sent))}")


def test_the_list_is_the_sandbox_list(panel: TrackingPanel, fresh_sandbox: Sandbox,
                                      qtmodeltester: Any) -> None:
    assert _names(panel) == _server_names(fresh_sandbox)
    qtmodeltester.check(panel.model)
    qtmodeltester.check(panel.editor.options.model)
    status = panel.model.index(0, Column.STATUS)
    assert panel.model.data(status) == "Active"
    assert panel.editor.row is not None  # the first code is open
    assert panel.editor.row.key == panel.model.items()[0].key


@pytest.mark.parametrize("filters", [
    {"event": Event.NAVIGATION}, {"provider": Provider.SOCIAL_AD},
    {"event": Event.CONGRAT_PAGE, "provider": Provider.SURVEY},
])
def test_filters_change_the_rows(panel: TrackingPanel, fresh_sandbox: Sandbox, qtbot: QtBot,
                                 filters: dict[str, Any]) -> None:
    everything = panel.model.rowCount()
    panel.filters.set_filters(filters.get("event"), filters.get("provider"))
    expected = _server_names(fresh_sandbox, **{k: v.value for k, v in filters.items()})
    qtbot.waitUntil(lambda: _names(panel) == expected, timeout=10_000)
    assert 0 < len(expected) < everything
    panel.filters.set_filters(None, None)
    qtbot.waitUntil(lambda: panel.model.rowCount() == everything, timeout=10_000)


def test_a_filter_without_codes_says_so(panel: TrackingPanel, qtbot: QtBot) -> None:
    panel.filters.set_filters(Event.CONTACT_BUTTON, Provider.ADS)
    qtbot.waitUntil(lambda: panel.list_stack.currentWidget() is panel.no_match, timeout=10_000)


def test_the_editor_shows_the_code_and_where_it_is_inserted(panel: TrackingPanel,
                                                            qtbot: QtBot) -> None:
    panel.filters.set_filters(Event.CONGRAT_PAGE, Provider.SURVEY)
    qtbot.waitUntil(lambda: _names(panel) == ["Encuesta post-compra"], timeout=10_000)
    editor = panel.editor
    assert editor.name_edit.text() == "Encuesta post-compra"
    assert editor.event_help.text() == "Inserted on the purchase completion page."
    assert editor.options.model.options() == {"survey": "postcompra-2026", "delay_s": 5}
    assert editor.code_edit.toPlainText().startswith("<script src=")
    assert not editor.is_dirty()
    editor.event_combo.setCurrentIndex(editor.event_combo.findData(Event.PAY_BUTTON))
    assert editor.event_help.text() == "Inserted when the checkout process starts."
    assert editor.is_dirty() and editor.changes() == {"event": Event.PAY_BUTTON}


def test_validation_says_what_to_fix_and_queues_nothing(panel: TrackingPanel, qtbot: QtBot,
                                                        live_ctx: UiContext, await_: Any
                                                        ) -> None:
    services: Session = live_ctx.services
    panel.new_code()
    panel.save()
    text = panel.editor.problem_text()
    assert "Give the tracking code a name." in text
    assert "Paste the snippet's code" in text
    panel.editor.name_edit.setText("Pixel")
    panel.editor.code_edit.setPlainText("x" * 50_001)
    panel.editor.options.add_option()
    panel.editor.options.add_option()
    model = panel.editor.options.model
    model.setData(model.index(1, 0), "id")
    panel.editor.options.add_option()
    model.setData(model.index(2, 0), "id")
    panel.save()
    text = panel.editor.problem_text()
    assert "Give the tracking code a name." not in text
    assert "50,001 characters long" in text
    assert "Option 1 has no name" in text
    assert "The option “id” appears twice" in text
    assert await_(services.outbox.entries()) == []


def test_create_reaches_the_server_queued_then_sent(panel: TrackingPanel, qtbot: QtBot,
                                                    fresh_sandbox: Sandbox,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _record_sync(panel, monkeypatch)
    panel.new_code()
    editor = panel.editor
    editor.name_edit.setText("Píxel <b>nuevo</b>")
    editor.provider_combo.setCurrentIndex(editor.provider_combo.findData(Provider.ADS))
    editor.event_combo.setCurrentIndex(editor.event_combo.findData(Event.BUY_BUTTON))
    editor.code_edit.setPlainText("<script>alert(1)</script>\n<b>hola</b>")
    editor.options.add_option()
    model = editor.options.model
    model.setData(model.index(0, 0), "pixel_id")
    model.setData(model.index(0, 1), "123")
    save = next(a for a in panel.panel_actions() if a.shortcut().toString() == "Ctrl+S")
    save.trigger()
    try:
        qtbot.waitUntil(lambda: "Sent" in seen, timeout=20_000)
    except qtbot.TimeoutError:  # say which side lost the last change (seen once, rarely)
        raise AssertionError(_create_report(panel, seen, qtbot)) from None
    assert seen[0] == "Queued"
    row = panel.editor.row
    assert row is not None and not row.creating
    server = fresh_sandbox.get(f"/metrics/{row.code.id}").json()
    assert server["name"] == "Píxel <b>nuevo</b>"
    assert server["code"] == "<script>alert(1)</script>\n<b>hola</b>"
    assert server["options"] == {"pixel_id": "123"}
    assert (server["provider"], server["event"]) == ("PROVIDER_ADS", "BUY_BUTTON")
    # Shown literally: in the list, its tooltip, the editor's heading and its code.
    index = panel.model.index(panel.model.row_of(row.key), Column.NAME)
    assert panel.model.data(index) == one_line("Píxel <b>nuevo</b>")
    snippet = panel.model.index(index.row(), Column.SNIPPET)
    assert panel.model.data(snippet) == one_line("<script>alert(1)</script>")
    assert "&lt;script&gt;" in panel.model.data(snippet, Qt.ItemDataRole.ToolTipRole)
    assert isinstance(editor.heading, PlainLabel)
    assert editor.heading.text() == one_line("Píxel <b>nuevo</b>")
    assert editor.code_edit.toPlainText() == "<script>alert(1)</script>\n<b>hola</b>"
    save_picture(panel, "tracking-created.png")


def test_an_offline_create_is_listed_queued_and_sent_on_reconnect(
        panel: TrackingPanel, qtbot: QtBot, fresh_sandbox: Sandbox, live_ctx: UiContext,
        await_: Any) -> None:
    services: Session = live_ctx.services
    fresh_sandbox.stop()
    panel.new_code()
    panel.editor.name_edit.setText("Offline pixel")
    panel.editor.code_edit.setPlainText("<img src=x onerror=alert(1)>")
    panel.save()
    qtbot.waitUntil(lambda: "Offline pixel" in _names(panel), timeout=10_000)
    row = panel.model.items()[_names(panel).index("Offline pixel")]
    assert row.creating and row.sync in ("queued", "sending")
    assert panel.editor.row is not None and panel.editor.row.key == row.key
    assert not panel.editor.save_button.isEnabled()  # no second create by accident
    qtbot.waitUntil(lambda: bool(await_(services.outbox.entries())[0].last_error),
                    timeout=20_000)
    fresh_sandbox.start()
    await_(services.outbox.retry(await_(services.outbox.entries())[0].id))
    qtbot.waitUntil(lambda: panel.editor.sync_text() == "Sent", timeout=30_000)
    created = panel.editor.row
    assert created is not None and not created.creating
    assert fresh_sandbox.get(f"/metrics/{created.code.id}").json()["name"] == "Offline pixel"


def test_modify_sends_only_the_changed_field(panel: TrackingPanel, qtbot: QtBot,
                                             fresh_sandbox: Sandbox, live_ctx: UiContext,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    services: Session = live_ctx.services
    calls: list[dict[str, Any]] = []
    original = services.tracking.modify

    async def spy(code: Any, **changes: Any) -> Any:
        calls.append(changes)
        return await original(code, **changes)

    monkeypatch.setattr(services.tracking, "modify", spy)
    seen = _record_sync(panel, monkeypatch)
    row = panel.editor.row
    assert row is not None
    before = fresh_sandbox.get(f"/metrics/{row.code.id}").json()
    panel.editor.name_edit.setText("Analytics (renamed)")
    panel.editor.save_button.click()
    qtbot.waitUntil(lambda: "Sent" in seen, timeout=20_000)
    assert seen[0] == "Queued"
    assert calls == [{"name": "Analytics (renamed)"}]
    after = fresh_sandbox.get(f"/metrics/{row.code.id}").json()
    assert after["name"] == "Analytics (renamed)"
    assert {k: v for k, v in after.items() if k != "name"} == \
        {k: v for k, v in before.items() if k != "name"}
    assert not panel.editor.is_dirty()


def test_delete_asks_first_then_reaches_the_server(panel: TrackingPanel, qtbot: QtBot,
                                                   fresh_sandbox: Sandbox,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _record_sync(panel, monkeypatch)
    row = panel.editor.row
    assert row is not None
    count = panel.model.rowCount()
    panel.editor.delete_button.click()
    _answer(qtbot, panel, "Cancel")
    assert fresh_sandbox.get(f"/metrics/{row.code.id}").status_code == 200
    panel.delete_current()
    _answer(qtbot, panel, "Delete")
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    assert seen[0] == "Delete queued"
    assert not panel.editor.name_edit.isEnabled()  # a code on its way out is not edited
    qtbot.waitUntil(lambda: panel.model.rowCount() == count - 1, timeout=20_000)
    assert fresh_sandbox.get(f"/metrics/{row.code.id}").status_code == 404
    assert panel.editor.row is not None and panel.editor.row.key != row.key


def test_unsaved_changes_are_guarded_when_switching(panel: TrackingPanel,
                                                    qtbot: QtBot) -> None:
    first, second = panel.model.items()[0], panel.model.items()[1]
    panel.editor.name_edit.setText("Half-typed name")
    panel.list.setCurrentIndex(panel.model.index(1, 0))
    _answer(qtbot, panel, "Cancel")
    assert panel.editor.row is not None and panel.editor.row.key == first.key
    assert panel.editor.name_edit.text() == "Half-typed name"
    assert panel.list.currentIndex().row() == 0
    panel.list.setCurrentIndex(panel.model.index(1, 0))
    _answer(qtbot, panel, "Discard changes")
    qtbot.waitUntil(lambda: panel.editor.row is not None
                    and panel.editor.row.key == second.key, timeout=5000)
    assert not panel.editor.is_dirty()


def test_the_snapshot_opens_the_editor_on_a_code(panel: TrackingPanel, await_: Any) -> None:
    await_(panel.prepare_snapshot())
    assert panel.editor.row is not None and panel.editor.row.code.options
    assert panel.editor.options.model.rowCount() > 0
    save_picture(panel, "tracking.png")


def test_without_services_the_empty_state_shows(ctx: UiContext, qtbot: QtBot) -> None:
    view = TrackingPanel(ctx)
    qtbot.addWidget(view)
    view.activate()
    assert view.is_loaded()
    assert view.list_stack.currentWidget() is view.empty_state


def test_filters_are_remembered(live_ctx: UiContext, qtbot: QtBot) -> None:
    first = TrackingPanel(live_ctx)
    qtbot.addWidget(first)
    first.filters.set_filters(Event.PAY_BUTTON, Provider.ANALYTICS)
    first.save_state()
    second = TrackingPanel(live_ctx)
    qtbot.addWidget(second)
    second.restore_state()
    assert second.filters.chosen_event() is Event.PAY_BUTTON
    assert second.filters.chosen_provider() is Provider.ANALYTICS


def test_the_guard_can_save_then_move_on(panel: TrackingPanel, qtbot: QtBot,
                                         fresh_sandbox: Sandbox) -> None:
    first, second = panel.model.items()[0], panel.model.items()[1]
    panel.editor.name_edit.setText("Saved on the way out")
    panel.list.setCurrentIndex(panel.model.index(1, 0))
    _answer(qtbot, panel, "Save")
    qtbot.waitUntil(lambda: panel.editor.row is not None
                    and panel.editor.row.key == second.key, timeout=10_000)
    wait_on_server(qtbot, lambda: fresh_sandbox.get(f"/metrics/{first.code.id}").json()["name"]
                   == "Saved on the way out", timeout=20_000)
