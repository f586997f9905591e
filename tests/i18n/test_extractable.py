"""Strings for people reach lupdate: no helper hides them, none is built before translation.

lupdate reads the source, it does not run it: `_tr("Online")` through a module helper,
`self.tr(f"{n} orders")` or `self.tr("Sent " + when)` never reach the translators (or never
match what they translated). Words picked at run time from a table are fine when the table
marks them with QT_TRANSLATE_NOOP (see sellerdesk/ui/i18n.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.i18n.catalogue import ROOT, source_files

_TRANSLATE_OWNERS = {"QCoreApplication", "QApplication", "QGuiApplication"}


def _text_argument(call: ast.Call) -> tuple[ast.expr | None, ast.expr | None]:
    """(context, text) arguments when `call` is a translation call, else (None, None)."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "tr" and call.args:
        return None, call.args[0]
    translate = ((isinstance(func, ast.Name) and func.id in ("translate", "QT_TRANSLATE_NOOP"))
                 or (isinstance(func, ast.Attribute) and func.attr == "translate"
                 and isinstance(func.value, ast.Name) and func.value.id in _TRANSLATE_OWNERS))
    if translate and len(call.args) >= 2:
        return call.args[0], call.args[1]
    return None, None


def _is_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _wrappers(trees: dict[Path, ast.Module]) -> set[str]:
    """Functions that pass one of their parameters to tr()/translate() as the text."""
    names = set()
    for tree in trees.values():
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            params = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
            for call in ast.walk(fn):
                if isinstance(call, ast.Call):
                    _, text = _text_argument(call)
                    if isinstance(text, ast.Name) and text.id in params:
                        names.add(fn.name)
    return names


def test_every_translation_call_has_literal_text() -> None:
    trees = {p: ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in source_files()}
    wrappers = _wrappers(trees)
    found: list[str] = []
    for path, tree in trees.items():
        where = path.relative_to(ROOT)
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            context, text = _text_argument(call)
            if text is not None and isinstance(text, ast.JoinedStr | ast.BinOp | ast.Call):
                found.append(f"{where}:{call.lineno}: text built before translation "
                             f"({ast.unparse(text)[:60]}); use placeholders and .format()")
            if context is not None and not _is_literal(context):
                found.append(f"{where}:{call.lineno}: the context must be a literal string")
            func = call.func
            if (isinstance(func, ast.Name) and func.id in wrappers and call.args
                    and (_is_literal(call.args[0]) or isinstance(call.args[0], ast.JoinedStr))):
                found.append(f"{where}:{call.lineno}: {func.id}({ast.unparse(call.args[0])[:50]})"
                             " hides the string from lupdate; use self.tr() or "
                             "QCoreApplication.translate(\"Context\", ...)")
    assert not found, "strings lupdate cannot extract:\n  " + "\n  ".join(found)
