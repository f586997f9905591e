"""The asyncio loop over Qt (qasync), with its socket notifiers destroyed on their thread.

qasync watches each socket with a `QSocketNotifier` it makes without a parent, and drops it
when the socket is no longer watched. Usually that frees it at once. But a failed connection
leaves a reference cycle that holds the frames of the callback that ran it, notifier and all
(`api/unpinned.py`), and then the cyclic collector frees it, on whichever thread runs the
collection: a Qt object destroyed off its own thread can deadlock with the window
(docs/decisions.md, "A collection on another thread must not free a Qt object"). A
notifier the loop lets go is therefore deleted by Qt on the loop's thread (`deleteLater`);
whatever Python object is left of it later holds nothing of Qt's.
"""

from __future__ import annotations

from typing import Any

import qasync
from PySide6.QtCore import QObject


class QtLoop(qasync.QEventLoop):  # type: ignore[misc]  # qasync has no type hints
    """qasync's loop; a socket notifier it no longer uses goes with Qt's `deleteLater`."""

    def _add_reader(self, fd: Any, callback: Any, *args: Any) -> None:
        replaced = _current(self._read_notifiers, fd)
        super()._add_reader(fd, callback, *args)
        _retire(replaced)

    def _add_writer(self, fd: Any, callback: Any, *args: Any) -> None:
        replaced = _current(self._write_notifiers, fd)
        super()._add_writer(fd, callback, *args)
        _retire(replaced)

    def _remove_reader(self, fd: Any) -> bool:
        dropped = _current(self._read_notifiers, fd)
        removed: bool = super()._remove_reader(fd)
        _retire(dropped if removed else None)
        return removed

    def _remove_writer(self, fd: Any) -> bool:
        dropped = _current(self._write_notifiers, fd)
        removed: bool = super()._remove_writer(fd)
        _retire(dropped if removed else None)
        return removed


def _current(notifiers: dict[Any, QObject] | None, fd: Any) -> QObject | None:
    return notifiers.get(fd) if notifiers else None


def _retire(notifier: QObject | None) -> None:
    if notifier is not None:
        notifier.deleteLater()
