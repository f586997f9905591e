"""Every string lupdate finds in the code has a finished, faithful translation in es and pt_BR.

When this fails after a change to the UI: run `./run translations` (it refreshes the .ts
files from the code, keeping every translation) and translate what it added.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.i18n.catalogue import (
    LANGUAGES,
    Key,
    Message,
    extract,
    problems_of,
    read_ts,
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


def test_the_translation_files_are_well_formed() -> None:
    for lang in LANGUAGES:
        path: Path = translation_file(lang)
        text = path.read_text(encoding="utf-8")
        assert f'language="{lang}"' in text, f"{path.name}: wrong target language"
        assert "<location" not in text, f"{path.name}: keep it free of line numbers"
