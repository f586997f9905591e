"""What a test leaves to the cyclic garbage collector (docs/decisions.md, "A collection on
another thread must not free a Qt object")."""

from __future__ import annotations

import gc
import socket
import types
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collections_off() -> Iterator[None]:
    """No automatic collection meanwhile, and none of the garbage from before left."""
    was_enabled = gc.isenabled()
    gc.disable()
    gc.collect()
    try:
        yield
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was_enabled:
            gc.enable()


def garbage() -> list[object]:
    """Everything a collection now would free (collected, and handed back to look at)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    gc.set_debug(0)
    found = list(gc.garbage)
    gc.garbage.clear()
    return found


def frames_in(objects: list[object]) -> list[str]:
    """The frames among `objects`, as FILE:FUNCTION."""
    return [f"{o.f_code.co_filename}:{o.f_code.co_name}" for o in objects
            if isinstance(o, types.FrameType)]


def closed_port() -> int:
    """A loopback port nobody listens on: a connection to it is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
