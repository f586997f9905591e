"""`print slips|picklist`: the day's paper as a PDF, from the local copy (no network)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from sellerdesk.commands.base import CommandError, run
from sellerdesk.commands.codes import DONE, NOT_FOUND
from sellerdesk.commands.output import say
from sellerdesk.services.printing import VIEWS, gather
from sellerdesk.services.session import Session


def _qt(args: argparse.Namespace) -> Any:
    """A QGuiApplication (offscreen when there is no display), speaking the seller's
    language: `--lang`, else the window's setting, else the system's."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QGuiApplication

    from sellerdesk.app import APP_NAME
    from sellerdesk.ui.settings import LANGUAGE, Settings
    from sellerdesk.ui.translations import install_translations

    app = QGuiApplication.instance() or QGuiApplication(["sellerdesk"])
    app.setOrganizationName(APP_NAME)
    app.setApplicationName(APP_NAME)
    store = (QSettings(str(args.data_dir / "settings.ini"), QSettings.Format.IniFormat)
             if args.data_dir else QSettings())
    settings = Settings(store)
    locale = install_translations(app, args.lang or settings.get(LANGUAGE) or None)
    return app, settings, locale


async def cmd_print(args: argparse.Namespace) -> int:
    async def body(s: Session) -> int:
        job = await gather(s.orders, s.catalogue, order_ids=args.order_ids,
                           view=VIEWS[args.view] if args.view else None)
        if job.missing:
            raise CommandError(f"No order {', '.join(job.missing)} in the local copy "
                               "(run `sellerdesk sync`?); nothing was written.", NOT_FOUND)
        if not job.slips:
            say("no orders to print; nothing was written")
            return DONE
        _app, settings, locale = _qt(args)
        from sellerdesk.ui.printing.job import options_from, save_pdf

        path = args.pdf.expanduser()
        try:
            pages = save_pdf(path, args.what, job, options_from(settings, locale))
        except OSError as exc:
            raise CommandError(f"Could not write {path}: {exc.strerror or exc}") from None
        say(f"wrote {pages} {'page' if pages == 1 else 'pages'} "
            f"({len(job.slips)} {'order' if len(job.slips) == 1 else 'orders'}) to {path}")
        return DONE
    return await run(args, body)


__all__ = ["cmd_print"]
