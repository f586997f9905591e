"""Run the real `sellerdesk` command line in a subprocess against a sandbox."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.support.sandbox import Sandbox


def cli_env(token: str | None, **extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1", **extra)
    env.pop("SELLERDESK_TOKEN", None)
    if token is not None:
        env["SELLERDESK_TOKEN"] = token
    return env


def cli_args(sb: Sandbox, data: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "sellerdesk", "--base-url", sb.base_url, "--shop-id",
            str(sb.shop_id), "--data-dir", str(data), *args]


def run_cli(sb: Sandbox, data: Path, *args: str, token: str | None = None,
            env: dict[str, str] | None = None, **kw: Any) -> subprocess.CompletedProcess[str]:
    """`sellerdesk --base-url ... --shop-id ... --data-dir DATA ARGS`, the sandbox's token in
    SELLERDESK_TOKEN unless `token` says otherwise."""
    return subprocess.run(cli_args(sb, data, *args), capture_output=True, text=True,
                          env=env or cli_env(token or sb.token), timeout=180, **kw)
