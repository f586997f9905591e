"""The command line's own mistakes: plain-word usage errors (exit 2) that touch nothing on
disk, checked base URLs, and a reader that stops early (`| head -1`) ending quietly."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import cli_args, cli_env, run_cli
from tests.support.sandbox import Sandbox

LIBRARY_WORDS = ("Traceback", "Input should", "pydantic", "msgspec", "ValidationError",
                 "invalid int value")


def assert_usage_error(r: subprocess.CompletedProcess[str], *words: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    for word in words:
        assert word in r.stderr, (word, r.stderr)
    for word in LIBRARY_WORDS:
        assert word not in r.stdout + r.stderr, (word, r.stderr)


@pytest.mark.parametrize(("args", "words"), [
    (("ship", "abc", "1", "--status", "pending"), ("ORDER_ID must be a number", "'abc'")),
    (("ship", "2000", "x1", "--status", "pending"), ("SHIPPING_ID must be a number",)),
    (("answer", "12x", "hola"), ("QUESTION_ID must be a number", "'12x'")),
    (("delete-question", "-5"), ("QUESTION_ID",)),
    (("tracking", "modify", "seven", "--name", "x"), ("ID must be a number",)),
    (("tracking", "create", "n", "<p>", "--provider", "nope", "--event", "NAVIGATION"),
     ("--provider must be one of", "'nope'")),
    (("tracking", "create", "n", "<p>", "--provider", "ads", "--event", "NAVIGATION",
      "--option", "no-equals-sign"), ("--option must be KEY=VALUE",)),
    (("outbox", "--discard", "abcd", "--retry", "abcd"), ("not allowed with",)),
])
def test_argument_errors_are_usage_errors_in_plain_words(
        args: tuple[str, ...], words: tuple[str, ...], tmp_path: Path) -> None:
    data = tmp_path / "data"
    # No sandbox runs: an argument error must be found before anything is asked or created.
    r = subprocess.run([sys.executable, "-m", "sellerdesk", "--base-url", "http://127.0.0.1:9",
                        "--shop-id", "1", "--data-dir", str(data), *args],
                       capture_output=True, text=True, env=cli_env("unused-token"), timeout=60)
    assert_usage_error(r, *words)
    assert not data.exists()


@pytest.mark.parametrize("url", ["ftp://x", "not a url", "http://", "https:///shops",
                                 "http://host:port/", "file:///etc/passwd", "http://a b/",
                                 "https://user:pw@host/", "http://h/?access_token=abc"])
def test_base_url_is_checked_before_any_store_or_profile_is_made(url: str,
                                                                 tmp_path: Path) -> None:
    data = tmp_path / "data"
    r = subprocess.run([sys.executable, "-m", "sellerdesk", "--base-url", url, "--shop-id", "1",
                        "--data-dir", str(data), "sync"],
                       capture_output=True, text=True, env=cli_env("unused-token"), timeout=60)
    assert_usage_error(r, "--base-url")
    assert "No connection" not in r.stdout + r.stderr
    assert not data.exists()
    assert "abc" not in r.stderr  # a token given in the URL is not echoed


def test_base_url_and_shop_id_go_together(tmp_path: Path) -> None:
    data = tmp_path / "data"
    r = subprocess.run([sys.executable, "-m", "sellerdesk", "--base-url", "http://127.0.0.1:9",
                        "--data-dir", str(data), "outbox"],
                       capture_output=True, text=True, env=cli_env("unused-token"), timeout=60)
    assert_usage_error(r, "--base-url and --shop-id go together")
    assert not data.exists()


def _synced(synced_data_dir: Path, tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(synced_data_dir, data)
    return data


def test_a_closed_pipe_ends_the_output_quietly(fresh_sandbox: Sandbox, synced_data_dir: Path,
                                               tmp_path: Path) -> None:
    sb, data = fresh_sandbox, _synced(synced_data_dir, tmp_path)
    # A pipe whose reader is already gone: the very first line meets EPIPE, as with
    # `sellerdesk questions | head -1` once head has exited. No timing involved.
    for args in (("questions",), ("--help",), ("tracking", "list")):
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            r = subprocess.run(cli_args(sb, data, "--profile", "test", *args),
                               stdout=write_end, stderr=subprocess.PIPE, text=True,
                               env=cli_env(sb.token), timeout=180)
        finally:
            os.close(write_end)
        assert r.returncode == 0, (args, r.stderr)
        assert "Traceback" not in r.stderr and "BrokenPipe" not in r.stderr, r.stderr
        assert "Exception ignored" not in r.stderr, r.stderr

    # A write still reports its own outcome in the exit code, and is sent.
    question = sb.get("/questions/search", status="unanswered", limit=1).json()["results"][0]
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        r = subprocess.run(cli_args(sb, data, "--profile", "test", "answer",
                                    str(question["id"]), "Sí, hay stock."),
                           stdout=write_end, stderr=subprocess.PIPE, text=True,
                           env=cli_env(sb.token), timeout=180)
    finally:
        os.close(write_end)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert sb.get(f"/questions/{question['id']}").json()["answer"]["text"] == "Sí, hay stock."


def test_listing_into_head_prints_its_first_line(fresh_sandbox: Sandbox, synced_data_dir: Path,
                                                 tmp_path: Path) -> None:
    sb, data = fresh_sandbox, _synced(synced_data_dir, tmp_path)
    command = " ".join(f"'{a}'" for a in cli_args(sb, data, "--profile", "test", "questions"))
    r = subprocess.run(["bash", "-o", "pipefail", "-c", f"{command} | head -1"],
                       capture_output=True, text=True, env=cli_env(sb.token), timeout=180)
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.splitlines()) == 1 and r.stdout.split("\t", 1)[0].isdigit()
    assert "Traceback" not in r.stderr and "BrokenPipe" not in r.stderr


def test_unknown_outbox_ids_and_short_prefixes(fresh_sandbox: Sandbox, tmp_path: Path) -> None:
    sb, data = fresh_sandbox, tmp_path / "data"
    r = run_cli(sb, data, "outbox", "--discard", "ab")
    assert r.returncode == 2 and "too short" in r.stderr
    r = run_cli(sb, data, "outbox", "--retry", "abcdef")
    assert r.returncode == 6 and "No change waiting has the id abcdef" in r.stderr
