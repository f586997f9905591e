"""Every string lupdate finds in the code has a finished, faithful translation in es and pt_BR.

When this fails after a change to the UI: run `./run translations` (it refreshes the .ts
files from the code, keeping every translation) and translate what it added.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.i18n.catalogue import (
    LANGUAGES,
    ROOT,
    Key,
    Message,
    extract,
    problems_of,
    read_ts,
    source_files,
    translation_file,
)


@pytest.fixture(scope="module")
def in_code(tmp_path_factory: pytest.TempPathFactory) -> dict[Key, Message]:
    """What lupdate extracts from sellerdesk/ (without the sandbox) right now."""
    return extract(tmp_path_factory.mktemp("lupdate") / "extracted.ts")


def test_lupdate_finds_the_ui_strings(in_code: dict[Key, Message]) -> None:
    contexts = {key[0] for key in in_code}
    # A few of each kind: self.tr in a panel, translate() in a module, QT_TRANSLATE_NOOP.
    assert {"StatusBar", "TrackingVocabulary", "Errors"} <= contexts
    assert ("StatusBar", "Online", "") in in_code
    assert ("TrackingVocabulary", "Web analytics", "") in in_code
    assert any(m.numerus for m in in_code.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_in_the_code_is_translated(lang: str, in_code: dict[Key, Message]) -> None:
    path = translation_file(lang)
    assert path.exists(), f"{path} is missing: run ./run translations"
    done = read_ts(path)
    missing = [m.label() for key, m in sorted(in_code.items()) if key not in done]
    unfinished = [f"{done[key].label()}: {', '.join(problems)}"
                  for key in sorted(in_code) if key in done
                  for problems in [problems_of(done[key], lang)] if problems]
    assert not missing and not unfinished, (
        f"{lang}: {len(missing)} strings not in {path.name} (run ./run translations), "
        f"{len(unfinished)} not translated or not faithful:\n  "
        + "\n  ".join(missing + unfinished))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numerus_messages_are_marked_as_such(lang: str, in_code: dict[Key, Message]) -> None:
    """A `%n` message must be extracted with its count (tr(text, "", n)), or Qt leaves
    "%n" on screen; the .ts must hold it with plural forms."""
    done = read_ts(translation_file(lang))
    wrong = [m.label() for key, m in in_code.items()
             if ("%n" in m.source or "%Ln" in m.source) and not m.numerus]
    wrong += [done[key].label() for key, m in in_code.items()
              if key in done and m.numerus != done[key].numerus]
    assert not wrong, "%n without a count, or stale plural forms: " + ", ".join(wrong)


def test_english_has_the_singular_of_every_count(in_code: dict[Key, Message]) -> None:
    """English needs a translation file for plurals only ("1 code", not "1 codes"):
    sellerdesk_en.ts is made with `lupdate -pluralonly`."""
    done = read_ts(translation_file("en"))
    wrong = [f"{m.label()}: {', '.join(problems_of(done[key], 'en')) if key in done else 'missing'}"
             for key, m in sorted(in_code.items()) if m.numerus
             if key not in done or problems_of(done[key], "en")]
    assert not wrong, "sellerdesk_en.ts (run ./run translations):\n  " + "\n  ".join(wrong)


def test_the_translation_files_are_well_formed() -> None:
    for lang in LANGUAGES:
        path: Path = translation_file(lang)
        text = path.read_text(encoding="utf-8")
        assert f'language="{lang}"' in text, f"{path.name}: wrong target language"
        assert "<location" not in text, f"{path.name}: keep it free of line numbers"


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _calls_in_code() -> list[tuple[str, str, str, bool]]:
    """(where, context, text, counted) of every translation call with literal text, as
    Python reads them: `self.tr` in a class, `QCoreApplication.translate`, QT_TRANSLATE_NOOP."""
    found = []

    def visit(node: ast.AST, where: str, klass: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                visit(child, where, child.name)
                continue
            if isinstance(child, ast.Call):
                func, args = child.func, child.args
                line = f"{where}:{child.lineno}"
                if (isinstance(func, ast.Attribute) and func.attr == "tr" and klass
                        and isinstance(func.value, ast.Name) and func.value.id == "self"
                        and args and _literal(args[0]) is not None):
                    found.append((line, klass, str(_literal(args[0])), len(args) >= 3))
                elif ((isinstance(func, ast.Attribute) and func.attr == "translate")
                      or (isinstance(func, ast.Name) and func.id == "QT_TRANSLATE_NOOP")) \
                        and len(args) >= 2 and _literal(args[0]) and _literal(args[1]):
                    found.append((line, str(_literal(args[0])), str(_literal(args[1])),
                                  len(args) >= 4))
            visit(child, where, klass)

    for path in source_files():
        visit(ast.parse(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)), None)
    return found


def test_lupdate_sees_every_translation_call(in_code: dict[Key, Message]) -> None:
    """lupdate's Python reader has blind spots: `QCoreApplication.translate` with a count
    that is not a number literal is read without plural forms, or (a call or an attribute
    as the count) not at all. Use `self.tr(text, "", n)` in a class for counts."""
    extracted = {(m.context, m.source): m.numerus for m in in_code.values()}
    lost, flat = [], []
    for where, context, text, counted in _calls_in_code():
        if (context, text) not in extracted:
            lost.append(f"{where}: {context}: {text!r}")
        elif counted and not extracted[(context, text)]:
            flat.append(f"{where}: {context}: {text!r}")
    assert not lost and not flat, (
        "lupdate does not extract these calls:\n  " + "\n  ".join(lost)
        + "\nor extracts them without their count (plural forms):\n  " + "\n  ".join(flat))
