"""Every item model of the window is run through QAbstractItemModelTester somewhere in the
suite (pytest-qt's `qtmodeltester` or the tester itself), and the tracking-code options
table here, through every edit the editor makes."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from sellerdesk.ui.tracking.options import OptionsModel

ROOT = Path(__file__).resolve().parents[2]
_BASES = {"QAbstractItemModel", "QAbstractTableModel", "QAbstractListModel", "KeyedModel"}


def _models() -> set[str]:
    found = set()
    for path in (ROOT / "sellerdesk" / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(b, ast.Name) and b.id in _BASES for b in node.bases):
                found.add(node.name)
    return found


def test_every_model_is_checked_by_the_model_tester() -> None:
    models = _models()
    assert "OrdersTableModel" in models and "OptionsModel" in models  # the scan works
    checked = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        if "qtmodeltester" in text or "QAbstractItemModelTester" in text:
            checked |= {m for m in models if m in text}
    # KeyedModel is checked through its own tests; its subclasses through their views'.
    assert models - checked == set()


def test_the_options_model_through_every_edit(qtmodeltester: Any) -> None:
    model = OptionsModel()
    model.set_options({"id": "G-123", "debug": True, "ratio": 0.5})
    qtmodeltester.check(model)
    row = model.add_row()
    assert model.setData(model.index(row, 0), "extra", Qt.ItemDataRole.EditRole)
    assert model.setData(model.index(row, 1), "42", Qt.ItemDataRole.EditRole)
    assert model.options()["extra"] == "42"  # a new option's value is text
    model.remove_row(0)
    model.set_options({})
    assert model.rowCount() == 0
    qtmodeltester.check(model)
