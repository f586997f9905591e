"""The packaging recipes, checked without building: icons, Info.plist, desktop entry,
installer script, version, and the spec's excludes against what the app imports."""

from __future__ import annotations

import ast
import configparser
import plistlib
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import sellerdesk
from tests.packaging.support import APP, PACKAGING, ROOT, load

DESKTOP = ROOT / "resources" / "linux" / "sellerdesk.desktop"
APP_SVG = ROOT / "resources" / "icons" / "sellerdesk.svg"


@pytest.fixture(scope="module")
def build() -> object:
    return load("build")


@pytest.fixture(scope="module")
def pngs(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """The app icon drawn at every size, as build.py does (in a child: Qt offscreen)."""
    icons = load("icons")
    out = tmp_path_factory.mktemp("icons")
    res = subprocess.run([sys.executable, str(PACKAGING / "icons.py"), str(APP_SVG), str(out)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    return {size: out / icons.png_name(size) for size in icons.PNG_SIZES}


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_icon_pngs_have_their_sizes(pngs: dict[int, Path]) -> None:
    for size, path in pngs.items():
        assert _png_size(path.read_bytes()) == (size, size)


def test_ico_holds_every_windows_size(pngs: dict[int, Path], tmp_path: Path) -> None:
    icons = load("icons")
    target = tmp_path / "app.ico"
    icons.write_ico(pngs, target)
    data = target.read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(icons.ICO_SIZES))
    for i, size in enumerate(icons.ICO_SIZES):
        w, h, _c, _r, _planes, bpp, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        assert (w or 256, h or 256, bpp) == (size, size, 32)
        assert _png_size(data[offset:offset + length]) == (size, size)


def test_icns_holds_pngs_up_to_1024(pngs: dict[int, Path], tmp_path: Path) -> None:
    icons = load("icons")
    target = tmp_path / "app.icns"
    icons.write_icns(pngs, target)
    data = target.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    found: dict[bytes, tuple[int, int]] = {}
    pos = 8
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        found[kind] = _png_size(data[pos + 8:pos + length])
        pos += length
    assert pos == len(data)
    assert found[b"ic10"] == (1024, 1024) and found[b"icp4"] == (16, 16)


def test_version_comes_from_the_package_metadata(build: object) -> None:
    assert build.app_version() == sellerdesk.__version__  # type: ignore[attr-defined]


def test_info_plist_is_filled_in(build: object, tmp_path: Path) -> None:
    path = build.fill_info_plist(tmp_path, "1.2.3")  # type: ignore[attr-defined]
    with open(path, "rb") as fh:
        info = plistlib.load(fh)
    assert info["CFBundleShortVersionString"] == "1.2.3"
    assert info["CFBundleVersion"] == "1.2.3"
    assert info["CFBundleExecutable"] == APP
    assert re.fullmatch(r"[a-z]+(\.[A-Za-z0-9-]+)+", info["CFBundleIdentifier"])
    assert info["NSHighResolutionCapable"] is True
    assert re.fullmatch(r"\d+\.\d+", info["LSMinimumSystemVersion"])
    assert float(info["LSMinimumSystemVersion"]) >= 11.0


def test_windows_version_resource_parses(build: object, tmp_path: Path) -> None:
    path = build.windows_version_file(tmp_path, "1.2.3")  # type: ignore[attr-defined]
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text, mode="eval")
    assert isinstance(tree.body, ast.Call) and ast.unparse(tree.body.func) == "VSVersionInfo"
    assert "filevers=(1, 2, 3, 0)" in text and "StringStruct('ProductVersion', '1.2.3')" in text
    try:  # PyInstaller's own reader, where it can be imported (it wants pefile)
        from PyInstaller.utils.win32 import versioninfo
    except ImportError:
        return
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert info.ffi.fileVersionMS == (1 << 16) | 2 and info.ffi.fileVersionLS == 3 << 16


def test_desktop_entry(tmp_path: Path) -> None:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(DESKTOP, encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Name"] == APP
    assert entry["Exec"] == APP and entry["Terminal"] == "false"
    # app.py calls setDesktopFileName("sellerdesk"): Wayland matches window and entry by it
    assert DESKTOP.stem == entry["Icon"] == "sellerdesk"
    assert APP_SVG.is_file()
    for lang in ("es", "pt_BR"):
        assert entry[f"Comment[{lang}]"] and entry[f"GenericName[{lang}]"]
    validate = shutil.which("desktop-file-validate")
    if validate:
        res = subprocess.run([validate, str(DESKTOP)], capture_output=True, text=True)
        assert res.returncode == 0 and not res.stdout.strip(), res.stdout + res.stderr


def test_install_script_is_valid_sh() -> None:
    if not shutil.which("sh"):
        pytest.skip("no sh")
    res = subprocess.run(["sh", "-n", str(PACKAGING / "linux" / "install.sh")],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def test_inno_setup_script_matches_the_build(build: object) -> None:
    iss = (PACKAGING / "windows" / "sellerdesk.iss").read_text(encoding="utf-8")
    assert f'#define AppExe "{APP}.exe"' in iss
    # build.py looks for the installer under this name
    assert "OutputBaseFilename={#AppName}-{#AppVersion}-windows-{#Arch}-setup" in iss
    assert re.search(r"^AppId=\{\{[0-9A-F-]{36}\}$", iss, re.MULTILINE)
    for lang in ("Spanish", "BrazilianPortuguese"):
        assert f"compiler:Languages\\{lang}.isl" in iss


def _spec_strings(name: str) -> set[str]:
    """The strings in the spec's assignment to `name` (a list of module names)."""
    tree = ast.parse((PACKAGING / "sellerdesk.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return {c.value for c in ast.walk(node.value)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    raise AssertionError(f"{name} not found in sellerdesk.spec")


def _spec_qt_excludes() -> set[str]:
    return {m for m in _spec_strings("QT_EXCLUDES") if m.startswith("Qt")}


def test_spec_excludes_no_qt_module_the_app_uses() -> None:
    used = set()
    for path in (ROOT / "sellerdesk").rglob("*.py"):
        used |= set(re.findall(r"\bPySide6\.(Qt\w+)", path.read_text(encoding="utf-8")))
    excluded = _spec_qt_excludes()
    assert {"QtCore", "QtGui", "QtWidgets"} <= used
    assert not used & excluded, (
        f"sellerdesk imports {sorted(used & excluded)}, which packaging/sellerdesk.spec "
        "excludes: take them off QT_EXCLUDES")


def _spec_py_excludes() -> set[str]:
    return _spec_strings("PY_EXCLUDES")


def test_spec_excludes_no_module_the_app_imports() -> None:
    """A module the bundle leaves out (or one inside a package left out) that SellerDesk
    imports would be missing only in the bundle."""
    used: set[str] = set()
    for path in (ROOT / "sellerdesk").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                used |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                used.add(node.module)
                used |= {f"{node.module}.{alias.name}" for alias in node.names}
    excluded = _spec_py_excludes()
    assert {"numpy.testing", "pyqtgraph.console"} <= excluded
    clashes = sorted(name for name in used
                     if any(name == ex or name.startswith(ex + ".") for ex in excluded))
    assert not clashes, (f"sellerdesk imports {clashes}, which packaging/sellerdesk.spec "
                         "leaves out: take them off PY_EXCLUDES")


TS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>MainWindow</name>
    <message>
        <source>Inbox</source>
        <translation>Preguntas</translation>
    </message>
</context>
</TS>
"""


def test_staged_resources_have_compiled_translations(build: object, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """build.py compiles resources/translations/*.ts into the bundle's .qm files and leaves
    sources and the Linux desktop files out of it."""
    from PySide6.QtCore import QTranslator

    root = tmp_path / "root"
    (root / "resources" / "icons").mkdir(parents=True)
    (root / "resources" / "translations").mkdir()
    (root / "resources" / "linux").mkdir()
    shutil.copy(APP_SVG, root / "resources" / "icons" / APP_SVG.name)
    (root / "resources" / "translations" / "sellerdesk_es.ts").write_text(TS, encoding="utf-8")
    (root / "resources" / "linux" / "sellerdesk.desktop").write_text("", encoding="utf-8")
    monkeypatch.setattr(build, "ROOT", root)
    staged = build.stage_resources(tmp_path / "work")  # type: ignore[attr-defined]
    assert build.translation_languages() == ["es"]  # type: ignore[attr-defined]
    assert (staged / "icons" / APP_SVG.name).is_file()
    assert not (staged / "linux").exists()
    assert not list(staged.rglob("*.ts"))
    translator = QTranslator()
    assert translator.load(str(staged / "translations" / "sellerdesk_es.qm"))
    assert translator.translate("MainWindow", "Inbox") == "Preguntas"
