"""Folders 0700 and files 0600 whatever the umask; whole files that no planted link redirects."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from sellerdesk.private_files import (
    private_dir,
    private_file,
    private_opener,
    replace_privately,
    tighten_if_present,
)

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(params=[0o022, 0o002, 0o000, 0o377], ids=lambda m: f"umask{m:03o}")
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    yield request.param
    os.umask(old)


def test_a_new_folder_is_0700(tmp_path: Path, umask: int) -> None:
    assert private_dir(tmp_path / "data") is None
    os.umask(0o022)  # the rest of the test needs to read what it made
    assert mode(tmp_path / "data") == 0o700


@pytest.mark.parametrize("umask", [0o022, 0o000], indirect=True)
def test_missing_parents_are_made_as_the_umask_says(tmp_path: Path, umask: int) -> None:
    private_dir(tmp_path / "home" / "data")
    assert mode(tmp_path / "home" / "data") == 0o700
    assert mode(tmp_path / "home") == 0o777 & ~umask  # the seller's own, left alone


def test_a_new_file_is_0600_and_an_opener_makes_0600_files(tmp_path: Path, umask: int) -> None:
    private_file(tmp_path / "store.sqlite3")
    with open(tmp_path / "x.log", "a", encoding="utf-8", opener=private_opener) as fh:
        fh.write("line\n")
    assert mode(tmp_path / "store.sqlite3") == 0o600
    assert mode(tmp_path / "x.log") == 0o600


def test_wider_folders_and_files_are_tightened_with_one_log_line(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder, store = tmp_path / "data", tmp_path / "data" / "s.sqlite3"
    folder.mkdir(mode=0o755)
    store.write_bytes(b"kept")
    os.chmod(folder, 0o755)
    os.chmod(store, 0o644)
    with caplog.at_level(logging.INFO, logger="sellerdesk.files"):
        assert private_dir(folder) == 0o755
        assert private_file(store) == 0o644
        assert private_dir(folder) is None and private_file(store) is None  # once
    assert (mode(folder), mode(store), store.read_bytes()) == (0o700, 0o600, b"kept")
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and "0755" in lines[0] and "0644" in lines[1]
    assert tighten_if_present(tmp_path / "absent") is None


def test_an_opener_tightens_an_old_wide_file(tmp_path: Path) -> None:
    old = tmp_path / "sellerdesk.log"
    old.write_text("earlier\n", encoding="utf-8")
    os.chmod(old, 0o664)
    with open(old, "a", encoding="utf-8", opener=private_opener) as fh:
        fh.write("later\n")
    assert mode(old) == 0o600 and old.read_text(encoding="utf-8") == "earlier\nlater\n"


def test_a_whole_file_replaces_a_link_and_never_writes_through_one(
        tmp_path: Path, umask: int) -> None:
    victim = tmp_path / "victim"
    victim.write_text("precious", encoding="utf-8")
    target = tmp_path / "out.csv"
    (tmp_path / "out.csv.part").symlink_to(victim)  # the old predictable name
    target.symlink_to(victim)
    with replace_privately(target, encoding="utf-8") as fh:
        fh.write("new")
    os.umask(0o022)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not target.is_symlink() and target.read_text(encoding="utf-8") == "new"
    assert mode(target) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv", "out.csv.part", "victim"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), replace_privately(target) as fh:
        fh.write("half")
        raise RuntimeError("disk gone")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]
