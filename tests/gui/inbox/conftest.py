"""Fixtures for the Inbox view: a panel over a live, synced session; thumbnails never leave
the machine (a generated picture stands in for the demo's image host)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from sellerdesk.ui.context import UiContext
from sellerdesk.ui.inbox.panel import InboxPanel
from sellerdesk.ui.widgets.thumbnail import ThumbnailCache
from tests.support.inbox_view import picture_bytes, show_panel


@pytest.fixture
def fetched() -> list[str]:
    return []


@pytest.fixture
def thumbs(tmp_path: Path, fetched: list[str]) -> ThumbnailCache:
    async def fetch(url: str) -> bytes:
        fetched.append(url)
        return picture_bytes()

    return ThumbnailCache(tmp_path / "thumbs", fetch=fetch)


@pytest.fixture
def panel(live_ctx: UiContext, qtbot: QtBot, thumbs: ThumbnailCache) -> Iterator[InboxPanel]:
    """The Inbox over the live session, loaded, with its first thread open."""
    shown = show_panel(live_ctx, qtbot, thumbs)
    qtbot.waitUntil(lambda: shown.thread_view.model.rowCount() > 0, timeout=20_000)
    yield shown


@pytest.fixture
def shots_dir(tmp_path: Path) -> Path:
    """Where pictures go: $SELLERDESK_SHOTS when set (to look at them), else the test's tmp."""
    target = Path(os.environ.get("SELLERDESK_SHOTS") or tmp_path / "shots")
    target.mkdir(parents=True, exist_ok=True)
    return target
