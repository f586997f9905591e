"""How a buyer is called, the same on every surface: the name they gave, else their nickname."""

from __future__ import annotations

from typing import Protocol


class Person(Protocol):
    @property
    def name(self) -> str | None: ...

    @property
    def nickname(self) -> str | None: ...


def buyer_name(person: Person | None) -> str:
    """The buyer's name as they gave it, else their nickname, else "" (raw: a view isolates
    and shortens it; `{buyer}` in an answer is filled with it)."""
    if person is None:
        return ""
    return person.name or person.nickname or ""


__all__ = ["Person", "buyer_name"]
