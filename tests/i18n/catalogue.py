"""Helpers of the translation tests: run lupdate over the code, read Qt .ts files.

pyside6-lupdate extracts only `self.tr("…")`, `QCoreApplication.translate("Ctx", "…")`
and `QT_TRANSLATE_NOOP("Ctx", "…")` with literal strings, so what it finds is exactly what
the translators get; anything else stays English.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "sellerdesk"
TRANSLATIONS = ROOT / "resources" / "translations"
LANGUAGES = ("es", "pt_BR")
NUMERUS_FORMS = {"es": 2, "pt_BR": 2, "en": 2}  # one / other

Key = tuple[str, str, str]  # (context, source, disambiguation)

_BRACES = re.compile(r"\{[^{}]*\}")
_PERCENT = re.compile(r"%L?n|%L?\d")
_ACCELERATOR = re.compile(r"(?<!&)&(?!&)(?=\S)")


@dataclass(frozen=True)
class Message:
    context: str
    source: str
    comment: str  # lupdate's disambiguation
    numerus: bool
    forms: tuple[str, ...]  # the translation; its numerus forms for a count
    finished: bool

    @property
    def key(self) -> Key:
        return (self.context, self.source, self.comment)

    def label(self) -> str:
        extra = f" [{self.comment}]" if self.comment else ""
        return f"{self.context}: {self.source!r}{extra}"


def source_files() -> list[Path]:
    """What `./run translations` scans: the package without the sandbox (it has no UI)."""
    return sorted(p for p in PACKAGE.rglob("*.py") if "sandbox" not in p.relative_to(PACKAGE).parts)


def lupdate_program() -> str:
    name = "pyside6-lupdate" + (".exe" if os.name == "nt" else "")
    beside = Path(sys.executable).with_name(name)
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise RuntimeError("pyside6-lupdate not found (it comes with PySide6)")
    return found


def extract(out: Path, lang: str = "es") -> dict[Key, Message]:
    """Run lupdate over the code into a fresh `out` .ts and read what it found."""
    files = [str(p.relative_to(ROOT)) for p in source_files()]
    done = subprocess.run([lupdate_program(), "-no-obsolete", "-locations", "none",
                           "-target-language", lang, *files, "-ts", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return read_ts(out)


def read_ts(path: Path) -> dict[Key, Message]:
    messages: dict[Key, Message] = {}
    for context in ET.parse(path).getroot().iter("context"):
        context_name = context.findtext("name") or ""
        for node in context.iter("message"):
            translation = node.find("translation")
            kind = translation.get("type", "") if translation is not None else "unfinished"
            numerus = node.get("numerus") == "yes"
            if translation is None:
                forms: tuple[str, ...] = ()
            elif numerus:
                forms = tuple(f.text or "" for f in translation.iter("numerusform"))
            else:
                forms = (translation.text or "",)
            message = Message(context_name, node.findtext("source") or "",
                              node.findtext("comment") or "", numerus, forms,
                              kind not in ("unfinished", "vanished", "obsolete"))
            messages[message.key] = message
    return messages


def translation_file(lang: str) -> Path:
    return TRANSLATIONS / f"sellerdesk_{lang}.ts"


def placeholders(text: str) -> list[str]:
    """`{name}` fields and Qt's `%n`/`%Ln`/`%1`, sorted (their order may change)."""
    return sorted(_BRACES.findall(text) + _PERCENT.findall(text))


def accelerators(text: str) -> int:
    return len(_ACCELERATOR.findall(text))


def problems_of(message: Message, lang: str) -> list[str]:
    """What is wrong with a translation (nothing when it is finished and faithful)."""
    if not message.finished:
        return ["not finished"]
    forms = message.forms
    if message.numerus and len(forms) != NUMERUS_FORMS[lang]:
        return [f"{len(forms)} plural forms, {lang} has {NUMERUS_FORMS[lang]}"]
    out = []
    for form in forms:
        if not form.strip():
            out.append("empty")
            continue
        if placeholders(form) != placeholders(message.source):
            out.append(f"placeholders {placeholders(form)} instead of "
                       f"{placeholders(message.source)} in {form!r}")
        if accelerators(form) != accelerators(message.source):
            out.append(f"keyboard accelerator (&) lost or added in {form!r}")
        if message.source.endswith("…") != form.endswith("…"):
            out.append(f"the ellipsis (…: the command asks more) differs in {form!r}")
    return out
