"""Python's cyclic garbage collector, run on the GUI thread only.

Python starts a collection in whichever thread happens to allocate, and a collection frees
every object of the cycles it finds, Qt objects included. A Qt object made on the GUI thread
and freed on the store's thread deadlocked the window: its destructor held one of Qt's
locks and waited for the interpreter's, which the GUI thread held while it waited for that
same Qt lock. So the window turns automatic collections off (`startup.collect_on_one_thread`)
and a timer of the GUI thread runs the ones that are due (`startup.collect_due`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer

from sellerdesk import startup

# Often enough that a collection walks what a fifth of a second made (a sync's thousands of
# records, not a whole sync's), seldom enough that an idle window barely wakes for it.
INTERVAL_MS = 200


def collect_on_gui_thread(parent: QObject) -> QTimer:
    """Automatic collections off from now on; `parent`'s thread (the GUI thread) runs the
    due ones every `INTERVAL_MS`. The timer lives as long as `parent`."""
    startup.collect_on_one_thread()
    timer = QTimer(parent)
    timer.setObjectName("sellerdesk-collector")
    timer.setTimerType(Qt.TimerType.CoarseTimer)
    timer.setInterval(INTERVAL_MS)
    timer.timeout.connect(startup.collect_due)
    timer.start()
    return timer
