"""Output safety outside the inbox (issue 14, case 6): a tracking code named `\u202etxt.exe`,
a category, the shop's record and the window's shop lines carrying bidi overrides, line
separators and markup, set on the sandbox over HTTP and synced. Every one-line place shows
them through `safe_text.one_line`: one isolated run, no U+2028/U+2029, no markup
interpreted; the snippet's code editor (multi-line) keeps the exact text. Pictures of the
views are saved in the test's folder for a person to look at."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget
from pytestqt.qtbot import QtBot

from sellerdesk.api.enums import Event, Provider
from sellerdesk.services.safe_text import one_line
from sellerdesk.ui.categories.panel import CategoriesPanel
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.dashboard.shops import AllShops, ShopFigures
from sellerdesk.ui.main_window import MainWindow
from sellerdesk.ui.shop import ShopPanel
from sellerdesk.ui.tracking.confirmations import confirm_removal
from sellerdesk.ui.tracking.model import Column
from sellerdesk.ui.tracking.panel import TrackingPanel
from sellerdesk.ui.widgets.text import PlainLabel
from tests.support import http
from tests.support.sandbox import Sandbox

CODE_NAME = "\u202etxt.exe\u2028<b>dos</b>"
SNIPPET = "<script>\u202e)1(trela\u2028x</script>\nsecond line"
CATEGORY = "\u202egnp.exe\u2029<i>Ropa</i>"
PERMALINK = "https://tienda.example/ropa/\u202egnp.exe\u2028x"
SHOP = "\u202epohs <b>Tienda</b>\u2028dos"
CITY = "\u202eoirasoR\u2029<i>x</i>"
STREET = "Calle\u2028Falsa <b>123</b>"
PROFILE = "\u202eeliforp\u2028<u>mía</u>"
# One-line texts may hold the isolate marks (FSI, PDI) and nothing else of the sort; our own
# words around an isolated run may break a tooltip into lines, the run itself never.
_CONTROLS = ("\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066\u2067\u200e\u200f"
             "\u061c")
_OURS = re.compile(f"[{_CONTROLS}]")
_RUN = re.compile(f"[\n\u2068{_CONTROLS}]")  # nor a nested isolate
_ISOLATED = re.compile("\u2068(.*?)\u2069", re.S)


def unsafe(text: str) -> bool:
    runs = _ISOLATED.findall(text)
    return any(_RUN.search(run) for run in runs) or bool(_OURS.search(_ISOLATED.sub("", text)))


def widget_texts(root: QWidget, exact: tuple[QWidget, ...] = ()) -> list[tuple[str, str]]:
    """(where, text) of every visible label, button, tooltip, accessible name and
    description under `root` (itself included); `exact` are multi-line places, left out."""
    found: list[tuple[str, str]] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible() or any(w is widget or w.isAncestorOf(widget)
                                         for w in exact):
            continue
        name = f"{type(widget).__name__} {widget.objectName()}"
        if isinstance(widget, QLabel):
            found.append((name, widget.text()))
            if "\u2068" in widget.text():  # outside words: never interpreted as markup
                assert widget.textFormat() == Qt.TextFormat.PlainText, name
        if isinstance(widget, QAbstractButton):
            found.append((name, widget.text()))
        for what, text in (("tooltip", widget.toolTip()),
                           ("accessible name", widget.accessibleName()),
                           ("accessible description", widget.accessibleDescription())):
            found.append((f"{name} {what}", text))
    return [(w, t) for w, t in found if t]


def model_texts(model: QAbstractItemModel, skip: set[tuple[int, int]] = frozenset()  # type: ignore[assignment]
                ) -> Iterator[tuple[str, str]]:
    """Every cell's display, tooltip and accessible text, the whole tree down; `skip`:
    (column, role) pairs that show a multi-line text exactly."""
    def walk(parent: QModelIndex) -> Iterator[tuple[str, str]]:
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
                             Qt.ItemDataRole.AccessibleTextRole):
                    value = index.data(role)
                    if isinstance(value, str) and (column, int(role)) not in skip:
                        yield f"row {row} column {column} role {role}", value
            yield from walk(model.index(row, 0, parent))

    yield from walk(QModelIndex())


def bad(texts: Iterator[tuple[str, str]] | list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(where, text) for where, text in texts if unsafe(text)]


def _patch(sb: Sandbox, path: str, body: dict[str, object]) -> None:
    r = httpx.patch(f"{sb.base_url}/_sandbox/{path}", params={"access_token": sb.token},
                    json=body, timeout=30)
    r.raise_for_status()


def make_hostile(sb: Sandbox) -> tuple[int, int]:
    """A hostile tracking code, category name and permalink, shop name and address, on the
    sandbox. The tracking code's id and the category's."""
    r = http.post(f"{sb.api}/metrics", params={"access_token": sb.token}, timeout=30,
                   json={"name": CODE_NAME, "code": SNIPPET, "provider": Provider.ADS.value,
                         "event": Event.NAVIGATION.value})
    r.raise_for_status()
    code_id = int(r.json()["id"])
    roots = sb.get("/categories/tree").json()
    parent = next(c for c in roots if c["children"])
    child = parent["children"][0]
    _patch(sb, f"categories/{child['id']}", {"name": CATEGORY, "permalink": PERMALINK})
    _patch(sb, "shop", {"shop_name": SHOP, "plan": "\u202enalp", "status": "\u202eon\u2028",
                        "url": "https://tienda.example/\u202emoc",
                        "email": "\u202eventas@tienda.example",
                        "address": {"city": CITY, "address": STREET, "zip": "\u2028C1000"}})
    return code_id, int(child["id"])


def test_the_sandbox_sets_record_texts_as_sent_and_refuses_anything_else(
        fresh_sandbox: Sandbox) -> None:
    _patch(fresh_sandbox, "shop", {"shop_name": SHOP, "address": {"city": CITY}})
    shop = fresh_sandbox.get("").json()
    assert (shop["shop_name"], shop["address"]["city"]) == (SHOP, CITY)
    assert shop["address"]["country"]  # the other address fields stay
    for path, body in (("shop", {"id": 5}), ("shop", {"plan": 3}),
                       ("shop", {"address": "x"}), ("categories/1", {"position": 2})):
        r = httpx.patch(f"{fresh_sandbox.base_url}/_sandbox/{path}", json=body,
                        params={"access_token": fresh_sandbox.token}, timeout=30)
        assert r.status_code == 400, (path, body, r.text)
    r = httpx.patch(f"{fresh_sandbox.base_url}/_sandbox/categories/999999", json={"name": "x"},
                    params={"access_token": fresh_sandbox.token}, timeout=30)
    assert r.status_code == 404
    r = httpx.patch(f"{fresh_sandbox.base_url}/_sandbox/shop", json={"shop_name": "x"},
                    params={"access_token": "wrong"}, timeout=30)
    assert r.status_code == 401


def test_hostile_names_stay_inert_in_every_view_outside_the_inbox(
        fresh_sandbox: Sandbox, live_ctx: UiContext, qtbot: QtBot, tmp_path: Path) -> None:
    code_id, category_id = make_hostile(fresh_sandbox)
    window = MainWindow(live_ctx)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.set_shop(PROFILE, "tienda.example\u2028/\u202ev1")
    checked = 0

    # The sidebar and the window title.
    sidebar = window.sidebar
    assert sidebar.shop_name.text() == one_line(PROFILE) == "\u2068eliforp <u>mía</u>\u2069"
    assert sidebar.shop_detail.text() == "\u2068tienda.example /v1\u2069"
    assert not unsafe(window.windowTitle())

    # Tracking codes: the row, the editor's title, the delete question; the code exact.
    window.show_view("tracking")
    tracking = window.panel("tracking")
    assert isinstance(tracking, TrackingPanel)
    tracking.refresh()
    qtbot.waitUntil(lambda: any(r.code.id == code_id for r in tracking.model.items()),
                    timeout=30_000)
    row = next(i for i, r in enumerate(tracking.model.items()) if r.code.id == code_id)
    name_cell = tracking.model.index(row, Column.NAME)
    assert name_cell.data() == "\u2068txt.exe <b>dos</b>\u2069"  # reads as written
    snippet = tracking.model.index(row, Column.SNIPPET)
    assert snippet.data() == "\u2068<script>)1(trela\u2069"  # up to the first break
    assert snippet.data(Qt.ItemDataRole.AccessibleTextRole) == snippet.data()
    # The snippet's tooltip is the code itself, several lines, escaped: exact, like the editor.
    texts = list(model_texts(tracking.model, {(Column.SNIPPET, int(Qt.ItemDataRole.ToolTipRole))}))
    assert bad(texts) == []
    checked += len(texts)
    tracking.list.setCurrentIndex(name_cell)
    editor = tracking.editor
    qtbot.waitUntil(lambda: editor.row is not None and editor.row.code.id == code_id)
    assert editor.heading.text() == "\u2068txt.exe <b>dos</b>\u2069"
    assert isinstance(editor.heading, PlainLabel)
    assert editor.code_text() == SNIPPET  # multi-line: exactly as written, U+2028 too
    assert editor.name_edit.text() == CODE_NAME  # the field edits the name itself
    assert not editor.is_dirty()  # merely opened: nothing to save
    texts = widget_texts(tracking, exact=(editor.code_edit, editor.name_edit))
    assert bad(texts) == []
    checked += len(texts)
    box = confirm_removal(tracking, editor.row, lambda: None, lambda: None)  # type: ignore[arg-type]
    assert box.text() == "Delete “\u2068txt.exe <b>dos</b>\u2069” from the shop?"
    assert box.textFormat() == Qt.TextFormat.PlainText
    box.close()
    assert window.grab().save(str(tmp_path / "tracking-hostile.png"))

    # Categories: the tree, the record's title, path and permalink.
    window.show_view("categories")
    categories = window.panel("categories")
    assert isinstance(categories, CategoriesPanel)
    categories.refresh()
    model = categories.model
    qtbot.waitUntil(lambda: (c := model.category(model.index_of(category_id))) is not None
                    and c.name == CATEGORY, timeout=30_000)
    cell = model.index_of(category_id)
    assert cell.data() == "\u2068gnp.exe <i>Ropa</i>\u2069"
    assert model.index_of(category_id, 3).data() == "\u2068/ropa/gnp.exe x\u2069"
    texts = list(model_texts(model))
    assert bad(texts) == []
    checked += len(texts)
    assert categories.select_category(category_id)
    detail = categories.detail
    assert detail.card.title() == "\u2068gnp.exe <i>Ropa</i>\u2069"
    assert detail.permalink.shown_text() == one_line(PERMALINK)
    assert detail.permalink.address() == (  # the same page, encoded: nothing to reorder
        "https://tienda.example/ropa/%E2%80%AEgnp.exe%E2%80%A8x")
    texts = widget_texts(categories)
    assert bad(texts) == []
    checked += len(texts)
    assert window.grab().save(str(tmp_path / "categories-hostile.png"))

    # The shop's record.
    window.show_view("shop")
    shop = window.panel("shop")
    assert isinstance(shop, ShopPanel)
    shop.refresh()
    qtbot.waitUntil(lambda: shop.shop is not None and shop.shop.shop_name == SHOP,
                    timeout=30_000)
    assert shop.name_label.text() == "\u2068pohs <b>Tienda</b> dos\u2069"
    assert shop.address.value("city") == "\u2068oirasoR <i>x</i>\u2069"
    assert shop.address.value("street") == "\u2068Calle Falsa <b>123</b>\u2069"
    assert shop.about.value("plan") == "\u2068nalp\u2069"
    assert shop.email_link.shown_text() == "\u2068ventas@tienda.example\u2069"
    texts = widget_texts(shop)
    assert bad(texts) == []
    checked += len(texts)
    assert window.grab().save(str(tmp_path / "shop-hostile.png"))

    # The dashboard's All shops: a saved shop's name (a profile's) in its column.
    window.show_view("dashboard")
    shops = window.findChild(AllShops)
    assert shops is not None
    shops.show_shops([ShopFigures("test", None, current=True),
                      ShopFigures(PROFILE, None, "Not synced on this computer yet")])
    assert shops.buttons[PROFILE].accessibleName() == (
        "Switch to \u2068eliforp <u>mía</u>\u2069")
    texts = widget_texts(shops)
    assert bad(texts) == []
    checked += len(texts)
    assert window.grab().save(str(tmp_path / "dashboard-hostile.png"))
    texts = widget_texts(window.sidebar)
    assert bad(texts) == []
    checked += len(texts)
    print(f"{checked} one-line texts checked; pictures in {tmp_path}")
