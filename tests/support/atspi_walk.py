"""Walk an application's accessibility tree over AT-SPI, as a screen reader meets it.

Run by Debian's own `/usr/bin/python3` (pyatspi and its GObject bindings live in
`/usr/lib/python3/dist-packages`, which the project's virtual environment does not see), as
a child process of the test:

    /usr/bin/python3 tests/support/atspi_walk.py SellerDesk

prints one JSON object: `{"found": bool, "apps": [...], "nodes": [...]}`. With
`--act KIND PARENT CHILD` it does instead what a screen reader does to the child of the
object named PARENT whose name starts with CHILD — `select` (Selection.selectChild),
`focus` (Component.grabFocus) or `toggle` (its Action "Toggle") — and prints
`{"found": bool, "done": bool}`. Each node is what
assistive technology reads of one object: its path in the tree, role, name, description,
states, value (a value interface's number), text (a text interface's content), actions and
child count. Only objects that are showing are walked (and the menu bar's menus, closed
but one key away); item views (tables, trees, lists) are walked for their first `--cells`
children only, which is enough to find a row without names and keeps a walk of a long
table short.

Standard library and pyatspi only; it imports nothing of SellerDesk.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

ITEM_VIEWS = {"table", "tree table", "tree", "list", "list box"}


def _safe(call: Any, default: Any) -> Any:
    try:
        return call()
    except Exception:  # an object gone while read, an interface it does not have
        return default


def describe(acc: Any, path: str, pyatspi: Any) -> dict[str, Any]:
    states = _safe(lambda: [pyatspi.stateToString(s) for s in acc.getState().getStates()], [])
    node: dict[str, Any] = {
        "path": path,
        "role": _safe(acc.getRoleName, ""),
        "name": _safe(lambda: acc.name, "") or "",
        "description": _safe(lambda: acc.description, "") or "",
        "states": sorted(states),
        "children": _safe(lambda: acc.childCount, 0),
    }
    interfaces = set(_safe(acc.get_interfaces, []))
    node["interfaces"] = sorted(interfaces)
    if "Value" in interfaces:
        node["value"] = _safe(lambda: acc.queryValue().currentValue, None)
    if "Text" in interfaces:
        node["text"] = _safe(lambda: acc.queryText().getText(0, -1), None)
    if "Action" in interfaces:
        node["actions"] = _safe(lambda: _actions(acc.queryAction()), [])
    return node


def _actions(action: Any) -> list[str]:
    return [action.getName(i) for i in range(action.nActions)]


def _child(acc: Any, index: int) -> Any:
    return _safe(lambda: acc.getChildAtIndex(index), None)


def walk(root: Any, pyatspi: Any, *, cells: int, limit: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    todo: list[tuple[Any, str, bool]] = [(root, "0", False)]
    while todo and len(out) < limit:
        acc, path, in_menus = todo.pop()
        node = describe(acc, path, pyatspi)
        if path != "0" and "showing" not in node["states"] and not in_menus:
            continue  # hidden: a screen reader does not reach it either
        out.append(node)
        count = node["children"]
        if node["role"] in ITEM_VIEWS:
            count = min(count, cells)
        # The menu bar's menus are closed, yet one key away: walked as if open.
        menus = in_menus or node["role"] == "menu bar"
        kids = [(_child(acc, i), f"{path}.{i}", menus) for i in range(count)]
        todo.extend(reversed([k for k in kids if k[0] is not None]))
    return out


def _find(root: Any, name: str, limit: int = 5000) -> Any:
    """The first showing object named `name` under `root` (breadth first)."""
    todo, seen = [root], 0
    while todo and seen < limit:
        acc = todo.pop(0)
        seen += 1
        if _safe(lambda a=acc: a.name, "") == name:
            return acc
        count = _safe(lambda a=acc: a.childCount, 0)
        if _safe(acc.getRoleName, "") in ITEM_VIEWS:
            continue  # the object sought is the view, not one of its cells
        todo.extend(c for i in range(count) if (c := _child(acc, i)) is not None)
    return None


def act(app: Any, kind: str, parent_name: str, child_prefix: str) -> bool:
    parent = _find(app, parent_name)
    if parent is None:
        return False
    for i in range(_safe(lambda: parent.childCount, 0)):
        child = _child(parent, i)
        if child is None or not (_safe(lambda c=child: c.name, "") or "").startswith(
                child_prefix):
            continue
        if kind == "select":
            return bool(parent.querySelection().selectChild(i))
        if kind == "focus":
            return bool(child.queryComponent().grabFocus())
        if kind == "toggle":
            action = child.queryAction()
            names = _actions(action)
            return "Toggle" in names and bool(action.doAction(names.index("Toggle")))
        raise ValueError(kind)
    return False


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("app", help="the application's name on the accessibility bus")
    parser.add_argument("--cells", type=int, default=40,
                        help="children walked of each table, tree or list")
    parser.add_argument("--limit", type=int, default=5000, help="objects walked at most")
    parser.add_argument("--act", nargs=3, metavar=("KIND", "PARENT", "CHILD"),
                        help="select, focus or toggle PARENT's child named CHILD...")
    args = parser.parse_args()
    import pyatspi  # Debian's python3-pyatspi

    desktop = pyatspi.Registry.getDesktop(0)
    apps = [_safe(lambda i=i: desktop.getChildAtIndex(i), None)
            for i in range(desktop.childCount)]
    names = [_safe(lambda a=a: a.name, "") for a in apps if a is not None]
    found = [a for a in apps if a is not None and _safe(lambda a=a: a.name, "") == args.app]
    if args.act:
        done = bool(found) and act(found[0], *args.act)
        json.dump({"found": bool(found), "done": done}, sys.stdout)
        return 0
    nodes = walk(found[0], pyatspi, cells=args.cells, limit=args.limit) if found else []
    json.dump({"found": bool(found), "apps": names, "nodes": nodes}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
