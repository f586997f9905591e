#!/usr/bin/env python3
"""Build the SellerDesk bundle for the machine this runs on, with PyInstaller.

    .venv/bin/python packaging/build.py            (Linux, macOS)
    .venv\\Scripts\\python packaging\\build.py       (Windows)

Writes to dist/:
  Linux    SellerDesk/ (one folder)    SellerDesk-<version>-linux-<arch>.tar.gz
  macOS    SellerDesk.app              SellerDesk-<version>-macos-<arch>.dmg
  Windows  SellerDesk/ (one folder)    SellerDesk-<version>-windows-<arch>-setup.exe (Inno Setup)
and prints the sizes and the build time. See packaging/README.md.

Standard library plus PyInstaller (and PySide6, already in the environment, to draw the icons).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _load_sibling(name: str) -> ModuleType:
    """packaging/<name>.py by path: `packaging` is not importable (it is a PyPI name)."""
    spec = importlib.util.spec_from_file_location(f"sellerdesk_packaging_{name}",
                                                  HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


icons = _load_sibling("icons")

APP = "SellerDesk"
APP_ID = "sellerdesk"  # desktop file and icon name; QGuiApplication.desktopFileName()
WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"
LINUX = sys.platform.startswith("linux")
DEFAULT_MIN_MACOS = "13.0"  # PySide6 6.11's wheels are built for macOS 13 and later (6.12: 14)


def say(text: str) -> None:
    print(f"[build] {text}", flush=True)


def fail(text: str) -> SystemExit:
    return SystemExit(f"[build] error: {text}")


# --- facts --------------------------------------------------------------------------------

def app_version() -> str:
    """The version: the installed package metadata (`sellerdesk.__version__` says the same:
    tests/unit/test_version.py).

    pyproject.toml is where it is written; an environment installed from an older
    pyproject would ship the old number, so a mismatch stops the build."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared_version = declared["project"]["version"]
    try:
        installed = importlib.metadata.version("sellerdesk")
    except importlib.metadata.PackageNotFoundError:
        raise fail("sellerdesk is not installed in this environment: "
                   "pip install -c constraints.txt -e .[dev]") from None
    if installed != declared_version:
        raise fail(f"installed metadata says {installed}, pyproject.toml says "
                   f"{declared_version}: run `pip install -c constraints.txt -e .[dev]` again")
    return installed


def arch() -> str:
    machine = platform.machine().lower()
    if machine in ("amd64", "x86_64", "x64"):
        return "x64" if WINDOWS else "x86_64"
    if machine in ("arm64", "aarch64"):
        return "arm64" if (WINDOWS or MACOS) else "aarch64"
    return machine


def min_macos() -> str:
    """The lowest macOS the bundled Qt runs on, from the PySide6 wheel's platform tag."""
    try:
        wheel = importlib.metadata.distribution("PySide6-Essentials").read_text("WHEEL") or ""
    except importlib.metadata.PackageNotFoundError:
        return DEFAULT_MIN_MACOS
    found = [(int(a), int(b)) for a, b in re.findall(r"macosx_(\d+)_(\d+)", wheel)]
    if not found:
        return DEFAULT_MIN_MACOS
    major, minor = max(found)
    return f"{major}.{minor}"


def tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


# --- inputs of the spec -------------------------------------------------------------------

def stage_resources(work: Path) -> Path:
    """resources/ as the bundle wants it: compiled translations, no sources, no desktop files."""
    src = ROOT / "resources"
    out = work / "resources"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(src, out, ignore=shutil.ignore_patterns("*.ts", "linux", "__pycache__",
                                                            ".*"))
    sources = sorted((src / "translations").glob("*.ts"))
    if sources:
        (out / "translations").mkdir(exist_ok=True)
        for ts in sources:
            qm = out / "translations" / (ts.stem + ".qm")
            lrelease(ts, qm)
        say(f"compiled {len(sources)} translation(s): "
            + ", ".join(ts.stem for ts in sources))
    else:
        say("no translation sources in resources/translations (English only)")
    return out


def translation_languages() -> list[str]:
    """The languages of SellerDesk's translations (sellerdesk_pt_BR.ts -> "pt")."""
    return sorted({ts.stem.split("_")[1] for ts in (ROOT / "resources" / "translations")
                   .glob("*_*.ts")})


def lrelease(ts: Path, qm: Path) -> None:
    """Compile one .ts with the lrelease shipped in PySide6."""
    code = ("import sys; from PySide6.scripts.pyside_tool import lrelease; "
            "sys.argv[0] = 'lrelease'; sys.exit(lrelease())")
    res = subprocess.run([sys.executable, "-c", code, "-silent", str(ts), "-qm", str(qm)],
                         capture_output=True, text=True)
    if res.returncode != 0 or not qm.exists():
        raise fail(f"lrelease failed on {ts.name}:\n{res.stdout}{res.stderr}")


def make_icons(work: Path) -> dict[int, Path]:
    svg = ROOT / "resources" / "icons" / f"{APP_ID}.svg"
    if not svg.exists():
        raise fail(f"the application icon {svg} is missing")
    out = work / "icons"
    res = subprocess.run([sys.executable, str(HERE / "icons.py"), str(svg), str(out)],
                         env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise fail(f"could not draw the icons:\n{res.stdout}{res.stderr}")
    return {size: out / icons.png_name(size) for size in icons.PNG_SIZES}


def fill_info_plist(work: Path, version: str) -> Path:
    text = (HERE / "macos" / "Info.plist").read_text(encoding="utf-8")
    for key, value in {"VERSION": version, "BUNDLE_VERSION": version,
                       "MIN_MACOS": min_macos()}.items():
        text = text.replace(f"@{key}@", value)
    leftover = re.findall(r"@[A-Z_]+@", text)
    if leftover:
        raise fail(f"Info.plist has unfilled placeholders: {leftover}")
    out = work / "Info.plist"
    out.write_text(text, encoding="utf-8")
    return out


def windows_version_file(work: Path, version: str) -> Path:
    """The version resource of the .exe files (Properties → Details)."""
    nums = ([int(n) for n in re.findall(r"\d+", version)] + [0, 0, 0, 0])[:4]
    tup = tuple(nums)
    text = f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={tup}, prodvers={tup}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      StringStruct('CompanyName', 'SellerDesk'),
      StringStruct('FileDescription', 'SellerDesk'),
      StringStruct('FileVersion', '{version}'),
      StringStruct('InternalName', 'SellerDesk'),
      StringStruct('LegalCopyright', 'MIT licence'),
      StringStruct('OriginalFilename', 'SellerDesk.exe'),
      StringStruct('ProductName', 'SellerDesk'),
      StringStruct('ProductVersion', '{version}')])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
    out = work / "version_info.txt"
    out.write_text(text, encoding="utf-8")
    return out


def find_iscc() -> Path | None:
    """Inno Setup 6's compiler: on PATH, or where its installer (or winget) puts it."""
    found = shutil.which("ISCC") or shutil.which("iscc")
    if found:
        return Path(found)
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES"),
                 os.path.join(os.environ.get("LOCALAPPDATA", ""), "Programs")):
        if base:
            candidate = Path(base) / "Inno Setup 6" / "ISCC.exe"
            if candidate.exists():
                return candidate
    return None


# --- after PyInstaller --------------------------------------------------------------------

def finish_linux(folder: Path, pngs: dict[int, Path], dist: Path, version: str,
                 archive: bool, level: int = 6) -> Path | None:
    """Desktop entry, icons and the menu installer inside the folder; then the tarball."""
    share = folder / "share"
    apps = share / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "resources" / "linux" / f"{APP_ID}.desktop", apps / f"{APP_ID}.desktop")
    hicolor = share / "icons" / "hicolor"
    for size, png in pngs.items():
        if size > 512:
            continue
        target = hicolor / f"{size}x{size}" / "apps"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(png, target / f"{APP_ID}.png")
    scalable = hicolor / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "resources" / "icons" / f"{APP_ID}.svg", scalable / f"{APP_ID}.svg")
    shutil.copy2(pngs[256], folder / f"{APP_ID}.png")  # for file managers and AppImage tools
    install = folder / "install.sh"
    shutil.copy2(HERE / "linux" / "install.sh", install)
    install.chmod(0o755)
    if not archive:
        return None
    tarball = dist / f"{APP}-{version}-linux-{arch()}.tar.gz"
    say(f"packing {tarball.name}")

    def owner_free(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    with tarfile.open(tarball, "w:gz", compresslevel=level) as tar:
        tar.add(folder, arcname=APP, filter=owner_free)
    return tarball


def finish_macos(app: Path, dist: Path, version: str, archive: bool) -> Path | None:
    if not archive:
        return None
    dmg = dist / f"{APP}-{version}-macos-{arch()}.dmg"
    dmg.unlink(missing_ok=True)
    say(f"packing {dmg.name}")
    subprocess.run(["hdiutil", "create", "-volname", APP, "-srcfolder", str(app), "-ov",
                    "-format", "UDZO", str(dmg)], check=True, stdout=subprocess.DEVNULL)
    return dmg


def finish_windows(folder: Path, dist: Path, version: str, ico: Path,
                   iscc: Path | None) -> Path | None:
    if iscc is None:
        return None
    say(f"making the installer with {iscc}")
    subprocess.run([str(iscc), "/Q", f"/DAppVersion={version}", f"/DSourceDir={folder}",
                    f"/DOutputDir={dist}", f"/DIconFile={ico}", f"/DArch={arch()}",
                    str(HERE / "windows" / "sellerdesk.iss")], check=True)
    return dist / f"{APP}-{version}-windows-{arch()}-setup.exe"


# --- main ---------------------------------------------------------------------------------

def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Build the SellerDesk bundle for this machine.")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                   help="PyInstaller's work folder, kept between builds (build/pyinstaller/)")
    p.add_argument("--clean", action="store_true",
                   help="start from an empty work folder and PyInstaller cache")
    p.add_argument("--no-archive", action="store_true",
                   help="only the folder/.app: no tarball, .dmg or installer")
    p.add_argument("--archive-level", type=int, choices=range(1, 10), default=6, metavar="1-9",
                   help="Linux: the tarball's gzip level (6; 1 packs the same files with "
                        "less than half the CPU, ~9%% bigger: the bundle test uses it)")
    p.add_argument("--log-level", default="WARN",
                   help="PyInstaller's log level (INFO shows each phase with its time in ms)")
    p.add_argument("--codesign-identity", metavar="NAME",
                   help="macOS: sign the .app with this Developer ID instead of ad hoc")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    if importlib.util.find_spec("PyInstaller") is None:
        raise fail(f"PyInstaller is not installed in {sys.prefix}: "
                   "pip install -c constraints.txt -e .[dev]")
    import PyInstaller

    version = app_version()
    dist, work = args.dist.resolve(), args.work.resolve()
    iscc = find_iscc() if WINDOWS and not args.no_archive else None
    if WINDOWS and not args.no_archive and iscc is None:
        raise fail("Inno Setup 6 is needed for the installer: `winget install "
                   "JRSoftware.InnoSetup` (or pass --no-archive for the folder alone)")
    say(f"SellerDesk {version} for {sys.platform}/{arch()} with PyInstaller "
        f"{PyInstaller.__version__}, Python {platform.python_version()}")

    if args.clean and work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    dist.mkdir(parents=True, exist_ok=True)
    pngs = make_icons(work)
    config: dict[str, object] = {
        "root": str(ROOT),
        "version": version,
        "resources": str(stage_resources(work)),
        "languages": translation_languages(),
    }
    if WINDOWS:
        ico = work / f"{APP_ID}.ico"
        icons.write_ico(pngs, ico)
        config["icon"] = str(ico)
        config["win_version_file"] = str(windows_version_file(work, version))
    elif MACOS:
        icns = work / f"{APP}.icns"
        icons.write_icns(pngs, icns)
        config["icon"] = str(icns)
        config["info_plist"] = str(fill_info_plist(work, version))
        if args.codesign_identity:
            config["codesign_identity"] = args.codesign_identity
    config_file = work / "sellerdesk-build.json"
    config_file.write_text(json.dumps(config, indent=2), encoding="utf-8")

    say("running PyInstaller (a few minutes)")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", args.log_level,
           "--distpath", str(dist), "--workpath", str(work), str(HERE / "sellerdesk.spec")]
    if args.clean:
        cmd.insert(3, "--clean")
    env = dict(os.environ, SELLERDESK_BUILD_CONFIG=str(config_file),
               QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    if subprocess.run(cmd, cwd=ROOT, env=env).returncode != 0:
        raise fail("PyInstaller failed (see above)")

    archive: Path | None = None
    if MACOS:
        bundle = dist / f"{APP}.app"
        archive = finish_macos(bundle, dist, version, not args.no_archive)
    else:
        bundle = dist / APP
        if LINUX:
            archive = finish_linux(bundle, pngs, dist, version, not args.no_archive,
                                   args.archive_level)
        elif WINDOWS:
            archive = finish_windows(bundle, dist, version, Path(str(config["icon"])), iscc)

    elapsed = time.monotonic() - started
    say(f"bundle   {bundle}  {mib(tree_size(bundle))}")
    if archive is not None:
        say(f"archive  {archive}  {mib(tree_size(archive))}")
    times = os.times()  # this process and PyInstaller's (Windows counts this one only)
    cpu = times.user + times.system + times.children_user + times.children_system
    say(f"built in {elapsed:.0f} s, {cpu:.0f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
