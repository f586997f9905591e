"""What every panel is given: the settings, the task runner, the options and the open shop."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from sellerdesk.services.bug_report import BugReports
from sellerdesk.ui.runner import TaskRunner
from sellerdesk.ui.settings import Settings

if TYPE_CHECKING:  # a type only: the session's modules load when a shop is opened
    from sellerdesk.services.session import Session


@dataclass(frozen=True)
class GuiOptions:
    """How the GUI was started (the command line's options)."""

    demo: bool = False
    snapshot_dir: Path | None = None
    profile: str | None = None
    data_dir: Path | None = None
    lang: str | None = None


@dataclass
class UiContext:
    """Shared by the main window and its panels. Panels never reach into the window."""

    settings: Settings
    runner: TaskRunner
    options: GuiOptions = field(default_factory=GuiOptions)
    # The open shop's services (inbox, orders, ...); None while no shop is open (the views
    # then show their empty states).
    services: Session | None = None
    # Where bugs go (the "Something went wrong" report); one for the whole run.
    bugs: BugReports = field(default_factory=BugReports)
