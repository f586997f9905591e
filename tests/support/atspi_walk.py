"""Walk an application's accessibility tree over AT-SPI, as a screen reader meets it.

Run by Debian's own `/usr/bin/python3` (pyatspi and its GObject bindings live in
`/usr/lib/python3/dist-packages`, which the project's virtual environment does not see), as
a child process of the test:

    /usr/bin/python3 tests/support/atspi_walk.py SellerDesk [--act KIND PARENT CHILD]
    /usr/bin/python3 tests/support/atspi_walk.py SellerDesk --serve

A walk prints one JSON object: `{"found": bool, "apps": [...], "nodes": [...]}`. With
`--act KIND PARENT CHILD` it does instead what a screen reader does to the child of the
object named PARENT whose name starts with CHILD — `select` (Selection.SelectChild),
`focus` (Component.GrabFocus), `toggle` (its Action "Toggle") or `press` (its Action
"Press") — and prints `{"found": bool, "done": bool}`; with PARENT "" the object acted on
is the first showing one anywhere named CHILD (or described or, a combo box, labelled so:
its name is its value) that can do it. With `--serve` it stays: each line read on standard
input (`{"op": "walk"}` or `{"op": "act", "kind": ..., "parent": ..., "child": ...}`) is
answered by one such line, until standard input closes; it also hears the app's tree change
(objects added, removed, shown, hidden or renamed): `{"op": "wait", "seconds": S}` answers
`{"changes": N}`, the changes heard since the last walk or act began, once there is one or
after S seconds without. One process then serves every walk of a test: a new python3 and
its imports per walk cost more than the walk.

Each node is what assistive technology reads of one object: its path in the tree, role,
name, description, states, child count, interfaces, value (a value interface's number),
text (a text interface's content), and — where a check reads them — its actions (an object
without a name: one that acts must say what it is) and the names of what labels it
(`labelled_by`, a combo box: Linux reads it by its value). Only objects that are showing are
walked (and the menu bar's menus, closed but one key away); item views (tables, trees,
lists) are walked for their first `--cells` children only, which is enough to find a row
without names and keeps a walk of a long table short.

It asks AT-SPI's D-Bus methods itself (over the bus's socket, `atspi_wire.py`), the same
calls libatspi makes for pyatspi, and gives the role and state names pyatspi gives; a tree
level at a time, the level's calls sent together. That costs a fraction of libatspi's round
trip per property (it also asks an object for its interfaces again before each interface
it uses) and of GDBus's own machinery per call.

Standard library, `atspi_wire.py` and pyatspi's names only; it imports nothing of
SellerDesk.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any

import gi
from atspi_wire import Connection  # beside this file

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402  (Debian's python3-gi: role names)

ITEM_VIEWS = {"table", "tree table", "tree", "list", "list box"}
ACC = "org.a11y.atspi.Accessible"
PROPS = "org.freedesktop.DBus.Properties"
PREFIX = "org.a11y.atspi."
REGISTRY = ("org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root")
LIMITS = "org.freedesktop.DBus.Error.LimitsExceeded"
NULL_PATH = "/org/a11y/atspi/null"  # a child that is gone: no object
LABELLED_BY = int(Atspi.RelationType.LABELLED_BY)
ACTIONS = {"toggle": "Toggle", "press": "Press"}
# What changes a walk: objects added or removed, shown or hidden, renamed.
CHANGES = ("Object:ChildrenChanged:", "Object:StateChanged:Showing",
           "Object:PropertyChange:AccessibleName")
MATCHES = ("member='ChildrenChanged'", "member='StateChanged',arg0='showing'",
           "member='PropertyChange',arg0='accessible-name'")

Ref = tuple[str, str]  # (bus name, object path)
Call = tuple[Ref, str, str, Any]  # (object, interface, method, arguments or None)


class Failed:
    """A call answered with an error: an object gone, an interface it does not have."""


FAILED = Failed()


def _state_names() -> dict[int, str]:
    import pyatspi  # Debian's python3-pyatspi: the names a reader's scripts use

    return {int(value): name for value, name in pyatspi.state.STATE_VALUE_TO_NAME.items()}


STATES = _state_names()
ROLES: dict[int, str] = {}  # libatspi's name of each role number met


class Bus:
    """The accessibility bus, asked in batches: every call of a batch is sent before the
    first answer is awaited (the app answers them in turn; no round trip waits on another)."""

    def __init__(self) -> None:
        session = Connection(os.environ["DBUS_SESSION_BUS_ADDRESS"])
        # Asking the session bus for the accessibility bus starts it, as libatspi does.
        ok, address = session.call_many([("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                                          "GetAddress", "", ())], auto_start=True)[0]
        assert ok, address
        session.close()
        self.conn = Connection(address[0])
        self.conn.on_signal = self._heard
        self.changes = 0  # the app's events heard since the last walk began

    def _heard(self, interface: str, _member: str) -> None:
        if interface == PREFIX + "Event.Object":
            self.changes += 1

    def listen(self) -> None:
        """Hear the app's tree change (objects added or removed, shown or hidden, renamed),
        so the test waits for a change before walking again instead of walking to see."""
        # Only these reach this process (the listener's focus events are not its business).
        calls: list[Call] = [(("org.freedesktop.DBus", "/org/freedesktop/DBus"),
                              "org.freedesktop.DBus", "AddMatch", ("s", (
                                  f"type='signal',interface='{PREFIX}Event.Object',{rule}",)))
                             for rule in MATCHES]
        # An app sends only the events some listener asked the registry for.
        calls += [((REGISTRY[0], "/org/a11y/atspi/registry"), PREFIX + "Registry",
                   "RegisterEvent", ("sass", (event, [], ""))) for event in CHANGES]
        self.batch(calls)

    def wait(self, seconds: float) -> int:
        """The changes heard since the last walk began, waiting up to `seconds` for one."""
        self.conn.drain()
        deadline = time.monotonic() + seconds
        while not self.changes and self.conn.wait(max(0.0, deadline - time.monotonic())):
            self.conn.drain()
        return self.changes

    def batch(self, calls: Iterable[Call]) -> list[Any]:
        answers = self.conn.call_many([(bus, path, iface, method, *(args or ("", ())))
                                       for (bus, path), iface, method, args in calls])
        # Too many questions at once is this walker's fault, not the app's answer.
        refused = [error for ok, error in answers if not ok and error == LIMITS]
        if refused:
            raise RuntimeError(refused[0])
        # A failed call is what a reader's library turns into "nothing".
        return [body if ok else FAILED for ok, body in answers]

    def one(self, ref: Ref, iface: str, method: str, args: Any = None) -> Any:
        return self.batch([(ref, iface, method, args)])[0]


def prop(ref: Ref, name: str, iface: str = ACC) -> Call:
    return (ref, PROPS, "Get", ("ss", (iface, name)))


def first(result: Any, default: Any) -> Any:
    """The single value of a call's answer; `default` when the call failed."""
    return default if result is FAILED else result[0]


def states_of(result: Any) -> list[str]:
    words = first(result, [])
    bits = [i + 32 * n for n, word in enumerate(words) for i in range(32) if word >> i & 1]
    return sorted(STATES[b] for b in bits if b in STATES)


def role_of(result: Any) -> str:
    role = first(result, None)
    if role is None:
        return ""
    if role not in ROLES:
        try:
            ROLES[role] = str(Atspi.role_get_name(Atspi.Role(role)))
        except ValueError:  # a role this libatspi does not know
            ROLES[role] = ""
    return ROLES[role]


def refs(result: Any) -> list[Ref | None]:
    return [None if p == NULL_PATH else (b, p) for b, p in first(result, [])]


def ref_of(result: Any) -> Ref | None:
    """The object a call answered with (GetChildAtIndex); None when gone."""
    bus, path = first(result, ("", NULL_PATH))
    return None if path == NULL_PATH else (bus, path)


def apps(bus: Bus) -> list[tuple[Ref, str]]:
    """(root, name) of each application on the bus."""
    found = [r for r in refs(bus.one(REGISTRY, ACC, "GetChildren")) if r is not None]
    names = bus.batch(prop(r, "Name") for r in found)
    return [(r, first(n, "") or "") for r, n in zip(found, names, strict=True)]


def walk(bus: Bus, root: Ref, *, cells: int, limit: int) -> list[dict[str, Any]]:
    """What a reader meets, object by object, in the tree's order (paths "0", "0.1", ...);
    asked a level at a time."""
    out: list[dict[str, Any]] = []
    level: list[tuple[Ref, str, bool]] = [(root, "0", False)]
    while level and len(out) < limit:
        # A hidden object costs one question: a reader never reaches what is under it.
        told = bus.batch(c for ref, _, _ in level
                         for c in ((ref, ACC, "GetState", None), (ref, ACC, "GetRole", None)))
        shown: list[tuple[Ref, dict[str, Any], bool]] = []
        for i, (ref, path, in_menus) in enumerate(level):
            states, role = states_of(told[2 * i]), role_of(told[2 * i + 1])
            if path != "0" and "showing" not in states and not in_menus:
                continue
            node = {"path": path, "role": role, "states": states}
            # The menu bar's menus are closed, yet one key away: walked as if open.
            shown.append((ref, node, in_menus or role == "menu bar"))
        level = _describe(bus, shown, cells)
        out += [node for _, node, _ in shown]
    out.sort(key=lambda n: [int(p) for p in n["path"].split(".")])
    return out[:limit]


def _describe(bus: Bus, shown: list[tuple[Ref, dict[str, Any], bool]],
              cells: int) -> list[tuple[Ref, str, bool]]:
    """Fill each node in; the next level of objects to walk."""
    asks: list[tuple[int, str, Call]] = []
    for i, (ref, node, _) in enumerate(shown):
        asks += [(i, "name", prop(ref, "Name")), (i, "description", prop(ref, "Description")),
                 (i, "interfaces", (ref, ACC, "GetInterfaces", None))]
        # A table's cells are asked for one by one (all of them at once would make the app
        # build every cell's object); anything else's children come in one answer.
        asks.append((i, "count", prop(ref, "ChildCount")) if node["role"] in ITEM_VIEWS
                    else (i, "kids", (ref, ACC, "GetChildren", None)))
        if node["role"] == "combo box":  # said by its value: its label says what it is
            asks.append((i, "relations", (ref, ACC, "GetRelationSet", None)))
    kids: dict[int, list[Ref | None]] = {}
    relations: dict[int, Any] = {}
    for (i, what, _), got in zip(asks, bus.batch(a for _, _, a in asks), strict=True):
        node = shown[i][1]
        if what in ("name", "description"):
            node[what] = first(got, "") or ""
        elif what == "interfaces":
            node[what] = sorted(n[len(PREFIX):] if n.startswith(PREFIX) else n
                                for n in first(got, []))
        elif what == "count":
            node["children"] = first(got, 0)
        elif what == "kids":
            kids[i] = refs(got)
            node["children"] = len(kids[i])
        else:
            relations[i] = first(got, [])
    # Second round: what the first told to ask.
    asks = []
    for i, (ref, node, _) in enumerate(shown):
        if "Value" in node["interfaces"]:
            asks.append((i, "value", prop(ref, "CurrentValue", PREFIX + "Value")))
        if "Text" in node["interfaces"]:
            asks.append((i, "text", (ref, PREFIX + "Text", "GetText",
                                     ("ii", (0, -1)))))
        if "Action" in node["interfaces"] and not node["name"]:  # acts, yet says nothing?
            asks.append((i, "actions", prop(ref, "NActions", PREFIX + "Action")))
        if i not in kids:
            asks += [(i, "kid", (ref, ACC, "GetChildAtIndex", ("i", (k,))))
                     for k in range(min(node["children"], cells))]
        for kind, targets in relations.get(i, []):
            if kind == LABELLED_BY:
                asks += [(i, "label", prop(tuple(t), "Name")) for t in targets]
    for (i, what, _), got in zip(asks, bus.batch(a for _, _, a in asks), strict=True):
        node = shown[i][1]
        if what in ("value", "text"):
            node[what] = first(got, None)
        elif what == "actions":
            node["actions"] = first(got, 0)  # a count here; names below
        elif what == "kid":
            kids.setdefault(i, []).append(ref_of(got))
        else:
            node.setdefault("labelled_by", []).append(first(got, "") or "")
    # Third round: the names of the actions of an object without a name.
    asks = [(i, "action", (ref, PREFIX + "Action", "GetName", ("i", (k,))))
            for i, (ref, node, _) in enumerate(shown) for k in range(node.get("actions", 0))]
    for _, node, _ in shown:
        if "actions" in node:
            node["actions"] = []
    for (i, _, _), got in zip(asks, bus.batch(a for _, _, a in asks), strict=True):
        shown[i][1]["actions"].append(first(got, ""))
    return [(kid, f"{node['path']}.{k}", menus)
            for i, (_, node, menus) in enumerate(shown)
            for k, kid in enumerate(kids.get(i, [])) if kid is not None]


# Acting: what a reader's "find" and its commands do, one object at a time.

def _name(bus: Bus, ref: Ref) -> str:
    return first(bus.one(ref, PROPS, "Get", ("ss", (ACC, "Name"))), "") or ""


def _breadth_first(bus: Bus, root: Ref, visit: Callable[[Ref, int], tuple[bool, int | None]],
                   limit: int = 5000) -> Ref | None:
    """The first object, level by level, for which `visit(ref, depth)` says found; it also
    says how many of its children to look in."""
    level, seen, depth = [root], 0, 0
    while level and seen < limit:
        below: list[Ref] = []
        for ref in level:
            seen += 1
            found, count = visit(ref, depth)
            if found:
                return ref
            below += [r for r in _children(bus, ref, count) if r is not None]
        level, depth = below, depth + 1
    return None


def _children(bus: Bus, ref: Ref, count: int | None) -> list[Ref | None]:
    """All of an object's children (None), or its first `count` (a table's cells: asking
    for all of them makes the app build every cell's object)."""
    if count is None:
        return refs(bus.one(ref, ACC, "GetChildren"))
    count = min(count, first(bus.batch([prop(ref, "ChildCount")])[0], 0))
    return [ref_of(r) for r in bus.batch(
        (ref, ACC, "GetChildAtIndex", ("i", (i,))) for i in range(count))]


def _action_names(bus: Bus, ref: Ref) -> list[str]:
    count = first(bus.one(ref, PROPS, "Get", ("ss", (PREFIX + "Action",
                                                                    "NActions"))), 0)
    return [first(bus.one(ref, PREFIX + "Action", "GetName", ("i", (i,))), "")
            for i in range(count)]


def _can(bus: Bus, ref: Ref, kind: str) -> bool:
    if kind == "focus":
        return "focusable" in states_of(bus.one(ref, ACC, "GetState"))
    return ACTIONS.get(kind, "") in _action_names(bus, ref)


def _labelled_by(bus: Bus, ref: Ref) -> list[str]:
    return [_name(bus, tuple(t)) for kind, targets in first(
        bus.one(ref, ACC, "GetRelationSet"), []) if kind == LABELLED_BY for t in targets]


def _do(bus: Bus, ref: Ref, kind: str) -> bool:
    if kind == "focus":
        return bool(first(bus.one(ref, PREFIX + "Component", "GrabFocus"), False))
    names = _action_names(bus, ref)
    wanted = ACTIONS[kind]
    return wanted in names and bool(first(bus.one(
        ref, PREFIX + "Action", "DoAction", ("i", (names.index(wanted),))),
        False))


def act(bus: Bus, app: Ref, kind: str, parent_name: str, child_prefix: str) -> bool:
    if not parent_name:  # anywhere showing: what a reader's "find" lands on
        def showing(ref: Ref, depth: int) -> tuple[bool, int | None]:
            if depth and "showing" not in states_of(bus.one(ref, ACC, "GetState")):
                return False, 0
            role = role_of(bus.one(ref, ACC, "GetRole"))
            # A combo box is named by its value; what it chooses is said by its label.
            said = (_name(bus, ref), first(bus.batch([prop(ref, "Description")])[0], "") or "")
            if depth and (child_prefix in said or (
                    role == "combo box" and child_prefix in _labelled_by(bus, ref))) \
                    and _can(bus, ref, kind):
                return True, 0
            return False, 40 if role in ITEM_VIEWS else None

        found = _breadth_first(bus, app, showing)
        return found is not None and _do(bus, found, kind)

    def named(ref: Ref, depth: int) -> tuple[bool, int | None]:
        if _name(bus, ref) == parent_name:
            return True, 0
        # The object sought is the view, not one of its cells.
        return False, 0 if role_of(bus.one(ref, ACC, "GetRole")) in ITEM_VIEWS else None

    parent = _breadth_first(bus, app, named)
    if parent is None:
        return False
    for i, child in enumerate(refs(bus.one(parent, ACC, "GetChildren"))):
        if child is None or not _name(bus, child).startswith(child_prefix):
            continue
        if kind == "select":
            return bool(first(bus.one(parent, PREFIX + "Selection", "SelectChild",
                                      ("i", (i,))), False))
        if kind in ("focus", "toggle", "press"):
            return _do(bus, child, kind)
        raise ValueError(kind)
    return False


def answer(bus: Bus, app_name: str, request: dict[str, Any]) -> dict[str, Any]:
    if request.get("op") == "wait":
        return {"changes": bus.wait(request["seconds"])}
    bus.changes = 0  # a change heard from here on may not be in this answer
    on_bus = apps(bus)
    found = [ref for ref, name in on_bus if name == app_name]
    if request.get("op") == "act":
        done = bool(found) and act(bus, found[0], request["kind"], request["parent"],
                                   request["child"])
        return {"found": bool(found), "done": done}
    nodes = walk(bus, found[0], cells=request.get("cells", 40),
                 limit=request.get("limit", 5000)) if found else []
    return {"found": bool(found), "apps": [name for _, name in on_bus], "nodes": nodes}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("app", help="the application's name on the accessibility bus")
    parser.add_argument("--cells", type=int, default=40,
                        help="children walked of each table, tree or list")
    parser.add_argument("--limit", type=int, default=5000, help="objects walked at most")
    parser.add_argument("--act", nargs=3, metavar=("KIND", "PARENT", "CHILD"),
                        help="select, focus, toggle or press PARENT's child named "
                             "CHILD... (PARENT \"\": anywhere)")
    parser.add_argument("--serve", action="store_true",
                        help="answer one JSON request per line of standard input")
    args = parser.parse_args()
    bus = Bus()
    if args.serve:
        bus.listen()
        for line in sys.stdin:
            sys.stdout.write(json.dumps(answer(bus, args.app, json.loads(line))) + "\n")
            sys.stdout.flush()
        return 0
    request: dict[str, Any] = {"op": "walk", "cells": args.cells, "limit": args.limit}
    if args.act:
        request = {"op": "act", "kind": args.act[0], "parent": args.act[1],
                   "child": args.act[2]}
    json.dump(answer(bus, args.app, request), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
