"""Every item model of the window is run through QAbstractItemModelTester somewhere in the
suite, and the tracking-code options table here, through every edit the editor makes.

"Run through" is read from the tests themselves: each `qtmodeltester.check(X)` or
`QAbstractItemModelTester(X, ...)` call, with `X` resolved to the class it is — a
constructor call, a local variable assigned one, a parameter's annotation or a fixture's
return annotation, an `assert isinstance(X, C)` before the call, or an attribute whose
class sets it (`self.model = OutboxModel(...)`). A call whose argument cannot be resolved
fails the check (it would otherwise count nothing, silently). A model class counts as
exercised when a checked model's class is it or inherits from it (`KeyedModel` through its
subclasses). The models are the `QAbstractItemModel` subclasses the `sellerdesk.ui`
modules define, found by importing them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from PySide6.QtCore import QAbstractItemModel, Qt

import sellerdesk.ui
from sellerdesk.ui.tracking.options import OptionsModel

ROOT = Path(__file__).resolve().parents[2]
_FIXTURE_FILES = (ROOT / "tests" / "support" / "fixtures.py",)


def ui_models() -> set[type]:
    """The QAbstractItemModel subclasses defined under `sellerdesk/ui`."""
    for info in pkgutil.walk_packages(sellerdesk.ui.__path__, "sellerdesk.ui."):
        importlib.import_module(info.name)
    found: set[type] = set()
    todo: list[type] = [QAbstractItemModel]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return {c for c in found if c.__module__.startswith("sellerdesk.ui.")}


# ---- Resolving a call's argument to a class --------------------------------------------------

def _class_named(node: ast.expr | None, namespace: dict[str, Any]) -> type | None:
    """The class an annotation or a callee names (`C`, `mod.C`, `C | None`,
    `Iterator[C]`)."""
    if isinstance(node, ast.BinOp):  # C | None
        return _class_named(node.left, namespace) or _class_named(node.right, namespace)
    if isinstance(node, ast.Subscript):  # Iterator[C], Generator[C, None, None]
        inner = node.slice.elts[0] if isinstance(node.slice, ast.Tuple) else node.slice
        return _class_named(inner, namespace)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _class_named(ast.parse(node.value, mode="eval").body, namespace)
    found = _named(node, namespace)
    return found if isinstance(found, type) else None


def _named(node: ast.expr | None, namespace: dict[str, Any]) -> object:
    """What a dotted name (`C`, `module.C`) stands for in `namespace`; None if nothing."""
    if isinstance(node, ast.Name):
        return namespace.get(node.id)
    if isinstance(node, ast.Attribute):
        return getattr(_named(node.value, namespace), node.attr, None)
    return None


def _attribute_class(owner: type, name: str) -> type | None:
    """The class of `owner().name`, from where the class (or a base) sets `self.name`."""
    for cls in owner.__mro__:
        if not cls.__module__.startswith("sellerdesk."):
            continue
        namespace = vars(sys.modules[cls.__module__])
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
        for node in ast.walk(tree):
            target, value, note = None, None, None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            elif isinstance(node, ast.AnnAssign):
                target, value, note = node.target, node.value, node.annotation
            if not (isinstance(target, ast.Attribute) and target.attr == name
                    and isinstance(target.value, ast.Name) and target.value.id == "self"):
                continue
            found = _class_named(note, namespace) if note is not None else None
            if found is None and isinstance(value, ast.Call):
                found = _class_named(value.func, namespace)
            if found is not None:
                return found
    return None


class _Scope:
    """One test function: its module's names, its parameters, its statements before a
    call."""

    def __init__(self, module: ModuleType, tree: ast.Module,
                 func: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.namespace = vars(module)
        self.tree = tree
        self.func = func

    def resolve(self, expr: ast.expr, line: int) -> type | None:
        asserted = self._asserted(expr, line)
        if asserted is not None:
            return asserted
        if isinstance(expr, ast.Call):
            found = _class_named(expr.func, self.namespace)
            if found is None and isinstance(expr.func, ast.Name):  # `kind: type[C]`, `kind()`
                found = next((_class_named(a.annotation, self.namespace)
                              for a in self.func.args.args if a.arg == expr.func.id), None)
            return found
        if isinstance(expr, ast.Attribute):
            owner = self.resolve(expr.value, line)
            return _attribute_class(owner, expr.attr) if owner is not None else None
        if isinstance(expr, ast.Name):
            return self._name(expr.id, line)
        return None

    def _asserted(self, expr: ast.expr, line: int) -> type | None:
        """`C` of an `assert isinstance(<expr>, C)` before `line` in the function."""
        text = ast.unparse(expr)
        for node in ast.walk(self.func):
            if (isinstance(node, ast.Assert) and node.lineno < line
                    and isinstance(node.test, ast.Call)
                    and isinstance(node.test.func, ast.Name)
                    and node.test.func.id == "isinstance" and len(node.test.args) == 2
                    and ast.unparse(node.test.args[0]) == text):
                return _class_named(node.test.args[1], self.namespace)
        return None

    def _name(self, name: str, line: int) -> type | None:
        assigned = [n for n in ast.walk(self.func) if isinstance(n, ast.Assign)
                    and n.lineno < line and any(isinstance(t, ast.Name) and t.id == name
                                                for t in n.targets)]
        if assigned:
            return self.resolve(max(assigned, key=lambda n: n.lineno).value, line)
        for arg in self.func.args.args:
            if arg.arg == name:
                return _class_named(arg.annotation, self.namespace) or self._fixture(name)
        return None

    def _fixture(self, name: str) -> type | None:
        """A fixture's class from its return annotation: this module's, then the shared
        ones."""
        places: list[tuple[ast.Module, dict[str, Any]]] = [(self.tree, self.namespace)]
        for path in _FIXTURE_FILES:
            module = importlib.import_module(_dotted(path))
            places.append((ast.parse(path.read_text(encoding="utf-8")), vars(module)))
        for tree, namespace in places:
            for node in tree.body:
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) \
                        and node.name == name:
                    return _class_named(node.returns, namespace)
        return None


def _dotted(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _is_check(call: ast.Call) -> bool:
    func = call.func
    return ((isinstance(func, ast.Attribute) and func.attr == "check"
             and isinstance(func.value, ast.Name) and func.value.id == "qtmodeltester")
            or (isinstance(func, ast.Name) and func.id == "QAbstractItemModelTester"))


def checked_calls() -> Iterator[tuple[str, type | None]]:
    """(where, the class of the model checked) for each model-tester call in the tests."""
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if "qtmodeltester.check(" not in text and "QAbstractItemModelTester(" not in text:
            continue
        tree = ast.parse(text)
        module = importlib.import_module(_dotted(path))
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            scope = _Scope(module, tree, func)
            for call in ast.walk(func):
                if isinstance(call, ast.Call) and _is_check(call) and call.args:
                    where = f"{path.relative_to(ROOT)}:{call.lineno}"
                    yield where, scope.resolve(call.args[0], call.lineno)


def test_every_model_is_checked_by_the_model_tester() -> None:
    models = ui_models()
    names = {m.__name__ for m in models}
    assert {"OrdersTableModel", "OptionsModel", "KeyedModel"} <= names  # the scan works
    calls = list(checked_calls())
    unresolved = [where for where, cls in calls if cls is None]
    assert not unresolved, f"model-tester calls whose model's class is not known: {unresolved}"
    checked = [cls for _, cls in calls if cls is not None]
    exercised = {m for m in models if any(issubclass(c, m) for c in checked)}
    assert sorted(m.__qualname__ for m in models - exercised) == []


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
