"""The core's sentences for people are all declared for translation in core_messages.

The Qt-free core (api/, store/, services/, credentials.py) writes English; whatever of it can
reach the window is listed in sellerdesk/ui/core_messages.py, so lupdate extracts it.
"""

from __future__ import annotations

import ast
import re

from sellerdesk.ui.core_messages import MESSAGES, core_words
from tests.i18n.catalogue import PACKAGE

CORE = [PACKAGE / "api" / "errors.py", PACKAGE / "store" / "db.py",
        PACKAGE / "store" / "outbox_entries.py",
        PACKAGE / "services" / "outbox" / "settle.py",
        PACKAGE / "services" / "outbox" / "sender.py", PACKAGE / "credentials.py"]
# Calls whose text argument becomes a message for the seller.
_CARRIERS = {"Check", "StoreError", "CredentialsError"}
# Sentences around a name or a path, rare and read at start-up: said in English, as is.
_NOT_LISTED = {"There is no profile named {}.",
               "SellerDesk's settings file {} is damaged. Fix or remove it to start over.",
               "SellerDesk could not create its data folder {}.",
               # Named warnings the profile dialog translates itself (ui/dialogs/profiles.py).
               "Your system has no secure password store; the token is kept only until you "
               "close SellerDesk.",
               "Your system's password store did not accept the token; it is kept only until "
               "you close SellerDesk.",
               # The server's own reason follows the colon: the sentence is said as it came.
               "The shop service refused access: {reason}"}


def _pattern(node: ast.JoinedStr) -> str:
    return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)


def _sentences() -> list[tuple[str, str]]:
    """(where, text) of every message for people in the core; f-strings with {} holes."""
    found = []
    for path in CORE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            texts: list[ast.expr] = []
            if isinstance(node, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "default_message" for t in node.targets):
                texts.append(node.value)
            elif isinstance(node, ast.Assign) and node in tree.body and any(
                    isinstance(t, ast.Name) and t.id.isupper() for t in node.targets) \
                    and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str) and node.value.value.endswith("."):
                texts.append(node.value)  # a module's named sentence (api/errors.py)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in _CARRIERS:
                texts += [a for a in node.args if isinstance(a, ast.Constant | ast.JoinedStr)]
            elif isinstance(node, ast.FunctionDef) and node.name == "_gone_message":
                texts += [r.value for r in ast.walk(node)
                          if isinstance(r, ast.Return) and r.value is not None]
            for text in texts:
                where = f"{path.relative_to(PACKAGE)}:{text.lineno}"
                if isinstance(text, ast.Constant) and isinstance(text.value, str):
                    found.append((where, text.value))
                elif isinstance(text, ast.JoinedStr):
                    found.append((where, _pattern(text)))
    return found


def test_the_core_has_sentences_to_check() -> None:
    assert len(_sentences()) > 20


def test_every_core_sentence_is_declared_for_translation() -> None:
    missing = []
    for where, text in _sentences():
        if text in _NOT_LISTED:
            continue
        if "{}" in text:  # an f-string: each of its variants must be listed
            regex = re.compile(re.escape(text).replace(r"\{\}", ".+"))
            if not any(regex.fullmatch(m) for m in MESSAGES):
                missing.append(f"{where}: {text!r} (list each variant)")
        elif text not in MESSAGES:
            missing.append(f"{where}: {text!r}")
    assert not missing, "add to sellerdesk/ui/core_messages.py:\n  " + "\n  ".join(missing)


def test_unknown_words_pass_through() -> None:
    assert core_words("The question is already answered") == "The question is already answered"
    assert core_words(None) == "" and core_words("") == ""
