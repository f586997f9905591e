"""The Categories view: the sandbox's tree, the detail of a category, filter, links."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QUrl
from pytestqt.qtbot import QtBot

from sellerdesk.services.safe_text import one_line
from sellerdesk.ui.categories import CategoriesPanel
from sellerdesk.ui.categories.model import CategoryTreeModel, Column
from sellerdesk.ui.context import UiContext
from sellerdesk.ui.widgets import link_button
from tests.support.pictures import save_picture
from tests.support.sandbox import Sandbox


def _names(model: Any, parent: Any = None) -> list[Any]:
    from PySide6.QtCore import QModelIndex

    parent = parent or QModelIndex()
    out = []
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        out.append((model.data(index), _names(model, index)))
    return out


def _server_names(nodes: list[dict[str, Any]]) -> list[Any]:
    ordered = sorted(nodes, key=lambda n: (n.get("position") or 0, n["id"]))
    return [(one_line(n["name"]), _server_names(n.get("children") or [])) for n in ordered]


@pytest.fixture
def panel(live_ctx: UiContext, qtbot: QtBot) -> CategoriesPanel:
    view = CategoriesPanel(live_ctx)
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.show()
    with qtbot.waitSignal(view.loaded, timeout=20_000):
        view.activate()
    return view


def test_the_tree_is_the_sandbox_tree(panel: CategoriesPanel, fresh_sandbox: Sandbox,
                                      qtbot: QtBot, qtmodeltester: Any) -> None:
    server = fresh_sandbox.get("/categories/tree").json()
    assert _names(panel.model) == _server_names(server)
    qtmodeltester.check(panel.model)
    qtmodeltester.check(panel.proxy)
    assert "categor" in panel.header.subtitle()


def test_the_default_category_is_marked_in_words_and_shown(panel: CategoriesPanel,
                                                           fresh_sandbox: Sandbox) -> None:
    server = fresh_sandbox.get("/categories/tree").json()
    default = next(n for n in server if n.get("default_category"))
    index = panel.model.index_of(default["id"], Column.DEFAULT)
    assert panel.model.data(index) == "Default"
    selected = panel.selected_category()
    assert selected is not None and selected.id == default["id"]  # opens on the default one
    assert panel.detail.card.title() == one_line(default["name"])
    assert panel.detail.default_chip.text() == "Yes"


def test_selecting_a_leaf_shows_its_record_and_path(panel: CategoriesPanel,
                                                    fresh_sandbox: Sandbox, qtbot: QtBot,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    root = fresh_sandbox.get("/categories/tree").json()[0]
    child = sorted(root["children"], key=lambda c: c["position"])[0]
    leaf = sorted(child["children"], key=lambda c: c["position"])[0]
    assert panel.select_category(leaf["id"])
    card = panel.detail.card
    assert card.title() == one_line(leaf["name"])
    assert card.value("id") == str(leaf["id"])
    assert card.value("path") == f"{one_line(root['name'])} › {one_line(child['name'])}"
    assert card.value("position") == str(leaf["position"])
    assert card.value("created") != "—"
    opened: list[str] = []
    monkeypatch.setattr(link_button, "open_url", lambda url: opened.append(url.toString()))
    panel.open_permalink()
    assert opened == [leaf["permalink"]]
    save_picture(panel, "categories.png")


def test_the_filter_keeps_matches_with_their_parents(panel: CategoriesPanel,
                                                     qtbot: QtBot) -> None:
    panel.filter_edit.setText("taladr")
    assert panel.proxy.rowCount() == 1
    root = panel.proxy.index(0, 0)
    assert panel.proxy.data(root) == one_line("Herramientas")
    panel.filter_edit.setText("zzzz-nothing")
    assert panel.stack.currentWidget() is panel.no_match
    panel.filter_edit.clear()
    assert panel.stack.currentWidget() is panel.splitter


def test_the_filter_and_splitter_are_remembered(live_ctx: UiContext, qtbot: QtBot) -> None:
    first = CategoriesPanel(live_ctx)
    qtbot.addWidget(first)
    first.filter_edit.setText("moda")
    first.save_state()
    second = CategoriesPanel(live_ctx)
    qtbot.addWidget(second)
    second.restore_state()
    assert second.filter_edit.text() == "moda"


def test_without_services_the_empty_state_shows(ctx: UiContext, qtbot: QtBot) -> None:
    view = CategoriesPanel(ctx)
    qtbot.addWidget(view)
    view.activate()
    assert view.is_loaded()
    assert view.stack.currentWidget() is view.empty_state


def test_unsafe_links_are_never_opened(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(link_button, "open_url", opened.append)
    button = link_button.LinkButton("javascript:alert(1)")
    qtbot.addWidget(button)
    assert not button.isEnabled()
    button.click()
    button.set_address("https://example.com/a?b=1&c=2")
    assert button.isEnabled() and "&&" in button.text()
    button.click()
    assert [u.toString() for u in opened] == ["https://example.com/a?b=1&c=2"]


def test_the_tree_model_announces_changes_without_a_reset(qtbot: QtBot,
                                                          qtmodeltester: Any) -> None:
    from sellerdesk.api.models import Category

    model = CategoryTreeModel()
    qtmodeltester.check(model)
    tree = [Category(id=1, name="A", position=1,
                     children=[Category(id=2, name="B", position=1, parent_id=1)])]
    model.set_tree(tree)
    renamed = [Category(id=1, name="A", position=1,
                        children=[Category(id=2, name="B2", position=1, parent_id=1)])]
    with qtbot.assertNotEmitted(model.modelReset), \
            qtbot.waitSignal(model.dataChanged, timeout=1000):
        model.set_tree(renamed)
    assert model.data(model.index_of(2)) == one_line("B2")
    qtmodeltester.check(model)


def test_a_link_is_described_in_plain_text_and_wraps_whole(qtbot: QtBot) -> None:
    """Screen readers read the description as is: never the tooltip's markup. A long
    permalink wraps at its separators rather than being cut in the middle."""
    address = "https://tienda.example.com/categorias/herramientas/electricas/taladros-y-mas"
    button = link_button.LinkButton(address, what="the category's page")
    qtbot.addWidget(button)
    description = button.accessibleDescription()
    assert description == f"Open {address}"
    assert "<" not in description and "<" not in button.accessibleName()
    assert button.accessibleName() == f"Open the category's page: {address}"
    button.resize(160, button.heightForWidth(160))
    assert button.lines() > 1
    assert button.height() >= button.heightForWidth(button.width())
    assert button.shown_text() == address  # the words read and copied carry no break marks
    button.set_address("file:///etc/passwd")
    assert button.accessibleDescription() == "Not a web address SellerDesk opens"
