"""`sellerdesk print` through the real command line (issue 27): a PDF of the "To ship"
orders from the local copy with the shop service unreachable; exit 6 for an unknown order."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pypdf

from tests.support.cli import cli_env
from tests.support.sandbox import Sandbox

DEAD = "http://127.0.0.1:9"  # nothing listens: the command must not need the network


def print_cli(sb: Sandbox, data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = cli_env(sb.token)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("QT_QPA_PLATFORM", None)  # the command picks offscreen itself without a display
    return subprocess.run([sys.executable, "-m", "sellerdesk", "--profile", "test",
                           "--base-url", DEAD, "--shop-id", str(sb.shop_id), "--data-dir",
                           str(data), "--lang", "es", "print", *args],
                          capture_output=True, text=True, env=env, timeout=180)


def test_print_writes_the_to_ship_slips_offline_and_says_how_many_pages(
        sandbox: Sandbox, synced_data_dir: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    out = tmp_path / "slips.pdf"
    done = print_cli(sandbox, data, "slips", "--view", "to-ship", "--pdf", str(out))
    assert done.returncode == 0, done.stderr
    pages = len(pypdf.PdfReader(out).pages)
    assert pages >= 3
    assert f"wrote {pages} pages ({pages} orders) to {out}" in done.stdout
    assert "Albarán de envío" in " ".join(pypdf.PdfReader(out).pages[0].extract_text().split())
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".pdf"] == ["slips.pdf"]

    picks = tmp_path / "pick.pdf"
    done = print_cli(sandbox, data, "picklist", "--view", "to-ship", "--pdf", str(picks))
    assert done.returncode == 0, done.stderr
    assert "Lista de preparación" in " ".join(
        pypdf.PdfReader(picks).pages[0].extract_text().split())


def test_an_unknown_order_exits_6_and_writes_nothing(sandbox: Sandbox, synced_data_dir: Path,
                                                     tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    out = tmp_path / "slips.pdf"
    done = print_cli(sandbox, data, "slips", "999999999999", "--pdf", str(out))
    assert done.returncode == 6, done.stderr
    assert "999999999999" in done.stderr
    assert not out.exists()
