"""Walk an application's accessibility tree over AT-SPI, as a screen reader meets it.

Run by Debian's own `/usr/bin/python3` (pyatspi and its GObject bindings live in
`/usr/lib/python3/dist-packages`, which the project's virtual environment does not see), as
a child process of the test:

    /usr/bin/python3 tests/support/atspi_walk.py SellerDesk

prints one JSON object: `{"found": bool, "apps": [...], "nodes": [...]}`. With
`--act KIND PARENT CHILD` it does instead what a screen reader does to the child of the
object named PARENT whose name starts with CHILD — `select` (Selection.selectChild),
`focus` (Component.grabFocus), `toggle` (its Action "Toggle") or `press` (its Action
"Press") — and prints `{"found": bool, "done": bool}`; with PARENT "" the object acted on
is the first showing one anywhere named CHILD (or described or, a combo box, labelled so:
its name is its value) that can do it.

Each node is what assistive technology reads of one object: its path in the tree, role,
name, description, states, value (a value interface's number), text (a text interface's
content), actions, the names of what labels it (`labelled_by`, when something does) and
child count. Only objects that are showing are walked (and the menu bar's menus, closed but
one key away); item views (tables, trees, lists) are walked for their first `--cells`
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
_PYATSPI: Any = None  # pyatspi, once imported by main()


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
    labels = _safe(lambda: _labelled_by(acc, pyatspi), [])
    if labels:
        node["labelled_by"] = labels
    return node


def _labelled_by(acc: Any, pyatspi: Any) -> list[str]:
    """The names of the objects `acc` is labelled by (its caption, for a combo box)."""
    found = []
    for relation in acc.getRelationSet():
        if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY:
            found += [_safe(lambda r=relation, i=i: r.getTarget(i).name, "") or ""
                      for i in range(relation.getNTargets())]
    return found


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


def _can(acc: Any, kind: str) -> bool:
    if kind == "focus":
        states = _safe(acc.getState, None)
        return states is not None and bool(_safe(
            lambda: states.contains(_PYATSPI.STATE_FOCUSABLE), False))
    wanted = {"toggle": "Toggle", "press": "Press"}.get(kind, "")
    return wanted in _safe(lambda: _actions(acc.queryAction()), [])


def _find_showing(root: Any, name: str, kind: str, limit: int = 5000) -> Any:
    """The first showing object named, described or (a combo box) labelled `name` that
    can do `kind` (breadth first)."""
    todo, seen = [root], 0
    while todo and seen < limit:
        acc = todo.pop(0)
        seen += 1
        states = _safe(acc.getState, None)
        showing = states is not None and bool(_safe(
            lambda s=states: s.contains(_PYATSPI.STATE_SHOWING), False))
        if acc is not root and not showing:
            continue
        # A combo box is named by its value; what it chooses is said by its label.
        said = (_safe(lambda a=acc: a.name, ""), _safe(lambda a=acc: a.description, ""))
        if acc is not root and (name in said or (
                _safe(acc.getRoleName, "") == "combo box"
                and name in _safe(lambda a=acc: _labelled_by(a, _PYATSPI), []))) \
                and _can(acc, kind):
            return acc
        count = _safe(lambda a=acc: a.childCount, 0)
        if _safe(acc.getRoleName, "") in ITEM_VIEWS:
            count = min(count, 40)
        todo.extend(c for i in range(count) if (c := _child(acc, i)) is not None)
    return None


def _do(acc: Any, kind: str) -> bool:
    if kind == "focus":
        return bool(acc.queryComponent().grabFocus())
    action = acc.queryAction()
    names = _actions(action)
    wanted = {"toggle": "Toggle", "press": "Press"}[kind]
    return wanted in names and bool(action.doAction(names.index(wanted)))


def act(app: Any, kind: str, parent_name: str, child_prefix: str) -> bool:
    if not parent_name:  # anywhere showing: what a reader's "find" lands on
        found = _find_showing(app, child_prefix, kind)
        return found is not None and _do(found, kind)
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
        if kind in ("focus", "toggle", "press"):
            return _do(child, kind)
        raise ValueError(kind)
    return False


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("app", help="the application's name on the accessibility bus")
    parser.add_argument("--cells", type=int, default=40,
                        help="children walked of each table, tree or list")
    parser.add_argument("--limit", type=int, default=5000, help="objects walked at most")
    parser.add_argument("--act", nargs=3, metavar=("KIND", "PARENT", "CHILD"),
                        help="select, focus, toggle or press PARENT's child named "
                             "CHILD... (PARENT \"\": anywhere)")
    args = parser.parse_args()
    import pyatspi  # Debian's python3-pyatspi

    global _PYATSPI
    _PYATSPI = pyatspi
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
