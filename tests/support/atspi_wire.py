"""A D-Bus client of the few calls `atspi_walk.py` makes, spoken on the bus's socket (the
D-Bus specification's "Message Protocol": little-endian messages, EXTERNAL authentication).

A walk asks about a thousand small questions; GDBus (or libdbus) spends most of its time per
call on its own machinery (a worker thread, a main loop, GVariants), this a few struct packs.
Standard library only; run by Debian's python3 beside `atspi_walk.py`.
"""
from __future__ import annotations

import os
import select
import socket
import struct
from collections.abc import Callable
from typing import Any

ALIGN = {"y": 1, "b": 4, "n": 2, "q": 2, "i": 4, "u": 4, "x": 8, "t": 8, "d": 8, "h": 4,
         "s": 4, "o": 4, "g": 1, "a": 4, "(": 8, "{": 8, "v": 1}
FIXED = {"y": "B", "b": "I", "n": "h", "q": "H", "i": "i", "u": "I", "x": "q", "t": "Q",
         "d": "d", "h": "I"}
CALL, RETURN, ERROR, SIGNAL = 1, 2, 3, 4
NO_AUTO_START = 2
PATIENCE = 120  # seconds without a byte from the bus while answers are awaited: a bound


def _end(sig: str, i: int) -> int:
    """The index just past the single complete type starting at sig[i]."""
    c = sig[i]
    if c == "a":
        return _end(sig, i + 1)
    if c in "({":
        close = ")" if c == "(" else "}"
        i += 1
        while sig[i] != close:
            i = _end(sig, i)
        return i + 1
    return i + 1


def _types(sig: str) -> list[str]:
    out, i = [], 0
    while i < len(sig):
        j = _end(sig, i)
        out.append(sig[i:j])
        i = j
    return out


class Writer:
    def __init__(self) -> None:
        self.b = bytearray()

    def pad(self, n: int) -> None:
        self.b += b"\0" * (-len(self.b) % n)

    def put(self, t: str, v: Any) -> None:
        c = t[0]
        self.pad(ALIGN[c])
        if c in FIXED:
            self.b += struct.pack("<" + FIXED[c], v)
        elif c in "so":
            raw = v.encode()
            self.b += struct.pack("<I", len(raw)) + raw + b"\0"
        elif c == "g":
            raw = v.encode()
            self.b += bytes([len(raw)]) + raw + b"\0"
        elif c == "v":
            sig, value = v
            self.put("g", sig)
            self.put(sig, value)
        elif c == "a":
            at = len(self.b)
            self.b += b"\0\0\0\0"
            self.pad(ALIGN[t[1]])
            start = len(self.b)
            for item in v:
                self.put(t[1:], item)
            struct.pack_into("<I", self.b, at, len(self.b) - start)
        elif c in "({":
            for sub, item in zip(_types(t[1:-1]), v, strict=True):
                self.put(sub, item)
        else:
            raise ValueError(t)


class Reader:
    def __init__(self, data: bytes, at: int = 0) -> None:
        self.d, self.i = data, at

    def pad(self, n: int) -> None:
        self.i += -self.i % n

    def get(self, t: str) -> Any:
        c = t[0]
        self.pad(ALIGN[c])
        if c in FIXED:
            fmt = "<" + FIXED[c]
            (v,) = struct.unpack_from(fmt, self.d, self.i)
            self.i += struct.calcsize(fmt)
            return bool(v) if c == "b" else v
        if c in "so":
            (n,) = struct.unpack_from("<I", self.d, self.i)
            v = self.d[self.i + 4:self.i + 4 + n].decode()
            self.i += 5 + n
            return v
        if c == "g":
            n = self.d[self.i]
            v = self.d[self.i + 1:self.i + 1 + n].decode()
            self.i += 2 + n
            return v
        if c == "v":
            return self.get(self.get("g"))
        if c == "a":
            (n,) = struct.unpack_from("<I", self.d, self.i)
            self.i += 4
            self.pad(ALIGN[t[1]])
            end, items = self.i + n, []
            while self.i < end:
                items.append(self.get(t[1:]))
            return dict(items) if t[1] == "{" else items
        if c in "({":
            return tuple(self.get(sub) for sub in _types(t[1:-1]))
        raise ValueError(t)


def message(serial: int, kind: int, fields: dict[int, tuple[str, Any]], sig: str,
            args: tuple[Any, ...], flags: int = 0) -> bytes:
    body = Writer()
    for t, v in zip(_types(sig), args, strict=True):
        body.put(t, v)
    if sig:
        fields = {**fields, 8: ("g", sig)}
    head = Writer()
    head.b += struct.pack("<cBBBII", b"l", kind, flags, 1, len(body.b), serial)
    head.put("a(yv)", sorted(fields.items()))
    head.pad(8)
    return bytes(head.b + body.b)


class Connection:
    """One connection to a message bus; calls are sent together and their answers read as
    they come; signals met meanwhile go to `on_signal`."""

    def __init__(self, address: str) -> None:
        params = dict(p.split("=", 1) for p in address.split(":", 1)[1].split(","))
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(params["path"] if "path" in params else "\0" + params["abstract"])
        self.sock.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode()
                          + b"\r\n")
        reply = b""
        while not reply.endswith(b"\r\n"):
            reply += self.sock.recv(256)
        if not reply.startswith(b"OK "):
            raise ConnectionError(reply)
        self.sock.sendall(b"BEGIN\r\n")
        self.buf, self.at = b"", 0  # what was received; where the next message starts
        self.serial = 0
        self.on_signal: Callable[[str, str], None] = lambda iface, member: None
        self.name = self.call_many([("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                     "org.freedesktop.DBus", "Hello", "", ())])[0][1][0]

    def call_many(self, calls: list[tuple[str, str, str, str, str, tuple[Any, ...]]],
                  auto_start: bool = False) -> list[tuple[bool, Any]]:
        """(ok, body or error name) per call (destination, path, interface, member,
        signature, arguments), in order; all sent before the first answer is read."""
        out, waiting = bytearray(), {}
        for index, (dest, path, iface, member, sig, args) in enumerate(calls):
            self.serial += 1
            waiting[self.serial] = index
            out += message(self.serial, CALL, {1: ("o", path), 2: ("s", iface),
                                               3: ("s", member), 6: ("s", dest)},
                           sig, args, 0 if auto_start else NO_AUTO_START)
        self.sock.sendall(out)
        results: list[tuple[bool, Any]] = [(False, "")] * len(calls)
        while waiting:
            kind, fields, body = self.read(True)
            if kind in (RETURN, ERROR) and fields.get(5) in waiting:
                index = waiting.pop(fields[5])
                results[index] = (True, body) if kind == RETURN else (False, fields.get(4, ""))
        return results

    def read(self, block: bool) -> tuple[int, dict[int, Any], tuple[Any, ...]]:
        """The next message ((0, {}, ()) when none is whole yet and not `block`)."""
        while True:
            if len(self.buf) - self.at >= 16:
                body_len, _, fields_len = struct.unpack_from("<III", self.buf, self.at + 4)
                head_len = 16 + fields_len + (-(16 + fields_len) % 8)
                if len(self.buf) - self.at >= head_len + body_len:
                    data = bytes(self.buf[self.at:self.at + head_len + body_len])
                    self.at += head_len + body_len
                    return self._parse(data, head_len)
            if not select.select([self.sock], [], [], PATIENCE if block else 0)[0]:
                if block:  # as libatspi's calls did, a walk gives up on a silent app
                    raise TimeoutError(f"no answer on the bus in {PATIENCE} s")
                return 0, {}, ()
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("the bus went away")
            self.buf = self.buf[self.at:] + chunk
            self.at = 0

    def _parse(self, data: bytes, head_len: int) -> tuple[int, dict[int, Any], tuple[Any, ...]]:
        if data[:1] != b"l":
            raise ValueError("a big-endian message")  # never from a bus on this machine
        kind = data[1]
        fields = dict(Reader(data, 12).get("a(yv)"))
        sig = fields.get(8, "")
        reader = Reader(data, head_len)
        body = tuple(reader.get(t) for t in _types(sig))
        if kind == SIGNAL:
            self.on_signal(fields.get(2, ""), fields.get(3, ""))
        return kind, fields, body

    def drain(self) -> None:
        """Read every message already there (signals go to `on_signal`)."""
        while self.read(False)[0]:
            pass

    def close(self) -> None:
        self.sock.close()

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for more to read (after `drain`); True if it came."""
        return bool(select.select([self.sock], [], [], seconds)[0])
