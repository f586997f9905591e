"""Files only the seller can read: folders 0700, files 0600 on POSIX, whatever the umask.

SellerDesk keeps buyers' names, e-mails, phones, addresses and document numbers (the store
and its -wal/-shm, the log, exports). Every folder and file holding them is made here:

- `private_dir(path)`: created 0700 (parents as the umask says: they are the seller's), an
  existing one with group/other bits is tightened to 0700, with one log line.
- `private_file(path)`: created empty 0600 if missing (never truncated), tightened if wider.
  SQLite creates a database's -wal and -shm with the database file's mode (and fixes it
  against the umask), so a 0600 store gives 0600 companions.
- `private_opener`: for `open(..., opener=private_opener)`: new files 0600.
- `replace_privately(path)`: write a whole file (an export) into a fresh temporary file made
  exclusively in the target's folder (`mkstemp`: O_EXCL, 0600, an unpredictable name), fsync,
  then `os.replace` it onto `path`. A link planted at `path` is replaced, not written
  through, and no predictable name is ever opened.

Windows has no such modes: the per-user folders (`platformdirs`) are private by default, so
there only the folders and files are created (`os.name != "posix"` skips every chmod).
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

log = logging.getLogger("sellerdesk.files")

DIR_MODE = 0o700
FILE_MODE = 0o600
POSIX = os.name == "posix"


def _mode(st: os.stat_result) -> int:
    return stat.S_IMODE(st.st_mode)


def report(path: Path | str, old: int, new: int) -> None:
    """The one log line for a folder or file made private."""
    log.info("made %s private: mode %04o was open to other users, now %04o", path, old, new)


def _tighten(path: Path, mode: int, *, quiet: bool) -> int | None:
    """chmod `path` to `mode` if it gives group/other any access; returns the old mode."""
    if not POSIX:
        return None
    old = _mode(path.stat())
    if not old & 0o077:
        return None
    try:
        os.chmod(path, mode)
    except OSError as exc:  # not ours (a shared --data-dir): say so, keep working
        log.warning("could not make %s private (mode %04o): %s", path, old, exc)
        return None
    if not quiet:
        report(path, old, mode)
    return old


def private_dir(path: Path, *, quiet: bool = False) -> int | None:
    """Make `path` (and missing parents) exist, `path` itself 0700; returns the mode it had
    when it was wider (and logs it unless `quiet`), else None."""
    try:
        path.mkdir(mode=DIR_MODE, parents=True)
    except FileExistsError:
        if not path.is_dir():
            raise
        return _tighten(path, DIR_MODE, quiet=quiet)
    if POSIX and _mode(path.stat()) != DIR_MODE:
        os.chmod(path, DIR_MODE)  # a umask such as 0277 took the owner's bits away
    return None


def private_opener(path: str, flags: int) -> int:
    """`open(..., opener=private_opener)`: a new file is made 0600 whatever the umask, an
    existing one wider than that is tightened (quietly: this runs inside log handlers)."""
    fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), FILE_MODE)
    if POSIX:
        try:
            st = os.fstat(fd)
            mode = _mode(st)
            if stat.S_ISREG(st.st_mode) and (mode & 0o077 or (
                    mode != FILE_MODE and st.st_size == 0)):  # new under an odd umask
                os.fchmod(fd, FILE_MODE)
        except OSError:
            os.close(fd)
            raise
    return fd


def private_file(path: Path, *, quiet: bool = False) -> int | None:
    """Make `path` exist (empty if new, never truncated) with mode 0600; returns the mode it
    had when it was wider (logged unless `quiet`), else None."""
    old = _tighten(path, FILE_MODE, quiet=quiet) if path.exists() else None
    os.close(private_opener(str(path), os.O_RDWR | os.O_CREAT))
    return old


def tighten_if_present(path: Path, *, quiet: bool = False) -> int | None:
    """A file SellerDesk did not create this time (an old -wal, a rotated log): 0600 if it
    exists and is wider."""
    try:
        return _tighten(path, FILE_MODE, quiet=quiet)
    except FileNotFoundError:
        return None


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows cannot open a folder)."""
    if not POSIX:
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a folder; the data is already synced
    finally:
        os.close(fd)


@contextlib.contextmanager
def replace_privately(path: Path, *, encoding: str = "utf-8",
                      newline: str | None = None) -> Iterator[IO[str]]:
    """Write `path` whole or not at all, 0600, through a temporary file of its own folder.

        with replace_privately(target, encoding="utf-8-sig", newline="") as fh:
            fh.write(...)
    """
    folder = path.parent
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name[:64]}.", suffix=".tmp")
    try:
        fh = os.fdopen(fd, "w", encoding=encoding, newline=newline)
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    try:
        with fh:
            if POSIX:
                os.fchmod(fh.fileno(), FILE_MODE)  # mkstemp's 0600 less an odd umask
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)  # replaces a link at `path`; never writes through it
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(folder)


__all__ = ["DIR_MODE", "FILE_MODE", "private_dir", "private_file", "private_opener",
           "replace_privately", "report", "tighten_if_present"]
