"""Help → About: version, the Qt and Python underneath, and the licences of what is bundled."""

from __future__ import annotations

import platform

import PySide6
from PySide6.QtCore import QSize, Qt, qVersion
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

import sellerdesk
from sellerdesk.ui.i18n import QT_TRANSLATE_NOOP
from sellerdesk.ui.icons import app_icon
from sellerdesk.ui.widgets.text import heading_label, plain_label

# Components shipped inside the bundles, with their licences.
BUNDLED_LICENCES: tuple[tuple[str, str], ...] = (
    ("Qt 6", "LGPL-3.0"),
    ("PySide6 / Shiboken6", "LGPL-3.0"),
    ("ICU", "Unicode-3.0"),
    ("qasync", "BSD-2-Clause"),
    ("httpx / httpcore", "BSD-3-Clause"),
    ("h11", "MIT"),
    ("anyio", "MIT"),
    ("idna", "BSD-3-Clause"),
    ("certifi", "MPL-2.0"),
    ("msgspec", "BSD-3-Clause"),
    ("Babel", "BSD-3-Clause"),
    ("keyring", "MIT"),
    ("SecretStorage (Linux)", "BSD-3-Clause"),
    ("jeepney (Linux)", "MIT"),
    ("cryptography (Linux)", "Apache-2.0 OR BSD-3-Clause"),
    ("platformdirs", "MIT"),
    ("FastAPI", "MIT"),
    ("Starlette", "BSD-3-Clause"),
    ("pydantic", "MIT"),
    ("uvicorn", "BSD-3-Clause"),
    ("click", "BSD-3-Clause"),
    ("opentelemetry-api", "Apache-2.0"),
    ("OpenSSL", "Apache-2.0"),
    ("SQLite", QT_TRANSLATE_NOOP("AboutDialog", "Public domain")),
    ("Python", "PSF-2.0"),
)


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About SellerDesk"))
        logo = QLabel(self)
        logo.setPixmap(app_icon().pixmap(QSize(72, 72), self.devicePixelRatioF()))
        logo.setAlignment(Qt.AlignmentFlag.AlignTop)

        title = heading_label("SellerDesk", self, scale=1.6)
        version = plain_label(self.tr("Version {version}").format(
            version=sellerdesk.__version__), self, selectable=True)
        blurb = plain_label(self.tr(
            "Answer buyers' questions, ship orders and keep your shop's categories and "
            "tracking codes in view — online or offline."), self, wrap=True)
        runtime = plain_label(self.tr("Qt {qt} · PySide {pyside} · Python {python}").format(
            qt=qVersion(), pyside=PySide6.__version__, python=platform.python_version()),
            self, muted=True, selectable=True)

        licences = QPlainTextEdit(self)
        licences.setReadOnly(True)
        licences.setPlainText(
            self.tr("SellerDesk is free software under the MIT licence.") + "\n\n"
            + self.tr("It includes:") + "\n"
            + "\n".join(f"  {name} — {self.tr(licence)}" for name, licence in BUNDLED_LICENCES))
        licences.setAccessibleName(self.tr("Licences of the bundled components"))
        licences.setMinimumHeight(150)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAccessibleName(self.tr("Close"))

        text = QVBoxLayout()
        text.setSpacing(6)
        for widget in (title, version, blurb, runtime):
            text.addWidget(widget)
        top = QHBoxLayout()
        top.setSpacing(16)
        top.addWidget(logo)
        top.addLayout(text, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 20, 20, 16)
        layout.setSpacing(14)
        layout.addLayout(top)
        layout.addWidget(licences)
        layout.addWidget(buttons)
        self.resize(480, 420)
