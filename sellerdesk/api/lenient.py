"""One record read field by field (docs/decisions.md, "A record is read field by field").

The strict decoder runs first and reads almost every record. When it fails, msgspec names
the first field it could not read (`... - at `$.payments[0].paid_date``); that field gets a
fallback in the record's untyped document and the record is decoded again, field after
field, up to `MAX_FIXES`:

- a number or true/false where the model wants text: its text, as it came;
- a date in another ISO 8601 spelling that carries an offset: that instant;
- anything else: left out, so the field is empty (its default), or a list entry dropped.

Vital fields get no fallback: the record's `id`, and, in records that carry money (orders,
and what is read alone from them), every amount. A record whose vital field cannot be read
raises `Unreadable`. Messages name fields by path and say what was wrong with their type,
never their values (they go to the log).
"""

from __future__ import annotations

import functools
import re
import types
import typing
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any, Final

import msgspec

from sellerdesk.api.base import MONEY_NOT_FINITE
from sellerdesk.api.decoding import decoder, exact_encoder, untyped

MAX_FIXES: Final = 16  # more odd fields than this in one record: it is not the shape we know

_AT = re.compile(r" - at `(\$[^`]*)`$")
_TOKEN = re.compile(r"\.([^.\[]+)|\[(\d+)\]")
_QUOTED = re.compile(r"'[^']*'")

Token = str | int


class Unreadable(ValueError):
    """A record that cannot be read: its vital `path` (or the record, `$`) and why."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{why} at `{path}`")
        self.path = path
        self.why = why


class Fix(msgspec.Struct, frozen=True):
    """One field read leniently: its path and how (`text`, `instant`, `empty`, `dropped`)."""

    path: str
    how: str


def safe_reason(message: str) -> str:
    """A decode error's words without the values it quotes (a log must not hold them)."""
    return _QUOTED.sub("'…'", _AT.sub("", message)).strip()[:200] or "unreadable"


def error_path(message: str) -> str:
    found = _AT.search(message)
    return found.group(1) if found else "$"


def _tokens(path: str) -> list[Token] | None:
    body = path[1:]
    tokens: list[Token] = []
    pos = 0
    for m in _TOKEN.finditer(body):
        if m.start() != pos:
            return None
        tokens.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        pos = m.end()
    return tokens if pos == len(body) else None


def _members(tp: Any) -> tuple[Any, ...]:
    """The kinds a field may hold (`int | None` -> (int,)), Annotated stripped."""
    if typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return tuple(m for a in typing.get_args(tp) for m in _members(a))
    return () if tp is type(None) else (tp,)


@functools.lru_cache(maxsize=256)
def _fields(cls: type[msgspec.Struct]) -> dict[str, Any]:
    return {f.encode_name: f.type for f in msgspec.structs.fields(cls)}


def _child(tp: Any, token: Token) -> Any:
    """The type at `token` inside a value of type `tp`, or None when it has no such part."""
    for member in _members(tp):
        if isinstance(token, str) and isinstance(member, type) \
                and issubclass(member, msgspec.Struct):
            return _fields(member).get(token)
        if isinstance(token, int) and typing.get_origin(member) is list:
            return typing.get_args(member)[0]
    return None


def _type_at(tp: Any, tokens: list[Token]) -> Any:
    for token in tokens:
        tp = _child(tp, token)
        if tp is None:
            return None
    return tp


def _is(tp: Any, kind: type) -> bool:
    return any(isinstance(m, type) and issubclass(m, kind) for m in _members(tp))


def _money_is_vital(tp: Any) -> bool:
    return bool(getattr(tp, "MONEY_IS_VITAL", False))


def _finite(value: Any) -> bool:
    try:
        return Decimal(str(value)).is_finite()
    except (InvalidOperation, ValueError):
        return False


def _instant(value: str) -> str | None:
    """Another ISO 8601 spelling of an instant (`2024-03-05T18:22Z`) in RFC 3339; None for
    a time without an offset (no one can say which clock it was read on) or no date."""
    try:
        when = datetime.fromisoformat(value.strip())
    except ValueError:
        return None
    return when.isoformat() if when.tzinfo is not None else None


class _Doc:
    """The record's untyped document and the fixes made to it."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.fixes: list[Fix] = []

    def parent(self, tokens: list[Token]) -> Any:
        node: Any = self.data
        for token in tokens[:-1]:
            node = node[token]
        return node

    def fix(self, tp: Any, path: str, message: str) -> None:
        tokens = _tokens(path)
        if not tokens:
            raise Unreadable(path, safe_reason(message))
        field_tp = _type_at(tp, tokens)
        if tokens == ["id"] or (_money_is_vital(tp) and field_tp is not None
                                and _is(field_tp, Decimal)):
            raise Unreadable(path, safe_reason(message))
        try:
            parent, key = self.parent(tokens), tokens[-1]
            value = parent[key]
        except (KeyError, IndexError, TypeError) as exc:
            raise Unreadable(path, safe_reason(message)) from exc
        if message.startswith(MONEY_NOT_FINITE):
            self._money(tp, tokens, path, message)
            return
        if field_tp is not None and isinstance(value, int | Decimal) and _is(field_tp, str):
            parent[key] = str(value).lower() if isinstance(value, bool) else str(value)
            self.fixes.append(Fix(path, "text"))
            return
        if field_tp is not None and isinstance(value, str) and _is(field_tp, datetime):
            instant = _instant(value)
            if instant is not None and instant != value:
                parent[key] = instant
                self.fixes.append(Fix(path, "instant"))
                return
        del parent[key]
        self.fixes.append(Fix(path, "dropped" if isinstance(key, int) else "empty"))

    def _money(self, tp: Any, tokens: list[Token], path: str, message: str) -> None:
        """A non-finite amount inside the struct at `path` (checked after decoding, so
        msgspec names the struct): vital, or each such amount left empty."""
        struct_tp = _type_at(tp, tokens)
        node = self.parent(tokens)[tokens[-1]]
        odd = [name for name, ftp in _fields_of(struct_tp).items()
               if _is(ftp, Decimal) and isinstance(node, dict) and name in node
               and not _finite(node[name])]
        if _money_is_vital(tp) or not odd:
            raise Unreadable(path, safe_reason(message))
        for name in odd:
            del node[name]
            self.fixes.append(Fix(f"{path}.{name}", "empty"))


def _fields_of(tp: Any) -> dict[str, Any]:
    for member in _members(tp):
        if isinstance(member, type) and issubclass(member, msgspec.Struct):
            return _fields(member)
    return {}


def read(raw: bytes | msgspec.Raw, tp: type[Any]) -> tuple[Any, list[Fix]]:
    """`raw` as a `tp`, field by field: the record and the fields read leniently.

    Raises `Unreadable` when its id or (in orders) its money cannot be read, when it is no
    JSON object, or after `MAX_FIXES` fields."""
    dec = decoder(tp)  # type: ignore[arg-type]
    try:
        return dec.decode(raw), []
    except msgspec.ValidationError as exc:
        message = str(exc)
    except Exception as exc:  # DecodeError, RecursionError, hook errors...
        raise Unreadable("$", safe_reason(str(exc) or type(exc).__name__)) from None
    try:
        data = untyped.decode(raw)
    except Exception:
        raise Unreadable("$", "not JSON") from None
    if not isinstance(data, dict):
        raise Unreadable("$", safe_reason(message))
    doc = _Doc(data)
    for _ in range(MAX_FIXES):
        doc.fix(tp, error_path(message), message)
        try:
            return dec.decode(exact_encoder.encode(doc.data)), doc.fixes
        except msgspec.ValidationError as exc:
            message = str(exc)
        except Exception as exc:
            raise Unreadable("$", safe_reason(str(exc) or type(exc).__name__)) from None
    raise Unreadable(error_path(message), f"more than {MAX_FIXES} fields unreadable")


__all__ = ["MAX_FIXES", "Fix", "Unreadable", "error_path", "read", "safe_reason"]
