"""Start-up without the cyclic garbage collector, and what it made frozen afterwards.

Importing the app and building its first window allocates a few hundred thousand objects;
the collector would run about 150 times meanwhile (60 ms of a start-up of a few hundred).
Nearly everything made then lives as long as the app, so after start-up it is moved out of
the collector's way (`gc.freeze`): a later full collection then walks what the seller's
work made, not the modules, classes and widgets of the start, and stalls the window less.

`hold_collections()` is called first thing by the command line's `main`; the command line
resumes right after parsing (a command runs as usual), the window once its views are built
(`resume_collections(freeze=True)`), or after `HOLD_LIMIT` seconds at the latest.
"""

from __future__ import annotations

import gc
import logging
import threading
import time

log = logging.getLogger("sellerdesk")

HOLD_LIMIT = 30.0  # seconds: never run longer than this without the collector

_held: list[float] = []  # when collections were held (empty: not held)

# Set once the first view has its data on screen: start-up work that the first paint does
# not need (the network backend's imports) waits for it, so it does not take the GIL from
# the window's start.
first_paint = threading.Event()


def hold_collections() -> None:
    """Turn the cyclic collector off for the start-up (a no-op when already held)."""
    if not _held and gc.isenabled():
        gc.disable()
        _held.append(time.perf_counter())


def held() -> bool:
    return bool(_held)


def resume_collections(*, freeze: bool = False) -> None:
    """Turn the collector back on; with `freeze`, first freeze everything the start made
    (the app's own objects). A no-op unless `hold_collections` ran.

    No collection before the freeze: with the collector held, all of the start's objects
    are in the youngest generation, so any collection walks every one of them (~145 ms on
    the GUI thread, a stall the seller feels right after the window shows) to find a few
    hundred cycles of garbage, which the freeze keeps instead (a few kilobytes)."""
    if not _held:
        return
    started = _held.pop()
    if freeze:
        gc.freeze()
    gc.enable()
    log.debug("start-up without collections: %.2f s; %d objects frozen",
              time.perf_counter() - started, gc.get_freeze_count())
