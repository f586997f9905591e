"""The real SellerDesk window, telling a test what its inbox shows: for tests that drive it
from outside with real key presses (xdotool on Xvfb).

    python -m tests.support.inbox_probe STATE_FILE SELLERDESK-ARGS...

Runs `sellerdesk SELLERDESK-ARGS` (sellerdesk/cli.py `main`, the whole app as a seller
starts it) and, every 100 ms of its event loop, writes what the inbox shows to STATE_FILE as
JSON (written aside and renamed: a reader never sees half of it). It reads widgets only; it
presses nothing. A picture of the window is asked for by writing its path into
STATE_FILE + ".shot"; the request file is removed once the picture is saved.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from sellerdesk import app as app_module
from sellerdesk import cli


def _plain(text: str) -> str:
    return text.replace("\u2068", "").replace("\u2069", "")


def inbox_state() -> dict[str, Any]:
    from sellerdesk.ui.inbox.panel import InboxPanel
    from sellerdesk.ui.main_window import MainWindow

    window = next((w for w in QApplication.topLevelWidgets()
                   if isinstance(w, MainWindow) and w.isVisible()), None)
    if window is None:
        return {"window": False}
    state: dict[str, Any] = {"window": True, "width": window.width(),
                             "height": window.height(), "view": window.current_view(),
                             "others": [[type(w).__name__, w.windowTitle()]
                                        for w in QApplication.topLevelWidgets()
                                        if w.isVisible() and w is not window]}
    services = window.ctx.services
    state["syncing"] = services is None or services.sync.running
    panel = next(iter(window.findChildren(InboxPanel)), None)
    if panel is None or not panel.is_loaded():
        return state
    view = panel.thread_view
    pane = view.suggestions
    focus = QApplication.focusWidget()
    # Read with defaults what an older window lacks, so a test says what it shows.
    none = getattr(pane, "none", None)
    left_out = getattr(pane, "left_out_lines", list)()
    target = view.model.find(view.target()) if view.target() is not None else None
    state.update(
        loaded=True, rows=panel.model.rowCount(), open=view.thread_id(),
        shown=view.shown_thread(), busy=panel.ctx.runner.is_busy(),
        target=target.text if target is not None else None,
        composer=view.composer.text(), editor_focus=view.composer.editor.hasFocus(),
        list_focus=panel.list.view.hasFocus(),
        focus=type(focus).__name__ if focus is not None else None,
        suggestions_for=pane.question_id, suggestions_visible=pane.isVisible(),
        expanded=getattr(pane, "expanded", lambda: True)(),
        offered=[[s.question, s.answer] for s in pane.suggestions()],
        marked=[getattr(b, "marked_words", list)() for b in pane.buttons
                if b.suggestion is not None],
        left_out=[_plain(line) for line in left_out],
        no_match=none.text() if none is not None and none.isVisible() else None,
        group=view.group.isVisible(),
        page=view.page.height(), header=view.header.height(),
        conversation=view.conversation.height(), pane_height=pane.height(),
        pane_top=pane.geometry().top(), composer_top=view.composer.geometry().top())
    return state


def _picture(path: Path) -> None:
    from sellerdesk.ui.main_window import MainWindow

    request = path.with_name(path.name + ".shot")
    if not request.exists():
        return
    target = request.read_text(encoding="utf-8").strip()
    window = next((w for w in QApplication.topLevelWidgets()
                   if isinstance(w, MainWindow) and w.isVisible()), None)
    if window is not None and target:
        window.grab().save(target)
        request.unlink()


def _write(path: Path) -> None:
    try:
        _picture(path)
        state = inbox_state()
    except RuntimeError:  # a widget deleted while the window closes
        return
    aside = path.with_suffix(".tmp")
    aside.write_text(json.dumps(state, ensure_ascii=False), encoding="utf-8")
    os.replace(aside, path)


def main(state_file: str, argv: list[str]) -> int:
    path = Path(state_file)
    real = app_module.create_application

    def create() -> QApplication:
        qapp = real()
        timer = QTimer(qapp)
        timer.setInterval(100)
        timer.timeout.connect(lambda: _write(path))
        timer.start()
        return qapp

    app_module.create_application = create  # type: ignore[assignment]
    return cli.main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
