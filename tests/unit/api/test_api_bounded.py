"""`api/bounded.py`: bodies decoded a step at a time, never past their cap."""

from __future__ import annotations

import zlib

import pytest

from sellerdesk.api.bounded import STEP, BodyReader, TooLarge, Unreadable
from tests.support.hostile import MiB, deflate, gzip, gzip_bomb, split


def read(raw: bytes, codings: list[str], limit: int, *, truncate: bool = False,
         piece: int = 64 * 1024) -> bytes:
    reader = BodyReader(codings, limit, truncate=truncate)
    for part in split(raw, piece):
        reader.feed(part)
        if reader.full:
            break
    return reader.finish()


DOC = b'{"results": [' + b", ".join(b'{"id": %d}' % i for i in range(2000)) + b"]}"


@pytest.mark.parametrize("codings,raw", [
    ([], DOC), (["identity"], DOC), (["gzip"], gzip(DOC)), (["x-gzip"], gzip(DOC)),
    (["deflate"], deflate(DOC)), (["deflate"], deflate(DOC, raw=True)),
    (["gzip", "gzip"], gzip(gzip(DOC))), (["deflate", "gzip"], gzip(deflate(DOC))),
    ([" GZIP "], gzip(DOC)),
], ids=["none", "identity", "gzip", "x-gzip", "zlib", "raw-deflate", "gzip-gzip",
        "deflate-gzip", "spaced-upper"])
def test_codings_are_undone(codings: list[str], raw: bytes) -> None:
    assert read(raw, codings, len(DOC)) == DOC
    assert read(raw, codings, len(DOC), piece=7) == DOC


@pytest.mark.parametrize("codings,raw", [
    ([], DOC), (["gzip"], gzip(DOC)), (["gzip", "gzip"], gzip(gzip(DOC)))])
def test_one_byte_over_the_cap_is_too_large(codings: list[str], raw: bytes) -> None:
    with pytest.raises(TooLarge):
        read(raw, codings, len(DOC) - 1)


def test_a_bomb_is_stopped_at_the_cap_without_inflating_the_rest() -> None:
    bomb = gzip_bomb(256 * MiB)
    reader = BodyReader(["gzip"], MiB)
    fed = 0
    with pytest.raises(TooLarge):
        for part in split(bomb, 64 * 1024):
            fed += len(part)
            reader.feed(part)
    # One network piece of the bomb holds ~64 MiB once inflated: reading stopped inside it.
    assert fed <= 64 * 1024 and reader.size <= MiB


def test_a_bomb_of_bombs_is_stopped_too() -> None:
    double = gzip(gzip_bomb(64 * MiB))
    with pytest.raises(TooLarge):
        read(double, ["gzip", "gzip"], MiB)


def test_no_step_holds_more_than_step_bytes() -> None:
    reader = BodyReader(["gzip"], 64 * MiB)
    reader.feed(gzip_bomb(16 * MiB))
    assert max(len(p) for p in reader._parts) <= STEP
    assert len(reader.finish()) == 16 * MiB


def test_a_refusal_is_cut_quietly_at_its_cap() -> None:
    assert read(gzip(DOC), ["gzip"], 100, truncate=True) == DOC[:100]
    assert read(gzip_bomb(64 * MiB), ["gzip"], 1000, truncate=True) == bytes(1000)


@pytest.mark.parametrize("codings,raw", [
    (["gzip"], b"not gzip at all"),
    (["gzip"], gzip(DOC)[:-8] + b"\x00" * 8),  # its CRC does not match
    (["deflate"], b"\xff" * 50), (["br"], b"\x1b\x00\x00"), (["zstd"], b"(\xb5/\xfd"),
    (["gzip"] * 4, gzip(gzip(gzip(gzip(DOC))))),
], ids=["not-gzip", "wrong-crc", "bad-deflate", "br", "zstd", "four-layers"])
def test_codings_we_cannot_undo_are_unreadable(codings: list[str], raw: bytes) -> None:
    with pytest.raises(Unreadable):
        read(raw, codings, 10 * MiB)


def test_an_empty_body_in_an_unknown_coding_is_empty() -> None:
    assert read(b"", ["br"], 100) == b""


def test_a_truncated_gzip_gives_what_arrived() -> None:
    # The stream ends early: zlib has no error to give; the JSON decoder meets the cut.
    packed = gzip(DOC)
    body = read(packed[: len(packed) // 2], ["gzip"], 10 * MiB)
    assert DOC.startswith(body) and len(body) < len(DOC)


def test_zlib_errors_do_not_escape() -> None:
    with pytest.raises(Unreadable) as info:
        read(b"\x1f\x8b\x08\x00" + b"\x00" * 6 + b"\xff" * 40, ["gzip"], MiB)
    assert not isinstance(info.value.__cause__, zlib.error)
