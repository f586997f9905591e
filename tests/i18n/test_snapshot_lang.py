"""`sellerdesk --demo --snapshot DIR --lang LANG` pictures every view in that language.

Each picture carries the view's title and the language in its PNG text chunks, so the test
reads what the window said without OCR.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from sellerdesk.ui.snapshot import SNAPSHOT_FILES
from tests.i18n.catalogue import LANGUAGES, read_ts, translation_file

# The view titles as lupdate sees them: (context, English).
TITLES = {"inbox": ("InboxPanel", "Inbox"), "orders": ("OrdersPanel", "Orders"),
          "categories": ("CategoriesPanel", "Categories"),
          "tracking": ("TrackingPanel", "Tracking codes"), "shop": ("ShopPanel", "Shop"),
          "outbox": ("OutboxPanel", "Outbox"), "dashboard": ("DashboardPanel", "Dashboard")}


# Spanish by default (the second language); every other language with --slow.
@pytest.mark.early  # long: started first (tests/conftest.py)
@pytest.mark.parametrize("lang", [pytest.param(lang, marks=() if lang == "es"
                                               else pytest.mark.slow) for lang in LANGUAGES])
def test_the_snapshot_command_pictures_each_view_in_the_language(
        lang: str, compiled_resources: Path, tmp_path: Path) -> None:
    out = tmp_path / "pictures"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               SELLERDESK_RESOURCES=str(compiled_resources))
    done = subprocess.run([sys.executable, "-m", "sellerdesk", "--demo", "--snapshot",
                           str(out), "--lang", lang], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    translated = read_ts(translation_file(lang))
    pictures = sorted(out.glob("*.png"))
    assert {p.name for p in pictures} >= set(SNAPSHOT_FILES.values())
    for picture in pictures:
        image = QImage(str(picture))
        assert not image.isNull(), picture
        assert image.text("Language").startswith(lang.split("_")[0]), picture.name
        view = picture.stem
        if view in TITLES:
            context, english = TITLES[view]
            expected = translated[(context, english, "")].forms[0]
            assert expected != english
            assert image.text("Title") == expected, f"{picture.name}: {image.text('Title')!r}"
