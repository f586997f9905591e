"""The files the command line leaves on disk, as a real subprocess against a sandbox: private
modes whatever the umask, an export no planted link redirects, and a CSV that no spreadsheet
reads as formulas, with ',' or ';' as its separator."""

from __future__ import annotations

import csv
import io
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.stress.sandbox_db import order_ids, set_order_buyer
from tests.support.cli import cli_env, run_cli
from tests.support.sandbox import Sandbox

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX modes and links")

HOSTILE = ["Juan;=cmd|' /C calc'!A0", "x;+1;", '=HYPERLINK("http://x","y")', "@SUM(A1)",
           "\t=1", "-2+3"]
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory: pytest.TempPathFactory, seeded_db: Path) -> Path:
    """The demo shop with buyers' names and product titles that are formulas."""
    db = tmp_path_factory.mktemp("hostile-csv") / "sandbox.db"
    shutil.copy(seeded_db, db)
    for order_id, name in zip(order_ids(db, len(HOSTILE)), HOSTILE, strict=True):
        set_order_buyer(db, order_id, name=name, nickname=name, product_title=name)
    return db


@pytest.fixture(scope="module")
def hostile_sandbox(hostile_db: Path) -> Iterator[Sandbox]:
    """Shared by this module's tests: they only read the shop."""
    sb = Sandbox(db=hostile_db).start()
    yield sb
    sb.stop()


@pytest.fixture(scope="module")
def synced_data(hostile_sandbox: Sandbox, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder after one sync of the hostile shop, for the exports."""
    data = tmp_path_factory.mktemp("synced") / "data"
    synced(hostile_sandbox, data)
    return data


def synced(sb: Sandbox, data: Path) -> None:
    r = run_cli(sb, data, "sync", umask=0o022)
    assert r.returncode == 0, r.stdout + r.stderr


def export(sb: Sandbox, data: Path, target: Path, *args: str,
           locale: str = "C.UTF-8") -> None:
    env = cli_env(sb.token, LC_ALL=locale, LANG=locale)
    r = run_cli(sb, data, "export", "orders", "--csv", str(target), *args, env=env,
                umask=0o022)
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_first_sync_leaves_a_private_folder_and_private_files(
        hostile_sandbox: Sandbox, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o755)
    data = home / "SellerDesk"
    synced(hostile_sandbox, data)
    export(hostile_sandbox, data, home / "orders.csv")
    store = next(data.glob("*.sqlite3"))
    made = {p.relative_to(data).as_posix(): mode(p) for p in data.rglob("*")}
    assert mode(data) == 0o700 and made["logs"] == 0o700, made
    assert {name: m for name, m in made.items() if name != "logs"} == dict.fromkeys(
        [store.name, store.name + ".lock", "logs/sellerdesk.log"], 0o600), made
    assert mode(home / "orders.csv") == 0o600
    assert mode(home) == 0o755  # the seller's own folder is left as it was
    # -wal and -shm are gone once the last connection closes; while open, SQLite makes them
    # with the store's mode (tests/unit/store/test_private_store.py watches them).


def test_a_wide_folder_store_and_log_from_before_are_tightened_and_said(
        hostile_sandbox: Sandbox, tmp_path: Path) -> None:
    data = tmp_path / "data"
    synced(hostile_sandbox, data)
    store = next(data.glob("*.sqlite3"))
    wal = store.with_name(store.name + "-wal")
    wal.touch()  # an empty WAL left by an older SellerDesk: SQLite takes it as it is
    for path, wide in ((data, 0o755), (data / "logs", 0o775), (store, 0o644), (wal, 0o644),
                       (data / "logs" / "sellerdesk.log", 0o644)):
        path.chmod(wide)
    synced(hostile_sandbox, data)
    assert (mode(data), mode(data / "logs")) == (0o700, 0o700)
    assert mode(store) == mode(data / "logs" / "sellerdesk.log") == 0o600
    assert not wal.exists() or mode(wal) == 0o600
    log = (data / "logs" / "sellerdesk.log").read_text(encoding="utf-8")
    said = [line for line in log.splitlines() if "private" in line]
    assert len(said) == 5, said  # one line each
    assert sum("0755" in line for line in said) == 1 and sum("0644" in line for line in said) == 3


def test_an_export_replaces_a_planted_link_and_never_writes_through_one(
        hostile_sandbox: Sandbox, synced_data: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("the seller's other file\n", encoding="utf-8")
    target = out / "orders.csv"
    (out / "orders.csv.part").symlink_to(victim)  # the name the export once wrote first
    target.symlink_to(victim)
    export(hostile_sandbox, synced_data, target)
    assert victim.read_text(encoding="utf-8") == "the seller's other file\n"
    assert not target.is_symlink() and target.is_file() and mode(target) == 0o600
    assert target.read_bytes().startswith(b'\xef\xbb\xbf"id","date","buyer"')
    assert (out / "orders.csv.part").is_symlink()  # not touched
    assert sorted(p.name for p in out.iterdir()) == ["orders.csv", "orders.csv.part"]


def parsed(path: Path, delimiter: str) -> list[list[str]]:
    text = path.read_bytes().decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


def formulas(rows: list[list[str]]) -> list[str]:
    """Cells a spreadsheet would run: = + - @ TAB CR first once a reader drops quotes."""
    return [cell for row in rows for cell in row if cell.lstrip('"')[:1] in FORMULA]


@pytest.mark.parametrize(("args", "locale", "separator"), [
    ((), "C.UTF-8", ","),
    ((), "es_AR.UTF-8", ";"),
    ((), "pt_BR.UTF-8", ";"),
    (("--delimiter", ";"), "en_US.UTF-8", ";"),
    (("--delimiter", "comma"), "es_AR.UTF-8", ","),
], ids=["C", "es_AR", "pt_BR", "semicolon", "comma"])
def test_no_cell_starts_a_formula_read_with_either_separator(
        hostile_sandbox: Sandbox, synced_data: Path, tmp_path: Path, args: tuple[str, ...],
        locale: str, separator: str) -> None:
    target = tmp_path / "orders.csv"
    export(hostile_sandbox, synced_data, target, *args, locale=locale)
    for reader in (",", ";"):
        assert formulas(parsed(target, reader)) == [], reader
    raw = target.read_bytes().decode("utf-8-sig")
    assert raw.startswith(f'"id"{separator}"date"{separator}"buyer"')
    rows = {row[0]: row for row in parsed(target, separator)}
    buyers = {row[2] for row in rows.values()}
    for name in ["Juan;'=cmd|' /C calc'!A0", "x;'+1;", "'=HYPERLINK(\"http://x\",\"y\")",
                 "'@SUM(A1)", "'\t'=1", "'-2+3"]:
        assert name in buyers  # the buyer's words, a ' before each formula
    assert any("x;'+1;" in row[5] for row in rows.values())  # products: "1 x x;+1;"


def test_a_delimiter_that_is_not_one_is_a_usage_error(hostile_sandbox: Sandbox,
                                                      tmp_path: Path) -> None:
    r = run_cli(hostile_sandbox, tmp_path / "data", "export", "orders", "--csv",
                str(tmp_path / "o.csv"), "--delimiter", "|")
    assert r.returncode == 2
    assert "--delimiter must be ',', ';' or tab, not '|'" in r.stderr
    assert not (tmp_path / "data").exists() and not (tmp_path / "o.csv").exists()
