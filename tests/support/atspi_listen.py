"""Listen on the accessibility bus as a screen reader does, and print what it would hear.

Run by Debian's own `/usr/bin/python3` (pyatspi lives in `/usr/lib/python3/dist-packages`,
which the project's virtual environment does not see), as a child process of the test:

    /usr/bin/python3 tests/support/atspi_listen.py SellerDesk

It registers for the events Orca speaks from — `object:announcement` (Qt's
QAccessibleAnnouncementEvent), focus changes (a list's row moving under the focus too), and
alerts shown, renamed or hidden — and prints one
JSON object per line for each event of the application named on the command line:
`{"type", "text", "role", "name", "politeness"}`, where `text` is what is said (an
announcement's words, an alert's new name). A first line `{"type": "ready"}` says the
listeners are registered. It stops when its standard input closes.

Standard library and pyatspi only; it imports nothing of SellerDesk.
"""

from __future__ import annotations

import json
import sys
import threading
from typing import Any

EVENTS = ("object:announcement", "object:state-changed:focused",
          "object:active-descendant-changed",
          "object:property-change:accessible-name", "object:state-changed:showing")


def _safe(call: Any, default: Any) -> Any:
    try:
        return call()
    except Exception:  # an object gone while read
        return default


class Senders:
    """The name of the application that sent an event, asked once per application: the
    event's sender is that application (libatspi makes it from the signal's sender), where
    the source's `get_application()` climbs the tree to it, two calls per level, for every
    event (most of this process's and much of the app's CPU in a test)."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}  # by the application's bus name (never reused)

    def name(self, event: Any) -> str:
        sender = event.sender
        bus = _safe(lambda: sender.app.bus_name, "") if sender is not None else ""
        if not bus:
            return ""
        if bus not in self._names:
            self._names[bus] = _safe(lambda: sender.name, "") or ""
        return self._names[bus]


def _states(acc: Any, pyatspi: Any) -> list[str]:
    return sorted(_safe(lambda: [pyatspi.stateToString(s)
                                 for s in acc.getState().getStates()], []))


def _focus(acc: Any, pyatspi: Any) -> dict[str, Any]:
    text = ""
    if "Text" in set(_safe(acc.get_interfaces, [])):
        text = _safe(lambda: acc.queryText().getText(0, -1), "") or ""
    return {"type": "focus", "text": text, "role": _safe(acc.getRoleName, ""),
            "name": _safe(lambda: acc.name, "") or "", "states": _states(acc, pyatspi)}


def main() -> int:
    import pyatspi  # Debian's python3-pyatspi
    from gi.repository import GLib

    wanted = sys.argv[1]
    out_lock = threading.Lock()

    def emit(record: dict[str, Any]) -> None:
        with out_lock:
            sys.stdout.write(json.dumps(record) + "\n")
            sys.stdout.flush()

    senders = Senders()

    def on_event(event: Any) -> None:
        source = event.source
        if senders.name(event) != wanted:
            return
        kind = str(event.type)
        role = _safe(source.getRoleName, "")
        name = _safe(lambda: source.name, "") or ""
        if kind.startswith("object:state-changed:") and not event.detail1:
            if kind.endswith(":showing") and role in ("alert", "notification"):
                emit({"type": "hidden", "text": "", "role": role, "name": name})
            return  # a focus or a showing lost: said by the one gained
        if kind == "object:announcement":
            text = event.any_data if isinstance(event.any_data, str) else str(event.any_data)
            emit({"type": "announcement", "text": text, "role": role, "name": name,
                  "politeness": event.detail1})
        elif kind.endswith(":focused"):
            emit(_focus(source, pyatspi))
        elif kind == "object:active-descendant-changed":
            # A list that manages its rows has the focus; the row it moved to is what a
            # reader says (Orca speaks the descendant as the focus).
            child = event.any_data
            if child is not None:
                heard = _focus(child, pyatspi)
                if "focused" not in _states(source, pyatspi):
                    heard["type"] = "descendant"  # the row moved, the focus is elsewhere
                emit(heard)
        elif kind.endswith(":showing"):
            if role in ("alert", "notification"):
                emit({"type": "shown", "text": name, "role": role, "name": name})
        elif role in ("alert", "notification"):  # an alert's words changed
            emit({"type": "alert", "text": name, "role": role, "name": name})

    for kind in EVENTS:
        pyatspi.Registry.registerEventListener(on_event, kind)
    loop = GLib.MainLoop()

    def wait_for_stdin() -> None:
        sys.stdin.read()  # the test closes it to stop us
        GLib.idle_add(loop.quit)

    threading.Thread(target=wait_for_stdin, daemon=True).start()
    GLib.idle_add(lambda: emit({"type": "ready"}) and False)
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
