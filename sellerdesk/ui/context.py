"""What every panel is given: the settings, the task runner, the options and the open shop."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from sellerdesk.services.bug_report import BugReports
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings

if TYPE_CHECKING:  # a type only: the session's modules load when a shop is opened
    from sellerdesk.services.session import Session


class GuiOptions(msgspec.Struct, frozen=True):
    """How the GUI was started (the command line's options)."""

    demo: bool = False
    snapshot_dir: Path | None = None
    profile: str | None = None
    data_dir: Path | None = None
    lang: str | None = None


class UiContext(msgspec.Struct):
    """Shared by the main window and its panels. Panels never reach into the window."""

    settings: Settings
    runner: TaskRunner
    options: GuiOptions = msgspec.field(default_factory=GuiOptions)
    # The open shop's services (inbox, orders, ...); None while no shop is open (the views
    # then show their empty states).
    services: Session | None = None
    # Where bugs go (the "Something went wrong" report); one for the whole run.
    bugs: BugReports = msgspec.field(default_factory=BugReports)
