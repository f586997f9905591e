"""What a screen reader hears of a seller's work, listening on the accessibility bus as Orca
does (issue 25, A1 and A4): the window runs on a private X display against a sandbox of the
test's own (stopped to go offline, started again to come back), driven by keys (xdotool) and
by the actions a reader performs (`atspi_walk.py --act`), while `atspi_listen.py` writes down
every announcement and focus change the app sends.

- An answer sent, a shipping updated, going offline, an answer saved while offline, a
  discard in the outbox and coming back online are each announced in words that say what
  happened (a discard never says "sent"); going offline is assertive.
- While offline the window's notice is an alert; it is gone once the status bar says Online.
- Focus after answering: to the next open question's answer field (the new "Replying to…"
  announced) while the conversation has one, else to the next conversation waiting for an
  answer; after a discard, to the outbox's next entry or its empty-state text.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from sellerdesk.credentials import CredentialStore, Profile
from tests.support.atspi_app import App, Heard, Listener, Walk, desktop, running, said
from tests.support.keyring import MemoryKeyring
from tests.support.sandbox import Sandbox

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"),
                       reason="AT-SPI is the Linux desktop's accessibility bus"),
]

PROFILE = "test"  # the profile synced_data_dir's store belongs to
ALERT_ROLES = {"alert", "notification"}


@dataclass
class Desk:
    app: App
    ears: Listener
    sandbox: Sandbox


@pytest.fixture
def desk(fresh_sandbox: Sandbox, synced_data_dir: Path, tmp_path: Path) -> Iterator[Desk]:
    """The window on the test's own sandbox (profile "test", its store synced already),
    heard from before it starts."""
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    config = tmp_path / "config"  # the window's settings, never the user's
    # With --data-dir the profiles live there too.
    CredentialStore(config_dir=data, backend=MemoryKeyring(),
                    environ={}).add_profile(Profile(name=PROFILE,
                                                    base_url=fresh_sandbox.base_url,
                                                    shop_id=fresh_sandbox.shop_id))
    with desktop() as desk:
        env = dict(desk.env, XDG_CONFIG_HOME=str(config), SELLERDESK_TOKEN=fresh_sandbox.token)
        ears = Listener(desk.python, env, tmp_path / "heard.jsonl")
        try:
            with running(desk, ["--profile", PROFILE, "--data-dir", str(data), "--lang", "en"],
                         tmp_path / "app.log", env=env) as app:
                yield Desk(app, ears, fresh_sandbox)
        finally:
            ears.close()


def _synced(w: Walk) -> bool:
    return (any(n.startswith("Synced ") for n in w.names())
            and not any(n["role"] == "progress bar" for n in w.nodes))


def _alerts(w: Walk) -> list[dict[str, Any]]:
    """The window's alerts and notifications (a message box is an alert of its own)."""
    return [n for n in w.nodes if n["role"] in ALERT_ROLES and n["path"].startswith("0.0.")]


def _open_replies(w: Walk) -> list[str]:
    """The names of the open conversation's Reply buttons (one per question that waits)."""
    return [n["name"] for n in w.nodes
            if n["role"] == "push button" and n["name"].startswith("Reply to ")]


def _focus(heard: list[Heard]) -> list[Heard]:
    return [h for h in heard if h["type"] == "focus"]


def _where(ears: Listener) -> tuple[str, str]:
    """(role, name) of what has the focus: the last focus event heard."""
    last = _focus(ears.since(0))[-1]
    return last["role"], last["name"]


def _answer(desk: Desk, words: str) -> tuple[int, Walk]:
    """Open the next conversation waiting (N, unless the open one has a question waiting),
    reply (R), type, send (Ctrl+Enter); the mark before sending and what was on screen."""
    app = desk.app
    app.key("Escape")  # out of the answer field, if it has the focus: N is a letter there
    app.key("ctrl+1")
    shown = app.settle(lambda w: w.title.startswith("Inbox — "))
    if "Pick a conversation" in shown.names() or not _open_replies(shown):
        app.key("n")  # else the open conversation's next question is answered
    before = app.settle(lambda w: w.title.startswith("Inbox — ")
                        and "Pick a conversation" not in w.names() and bool(_open_replies(w)))
    app.key("r")
    app.type(words)
    mark = desk.ears.mark()
    app.key("ctrl+Return")
    return mark, before


@pytest.mark.timeout(1200)  # a whole day's work through a window on a loaded machine
def test_a_sellers_day_is_heard(desk: Desk) -> None:
    app, ears = desk.app, desk.ears
    app.settle(_synced)
    assert not _alerts(app.settle(_synced))

    # An answer sent, with more questions left in its conversation or not: both are met
    # within a few answers (the demo shop has conversations of one and of several).
    seen_more = seen_last = False
    for turn in range(8):
        mark, before = _answer(desk, f"Gracias por preguntar, respuesta {turn}.")
        ears.wait(mark, lambda h: said(h, "1 answer sent"), "an answer sent")
        if len(_open_replies(before)) > 1 and not seen_more:
            # The next question of the same conversation: its answer field has the focus,
            # and the seller hears which question it now answers.
            ears.wait(mark, lambda h: said(h, "Replying to "), "the new reply target")
            # The field kept the focus (no event: it never left); nothing took it since.
            assert _where(ears) == ("text", "Answer"), _focus(ears.since(0))[-3:]
            seen_more = True
        elif len(_open_replies(before)) == 1 and not seen_last:
            # Nothing left here: the next conversation waiting is selected and focused.
            answered = [n["name"] for n in before.nodes if n["role"] == "list item"
                        and "focused" in n["states"] and n["name"].startswith("\u2068")]
            focus = ears.wait(mark, lambda h: [f for f in _focus(h)
                                               if f["role"] in ("list item", "table cell")],
                              "the next conversation focused")
            assert {"selected", "showing"} <= set(focus[-1]["states"]), focus[-1]
            assert " unanswered" in focus[-1]["name"], focus[-1]  # one that waits
            assert focus[-1]["name"] not in answered, (focus[-1], answered)
            assert _where(ears)[0] in ("list item", "table cell")  # nothing took it since
            seen_last = True
        if seen_more and seen_last:
            break
    assert seen_more and seen_last

    # A shipping updated (the order's form: status one step on, Update shipping).
    app.key("ctrl+2")
    for keys in ("ctrl+shift+l", "Down"):
        app.key(keys)
    app.settle(lambda w: w.title.startswith("Orders — ") and "No order selected" not in w.names()
               and "Update shipping" in w.names())
    # The form's status combo (Qt gives a combo no grabFocus): from the button, back over
    # the tracking code to the status, and the next status chosen.
    assert app.act("focus", "", "Update shipping")
    app.key("shift+Tab")
    app.key("shift+Tab")
    app.key("Down")
    mark = ears.mark()
    assert app.act("press", "", "Update shipping")
    ears.wait(mark, lambda h: said(h, "1 shipping updated"), "a shipping updated")

    # Offline: said at once and assertively, and the window's notice is an alert.
    gone = ears.mark()
    desk.sandbox.stop()
    mark, _ = _answer(desk, "Sí, lo tenemos.")
    # Noticed by the answer, or by a read of the conversation opened before it.
    offline = ears.wait(gone, lambda h: said(h, "Offline"), "going offline")
    assert offline[0]["politeness"] == 2, offline  # ATSPI_LIVE_ASSERTIVE
    ears.wait(mark, lambda h: said(h, "1 change saved: sent when the connection is back"),
              "the answer saved while offline")
    assert not [h for h in said(ears.since(mark), "sent") if "connection is back" not in h["text"]]
    app.key("ctrl+5")
    app.settle(lambda w: w.title.startswith("Shop — "))
    app.key("ctrl+r")  # Refresh this view: the window says why it cannot
    shown = app.settle(lambda w: bool(_alerts(w)))
    assert any("connection" in a["name"].lower() or "offline" in a["name"].lower()
               or "reach" in a["name"].lower() for a in _alerts(shown)), _alerts(shown)

    # A discard in the outbox: "discarded", never "sent"; focus lands on what is next.
    app.key("ctrl+6")
    app.settle(lambda w: w.title.startswith("Outbox — ")
               and "Discard the selected change" in w.names())
    mark = ears.mark()
    assert app.act("press", "", "Discard the selected change")  # the first entry
    app.settle(lambda w: any(n.startswith("Discard change") for n in w.names()))
    assert app.act("press", "", "Discard")
    # The shop out of reach, a change tried before is discarded only when the seller says
    # so a second time ("Discard anyway").
    asked = app.settle(lambda w: bool(said(ears.since(mark), "discarded"))
                       or "Discard anyway" in w.names())
    if "Discard anyway" in asked.names():
        assert app.act("press", "", "Discard anyway")
    ears.wait(mark, lambda h: said(h, "discarded"), "the discard")
    app.activate()  # the confirmation closed: the window has the keyboard again
    # Nothing said to be sent: "will not be sent" is the discard's own truth.
    assert not [h for h in said(ears.since(mark), "sent")
                if "connection is back" not in h["text"] and "not be sent" not in h["text"]]
    # The next entry's row, or the empty outbox's words ("Nothing waiting to be sent").
    landed = ears.wait(mark, lambda h: [f for f in _focus(h)
                                        if f["role"] in ("table cell", "tree item", "label")],
                       "the focus after the discard")
    assert landed[-1]["name"] and "showing" in landed[-1]["states"], landed

    # Back online: said, and the alert is gone once the status bar says Online.
    mark = ears.mark()
    desk.sandbox.start()
    ears.wait(mark, lambda h: said(h, "Back online"), "coming back online")
    online = app.settle(lambda w: "Online" in w.names())
    assert not _alerts(online), _alerts(online)
