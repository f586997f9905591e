"""Every view as a screen reader meets it: over AT-SPI, from outside the app.

`test_accessibility.py` asks Qt, in the test's own process, what it would say. This test
asks the accessibility bus, as Orca does: it starts `sellerdesk --demo` on a private X
server (Xvfb, Qt's xcb platform) inside a private D-Bus session with the accessibility bus
(at-spi2-core), switches to each view with its shortcut (Ctrl+0 ... Ctrl+6, sent with
xdotool), and walks the tree with the AT-SPI calls pyatspi makes, named as pyatspi names
them (`tests/support/atspi_walk.py`, run by Debian's own python3: the project's virtual
environment cannot import pyatspi). In each view:

- every object that takes focus or has an action has a name;
- every object that bears a value exposes it: progress bars and spin boxes their number,
  text fields their text, labels their words;
- every table, tree or list cell walked has a name;
- no description carries markup (a rich-text tooltip is read out tag by tag);
- no two objects a seller acts on share a name (a menu item is the twin of its command);
- every combo box has a label (on Linux it is read by its current value, and says what it
  chooses only through its labelled-by relation);
- no container (a filler, a scroll pane) is a Tab stop of its own, saying nothing.

Besides the views as they open, an inbox conversation and an order are opened (N, and
Ctrl+Shift+L then Down) and walked too.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.atspi_app import App, Walk, desktop, running

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"),
                       reason="AT-SPI is the Linux desktop's accessibility bus"),
    pytest.mark.timeout(1200),  # every view walked over the bus, on a loaded machine
]

@dataclass(frozen=True)
class Step:
    """Keys typed, then the view walked once its title shows and `gone` has left it."""

    name: str
    view: str
    keys: tuple[str, ...]
    title: str  # the start of the window title the view shows
    gone: str = ""  # a name on screen until the keys have done their work


STEPS = [
    Step("dashboard", "dashboard", ("ctrl+0",), "Dashboard"),
    Step("inbox", "inbox", ("ctrl+1",), "Inbox"),
    Step("inbox, a conversation open", "inbox", ("n",), "Inbox", gone="Pick a conversation"),
    Step("orders", "orders", ("ctrl+2",), "Orders"),
    Step("orders, an order open", "orders", ("ctrl+shift+l", "Down"), "Orders",
         gone="No order selected"),
    Step("categories", "categories", ("ctrl+3",), "Categories"),
    Step("tracking", "tracking", ("ctrl+4",), "Tracking codes"),
    Step("shop", "shop", ("ctrl+5",), "Shop"),
    Step("outbox", "outbox", ("ctrl+6",), "Outbox"),
]

# Roles a screen reader lands on or works with: each must say what it is.
NAMED_ROLES = {"push button", "toggle button", "check box", "radio button", "combo box",
               "text", "password text", "spin button", "slider", "table", "tree table",
               "tree", "list", "list box", "list item", "menu item", "check menu item",
               "radio menu item", "link", "page tab", "table cell", "tree item"}
VALUE_ROLES = {"progress bar", "spin button", "slider", "scroll bar", "dial"}
TEXT_ROLES = {"text", "password text", "spin button"}


@dataclass(frozen=True)
class Allowed:
    """A gap known in a view this test's author may not change; its owners close it."""

    view: str
    problem: str
    role: str
    inside: str | None  # the name of the object it is in; None: anywhere in the view
    why: str


# Known gaps, each in a view under other work; remove an entry when its gap is closed.
ALLOWED = [
    # The filter tree's group rows ("Payment", "Shipping"...) have an empty count column;
    # not focusable, so a keyboard user never lands on it (ui/orders/facet_model.py).
    Allowed("orders", "no name", "table cell", "Filters", "a group row's empty count cell"),
    # A QScrollArea exposes its scroll bars, which Qt leaves unnamed; never focusable, and
    # their value is read (ui/dashboard/panel.py's page, ui/tracking/panel.py's editor and
    # list, ui/orders/detail.py's scroller).
    Allowed("dashboard", "no name", "scroll bar", None, "the page's scroll bar"),
    Allowed("tracking", "no name", "scroll bar", None, "the list's and editor's scroll bars"),
    Allowed("orders", "no name", "scroll bar", None, "the order detail's scroll bar"),
]

# A tag in a description: a tooltip's rich text, which a screen reader reads out as is.
MARKUP = re.compile(r"</?[a-zA-Z][^>]*>")


Problem = tuple[str, str, str]  # (problem, role, path)


def problems(nodes: list[dict[str, Any]]) -> list[Problem]:
    """(problem, role, path) for each object a screen reader would meet badly."""
    out = []
    for n in nodes:
        role, name = n["role"], n["name"].strip()
        acts = bool(n.get("actions")) or "focusable" in n["states"]
        if not name and (role in NAMED_ROLES or acts):
            out.append(("no name", role, n["path"]))
        if role in VALUE_ROLES and n.get("value") is None:
            out.append(("no value", role, n["path"]))
        if role in TEXT_ROLES and n.get("text") is None:
            out.append(("no text", role, n["path"]))
        if role == "label" and not name:
            out.append(("empty label", role, n["path"]))
        if MARKUP.search(n["description"]):
            out.append(("markup in description", role, n["path"]))
    return out


# What a seller acts on by keyboard or with a reader's action (cells are read, not acted on).
INTERACTIVE = {"push button", "toggle button", "check box", "radio button", "combo box",
               "link", "page tab", "spin button", "slider", "text", "password text",
               "list item", "tree item"}
# Roles that hold other objects and say nothing themselves: never a Tab stop of their own.
CONTAINERS = {"filler", "panel", "scroll pane", "viewport", "section", "grouping"}


def in_menus(nodes: dict[str, dict[str, Any]], path: str) -> bool:
    """Under the menu bar: a menu item is the menus' twin of a command shown elsewhere."""
    while path:
        if nodes.get(path, {}).get("role") == "menu bar":
            return True
        path = path.rpartition(".")[0]
    return False


def interactive(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by_path = {n["path"]: n for n in nodes}
    return [n for n in nodes if n["role"] in INTERACTIVE and not in_menus(by_path, n["path"])
            and (n["role"] not in ("text", "password text") or "focusable" in n["states"])]


def same_names(nodes: list[dict[str, Any]]) -> list[Problem]:
    """Two objects a seller acts on, in one view, that a reader cannot tell apart."""
    seen: dict[tuple[str, str], str] = {}
    out = []
    for n in interactive(nodes):
        name = n["name"].strip()
        if not name or n["role"] in ("list item", "tree item"):
            continue  # unnamed is its own problem; rows are told apart by their row
        key = (n["role"], name)
        if key in seen:
            out.append((f"same name as {seen[key]}: {name!r}", n["role"], n["path"]))
        else:
            seen[key] = n["path"]
    return out


def label_problems(nodes: list[dict[str, Any]]) -> list[Problem]:
    """A combo box said only by its current value (Linux reads no other name for it), and
    a container that takes the focus and says nothing (a Tab stop on a filler)."""
    out = []
    for n in nodes:
        if n["role"] == "combo box" and not n.get("labelled_by"):
            out.append(("combo box without a label", n["role"], n["path"]))
        if n["role"] in CONTAINERS and "focusable" in n["states"]:
            out.append(("a Tab stop that is a container", n["role"], n["path"]))
    return out


def counts(nodes: list[dict[str, Any]]) -> dict[str, int]:
    """Per view, for the record: objects acted on, unnamed ones, ones no Tab reaches."""
    acted = interactive(nodes)
    return {"interactive": len(acted),
            "unnamed": sum(not n["name"].strip() for n in acted),
            "unreachable": sum("focusable" not in n["states"] for n in acted
                               if n["role"] not in ("list item", "tree item"))}


def parent(nodes: dict[str, dict[str, Any]], path: str) -> dict[str, Any]:
    return nodes.get(path.rpartition(".")[0], {})


def allowed(view_id: str, found: Problem, nodes: dict[str, dict[str, Any]]) -> bool:
    problem, role, path = found
    return any(a.view == view_id and a.problem == problem and a.role == role
               and (a.inside is None or parent(nodes, path).get("name") == a.inside)
               for a in ALLOWED)


def report(nodes: list[dict[str, Any]], found: list[Problem]) -> str:
    by_path = {n["path"]: n for n in nodes}
    lines = []
    for problem, role, path in found:
        node = by_path[path]
        up = parent(by_path, path)
        lines.append(f"{problem}: {role} at {path} (description {node['description']!r}, "
                     f"actions {node.get('actions')}, in {up.get('role')} {up.get('name')!r})")
    return "\n".join(lines)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    with desktop() as desk, running(
            desk, ["--demo", "--data-dir", str(tmp_path / "data"), "--lang", "en"],
            tmp_path / "app.log") as started:
        yield started


@pytest.mark.early  # long: started first (tests/conftest.py)
def test_every_view_reads_well_over_at_spi(app: App, tmp_path: Path) -> None:
    assert shutil.which("xdotool")

    def synced(w: Walk) -> bool:
        return (any(n.startswith("Synced ") for n in w.names())
                and not any(n["role"] == "progress bar" for n in w.nodes))

    app.settle(synced)
    walked: dict[str, int] = {}
    counted: dict[str, dict[str, int]] = {}
    failures: list[str] = []
    for step in STEPS:
        for keys in step.keys:
            app.key(keys)
        seen = app.settle(lambda w, step=step: w.title.startswith(step.title + " — ")
                          and not (step.gone and step.gone in w.names()))
        walked[step.name] = len(seen.nodes)
        # What the screen reader met, kept beside the app's log for a failure's reader.
        (tmp_path / f"{step.name}.json").write_text(json.dumps(seen.nodes, indent=1))
        by_path = {n["path"]: n for n in seen.nodes}
        found = [p for p in problems(seen.nodes) + same_names(seen.nodes)
                 + label_problems(seen.nodes) if not allowed(step.view, p, by_path)]
        if found:
            failures.append(f"{step.name}:\n{report(seen.nodes, found)}")
        counted[step.name] = counts(seen.nodes)
    print("objects walked per view:", walked, "in", app.walker.walks, "walks")
    print("per view (interactive, unnamed, unreachable by Tab):", json.dumps(counted))
    (tmp_path / "counts.json").write_text(json.dumps(counted, indent=1))
    assert not failures, "\n".join(failures)


def _values(seen: Walk) -> dict[str, dict[str, Any]]:
    """Read-only text objects by name: a record view's values ("Status: Active")."""
    return {n["name"]: n for n in seen.nodes
            if n["role"] == "text" and "read only" in n["states"]}


@pytest.mark.early  # long: started first (tests/conftest.py)
def test_actions_do_what_they_say_and_values_are_text(app: App) -> None:
    """Issue 25: a sidebar item selected or toggled over the bus switches the
    view (item 6); a record's values are focusable text named "caption: value" whose Text
    is the value (items 2 and 5)."""
    app.settle(lambda w: any(n.startswith("Synced ") for n in w.names())
               and not any(n["role"] == "progress bar" for n in w.nodes))
    for kind, item, title in (("select", "Categories", "Categories"),
                              ("toggle", "Tracking", "Tracking codes"),
                              ("select", "Shop", "Shop")):
        # A cell's grabFocus is refused by Qt (it answers false): not tried here.
        assert app.act(kind, "Views", item), (kind, item)
        app.settle(lambda w, title=title: w.title.startswith(title + " — "))
    shop = _values(app.settle(lambda w: w.title.startswith("Shop — ")
                              and "Status: Active" in _values(w)))
    for name, node in shop.items():
        assert "focusable" in node["states"], name
        assert name.endswith(": " + (node.get("text") or "")) or name.endswith(": empty"), name
    assert len(shop) >= 11, sorted(shop)
    for keys in ("ctrl+2", "ctrl+shift+l", "Down"):
        app.key(keys)
    order = _values(app.settle(lambda w: w.title.startswith("Orders — ")
                               and "No order selected" not in w.names()
                               and any(n.startswith("Your feedback: ") for n in _values(w))))
    for name, node in order.items():
        assert "focusable" in node["states"], name
        assert node.get("text") and name.endswith(node["text"]), name
    said = [n for n in order if n.endswith(": Pending")]
    assert len(said) == len(set(said))
    assert len(order) >= 15, sorted(order)
