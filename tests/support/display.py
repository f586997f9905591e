"""A private X server and the tools around it, for the tests that open the real window.

`xvfb()` starts Xvfb on a display number the server picks itself (-displayfd), yields
":N" and stops it; `need(tool)` finds a command or skips (fails in CI, where `./run test`
installs every one of them).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator

import pytest


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} is missing: ./run test installs it (apt-get)")
        pytest.skip(f"{tool} is not installed")
    return path


@contextlib.contextmanager
def xvfb() -> Iterator[str]:
    read, write = os.pipe()
    proc = subprocess.Popen([need("Xvfb"), "-displayfd", str(write), "-screen", "0",
                             "1280x720x24", "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        assert number.isdigit(), "Xvfb did not start"
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(30)
